; reqd_work_group_size_uint64_t comes from the first function of the image
; that has reqd_work_group_size (a later, different one does not cancel it),
; as u64 values; it is dropped with -split=none (not by default: the
; default is -split=auto).
; RUN: sycl-post-link -properties -split=source -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=SPLIT --match-full-lines
; RUN: sycl-post-link -properties -split=none -S < %s -o %t.nosplit.table
; RUN: sycl-post-link -properties -S < %s -o %t.default.table
; RUN: FileCheck %s --input-file=%t.default_0.prop --check-prefix=SPLIT --match-full-lines
; RUN: FileCheck %s --input-file=%t.nosplit_0.prop --check-prefix=NOSPLIT
; u64 [16, 8, 4]
; SPLIT: [SYCL/device requirements]
; SPLIT-NEXT: aspects=2|AAAAAAAAAAA
; SPLIT-NEXT: reqd_work_group_size_uint64_t=2|ADAAAAAAAAAEAAAAAAAAAgAAAAAAAAAAEAAAAAAAAAA
; NOSPLIT: [SYCL/device requirements]
; NOSPLIT-NOT: reqd_work_group_size

target triple = "spir64-unknown-unknown"

define spir_func void @first() !reqd_work_group_size !0 {
  ret void
}

define spir_kernel void @k() #0 !reqd_work_group_size !1 {
  call spir_func void @first()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{i64 16, i64 8, i64 4}
!1 = !{i32 32}
