; -emit-kernel-names: [SYCL/kernel names] lists the image's entry points with
; a kernel calling convention (SPIR, PTX, AMDGPU), in entry order; an image
; whose entry points are all SYCL_EXTERNAL functions has no such set.
; RUN: sycl-post-link -properties -emit-kernel-names -split=source -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=KERNELS --match-full-lines
; RUN: FileCheck %s --input-file=%t_1.prop --check-prefix=NONE
; KERNELS: [SYCL/kernel names]
; KERNELS-NEXT: spir_k=1|1
; KERNELS-NEXT: ptx_k=1|1
; KERNELS-NEXT: amd_k=1|1
; KERNELS-NOT: {{.+}}
; NONE-NOT: [SYCL/kernel names]

target triple = "spir64-unknown-unknown"

define spir_kernel void @spir_k() #0 {
  ret void
}

define spir_func void @ext() #1 {
  ret void
}

define ptx_kernel void @ptx_k() #0 {
  ret void
}

define amdgpu_kernel void @amd_k() #0 {
  ret void
}

attributes #0 = { "sycl-module-id"="k.cpp" }
attributes #1 = { "sycl-module-id"="e.cpp" }
