; RUN: sycl-opt -passes=globaloffset %s -S -o - | FileCheck %s --implicit-check-not=llvm.nvvm.implicit.offset

; Several reads in one function and several calls of one reader: each
; function gets a single clone, and every call in a clone goes to the
; callee's clone with the offset.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare ptr @llvm.nvvm.implicit.offset()

define i32 @sum_xy() {
  %p0 = tail call ptr @llvm.nvvm.implicit.offset()
  %x = load i32, ptr %p0, align 4
  %p1 = tail call ptr @llvm.nvvm.implicit.offset()
  %g = getelementptr inbounds i32, ptr %p1, i64 1
  %y = load i32, ptr %g, align 4
  %s = add i32 %x, %y
  ret i32 %s
}
; CHECK-LABEL: define i32 @sum_xy() {
; CHECK-NEXT:    %s = add i32 0, 0
; CHECK-NEXT:    ret i32 %s
; CHECK-LABEL: define i32 @sum_xy_with_offset(ptr %0) {
; CHECK-NEXT:    %x = load i32, ptr %0, align 4
; CHECK-NEXT:    %g = getelementptr inbounds i32, ptr %0, i64 1
; CHECK-NEXT:    %y = load i32, ptr %g, align 4
; CHECK-NEXT:    %s = add i32 %x, %y
; CHECK-NOT:   define i32 @sum_xy_with_offset

define ptx_kernel void @k() {
entry:
  %a = call i32 @sum_xy()
  %b = call i32 @sum_xy()
  ret void
}
; CHECK-LABEL: define ptx_kernel void @k() {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %a = call i32 @sum_xy()
; CHECK-NEXT:    %b = call i32 @sum_xy()
; CHECK-LABEL: define ptx_kernel void @k_with_offset(ptr byval([3 x i32]) %0) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %a = call i32 @sum_xy_with_offset(ptr %0)
; CHECK-NEXT:    %b = call i32 @sum_xy_with_offset(ptr %0)
; CHECK-NEXT:    ret void
; CHECK-NOT:   define {{.*}}_with_offset
