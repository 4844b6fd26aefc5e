; joint_matrix and joint_matrix_mad take the first string of the last
; function whose string is non-empty; fixed_target is the sorted union of
; sycl_fixed_targets (an empty list adds nothing); keys are in sorted order.
; RUN: sycl-post-link -properties -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines
; CHECK: [SYCL/device requirements]
; CHECK-NEXT: aspects=2|AAAAAAAAAAA
; u32 [2, 5, 9]
; CHECK-NEXT: fixed_target=2|gBAAAAAAAAgAAAAAFAAAAkAAAAA
; "last"
; CHECK-NEXT: joint_matrix=2|gAAAAAAAAAAbhNHd
; "matrix_type::bf16,use::a,8,16"
; CHECK-NEXT: joint_matrix_mad=2|oDAAAAAAAAQbhRncph3X0lHclpjOiZWM2wSdzVmO6EGL4wSM2A
; CHECK-NOT: {{.+}}

target triple = "spir64-unknown-unknown"

define spir_func void @f1() !sycl_joint_matrix !1 !sycl_fixed_targets !5 {
  ret void
}

define spir_func void @f2() !sycl_joint_matrix !2 !sycl_joint_matrix_mad !3 !sycl_fixed_targets !6 {
  ret void
}

; An empty string does not replace the earlier one.
define spir_kernel void @k() !sycl_joint_matrix !4 !sycl_fixed_targets !7 {
  call spir_func void @f1()
  call spir_func void @f2()
  ret void
}

!1 = !{!"first"}
!2 = !{!"last"}
!3 = !{!"matrix_type::bf16,use::a,8,16"}
!4 = !{!""}
!5 = !{i32 9, i32 2}
!6 = !{i32 5, i32 2}
!7 = !{}
