; Many kernels from two translation units: k<j>(out) writes i * j + j.
; k0..k3 come from a.cpp, k4..k7 from b.cpp: -split=kernel gives 8 images,
; -split=source 2.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32)

define spir_kernel void @__sycl_kernel_k0(ptr addrspace(1) %out) #0 {
  %i = call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %i32 = trunc i64 %i to i32
  %m = mul i32 %i32, 0
  %v = add i32 %m, 0
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

define spir_kernel void @__sycl_kernel_k1(ptr addrspace(1) %out) #0 {
  %i = call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %i32 = trunc i64 %i to i32
  %m = mul i32 %i32, 1
  %v = add i32 %m, 1
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

define spir_kernel void @__sycl_kernel_k2(ptr addrspace(1) %out) #0 {
  %i = call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %i32 = trunc i64 %i to i32
  %m = mul i32 %i32, 2
  %v = add i32 %m, 2
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

define spir_kernel void @__sycl_kernel_k3(ptr addrspace(1) %out) #0 {
  %i = call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %i32 = trunc i64 %i to i32
  %m = mul i32 %i32, 3
  %v = add i32 %m, 3
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

define spir_kernel void @__sycl_kernel_k4(ptr addrspace(1) %out) #1 {
  %i = call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %i32 = trunc i64 %i to i32
  %m = mul i32 %i32, 4
  %v = add i32 %m, 4
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

define spir_kernel void @__sycl_kernel_k5(ptr addrspace(1) %out) #1 {
  %i = call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %i32 = trunc i64 %i to i32
  %m = mul i32 %i32, 5
  %v = add i32 %m, 5
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

define spir_kernel void @__sycl_kernel_k6(ptr addrspace(1) %out) #1 {
  %i = call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %i32 = trunc i64 %i to i32
  %m = mul i32 %i32, 6
  %v = add i32 %m, 6
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

define spir_kernel void @__sycl_kernel_k7(ptr addrspace(1) %out) #1 {
  %i = call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %i32 = trunc i64 %i to i32
  %m = mul i32 %i32, 7
  %v = add i32 %m, 7
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
