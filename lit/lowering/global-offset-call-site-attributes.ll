; RUN: sycl-opt -passes=globaloffset %s -S -o - | FileCheck %s

; Calls re-created in clones keep their call-site attributes (NVPTX lowers
; byval arguments from them), calling convention, tail-call kind and name;
; clones keep parameter attributes and linkage.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Pair = type { i64, i64 }

declare i64 @_Z27__spirv_BuiltInGlobalOffseti(i32)

define internal i64 @leaf(ptr byval(%struct.Pair) align 8 %p, i32 noundef %d) {
  %o = tail call i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 %d)
  ret i64 %o
}
; CHECK-LABEL: define internal i64 @leaf_with_offset(ptr byval(%struct.Pair) align 8 %0, i32 noundef %1, ptr %2) {

define internal i64 @caller(ptr byval(%struct.Pair) align 8 %p) {
  %r = tail call fastcc i64 @leaf(ptr byval(%struct.Pair) align 8 %p, i32 noundef 0)
  ret i64 %r
}
; CHECK-LABEL: define internal i64 @caller_with_offset(ptr byval(%struct.Pair) align 8 %0, ptr %1) {
; CHECK-NEXT:    %r = tail call fastcc i64 @leaf_with_offset(ptr byval(%struct.Pair) align 8 %0, i32 noundef 0, ptr %1)

define ptx_kernel void @k() {
entry:
  %pair = alloca %struct.Pair, align 8
  %r = call i64 @caller(ptr byval(%struct.Pair) align 8 %pair)
  ret void
}
; CHECK-LABEL: define ptx_kernel void @k_with_offset(ptr byval([3 x i32]) %0) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %pair = alloca %struct.Pair, align 8
; CHECK-NEXT:    %r = call i64 @caller_with_offset(ptr byval(%struct.Pair) align 8 %pair, ptr %0)
