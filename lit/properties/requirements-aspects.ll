; "aspects" is the union of sycl_used_aspects over every function of the
; image (pairs {!"name", iN v} and plain integers alike), negative
; (internal) aspects dropped, sorted and deduplicated by value. It is written
; even when empty.
; RUN: sycl-post-link -properties -split=kernel -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=K2 --match-full-lines
; RUN: FileCheck %s --input-file=%t_1.prop --check-prefix=K1 --match-full-lines
; k2 uses no aspect.
; K2: [SYCL/device requirements]
; K2-NEXT: aspects=2|AAAAAAAAAAA
; K1: [SYCL/device requirements]
; u32 [1, 3, 7]
; K1-NEXT: aspects=2|gBAAAAAAAAQAAAAADAAAAcAAAAA

target triple = "spir64-unknown-unknown"

define spir_func void @helper() !sycl_used_aspects !1 {
  ret void
}

define spir_kernel void @k1() !sycl_used_aspects !0 {
  call spir_func void @helper()
  ret void
}

define spir_kernel void @k2() {
  ret void
}

!0 = !{!2, i32 3, i32 -1}
!1 = !{i32 1, !2, !3}
!2 = !{!"fp64", i32 7}
!3 = !{!"internal", i32 -5}
