; A referenced-indirectly function that is only called directly (the module
; has no indirect call) is an ordinary dependency: -split=auto still splits
; per source, and the function goes only into its caller's image, where it
; keeps its linkage (referenced-indirectly functions are never internalized).
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=auto -symbols -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t/out_0.ll --check-prefix=B --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/out_1.ll --check-prefix=A --implicit-check-not=define
; RUN: sycl-module-split -split=auto -S < %s -o %t/ms
; RUN: FileCheck %s --input-file=%t/ms_0.ll --check-prefix=B --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/ms_1.ll --check-prefix=A --implicit-check-not=define

; TABLE: [Code|Symbols]
; TABLE-NEXT: out_0.ll|{{.*}}out_0.sym
; TABLE-NEXT: out_1.ll|{{.*}}out_1.sym
; TABLE-EMPTY:

target triple = "spir64-unknown-unknown"

; A: define spir_func i32 @by_pointer(i32 %x) #[[#RI:]]
define spir_func i32 @by_pointer(i32 %x) #2 {
  ret i32 %x
}

; A: define spir_kernel void @kA()
define spir_kernel void @kA() #0 {
  %r = call spir_func i32 @by_pointer(i32 1)
  ret void
}

; B: define spir_kernel void @kB()
define spir_kernel void @kB() #1 {
  ret void
}

; A: attributes #[[#RI]] = { "referenced-indirectly" }

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
attributes #2 = { "referenced-indirectly" }
