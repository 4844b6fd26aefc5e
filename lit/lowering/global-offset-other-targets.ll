; RUN: sycl-opt -passes=globaloffset %s -S -o - | FileCheck %s
; RUN: sycl-opt -passes=globaloffset -mtriple=x86_64-unknown-linux-gnu %s -S -o - | FileCheck %s

; The pass lowers NVPTX and AMDGCN modules only: a SPIR-V (or host) module
; is left as it is, even if it declares the NVPTX intrinsic.

target triple = "spir64-unknown-unknown"

declare ptr @llvm.nvvm.implicit.offset()
declare i64 @_Z27__spirv_BuiltInGlobalOffseti(i32)

define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  %p = call ptr @llvm.nvvm.implicit.offset()
  %v = load i32, ptr %p, align 4
  %b = call i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 0)
  store i64 %b, ptr addrspace(1) %out
  ret void
}
; CHECK:      define spir_kernel void @k(ptr addrspace(1) %out) {
; CHECK-NEXT: entry:
; CHECK-NEXT:   %p = call ptr @llvm.nvvm.implicit.offset()
; CHECK-NEXT:   %v = load i32, ptr %p, align 4
; CHECK-NEXT:   %b = call i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 0)
; CHECK-NOT:  _with_offset
