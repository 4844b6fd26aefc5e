; The newest sycl-post-link declares -spec-const with native as its initial
; value but lowers specialization constants only when the option is given:
; without it the SYCL 2020 intrinsics stay as they are and the image gets
; no specialization-constant property sets.
; RUN: sycl-post-link -properties -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=IR
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=PROP
; RUN: sycl-post-link -properties -spec-const=native -S < %s -o %t.native.table
; RUN: FileCheck %s --input-file=%t.native_0.prop --check-prefix=NATIVE
; IR: call i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPvS3_(
; IR-NOT: __spirv_SpecConstant
; PROP-NOT: specialization constants
; NATIVE: [SYCL/specialization constants]
; NATIVE-NEXT: id_int=2|

target triple = "spir64-unknown-unknown"

@n.int = private unnamed_addr constant [7 x i8] c"id_int\00"
@id_int = dso_local global { i32 } { i32 42 }

define spir_kernel void @k(ptr addrspace(1) %out) #0 {
  %i = call i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPvS3_(ptr @n.int, ptr @id_int, ptr null)
  store i32 %i, ptr addrspace(1) %out
  ret void
}

declare i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPvS3_(ptr, ptr, ptr)

attributes #0 = { "sycl-module-id"="k.cpp" }
