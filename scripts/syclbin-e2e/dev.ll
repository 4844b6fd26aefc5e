; Device code of the "done when" flow: three free-function kernels, split
; per kernel by sycl-post-link.
;   add(out, x):          out[i] = i + x
;   scale(out, skip, k):  out[i] = i * k; `skip` was removed by dead-argument
;                         elimination (!sycl_kernel_omit_args), the host still
;                         passes three arguments
;   gpu_only(out):        uses aspect gpu (2): absent on the CPU device
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32)

define spir_kernel void @__sycl_kernel_add(ptr addrspace(1) %out, i32 %x) #0 {
  %i = call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %i32 = trunc i64 %i to i32
  %v = add i32 %i32, %x
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %v, ptr addrspace(1) %p
  ret void
}

define spir_kernel void @__sycl_kernel_scale(ptr addrspace(1) %out, i32 %k) #0 !sycl_kernel_omit_args !0 {
  %i = call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %i32 = trunc i64 %i to i32
  %v = mul i32 %i32, %k
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %v, ptr addrspace(1) %p
  ret void
}

define spir_kernel void @__sycl_kernel_gpu_only(ptr addrspace(1) %out) #0 !sycl_used_aspects !1 {
  store i32 -1, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "sycl-module-id"="dev.cpp" }

!0 = !{i1 false, i1 true, i1 false}
!1 = !{i32 2}
