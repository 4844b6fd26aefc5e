; With -ir-output-only, an output name of `-` is standard output (as LLVM's
; raw_fd_ostream treats it): the lowered module is printed there and no file
; called `-` is left in the working directory.
; RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
; RUN: sycl-post-link -spec-const=native --ir-output-only -S %s -o - | FileCheck %s
; RUN: ls %t.dir | count 0
; The same through bitcode: llvm-dis reads it from the pipe.
; RUN: sycl-post-link -spec-const=native --ir-output-only %s -o - | llvm-dis | FileCheck %s
; RUN: ls %t.dir | count 0

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@uid = private unnamed_addr constant [9 x i8] c"uid_ival\00"
@ival = internal addrspace(1) constant { i32 } { i32 7 }

declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))

define spir_kernel void @k(ptr addrspace(1) %out) #0 {
entry:
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @uid to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @ival to ptr addrspace(4)), ptr addrspace(4) null)
  store i32 %v, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

; CHECK: define {{.*}}spir_kernel void @k(
; CHECK: %[[V:[0-9a-z.]+]] = call spir_func i32 @_Z20__spirv_SpecConstantii(i32 0, i32 7)
; CHECK: store i32 %[[V]], ptr addrspace(1) %out
; CHECK: !sycl.specialization-constants = !{![[#MD:]]}
; CHECK: ![[#MD]] = !{!"uid_ival", i32 0, i32 0, i32 4}
