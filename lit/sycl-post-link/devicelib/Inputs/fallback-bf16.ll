; A stand-in for libsycl-fallback-bfloat16.bc: two exported conversions, a
; helper that is not a __devicelib_ function, and a declaration.
target triple = "spir64-unknown-unknown"

define spir_func float @__devicelib_ConvertBF16ToFINTEL(ptr addrspace(4) %p) {
  %v = load i16, ptr addrspace(4) %p, align 2
  %f = call spir_func float @widen(i16 %v)
  ret float %f
}

define spir_func i16 @__devicelib_ConvertFToBF16INTEL(ptr addrspace(4) %p) {
  ret i16 0
}

define spir_func float @widen(i16 %v) {
  %e = zext i16 %v to i32
  %s = shl i32 %e, 16
  %f = bitcast i32 %s to float
  ret float %f
}

declare spir_func void @__devicelib_unrelated()
