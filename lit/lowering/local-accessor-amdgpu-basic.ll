; RUN: sycl-opt -enable-new-pm=0 -localaccessortosharedmemory %s -S -o - | FileCheck %s --implicit-check-not=plain_shared_mem

; AMDGCN: amdgpu_kernel functions are kernels; local memory is address space
; 3 there too. References to the kernel (here an !amdgcn.annotations entry)
; follow the new function.

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK: @reduce_shared_mem = external addrspace(3) global [0 x i8], align 4

; No local pointer, nothing to do.
define amdgpu_kernel void @plain(ptr addrspace(1) %out) {
entry:
  ret void
}
; CHECK-LABEL: define amdgpu_kernel void @plain(ptr addrspace(1) %out) {

define amdgpu_kernel void @reduce(ptr addrspace(1) %out, ptr addrspace(3) %scratch) {
entry:
  %v = load i32, ptr addrspace(3) %scratch, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}
; CHECK-LABEL: define amdgpu_kernel void @reduce(ptr addrspace(1) %out, i32 %0) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %1 = getelementptr inbounds [0 x i8], ptr addrspace(3) @reduce_shared_mem, i32 0, i32 %0
; CHECK-NEXT:    %scratch = bitcast ptr addrspace(3) %1 to ptr addrspace(3)
; CHECK-NEXT:    %v = load i32, ptr addrspace(3) %scratch, align 4

!amdgcn.annotations = !{!0}
!0 = distinct !{ptr @reduce, !"kernel", i32 1}
; CHECK: !0 = distinct !{ptr @reduce, !"kernel", i32 1}
