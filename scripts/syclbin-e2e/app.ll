; The importing side of the dynamic-linking pair: use_ext(out, x) writes
; ext_add(i * 10, x), ext_add being defined in lib.ll's SYCLBIN.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32)
declare spir_func i32 @_Z7ext_addii(i32, i32)

define spir_kernel void @__sycl_kernel_use_ext(ptr addrspace(1) %out, i32 %x) #0 {
  %i = call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %i32 = trunc i64 %i to i32
  %t = mul i32 %i32, 10
  %v = call spir_func i32 @_Z7ext_addii(i32 %t, i32 %x)
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %v, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "sycl-module-id"="app.cpp" }
