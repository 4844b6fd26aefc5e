; An image compiled in pieces (--codegen-pieces=force: every image of two
; functions or more, each function in its own piece here, the helper called
; from another piece): the same bytes at any thread count, valid SPIR-V, one
; built-in variable, the same entry points and kernel names as the image
; compiled whole, no partition name or linkage left.
; RUN: rm -rf %t && mkdir %t
; RUN: sycl-post-link -split=source -symbols -properties -o %t/t.table %s 2>/dev/null
; RUN: syclbin create -j 1 --codegen-pieces=force --table=%t/t.table -o %t/p1.syclbin
; RUN: syclbin create -j 3 --codegen-pieces=force --table=%t/t.table -o %t/p3.syclbin
; RUN: cmp %t/p1.syclbin %t/p3.syclbin
; RUN: syclbin create --codegen-pieces=off --table=%t/t.table -o %t/whole.syclbin
; RUN: syclbin extract %t/p1.syclbin -o %t/p > /dev/null
; RUN: syclbin extract %t/whole.syclbin -o %t/w > /dev/null
; RUN: spirv-val %t/p/0_ir0.spv
; RUN: spirv-dis %t/p/0_ir0.spv | FileCheck %s
; RUN: spirv-dis %t/w/0_ir0.spv | FileCheck %s
; CHECK-DAG: OpEntryPoint Kernel %{{.*}} "__sycl_kernel_k1"
; CHECK-DAG: OpEntryPoint Kernel %{{.*}} "__sycl_kernel_k2"
; CHECK-DAG: OpName %{{.*}} "helper"
; CHECK-DAG: OpDecorate %{{.*}} SpecId 7
; CHECK-DAG: OpDecorate %{{.*}} BuiltIn GlobalInvocationId
; RUN: spirv-dis %t/p/0_ir0.spv | grep -c "BuiltIn GlobalInvocationId" | FileCheck %s --check-prefix=ONE
; RUN: spirv-dis %t/p/0_ir0.spv | not grep __sycl_piece
; The built-in's import alone is linked, as in the image compiled whole.
; RUN: spirv-dis %t/p/0_ir0.spv | grep -c LinkageAttributes | FileCheck %s --check-prefix=ONE
; RUN: spirv-dis %t/w/0_ir0.spv | grep -c LinkageAttributes | FileCheck %s --check-prefix=ONE
; ONE: 1
; RUN: spirv-dis %t/p/0_ir0.spv | grep -c "OpFunction " | FileCheck %s --check-prefix=FUNCS
; FUNCS: 3
; RUN: not syclbin create --codegen-pieces=some --table=%t/t.table -o %t/x.syclbin 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: syclbin: error: invalid --codegen-pieces 'some': expected auto, off, force or I,F,SIZE,MAX
; The explicit form: images of 2 functions or more in pieces of 1 instruction.
; RUN: syclbin create --codegen-pieces=0,2,1,8 --table=%t/t.table -o %t/e.syclbin
; RUN: cmp %t/p1.syclbin %t/e.syclbin
; RUN: not syclbin create --codegen-pieces=0,2,1 --table=%t/t.table -o %t/x.syclbin 2>&1 | FileCheck %s --check-prefix=BAD3
; BAD3: invalid --codegen-pieces '0,2,1'
; RUN: not syclbin create --codegen-opt-level=4 --table=%t/t.table -o %t/x.syclbin 2>&1 | FileCheck %s --check-prefix=BADO
; BADO: syclbin: error: invalid --codegen-opt-level '4': expected 0, 1, 2 or 3

target triple = "spir64-unknown-unknown"

@__spirv_BuiltInGlobalInvocationId = external addrspace(1) constant <3 x i64>, align 32
@table = internal addrspace(1) constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4

declare spir_func i32 @_Z20__spirv_SpecConstantii(i32, i32)

define internal spir_func i32 @helper(i64 %i) {
  %p = getelementptr inbounds [4 x i32], ptr addrspace(1) @table, i64 0, i64 %i
  %v = load i32, ptr addrspace(1) %p, align 4
  ret i32 %v
}

define spir_kernel void @__sycl_kernel_k1(ptr addrspace(1) %out) #0 {
  %g = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32
  %i = extractelement <3 x i64> %g, i64 0
  %s = call spir_func i32 @_Z20__spirv_SpecConstantii(i32 7, i32 3)
  %v = call spir_func i32 @helper(i64 %i)
  %r = add i32 %v, %s
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @__sycl_kernel_k2(ptr addrspace(1) %out) #0 {
  %g = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32
  %i = extractelement <3 x i64> %g, i64 0
  %p = getelementptr inbounds [4 x i32], ptr addrspace(1) @table, i64 0, i64 %i
  %v = load i32, ptr addrspace(1) %p, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "sycl-module-id"="pieces.cpp" }
