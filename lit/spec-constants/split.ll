; With -split=kernel every device image numbers its own specialization
; constants from 0, in use-list order (the last use in the image first), and
; lists only its own constants; an image without any gets empty metadata and
; no specialization-constant property sets.
; RUN: sycl-post-link -properties -split=kernel -spec-const=native -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=IR0
; RUN: FileCheck %s --input-file=%t_1.ll --check-prefix=IR1
; RUN: FileCheck %s --input-file=%t_2.ll --check-prefix=IR2
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=PROP0
; RUN: FileCheck %s --input-file=%t_1.prop --check-prefix=PROP1
; RUN: FileCheck %s --input-file=%t_2.prop --check-prefix=PROP2

target triple = "spir64-unknown-unknown"

@SC1 = private unnamed_addr constant [4 x i8] c"SC1\00"
@SC2 = private unnamed_addr constant [4 x i8] c"SC2\00"
@id1 = internal addrspace(1) constant { i32 } { i32 1 }
@id2 = internal addrspace(1) constant { i32 } { i32 2 }

; Images come in descending key order: KERNEL_C, KERNEL_B, KERNEL_A.
; IR2-LABEL: define spir_kernel void @KERNEL_A(
; IR2: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 1, i32 1)
; IR2: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 0, i32 2)
define spir_kernel void @KERNEL_A() #0 {
  %1 = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @SC1 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id1 to ptr addrspace(4)), ptr addrspace(4) null)
  %2 = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @SC2 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id2 to ptr addrspace(4)), ptr addrspace(4) null)
  ret void
}

; IR1-LABEL: define spir_kernel void @KERNEL_B(
; IR1: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 0, i32 1)
define spir_kernel void @KERNEL_B() #0 {
  %1 = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @SC1 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id1 to ptr addrspace(4)), ptr addrspace(4) null)
  ret void
}

; IR0-LABEL: define spir_kernel void @KERNEL_C(
define spir_kernel void @KERNEL_C() #0 {
  ret void
}

declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))

attributes #0 = { "sycl-module-id"="a.cpp" }

; IR2: !sycl.specialization-constants = !{![[#M0:]], ![[#M1:]]}
; IR2: ![[#M0]] = !{!"SC2", i32 0, i32 0, i32 4}
; IR2: ![[#M1]] = !{!"SC1", i32 1, i32 0, i32 4}
; IR1: !sycl.specialization-constants = !{![[#M:]]}
; IR1: ![[#M]] = !{!"SC1", i32 0, i32 0, i32 4}
; IR0: !sycl.specialization-constants = !{}
; IR0: !sycl.specialization-constants-default-values = !{}

; PROP2: [SYCL/specialization constants]
; PROP2-NEXT: SC2=2|
; PROP2-NEXT: SC1=2|
; PROP1: [SYCL/specialization constants]
; PROP1-NEXT: SC1=2|
; PROP1-NOT: SC2
; PROP0-NOT: specialization constants
