; RUN: sycl-opt -passes=globaloffset,localaccessortosharedmemory %s -S -o - | FileCheck %s

; The two passes in the order in which upstream's NVPTX back end runs them: the
; `_with_offset` clone is a kernel too, so its local pointers become offsets
; into its own shared array; the offset parameter stays last.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i64 @_Z27__spirv_BuiltInGlobalOffseti(i32)

define ptx_kernel void @k(ptr addrspace(3) %scratch, ptr addrspace(1) %out) {
entry:
  %o = call i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 0)
  %t = trunc i64 %o to i32
  store i32 %t, ptr addrspace(3) %scratch, align 4
  ret void
}

; CHECK:      @k_shared_mem = external addrspace(3) global [0 x i8], align 4
; CHECK-NEXT: @k_with_offset_shared_mem = external addrspace(3) global [0 x i8], align 4

; CHECK-LABEL: define ptx_kernel void @k(i32 %0, ptr addrspace(1) %out) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %1 = getelementptr inbounds [0 x i8], ptr addrspace(3) @k_shared_mem, i32 0, i32 %0
; CHECK-NEXT:    %scratch = bitcast ptr addrspace(3) %1 to ptr addrspace(3)
; CHECK-NEXT:    %t = trunc i64 0 to i32

; CHECK-LABEL: define ptx_kernel void @k_with_offset(i32 %0, ptr addrspace(1) %1, ptr byval([3 x i32]) %2) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %3 = getelementptr inbounds [0 x i8], ptr addrspace(3) @k_with_offset_shared_mem, i32 0, i32 %0
; CHECK-NEXT:    %4 = bitcast ptr addrspace(3) %3 to ptr addrspace(3)
; CHECK-NEXT:    %5 = getelementptr inbounds i32, ptr %2, i32 0
; CHECK-NEXT:    %6 = load i32, ptr %5, align 4
; CHECK-NEXT:    %7 = zext i32 %6 to i64
; CHECK-NEXT:    %t = trunc i64 %7 to i32
; CHECK-NEXT:    store i32 %t, ptr addrspace(3) %4, align 4
