; Native lowering of SYCL 2020 specialization constants (-O2 input shape):
; scalars become __spirv_SpecConstant calls and composites
; __spirv_SpecConstantComposite calls, with numeric IDs assigned per scalar
; leaf in order of first use; a constant used twice keeps its IDs. The older
; spelling -spec-const=rt means native.
; RUN: sycl-post-link -properties -spec-const=native -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=PROP
; RUN: sycl-post-link -properties -spec-const=rt -S < %s -o %t.rt.table
; RUN: diff %t_0.ll %t.rt_0.ll

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.Compos = type { i32, double, %struct.Inner }
%struct.Inner = type { i32, float }
%struct.Vec = type { <2 x i32> }
%struct.Arr = type { [2 x [3 x i32]] }

@n.half = private unnamed_addr constant [8 x i8] c"id_half\00"
@n.int = private unnamed_addr constant [7 x i8] c"id_int\00"
@n.comp = private unnamed_addr constant [8 x i8] c"id_comp\00"
@n.vec = private unnamed_addr constant [7 x i8] c"id_vec\00"
@n.arr = private unnamed_addr constant [7 x i8] c"id_arr\00"
@id_half = dso_local global { half } { half 0xH4000 }
@id_int = dso_local global { i32 } { i32 42 }
@id_comp = dso_local global { %struct.Compos } { %struct.Compos { i32 1, double 2.0, %struct.Inner { i32 13, float 8.5 } } }
@id_vec = dso_local global { %struct.Vec } { %struct.Vec { <2 x i32> <i32 1, i32 2> } }
@id_arr = dso_local global { %struct.Arr } zeroinitializer

; The specialization_id objects stay: debug info may refer to them.
; CHECK: @id_half =
; CHECK: @id_int =
; The symbolic-ID literals are gone.
; CHECK-NOT: @n.

