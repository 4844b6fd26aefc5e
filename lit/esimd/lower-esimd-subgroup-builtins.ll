; ESIMD code runs one work-item per thread: loads of the SPIR-V sub-group
; builtins become constants (local id 0, size and max size 1), even with
; -force-disable-esimd-opt (the uses stay, with the constant operand). Other
; SPIR-V builtins are left alone.
; RUN: sycl-post-link -split-esimd -lower-esimd -force-disable-esimd-opt -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.esimd.ll

; CHECK-LABEL: define {{.*}} @kernel(
; CHECK-NEXT: entry:
; CHECK-NEXT: %lid.wide = zext i32 0 to i64
; CHECK-NEXT: store i64 %lid.wide, ptr addrspace(1) %out, align 8
; CHECK-NEXT: %size.plus = add i32 1, 3
; CHECK-NEXT: store i32 %size.plus, ptr addrspace(1) %out32, align 4
; CHECK-NEXT: %max.plus = add i32 1, 5
; CHECK-NEXT: store i32 %max.plus, ptr addrspace(1) %out32, align 4
; CHECK-NEXT: %gid = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32
; CHECK-NEXT: ret void

target triple = "spir64-unknown-unknown"

@__spirv_BuiltInSubgroupLocalInvocationId = external dso_local local_unnamed_addr addrspace(1) constant i32, align 4
@__spirv_BuiltInSubgroupSize = external dso_local local_unnamed_addr addrspace(1) constant i32, align 4
@__spirv_BuiltInSubgroupMaxSize = external dso_local local_unnamed_addr addrspace(1) constant i32, align 4
@__spirv_BuiltInGlobalInvocationId = external dso_local local_unnamed_addr addrspace(1) constant <3 x i64>, align 32

define dso_local spir_kernel void @kernel(ptr addrspace(1) %out, ptr addrspace(1) %out32) #0 !sycl_explicit_simd !0 {
entry:
  %lid = load i32, ptr addrspace(1) @__spirv_BuiltInSubgroupLocalInvocationId, align 4
  %lid.wide = zext i32 %lid to i64
  store i64 %lid.wide, ptr addrspace(1) %out, align 8
  %size = load i32, ptr addrspace(1) @__spirv_BuiltInSubgroupSize, align 4
  %size.plus = add i32 %size, 3
  store i32 %size.plus, ptr addrspace(1) %out32, align 4
  %max = load i32, ptr addrspace(1) @__spirv_BuiltInSubgroupMaxSize, align 4
  %max.plus = add i32 %max, 5
  store i32 %max.plus, ptr addrspace(1) %out32, align 4
  %gid = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{}
