; LowerESIMD on the DPAS intrinsics (__esimd_dpas2, __esimd_dpas_nosrc0,
; __esimd_dpasw, __esimd_dpasw_nosrc0): llvm.genx.dpas* calls named after
; the result and the sources whose types do not follow it (dpasw's
; accumulator has the result's type); the operation's encoding comes from
; the template arguments as i32 (enumerators, ints), the declarations do
; not access memory.
; RUN: sycl-opt -passes=LowerESIMD -S %s -o - | FileCheck %s

; CHECK-LABEL: define spir_func void @f(
; CHECK-NEXT: %d.esimd = call <16 x float> @llvm.genx.dpas2.v16f32.v16i16.v128i32.v8i32(<16 x i16> %acc, <128 x i32> %b, <8 x i32> %a, i32 9, i32 9, i32 8, i32 1, i32 1, i32 0)
; CHECK-NEXT: %n.esimd = call <16 x float> @llvm.genx.dpas.nosrc0.v16f32.v128i32.v8i32(<128 x i32> %b, <8 x i32> %a, i32 134744586)
; CHECK-NEXT: %w.esimd = call <8 x float> @llvm.genx.dpasw.v8f32.v64i32.v4i32(<8 x float> %accw, <64 x i32> %bw, <4 x i32> %aw, i32 17303817)
; CHECK-NEXT: %wn.esimd = call <8 x float> @llvm.genx.dpasw.nosrc0.v8f32.v64i32.v4i32(<64 x i32> %bw, <4 x i32> %aw, i32 17303817)
; CHECK-NEXT: ret void
; CHECK: declare <16 x float> @llvm.genx.dpas2.v16f32.v16i16.v128i32.v8i32(<16 x i16>, <128 x i32>, <8 x i32>, i32, i32, i32, i32, i32, i32) #[[A:[0-9]+]]
; CHECK: declare <8 x float> @llvm.genx.dpasw.nosrc0.v8f32.v64i32.v4i32(<64 x i32>, <4 x i32>, i32) #[[A]]
; CHECK: attributes #[[A]] = { nounwind memory(none) }

target triple = "spir64-unknown-unknown"
declare spir_func <16 x float> @_Z13__esimd_dpas2ILN4sycl3_V13ext5intel5esimd3xmx18dpas_argument_typeE9ELS6_9ELi8ELi1EfsiiLi16ELi16ELi128ELi1ELi0EEDv16_T3_Dv16_T4_Dv128_T5_Dv8_T6_(<16 x i16>, <128 x i32>, <8 x i32>)
declare spir_func <16 x float> @_Z19__esimd_dpas_nosrc0ILi134744586EfiiLi16ELi128ELi8EEDv16_T0_Dv128_T1_Dv8_T2_(<128 x i32>, <8 x i32>)
declare spir_func <8 x float> @_Z13__esimd_dpaswILi17303817EfiiLi8ELi64ELi4EEDv8_T0_S2_Dv64_T1_Dv4_T2_(<8 x float>, <64 x i32>, <4 x i32>)
declare spir_func <8 x float> @_Z20__esimd_dpasw_nosrc0ILi17303817EfiiLi8ELi64ELi4EEDv8_T0_Dv64_T1_Dv4_T2_(<64 x i32>, <4 x i32>)

define spir_func void @f(<16 x i16> %acc, <128 x i32> %b, <8 x i32> %a, <8 x float> %accw, <64 x i32> %bw, <4 x i32> %aw) {
  %d = call spir_func <16 x float> @_Z13__esimd_dpas2ILN4sycl3_V13ext5intel5esimd3xmx18dpas_argument_typeE9ELS6_9ELi8ELi1EfsiiLi16ELi16ELi128ELi1ELi0EEDv16_T3_Dv16_T4_Dv128_T5_Dv8_T6_(<16 x i16> %acc, <128 x i32> %b, <8 x i32> %a)
  %n = call spir_func <16 x float> @_Z19__esimd_dpas_nosrc0ILi134744586EfiiLi16ELi128ELi8EEDv16_T0_Dv128_T1_Dv8_T2_(<128 x i32> %b, <8 x i32> %a)
  %w = call spir_func <8 x float> @_Z13__esimd_dpaswILi17303817EfiiLi8ELi64ELi4EEDv8_T0_S2_Dv64_T1_Dv4_T2_(<8 x float> %accw, <64 x i32> %bw, <4 x i32> %aw)
  %wn = call spir_func <8 x float> @_Z20__esimd_dpasw_nosrc0ILi17303817EfiiLi8ELi64ELi4EEDv8_T0_Dv64_T1_Dv4_T2_(<64 x i32> %bw, <4 x i32> %aw)
  ret void
}
