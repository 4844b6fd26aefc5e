; Before splitting, every function that reaches an ESIMD function through
; direct calls is marked ESIMD too (upstream's SYCLFixupESIMDKernelWrapperMD):
; here @wrapper_kernel, which calls an ESIMD kernel body through @middle.
; Other uses of an ESIMD function are not followed: @store_user, which
; stores its address to call it later, and @passer, which passes the address
; as a call argument, stay SYCL.
; RUN: sycl-post-link -split-esimd -symbols -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t_0.esimd.sym --check-prefix=ESIMD-SYM
; RUN: FileCheck %s --input-file=%t_0.sym --check-prefix=SYCL-SYM
; RUN: FileCheck %s --input-file=%t_0.esimd.ll --check-prefix=ESIMD

; TABLE: [Code|Symbols]
; TABLE-NEXT: {{.*}}_0.esimd.ll|{{.*}}_0.esimd.sym
; TABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.sym

; ESIMD-SYM: wrapper_kernel
; ESIMD-SYM-EMPTY:
; SYCL-SYM: store_user
; SYCL-SYM-NEXT: passer
; SYCL-SYM-EMPTY:

; ESIMD: define spir_kernel void @wrapper_kernel() #[[#]] !sycl_explicit_simd ![[#]] {
; ESIMD: define internal spir_func void @middle() !sycl_explicit_simd ![[#]] {

target triple = "spir64-unknown-unknown"

declare spir_func void @use(ptr)

define spir_kernel void @wrapper_kernel() #0 {
  call spir_func void @middle()
  ret void
}

define spir_func void @middle() {
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

define spir_kernel void @passer() #0 {
  call spir_func void @use(ptr @esimd_body)
  ret void
}

define spir_func void @esimd_body() #1 !sycl_explicit_simd !0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "referenced-indirectly" }

!0 = !{}
