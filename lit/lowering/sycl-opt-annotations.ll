; RUN: sycl-opt %s -S | FileCheck %s
; RUN: opt %s -S | FileCheck %s --check-prefix=LLVM

; sycl-opt reads !nvvm.annotations as written, so that upstream's tests of
; either spelling reach the passes unchanged; LLVM 22's own parser turns
; "kernel" annotations into the ptx_kernel calling convention and drops the
; entries. The named metadata keeps its place (and the nodes their numbers).

target triple = "nvptx64-nvidia-cuda"

define void @k() {
  ret void
}

!nvvm.annotations = !{!0, !1}
!nvvmir.version = !{!2}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{null, !"align", i32 8}
!2 = !{i32 1, i32 4}

; CHECK:      define void @k() {
; CHECK:      !nvvm.annotations = !{!0, !1}
; CHECK-NEXT: !nvvmir.version = !{!2}
; CHECK:      !0 = !{ptr @k, !"kernel", i32 1}

; LLVM: define ptx_kernel void @k() {
; LLVM: !nvvm.annotations = !{}