; CHECK-LABEL: define spir_kernel void @k1(
define spir_kernel void @k1() #0 {
  %h = call half @_Z37__sycl_getScalar2020SpecConstantValueIDhET_PKcPvS3_(ptr @n.half, ptr @id_half, ptr null)
; CHECK: call spir_func half @_Z20__spirv_SpecConstantiDh(i32 [[#HALF:]], half 0xH4000)
  %i = call i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPvS3_(ptr @n.int, ptr @id_int, ptr null)
; CHECK: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 [[#INT:]], i32 42)
  %h2 = call half @_Z37__sycl_getScalar2020SpecConstantValueIDhET_PKcPvS3_(ptr @n.half, ptr @id_half, ptr null)
; CHECK: call spir_func half @_Z20__spirv_SpecConstantiDh(i32 [[#HALF]], half 0xH4000)
  ret void
}

; CHECK-LABEL: define spir_kernel void @k2(
define spir_kernel void @k2() #0 {
  %c = alloca %struct.Compos, align 8
  call void @_Z40__sycl_getComposite2020SpecConstantValueI6ComposET_PKcPvS4_(ptr sret(%struct.Compos) align 8 %c, ptr @n.comp, ptr @id_comp, ptr null)
; CHECK: %[[#S1:]] = call spir_func i32 @_Z20__spirv_SpecConstantii(i32 [[#C0:]], i32 1)
; CHECK-NEXT: %[[#S2:]] = call spir_func double @_Z20__spirv_SpecConstantid(i32 [[#C0+1]], double 2.000000e+00)
; CHECK-NEXT: %[[#S3:]] = call spir_func i32 @_Z20__spirv_SpecConstantii(i32 [[#C0+2]], i32 13)
; CHECK-NEXT: %[[#S4:]] = call spir_func float @_Z20__spirv_SpecConstantif(i32 [[#C0+3]], float 8.500000e+00)
; CHECK-NEXT: %[[#IN:]] = call spir_func %struct.Inner @_Z29__spirv_SpecConstantCompositeif_Rstruct.Inner(i32 %[[#S3]], float %[[#S4]])
; CHECK-NEXT: %[[#CO:]] = call spir_func %struct.Compos @_Z29__spirv_SpecConstantCompositeidstruct.Inner_Rstruct.Compos(i32 %[[#S1]], double %[[#S2]], %struct.Inner %[[#IN]])
; CHECK-NEXT: store %struct.Compos %[[#CO]], ptr %c, align 8
  %v = alloca %struct.Vec, align 8
  call void @_Z40__sycl_getComposite2020SpecConstantValueI3VecET_PKcPvS4_(ptr sret(%struct.Vec) align 8 %v, ptr @n.vec, ptr @id_vec, ptr null)
; CHECK: %[[#V:]] = call spir_func <2 x i32> @_Z29__spirv_SpecConstantCompositeii_RDv2_i(
; CHECK-NEXT: call spir_func %struct.Vec @_Z29__spirv_SpecConstantCompositeDv2_i_Rstruct.Vec(<2 x i32> %[[#V]])
  %a = alloca %struct.Arr, align 4
  call void @_Z40__sycl_getComposite2020SpecConstantValueI3ArrET_PKcPvS4_(ptr sret(%struct.Arr) align 4 %a, ptr @n.arr, ptr @id_arr, ptr null)
; CHECK: call spir_func %struct.Arr @_Z29__spirv_SpecConstantCompositeA2_A3_i_Rstruct.Arr(
  ret void
}

declare half @_Z37__sycl_getScalar2020SpecConstantValueIDhET_PKcPvS3_(ptr, ptr, ptr)
declare i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPvS3_(ptr, ptr, ptr)
declare void @_Z40__sycl_getComposite2020SpecConstantValueI6ComposET_PKcPvS4_(ptr sret(%struct.Compos), ptr, ptr, ptr)
declare void @_Z40__sycl_getComposite2020SpecConstantValueI3VecET_PKcPvS4_(ptr sret(%struct.Vec), ptr, ptr, ptr)
declare void @_Z40__sycl_getComposite2020SpecConstantValueI3ArrET_PKcPvS4_(ptr sret(%struct.Arr), ptr, ptr, ptr)

attributes #0 = { "sycl-module-id"="a.cpp" }

; CHECK: !sycl.specialization-constants = !{![[#MH:]], ![[#MI:]], ![[#MC:]], ![[#MV:]], ![[#MA:]]}
; CHECK: !sycl.specialization-constants-default-values = !{![[#DH:]], ![[#DI:]], ![[#DC:]], ![[#DV:]], ![[#DA:]]}
; CHECK: ![[#MH]] = !{!"id_half", i32 [[#HALF]], i32 0, i32 2}
; CHECK: ![[#MI]] = !{!"id_int", i32 [[#INT]], i32 0, i32 4}
; CHECK: ![[#MC]] = !{!"id_comp", i32 [[#C0]], i32 0, i32 4, i32 [[#C0+1]], i32 8, i32 8, i32 [[#C0+2]], i32 16, i32 4, i32 [[#C0+3]], i32 20, i32 4}
; CHECK: ![[#MV]] = !{!"id_vec", i32 [[#]], i32 0, i32 4, i32 [[#]], i32 4, i32 4}
; CHECK: ![[#MA]] = !{!"id_arr", i32 [[#]], i32 0, i32 4, i32 [[#]], i32 4, i32 4, i32 [[#]], i32 8, i32 4, i32 [[#]], i32 12, i32 4, i32 [[#]], i32 16, i32 4, i32 [[#]], i32 20, i32 4}
; CHECK: ![[#DH]] = !{half 0xH4000}
; CHECK: ![[#DC]] = !{%struct.Compos { i32 1, double 2.000000e+00, %struct.Inner { i32 13, float 8.500000e+00 } }}
; CHECK: ![[#DA]] = !{%struct.Arr zeroinitializer}

; The property sets follow [SYCL/device requirements], in metadata order.
; PROP: [SYCL/device requirements]
; PROP: [SYCL/specialization constants]
; PROP-NEXT: id_half=2|
; PROP-NEXT: id_int=2|
; PROP-NEXT: id_comp=2|
; PROP-NEXT: id_vec=2|
; PROP-NEXT: id_arr=2|
; PROP-NEXT: [SYCL/specialization constants default values]
; PROP-NEXT: all=2|
