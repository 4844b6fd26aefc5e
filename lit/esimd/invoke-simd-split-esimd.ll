; Calls of __builtin_invoke_simd make SYCL code depend on ESIMD code, so
; -split-esimd is refused for such an input; without it, the parts of the
; image are linked back together.
; RUN: not sycl-post-link -split-esimd -symbols -S < %s -o %t.table 2>&1 | FileCheck %s --check-prefix=ERR
; RUN: sycl-post-link -symbols -S < %s -o %t2.table
; RUN: FileCheck %s --input-file=%t2.table --check-prefix=TABLE

; ERR: 'invoke_simd' calls detected, '-split-esimd' must not be specified
; TABLE: [Code|Symbols]
; TABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.sym
; TABLE-EMPTY:

target triple = "spir64-unknown-unknown"

declare spir_func float @_Z33__regcall3____builtin_invoke_simdXX(ptr, ptr, float)

define spir_kernel void @sycl_kernel(float %x) #0 {
  %r = call spir_func float @_Z33__regcall3____builtin_invoke_simdXX(ptr @helper, ptr @simd_f, float %x)
  ret void
}

define linkonce_odr <4 x float> @helper(ptr %f, <4 x float> %v) #1 {
  %r = call <4 x float> %f(<4 x float> %v)
  ret <4 x float> %r
}

define <4 x float> @simd_f(<4 x float> %v) #1 !sycl_explicit_simd !0 {
  ret <4 x float> %v
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "referenced-indirectly" }

!0 = !{}
