; !sycl_registered_kernels after the SYCL/ESIMD link-back: each part keeps
; the registrations of its own kernels, and the linked module's named
; metadata has two operands, the ESIMD part's first. The image's cleanup then
; keeps only the first operand, as upstream's cleanupSYCLRegisteredKernels
; does, so [SYCL/registered kernels] lists the ESIMD kernel only: the SYCL
; kernel's registration is lost, upstream too.
; RUN: sycl-post-link -properties -symbols -S %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=PROP
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=IR
; PROP: [SYCL/registered kernels]
; PROP-NEXT: esimd_k=2|YBAAAAAAAAwXadTZzlWbk91a2B
; PROP-NOT: sycl_k
; IR: !sycl_registered_kernels = !{![[#LIST:]]}
; IR: ![[#LIST]] = !{![[#PAIR:]]}
; IR: ![[#PAIR]] = !{!"esimd_k", !"_Z7esimd_kv"}

target triple = "spir64-unknown-unknown"

define spir_kernel void @_Z6sycl_kv() #0 {
  ret void
}

define spir_kernel void @_Z7esimd_kv() #0 !sycl_explicit_simd !0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!sycl_registered_kernels = !{!1}
!0 = !{}
!1 = !{!2, !3}
!2 = !{!"sycl_k", !"_Z6sycl_kv"}
!3 = !{!"esimd_k", !"_Z7esimd_kv"}
