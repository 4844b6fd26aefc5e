; Specialization constants with their default values: spec(out) writes
; i + A + B, A and B SYCL 2020 scalar specialization constants with defaults
; 40 and 2 (the intrinsics the SYCL front end emits; sycl-post-link
; -spec-const=native turns them into SPIR-V spec constants).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@__usid_A = private unnamed_addr constant [9 x i8] c"uid____A\00", align 1
@_ZL1A = internal addrspace(1) constant { i32 } { i32 40 }, align 4
@__usid_B = private unnamed_addr constant [9 x i8] c"uid____B\00", align 1
@_ZL1B = internal addrspace(1) constant { i32 } { i32 2 }, align 4

declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32)

define spir_kernel void @__sycl_kernel_spec(ptr addrspace(1) %out) #0 {
  %a = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @__usid_A to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZL1A to ptr addrspace(4)), ptr addrspace(4) null)
  %b = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @__usid_B to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZL1B to ptr addrspace(4)), ptr addrspace(4) null)
  %i = call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %i32 = trunc i64 %i to i32
  %ab = add i32 %a, %b
  %v = add i32 %ab, %i32
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

attributes #0 = { "sycl-module-id"="spec.cpp" }
