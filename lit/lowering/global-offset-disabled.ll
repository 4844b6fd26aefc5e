; RUN: sycl-opt -passes=globaloffset -enable-global-offset=false %s -S -o - | FileCheck %s --implicit-check-not=_with_offset --implicit-check-not=llvm.nvvm.implicit.offset --implicit-check-not=__spirv_BuiltInGlobalOffset
; RUN: sycl-opt -globaloffset -enable-global-offset=false -mtriple=amdgcn-amd-amdhsa %s -S -o - | FileCheck %s --check-prefix=OTHER-TARGET

; With -enable-global-offset=false no clone is made: offset reads are only
; replaced by zeros and the intrinsic goes. (With an AMDGCN triple the NVPTX
; intrinsic is not the offset and stays.)

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare ptr @llvm.nvvm.implicit.offset()
declare i64 @_Z27__spirv_BuiltInGlobalOffseti(i32)

define ptx_kernel void @k(ptr addrspace(1) %out) {
entry:
  %p = tail call ptr @llvm.nvvm.implicit.offset()
  %g = getelementptr inbounds i32, ptr %p, i64 1
  %v = load i32, ptr %g, align 4
  %w = zext i32 %v to i64
  %b = call i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 2)
  %s = add i64 %w, %b
  store i64 %s, ptr addrspace(1) %out
  ret void
}
; CHECK-LABEL: define ptx_kernel void @k(ptr addrspace(1) %out) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %w = zext i32 0 to i64
; CHECK-NEXT:    %s = add i64 %w, 0
; CHECK-NEXT:    store i64 %s, ptr addrspace(1) %out

; OTHER-TARGET: %p = tail call ptr @llvm.nvvm.implicit.offset()
; OTHER-TARGET: %s = add i64 %w, 0
