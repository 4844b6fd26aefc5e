; RUN: sycl-opt -bugpoint-enable-legacy-pm -globaloffset %s -S -o - | FileCheck %s --implicit-check-not=llvm.amdgcn.implicit.offset

; AMDGCN: the offset pointer lives in the private address space 5. Clones of
; functions take `ptr addrspace(5)`; a kernel clone takes the three offsets
; by reference and copies them into an `alloca` in address space 5, which is
; what its callees get. Kernels named by !amdgcn.annotations (the older
; form, without the amdgpu_kernel calling convention) take a generic `ptr
; byref([3 x i32])` that is cast to the constant address space 4 for the
; copy, and gain a "kernel" annotation.

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

declare ptr addrspace(5) @llvm.amdgcn.implicit.offset()

define i64 @read_y() {
  %p = tail call ptr addrspace(5) @llvm.amdgcn.implicit.offset()
  %y = getelementptr inbounds i32, ptr addrspace(5) %p, i64 1
  %v = load i32, ptr addrspace(5) %y, align 4
  %r = zext i32 %v to i64
  ret i64 %r
}
; CHECK-LABEL: define i64 @read_y() {
; CHECK-NEXT:    %r = zext i32 0 to i64
; CHECK-NEXT:    ret i64 %r
; CHECK-LABEL: define i64 @read_y_with_offset(ptr addrspace(5) %0) {
; CHECK-NEXT:    %y = getelementptr inbounds i32, ptr addrspace(5) %0, i64 1
; CHECK-NEXT:    %v = load i32, ptr addrspace(5) %y, align 4

define i64 @middle() {
  %a = call i64 @read_y()
  ret i64 %a
}
; CHECK-LABEL: define i64 @middle() {
; CHECK-NEXT:    %a = call i64 @read_y()
; CHECK-LABEL: define i64 @middle_with_offset(ptr addrspace(5) %0) {
; CHECK-NEXT:    %a = call i64 @read_y_with_offset(ptr addrspace(5) %0)

define void @kernel_a() {
entry:
  %v = call i64 @middle()
  ret void
}
; CHECK-LABEL: define void @kernel_a() {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v = call i64 @middle()
; CHECK-LABEL: define void @kernel_a_with_offset(ptr byref([3 x i32]) %0) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %1 = alloca [3 x i32], align 4, addrspace(5)
; CHECK-NEXT:    %2 = addrspacecast ptr %0 to ptr addrspace(4)
; CHECK-NEXT:    call void @llvm.memcpy.p5.p4.i64(ptr addrspace(5) align 4 %1, ptr addrspace(4) align 1 %2, i64 12, i1 false)
; CHECK-NEXT:    %v = call i64 @middle_with_offset(ptr addrspace(5) %1)
; CHECK-NEXT:    ret void

define void @kernel_b() {
entry:
  %v = call i64 @read_y()
  ret void
}
; CHECK-LABEL: define void @kernel_b_with_offset(ptr byref([3 x i32]) %0) {
; CHECK:         %v = call i64 @read_y_with_offset(ptr addrspace(5) %1)

!amdgcn.annotations = !{!0, !1}
!0 = !{ptr @kernel_a, !"kernel", i32 1}
!1 = !{ptr @kernel_b, !"kernel", i32 1}

; CHECK:      !amdgcn.annotations = !{!0, !1, !2, !3}
; CHECK:      !2 = !{ptr @kernel_b_with_offset, !"kernel", i32 1}
; CHECK-NEXT: !3 = !{ptr @kernel_a_with_offset, !"kernel", i32 1}
