; RUN: sycl-opt -passes=globaloffset %s -S -o - | FileCheck %s --implicit-check-not=llvm.nvvm.implicit.offset

; Where an original uses the offset pointer for more than loads (here it is
; passed to another function), it cannot be folded to zeros load by load:
; it becomes a pointer to three zeros on the stack. The clone passes the
; offset parameter instead.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare ptr @llvm.nvvm.implicit.offset()
declare i32 @consume(ptr)

define i32 @escapes() {
entry:
  %p = tail call ptr @llvm.nvvm.implicit.offset()
  %r = call i32 @consume(ptr %p)
  ret i32 %r
}
; CHECK-LABEL: define i32 @escapes() {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %0 = alloca [3 x i32], align 4
; CHECK-NEXT:    call void @llvm.memset.p0.i64(ptr align 4 %0, i8 0, i64 12, i1 false)
; CHECK-NEXT:    %r = call i32 @consume(ptr %0)
; CHECK-NEXT:    ret i32 %r
; CHECK-LABEL: define i32 @escapes_with_offset(ptr %0) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %r = call i32 @consume(ptr %0)
