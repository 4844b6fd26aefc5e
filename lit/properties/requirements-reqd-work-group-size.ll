; reqd_work_group_size_uint64_t is the reqd_work_group_size of the first
; function of the image that has one, as u64 values, when every function that
; has one agrees (@k and its helper @same, i32 and i64 alike). When two
; functions of an image disagree (@k2 calls @other), the key is left out, as
; upstream's computeDeviceRequirements does (intel/llvm #13523); with
; -split=none it is always left out.
; RUN: sycl-post-link -properties -split=kernel -S < %s -o %t.table
; Per-kernel images come in descending name order: k2, then k.
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=DIFFER
; RUN: FileCheck %s --input-file=%t_1.prop --check-prefix=SAME --match-full-lines
; RUN: sycl-post-link -properties -split=none -S < %s -o %t.nosplit.table
; RUN: FileCheck %s --input-file=%t.nosplit_0.prop --check-prefix=DIFFER
; u64 [16, 8, 4]
; SAME: [SYCL/device requirements]
; SAME-NEXT: aspects=2|AAAAAAAAAAA
; SAME-NEXT: reqd_work_group_size_uint64_t=2|ADAAAAAAAAAEAAAAAAAAAgAAAAAAAAAAEAAAAAAAAAA
; DIFFER: [SYCL/device requirements]
; DIFFER-NOT: reqd_work_group_size

target triple = "spir64-unknown-unknown"

define spir_func void @same() !reqd_work_group_size !0 {
  ret void
}

define spir_kernel void @k() #0 !reqd_work_group_size !2 {
  call spir_func void @same()
  ret void
}

define spir_func void @other() !reqd_work_group_size !1 {
  ret void
}

define spir_kernel void @k2() #0 !reqd_work_group_size !0 {
  call spir_func void @other()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{i64 16, i64 8, i64 4}
!1 = !{i32 32}
!2 = !{i32 16, i32 8, i32 4}
