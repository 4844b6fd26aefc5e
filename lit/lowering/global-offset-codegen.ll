; RUN: sycl-opt -passes=globaloffset %s -S -o %t.ll
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o - | FileCheck %s

; After the pass nothing is left that the NVPTX back end cannot select (it
; knows no llvm.nvvm.implicit.offset): both kernels compile, and the clone
; takes the three offsets as a 12-byte parameter passed by value.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare ptr @llvm.nvvm.implicit.offset()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define i32 @global_id_x() {
  %p = call ptr @llvm.nvvm.implicit.offset()
  %o = load i32, ptr %p, align 4
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = add i32 %t, %o
  ret i32 %g
}

define ptx_kernel void @k(ptr addrspace(1) %out) {
entry:
  %g = call i32 @global_id_x()
  store i32 %g, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK:      .entry k(
; CHECK-NEXT:   .param .u64 .ptr .global .align 1 k_param_0
; CHECK-NEXT: )
; CHECK:      .entry k_with_offset(
; CHECK-NEXT:   .param .u64 .ptr .global .align 1 k_with_offset_param_0,
; CHECK-NEXT:   .param .align 4 .b8 k_with_offset_param_1[12]
; CHECK-NEXT: )
