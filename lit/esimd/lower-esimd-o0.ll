; Upstream's sycl-esimd/sycl-post-link-test.ll and sycl-esimd/basic-esimd-lower.ll
; as of their newest stored revisions: the -O levels do not change the ESIMD
; lowering pipeline (llvm/lib/SYCLPostLink/ESIMDPostSplitProcessing.cpp,
; buildESIMDLoweringPipeline(const ESIMDProcessingOptions &), reads only
; ForceDisableESIMDOpt; revisions before it skipped the passes at -O0, and
; their tests ran "-O0" alone); "-O0 lowering, requires
; -force-disable-esimd-opt to disable all optimizations".
; - without -lower-esimd nothing is lowered;
; - default, -O2 and -O0: the ESIMD intrinsics are lowered and the
;   optimization passes remove what is dead (the builtin load, the unused
;   extractelement) and fold the sub-group builtins' constants;
; - -O0 -force-disable-esimd-opt (with or without -split=none): lowered only,
;   the IR upstream's test expects (%conv.i = zext i32 0 to i64 kept).
; RUN: sycl-post-link -properties -split-esimd -S < %s -o %t.plain.table
; RUN: FileCheck %s --input-file=%t.plain_0.esimd.ll --check-prefix=PLAIN
; RUN: sycl-post-link -properties -split-esimd -lower-esimd -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.esimd.ll --check-prefix=OPT
; RUN: sycl-post-link -properties -split-esimd -lower-esimd -O2 -S < %s -o %t.o2.table
; RUN: FileCheck %s --input-file=%t.o2_0.esimd.ll --check-prefix=OPT
; RUN: sycl-post-link -properties -split-esimd -lower-esimd -O0 -S < %s -o %t.o0.table
; RUN: FileCheck %s --input-file=%t.o0_0.esimd.ll --check-prefix=OPT
; RUN: sycl-post-link -properties -split-esimd -lower-esimd -O0 -force-disable-esimd-opt -S < %s -o %t.noopt.table
; RUN: FileCheck %s --input-file=%t.noopt_0.esimd.ll --check-prefix=NOOPT
; RUN: sycl-post-link -split=none -properties -split-esimd -lower-esimd -O0 -force-disable-esimd-opt -S < %s -o %t.none.table
; RUN: FileCheck %s --input-file=%t.none_0.esimd.ll --check-prefix=NOOPT

