; A kernel name holding a line feed cannot be a line of a symbol table
; (it would read as two symbols): -symbols refuses it with one line, as the
; property sets do, and leaves no file behind; without -symbols the image is
; written.
; RUN: rm -rf %t && mkdir %t
; RUN: not sycl-post-link -split=kernel -symbols -o %t/t.table %s 2>&1 | FileCheck %s
; RUN: not sycl-module-split -split=kernel -o %t/m %s 2>&1 | FileCheck %s
; CHECK: error: {{.*}}output module 0: symbol 'a\nb' cannot be written to a symbol table: it holds a line break
; RUN: ls %t | count 0
; RUN: sycl-post-link -split=kernel -o %t/ok.table %s
; RUN: ls %t | FileCheck %s --check-prefix=OK
; OK: ok.table
; OK: ok_0.bc

target triple = "spir64-unknown-unknown"

define spir_kernel void @"a\0Ab"() #0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
