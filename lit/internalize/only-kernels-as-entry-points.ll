; -emit-only-kernels-as-entry-points: SYCL_EXTERNAL functions are no entry
; points, so they get no image of their own and are internal in every
; image that uses them; kernels stay external.
; RUN: sycl-post-link -split=kernel -emit-only-kernels-as-entry-points -symbols -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t.table
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=K2
; RUN: FileCheck %s --input-file=%t_1.ll --check-prefix=K1
; CHECK: [Code|Symbols]
; CHECK-NEXT: {{.*}}_0.ll|{{.*}}_0.sym
; CHECK-NEXT: {{.*}}_1.ll|{{.*}}_1.sym
; CHECK-EMPTY:
; K1: define internal spir_func void @ext()
; K1: define spir_kernel void @k1()
; K2: define internal spir_func void @ext()
; K2: define spir_kernel void @k2()

target triple = "spir64-unknown-unknown"

define spir_func void @ext() #0 {
  ret void
}

define spir_kernel void @k1() #0 {
  call spir_func void @ext()
  ret void
}

define spir_kernel void @k2() #0 {
  call spir_func void @ext()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
