; Every image is cleaned up once more after its specialization constants are
; lowered (upstream's prepareModuleBeforeSave runs ModuleDesc::cleanup on each
; module it saves, default-value copies included; -ir-output-only cleans up
; its one module directly): the __sycl_get*2020SpecConstantValue
; declarations, the discardable specialization_id globals (@id_internal,
; @id_linkonce), their names and the types only they used go; a
; non-discardable one (@id_external) stays, as in upstream's SYCL-2020.ll.
; RUN: sycl-post-link -properties -spec-const=native -generate-device-image-default-spec-consts -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefixes=CHECK,NATIVE
; RUN: FileCheck %s --input-file=%t_1.ll --check-prefixes=CHECK,DEFAULT
; RUN: sycl-post-link -ir-output-only -spec-const=emulation -S < %s -o %t.out.ll
; RUN: FileCheck %s --input-file=%t.out.ll --check-prefixes=CHECK,EMULATION

; CHECK-NOT: %"class.sycl::_V1::specialization_id.internal"
; CHECK-NOT: %"class.sycl::_V1::specialization_id.linkonce"
; CHECK-NOT: @id_internal
; CHECK-NOT: @id_linkonce
; CHECK-NOT: @name_
; CHECK: @id_external = addrspace(1) constant
; CHECK-NOT: @id_internal
; CHECK-NOT: @id_linkonce
; CHECK-LABEL: define spir_kernel void @k(
; NATIVE: call spir_func i32 @_Z20__spirv_SpecConstantii(
; DEFAULT: store i32 1,
; EMULATION: load i32, ptr addrspace(4)
; CHECK-NOT: __sycl_getScalar2020SpecConstantValue

target triple = "spir64-unknown-unknown"

%"class.sycl::_V1::specialization_id.internal" = type { i32 }
%"class.sycl::_V1::specialization_id.linkonce" = type { i32 }
%"class.sycl::_V1::specialization_id.external" = type { i32 }

@id_internal = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.internal" { i32 1 }
@id_linkonce = linkonce_odr addrspace(1) constant %"class.sycl::_V1::specialization_id.linkonce" { i32 2 }
@id_external = addrspace(1) constant %"class.sycl::_V1::specialization_id.external" { i32 3 }
@name_internal = private unnamed_addr constant [3 x i8] c"SI\00"
@name_linkonce = private unnamed_addr constant [3 x i8] c"SL\00"
@name_external = private unnamed_addr constant [3 x i8] c"SE\00"

define spir_kernel void @k(ptr addrspace(1) %out) #0 {
  %a = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @name_internal to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_internal to ptr addrspace(4)), ptr addrspace(4) null)
  store i32 %a, ptr addrspace(1) %out
  %b = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @name_linkonce to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_linkonce to ptr addrspace(4)), ptr addrspace(4) null)
  store i32 %b, ptr addrspace(1) %out
  %c = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @name_external to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_external to ptr addrspace(4)), ptr addrspace(4) null)
  store i32 %c, ptr addrspace(1) %out
  ret void
}

declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))

attributes #0 = { "sycl-module-id"="a.cpp" }
