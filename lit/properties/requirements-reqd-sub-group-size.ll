; reqd_sub_group_size is the intel_reqd_sub_group_size of the first entry
; point that has one; non-entry functions (an ESIMD callee with size 1)
; are not looked at.
; RUN: sycl-post-link -properties -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines
; CHECK: [SYCL/device requirements]
; CHECK-NEXT: aspects=2|AAAAAAAAAAA
; CHECK-NEXT: reqd_sub_group_size=1|32
; CHECK-NEXT: [SYCL/misc properties]

target triple = "spir64-unknown-unknown"

define spir_func void @callee() !intel_reqd_sub_group_size !1 {
  ret void
}

define spir_kernel void @k0() #0 {
  call spir_func void @callee()
  ret void
}

define spir_kernel void @k1() #0 !intel_reqd_sub_group_size !32 {
  ret void
}

define spir_kernel void @k2() #0 !intel_reqd_sub_group_size !16 {
  ret void
}

attributes #0 = { "sycl-optlevel"="3" }

!1 = !{i32 1}
!16 = !{i32 16}
!32 = !{i32 32}
