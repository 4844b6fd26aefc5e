; Before splitting, the range-rounding wrapper of an ESIMD kernel (a kernel
; named `typeinfo name for sycl::_V1::detail::RoundedRangeKernel<...>` that
; reaches an ESIMD function) is marked ESIMD (upstream's
; SYCLFixupESIMDKernelWrapperMD), here through @middle, which stays unmarked.
; No other kernel is marked, whatever it does with ESIMD code: @sycl_caller
; calls the ESIMD body directly, @store_user stores its address, and the
; second wrapper only passes the address on as a call argument (as
; invoke_simd does), which the walk does not follow. Those are SYCL kernels
; of a mixed image: with -split-esimd, their part declares the ESIMD body
; (no definition) and warns, and the ESIMD part, with no entry point, keeps
; the body (it is referenced-indirectly) and what the wrapper uses.
; RUN: sycl-post-link -split-esimd -symbols -S < %s -o %t.table 2>%t.err
; RUN: FileCheck %s --input-file=%t.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t.err --check-prefix=WARN
; RUN: FileCheck %s --input-file=%t_0.esimd.sym --check-prefix=ESIMD-SYM
; RUN: FileCheck %s --input-file=%t_0.sym --check-prefix=SYCL-SYM
; RUN: FileCheck %s --input-file=%t_0.esimd.ll --check-prefix=ESIMD
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=SYCL
; sycl-opt runs the pass alone: the wrapper alone gets the marker.
; RUN: sycl-opt -passes=lower-esimd-kernel-attrs -S %s | FileCheck %s --check-prefix=OPT

; TABLE: [Code|Symbols]
; TABLE-NEXT: {{.*}}_0.esimd.ll|{{.*}}_0.esimd.sym
; TABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.sym
; TABLE-EMPTY:

; WARN: warning: Undefined function esimd_body found in <stdin>. This may result in runtime errors.

; ESIMD-SYM: _ZTSN4sycl3_V16detail18RoundedRangeKernelINS0_4itemILi1ELb1EEELi1E8kernel_1EE
; ESIMD-SYM-EMPTY:
; SYCL-SYM: sycl_caller
; SYCL-SYM-NEXT: store_user
; SYCL-SYM-NEXT: _ZTSN4sycl3_V16detail18RoundedRangeKernelINS0_4itemILi1ELb1EEELi1E8kernel_2EE
; SYCL-SYM-EMPTY:

; ESIMD: define spir_kernel void @_ZTSN4sycl3_V16detail18RoundedRangeKernelINS0_4itemILi1ELb1EEELi1E8kernel_1EE() #[[#]] !sycl_explicit_simd ![[#]] {
; ESIMD: define internal spir_func void @middle() {
; ESIMD: define spir_func void @esimd_body() #[[#]] !sycl_explicit_simd ![[#]] {
; ESIMD-NOT: sycl_caller
; SYCL: define spir_kernel void @sycl_caller() #[[#]] {
; SYCL: declare {{.*}}void @esimd_body()
; SYCL-NOT: define {{.*}}@esimd_body

; OPT: define spir_kernel void @_ZTSN4sycl3_V16detail18RoundedRangeKernelINS0_4itemILi1ELb1EEELi1E8kernel_1EE() #0 !sycl_explicit_simd !0 {
; OPT: define spir_func void @middle() {
; OPT: define spir_kernel void @sycl_caller() #0 {
; OPT: define spir_kernel void @store_user() #0 {
; OPT: define spir_kernel void @_ZTSN4sycl3_V16detail18RoundedRangeKernelINS0_4itemILi1ELb1EEELi1E8kernel_2EE() #0 {

target triple = "spir64-unknown-unknown"

declare spir_func void @use(ptr)

define spir_kernel void @_ZTSN4sycl3_V16detail18RoundedRangeKernelINS0_4itemILi1ELb1EEELi1E8kernel_1EE() #0 {
  call spir_func void @middle()
  ret void
}

define spir_func void @middle() {
  call spir_func void @esimd_body()
  ret void
}

define spir_kernel void @sycl_caller() #0 {
  call spir_func void @esimd_body()
  ret void
}

define spir_kernel void @store_user() #0 {
  %slot = alloca ptr
  store ptr @esimd_body, ptr %slot
  %f = load ptr, ptr %slot
  call spir_func void %f()
  ret void
}

define spir_kernel void @_ZTSN4sycl3_V16detail18RoundedRangeKernelINS0_4itemILi1ELb1EEELi1E8kernel_2EE() #0 {
  call spir_func void @use(ptr @esimd_body)
  ret void
}

define spir_func void @esimd_body() #1 !sycl_explicit_simd !0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "referenced-indirectly" }

!0 = !{}
