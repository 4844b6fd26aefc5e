; GenXSPIRVWriterAdaptor (sycl-opt -passes=GenXSPIRVWriterAdaptor): the
; !genx.kernels metadata becomes attributes and goes: a kernel gets
; spir_kernel, its metadata name, "VCSLMSize", "VCNamedBarrierCount" and the
; per-argument IO kinds; argument kinds and descriptors are dropped again
; once the argument types are rewritten (svmptr_t pointers stay global
; pointers, other general arguments keep their type). Every function but
; LLVM's own intrinsics gets "VCFunction", the CM attributes their VC
; counterparts, "oclrt" a required sub-group size, globals
; "VCGlobalVariable"/"VCVolatile"/"VCByteOffset"; a genx64 triple becomes
; spir64. Sampler and surface arguments: genx-spirv-writer-surface-args.ll.
; RUN: split-file %s %t
; RUN: sycl-opt -passes=GenXSPIRVWriterAdaptor -S %t/kernels.ll -o - | FileCheck %s --implicit-check-not=genx.kernels

; CHECK: target triple = "spir64"
; CHECK: @g = global i32 0, align 4 #[[#G:]]
; CHECK: @v = global i32 0, align 4 #[[#V:]]
; CHECK: define spir_kernel void @renamed(ptr addrspace(1) "VCArgumentIOKind"="0" %p, i32 "VCArgumentIOKind"="1" %n, ptr addrspace(3) "VCArgumentIOKind"="0" %l) #[[#K:]] !intel_reqd_sub_group_size ![[#SG:]] {
; CHECK: define spir_func void @callee() #[[#F:]] {
; CHECK: declare float @llvm.fabs.f32(float) #[[#INTR:]]
; CHECK: declare void @llvm.genx.barrier() #[[#F]]
; CHECK-DAG: attributes #[[#G]] = { "VCGlobalVariable" }
; CHECK-DAG: attributes #[[#V]] = { "VCByteOffset"="16" "VCGlobalVariable" "VCVolatile" "genx_byte_offset"="16" "genx_volatile" }
; CHECK-DAG: attributes #[[#K]] = { "CMGenxMain" "VCFunction" "VCNamedBarrierCount"="3" "VCSLMSize"="1024" "oclrt"="1" }
; CHECK-DAG: attributes #[[#F]] = { "CMFloatControl"="0x30" "CMStackCall" "VCFloatControl"="48" "VCFunction" "VCStackCall" }
; CHECK-DAG: attributes #[[#INTR]] = { {{.*}} }
; CHECK-DAG: ![[#SG]] = !{i32 1}

;--- kernels.ll
target triple = "genx64-unknown-unknown"

@g = global i32 0, align 4
@v = global i32 0, align 4 #2

define void @k(ptr addrspace(1) %p, i32 %n, ptr addrspace(3) %l) #0 {
  call spir_func void @callee()
  ret void
}

define spir_func void @callee() #1 {
  %a = call float @llvm.fabs.f32(float 1.0)
  call void @llvm.genx.barrier()
  ret void
}

declare float @llvm.fabs.f32(float)
declare void @llvm.genx.barrier() #1

attributes #0 = { "CMGenxMain" "oclrt"="1" }
attributes #1 = { "CMStackCall" "CMFloatControl"="0x30" }
attributes #2 = { "genx_volatile" "genx_byte_offset"="16" }

!genx.kernels = !{!0}
!0 = !{ptr @k, !"renamed", !1, i32 1024, i32 0, !2, !3, i32 3, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 0, i32 1, i32 0}
!3 = !{!"svmptr_t", !"", !""}
