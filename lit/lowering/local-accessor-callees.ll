; RUN: sycl-opt -passes=localaccessortosharedmemory %s -S -o - | FileCheck %s

; Only kernels change: a function that takes a local pointer keeps it, and
; the kernel passes it the rebuilt pointer.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @fill(ptr addrspace(3) %dst, i32 %v) {
  store i32 %v, ptr addrspace(3) %dst, align 4
  ret void
}
; CHECK-LABEL: define void @fill(ptr addrspace(3) %dst, i32 %v) {
; CHECK-NEXT:    store i32 %v, ptr addrspace(3) %dst, align 4

define ptx_kernel void @k(ptr addrspace(3) %local, i32 %v) {
entry:
  call void @fill(ptr addrspace(3) %local, i32 %v)
  ret void
}
; CHECK-LABEL: define ptx_kernel void @k(i32 %0, i32 %v) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %1 = getelementptr inbounds [0 x i8], ptr addrspace(3) @k_shared_mem, i32 0, i32 %0
; CHECK-NEXT:    %local = bitcast ptr addrspace(3) %1 to ptr addrspace(3)
; CHECK-NEXT:    call void @fill(ptr addrspace(3) %local, i32 %v)
