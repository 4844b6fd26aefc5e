; ESIMDLowerLoadStore: llvm.genx.vload/vstore calls whose address is not a
; genx_volatile global (after stripping pointer casts) become plain loads
; and stores; those of such a global keep the intrinsic, re-declared for the
; global's own address space when the address was cast to another.
; RUN: sycl-opt -passes=ESIMDLowerLoadStore -S %s -o - | FileCheck %s
; RUN: sycl-opt -ESIMDLowerLoadStore -S %s -o - | FileCheck %s

; CHECK-LABEL: define spir_func <8 x i32> @f(
; CHECK-NEXT: %v1 = load <8 x i32>, ptr addrspace(4) %p, align 32
; CHECK-NEXT: %w2 = call <16 x float> @llvm.genx.vload.v16f32.p0(ptr @vol)
; CHECK-NEXT: call void @llvm.genx.vstore.v16f32.p0(<16 x float> %w2, ptr @vol)
; CHECK-NEXT: call void @llvm.genx.vstore.v16f32.p0(<16 x float> %x, ptr @vol)
; CHECK-NEXT: store <16 x float> %x, ptr addrspace(4) addrspacecast (ptr @plain to ptr addrspace(4)), align 64
; CHECK-NEXT: ret <8 x i32> %v1
; CHECK: declare <16 x float> @llvm.genx.vload.v16f32.p0(ptr) #[[A:[0-9]+]]
; CHECK: attributes #[[A]] = { nounwind }

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
@vol = dso_local global <16 x float> zeroinitializer, align 64 #0
@plain = dso_local global <16 x float> zeroinitializer, align 64
declare <8 x i32> @llvm.genx.vload.v8i32.p4(ptr addrspace(4))
declare <16 x float> @llvm.genx.vload.v16f32.p4(ptr addrspace(4))
declare void @llvm.genx.vstore.v16f32.p4(<16 x float>, ptr addrspace(4))
declare void @llvm.genx.vstore.v16f32.p0(<16 x float>, ptr)
define spir_func <8 x i32> @f(ptr addrspace(4) %p, <16 x float> %x) {
  %v = call <8 x i32> @llvm.genx.vload.v8i32.p4(ptr addrspace(4) %p)
  %w = call <16 x float> @llvm.genx.vload.v16f32.p4(ptr addrspace(4) addrspacecast (ptr @vol to ptr addrspace(4)))
  call void @llvm.genx.vstore.v16f32.p4(<16 x float> %w, ptr addrspace(4) addrspacecast (ptr @vol to ptr addrspace(4)))
  call void @llvm.genx.vstore.v16f32.p0(<16 x float> %x, ptr @vol)
  call void @llvm.genx.vstore.v16f32.p4(<16 x float> %x, ptr addrspace(4) addrspacecast (ptr @plain to ptr addrspace(4)))
  ret <8 x i32> %v
}
attributes #0 = { "genx_volatile" }
