; Upstream quirk, kept: when the parts of an image are linked back together,
; the linked module's entry-point group properties are merged into fresh
; ones that do not say "has virtual function definitions", so its cleanup
; treats every virtual function as defined elsewhere and drops its body (and
; the then unused declaration, and its entry). With -split-esimd the SYCL part
; keeps the virtual function.
; RUN: sycl-post-link -split=none -symbols -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=LINKED --implicit-check-not=vfunc
; RUN: FileCheck %s --input-file=%t_0.sym --check-prefix=LINKED-SYM
; RUN: sycl-post-link -split=none -symbols -split-esimd -S < %s -o %t2.table
; RUN: FileCheck %s --input-file=%t2_0.ll --check-prefix=SYCL
; RUN: FileCheck %s --input-file=%t2_0.sym --check-prefix=SYCL-SYM

; LINKED: define spir_kernel void @ESIMD_kernel()
; LINKED-SYM: ESIMD_kernel
; LINKED-SYM-EMPTY:

; SYCL: define spir_func void @vfunc() #[[#A:]]
; SYCL: attributes #[[#A]] = { "indirectly-callable"="set" "sycl-entry-point" "sycl-module-id"="a.cpp" }
; SYCL-SYM: vfunc
; SYCL-SYM-EMPTY:

target triple = "spir64-unknown-unknown"

define spir_func void @vfunc() #1 {
  ret void
}

define spir_kernel void @ESIMD_kernel() #0 !sycl_explicit_simd !0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="a.cpp" "indirectly-callable"="set" }

!0 = !{}
