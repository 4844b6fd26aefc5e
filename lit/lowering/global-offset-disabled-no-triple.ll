; RUN: sycl-opt -passes=globaloffset -enable-global-offset=false %s -S -o - | FileCheck %s --implicit-check-not=llvm.amdgcn.implicit.offset

; A module without a target triple is lowered for the target whose offset
; intrinsic it declares.

declare ptr addrspace(5) @llvm.amdgcn.implicit.offset()

define i64 @read() {
entry:
  %p = tail call ptr addrspace(5) @llvm.amdgcn.implicit.offset()
  %v = load i32, ptr addrspace(5) %p, align 4
  %w = zext i32 %v to i64
  ret i64 %w
}
; CHECK-LABEL: define i64 @read() {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %w = zext i32 0 to i64
; CHECK-NEXT:    ret i64 %w
