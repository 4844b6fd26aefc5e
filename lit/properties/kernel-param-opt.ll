; -emit-param-info: one [SYCL/kernel param opt] entry per function with
; sycl_kernel_omit_args, a bit per original parameter (bit i = parameter i
; was removed), parameter 0 in the least significant bit; an empty list
; gives no entry.
; RUN: sycl-post-link -properties -emit-param-info -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines
; CHECK: [SYCL/kernel param opt]
; 1 parameter, removed
; CHECK-NEXT: k1=2|BAAAAAAAAAQA
; 9 parameters, 1, 2 and 8 removed: bytes 0x06 0x01
; CHECK-NEXT: k2=2|JAAAAAAAAAgBBA
; CHECK-NOT: k3

target triple = "spir64-unknown-unknown"

define spir_kernel void @k1() !sycl_kernel_omit_args !1 {
  ret void
}

define spir_kernel void @k2(i8 %a, i8 %b) !sycl_kernel_omit_args !2 {
  ret void
}

define spir_kernel void @k3() !sycl_kernel_omit_args !3 {
  ret void
}

!1 = !{i1 true}
!2 = !{i1 false, i1 true, i1 true, i1 false, i1 false, i1 false, i1 false, i1 false, i1 true}
!3 = !{}
