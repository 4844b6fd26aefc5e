; Padding in composite specialization constants (native mode): elements the
; default value leaves undefined (compiler-inserted padding fields) are passed
; as undef to __spirv_SpecConstantComposite and use an ID that is never
; reported; a structure whose last reported element ends before its size gets
; a padding descriptor {-1, offset, size}; a zeroinitializer default yields
; zero-valued leaves.
; RUN: sycl-post-link -properties --spec-const=native -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=PROP

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.Mid = type <{ float, i8, [3 x i8], i32, i8, [3 x i8] }>
%struct.Tail = type { i32, i8 }
%struct.Nested = type { i8, %struct.Three, i8 }
%struct.Three = type { i8, i32, i8 }

@n.mid = private unnamed_addr constant [4 x i8] c"mid\00"
@n.tail = private unnamed_addr constant [5 x i8] c"tail\00"
@n.nest = private unnamed_addr constant [5 x i8] c"nest\00"
; The default value has no padding fields: the constant's type has them.
@id_mid = internal addrspace(1) constant { { float, i8, i32, i8 } } { { float, i8, i32, i8 } { float 1.0, i8 97, i32 42, i8 8 } }
@id_tail = internal addrspace(1) constant { %struct.Tail } zeroinitializer
@id_nest = internal addrspace(1) constant { %struct.Nested } { %struct.Nested { i8 120, %struct.Three { i8 121, i32 122, i8 97 }, i8 98 } }

define spir_kernel void @k() #0 {
  %m = alloca %struct.Mid, align 4
  %m4 = addrspacecast ptr %m to ptr addrspace(4)
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI3MidET_PKcPKvS5_(ptr addrspace(4) sret(%struct.Mid) align 4 %m4, ptr addrspace(4) addrspacecast (ptr @n.mid to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_mid to ptr addrspace(4)), ptr addrspace(4) null)
; CHECK: %[[#A:]] = call spir_func float @_Z20__spirv_SpecConstantif(i32 0, float 1.000000e+00)
; CHECK-NEXT: %[[#B:]] = call spir_func i8 @_Z20__spirv_SpecConstantia(i32 1, i8 97)
; CHECK-NEXT: %[[#C:]] = call spir_func i32 @_Z20__spirv_SpecConstantii(i32 3, i32 42)
; CHECK-NEXT: %[[#D:]] = call spir_func i8 @_Z20__spirv_SpecConstantia(i32 4, i8 8)
; CHECK-NEXT: call spir_func %struct.Mid @_Z29__spirv_SpecConstantCompositefaA3_aiaA3_a_Rstruct.Mid(float %[[#A]], i8 %[[#B]], [3 x i8] undef, i32 %[[#C]], i8 %[[#D]], [3 x i8] undef)
  %t = alloca %struct.Tail, align 4
  %t4 = addrspacecast ptr %t to ptr addrspace(4)
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI4TailET_PKcPKvS5_(ptr addrspace(4) sret(%struct.Tail) align 4 %t4, ptr addrspace(4) addrspacecast (ptr @n.tail to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_tail to ptr addrspace(4)), ptr addrspace(4) null)
; The two undef IDs of @id_mid (2 and 5) are consumed: @id_tail starts at 6.
; CHECK: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 6, i32 0)
; CHECK-NEXT: call spir_func i8 @_Z20__spirv_SpecConstantia(i32 7, i8 0)
  %n = alloca %struct.Nested, align 4
  %n4 = addrspacecast ptr %n to ptr addrspace(4)
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI6NestedET_PKcPKvS5_(ptr addrspace(4) sret(%struct.Nested) align 4 %n4, ptr addrspace(4) addrspacecast (ptr @n.nest to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_nest to ptr addrspace(4)), ptr addrspace(4) null)
; CHECK: call spir_func %struct.Three @_Z29__spirv_SpecConstantCompositeaia_Rstruct.Three(
; CHECK: call spir_func %struct.Nested @_Z29__spirv_SpecConstantCompositeastruct.Threea_Rstruct.Nested(
  ret void
}

declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI3MidET_PKcPKvS5_(ptr addrspace(4) sret(%struct.Mid), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI4TailET_PKcPKvS5_(ptr addrspace(4) sret(%struct.Tail), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI6NestedET_PKcPKvS5_(ptr addrspace(4) sret(%struct.Nested), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))

attributes #0 = { "sycl-module-id"="a.cpp" }

; CHECK: ![[#]] = !{!"mid", i32 0, i32 0, i32 4, i32 1, i32 4, i32 1, i32 3, i32 8, i32 4, i32 4, i32 12, i32 1, i32 -1, i32 13, i32 3}
; CHECK: ![[#]] = !{!"tail", i32 6, i32 0, i32 4, i32 7, i32 4, i32 1, i32 -1, i32 5, i32 3}
; Padding after the inner structure and at the end of the outer one.
; CHECK: ![[#]] = !{!"nest", i32 8, i32 0, i32 1, i32 9, i32 4, i32 1, i32 10, i32 8, i32 4, i32 11, i32 12, i32 1, i32 -1, i32 13, i32 3, i32 12, i32 16, i32 1, i32 -1, i32 17, i32 3}

; PROP: [SYCL/specialization constants]
; PROP-NEXT: mid=2|
; PROP-NEXT: tail=2|
; PROP-NEXT: nest=2|
; PROP-NEXT: [SYCL/specialization constants default values]
