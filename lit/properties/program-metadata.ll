; -emit-program-metadata: per function in module order, @reqd_work_group_size
; and @max_work_group_size as u32 arrays (64-bit values truncated),
; @reqd_sub_group_size, @work_group_num_dim and @max_linear_work_group_size
; as 32-bit integers; then @global_id_mapping per device global.
; RUN: sycl-post-link -split=none -properties -emit-program-metadata -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines
; CHECK: [SYCL/program metadata]
; u32 [1, 2, 4]
; CHECK-NEXT: k1@reqd_work_group_size=2|gBAAAAAAAAQAAAAACAAAAQAAAAA
; CHECK-NEXT: k1@reqd_sub_group_size=1|16
; CHECK-NEXT: k1@work_group_num_dim=1|3
; u32 [4, 2]
; CHECK-NEXT: k2@max_work_group_size=2|ABAAAAAAAAABAAAACAAAAA
; 0x100000005 truncated
; CHECK-NEXT: k2@max_linear_work_group_size=1|5
; "_ZL2dg"
; CHECK-NEXT: uid-dg@global_id_mapping=2|wAAAAAAAAAwXaxkMkdG
; CHECK-NOT: uid-other

target triple = "spir64-unknown-unknown"

@_ZL2dg = addrspace(1) global i32 0 #0
@not_a_device_global = addrspace(1) global i32 0 #1

define spir_kernel void @k1() !reqd_work_group_size !1 !intel_reqd_sub_group_size !2 !work_group_num_dim !3 {
  %v = load i32, ptr addrspace(1) @_ZL2dg
  ret void
}

define spir_kernel void @k2() !max_work_group_size !4 !max_linear_work_group_size !5 {
  %v = load i32, ptr addrspace(1) @not_a_device_global
  ret void
}

attributes #0 = { "sycl-device-global-size"="4" "sycl-unique-id"="uid-dg" }
attributes #1 = { "sycl-unique-id"="uid-other" }

!1 = !{i32 1, i32 2, i32 4}
!2 = !{i32 16}
!3 = !{i32 3}
!4 = !{i64 4, i64 2}
!5 = !{i64 4294967301}
