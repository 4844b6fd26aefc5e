; RUN: sycl-opt -passes=globaloffset %s -S -o - | FileCheck %s --implicit-check-not=__spirv_BuiltInGlobalOffset

; An amdgpu_kernel's clone takes the offsets in the kernel-argument address
; space 4, `ptr addrspace(4) byref([3 x i32])`, and copies them from there
; into an `alloca` in address space 5 without a cast. No annotations are
; added for a kernel found by its calling convention.

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

declare i64 @_Z27__spirv_BuiltInGlobalOffseti(i32)

define i64 @helper() {
  %o = call i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 1)
  ret i64 %o
}
; CHECK-LABEL: define i64 @helper() {
; CHECK-NEXT:    ret i64 0
; CHECK-LABEL: define i64 @helper_with_offset(ptr addrspace(5) %0) {
; CHECK-NEXT:    %2 = getelementptr inbounds i32, ptr addrspace(5) %0, i32 1
; CHECK-NEXT:    %3 = load i32, ptr addrspace(5) %2, align 4
; CHECK-NEXT:    %4 = zext i32 %3 to i64
; CHECK-NEXT:    ret i64 %4

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
entry:
  %o = call i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 2)
  %h = call i64 @helper()
  %s = add i64 %o, %h
  store i64 %s, ptr addrspace(1) %out
  ret void
}
; CHECK-LABEL: define amdgpu_kernel void @k(ptr addrspace(1) %out) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %h = call i64 @helper()
; CHECK-NEXT:    %s = add i64 0, %h
; CHECK-LABEL: define amdgpu_kernel void @k_with_offset(ptr addrspace(1) %0, ptr addrspace(4) byref([3 x i32]) %1) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %2 = alloca [3 x i32], align 4, addrspace(5)
; CHECK-NEXT:    call void @llvm.memcpy.p5.p4.i64(ptr addrspace(5) align 4 %2, ptr addrspace(4) align 1 %1, i64 12, i1 false)
; CHECK-NEXT:    %3 = getelementptr inbounds i32, ptr addrspace(5) %2, i32 2
; CHECK-NEXT:    %4 = load i32, ptr addrspace(5) %3, align 4
; CHECK-NEXT:    %5 = zext i32 %4 to i64
; CHECK-NEXT:    %h = call i64 @helper_with_offset(ptr addrspace(5) %2)
; CHECK-NEXT:    %s = add i64 %5, %h

; CHECK-NOT: !amdgcn.annotations
