; An image with SYCL and ESIMD kernels: the ESIMD part is lowered before it
; is linked back with the SYCL part (without -split-esimd), or saved apart
; (with it); the SYCL part is not lowered.
; RUN: sycl-post-link -symbols -lower-esimd -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=LINKED
; RUN: sycl-post-link -symbols -split-esimd -lower-esimd -S < %s -o %t2.table
; RUN: FileCheck %s --input-file=%t2_0.esimd.ll --check-prefix=ESIMD
; RUN: FileCheck %s --input-file=%t2_0.ll --check-prefix=SYCL

; LINKED: define dso_local spir_kernel void @esimd_kernel() #[[#E:]]
; LINKED-NEXT: call void @llvm.genx.barrier()
; LINKED: define dso_local spir_kernel void @sycl_kernel() #[[#S:]]
; LINKED-NEXT: call spir_func void @_Z15__esimd_barrierv()
; LINKED-DAG: attributes #[[#E]] = { "CMGenxMain" "VCFunction" {{.*}} }
; LINKED-DAG: attributes #[[#S]] = { "sycl-entry-point" "sycl-module-id"="a.cpp" }

; ESIMD: define dso_local spir_kernel void @esimd_kernel()
; ESIMD-NEXT: call void @llvm.genx.barrier()
; SYCL: define dso_local spir_kernel void @sycl_kernel()
; SYCL-NEXT: call spir_func void @_Z15__esimd_barrierv()

target triple = "spir64-unknown-unknown"

declare dso_local spir_func void @_Z15__esimd_barrierv()

define dso_local spir_kernel void @esimd_kernel() #0 !sycl_explicit_simd !0 {
  call spir_func void @_Z15__esimd_barrierv()
  ret void
}

define dso_local spir_kernel void @sycl_kernel() #0 {
  call spir_func void @_Z15__esimd_barrierv()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{}
