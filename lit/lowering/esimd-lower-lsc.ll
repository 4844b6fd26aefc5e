; LowerESIMD on the LSC memory intrinsics (__esimd_lsc_*): each becomes its
; llvm.genx.lsc.* intrinsic named after the overloaded result, predicate,
; address and stored-data types (as upstream's ESIMD tests spell them); the
; iN predicate becomes i1 with icmp ne, the sub-opcode and cache hints,
; address scale, offset, data and vector size and order come from the
; template arguments as i8/i16/i32 constants whatever their C++ type (enum,
; unsigned char, unsigned short, int, bool), the surface is i32 0 for SLM
; and stateless access, and atomics without sources get undef operands.
; A bti surface index that is not an i32 is refused with an error naming
; the intrinsic.
; RUN: split-file %s %t
; RUN: sycl-opt -passes=LowerESIMD -S %t/lsc.ll -o - | FileCheck %s
; RUN: sycl-post-link -split-esimd -lower-esimd -S %t/kernel.ll -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out_0.esimd.ll --check-prefix=POSTLINK
; RUN: not sycl-opt -passes=LowerESIMD -S %t/bad-surface.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=SURFACE

; CHECK-LABEL: define spir_func void @f(
; CHECK-NEXT: [[P:%.*]] = icmp ne <1 x i16> %p1, zeroinitializer
; CHECK-NEXT: %ld.esimd = call <4 x i32> @llvm.genx.lsc.load.stateless.v4i32.v1i1.v1i64(<1 x i1> [[P]], i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 4, i8 2, i8 0, <1 x i64> %a1, i32 0)
; CHECK-NEXT: [[P:%.*]] = icmp ne <8 x i16> %p8, zeroinitializer
; CHECK-NEXT: %lm.esimd = call <8 x float> @llvm.genx.lsc.load.merge.slm.v8f32.v8i1.v8i32(<8 x i1> [[P]], i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <8 x i32> %o8, i32 0, <8 x float> %old)
; CHECK-NEXT: [[P:%.*]] = icmp ne <4 x i16> %p4, zeroinitializer
; CHECK-NEXT: %lb.esimd = call <4 x i32> @llvm.genx.lsc.load.bti.v4i32.v4i1.v4i32(<4 x i1> [[P]], i8 0, i8 1, i8 2, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <4 x i32> %o4, i32 %si)
; CHECK-NEXT: [[P:%.*]] = icmp ne <4 x i16> %p4, zeroinitializer
; CHECK-NEXT: call void @llvm.genx.lsc.prefetch.stateless.v4i1.v4i64(<4 x i1> [[P]], i8 0, i8 1, i8 2, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <4 x i64> %a4, i32 0)
; CHECK-NEXT: [[P:%.*]] = icmp ne <4 x i16> %p4, zeroinitializer
; CHECK-NEXT: call void @llvm.genx.lsc.store.stateless.v4i1.v4i64.v4i32(<4 x i1> [[P]], i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <4 x i64> %a4, <4 x i32> %d4, i32 0)
; CHECK-NEXT: [[P:%.*]] = icmp ne <1 x i16> %p1, zeroinitializer
; CHECK-NEXT: call void @llvm.genx.lsc.store.bti.v1i1.v1i32.v4i32(<1 x i1> [[P]], i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 4, i8 2, i8 0, <1 x i32> %o1, <4 x i32> %d4, i32 %si)
; CHECK-NEXT: [[P:%.*]] = icmp ne <4 x i16> %p4, zeroinitializer
; CHECK-NEXT: %x0.esimd = call <4 x i32> @llvm.genx.lsc.xatomic.stateless.v4i32.v4i1.v4i64(<4 x i1> [[P]], i8 8, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <4 x i64> %a4, <4 x i32> undef, <4 x i32> undef, i32 0, <4 x i32> undef)
; CHECK-NEXT: [[P:%.*]] = icmp ne <4 x i16> %p4, zeroinitializer
; CHECK-NEXT: %x1.esimd = call <4 x i32> @llvm.genx.lsc.xatomic.slm.v4i32.v4i1.v4i32(<4 x i1> [[P]], i8 12, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <4 x i32> %o4, <4 x i32> %d4, <4 x i32> undef, i32 0, <4 x i32> undef)
; CHECK-NEXT: [[P:%.*]] = icmp ne <4 x i16> %p4, zeroinitializer
; CHECK-NEXT: %x2.esimd = call <4 x i32> @llvm.genx.lsc.xatomic.bti.v4i32.v4i1.v4i32(<4 x i1> [[P]], i8 18, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <4 x i32> %o4, <4 x i32> %d4, <4 x i32> %x1.esimd, i32 %si, <4 x i32> undef)
; CHECK-NEXT: [[P:%.*]] = icmp ne <32 x i16> %p32, zeroinitializer
; CHECK-NEXT: %b2.esimd = call <32 x i32> @llvm.genx.lsc.load2d.stateless.v32i32.v32i1.i64(<32 x i1> [[P]], i8 1, i8 1, i8 2, i8 0, i8 0, i16 4, i16 4, i8 0, i64 %base, i32 %w, i32 %w, i32 %w, i32 %w, i32 %w)
; CHECK-NEXT: [[P:%.*]] = icmp ne <32 x i16> %p32, zeroinitializer
; CHECK-NEXT: call void @llvm.genx.lsc.prefetch2d.stateless.v32i1.i64(<32 x i1> [[P]], i8 1, i8 2, i8 2, i8 0, i8 0, i16 4, i16 4, i8 0, i64 %base, i32 %w, i32 %w, i32 %w, i32 %w, i32 %w)
; CHECK-NEXT: [[P:%.*]] = icmp ne <16 x i16> %p16, zeroinitializer
; CHECK-NEXT: call void @llvm.genx.lsc.store2d.stateless.v16i1.i64.v16i32(<16 x i1> [[P]], i8 1, i8 1, i8 2, i8 0, i8 0, i16 4, i16 4, i8 0, i64 %base, i32 %w, i32 %w, i32 %w, i32 %w, i32 %w, <16 x i32> %d16)
; CHECK-NEXT: [[P:%.*]] = icmp ne <16 x i16> %p16, zeroinitializer
; CHECK-NEXT: call void @llvm.genx.lsc.fence.v16i1(<16 x i1> [[P]], i8 3, i8 0, i8 0)
; CHECK-NEXT: ret void
; CHECK: declare <4 x i32> @llvm.genx.lsc.load.stateless.v4i32.v1i1.v1i64(<1 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <1 x i64>, i32) #[[A:[0-9]+]]
; CHECK: declare void @llvm.genx.lsc.fence.v16i1(<16 x i1>, i8, i8, i8) #[[A]]
; CHECK: attributes #[[A]] = { nounwind }

; POSTLINK: define spir_kernel void @k(ptr addrspace(1) "VCArgumentIOKind"="0" %p)
; POSTLINK: %v.esimd = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.v8i1.v8i64(<8 x i1> splat (i1 true), i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <8 x i64> %{{.*}}, i32 0)
; POSTLINK: call void @llvm.genx.lsc.store.stateless.v8i1.v8i64.v8i32(<8 x i1> splat (i1 true), i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <8 x i64> %{{.*}}, <8 x i32> %v.esimd, i32 0)
; POSTLINK-NOT: __esimd_lsc

; SURFACE: sycl-opt: error: {{.*}}bad-surface.ll: LowerESIMD: ESIMD lowering: surface index argument 2 of ESIMD intrinsic '_Z20__esimd_lsc_load_btiIiLN4sycl3_V13ext5intel5esimd10cache_hintE1ELS5_2ELt1ELi0ELh3ELh1ELh1ELi4EjEDv4_T_Dv4_tDv4_jT8_' (not an i32): not supported

;--- lsc.ll
target triple = "spir64-unknown-unknown"

declare spir_func <4 x i32> @_Z26__esimd_lsc_load_statelessIiLN4sycl3_V13ext5intel5esimd10cache_hintE0ELS5_0ELt1ELi0ELh3ELh4ELh2ELi1EEDv4_T_Dv1_tDv1_m(<1 x i16>, <1 x i64>)
declare spir_func <8 x float> @_Z26__esimd_lsc_load_merge_slmIfLN4sycl3_V13ext5intel5esimd10cache_hintE0ELS5_0ELt1ELi0ELh3ELh1ELh1ELi8EEDv8_T_Dv8_tDv8_jS6_(<8 x i16>, <8 x i32>, <8 x float>)
declare spir_func <4 x i32> @_Z20__esimd_lsc_load_btiIiLN4sycl3_V13ext5intel5esimd10cache_hintE1ELS5_2ELt1ELi0ELh3ELh1ELh1ELi4EjEDv4_T_Dv4_tDv4_jT8_(<4 x i16>, <4 x i32>, i32)
declare spir_func void @_Z30__esimd_lsc_prefetch_statelessIiLN4sycl3_V13ext5intel5esimd10cache_hintE1ELS5_2ELt1ELi0ELh3ELh1ELh1ELi4EEvDv4_tDv4_m(<4 x i16>, <4 x i64>)
declare spir_func void @_Z27__esimd_lsc_store_statelessIiLN4sycl3_V13ext5intel5esimd10cache_hintE0ELS5_0ELt1ELi0ELh3ELh1ELh1ELi4EEvDv4_tDv4_mDv4_T_(<4 x i16>, <4 x i64>, <4 x i32>)
declare spir_func void @_Z21__esimd_lsc_store_btiIiLN4sycl3_V13ext5intel5esimd10cache_hintE0ELS5_0ELt1ELi0ELh3ELh4ELh2ELi1EjEvDv1_tDv1_jDv4_T_T8_(<1 x i16>, <1 x i32>, <4 x i32>, i32)
declare spir_func <4 x i32> @_Z31__esimd_lsc_xatomic_stateless_0IiLh8ELN4sycl3_V13ext5intel5esimd10cache_hintE0ELS5_0ELt1ELi0ELh3ELh1ELh1ELi4EEDv4_T_Dv4_tDv4_m(<4 x i16>, <4 x i64>)
declare spir_func <4 x i32> @_Z25__esimd_lsc_xatomic_slm_1IiLh12ELN4sycl3_V13ext5intel5esimd10cache_hintE0ELS5_0ELt1ELi0ELh3ELh1ELh1ELi4EEDv4_T_Dv4_tDv4_jS6_(<4 x i16>, <4 x i32>, <4 x i32>)
declare spir_func <4 x i32> @_Z25__esimd_lsc_xatomic_bti_2IiLh18ELN4sycl3_V13ext5intel5esimd10cache_hintE0ELS5_0ELt1ELi0ELh3ELh1ELh1ELi4EjEDv4_T_Dv4_tDv4_jS6_S6_T9_(<4 x i16>, <4 x i32>, <4 x i32>, <4 x i32>, i32)
declare spir_func <32 x i32> @_Z28__esimd_lsc_load2d_statelessIiLN4sycl3_V13ext5intel5esimd10cache_hintE1ELS5_1ELh2ELb0ELb0ELi4ELi4ELh0ELi32EEDv32_T_Dv32_tmiiiii(<32 x i16>, i64, i32, i32, i32, i32, i32)
declare spir_func void @_Z32__esimd_lsc_prefetch2d_statelessIiLN4sycl3_V13ext5intel5esimd10cache_hintE1ELS5_2ELh2ELb0ELb0ELi4ELi4ELh0ELi32EEvDv32_tmiiiii(<32 x i16>, i64, i32, i32, i32, i32, i32)
declare spir_func void @_Z29__esimd_lsc_store2d_statelessIiLN4sycl3_V13ext5intel5esimd10cache_hintE1ELS5_1ELh2ELb0ELb0ELi4ELi4ELh0ELi16EEvDv16_tmiiiiiDv16_T_(<16 x i16>, i64, i32, i32, i32, i32, i32, <16 x i32>)
declare spir_func void @_Z17__esimd_lsc_fenceILh3ELh0ELh0ELi16EEvDv16_t(<16 x i16>)

define spir_func void @f(<1 x i16> %p1, <1 x i64> %a1, <8 x i16> %p8, <8 x i32> %o8, <8 x float> %old, <4 x i16> %p4, <4 x i32> %o4, i32 %si, <4 x i64> %a4, <4 x i32> %d4, <1 x i32> %o1, <32 x i16> %p32, <16 x i16> %p16, i64 %base, i32 %w, <16 x i32> %d16) {
  %ld = call spir_func <4 x i32> @_Z26__esimd_lsc_load_statelessIiLN4sycl3_V13ext5intel5esimd10cache_hintE0ELS5_0ELt1ELi0ELh3ELh4ELh2ELi1EEDv4_T_Dv1_tDv1_m(<1 x i16> %p1, <1 x i64> %a1)
  %lm = call spir_func <8 x float> @_Z26__esimd_lsc_load_merge_slmIfLN4sycl3_V13ext5intel5esimd10cache_hintE0ELS5_0ELt1ELi0ELh3ELh1ELh1ELi8EEDv8_T_Dv8_tDv8_jS6_(<8 x i16> %p8, <8 x i32> %o8, <8 x float> %old)
  %lb = call spir_func <4 x i32> @_Z20__esimd_lsc_load_btiIiLN4sycl3_V13ext5intel5esimd10cache_hintE1ELS5_2ELt1ELi0ELh3ELh1ELh1ELi4EjEDv4_T_Dv4_tDv4_jT8_(<4 x i16> %p4, <4 x i32> %o4, i32 %si)
  call spir_func void @_Z30__esimd_lsc_prefetch_statelessIiLN4sycl3_V13ext5intel5esimd10cache_hintE1ELS5_2ELt1ELi0ELh3ELh1ELh1ELi4EEvDv4_tDv4_m(<4 x i16> %p4, <4 x i64> %a4)
  call spir_func void @_Z27__esimd_lsc_store_statelessIiLN4sycl3_V13ext5intel5esimd10cache_hintE0ELS5_0ELt1ELi0ELh3ELh1ELh1ELi4EEvDv4_tDv4_mDv4_T_(<4 x i16> %p4, <4 x i64> %a4, <4 x i32> %d4)
  call spir_func void @_Z21__esimd_lsc_store_btiIiLN4sycl3_V13ext5intel5esimd10cache_hintE0ELS5_0ELt1ELi0ELh3ELh4ELh2ELi1EjEvDv1_tDv1_jDv4_T_T8_(<1 x i16> %p1, <1 x i32> %o1, <4 x i32> %d4, i32 %si)
  %x0 = call spir_func <4 x i32> @_Z31__esimd_lsc_xatomic_stateless_0IiLh8ELN4sycl3_V13ext5intel5esimd10cache_hintE0ELS5_0ELt1ELi0ELh3ELh1ELh1ELi4EEDv4_T_Dv4_tDv4_m(<4 x i16> %p4, <4 x i64> %a4)
  %x1 = call spir_func <4 x i32> @_Z25__esimd_lsc_xatomic_slm_1IiLh12ELN4sycl3_V13ext5intel5esimd10cache_hintE0ELS5_0ELt1ELi0ELh3ELh1ELh1ELi4EEDv4_T_Dv4_tDv4_jS6_(<4 x i16> %p4, <4 x i32> %o4, <4 x i32> %d4)
  %x2 = call spir_func <4 x i32> @_Z25__esimd_lsc_xatomic_bti_2IiLh18ELN4sycl3_V13ext5intel5esimd10cache_hintE0ELS5_0ELt1ELi0ELh3ELh1ELh1ELi4EjEDv4_T_Dv4_tDv4_jS6_S6_T9_(<4 x i16> %p4, <4 x i32> %o4, <4 x i32> %d4, <4 x i32> %x1, i32 %si)
  %b2 = call spir_func <32 x i32> @_Z28__esimd_lsc_load2d_statelessIiLN4sycl3_V13ext5intel5esimd10cache_hintE1ELS5_1ELh2ELb0ELb0ELi4ELi4ELh0ELi32EEDv32_T_Dv32_tmiiiii(<32 x i16> %p32, i64 %base, i32 %w, i32 %w, i32 %w, i32 %w, i32 %w)
  call spir_func void @_Z32__esimd_lsc_prefetch2d_statelessIiLN4sycl3_V13ext5intel5esimd10cache_hintE1ELS5_2ELh2ELb0ELb0ELi4ELi4ELh0ELi32EEvDv32_tmiiiii(<32 x i16> %p32, i64 %base, i32 %w, i32 %w, i32 %w, i32 %w, i32 %w)
  call spir_func void @_Z29__esimd_lsc_store2d_statelessIiLN4sycl3_V13ext5intel5esimd10cache_hintE1ELS5_1ELh2ELb0ELb0ELi4ELi4ELh0ELi16EEvDv16_tmiiiiiDv16_T_(<16 x i16> %p16, i64 %base, i32 %w, i32 %w, i32 %w, i32 %w, i32 %w, <16 x i32> %d16)
  call spir_func void @_Z17__esimd_lsc_fenceILh3ELh0ELh0ELi16EEvDv16_t(<16 x i16> %p16)
  ret void
}

;--- kernel.ll
target triple = "spir64-unknown-unknown"
declare spir_func <8 x i32> @_Z26__esimd_lsc_load_statelessIiLN4sycl3_V13ext5intel5esimd10cache_hintE0ELS5_0ELt1ELi0ELh3ELh1ELh1ELi8EEDv8_T_Dv8_tDv8_m(<8 x i16>, <8 x i64>)
declare spir_func void @_Z27__esimd_lsc_store_statelessIiLN4sycl3_V13ext5intel5esimd10cache_hintE0ELS5_0ELt1ELi0ELh3ELh1ELh1ELi8EEvDv8_tDv8_mDv8_T_(<8 x i16>, <8 x i64>, <8 x i32>)
define spir_kernel void @k(ptr addrspace(1) %p) #0 !sycl_explicit_simd !0 {
  %a = ptrtoint ptr addrspace(1) %p to i64
  %h = insertelement <8 x i64> poison, i64 %a, i32 0
  %s = shufflevector <8 x i64> %h, <8 x i64> poison, <8 x i32> zeroinitializer
  %v = call spir_func <8 x i32> @_Z26__esimd_lsc_load_statelessIiLN4sycl3_V13ext5intel5esimd10cache_hintE0ELS5_0ELt1ELi0ELh3ELh1ELh1ELi8EEDv8_T_Dv8_tDv8_m(<8 x i16> splat (i16 1), <8 x i64> %s)
  call spir_func void @_Z27__esimd_lsc_store_statelessIiLN4sycl3_V13ext5intel5esimd10cache_hintE0ELS5_0ELt1ELi0ELh3ELh1ELh1ELi8EEvDv8_tDv8_mDv8_T_(<8 x i16> splat (i16 1), <8 x i64> %s, <8 x i32> %v)
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" }
!0 = !{}

;--- bad-surface.ll
declare spir_func <4 x i32> @_Z20__esimd_lsc_load_btiIiLN4sycl3_V13ext5intel5esimd10cache_hintE1ELS5_2ELt1ELi0ELh3ELh1ELh1ELi4EjEDv4_T_Dv4_tDv4_jT8_(<4 x i16>, <4 x i32>, i64)
define spir_func <4 x i32> @g(<4 x i16> %p, <4 x i32> %o, i64 %si) {
  %r = call spir_func <4 x i32> @_Z20__esimd_lsc_load_btiIiLN4sycl3_V13ext5intel5esimd10cache_hintE1ELS5_2ELt1ELi0ELh3ELh1ELh1ELi4EjEDv4_T_Dv4_tDv4_jT8_(<4 x i16> %p, <4 x i32> %o, i64 %si)
  ret <4 x i32> %r
}
