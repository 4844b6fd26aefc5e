; -split=source without -split-esimd: the input is split by translation
; unit only; SYCL and ESIMD kernels of one translation unit stay in one
; (SYCL_AND_ESIMD) module, and a translation unit with SYCL kernels only gives
; a SYCL_ONLY module.
; RUN: sycl-post-link -split=source -symbols -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t_1.sym --check-prefix=SYM1
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=IR0
; RUN: FileCheck %s --input-file=%t_1.ll --check-prefix=IR1

; TABLE: [Code|Symbols]
; TABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.sym
; TABLE-NEXT: {{.*}}_1.ll|{{.*}}_1.sym
; TABLE-EMPTY:

; b.cpp sorts after a.cpp, so it comes first.
; SYM0: SYCL_kernel2
; SYM0-EMPTY:
; IR0: !sycl-esimd-split-status = !{![[#S:]]}
; IR0: ![[#S]] = !{i8 0}

; SYM1: ESIMD_kernel
; SYM1-NEXT: SYCL_kernel1
; SYM1-EMPTY:
; IR1-DAG: define spir_kernel void @ESIMD_kernel()
; IR1-DAG: define spir_kernel void @SYCL_kernel1()
; IR1-DAG: declare spir_func i64 @_Z28__spirv_GlobalInvocationId_xv()
; IR1: !sycl-esimd-split-status = !{![[#S:]]}
; IR1: ![[#S]] = !{i8 2}

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z28__spirv_GlobalInvocationId_xv()

define spir_kernel void @ESIMD_kernel() #0 !sycl_explicit_simd !0 {
  %id = call spir_func i64 @_Z28__spirv_GlobalInvocationId_xv()
  ret void
}

define spir_kernel void @SYCL_kernel1() #0 {
  %id = call spir_func i64 @_Z28__spirv_GlobalInvocationId_xv()
  ret void
}

define spir_kernel void @SYCL_kernel2() #1 {
  %id = call spir_func i64 @_Z28__spirv_GlobalInvocationId_xv()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }

!0 = !{}
