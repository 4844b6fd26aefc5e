; RUN: sycl-opt -passes=localaccessortosharedmemory,globaloffset %s -S -o - | FileCheck %s

; The AMDGCN back end runs the passes the other way round: local accessors
; first, then the global offset, so the `_with_offset` clone is made from the
; rewritten kernel and shares its shared array.

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

declare i64 @_Z27__spirv_BuiltInGlobalOffseti(i32)

define amdgpu_kernel void @k(ptr addrspace(3) %scratch) {
entry:
  %o = call i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 0)
  store i64 %o, ptr addrspace(3) %scratch, align 8
  ret void
}

; CHECK:     @k_shared_mem = external addrspace(3) global [0 x i8], align 4
; CHECK-NOT: @k_with_offset_shared_mem

; CHECK-LABEL: define amdgpu_kernel void @k(i32 %0) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %1 = getelementptr inbounds [0 x i8], ptr addrspace(3) @k_shared_mem, i32 0, i32 %0
; CHECK-NEXT:    %scratch = bitcast ptr addrspace(3) %1 to ptr addrspace(3)
; CHECK-NEXT:    store i64 0, ptr addrspace(3) %scratch, align 8

; CHECK-LABEL: define amdgpu_kernel void @k_with_offset(i32 %0, ptr addrspace(4) byref([3 x i32]) %1) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %2 = alloca [3 x i32], align 4, addrspace(5)
; CHECK-NEXT:    call void @llvm.memcpy.p5.p4.i64(ptr addrspace(5) align 4 %2, ptr addrspace(4) align 1 %1, i64 12, i1 false)
; CHECK-NEXT:    %3 = getelementptr inbounds [0 x i8], ptr addrspace(3) @k_shared_mem, i32 0, i32 %0
; CHECK-NEXT:    %scratch = bitcast ptr addrspace(3) %3 to ptr addrspace(3)
; CHECK-NEXT:    %4 = getelementptr inbounds i32, ptr addrspace(5) %2, i32 0
; CHECK-NEXT:    %5 = load i32, ptr addrspace(5) %4, align 4
; CHECK-NEXT:    %6 = zext i32 %5 to i64
; CHECK-NEXT:    store i64 %6, ptr addrspace(3) %scratch, align 8
