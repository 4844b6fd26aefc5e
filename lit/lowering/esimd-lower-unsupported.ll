; What LowerESIMD does not lower yet is refused with an error that names
; the function, never left in the output: intrinsics outside the table (here
; an LSC load), SLM reservation calls, genx_volatile globals
; (whose accesses need vload/vstore), image kernel arguments, and the
; bfloat16 device-library conversions. The same error stops sycl-post-link
; -lower-esimd.
; RUN: split-file %s %t
; RUN: not sycl-opt -passes=LowerESIMD -S %t/lsc.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=LSC
; RUN: not sycl-post-link -split-esimd -lower-esimd -S %t/lsc.ll -o %t/out.table 2>&1 | FileCheck %s --check-prefix=LSC-POSTLINK
; RUN: not sycl-opt -passes=LowerESIMD -S %t/slm-alloc.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=SLM
; RUN: not sycl-opt -passes=LowerESIMD -S %t/volatile.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=VOLATILE
; RUN: not sycl-opt -passes=LowerESIMD -S %t/image.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=IMAGE
; RUN: not sycl-opt -passes=LowerESIMD -S %t/bf16.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=BF16
; RUN: not ls %t/out.table

; LSC: sycl-opt: error: {{.*}}lsc.ll: LowerESIMD: ESIMD lowering: ESIMD intrinsic '_Z26__esimd_lsc_load_statelessIjLh4ELh0ELt1ELj1ELb1EEDv1_T_Dv1_tDv1_m' (__esimd_lsc_load_stateless): not supported
; LSC-POSTLINK: sycl-post-link: error: {{.*}}: ESIMD lowering: ESIMD intrinsic '_Z26__esimd_lsc_load_statelessIjLh4ELh0ELt1ELj1ELb1EEDv1_T_Dv1_tDv1_m' (__esimd_lsc_load_stateless): not supported
; SLM: error: {{.*}}: ESIMD lowering: call of '_Z17__esimd_slm_allocj' (SLM reservation, ESIMDLowerSLMReservationCalls): not supported
; VOLATILE: error: {{.*}}: ESIMD lowering: genx_volatile global 'vg': not supported
; IMAGE: error: {{.*}}: ESIMD lowering: image argument 0 of kernel 'k' (surface kernel arguments): not supported
; BF16: error: {{.*}}: ESIMD lowering: call of '__devicelib_ConvertFToBF16INTEL': not supported

;--- lsc.ll
target triple = "spir64-unknown-unknown"
declare spir_func <1 x i32> @_Z26__esimd_lsc_load_statelessIjLh4ELh0ELt1ELj1ELb1EEDv1_T_Dv1_tDv1_m(<1 x i16>, <1 x i64>)
define spir_kernel void @k(i64 %a) #0 !sycl_explicit_simd !0 {
  %p = insertelement <1 x i64> poison, i64 %a, i32 0
  %v = call spir_func <1 x i32> @_Z26__esimd_lsc_load_statelessIjLh4ELh0ELt1ELj1ELb1EEDv1_T_Dv1_tDv1_m(<1 x i16> <i16 1>, <1 x i64> %p)
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" }
!0 = !{}

;--- slm-alloc.ll
declare spir_func i32 @_Z17__esimd_slm_allocj(i32)
define spir_kernel void @k() !sycl_explicit_simd !0 {
  %o = call spir_func i32 @_Z17__esimd_slm_allocj(i32 64)
  ret void
}
!0 = !{}

;--- volatile.ll
@vg = global <16 x i32> zeroinitializer #0
define spir_kernel void @k() !sycl_explicit_simd !0 {
  ret void
}
attributes #0 = { "genx_volatile" }
!0 = !{}

;--- image.ll
define spir_kernel void @k(ptr addrspace(1) %img) !sycl_explicit_simd !0 !kernel_arg_type !1 {
  ret void
}
!0 = !{}
!1 = !{!"image2d_t"}

;--- bf16.ll
declare spir_func i16 @__devicelib_ConvertFToBF16INTEL(ptr addrspace(4))
define spir_kernel void @k(ptr addrspace(4) %f) !sycl_explicit_simd !0 {
  %b = call spir_func i16 @__devicelib_ConvertFToBF16INTEL(ptr addrspace(4) %f)
  ret void
}
!0 = !{}
