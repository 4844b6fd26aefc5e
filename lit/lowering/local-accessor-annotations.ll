; RUN: sycl-opt -passes=localaccessortosharedmemory %s -S -o - | FileCheck %s

; Kernels named by annotations of any shape are found; every annotation
; entry naming the kernel ends up as a distinct node naming the new
; function (as upstream's do), repeated entries stay one node.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr addrspace(3) %a) {
entry:
  ret void
}
; CHECK: define void @k(i32 %0) {

!nvvm.annotations = !{!0, !1, !2, !2, !3}
!0 = !{ptr @k, !"maxntidx", i32 128, !"kernel", i32 1}
!1 = !{ptr @k, !"align", i32 8, !"align", i32 65544}
!2 = distinct !{ptr @k, !"maxnreg", i32 64}
!3 = !{null, !"align", i32 16}

; CHECK:      !nvvm.annotations = !{!0, !1, !2, !2, !3}
; CHECK:      !0 = distinct !{ptr @k, !"maxntidx", i32 128, !"kernel", i32 1}
; CHECK-NEXT: !1 = distinct !{ptr @k, !"align", i32 8, !"align", i32 65544}
; CHECK-NEXT: !2 = distinct !{ptr @k, !"maxnreg", i32 64}
; CHECK-NEXT: !3 = !{null, !"align", i32 16}
