; Device code of scripts/spec-const-device-test.sh: one SYCL kernel reading
; a composite specialization constant A = {i32 3, i32 4} and a scalar one
; B = 40, as the SYCL front end emits them (SYCL 2020 intrinsics, -O2 shape).
; out[i] = A.x + A.y + B + i.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.A = type { i32, i32 }

@__usid_str = private unnamed_addr constant [9 x i8] c"uid____A\00", align 1
@_ZL1A = internal addrspace(1) constant { %struct.A } { %struct.A { i32 3, i32 4 } }, align 4
@__usid_str.1 = private unnamed_addr constant [9 x i8] c"uid____B\00", align 1
@_ZL1B = internal addrspace(1) constant { i32 } { i32 40 }, align 4

declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1AET_PKcPKvS5_(ptr addrspace(4) sret(%struct.A) align 4, ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32)

define spir_kernel void @add_spec_constants(ptr addrspace(1) %out) #0 {
entry:
  %a = alloca %struct.A, align 4
  %a.ascast = addrspacecast ptr %a to ptr addrspace(4)
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1AET_PKcPKvS5_(ptr addrspace(4) sret(%struct.A) align 4 %a.ascast, ptr addrspace(4) addrspacecast (ptr @__usid_str to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZL1A to ptr addrspace(4)), ptr addrspace(4) null)
  %x = load i32, ptr %a, align 4
  %y.ptr = getelementptr inbounds %struct.A, ptr %a, i64 0, i32 1
  %y = load i32, ptr %y.ptr, align 4
  %b = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @__usid_str.1 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZL1B to ptr addrspace(4)), ptr addrspace(4) null)
  %gid = call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %gid32 = trunc i64 %gid to i32
  %xy = add i32 %x, %y
  %xyb = add i32 %xy, %b
  %r = add i32 %xyb, %gid32
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %r, ptr addrspace(1) %p, align 4
  ret void
}

attributes #0 = { "sycl-module-id"="spec-const-device-test.cpp" }
