; RUN: sycl-opt -passes=globaloffset %s -S -o - | FileCheck %s --implicit-check-not=llvm.nvvm.implicit.offset

; In an original, the instructions that only computed the indices of the
; removed GEPs go too (calls excepted); unrelated instructions stay, dead or
; not. Two loads from the same offset read both become zeros.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare ptr @llvm.nvvm.implicit.offset()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define i64 @indexed(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  %unrelated = select i1 %c, i32 1, i32 2
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = tail call ptr @llvm.nvvm.implicit.offset()
  %idx = select i1 %c, i64 4, i64 0
  %idx2 = add i64 %idx, 0
  %g = getelementptr inbounds nuw i8, ptr %p, i64 %idx2
  %t64 = zext i32 %tid to i64
  %g2 = getelementptr inbounds i8, ptr %g, i64 %t64
  %a = load i32, ptr %g, align 4
  %b = load i32, ptr %p, align 4
  %d = load i32, ptr %g2, align 4
  %s = add i32 %a, %b
  %s2 = add i32 %s, %d
  %r = zext i32 %s2 to i64
  ret i64 %r
}
; CHECK-LABEL: define i64 @indexed(i32 %n) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %c = icmp eq i32 %n, 0
; CHECK-NEXT:    %unrelated = select i1 %c, i32 1, i32 2
; CHECK-NEXT:    %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT:    %s = add i32 0, 0
; CHECK-NEXT:    %s2 = add i32 %s, 0
; CHECK-NEXT:    %r = zext i32 %s2 to i64
; CHECK-NEXT:    ret i64 %r

; CHECK-LABEL: define i64 @indexed_with_offset(i32 %0, ptr %1) {
; CHECK:         %idx = select i1 %c, i64 4, i64 0
; CHECK-NEXT:    %idx2 = add i64 %idx, 0
; CHECK-NEXT:    %g = getelementptr inbounds nuw i8, ptr %1, i64 %idx2
; CHECK-NEXT:    %t64 = zext i32 %tid to i64
; CHECK-NEXT:    %g2 = getelementptr inbounds i8, ptr %g, i64 %t64
; CHECK-NEXT:    %a = load i32, ptr %g, align 4
; CHECK-NEXT:    %b = load i32, ptr %1, align 4
; CHECK-NEXT:    %d = load i32, ptr %g2, align 4
