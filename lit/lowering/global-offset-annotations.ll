; RUN: sycl-opt -passes=globaloffset %s -S -o - | FileCheck %s

; Kernels are found through annotation nodes of any odd length with a
; `!"kernel", i32 1` pair anywhere; a `!"kernel", i32 0` pair does not make
; a kernel. Annotations are read as written (LLVM 22's parser would turn
; them into the ptx_kernel calling convention). Only a plain "kernel"
; annotation is added for the clone; the others stay with the original.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare ptr @llvm.nvvm.implicit.offset()

define i32 @read_x() {
  %p = tail call ptr @llvm.nvvm.implicit.offset()
  %x = load i32, ptr %p, align 4
  ret i32 %x
}

define void @annotated() {
entry:
  %x = call i32 @read_x()
  ret void
}
; CHECK: define void @annotated() {
; CHECK: define void @annotated_with_offset(ptr byval([3 x i32]) %0) {

define void @not_a_kernel() {
entry:
  %x = call i32 @read_x()
  ret void
}
; CHECK: define void @not_a_kernel_with_offset(ptr %0) {

!nvvm.annotations = !{!0, !1, !1, !0, !2}
!0 = distinct !{ptr @annotated, !"maxntidx", i32 64, !"kernel", i32 1, !"maxntidy", i32 2}
!1 = !{ptr @annotated, !"maxnreg", i32 32}
!2 = !{ptr @not_a_kernel, !"kernel", i32 0}

; CHECK:      !nvvm.annotations = !{![[OLD0:[0-9]+]], ![[OLD1:[0-9]+]], ![[OLD1]], ![[OLD0]], ![[NOT:[0-9]+]], ![[NEW:[0-9]+]]}
; CHECK-DAG:  ![[OLD0]] = distinct !{ptr @annotated, !"maxntidx", i32 64, !"kernel", i32 1, !"maxntidy", i32 2}
; CHECK-DAG:  ![[OLD1]] = !{ptr @annotated, !"maxnreg", i32 32}
; CHECK-DAG:  ![[NOT]] = !{ptr @not_a_kernel, !"kernel", i32 0}
; CHECK-DAG:  ![[NEW]] = !{ptr @annotated_with_offset, !"kernel", i32 1}
