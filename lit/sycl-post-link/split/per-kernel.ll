; -split=kernel: one image per kernel, in descending name order; a helper
; shared by two kernels is copied into both images.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=kernel -symbols -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t/out_0.ll --check-prefix=IR0 --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/out_1.ll --check-prefix=IR1 --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/out_2.ll --check-prefix=IR2 --implicit-check-not=define
; RUN: sycl-module-split -split=kernel -S < %s -o %t/ms
; RUN: FileCheck %s --input-file=%t/ms_0.ll --check-prefix=IR0 --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/ms_2.ll --check-prefix=IR2 --implicit-check-not=define

target triple = "spir64-unknown-unknown"

; TABLE: [Code|Symbols]
; TABLE-NEXT: {{.*}}out_0.ll|{{.*}}out_0.sym
; TABLE-NEXT: {{.*}}out_1.ll|{{.*}}out_1.sym
; TABLE-NEXT: {{.*}}out_2.ll|{{.*}}out_2.sym
; TABLE-EMPTY:

; IR1: define internal spir_func void @shared()
; IR2: define internal spir_func void @shared()
define spir_func void @shared() {
  ret void
}

; IR2: define spir_kernel void @kA()
define spir_kernel void @kA() #0 {
  call spir_func void @shared()
  ret void
}

; IR0: define spir_kernel void @kC()
define spir_kernel void @kC() #0 {
  ret void
}

; IR1: define spir_kernel void @kB()
define spir_kernel void @kB() #0 {
  call spir_func void @shared()
  ret void
}

attributes #0 = { "sycl-module-id"="one.cpp" }
