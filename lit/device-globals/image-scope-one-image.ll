; A device_image_scope device global used by several kernels of one image,
; or by one image only, is fine; a device global without the property may be
; used from any image; without -device-globals nothing is checked.
; RUN: sycl-post-link -device-globals -split=source -symbols -S %s -o %t.table
; RUN: FileCheck %s --input-file=%t.table
; CHECK: [Code|Symbols]
; CHECK-NEXT: {{.*}}_0.ll|{{.*}}_0.sym
; CHECK-NEXT: {{.*}}_1.ll|{{.*}}_1.sym
; CHECK-EMPTY:
; RUN: sycl-post-link -split=kernel -S %s -o %t.nocheck.table

target triple = "spir64-unknown-unknown"

@scoped = addrspace(1) global i32 0 #0
@shared = addrspace(1) global i32 0 #1

define spir_kernel void @a1() #2 {
  %v = load i32, ptr addrspace(1) @scoped
  %w = load i32, ptr addrspace(1) @shared
  ret void
}

define spir_kernel void @a2() #2 {
  %v = load i32, ptr addrspace(1) @scoped
  ret void
}

define spir_kernel void @b() #3 {
  %w = load i32, ptr addrspace(1) @shared
  ret void
}

attributes #0 = { "sycl-device-global-size"="4" "sycl-device-image-scope" "sycl-unique-id"="scoped" }
attributes #1 = { "sycl-device-global-size"="4" "sycl-device-image-scope"="false" "sycl-unique-id"="shared" }
attributes #2 = { "sycl-module-id"="a.cpp" }
attributes #3 = { "sycl-module-id"="b.cpp" }
