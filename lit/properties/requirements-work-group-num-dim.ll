; work_group_num_dim is taken from functions met while no
; reqd_work_group_size has been seen; a function's own work_group_num_dim
; is read before its reqd_work_group_size, later ones are ignored.
; RUN: sycl-post-link -split=none -properties -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines
; CHECK: [SYCL/device requirements]
; CHECK-NEXT: aspects=2|AAAAAAAAAAA
; CHECK-NEXT: work_group_num_dim=1|2
; CHECK-NEXT: [SYCL/misc properties]

target triple = "spir64-unknown-unknown"

define spir_func void @a() !work_group_num_dim !1 {
  ret void
}

; Overrides @a (no reqd_work_group_size seen yet), and brings the first
; reqd_work_group_size.
define spir_func void @b() !work_group_num_dim !2 !reqd_work_group_size !4 {
  ret void
}

; Too late: reqd_work_group_size was seen.
define spir_kernel void @k() #0 !work_group_num_dim !3 {
  call spir_func void @a()
  call spir_func void @b()
  ret void
}

attributes #0 = { "sycl-optlevel"="2" }

!1 = !{i32 1}
!2 = !{i32 2}
!3 = !{i32 3}
!4 = !{i32 8, i32 8}
