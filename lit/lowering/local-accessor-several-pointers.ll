; RUN: sycl-opt -passes=localaccessortosharedmemory %s -S -o - | FileCheck %s

; Every local pointer parameter becomes an offset into the same array; the
; pointers are rebuilt at the top of the entry block, the last parameter's
; first, each cast back to the parameter's own type and name. Attributes of
; replaced parameters are dropped (they described a pointer).

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: @mix_shared_mem = external addrspace(3) global [0 x i8], align 4
; CHECK-NOT: _shared_mem =

define ptx_kernel void @mix(ptr addrspace(3) noalias align 8 %d, ptr addrspace(3) %h, i64 %k, ptr addrspace(3) %b) {
entry:
  %x = load double, ptr addrspace(3) %d, align 8
  %y = load i16, ptr addrspace(3) %h, align 2
  %z = load i8, ptr addrspace(3) %b, align 1
  ret void
}
; CHECK-LABEL: define ptx_kernel void @mix(i32 %0, i32 %1, i64 %k, i32 %2) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %3 = getelementptr inbounds [0 x i8], ptr addrspace(3) @mix_shared_mem, i32 0, i32 %2
; CHECK-NEXT:    %b = bitcast ptr addrspace(3) %3 to ptr addrspace(3)
; CHECK-NEXT:    %4 = getelementptr inbounds [0 x i8], ptr addrspace(3) @mix_shared_mem, i32 0, i32 %1
; CHECK-NEXT:    %h = bitcast ptr addrspace(3) %4 to ptr addrspace(3)
; CHECK-NEXT:    %5 = getelementptr inbounds [0 x i8], ptr addrspace(3) @mix_shared_mem, i32 0, i32 %0
; CHECK-NEXT:    %d = bitcast ptr addrspace(3) %5 to ptr addrspace(3)
; CHECK-NEXT:    %x = load double, ptr addrspace(3) %d, align 8
; CHECK-NEXT:    %y = load i16, ptr addrspace(3) %h, align 2
; CHECK-NEXT:    %z = load i8, ptr addrspace(3) %b, align 1
; CHECK-NEXT:    ret void
