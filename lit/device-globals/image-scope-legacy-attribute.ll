; Older compilers spelled the property attribute "device_image_scope"
; (without the sycl- prefix); it is honoured when the current spelling is
; absent, by the check and by the [SYCL/device globals] value.
; RUN: not sycl-post-link -device-globals -split=kernel -S %s -o %t.table 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: device_global variable 'legacy' with property "device_image_scope" is contained in more than one device image.
; RUN: sycl-post-link -properties -device-globals -S %s -o %t.one.table
; RUN: FileCheck %s --input-file=%t.one_0.prop --check-prefix=PROP
; size 4, scope 1
; PROP: legacy-id=2|ABAAAAAAAAABAAAABAAAAA

target triple = "spir64-unknown-unknown"

@legacy = addrspace(1) global i32 0 #0

define spir_kernel void @k1() {
  %v = load i32, ptr addrspace(1) @legacy
  ret void
}

define spir_kernel void @k2() {
  %v = load i32, ptr addrspace(1) @legacy
  ret void
}

attributes #0 = { "sycl-device-global-size"="4" "device_image_scope"="true" "sycl-unique-id"="legacy-id" }
