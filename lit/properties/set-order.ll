; Property sets are written in the creation order of the newest upstream
; computeModuleProperties when an image triggers all of them at once: device
; requirements first; no [SYCL/assert used] (the image calls
; __devicelib_assert_fail) and no [SYCL/host pipes] (it uses a host pipe).
; The opt-in [SYCL/devicelib req mask] comes before everything else.
; RUN: sycl-post-link -properties -split=source -allow-device-image-dependencies \
; RUN:   -emit-param-info -emit-exported-symbols -emit-kernel-names \
; RUN:   -emit-imported-symbols -emit-program-metadata -device-globals -S < %s -o %t.table
; RUN: grep '^\[' %t_0.prop | FileCheck %s --match-full-lines
; RUN: sycl-post-link -properties -split=source -allow-device-image-dependencies \
; RUN:   -emit-param-info -emit-exported-symbols -emit-kernel-names -emit-devicelib-req-mask \
; RUN:   -emit-imported-symbols -emit-program-metadata -device-globals -S < %s -o %t.mask.table
; RUN: grep '^\[' %t.mask_0.prop | FileCheck %s --match-full-lines --check-prefixes=MASK,CHECK
; MASK: [SYCL/devicelib req mask]
; CHECK: [SYCL/device requirements]
; CHECK-NEXT: [SYCL/kernel param opt]
; CHECK-NEXT: [SYCL/exported symbols]
; CHECK-NEXT: [SYCL/kernel names]
; CHECK-NEXT: [SYCL/imported symbols]
; CHECK-NEXT: [SYCL/program metadata]
; CHECK-NEXT: [SYCL/misc properties]
; CHECK-NEXT: [SYCL/implicit local arg]
; CHECK-NEXT: [SYCL/work group dynamic local mem]
; CHECK-NEXT: [SYCL/device globals]
; CHECK-NEXT: [SYCL/virtual functions]
; CHECK-NEXT: [SYCL/registered kernels]
; CHECK-EMPTY:

target triple = "spir64-unknown-unknown"

@dg = addrspace(1) global i32 0 #2
@pipe = addrspace(1) global i32 0 #3

declare spir_func void @__devicelib_assert_fail(ptr addrspace(4), ptr addrspace(4), i32, ptr addrspace(4), i64, i64, i64, i64, i64, i64)
declare spir_func void @lib_fn()

define spir_func void @ext() #0 !reqd_work_group_size !0 {
  call spir_func void @lib_fn()
  ret void
}

define spir_kernel void @k(ptr addrspace(4) %p, ptr addrspace(3) "sycl-implicit-local-arg" %l) #1 !reqd_work_group_size !0 !sycl_kernel_omit_args !1 {
  call spir_func void @ext()
  call spir_func void @__devicelib_assert_fail(ptr addrspace(4) %p, ptr addrspace(4) %p, i32 1, ptr addrspace(4) %p, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0)
  %a = load i32, ptr addrspace(1) @dg
  %b = load i32, ptr addrspace(1) @pipe
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" "sycl-optlevel"="2" }
attributes #1 = { "sycl-module-id"="a.cpp" "sycl-optlevel"="2" "sycl-work-group-static" "sycl-work-group-scratch" "calls-indirectly"="set" }
attributes #2 = { "sycl-device-global-size"="4" "sycl-unique-id"="dg-id" }
attributes #3 = { "sycl-host-pipe-size"="4" "sycl-unique-id"="pipe-id" }

!sycl_registered_kernels = !{!2}
!0 = !{i32 8}
!1 = !{i1 false, i1 true}
!2 = !{!3}
!3 = !{!"registered", !"k"}