; PLAIN-LABEL: define dso_local spir_kernel void @kernel_SubgroupLocalInvocationId(
; PLAIN: %0 = load i32, ptr addrspace(1) @__spirv_BuiltInSubgroupLocalInvocationId, align 4
; PLAIN-LABEL: define dso_local spir_kernel void @ESIMD_kernel()
; PLAIN-NEXT: entry:
; PLAIN-NEXT: %0 = load <3 x i64>, ptr addrspace(4) addrspacecast (ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId to ptr addrspace(4)), align 32
; PLAIN-NEXT: %1 = extractelement <3 x i64> %0, i64 0
; PLAIN-NEXT: call spir_func void @_Z15__esimd_barrierv()
; PLAIN-NEXT: ret void

; OPT-LABEL: define dso_local spir_kernel void @kernel_SubgroupLocalInvocationId(
; OPT-NEXT: entry:
; OPT-NEXT: store i64 0, ptr addrspace(1) %_arg_DoNotOptimize, align 8
; OPT-NEXT: store i32 3, ptr addrspace(1) %_arg_DoNotOptimize32, align 4
; OPT-LABEL: define dso_local spir_kernel void @kernel_SubgroupSize(
; OPT-NEXT: entry:
; OPT-NEXT: store i64 1, ptr addrspace(1) %_arg_DoNotOptimize, align 8
; OPT-NEXT: store i32 8, ptr addrspace(1) %_arg_DoNotOptimize32, align 4
; OPT-LABEL: define dso_local spir_kernel void @ESIMD_kernel()
; OPT-NEXT: entry:
; OPT-NEXT: call void @llvm.genx.barrier()
; OPT-NEXT: ret void

; NOOPT-LABEL: define dso_local spir_kernel void @kernel_SubgroupLocalInvocationId(
; NOOPT-NEXT: entry:
; NOOPT-NEXT: %conv.i = zext i32 0 to i64
; NOOPT-NEXT: store i64 %conv.i, ptr addrspace(1) %_arg_DoNotOptimize, align 8
; NOOPT-NEXT: %add.i = add i32 0, 3
; NOOPT-NEXT: store i32 %add.i, ptr addrspace(1) %_arg_DoNotOptimize32, align 4
; NOOPT-LABEL: define dso_local spir_kernel void @kernel_SubgroupSize(
; NOOPT-NEXT: entry:
; NOOPT-NEXT: %conv.i = zext i32 1 to i64
; NOOPT-NEXT: store i64 %conv.i, ptr addrspace(1) %_arg_DoNotOptimize, align 8
; NOOPT-NEXT: %add.i = add i32 1, 7
; NOOPT-LABEL: define dso_local spir_kernel void @ESIMD_kernel() #{{[0-9]+}} !sycl_explicit_simd ![[#]] !intel_reqd_sub_group_size ![[#]] {
; NOOPT-NEXT: entry:
; NOOPT-NEXT: %0 = load <3 x i64>, ptr addrspace(4) addrspacecast (ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId to ptr addrspace(4)), align 32
; NOOPT-NEXT: %1 = extractelement <3 x i64> %0, i64 0
; NOOPT-NEXT: call void @llvm.genx.barrier()
; NOOPT-NEXT: ret void

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@__spirv_BuiltInSubgroupLocalInvocationId = external dso_local local_unnamed_addr addrspace(1) constant i32, align 4
@__spirv_BuiltInSubgroupSize = external dso_local local_unnamed_addr addrspace(1) constant i32, align 4
@__spirv_BuiltInGlobalInvocationId = external dso_local local_unnamed_addr addrspace(1) constant <3 x i64>, align 32

declare dso_local spir_func void @_Z15__esimd_barrierv()

define dso_local spir_kernel void @kernel_SubgroupLocalInvocationId(ptr addrspace(1) noundef align 8 %_arg_DoNotOptimize, ptr addrspace(1) noundef align 4 %_arg_DoNotOptimize32) #0 !sycl_explicit_simd !0 {
entry:
  %0 = load i32, ptr addrspace(1) @__spirv_BuiltInSubgroupLocalInvocationId, align 4
  %conv.i = zext i32 %0 to i64
  store i64 %conv.i, ptr addrspace(1) %_arg_DoNotOptimize, align 8
  %add.i = add i32 %0, 3
  store i32 %add.i, ptr addrspace(1) %_arg_DoNotOptimize32, align 4
  ret void
}

define dso_local spir_kernel void @kernel_SubgroupSize(ptr addrspace(1) noundef align 8 %_arg_DoNotOptimize, ptr addrspace(1) noundef align 4 %_arg_DoNotOptimize32) #0 !sycl_explicit_simd !0 {
entry:
  %0 = load i32, ptr addrspace(1) @__spirv_BuiltInSubgroupSize, align 4
  %conv.i = zext i32 %0 to i64
  store i64 %conv.i, ptr addrspace(1) %_arg_DoNotOptimize, align 8
  %add.i = add i32 %0, 7
  store i32 %add.i, ptr addrspace(1) %_arg_DoNotOptimize32, align 4
  ret void
}

define dso_local spir_kernel void @ESIMD_kernel() #0 !sycl_explicit_simd !0 {
entry:
  %0 = load <3 x i64>, ptr addrspace(4) addrspacecast (ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId to ptr addrspace(4)), align 32
  %1 = extractelement <3 x i64> %0, i64 0
  call spir_func void @_Z15__esimd_barrierv()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{}
