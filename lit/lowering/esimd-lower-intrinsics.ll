; LowerESIMD (sycl-opt -passes=LowerESIMD) on the ESIMD intrinsics it
; supports: table entries become llvm.genx.* calls named after their
; overloaded types (the result and, for some, arguments), with integer
; template arguments read from the mangled name and iN masks turned into i1
; with icmp ne; the special cases become plain IR: fmadd -> llvm.fma,
; pack_mask/unpack_mask -> i1 vector bitcasts, svm/slm block loads and
; stores -> aligned loads and stores (SLM offsets through inttoptr to
; addrspace(3)), vload/vstore -> load/store; llvm.fmuladd -> fmul + fadd,
; llvm.assume goes; vector fptoui/fptosi to narrow integers go through i32
; (scalar ones and fptosi to i32 stay).
; RUN: sycl-opt -passes=LowerESIMD -S %s -o - | FileCheck %s

; CHECK-LABEL: define spir_func void @f(
; CHECK-NEXT: %r.esimd = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 8, i32 1, i32 1, i16 4, i32 0)
; CHECK-NEXT: [[MASK:%.*]] = icmp ne <8 x i16> %m, zeroinitializer
; CHECK-NEXT: %w.esimd = call <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.v8i1(<16 x float> %fv, <8 x float> %sub, i32 0, i32 8, i32 1, i16 0, i32 0, <8 x i1> [[MASK]])
; CHECK-NEXT: %i.esimd = call <16 x float> @llvm.genx.inv.v16f32(<16 x float> %w.esimd)
; CHECK-NEXT: %x.esimd = call <16 x i32> @llvm.genx.umax.v16i32.v16i32(<16 x i32> %v, <16 x i32> %v)
; CHECK-NEXT: %ab.esimd = call <16 x i32> @llvm.genx.absi.v16i32(<16 x i32> %x.esimd)
; CHECK-NEXT: %any.esimd = call i1 @llvm.genx.any.v16i1(<16 x i1> zeroinitializer)
; CHECK-NEXT: %any.esimd.cast.ty = zext i1 %any.esimd to i16
; CHECK-NEXT: call <16 x float> @llvm.fma.v16f32(<16 x float> %i.esimd, <16 x float> %i.esimd, <16 x float> %i.esimd)
; CHECK-NEXT: [[B:%.*]] = icmp ne <8 x i16> %m, zeroinitializer
; CHECK-NEXT: [[I8:%.*]] = bitcast <8 x i1> [[B]] to i8
; CHECK-NEXT: [[PK:%.*]] = zext i8 [[I8]] to i32
; CHECK-NEXT: [[V:%.*]] = bitcast i32 [[PK]] to <32 x i1>
; CHECK-NEXT: %up = zext <32 x i1> [[V]] to <32 x i16>
; CHECK-NEXT: [[BL:%.*]] = load <8 x i32>, ptr addrspace(4) %addr, align 16
; CHECK-NEXT: [[SLM:%.*]] = inttoptr i32 %slm to ptr addrspace(3)
; CHECK-NEXT: store <8 x i32> [[BL]], ptr addrspace(3) [[SLM]], align 64
; CHECK-NEXT: [[VL:%.*]] = load <8 x i32>, ptr addrspace(4) %p, align 32
; CHECK-NEXT: store <8 x i32> [[VL]], ptr addrspace(4) %p, align 32
; CHECK-NEXT: [[MUL:%.*]] = fmul float %a, %a
; CHECK-NEXT: fadd float [[MUL]], %a
; CHECK-NEXT: [[U32:%.*]] = fptoui <4 x float> %f4 to <4 x i32>
; CHECK-NEXT: trunc <4 x i32> [[U32]] to <4 x i8>
; CHECK-NEXT: [[S32:%.*]] = fptosi <4 x float> %f4 to <4 x i32>
; CHECK-NEXT: trunc <4 x i32> [[S32]] to <4 x i16>
; CHECK-NEXT: %keep = fptosi <4 x float> %f4 to <4 x i32>
; CHECK-NEXT: %scalar = fptoui float %a to i8
; CHECK-NEXT: ret void

; CHECK-DAG: declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32) #[[#NOMEM:]]
; CHECK-DAG: attributes #[[#NOMEM]] = { nounwind memory(none) }

target triple = "spir64-unknown-unknown"

