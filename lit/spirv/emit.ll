; sycl-spirv-emit compiles LLVM IR with LLVM's SPIR-V back end in process
; (no llc); the module passes spirv-val, keeps its entry points and linkage.
; With --ptx=<sm> the NVPTX back end writes PTX.
; RUN: sycl-spirv-emit %s -o %t.spv
; RUN: spirv-val %t.spv
; RUN: spirv-dis --raw-id %t.spv | FileCheck %s
; CHECK-DAG: OpEntryPoint Kernel %{{[0-9]+}} "__sycl_kernel_k"
; CHECK-DAG: OpDecorate %{{[0-9]+}} LinkageAttributes "_Z7ext_addii" Import
; CHECK-DAG: OpDecorate %{{[0-9]+}} LinkageAttributes "_Z3twoi" Export
; RUN: sed -e 's/spir_kernel/ptx_kernel/' -e 's/spir_func //' -e 's/target triple.*//' %s > %t.nv.ll
; RUN: sycl-spirv-emit --ptx=sm_90 %t.nv.ll -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; PTX: .target sm_90
; PTX: .visible .entry __sycl_kernel_k(
; RUN: not sycl-spirv-emit %t.missing -o %t.x 2>&1 | FileCheck %s --check-prefix=MISSING
; MISSING: sycl-spirv-emit: error: {{.*}}.missing:
; RUN: printf 'define void @f( {\n' > %t.bad.ll
; RUN: not sycl-spirv-emit %t.bad.ll -o %t.x 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: sycl-spirv-emit: error: {{.*}}bad.ll:2:1: expected type

target triple = "spir64-unknown-unknown"

declare spir_func i32 @_Z7ext_addii(i32, i32)

define spir_func i32 @_Z3twoi(i32 %x) {
  %r = shl i32 %x, 1
  ret i32 %r
}

define spir_kernel void @__sycl_kernel_k(ptr addrspace(1) %p) {
  %v = call spir_func i32 @_Z7ext_addii(i32 1, i32 2)
  %w = call spir_func i32 @_Z3twoi(i32 %v)
  store i32 %w, ptr addrspace(1) %p
  ret void
}
