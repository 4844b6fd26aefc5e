; RUN: sycl-opt -passes=globaloffset %s -S -o - | FileCheck %s --implicit-check-not=__spirv_BuiltInGlobalOffset

; `__spirv_BuiltInGlobalOffset(dim)` reads the offset too. In clones it
; becomes a load of element `dim` of the offset, widened to the call's
; type; in originals it is 0. Kernels with the ptx_kernel calling convention
; are kernels without annotations, and their clones (which keep the calling
; convention) get none. A function that both reads the offset and calls a
; reader passes the offset on.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i64 @_Z27__spirv_BuiltInGlobalOffseti(i32)
declare void @sink(i64)

define i64 @dim_offset(i32 %d) {
  %o = call i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 %d)
  ret i64 %o
}
; CHECK-LABEL: define i64 @dim_offset(i32 %d) {
; CHECK-NEXT:    ret i64 0
; CHECK-LABEL: define i64 @dim_offset_with_offset(i32 %0, ptr %1) {
; CHECK-NEXT:    %3 = getelementptr inbounds i32, ptr %1, i32 %0
; CHECK-NEXT:    %4 = load i32, ptr %3, align 4
; CHECK-NEXT:    %5 = zext i32 %4 to i64
; CHECK-NEXT:    ret i64 %5

define i64 @both(i32 %d) {
  %x = call i64 @dim_offset(i32 %d)
  %y = call i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 1)
  %s = add i64 %x, %y
  ret i64 %s
}
; CHECK-LABEL: define i64 @both(i32 %d) {
; CHECK-NEXT:    %x = call i64 @dim_offset(i32 %d)
; CHECK-NEXT:    %s = add i64 %x, 0
; CHECK-LABEL: define i64 @both_with_offset(i32 %0, ptr %1) {
; CHECK-NEXT:    %x = call i64 @dim_offset_with_offset(i32 %0, ptr %1)
; CHECK-NEXT:    %3 = getelementptr inbounds i32, ptr %1, i32 1
; CHECK-NEXT:    %4 = load i32, ptr %3, align 4
; CHECK-NEXT:    %5 = zext i32 %4 to i64
; CHECK-NEXT:    %s = add i64 %x, %5

define ptx_kernel void @direct() {
entry:
  %o = call i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 0)
  call void @sink(i64 %o)
  %b = call i64 @both(i32 2)
  call void @sink(i64 %b)
  ret void
}
; CHECK-LABEL: define ptx_kernel void @direct() {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @sink(i64 0)
; CHECK-NEXT:    %b = call i64 @both(i32 2)
; CHECK-LABEL: define ptx_kernel void @direct_with_offset(ptr byval([3 x i32]) %0) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %1 = getelementptr inbounds i32, ptr %0, i32 0
; CHECK-NEXT:    %2 = load i32, ptr %1, align 4
; CHECK-NEXT:    %3 = zext i32 %2 to i64
; CHECK-NEXT:    call void @sink(i64 %3)
; CHECK-NEXT:    %b = call i64 @both_with_offset(i32 2, ptr %0)
; CHECK-NEXT:    call void @sink(i64 %b)
; CHECK-NEXT:    ret void

; CHECK-NOT: !nvvm.annotations
