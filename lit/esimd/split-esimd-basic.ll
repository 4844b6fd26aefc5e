; -split-esimd: an image with SYCL and ESIMD entry points becomes two
; modules, the ESIMD one first and named <prefix>_<N>.esimd, the SYCL one
; <prefix>_<N> with the same N. Each part keeps only its own entry points and
; what they use; only the ESIMD part is marked with isEsimdImage, and every
; part records its kind in !sycl-esimd-split-status (1 ESIMD_ONLY, 0 SYCL_ONLY).
; RUN: sycl-post-link -split-esimd -properties -symbols -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t_0.esimd.ll --check-prefix=ESIMD-IR --implicit-check-not=SYCL_kernel
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=SYCL-IR --implicit-check-not=ESIMD_kernel
; RUN: FileCheck %s --input-file=%t_0.esimd.prop --check-prefix=ESIMD-PROP
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=SYCL-PROP
; RUN: FileCheck %s --input-file=%t_0.esimd.sym --check-prefix=ESIMD-SYM
; RUN: FileCheck %s --input-file=%t_0.sym --check-prefix=SYCL-SYM

; TABLE: [Code|Properties|Symbols]
; TABLE-NEXT: {{.*}}_0.esimd.ll|{{.*}}_0.esimd.prop|{{.*}}_0.esimd.sym
; TABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.prop|{{.*}}_0.sym
; TABLE-EMPTY:

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z28__spirv_GlobalInvocationId_xv()

; ESIMD-IR: define spir_kernel void @ESIMD_kernel1() #[[#ATTR:]] !sycl_explicit_simd
; ESIMD-IR: define spir_kernel void @ESIMD_kernel2() #[[#ATTR]] !sycl_explicit_simd
; ESIMD-IR: define internal spir_func void @shared()
; ESIMD-IR: !sycl-esimd-split-status = !{![[#STATUS:]]}
; ESIMD-IR: ![[#STATUS]] = !{i8 1}
define spir_kernel void @ESIMD_kernel1() #0 !sycl_explicit_simd !0 {
  %id = call spir_func i64 @_Z28__spirv_GlobalInvocationId_xv()
  call spir_func void @shared()
  ret void
}

define spir_kernel void @ESIMD_kernel2() #0 !sycl_explicit_simd !0 {
  ret void
}

; SYCL-IR: define spir_kernel void @SYCL_kernel1() #[[#ATTR:]] {
; SYCL-IR: define spir_kernel void @SYCL_kernel2() #[[#ATTR]] {
; SYCL-IR: define internal spir_func void @shared()
; SYCL-IR: attributes #[[#ATTR]] = { "sycl-entry-point" "sycl-module-id"="a.cpp" }
; SYCL-IR: !sycl-esimd-split-status = !{![[#STATUS:]]}
; SYCL-IR: ![[#STATUS]] = !{i8 0}
define spir_kernel void @SYCL_kernel1() #0 {
  %id = call spir_func i64 @_Z28__spirv_GlobalInvocationId_xv()
  call spir_func void @shared()
  ret void
}

define spir_kernel void @SYCL_kernel2() #0 {
  ret void
}

define spir_func void @shared() {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{}

; ESIMD-PROP: [SYCL/misc properties]
; ESIMD-PROP-NEXT: isEsimdImage=1|1
; SYCL-PROP-NOT: isEsimdImage

; ESIMD-SYM: ESIMD_kernel1
; ESIMD-SYM-NEXT: ESIMD_kernel2
; ESIMD-SYM-EMPTY:
; SYCL-SYM: SYCL_kernel1
; SYCL-SYM-NEXT: SYCL_kernel2
; SYCL-SYM-EMPTY:
