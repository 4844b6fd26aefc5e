; A target that is not in the device configuration table filters nothing,
; like an -o without a target: every image is listed, even those no known
; target would take (an aspect given as a plain integer, sub-group size 64,
; an aspect no target lists). Its property files still get compile_target.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=kernel -properties -symbols -S < %s \
; RUN:   -o %t/plain.table -o my_board,%t/board.table
; RUN: FileCheck %s --input-file=%t/plain.table --check-prefix=PLAIN -DT=%t
; RUN: FileCheck %s --input-file=%t/board.table --check-prefix=BOARD -DT=%t
; RUN: FileCheck %s --input-file=%t/plain_0.my_board.prop --check-prefix=BOARD-PROP
; RUN: FileCheck %s --input-file=%t/plain_0.prop --check-prefix=PLAIN-PROP
; The same input against a known target keeps none of these images: the
; table is empty, the IR and symbol files are written all the same.
; RUN: sycl-post-link -split=kernel -symbols -S < %s -o intel_gpu_pvc,%t/pvc.table
; RUN: FileCheck %s --input-file=%t/pvc.table --check-prefix=PVC
; RUN: ls %t/pvc_0.ll %t/pvc_0.sym %t/pvc_1.ll %t/pvc_1.sym %t/pvc_2.ll %t/pvc_2.sym

; PLAIN: [Code|Properties|Symbols]
; PLAIN-NEXT: [[T]]/plain_0.ll|[[T]]/plain_0.prop|[[T]]/plain_0.sym
; PLAIN-NEXT: [[T]]/plain_1.ll|[[T]]/plain_1.prop|[[T]]/plain_1.sym
; PLAIN-NEXT: [[T]]/plain_2.ll|[[T]]/plain_2.prop|[[T]]/plain_2.sym
; PLAIN-EMPTY:

; BOARD: [Code|Properties|Symbols]
; BOARD-NEXT: [[T]]/plain_0.ll|[[T]]/plain_0.my_board.prop|[[T]]/plain_0.sym
; BOARD-NEXT: [[T]]/plain_1.ll|[[T]]/plain_1.my_board.prop|[[T]]/plain_1.sym
; BOARD-NEXT: [[T]]/plain_2.ll|[[T]]/plain_2.my_board.prop|[[T]]/plain_2.sym
; BOARD-EMPTY:

; BOARD-PROP: [SYCL/device requirements]
; BOARD-PROP: compile_target=2|ABAAAAAAAAQb59lYvFmckB
; PLAIN-PROP: [SYCL/device requirements]
; PLAIN-PROP-NOT: compile_target

; PVC: [Code|Symbols]
; PVC-EMPTY:

target triple = "spir64-unknown-unknown"

define spir_kernel void @kSg64() #0 !intel_reqd_sub_group_size !0 {
  ret void
}

define spir_kernel void @kPlainAspect() #0 !sycl_used_aspects !1 {
  ret void
}

define spir_kernel void @kImage() #0 !sycl_used_aspects !2 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{i32 64}
!1 = !{i32 6}
!2 = !{!3}
!3 = !{!"image", i32 9}
