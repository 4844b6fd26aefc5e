; Under -split=kernel every virtual function (indirectly-callable,
; SYCL_EXTERNAL) is an entry point with an image of its own, whatever its
; set, in descending name order with the kernels.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=kernel -symbols -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t/out_0.ll --check-prefix=IR0 --implicit-check-not=define --implicit-check-not=declare
; RUN: FileCheck %s --input-file=%t/out_1.ll --check-prefix=IR1 --implicit-check-not=define --implicit-check-not=declare
; RUN: FileCheck %s --input-file=%t/out_2.ll --check-prefix=IR2 --implicit-check-not=define --implicit-check-not=declare
; RUN: FileCheck %s --input-file=%t/out_3.ll --check-prefix=IR3 --implicit-check-not=define --implicit-check-not=declare
; RUN: sycl-module-split -split=kernel -S < %s -o %t/ms
; RUN: FileCheck %s --input-file=%t/ms_0.ll --check-prefix=IR0 --implicit-check-not=define --implicit-check-not=declare
; RUN: FileCheck %s --input-file=%t/ms_3.ll --check-prefix=IR3 --implicit-check-not=define --implicit-check-not=declare

; TABLE: [Code|Symbols]
; TABLE-COUNT-4: .sym
; TABLE-EMPTY:

target triple = "spir64-unknown-unknown"

; IR1: define spir_func void @foo()
define spir_func void @foo() #0 {
  ret void
}

; IR3: define spir_func void @bar()
define spir_func void @bar() #1 {
  ret void
}

; IR2: define spir_func void @baz()
define spir_func void @baz() #1 {
  ret void
}

; IR0: define weak_odr spir_kernel void @kernel()
define weak_odr spir_kernel void @kernel() #2 {
  ret void
}

attributes #0 = { "indirectly-callable"="set-1" "sycl-module-id"="v.cpp" }
attributes #1 = { "indirectly-callable"="set-2" "sycl-module-id"="v.cpp" }
attributes #2 = { "sycl-module-id"="v.cpp" }
