; RUN: sycl-opt -passes=globaloffset %s -S -o - | FileCheck %s --implicit-check-not=llvm.nvvm.implicit.offset

; Offset reads are found through the call graph: every function that reads
; the offset, directly or through callees, gets a `_with_offset` clone right
; after it, whether or not a kernel reaches it; kernels that reach a read
; keep their original and gain a clone taking `ptr byval([3 x i32])`, with a
; "kernel" annotation; originals read zeros. A kernel that reaches no read is
; left alone.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare ptr @llvm.nvvm.implicit.offset()

define i64 @read_z() {
  %p = tail call ptr @llvm.nvvm.implicit.offset()
  %z = getelementptr inbounds i32, ptr %p, i64 2
  %v = load i32, ptr %z, align 4
  %r = zext i32 %v to i64
  ret i64 %r
}
; CHECK-LABEL: define i64 @read_z() {
; CHECK-NEXT:    %r = zext i32 0 to i64
; CHECK-NEXT:    ret i64 %r
; CHECK-NEXT:  }
; CHECK-LABEL: define i64 @read_z_with_offset(ptr %0) {
; CHECK-NEXT:    %z = getelementptr inbounds i32, ptr %0, i64 2
; CHECK-NEXT:    %v = load i32, ptr %z, align 4
; CHECK-NEXT:    %r = zext i32 %v to i64
; CHECK-NEXT:    ret i64 %r
; CHECK-NEXT:  }

define internal i64 @middle(i64 %x) {
  %a = call i64 @read_z()
  %s = add i64 %a, %x
  ret i64 %s
}
; CHECK-LABEL: define internal i64 @middle(i64 %x) {
; CHECK-NEXT:    %a = call i64 @read_z()
; CHECK-LABEL: define internal i64 @middle_with_offset(i64 %0, ptr %1) {
; CHECK-NEXT:    %a = call i64 @read_z_with_offset(ptr %1)
; CHECK-NEXT:    %s = add i64 %a, %0
; CHECK-NEXT:    ret i64 %s

define void @kernel_a(ptr addrspace(1) %out) {
entry:
  %v = call i64 @middle(i64 1)
  store i64 %v, ptr addrspace(1) %out
  ret void
}
; CHECK-LABEL: define void @kernel_a(ptr addrspace(1) %out) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v = call i64 @middle(i64 1)
; CHECK-LABEL: define void @kernel_a_with_offset(ptr addrspace(1) %0, ptr byval([3 x i32]) %1) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v = call i64 @middle_with_offset(i64 1, ptr %1)
; CHECK-NEXT:    store i64 %v, ptr addrspace(1) %0

define void @kernel_b() {
entry:
  %v = call i64 @read_z()
  ret void
}
; CHECK-LABEL: define void @kernel_b() {
; CHECK-LABEL: define void @kernel_b_with_offset(ptr byval([3 x i32]) %0) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v = call i64 @read_z_with_offset(ptr %0)

; Reached by no kernel: cloned all the same.
define i64 @no_kernel() {
  %v = call i64 @middle(i64 2)
  ret i64 %v
}
; CHECK-LABEL: define i64 @no_kernel() {
; CHECK-LABEL: define i64 @no_kernel_with_offset(ptr %0) {
; CHECK-NEXT:    %v = call i64 @middle_with_offset(i64 2, ptr %0)

; Reaches no read: no clone.
define void @kernel_c() {
entry:
  ret void
}
; CHECK-LABEL: define void @kernel_c() {
; CHECK-NOT:   define {{.*}}kernel_c_with_offset

!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{ptr @kernel_a, !"kernel", i32 1}
!1 = !{null, !"align", i32 8}
!2 = !{ptr @kernel_b, !"kernel", i32 1}
!3 = !{ptr @kernel_c, !"kernel", i32 1}

; The clones are annotated in the order the call graph reaches them.
; CHECK:      !nvvm.annotations = !{!0, !1, !2, !3, !4, !5}
; CHECK:      !0 = !{ptr @kernel_a, !"kernel", i32 1}
; CHECK:      !4 = !{ptr @kernel_b_with_offset, !"kernel", i32 1}
; CHECK-NEXT: !5 = !{ptr @kernel_a_with_offset, !"kernel", i32 1}
