; -generate-device-image-default-spec-consts: each image that uses SYCL 2020
; specialization constants is followed by a copy with the constants replaced
; by their default values, numbered right after it; images after it shift.
; The copy is marked (!sycl.specialization-constants-default-values-module,
; specConstsReplacedWithDefault=1|1), lists its kernels as symbols and has no
; specialization-constant property sets.
; RUN: sycl-post-link -properties -symbols -split=kernel -spec-const=native -S < %s -o %t.table -generate-device-image-default-spec-consts
; RUN: FileCheck %s --input-file=%t.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=IR0
; RUN: FileCheck %s --input-file=%t_1.ll --check-prefix=IR1 --implicit-check-not=SpecConstant
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=PROP0
; RUN: FileCheck %s --input-file=%t_1.prop --check-prefix=PROP1
; RUN: FileCheck %s --input-file=%t_2.prop --check-prefix=PROP2
; RUN: FileCheck %s --input-file=%t_1.sym --check-prefix=SYM1

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.A = type { i32, %struct.B }
%struct.B = type { i32, i32, i32 }
%struct.C = type { i32 }

@n.a = private unnamed_addr constant [2 x i8] c"a\00"
@n.s = private unnamed_addr constant [2 x i8] c"s\00"
@n.c = private unnamed_addr constant [2 x i8] c"c\00"
@n.b = private unnamed_addr constant [2 x i8] c"b\00"
@id_a = internal addrspace(1) constant { %struct.A } { %struct.A { i32 3, %struct.B { i32 3, i32 2, i32 1 } } }
@id_s = internal addrspace(1) constant { i32 } { i32 123 }
@id_c = internal addrspace(1) constant { %struct.C } { %struct.C { i32 1 } }
@id_b = internal addrspace(1) constant { i8 } { i8 1 }

; TABLE: [Code|Properties|Symbols]
; TABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.prop|{{.*}}_0.sym
; TABLE-NEXT: {{.*}}_1.ll|{{.*}}_1.prop|{{.*}}_1.sym
; TABLE-NEXT: {{.*}}_2.ll|{{.*}}_2.prop|{{.*}}_2.sym
; TABLE-NEXT: {{.*}}_3.ll|{{.*}}_3.prop|{{.*}}_3.sym
; TABLE-NOT: _4

; IR0: call spir_func %struct.A @_Z29__spirv_SpecConstantCompositeistruct.B_Rstruct.A(
; IR1-LABEL: define spir_kernel void @kernel_b(
; IR1: store %struct.A { i32 3, %struct.B { i32 3, i32 2, i32 1 } }, ptr addrspace(4) %a4, align 4
; IR1: %scalar2 = add i32 123, 1
; IR1: %e = extractvalue %struct.C { i32 1 }, 0
; IR1: %bool1 = trunc i8 1 to i1
; IR1: %frombool = zext i1 %bool1 to i8
; IR1: !sycl-esimd-split-status = !{![[#]]}
; IR1: !sycl.specialization-constants-default-values-module = !{}
define spir_kernel void @kernel_b() #0 {
  %a = alloca %struct.A, align 4
  %a4 = addrspacecast ptr %a to ptr addrspace(4)
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1AET_PKcPKvS5_(ptr addrspace(4) sret(%struct.A) align 4 %a4, ptr addrspace(4) addrspacecast (ptr @n.a to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_a to ptr addrspace(4)), ptr addrspace(4) null)
  %scalar = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @n.s to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_s to ptr addrspace(4)), ptr addrspace(4) null)
  %scalar2 = add i32 %scalar, 1
  %c = call spir_func %struct.C @_Z40__sycl_getComposite2020SpecConstantValueI1CET_PKcPKvS5_(ptr addrspace(4) addrspacecast (ptr @n.c to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_c to ptr addrspace(4)), ptr addrspace(4) null)
  %e = extractvalue %struct.C %c, 0
  %bool = call spir_func zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @n.b to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_b to ptr addrspace(4)), ptr addrspace(4) null)
  %frombool = zext i1 %bool to i8
  call spir_func void @helper()
  ret void
}

; No specialization constant: no default-value image.
define spir_kernel void @kernel_a() #0 {
  ret void
}

define spir_func void @helper() #0 {
  ret void
}

declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1AET_PKcPKvS5_(ptr addrspace(4) sret(%struct.A), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func %struct.C @_Z40__sycl_getComposite2020SpecConstantValueI1CET_PKcPKvS5_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))

attributes #0 = { "sycl-module-id"="a.cpp" }

; PROP0: [SYCL/specialization constants]
; PROP0-NOT: specConstsReplacedWithDefault
; PROP1-NOT: [SYCL/specialization constants
; PROP1: [SYCL/misc properties]
; PROP1: specConstsReplacedWithDefault=1|1
; PROP2-NOT: specConstsReplacedWithDefault
; SYM1: kernel_b
; SYM1-EMPTY:
