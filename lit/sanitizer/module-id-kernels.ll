; Images of modules meant to be linked at run time carry metadata globals
; with a module id suffix (__AsanKernelMetadata<ID>). Being appending globals
; they go into every image, and every image gets one empty
; __sanitizerModule<ID> kernel per id, so that the runtime finds each
; image's metadata by id. The sentinel kernels are not entry points (.sym).
; RUN: sycl-post-link -properties -split=source -symbols -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefixes=CHECK,IMG-B
; RUN: FileCheck %s --input-file=%t_1.ll --check-prefixes=CHECK,IMG-A
; RUN: FileCheck %s --input-file=%t_0.sym --check-prefix=SYM --implicit-check-not=sanitizerModule
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=PROP
; CHECK-DAG: @__AsanKernelMetadata_aaaa = appending
; CHECK-DAG: @__AsanKernelMetadata_bbbb = appending
; IMG-A-DAG: define weak_odr dso_local spir_kernel void @KernelA()
; IMG-B-DAG: define weak_odr dso_local spir_kernel void @KernelB()
; CHECK-DAG: define weak_odr dso_local spir_kernel void @__sanitizerModule_aaaa() #[[SENTINEL:[0-9]+]] {
; CHECK-DAG: define weak_odr dso_local spir_kernel void @__sanitizerModule_bbbb() #[[SENTINEL]] {
; CHECK-DAG: attributes #[[SENTINEL]] = { "sycl-entry-point" }
; SYM: KernelB
; PROP: sanUsed=2|gAAAAAAAAAQYzFmb

target triple = "spir64-unknown-unknown"

@__asan_kernel_a = internal addrspace(1) constant [8 x i8] c"KernelA\00"
@__AsanKernelMetadata_aaaa = appending dso_local addrspace(1) global [1 x { i64, i64 }] [{ i64, i64 } { i64 ptrtoint (ptr addrspace(1) @__asan_kernel_a to i64), i64 7 }] #2
@__asan_kernel_b = internal addrspace(1) constant [8 x i8] c"KernelB\00"
@__AsanKernelMetadata_bbbb = appending dso_local addrspace(1) global [1 x { i64, i64 }] [{ i64, i64 } { i64 ptrtoint (ptr addrspace(1) @__asan_kernel_b to i64), i64 7 }] #3

define weak_odr dso_local spir_kernel void @KernelA() #0 {
  ret void
}

define weak_odr dso_local spir_kernel void @KernelB() #1 {
  ret void
}

attributes #0 = { sanitize_address "sycl-module-id"="a.cpp" }
attributes #1 = { sanitize_address "sycl-module-id"="b.cpp" }
attributes #2 = { "sycl-device-global-size"="16" "sycl-device-image-scope" "sycl-unique-id"="__AsanKernelMetadata_aaaa" }
attributes #3 = { "sycl-device-global-size"="16" "sycl-device-image-scope" "sycl-unique-id"="__AsanKernelMetadata_bbbb" }
