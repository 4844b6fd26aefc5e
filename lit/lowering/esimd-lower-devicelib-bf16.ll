; LowerESIMD on the bfloat16 device-library conversions an ESIMD module
; calls (__devicelib_ConvertFToBF16INTEL, __devicelib_ConvertBF16ToFINTEL,
; operand by reference): the operand is loaded and passed by value to the
; SPIR-V conversion, declared spir_func, dso_local, nounwind, convergent.
; RUN: sycl-opt -passes=LowerESIMD -S %s -o - | FileCheck %s

; CHECK-LABEL: define spir_kernel void @k(
; CHECK-NEXT: [[F:%.*]] = load float, ptr addrspace(4) %f, align 4
; CHECK-NEXT: %h.esimd = call i16 @__spirv_ConvertFToBF16INTEL(float [[F]])
; CHECK-NEXT: [[B:%.*]] = load i16, ptr addrspace(4) %b, align 2
; CHECK-NEXT: %x.esimd = call float @__spirv_ConvertBF16ToFINTEL(i16 [[B]])
; CHECK-NEXT: store i16 %h.esimd, ptr addrspace(1) %out, align 2
; CHECK-NEXT: store float %x.esimd, ptr addrspace(1) %out, align 4
; CHECK: declare dso_local spir_func i16 @__spirv_ConvertFToBF16INTEL(float) #[[A:[0-9]+]]
; CHECK: declare dso_local spir_func float @__spirv_ConvertBF16ToFINTEL(i16) #[[A]]
; CHECK: attributes #[[A]] = { convergent nounwind }

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
declare spir_func zeroext i16 @__devicelib_ConvertFToBF16INTEL(ptr addrspace(4) align 4 dereferenceable(4))
declare spir_func float @__devicelib_ConvertBF16ToFINTEL(ptr addrspace(4) align 2 dereferenceable(2))
define spir_kernel void @k(ptr addrspace(4) %f, ptr addrspace(4) %b, ptr addrspace(1) %out) !sycl_explicit_simd !0 {
  %h = call spir_func zeroext i16 @__devicelib_ConvertFToBF16INTEL(ptr addrspace(4) align 4 dereferenceable(4) %f)
  %x = call spir_func float @__devicelib_ConvertBF16ToFINTEL(ptr addrspace(4) align 2 dereferenceable(2) %b)
  store i16 %h, ptr addrspace(1) %out
  store float %x, ptr addrspace(1) %out
  ret void
}
!0 = !{}
