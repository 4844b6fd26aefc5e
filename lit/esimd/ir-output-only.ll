; -ir-output-only goes through the ESIMD step too: an image with SYCL and
; ESIMD code is split into parts (and linked back), which counts as a split
; and is refused; an ESIMD-only input gives one IR file without the
; !sycl-esimd-split-status metadata.
; RUN: not sycl-post-link -ir-output-only -spec-const=native -S < %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=ERR
; RUN: sed -e '/^define spir_kernel void @SYCL_kernel/,/^}/d' %s | sycl-post-link -ir-output-only -spec-const=native -S -o %t.esimd.ll
; RUN: FileCheck %s --input-file=%t.esimd.ll --check-prefix=IR --implicit-check-not=sycl-esimd-split-status

; ERR: some modules had to be split, '-ir-output-only' can't be used
; IR: define spir_kernel void @ESIMD_kernel()

target triple = "spir64-unknown-unknown"

define spir_kernel void @ESIMD_kernel() #0 !sycl_explicit_simd !0 {
  ret void
}

define spir_kernel void @SYCL_kernel() #0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{}
