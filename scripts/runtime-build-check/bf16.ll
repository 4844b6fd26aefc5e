; Device code of the bfloat16 conversion check (scripts/runtime-build-check.sh
; --bf16): kernels that call the bfloat16 device-library functions, as SYCL
; code does (sycl/ext/oneapi/bfloat16.hpp), left as declarations for
; sycl-link to resolve. Free-function kernel names, found by the loader as
; "bf16_scalar" and "bf16_vec16".
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

declare spir_func zeroext i16 @__devicelib_ConvertFToBF16INTEL(ptr addrspace(4) align 4 dereferenceable(4))
declare spir_func float @__devicelib_ConvertBF16ToFINTEL(ptr addrspace(4) align 2 dereferenceable(2))
declare spir_func void @__devicelib_ConvertFToBF16INTELVec16(ptr addrspace(4), ptr addrspace(4))
declare spir_func void @__devicelib_ConvertBF16ToFINTELVec16(ptr addrspace(4), ptr addrspace(4))
declare spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32)

; Item i: fbits[i] -> bf16 in to_bf16[i]; bf16 bits[i] -> float in to_f[i].
define spir_kernel void @__sycl_kernel_bf16_scalar(ptr addrspace(1) %f, ptr addrspace(1) %to_bf16, ptr addrspace(1) %b, ptr addrspace(1) %to_f) #0 {
  %i = call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %fp = getelementptr inbounds float, ptr addrspace(1) %f, i64 %i
  %fg = addrspacecast ptr addrspace(1) %fp to ptr addrspace(4)
  %r = call spir_func zeroext i16 @__devicelib_ConvertFToBF16INTEL(ptr addrspace(4) %fg)
  %op = getelementptr inbounds i16, ptr addrspace(1) %to_bf16, i64 %i
  store i16 %r, ptr addrspace(1) %op, align 2
  %bp = getelementptr inbounds i16, ptr addrspace(1) %b, i64 %i
  %bg = addrspacecast ptr addrspace(1) %bp to ptr addrspace(4)
  %x = call spir_func float @__devicelib_ConvertBF16ToFINTEL(ptr addrspace(4) %bg)
  %xp = getelementptr inbounds float, ptr addrspace(1) %to_f, i64 %i
  store float %x, ptr addrspace(1) %xp, align 4
  ret void
}

; Item i: the same for elements 16i .. 16i+15, through the Vec16 forms.
define spir_kernel void @__sycl_kernel_bf16_vec16(ptr addrspace(1) %f, ptr addrspace(1) %to_bf16, ptr addrspace(1) %b, ptr addrspace(1) %to_f) #0 {
  %i = call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %k = mul i64 %i, 16
  %fp = getelementptr inbounds float, ptr addrspace(1) %f, i64 %k
  %fg = addrspacecast ptr addrspace(1) %fp to ptr addrspace(4)
  %op = getelementptr inbounds i16, ptr addrspace(1) %to_bf16, i64 %k
  %og = addrspacecast ptr addrspace(1) %op to ptr addrspace(4)
  call spir_func void @__devicelib_ConvertFToBF16INTELVec16(ptr addrspace(4) %fg, ptr addrspace(4) %og)
  %bp = getelementptr inbounds i16, ptr addrspace(1) %b, i64 %k
  %bg = addrspacecast ptr addrspace(1) %bp to ptr addrspace(4)
  %xp = getelementptr inbounds float, ptr addrspace(1) %to_f, i64 %k
  %xg = addrspacecast ptr addrspace(1) %xp to ptr addrspace(4)
  call spir_func void @__devicelib_ConvertBF16ToFINTELVec16(ptr addrspace(4) %bg, ptr addrspace(4) %xg)
  ret void
}

attributes #0 = { "sycl-module-id"="bf16.ll" }
