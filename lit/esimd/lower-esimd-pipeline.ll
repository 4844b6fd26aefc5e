; -lower-esimd runs the ESIMD lowering pipeline on an ESIMD image: the
; __esimd_* calls become llvm.genx.* intrinsics, the optimization passes
; remove what is left dead (the unused SPIR-V builtin load, then the image's
; cleanup the builtin's declaration, as upstream's prepareModuleBeforeSave
; does), and the GenX
; writer adaptor turns the kernel metadata into attributes: "VCFunction" on
; every function, "VCSLMSize"/"VCNamedBarrierCount" and the argument IO kinds
; on kernels, "VCGlobalVariable" on globals, and intel_reqd_sub_group_size 1.
; No !genx.kernels metadata is left. -force-disable-esimd-opt keeps the dead
; load; -O levels change nothing (only that option turns the passes off).
; The image counts as modified, so it is written even alone.
; RUN: sycl-post-link -properties -split-esimd -lower-esimd -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.esimd.ll --check-prefixes=CHECK,OPT --implicit-check-not=genx.kernels
; RUN: FileCheck %s --input-file=%t.table --check-prefix=TABLE
; RUN: sycl-post-link -properties -split-esimd -lower-esimd -O0 -S < %s -o %t.o0.table
; RUN: diff %t_0.esimd.ll %t.o0_0.esimd.ll
; RUN: sycl-post-link -properties -split-esimd -lower-esimd -force-disable-esimd-opt -S < %s -o %t.noopt.table
; RUN: FileCheck %s --input-file=%t.noopt_0.esimd.ll --check-prefixes=CHECK,NOOPT
; Without -lower-esimd nothing is lowered.
; RUN: sycl-post-link -properties -split-esimd -S < %s -o %t.plain.table
; RUN: FileCheck %s --input-file=%t.plain_0.esimd.ll --check-prefix=PLAIN

; TABLE: [Code|Properties]
; TABLE-NEXT: {{.*}}_0.esimd.ll|{{.*}}_0.esimd.prop

; OPT-NOT: @__spirv_BuiltInGlobalInvocationId
; NOOPT: @__spirv_BuiltInGlobalInvocationId = {{.*}} #[[#GLOBAL:]]
; CHECK: define dso_local spir_kernel void @ESIMD_kernel(ptr addrspace(1) noundef align 4 "VCArgumentIOKind"="0" %out, i32 "VCArgumentIOKind"="0" %n) #[[#KERNEL:]] !sycl_explicit_simd ![[#]] !intel_reqd_sub_group_size ![[#SG:]] {
; NOOPT-NEXT: entry:
; NOOPT-NEXT: load <3 x i64>
; OPT-NEXT: entry:
; OPT-NEXT: call void @llvm.genx.barrier()
; NOOPT-NEXT: call void @llvm.genx.barrier()
; CHECK-NEXT: call void @llvm.genx.fence(i8 3)
; CHECK: declare void @llvm.genx.barrier() #[[#DECL:]]
; NOOPT: attributes #[[#GLOBAL]] = { "VCGlobalVariable" }
; CHECK: attributes #[[#KERNEL]] = { "CMGenxMain" "VCFunction" "VCNamedBarrierCount"="0" "VCSLMSize"="0" "oclrt"="1" "sycl-entry-point" "sycl-module-id"="a.cpp" }
; CHECK: attributes #[[#DECL]] = { convergent nounwind "VCFunction" }
; CHECK: ![[#SG]] = !{i32 1}

; PLAIN: load <3 x i64>
; PLAIN: call spir_func void @_Z15__esimd_barrierv()

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

@__spirv_BuiltInGlobalInvocationId = external dso_local local_unnamed_addr addrspace(1) constant <3 x i64>, align 32

declare dso_local spir_func void @_Z13__esimd_fenceh(i8 noundef zeroext)
declare dso_local spir_func void @_Z15__esimd_barrierv()

define dso_local spir_kernel void @ESIMD_kernel(ptr addrspace(1) noundef align 4 %out, i32 %n) #0 !sycl_explicit_simd !0 {
entry:
  %id = load <3 x i64>, ptr addrspace(4) addrspacecast (ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId to ptr addrspace(4)), align 32
  call spir_func void @_Z15__esimd_barrierv()
  call spir_func void @_Z13__esimd_fenceh(i8 3)
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{}
