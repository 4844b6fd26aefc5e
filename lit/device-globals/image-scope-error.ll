; -device-globals: a device global with device_image_scope that is reachable
; from entry points of two device images is an error; the walk goes from
; the variable through instructions to their functions and from functions
; to their callers.
; RUN: not sycl-post-link -device-globals -split=kernel -S %s -o %t.table 2>&1 | FileCheck %s
; CHECK: sycl-post-link: device_global variable 'dg' with property "device_image_scope" is contained in more than one device image.

target triple = "spir64-unknown-unknown"

@dg = addrspace(1) global i32 0 #0

define spir_func void @use_dg() {
  %v = load i32, ptr addrspace(1) @dg
  ret void
}

define spir_func void @wrapper() {
  call spir_func void @use_dg()
  ret void
}

define spir_kernel void @k1() {
  call spir_func void @wrapper()
  ret void
}

define spir_kernel void @k2() {
  call spir_func void @use_dg()
  ret void
}

attributes #0 = { "sycl-device-global-size"="4" "sycl-device-image-scope" "sycl-unique-id"="dg-id" }
