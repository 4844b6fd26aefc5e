; LowerESIMD on the remaining table rows: surface-index media block loads
; and stores and masked scaled gathers, the named-barrier signal (a raw
; send without result), bfn, srnd, the bfloat16/tf32 conversions, addc and
; subb (whose pair result, returned through the caller's slot, becomes the
; GenX intrinsic's {carry, value} structure stored to that slot), upstream's
; template-argument test intrinsic (declared without overloads or
; attributes), and the fcmpwr atomics (dword.atomic.fcmpwr also spells the
; offsets' type, as do the dword fadd/fsub atomics). An unnamed call's
; result is named '.esimd'.
; RUN: split-file %s %t
; RUN: sycl-opt -passes=LowerESIMD -S %t/other.ll -o - | FileCheck %s
; RUN: not sycl-opt -passes=LowerESIMD -S %t/bad-pair.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=PAIR
; RUN: sycl-opt -passes=LowerESIMD -S %t/fadd.ll -o - | FileCheck %s --check-prefix=FADD

; CHECK-LABEL: define spir_func void @f(
; CHECK-NEXT: %ml.esimd = call <32 x i32> @llvm.genx.media.ld.v32i32(i32 0, i32 %si, i32 0, i32 32, i32 %x, i32 %y)
; CHECK-NEXT: call void @llvm.genx.media.st.v32i32(i32 0, i32 %si, i32 0, i32 32, i32 %x, i32 %y, <32 x i32> %v)
; CHECK-NEXT: [[M:%.*]] = icmp ne <8 x i16> %m, zeroinitializer
; CHECK-NEXT: %gm.esimd = call <8 x i32> @llvm.genx.gather.masked.scaled2.v8i32.v8i32.v8i1(i32 2, i16 0, i32 %si, i32 %g, <8 x i32> %off, <8 x i1> [[M]])
; CHECK-NEXT: [[M:%.*]] = icmp ne <8 x i16> %m, zeroinitializer
; CHECK-NEXT: %g4m.esimd = call <32 x i32> @llvm.genx.gather4.masked.scaled2.v32i32.v8i32.v8i1(i32 12, i16 0, i32 %si, i32 %g, <8 x i32> %off, <8 x i1> [[M]])
; CHECK-NEXT: [[M:%.*]] = icmp ne <16 x i16> %m16, zeroinitializer
; CHECK-NEXT: %g4.esimd = call <32 x i32> @llvm.genx.gather4.scaled.v32i32.v16i1.v16i32(<16 x i1> [[M]], i32 3, i16 0, i32 %si, i32 %g, <16 x i32> %off16, <32 x i32> undef)
; CHECK-NEXT: call void @llvm.genx.raw.send.noresult.i1.v8i32(i32 0, i1 true, i32 3, i32 33554436, <8 x i32> %a)
; CHECK-NEXT: %bf.esimd = call <8 x i32> @llvm.genx.bfn.v8i32.v8i32(<8 x i32> %a, <8 x i32> %a, <8 x i32> %a, i8 -1)
; CHECK-NEXT: %sr.esimd = call <16 x half> @llvm.genx.srnd.v16f16.v16f32.v16f32(<16 x float> %f, <16 x float> %f)
; CHECK-NEXT: %bc.esimd = call <16 x half> @llvm.genx.bf.cvt.v16f16.v16f32(<16 x float> %f)
; CHECK-NEXT: %tc.esimd = call <16 x i32> @llvm.genx.tf32.cvt.v16i32.v16f32(<16 x float> %f)
; CHECK-NEXT: %r = alloca %"struct.std::pair", align 32
; CHECK-NEXT: %r.ascast = addrspacecast ptr %r to ptr addrspace(4)
; CHECK-NEXT: %.esimd = call { <8 x i32>, <8 x i32> } @llvm.genx.addc.v8i32.v8i32(<8 x i32> %a, <8 x i32> %off)
; CHECK-NEXT: store { <8 x i32>, <8 x i32> } %.esimd, ptr %r, align 32
; CHECK-NEXT: %.esimd1 = call { <8 x i32>, <8 x i32> } @llvm.genx.subb.v8i32.v8i32(<8 x i32> %a, <8 x i32> %off)
; CHECK-NEXT: store { <8 x i32>, <8 x i32> } %.esimd1, ptr %r, align 32
; CHECK-NEXT: call void @llvm.genx.test.src.tmpl.arg(i32 3, i1 true, i8 7, i16 11, i32 13, i8 17)
; CHECK-NEXT: [[M:%.*]] = icmp ne <8 x i16> %m, zeroinitializer
; CHECK-NEXT: %fc.esimd = call <8 x float> @llvm.genx.dword.atomic.fcmpwr.v8f32.v8i1.v8i32(<8 x i1> [[M]], i32 %si, <8 x i32> %off, <8 x float> %s0, <8 x float> %s0, <8 x float> undef)
; CHECK-NEXT: [[M:%.*]] = icmp ne <8 x i16> %m, zeroinitializer
; CHECK-NEXT: %sc.esimd = call <8 x float> @llvm.genx.svm.atomic.fcmpwr.v8f32.v8i1.v8i64(<8 x i1> [[M]], <8 x i64> %addrs, <8 x float> %s0, <8 x float> %s0, <8 x float> undef)
; CHECK-NEXT: ret void
; CHECK: declare { <8 x i32>, <8 x i32> } @llvm.genx.addc.v8i32.v8i32(<8 x i32>, <8 x i32>) #[[NOMEM:[0-9]+]]
; CHECK: declare void @llvm.genx.test.src.tmpl.arg(i32, i1, i8, i16, i32, i8){{$}}
; CHECK: attributes #[[NOMEM]] = { nounwind memory(none) }

; FADD: %r.esimd = call <8 x float> @llvm.genx.dword.atomic.fadd.v8f32.v8i1.v8i32(<8 x i1> %{{.*}}, i32 %si, <8 x i32> %off, <8 x float> %s, <8 x float> undef)

; PAIR: error: {{.*}}: ESIMD lowering: result address of ESIMD intrinsic '_Z12__esimd_addcIjLi8EESt4pairIDv8_T_S2_ES2_S2_' (not an addrspacecast instruction): not supported

;--- other.ll
target triple = "spir64-unknown-unknown"

%"struct.std::pair" = type { <8 x i32>, <8 x i32> }

declare spir_func <32 x i32> @_Z16__esimd_media_ldIiLi4ELi8ELi0EjLi0ELi32EEDv32_T_T3_jj(i32, i32, i32)
declare spir_func void @_Z16__esimd_media_stIiLi4ELi8ELi0EjLi0ELi32EEvT3_jjDv32_T_(i32, i32, i32, <32 x i32>)
declare spir_func <8 x i32> @_Z29__esimd_gather_masked_scaled2IiLi8EjLi2ELs0EEDv8_T_T1_jDv8_jDv8_t(i32, i32, <8 x i32>, <8 x i16>)
declare spir_func <32 x i32> @_Z30__esimd_gather4_masked_scaled2IiLi8ELi12EjLs0EEDv32_T_T2_jDv8_jDv8_t(i32, i32, <8 x i32>, <8 x i16>)
declare spir_func <32 x i32> @_Z22__esimd_gather4_scaledIiLi16EjLi3ELs0EEDv32_T_Dv16_tT1_jDv16_j(<16 x i16>, i32, i32, <16 x i32>)
declare spir_func void @_Z32__esimd_raw_send_nbarrier_signalIjLi8EEvjjjDv8_T_t(i32, i32, i32, <8 x i32>, i16)
declare spir_func <8 x i32> @_Z11__esimd_bfnILh255EiLi8EEDv8_T0_S1_S1_S1_(<8 x i32>, <8 x i32>, <8 x i32>)
declare spir_func <16 x half> @_Z12__esimd_srndIDF16_fLi16EEDv16_T_Dv16_T0_S3_(<16 x float>, <16 x float>)
declare spir_func <16 x half> @_Z14__esimd_bf_cvtIDF16_fLi16EEDv16_T_Dv16_T0_(<16 x float>)
declare spir_func <16 x i32> @_Z16__esimd_tf32_cvtIjfLi16EEDv16_T_Dv16_T0_(<16 x float>)
declare spir_func void @_Z12__esimd_addcIjLi8EESt4pairIDv8_T_S2_ES2_S2_(ptr addrspace(4) sret(%"struct.std::pair"), <8 x i32>, <8 x i32>)
declare spir_func void @_Z12__esimd_subbIjLi8EESt4pairIDv8_T_S2_ES2_S2_(ptr addrspace(4) sret(%"struct.std::pair"), <8 x i32>, <8 x i32>)
declare spir_func void @_Z25__esimd_test_src_tmpl_argILi3ELi5ELi7ELi11ELi13EEvv()
declare spir_func <8 x float> @_Z21__esimd_dword_atomic2ILN4sycl3_V13ext5intel5esimd9atomic_opE18EfLi8EjEDv8_T0_Dv8_tT2_Dv8_jS7_S7_(<8 x i16>, i32, <8 x i32>, <8 x float>, <8 x float>)
declare spir_func <8 x float> @_Z19__esimd_svm_atomic2ILN4sycl3_V13ext5intel5esimd9atomic_opE18EfLi8EEDv8_T0_Dv8_yS6_S6_Dv8_t(<8 x i64>, <8 x float>, <8 x float>, <8 x i16>)

define spir_func void @f(i32 %si, i32 %x, i32 %y, <32 x i32> %v, i32 %g, <8 x i32> %off, <8 x i16> %m, <16 x i16> %m16, <16 x i32> %off16, <8 x i32> %a, <16 x float> %f, <8 x float> %s0, <8 x i64> %addrs) {
  %ml = call spir_func <32 x i32> @_Z16__esimd_media_ldIiLi4ELi8ELi0EjLi0ELi32EEDv32_T_T3_jj(i32 %si, i32 %x, i32 %y)
  call spir_func void @_Z16__esimd_media_stIiLi4ELi8ELi0EjLi0ELi32EEvT3_jjDv32_T_(i32 %si, i32 %x, i32 %y, <32 x i32> %v)
  %gm = call spir_func <8 x i32> @_Z29__esimd_gather_masked_scaled2IiLi8EjLi2ELs0EEDv8_T_T1_jDv8_jDv8_t(i32 %si, i32 %g, <8 x i32> %off, <8 x i16> %m)
  %g4m = call spir_func <32 x i32> @_Z30__esimd_gather4_masked_scaled2IiLi8ELi12EjLs0EEDv32_T_T2_jDv8_jDv8_t(i32 %si, i32 %g, <8 x i32> %off, <8 x i16> %m)
  %g4 = call spir_func <32 x i32> @_Z22__esimd_gather4_scaledIiLi16EjLi3ELs0EEDv32_T_Dv16_tT1_jDv16_j(<16 x i16> %m16, i32 %si, i32 %g, <16 x i32> %off16)
  call spir_func void @_Z32__esimd_raw_send_nbarrier_signalIjLi8EEvjjjDv8_T_t(i32 0, i32 3, i32 33554436, <8 x i32> %a, i16 1)
  %bf = call spir_func <8 x i32> @_Z11__esimd_bfnILh255EiLi8EEDv8_T0_S1_S1_S1_(<8 x i32> %a, <8 x i32> %a, <8 x i32> %a)
  %sr = call spir_func <16 x half> @_Z12__esimd_srndIDF16_fLi16EEDv16_T_Dv16_T0_S3_(<16 x float> %f, <16 x float> %f)
  %bc = call spir_func <16 x half> @_Z14__esimd_bf_cvtIDF16_fLi16EEDv16_T_Dv16_T0_(<16 x float> %f)
  %tc = call spir_func <16 x i32> @_Z16__esimd_tf32_cvtIjfLi16EEDv16_T_Dv16_T0_(<16 x float> %f)
  %r = alloca %"struct.std::pair", align 32
  %r.ascast = addrspacecast ptr %r to ptr addrspace(4)
  call spir_func void @_Z12__esimd_addcIjLi8EESt4pairIDv8_T_S2_ES2_S2_(ptr addrspace(4) sret(%"struct.std::pair") %r.ascast, <8 x i32> %a, <8 x i32> %off)
  call spir_func void @_Z12__esimd_subbIjLi8EESt4pairIDv8_T_S2_ES2_S2_(ptr addrspace(4) sret(%"struct.std::pair") %r.ascast, <8 x i32> %a, <8 x i32> %off)
  call spir_func void @_Z25__esimd_test_src_tmpl_argILi3ELi5ELi7ELi11ELi13EEvv()
  %fc = call spir_func <8 x float> @_Z21__esimd_dword_atomic2ILN4sycl3_V13ext5intel5esimd9atomic_opE18EfLi8EjEDv8_T0_Dv8_tT2_Dv8_jS7_S7_(<8 x i16> %m, i32 %si, <8 x i32> %off, <8 x float> %s0, <8 x float> %s0)
  %sc = call spir_func <8 x float> @_Z19__esimd_svm_atomic2ILN4sycl3_V13ext5intel5esimd9atomic_opE18EfLi8EEDv8_T0_Dv8_yS6_S6_Dv8_t(<8 x i64> %addrs, <8 x float> %s0, <8 x float> %s0, <8 x i16> %m)
  ret void
}

;--- bad-pair.ll
%"struct.std::pair" = type { <8 x i32>, <8 x i32> }
declare spir_func void @_Z12__esimd_addcIjLi8EESt4pairIDv8_T_S2_ES2_S2_(ptr addrspace(4) sret(%"struct.std::pair"), <8 x i32>, <8 x i32>)
define spir_func void @g(ptr addrspace(4) %slot, <8 x i32> %a) {
  call spir_func void @_Z12__esimd_addcIjLi8EESt4pairIDv8_T_S2_ES2_S2_(ptr addrspace(4) sret(%"struct.std::pair") %slot, <8 x i32> %a, <8 x i32> %a)
  ret void
}

;--- fadd.ll
declare spir_func <8 x float> @_Z21__esimd_dword_atomic1ILN4sycl3_V13ext5intel5esimd9atomic_opE19EfLi8EjEDv8_T0_Dv8_tT2_Dv8_jS7_(<8 x i16>, i32, <8 x i32>, <8 x float>)
define spir_func <8 x float> @f(<8 x i16> %m, i32 %si, <8 x i32> %off, <8 x float> %s) {
  %r = call spir_func <8 x float> @_Z21__esimd_dword_atomic1ILN4sycl3_V13ext5intel5esimd9atomic_opE19EfLi8EjEDv8_T0_Dv8_tT2_Dv8_jS7_(<8 x i16> %m, i32 %si, <8 x i32> %off, <8 x float> %s)
  ret <8 x float> %r
}
