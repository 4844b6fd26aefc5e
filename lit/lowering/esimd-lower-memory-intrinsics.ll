; LowerESIMD on the memory intrinsics of the table: SVM gathers and atomics
; (the operation, a template argument, names the intrinsic: .add), with iN
; predicates turned into i1 and undef "old values" of the result type; and
; on __esimd_gather_ld/__esimd_slm_scatter_st, which become LLVM's masked
; gather/scatter on the offsets turned into generic (SLM: addrspace(3))
; pointers, with the alignment of their template argument. An
; atomic row refuses operations whose GenX overloads it was not checked for
; (here cmpxchg through the one-source row).
; RUN: split-file %s %t
; RUN: sycl-opt -passes=LowerESIMD -S %t/ok.ll -o - | FileCheck %s
; RUN: not sycl-opt -passes=LowerESIMD -S %t/cmpxchg.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=OP
; RUN: sycl-opt -passes=LowerESIMD -S %t/gather.ll -o - | FileCheck %s --check-prefix=MASKED

; CHECK: [[P1:%.*]] = icmp ne <8 x i16> %m, zeroinitializer
; CHECK-NEXT: %r.esimd = call <8 x i32> @llvm.genx.svm.atomic.add.v8i32.v8i1.v8i64(<8 x i1> [[P1]], <8 x i64> %a, <8 x i32> %v, <8 x i32> undef)
; CHECK-NEXT: [[P2:%.*]] = icmp ne <8 x i16> %m, zeroinitializer
; CHECK-NEXT: %g.esimd = call <8 x i32> @llvm.genx.svm.gather.v8i32.v8i1.v8i64(<8 x i1> [[P2]], i32 1, <8 x i64> %a, <8 x i32> undef)
; CHECK: declare <8 x i32> @llvm.genx.svm.atomic.add.v8i32.v8i1.v8i64(<8 x i1>, <8 x i64>, <8 x i32>, <8 x i32>) #[[#SE:]]
; CHECK: attributes #[[#SE]] = { nounwind }

; OP: error: {{.*}}: ESIMD lowering: atomic operation 7 of ESIMD intrinsic '_Z19__esimd_svm_atomic1ILN4sycl3_V13ext5intel5esimd9atomic_opE7EiLi8EEDv8_T0_Dv8_yS7_Dv8_t': not supported

; MASKED: [[M1:%.*]] = icmp ne <8 x i16> %m, zeroinitializer
; MASKED-NEXT: [[P1:%.*]] = inttoptr <8 x i64> %a to <8 x ptr addrspace(4)>
; MASKED-NEXT: [[G:%.*]] = call <8 x i32> @llvm.masked.gather.v8i32.v8p4(<8 x ptr addrspace(4)> align 4 [[P1]], <8 x i1> [[M1]], <8 x i32> zeroinitializer)
; MASKED-NEXT: [[M2:%.*]] = icmp ne <8 x i16> %m, zeroinitializer
; MASKED-NEXT: [[P2:%.*]] = inttoptr <8 x i32> %o to <8 x ptr addrspace(3)>
; MASKED-NEXT: call void @llvm.masked.scatter.v8i32.v8p3(<8 x i32> [[G]], <8 x ptr addrspace(3)> align 4 [[P2]], <8 x i1> [[M2]])
; MASKED-NEXT: ret void

;--- ok.ll
target triple = "spir64-unknown-unknown"
declare spir_func <8 x i32> @_Z19__esimd_svm_atomic1ILN4sycl3_V13ext5intel5esimd9atomic_opE0EiLi8EEDv8_T0_Dv8_yS7_Dv8_t(<8 x i64>, <8 x i32>, <8 x i16>)
declare spir_func <8 x i32> @_Z18__esimd_svm_gatherIiLi8ELi0ELi1EEDv8_T_Dv8_yDv8_t(<8 x i64>, <8 x i16>)
define spir_func void @f(<8 x i64> %a, <8 x i32> %v, <8 x i16> %m) !sycl_explicit_simd !0 {
  %r = call spir_func <8 x i32> @_Z19__esimd_svm_atomic1ILN4sycl3_V13ext5intel5esimd9atomic_opE0EiLi8EEDv8_T0_Dv8_yS7_Dv8_t(<8 x i64> %a, <8 x i32> %v, <8 x i16> %m)
  %g = call spir_func <8 x i32> @_Z18__esimd_svm_gatherIiLi8ELi0ELi1EEDv8_T_Dv8_yDv8_t(<8 x i64> %a, <8 x i16> %m)
  ret void
}
!0 = !{}

;--- cmpxchg.ll
declare spir_func <8 x i32> @_Z19__esimd_svm_atomic1ILN4sycl3_V13ext5intel5esimd9atomic_opE7EiLi8EEDv8_T0_Dv8_yS7_Dv8_t(<8 x i64>, <8 x i32>, <8 x i16>)
define spir_func void @g(<8 x i64> %a, <8 x i32> %v, <8 x i16> %m) !sycl_explicit_simd !0 {
  %r = call spir_func <8 x i32> @_Z19__esimd_svm_atomic1ILN4sycl3_V13ext5intel5esimd9atomic_opE7EiLi8EEDv8_T0_Dv8_yS7_Dv8_t(<8 x i64> %a, <8 x i32> %v, <8 x i16> %m)
  ret void
}
!0 = !{}

;--- gather.ll
declare spir_func <8 x i32> @_Z17__esimd_gather_ldIiLi8ELm4EEDv8_T_Dv8_mDv8_tS1_(<8 x i64>, <8 x i16>, <8 x i32>)
declare spir_func void @_Z22__esimd_slm_scatter_stIiLi8ELm4EEvDv8_T_Dv8_jDv8_t(<8 x i32>, <8 x i32>, <8 x i16>)
define spir_kernel void @k(<8 x i64> %a, <8 x i32> %o, <8 x i16> %m) !sycl_explicit_simd !0 {
  %v = call spir_func <8 x i32> @_Z17__esimd_gather_ldIiLi8ELm4EEDv8_T_Dv8_mDv8_tS1_(<8 x i64> %a, <8 x i16> %m, <8 x i32> zeroinitializer)
  call spir_func void @_Z22__esimd_slm_scatter_stIiLi8ELm4EEvDv8_T_Dv8_jDv8_t(<8 x i32> %v, <8 x i32> %o, <8 x i16> %m)
  ret void
}
!0 = !{}
