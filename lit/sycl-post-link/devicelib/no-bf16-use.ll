; -device-lib-dir adds nothing when no image uses a bfloat16 device-library
; function (and the directory is not even read).
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=kernel -symbols -device-lib-dir=%t/none -S %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out.table
; CHECK: [Code|Symbols]
; CHECK-NEXT: out_0.ll
; CHECK-EMPTY:

target triple = "spir64-unknown-unknown"

define spir_kernel void @k() #0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
