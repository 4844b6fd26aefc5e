; amdgpu_kernel and ptx_kernel functions are kernels, hence entry points,
; as spir_kernel ones are (no target triple needed): -split=kernel gives one
; image each, in descending name order, with nothing of the other kernels.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=kernel -emit-only-kernels-as-entry-points -symbols -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t/out_0.ll --check-prefix=IR0 --implicit-check-not=Kernel
; RUN: FileCheck %s --input-file=%t/out_1.ll --check-prefix=IR1 --implicit-check-not=Kernel
; RUN: FileCheck %s --input-file=%t/out_2.ll --check-prefix=IR2 --implicit-check-not=Kernel
; RUN: FileCheck %s --input-file=%t/out_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t/out_2.sym --check-prefix=SYM2

; TABLE: [Code|Symbols]
; TABLE-NEXT: out_0.ll|{{.*}}out_0.sym
; TABLE-NEXT: out_1.ll|{{.*}}out_1.sym
; TABLE-NEXT: out_2.ll|{{.*}}out_2.sym
; TABLE-EMPTY:

; IR2: define dso_local amdgpu_kernel void @AmdKernel1()
define dso_local amdgpu_kernel void @AmdKernel1() {
  ret void
}

; IR1: define dso_local amdgpu_kernel void @AmdKernel2()
define dso_local amdgpu_kernel void @AmdKernel2() {
  ret void
}

; IR0: define ptx_kernel void @PtxKernel()
define ptx_kernel void @PtxKernel() {
  ret void
}

; SYM0: PtxKernel
; SYM0-EMPTY:
; SYM2: AmdKernel1
; SYM2-EMPTY:
