; RUN: sycl-opt -passes=localaccessortosharedmemory %s -S -o %t.ll
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o - | FileCheck %s
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %s -o - | FileCheck %s --check-prefix=BEFORE

; After the pass the kernel takes a 32-bit offset instead of a pointer to
; shared memory, and addresses the kernel's extern shared array.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(3) %a, ptr addrspace(1) %out) {
entry:
  %v = load i32, ptr addrspace(3) %a, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK:      .extern .shared .align 4 .b8 k_shared_mem[];
; CHECK:      .entry k(
; CHECK-NEXT:   .param .u32 k_param_0,
; CHECK-NEXT:   .param .u64 .ptr .global .align 1 k_param_1
; CHECK:      mov.b64 %rd{{[0-9]+}}, k_shared_mem;

; BEFORE:      .entry k(
; BEFORE-NEXT:   .param .u64 .ptr .shared .align 1 k_param_0,
