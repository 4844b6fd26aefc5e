; RUN: sycl-opt -passes=globaloffset %s -o %t.bc
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t.bc -o - | FileCheck %s

; The AMDGCN back end compiles both kernels after the pass; the clone's
; offsets are a 12-byte `byref` kernel argument.

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

declare i64 @_Z27__spirv_BuiltInGlobalOffseti(i32)

define i64 @offset_x() {
  %o = call i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 0)
  ret i64 %o
}

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
entry:
  %o = call i64 @offset_x()
  store i64 %o, ptr addrspace(1) %out, align 8
  ret void
}

; CHECK: .amdhsa_kernel k{{$}}
; CHECK: .amdhsa_kernel k_with_offset{{$}}
; CHECK: .args:
; CHECK: .name: out
; CHECK: .name: k{{$}}
; CHECK: .args:
; CHECK: .value_kind: global_buffer
; CHECK-NEXT: .offset: 8
; CHECK-NEXT: .size: 12
; CHECK-NEXT: .value_kind: by_value
; CHECK: .name: k_with_offset{{$}}
