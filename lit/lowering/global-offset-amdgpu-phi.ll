; RUN: sycl-opt -passes=globaloffset %s -S -o - | FileCheck %s --implicit-check-not=llvm.amdgcn.implicit.offset

; In an original, loads reached from offset reads through GEPs and phis
; become zeros and the pointer arithmetic goes; the clone keeps it all,
; based on the offset parameter.

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

declare ptr addrspace(5) @llvm.amdgcn.implicit.offset()

define i32 @component(i1 %first) {
entry:
  br i1 %first, label %x, label %y
x:
  %px = tail call ptr addrspace(5) @llvm.amdgcn.implicit.offset()
  br label %done
y:
  %py = tail call ptr addrspace(5) @llvm.amdgcn.implicit.offset()
  %gy = getelementptr inbounds nuw i8, ptr addrspace(5) %py, i32 4
  br label %done
done:
  %p = phi ptr addrspace(5) [ %px, %x ], [ %gy, %y ]
  %v = load i32, ptr addrspace(5) %p, align 4
  %w = load i32, ptr addrspace(5) %p, align 4
  %s = add i32 %v, %w
  ret i32 %s
}
; CHECK-LABEL: define i32 @component(i1 %first) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    br i1 %first, label %x, label %y
; CHECK:       {{^}}x:
; CHECK-NEXT:    br label %done
; CHECK:       {{^}}y:
; CHECK-NEXT:    br label %done
; CHECK:       {{^}}done:
; CHECK-NEXT:    %s = add i32 0, 0
; CHECK-NEXT:    ret i32 %s

; CHECK-LABEL: define i32 @component_with_offset(i1 %0, ptr addrspace(5) %1) {
; CHECK:       {{^}}y:
; CHECK-NEXT:    %gy = getelementptr inbounds nuw i8, ptr addrspace(5) %1, i32 4
; CHECK:       {{^}}done:
; CHECK-NEXT:    %p = phi ptr addrspace(5) [ %1, %x ], [ %gy, %y ]
; CHECK-NEXT:    %v = load i32, ptr addrspace(5) %p, align 4
; CHECK-NEXT:    %w = load i32, ptr addrspace(5) %p, align 4
; CHECK-NEXT:    %s = add i32 %v, %w
