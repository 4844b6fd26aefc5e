; RUN: sycl-opt -passes=localaccessortosharedmemory -sycl-enable-local-accessor=false %s -S -o - | FileCheck %s --implicit-check-not=shared_mem
; RUN: sycl-opt -passes=localaccessortosharedmemory -mtriple=spir64-unknown-unknown %s -S -o - | FileCheck %s --implicit-check-not=shared_mem
; RUN: sycl-opt -passes=localaccessortosharedmemory -sycl-enable-local-accessor %s -S -o - | FileCheck %s --check-prefix=ON

; -sycl-enable-local-accessor=false turns the pass off (upstream's switch);
; modules for other targets are left alone.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(3) %a) {
entry:
  ret void
}
; CHECK: define ptx_kernel void @k(ptr addrspace(3) %a) {
; ON:    define ptx_kernel void @k(i32 %0) {
