; Emulated specialization constants: every use becomes a load from the
; run-time buffer (the intrinsic's last argument) at the constant's offset,
; aligned for its type. The padding needed before a constant is announced on
; the previous constant's metadata entry ({-1, size of previous, padding}) and
; as a [N x i8] zeroinitializer default value. A bool is loaded as i8 and
; truncated. The older spelling -spec-const=default means emulation.
; RUN: sycl-post-link -properties -spec-const=emulation -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=PROP
; RUN: sycl-post-link -properties -spec-const=default -S < %s -o %t.def.table
; RUN: diff %t_0.ll %t.def_0.ll

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.Pair = type { i32, double }

@n.half = private unnamed_addr constant [2 x i8] c"H\00"
@n.int = private unnamed_addr constant [2 x i8] c"I\00"
@n.pair = private unnamed_addr constant [2 x i8] c"P\00"
@n.bool = private unnamed_addr constant [2 x i8] c"B\00"
@id_half = internal addrspace(1) constant { half } { half 0xH3C00 }
@id_int = internal addrspace(1) constant { i32 } { i32 7 }
@id_pair = internal addrspace(1) constant { %struct.Pair } { %struct.Pair { i32 5, double 1.5 } }
@id_bool = internal addrspace(1) constant { i8 } { i8 1 }

; CHECK-LABEL: define spir_kernel void @k(
define spir_kernel void @k(ptr addrspace(1) %buf) #0 {
  %b = addrspacecast ptr addrspace(1) %buf to ptr addrspace(4)
  %h = call spir_func half @_Z37__sycl_getScalar2020SpecConstantValueIDhET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @n.half to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_half to ptr addrspace(4)), ptr addrspace(4) %b)
; CHECK: %gep = getelementptr i8, ptr addrspace(4) %b, i32 0
; CHECK-NEXT: %bc = bitcast ptr addrspace(4) %gep to ptr addrspace(4)
; CHECK-NEXT: %load = load half, ptr addrspace(4) %bc, align 2
  %i = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @n.int to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_int to ptr addrspace(4)), ptr addrspace(4) %b)
; CHECK: getelementptr i8, ptr addrspace(4) %b, i32 4
; CHECK: load i32, ptr addrspace(4) %{{.*}}, align 4
  %p = alloca %struct.Pair, align 8
  %p4 = addrspacecast ptr %p to ptr addrspace(4)
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI4PairET_PKcPKvS5_(ptr addrspace(4) sret(%struct.Pair) align 8 %p4, ptr addrspace(4) addrspacecast (ptr @n.pair to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_pair to ptr addrspace(4)), ptr addrspace(4) %b)
; CHECK: getelementptr i8, ptr addrspace(4) %b, i32 8
; CHECK: %[[P:load[0-9]*]] = load %struct.Pair, ptr addrspace(4) %{{.*}}, align 8
; CHECK-NEXT: store %struct.Pair %[[P]], ptr addrspace(4) %p4, align 8
  %c = call spir_func zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @n.bool to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_bool to ptr addrspace(4)), ptr addrspace(4) %b)
; CHECK: %[[G:gep[0-9]*]] = getelementptr i8, ptr addrspace(4) %b, i32 24
; CHECK-NEXT: %[[L:load[0-9]*]] = load i8, ptr addrspace(4) %[[G]], align 1
; CHECK-NEXT: %tobool = trunc i8 %[[L]] to i1
; CHECK-NEXT: zext i1 %tobool to i8
  %z = zext i1 %c to i8
  ret void
}

declare spir_func half @_Z37__sycl_getScalar2020SpecConstantValueIDhET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI4PairET_PKcPKvS5_(ptr addrspace(4) sret(%struct.Pair), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))

attributes #0 = { "sycl-module-id"="a.cpp" }

; CHECK-NOT: __spirv_SpecConstant
; CHECK: !sycl.specialization-constants = !{![[#MH:]], ![[#MI:]], ![[#MP:]], ![[#MB:]]}
; CHECK: !sycl.specialization-constants-default-values = !{![[#DH:]], ![[#DPAD:]], ![[#DI:]], ![[#DP:]], ![[#DB:]]}
; CHECK: ![[#MH]] = !{!"H", i32 0, i32 0, i32 2, i32 -1, i32 2, i32 2}
; CHECK: ![[#MI]] = !{!"I", i32 1, i32 0, i32 4}
; CHECK: ![[#MP]] = !{!"P", i32 2, i32 0, i32 16}
; CHECK: ![[#MB]] = !{!"B", i32 3, i32 0, i32 1}
; CHECK: ![[#DH]] = !{half 0xH3C00}
; CHECK: ![[#DPAD]] = !{[2 x i8] zeroinitializer}
; CHECK: ![[#DI]] = !{i32 7}

; The buffer image: 3C00 at 0, 2 bytes of padding, 7 at 4, {5, pad, 1.5} at 8, true at 24.
; PROP: [SYCL/specialization constants]
; PROP-NEXT: H=2|ADAAAAAAAAAAAAAAAAAAAIAAAAw/////CAAAAIAAAAA
; PROP-NEXT: I=2|gBAAAAAAAAQAAAAAAAAAAQAAAAA
; PROP-NEXT: P=2|gBAAAAAAAAgAAAAAAAAAAABAAAA
; PROP-NEXT: B=2|gBAAAAAAAAwAAAAAAAAAAEAAAAA
; PROP-NEXT: [SYCL/specialization constants default values]
; PROP-NEXT: all=2|IDAAAAAAAAAA8AAAHAAAAUAAAAAAAAAAAAAAAAAA4/TA
