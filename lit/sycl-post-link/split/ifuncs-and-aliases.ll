; An ifunc used by a kernel brings its resolver into the kernel's image (the
; verifier refuses an ifunc whose resolver is only declared): upstream's
; dependency graph reaches the resolver through the ifunc's users, and the
; extraction does the same here, also where the split's threads read lazily
; loaded copies of the module (same images at 1 and 3 threads). Aliases
; come with their aliasees. Every image passes the verifier (SPL_VERIFY_EACH).
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=kernel -symbols -S %s -o %t/k.table
; RUN: FileCheck %s --input-file=%t/k_0.ll --check-prefix=K1
; RUN: FileCheck %s --input-file=%t/k_1.ll --check-prefix=K0
; RUN: llvm-as %s -o %t/in.bc
; RUN: sycl-post-link -j 1 -split=kernel -symbols -S %t/in.bc -o %t/j1.table
; RUN: sycl-post-link -j 3 -split=kernel -symbols -S %t/in.bc -o %t/j3.table
; RUN: diff %t/j1_0.ll %t/j3_0.ll
; RUN: diff %t/j1_1.ll %t/j3_1.ll
; RUN: sycl-post-link -split=source -symbols -S %s -o %t/s.table
; RUN: FileCheck %s --input-file=%t/s_0.ll --check-prefix=K1

target triple = "spir64-unknown-unknown"

@a = alias void (ptr addrspace(1)), ptr @impl
@ga = alias i32, ptr addrspace(1) @gv
@gv = addrspace(1) global i32 7
@i = ifunc void (ptr addrspace(1)), ptr @resolver

define spir_func ptr @resolver() {
  ret ptr @impl
}

define spir_func void @impl(ptr addrspace(1) %p) {
  store i32 1, ptr addrspace(1) %p
  ret void
}

define spir_kernel void @k0(ptr addrspace(1) %out) #0 {
  call spir_func void @a(ptr addrspace(1) %out)
  %v = load i32, ptr addrspace(1) @ga
  store i32 %v, ptr addrspace(1) %out
  ret void
}

define spir_kernel void @k1(ptr addrspace(1) %out) #0 {
  call spir_func void @i(ptr addrspace(1) %out)
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

; K0: @a = alias void (ptr addrspace(1)), ptr @impl
; K0: @ga = alias i32, ptr addrspace(1) @gv
; K0: define internal spir_func void @impl(
; K0: define spir_kernel void @k0(

; K1: @i = ifunc void (ptr addrspace(1)), ptr @resolver
; K1: define internal spir_func ptr @resolver()
; K1: define internal spir_func void @impl(
; K1: define spir_kernel void @k1(
