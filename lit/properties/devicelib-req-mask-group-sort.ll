; Group-sort fallback functions are not in the library table; any
; __devicelib_default_work_group_* / __devicelib_default_sub_group_*
; declaration requires the gsort library, bit 0x400.
; RUN: sycl-post-link -properties -emit-devicelib-req-mask -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop
; CHECK: DeviceLibReqMask=1|1024

target triple = "spir64-unknown-unknown"

declare spir_func void @__devicelib_default_work_group_joint_sort_ascending_p1i32_u32_p1i8(ptr addrspace(1), i32, ptr addrspace(1))

define spir_kernel void @k(ptr addrspace(1) %p) {
  call spir_func void @__devicelib_default_work_group_joint_sort_ascending_p1i32_u32_p1i8(ptr addrspace(1) %p, i32 4, ptr addrspace(1) %p)
  ret void
}