declare spir_func <8 x i32> @_Z16__esimd_rdregionIiLi16ELi8ELi8ELi1ELi1ELi0EEDv8_T_Dv16_S0_t(<16 x i32>, i16)
declare spir_func <16 x float> @_Z16__esimd_wrregionIfLi16ELi8ELi0ELi8ELi1ELi0EEDv16_T_S1_Dv8_S0_tDv8_t(<16 x float>, <8 x float>, i16, <8 x i16>)
declare spir_func <16 x float> @_Z11__esimd_invIfLi16EEDv16_T_S1_(<16 x float>)
declare spir_func <16 x i32> @_Z12__esimd_umaxIjLi16EEDv16_T_S1_S1_(<16 x i32>, <16 x i32>)
declare spir_func <16 x i32> @_Z11__esimd_absIiLi16EEDv16_T_S1_(<16 x i32>)
declare spir_func i16 @_Z11__esimd_anyItLi16EEtDv16_T_(<16 x i16>)
declare spir_func <16 x float> @_Z13__esimd_fmaddIfLi16EEDv16_T_S1_S1_S1_(<16 x float>, <16 x float>, <16 x float>)
declare spir_func i32 @_Z17__esimd_pack_maskILi8EEjDv8_t(<8 x i16>)
declare spir_func <32 x i16> @_Z19__esimd_unpack_maskILi32EEDv32_tj(i32)
declare spir_func <8 x i32> @_Z20__esimd_svm_block_ldIiLi8ELm16EEDv8_T_PKS0_(ptr addrspace(4))
declare spir_func void @_Z20__esimd_slm_block_stIiLi8ELm64EEvjDv8_T_(i32, <8 x i32>)
declare spir_func <8 x i32> @_Z13__esimd_vloadIiLi8EEDv8_T_PKS1_(ptr addrspace(4))
declare spir_func void @_Z14__esimd_vstoreIiLi8EEvPDv8_T_S1_(ptr addrspace(4), <8 x i32>)
declare float @llvm.fmuladd.f32(float, float, float)
declare void @llvm.assume(i1)

define spir_func void @f(<16 x i32> %v, <16 x float> %fv, <8 x float> %sub, <8 x i16> %m, ptr addrspace(4) %p, ptr addrspace(4) %addr, i32 %slm, <4 x float> %f4, float %a, i1 %c) !sycl_explicit_simd !0 {
  %r = call spir_func <8 x i32> @_Z16__esimd_rdregionIiLi16ELi8ELi8ELi1ELi1ELi0EEDv8_T_Dv16_S0_t(<16 x i32> %v, i16 4)
  %w = call spir_func <16 x float> @_Z16__esimd_wrregionIfLi16ELi8ELi0ELi8ELi1ELi0EEDv16_T_S1_Dv8_S0_tDv8_t(<16 x float> %fv, <8 x float> %sub, i16 0, <8 x i16> %m)
  %i = call spir_func <16 x float> @_Z11__esimd_invIfLi16EEDv16_T_S1_(<16 x float> %w)
  %x = call spir_func <16 x i32> @_Z12__esimd_umaxIjLi16EEDv16_T_S1_S1_(<16 x i32> %v, <16 x i32> %v)
  %ab = call spir_func <16 x i32> @_Z11__esimd_absIiLi16EEDv16_T_S1_(<16 x i32> %x)
  %any = call spir_func i16 @_Z11__esimd_anyItLi16EEtDv16_T_(<16 x i16> zeroinitializer)
  %fma = call spir_func <16 x float> @_Z13__esimd_fmaddIfLi16EEDv16_T_S1_S1_S1_(<16 x float> %i, <16 x float> %i, <16 x float> %i)
  %pk = call spir_func i32 @_Z17__esimd_pack_maskILi8EEjDv8_t(<8 x i16> %m)
  %up = call spir_func <32 x i16> @_Z19__esimd_unpack_maskILi32EEDv32_tj(i32 %pk)
  %bl = call spir_func <8 x i32> @_Z20__esimd_svm_block_ldIiLi8ELm16EEDv8_T_PKS0_(ptr addrspace(4) %addr)
  call spir_func void @_Z20__esimd_slm_block_stIiLi8ELm64EEvjDv8_T_(i32 %slm, <8 x i32> %bl)
  %vl = call spir_func <8 x i32> @_Z13__esimd_vloadIiLi8EEDv8_T_PKS1_(ptr addrspace(4) %p)
  call spir_func void @_Z14__esimd_vstoreIiLi8EEvPDv8_T_S1_(ptr addrspace(4) %p, <8 x i32> %vl)
  %ma = call float @llvm.fmuladd.f32(float %a, float %a, float %a)
  call void @llvm.assume(i1 %c)
  %cv = fptoui <4 x float> %f4 to <4 x i8>
  %cs = fptosi <4 x float> %f4 to <4 x i16>
  %keep = fptosi <4 x float> %f4 to <4 x i32>
  %scalar = fptoui float %a to i8
  ret void
}
!0 = !{}
