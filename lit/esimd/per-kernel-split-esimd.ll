; -split=kernel -split-esimd: one image per kernel, each of one kind, so no
; image is split further: images are numbered in kernel-name order
; (descending), and the ESIMD ones are named <prefix>_esimd_<N>.
; RUN: sycl-post-link -split=kernel -split-esimd -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t.table
; RUN: FileCheck %s --input-file=%t_2.esimd.ll --check-prefix=ESIMD2 --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=SYCL0 --implicit-check-not=define

; CHECK: [Code]
; CHECK-NEXT: {{.*}}_0.ll
; CHECK-NEXT: {{.*}}_1.ll
; CHECK-NEXT: {{.*}}_2.esimd.ll
; CHECK-NEXT: {{.*}}_3.esimd.ll
; CHECK-EMPTY:

; ESIMD2: define spir_kernel void @ESIMD_kernel2()
; SYCL0: define spir_kernel void @SYCL_kernel2()

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

define spir_kernel void @ESIMD_kernel1() #0 !sycl_explicit_simd !0 {
  ret void
}

define spir_kernel void @ESIMD_kernel2() #0 !sycl_explicit_simd !0 {
  ret void
}

define spir_kernel void @SYCL_kernel1() #0 {
  ret void
}

define spir_kernel void @SYCL_kernel2() #0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{}
