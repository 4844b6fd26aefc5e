; An image without ESIMD entry points that still contains an ESIMD function
; (here one that SYCL code passes by address) has an ESIMD part: the ESIMD
; function and what it uses. The SYCL part does not follow references into
; ESIMD functions, which stay declarations there (and are reported as
; undefined). Without -split-esimd the parts are linked back into one
; SYCL_AND_ESIMD module whose only entry point is the SYCL kernel.
; RUN: sycl-post-link -symbols -split-esimd -S < %s -o %t.table 2>&1 | FileCheck %s --check-prefix=WARN
; RUN: FileCheck %s --input-file=%t.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t_0.esimd.ll --check-prefix=ESIMD --implicit-check-not=sycl_kernel
; RUN: FileCheck %s --input-file=%t_0.esimd.sym --check-prefix=EMPTY --allow-empty
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=SYCL
; RUN: sycl-post-link -symbols -S < %s -o %t2.table
; RUN: FileCheck %s --input-file=%t2_0.ll --check-prefix=LINKED
; RUN: FileCheck %s --input-file=%t2_0.sym --check-prefix=LINKED-SYM

; WARN: warning: Undefined function simd_f found in <stdin>. This may result in runtime errors.

; TABLE: [Code|Symbols]
; TABLE-NEXT: {{.*}}_0.esimd.ll|{{.*}}_0.esimd.sym
; TABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.sym
; TABLE-EMPTY:

; ESIMD: define <4 x float> @simd_f(<4 x float> %v) #[[#]] !sycl_explicit_simd
; ESIMD-NEXT: call <4 x float> @simd_leaf(
; ESIMD: define internal <4 x float> @simd_leaf(
; ESIMD: ![[#]] = !{i8 1}
; EMPTY-NOT: {{.}}

; SYCL: define spir_kernel void @sycl_kernel(
; SYCL: declare <4 x float> @simd_f(<4 x float>)
; SYCL-NOT: simd_leaf
; SYCL: ![[#]] = !{i8 0}

; LINKED: define <4 x float> @simd_f(
; LINKED: define internal <4 x float> @simd_leaf(
; LINKED: define spir_kernel void @sycl_kernel(
; LINKED: ![[#]] = !{i8 2}
; LINKED-SYM: sycl_kernel
; LINKED-SYM-EMPTY:

target triple = "spir64-unknown-unknown"

declare spir_func void @register(ptr)

define spir_kernel void @sycl_kernel() #0 {
  call spir_func void @register(ptr @simd_f)
  ret void
}

define <4 x float> @simd_f(<4 x float> %v) #1 !sycl_explicit_simd !0 {
  %r = call <4 x float> @simd_leaf(<4 x float> %v)
  ret <4 x float> %r
}

define <4 x float> @simd_leaf(<4 x float> %v) !sycl_explicit_simd !0 {
  ret <4 x float> %v
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "referenced-indirectly" }

!0 = !{}
