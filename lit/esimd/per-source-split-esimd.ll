; -split=source -split-esimd: the input is first split by translation unit,
; then every image with both kinds is split into its ESIMD and SYCL parts.
; Both parts of an image share its number N (<prefix>_esimd_<N>, <prefix>_<N>,
; ESIMD first); an image with one kind keeps a single module.
; RUN: sycl-post-link -split=source -split-esimd -symbols -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t_0.esimd.sym --check-prefix=ESIMD0
; RUN: FileCheck %s --input-file=%t_0.sym --check-prefix=SYCL0
; RUN: FileCheck %s --input-file=%t_1.esimd.sym --check-prefix=ESIMD1
; RUN: FileCheck %s --input-file=%t_1.esimd.ll --check-prefix=ESIMD1-IR
; RUN: FileCheck %s --input-file=%t_2.esimd.sym --check-prefix=ESIMD2
; RUN: FileCheck %s --input-file=%t_2.sym --check-prefix=SYCL2

; c.cpp > b.cpp > a.cpp in byte order: c.cpp is image 0, b.cpp (ESIMD
; kernels only) image 1, a.cpp image 2.
; TABLE: [Code|Symbols]
; TABLE-NEXT: {{.*}}_0.esimd.ll|{{.*}}_0.esimd.sym
; TABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.sym
; TABLE-NEXT: {{.*}}_1.esimd.ll|{{.*}}_1.esimd.sym
; TABLE-NEXT: {{.*}}_2.esimd.ll|{{.*}}_2.esimd.sym
; TABLE-NEXT: {{.*}}_2.ll|{{.*}}_2.sym
; TABLE-EMPTY:

; ESIMD0: ESIMD_kernel3
; ESIMD0-EMPTY:
; SYCL0: SYCL_kernel3
; SYCL0-EMPTY:
; ESIMD1: ESIMD_kernel4
; ESIMD1-EMPTY:
; ESIMD1-IR: !sycl-esimd-split-status = !{![[#S:]]}
; ESIMD1-IR: ![[#S]] = !{i8 1}
; ESIMD2: ESIMD_kernel1
; ESIMD2-NEXT: ESIMD_kernel2
; ESIMD2-EMPTY:
; SYCL2: SYCL_kernel1
; SYCL2-NEXT: SYCL_kernel2
; SYCL2-EMPTY:

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

define spir_kernel void @ESIMD_kernel1() #0 !sycl_explicit_simd !0 {
  ret void
}

define spir_kernel void @ESIMD_kernel2() #0 !sycl_explicit_simd !0 {
  ret void
}

define spir_kernel void @ESIMD_kernel3() #1 !sycl_explicit_simd !0 {
  ret void
}

define spir_kernel void @ESIMD_kernel4() #2 !sycl_explicit_simd !0 {
  ret void
}

define spir_kernel void @SYCL_kernel1() #0 {
  ret void
}

define spir_kernel void @SYCL_kernel2() #0 {
  ret void
}

define spir_kernel void @SYCL_kernel3() #1 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="c.cpp" }
attributes #2 = { "sycl-module-id"="b.cpp" }

!0 = !{}
