; What LowerESIMD does not lower yet is refused with an error that names
; the function, never left in the output: intrinsics outside the table (here
; the 2D block load through a descriptor, whose GenX form is not known
; here). The same error stops sycl-post-link -lower-esimd. (Image, buffer
; and sampler kernel arguments are lowered: esimd-lower-surface-sampler-args.ll.)
; RUN: split-file %s %t
; RUN: not sycl-opt -passes=LowerESIMD -S %t/lsc.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=LSC
; RUN: not sycl-post-link -split-esimd -lower-esimd -S %t/lsc.ll -o %t/out.table 2>&1 | FileCheck %s --check-prefix=LSC-POSTLINK
; RUN: not ls %t/out.table

; LSC: sycl-opt: error: {{.*}}lsc.ll: LowerESIMD: ESIMD lowering: ESIMD intrinsic '_Z29__esimd_lsc_load2d_descriptorIjLh1ELh16ELh8ELj0ELj0ELi128EEDv128_T_tDv16_jS1_Dv2_h' (__esimd_lsc_load2d_descriptor): not supported
; LSC-POSTLINK: sycl-post-link: error: {{.*}}: ESIMD lowering: ESIMD intrinsic '_Z29__esimd_lsc_load2d_descriptorIjLh1ELh16ELh8ELj0ELj0ELi128EEDv128_T_tDv16_jS1_Dv2_h' (__esimd_lsc_load2d_descriptor): not supported

;--- lsc.ll
target triple = "spir64-unknown-unknown"
declare spir_func <128 x i32> @_Z29__esimd_lsc_load2d_descriptorIjLh1ELh16ELh8ELj0ELj0ELi128EEDv128_T_tDv16_jS1_Dv2_h(i16, <16 x i32>, <128 x i32>, <2 x i8>)
define spir_kernel void @k(<16 x i32> %d) #0 !sycl_explicit_simd !0 {
  %v = call spir_func <128 x i32> @_Z29__esimd_lsc_load2d_descriptorIjLh1ELh16ELh8ELj0ELj0ELi128EEDv128_T_tDv16_jS1_Dv2_h(i16 1, <16 x i32> %d, <128 x i32> zeroinitializer, <2 x i8> zeroinitializer)
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" }
!0 = !{}
