; RUN: sycl-opt -passes=localaccessortosharedmemory %s -S -o - | FileCheck %s --implicit-check-not=shared_mem
; RUN: sycl-opt -passes=localaccessortosharedmemory -mtriple=amdgcn-amd-amdhsa %s -S -o - | FileCheck %s --implicit-check-not=shared_mem

; Without kernels (no kernel calling convention, no "kernel" annotation)
; nothing changes, on either target.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @not_a_kernel(ptr addrspace(3) %a, i32 %c) {
entry:
  %v = load i32, ptr addrspace(3) %a, align 4
  ret void
}
; CHECK:      define void @not_a_kernel(ptr addrspace(3) %a, i32 %c) {
; CHECK-NEXT: entry:
; CHECK-NEXT:   %v = load i32, ptr addrspace(3) %a, align 4

!nvvm.annotations = !{!0, !1}
!0 = !{null, !"align", i32 8}
!1 = !{ptr @not_a_kernel, !"kernel", i32 0}
