; sycl-module-split has no ESIMD step: an input with ESIMD functions is
; refused with a clear message instead of producing images that mix SYCL and
; ESIMD code.
; RUN: not sycl-module-split -split=kernel -S %s -o %t 2>&1 | FileCheck %s

; CHECK: sycl-module-split: error: {{.*}}module-split-unsupported.ll: ESIMD functions (sycl_explicit_simd) are not supported yet

target triple = "spir64-unknown-unknown"

define spir_kernel void @ESIMD_kernel() !sycl_explicit_simd !0 {
  ret void
}

!0 = !{}
