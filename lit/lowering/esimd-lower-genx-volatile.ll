; LowerESIMD on genx_volatile globals (simd objects the VC back end keeps in
; registers): vloads and vstores of their vector types stay GenX intrinsics
; (llvm.genx.vload/vstore named after the data and pointer types), plain
; stores of those types become vstores through extern_weak
; _Z14__esimd_vstorev declarations, and every used simd-object global is
; retyped to its vector (same name, attributes, alignment; an undef
; initializer stays undef, any other becomes zeroinitializer). With such a
; global every function is inlined (noinline dropped), except the assert
; functions, which stay noinline. vloads of other types are plain loads.
; ESIMDLowerLoadStore then keeps the volatile accesses (in the global's
; address space) and turns the others into loads and stores; the post-link
; pipeline runs both.
; RUN: split-file %s %t
; RUN: sycl-opt -passes=LowerESIMD -S %t/volatile.ll -o - | FileCheck %s
; RUN: sycl-opt -passes=LowerESIMD,ESIMDLowerLoadStore -S %t/volatile.ll -o - | FileCheck %s --check-prefix=LS
; RUN: sycl-post-link -split-esimd -lower-esimd -S %t/volatile.ll -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out_0.esimd.ll --check-prefix=POSTLINK

; CHECK: @va = dso_local global <16 x float> zeroinitializer, align 64 #[[VOL:[0-9]+]]
; CHECK: @vb = dso_local global <16 x float> zeroinitializer, align 64 #[[VOL]]
; CHECK: @vu = dso_local global <8 x i32> undef, align 32
; CHECK-LABEL: define spir_kernel void @k(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a.esimd = call <16 x float> @llvm.genx.vload.v16f32.p4(ptr addrspace(4) addrspacecast (ptr @va to ptr addrspace(4)))
; CHECK-NEXT: call void @llvm.genx.vstore.v16f32.p4(<16 x float> %a.esimd, ptr addrspace(4) addrspacecast (ptr @vb to ptr addrspace(4)))
; CHECK-NEXT: %x = call <16 x float> asm "", "=rw"()
; CHECK-NEXT: call void @llvm.genx.vstore.v16f32.p0(<16 x float> %x, ptr @va)
; CHECK-NEXT: %u1 = load <8 x i32>, ptr addrspace(4) addrspacecast (ptr @vu to ptr addrspace(4)), align 32
; CHECK-NEXT: store <8 x i32> %u1, ptr addrspace(4) addrspacecast (ptr @vu to ptr addrspace(4)), align 32
; CHECK-NEXT: ret void
; CHECK: define dso_local spir_func void @helper() #[[INLINE:[0-9]+]]
; CHECK: define dso_local spir_func void @__assert_fail(ptr addrspace(4) %p) #[[NOINLINE:[0-9]+]]
; CHECK: declare extern_weak dso_local spir_func void @_Z14__esimd_vstorev(ptr, <16 x float>) #[[VSTORE:[0-9]+]]
; CHECK: declare <16 x float> @llvm.genx.vload.v16f32.p4(ptr addrspace(4)) #[[NOUNWIND:[0-9]+]]
; CHECK: declare void @llvm.genx.vstore.v16f32.p4(<16 x float>, ptr addrspace(4)) #[[NOUNWIND]]
; CHECK: declare void @llvm.genx.vstore.v16f32.p0(<16 x float>, ptr) #[[NOUNWIND]]
; CHECK: attributes #[[VOL]] = { "genx_byte_offset"="0" "genx_volatile" }
; CHECK: attributes #[[INLINE]] = { alwaysinline }
; CHECK: attributes #[[NOINLINE]] = { noinline }
; CHECK: attributes #[[VSTORE]] = { convergent nounwind }
; CHECK: attributes #[[NOUNWIND]] = { nounwind }

; LS-LABEL: define spir_kernel void @k(
; LS-NEXT: entry:
; LS-NEXT: [[A:%.*]] = call <16 x float> @llvm.genx.vload.v16f32.p0(ptr @va)
; LS-NEXT: call void @llvm.genx.vstore.v16f32.p0(<16 x float> [[A]], ptr @vb)
; LS-NEXT: %x = call <16 x float> asm "", "=rw"()
; LS-NEXT: call void @llvm.genx.vstore.v16f32.p0(<16 x float> %x, ptr @va)
; LS-NEXT: %u1 = load <8 x i32>, ptr addrspace(4) addrspacecast (ptr @vu to ptr addrspace(4)), align 32

; POSTLINK: @va = dso_local global <16 x float> zeroinitializer, align 64
; POSTLINK: call <16 x float> @llvm.genx.vload.v16f32.p0(ptr nonnull @va)
; POSTLINK: call void @llvm.genx.vstore.v16f32.p0(<16 x float> %{{.*}}, ptr nonnull @vb)
; POSTLINK-NOT: __esimd_v{{load|store}}

;--- volatile.ll
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%"class.sycl::_V1::ext::intel::esimd::simd" = type { %"class.sycl::_V1::ext::intel::esimd::detail::simd_obj_impl" }
%"class.sycl::_V1::ext::intel::esimd::detail::simd_obj_impl" = type { <16 x float> }
%"class.sycl::_V1::ext::intel::esimd::simd.0" = type { <8 x i32> }

@va = dso_local global %"class.sycl::_V1::ext::intel::esimd::simd" zeroinitializer, align 64 #0
@vb = dso_local global %"class.sycl::_V1::ext::intel::esimd::simd" zeroinitializer, align 64 #0
@vu = dso_local global %"class.sycl::_V1::ext::intel::esimd::simd.0" undef, align 32

define spir_kernel void @k() #1 !sycl_explicit_simd !0 {
entry:
  %a = call spir_func <16 x float> @_Z13__esimd_vloadIfLi16EEN4sycl3_V13ext5intel5esimd6detail15raw_vector_typeIT_XT0_EE4typeEPKS9_(ptr addrspace(4) addrspacecast (ptr @va to ptr addrspace(4)))
  call spir_func void @_Z14__esimd_vstoreIfLi16EEvPN4sycl3_V13ext5intel5esimd6detail15raw_vector_typeIT_XT0_EE4typeES9_(ptr addrspace(4) addrspacecast (ptr @vb to ptr addrspace(4)), <16 x float> %a)
  %x = call <16 x float> asm "", "=rw"()
  store <16 x float> %x, ptr @va
  %u = call spir_func <8 x i32> @_Z13__esimd_vloadIiLi8EEN4sycl3_V13ext5intel5esimd6detail15raw_vector_typeIT_XT0_EE4typeEPKS9_(ptr addrspace(4) addrspacecast (ptr @vu to ptr addrspace(4)))
  call spir_func void @_Z14__esimd_vstoreIiLi8EEvPN4sycl3_V13ext5intel5esimd6detail15raw_vector_typeIT_XT0_EE4typeES9_(ptr addrspace(4) addrspacecast (ptr @vu to ptr addrspace(4)), <8 x i32> %u)
  ret void
}

define dso_local spir_func void @helper() #2 {
  ret void
}

define dso_local spir_func void @__assert_fail(ptr addrspace(4) %p) {
  ret void
}

declare spir_func <16 x float> @_Z13__esimd_vloadIfLi16EEN4sycl3_V13ext5intel5esimd6detail15raw_vector_typeIT_XT0_EE4typeEPKS9_(ptr addrspace(4))
declare spir_func void @_Z14__esimd_vstoreIfLi16EEvPN4sycl3_V13ext5intel5esimd6detail15raw_vector_typeIT_XT0_EE4typeES9_(ptr addrspace(4), <16 x float>)
declare spir_func <8 x i32> @_Z13__esimd_vloadIiLi8EEN4sycl3_V13ext5intel5esimd6detail15raw_vector_typeIT_XT0_EE4typeEPKS9_(ptr addrspace(4))
declare spir_func void @_Z14__esimd_vstoreIiLi8EEvPN4sycl3_V13ext5intel5esimd6detail15raw_vector_typeIT_XT0_EE4typeES9_(ptr addrspace(4), <8 x i32>)

attributes #0 = { "genx_byte_offset"="0" "genx_volatile" }
attributes #1 = { "sycl-module-id"="a.cpp" }
attributes #2 = { noinline }
!0 = !{}
