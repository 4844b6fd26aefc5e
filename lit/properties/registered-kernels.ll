; [SYCL/registered kernels]: the {!"name", !"mangled name"} pairs of
; sycl_registered_kernels whose kernel is in the image, each valued with the
; mangled name; pairs of other shapes are skipped.
; RUN: sycl-post-link -properties -split=kernel -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_1.prop --check-prefix=A --match-full-lines
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=B --match-full-lines
; "_Z8kernel_av"
; A: [SYCL/registered kernels]
; A-NEXT: reg_a=2|gBAAAAAAAAwXahzalJnblx2XhZH
; A-NOT: {{.+}}
; B: [SYCL/registered kernels]
; B-NEXT: reg_b=2|{{.+}}
; B-NOT: {{.+}}

target triple = "spir64-unknown-unknown"

define spir_kernel void @_Z8kernel_av() {
  ret void
}

define spir_kernel void @_Z8kernel_bv() {
  ret void
}

!sycl_registered_kernels = !{!0}
!0 = !{!1, !2, !3}
!1 = !{!"reg_a", !"_Z8kernel_av"}
!2 = !{!"malformed"}
!3 = !{!"reg_b", !"_Z8kernel_bv"}
