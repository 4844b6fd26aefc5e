; -lower-esimd runs Intel's ESIMD lowering (vc-intrinsics passes), which
; stock LLVM does not have: an input whose images have ESIMD code is refused
; with a clear message, with or without -split-esimd, even when the ESIMD code
; is only a function without ESIMD entry points. Without ESIMD code,
; -lower-esimd changes nothing.
; RUN: not sycl-post-link -lower-esimd -split-esimd -S < %s -o %t.table 2>&1 | FileCheck %s --check-prefix=ERR
; RUN: not sycl-post-link -lower-esimd -O0 -S < %s -o %t.table 2>&1 | FileCheck %s --check-prefix=ERR
; RUN: sed -e '/^define spir_kernel void @ESIMD_kernel/,/^}/d' %s > %t.fn-only.ll
; RUN: not sycl-post-link -lower-esimd -symbols -S %t.fn-only.ll -o %t.table 2>&1 | FileCheck %s --check-prefix=ERR
; RUN: sed -e 's/ !sycl_explicit_simd !0//' %s > %t.sycl.ll
; RUN: sycl-post-link -lower-esimd -symbols -properties -S %t.sycl.ll -o %t.lowered.table
; RUN: sycl-post-link -symbols -properties -S %t.sycl.ll -o %t.plain.table
; RUN: diff %t.lowered_0.ll %t.plain_0.ll
; RUN: diff %t.lowered_0.prop %t.plain_0.prop
; RUN: diff %t.lowered_0.sym %t.plain_0.sym

; ERR: sycl-post-link: error: {{.*}}-lower-esimd: lowering ESIMD code needs Intel's vc-intrinsics passes, which stock LLVM does not have; not supported yet

target triple = "spir64-unknown-unknown"

declare spir_func void @_Z15__esimd_barrierv()

define spir_kernel void @ESIMD_kernel() #0 !sycl_explicit_simd !0 {
  call spir_func void @_Z15__esimd_barrierv()
  ret void
}

define spir_kernel void @SYCL_kernel() #0 {
  call spir_func void @callee()
  ret void
}

define spir_func void @callee() #1 !sycl_explicit_simd !0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "referenced-indirectly" }

!0 = !{}
