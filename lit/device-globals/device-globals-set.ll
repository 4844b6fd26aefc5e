; -device-globals: [SYCL/device globals] has one entry per device global
; (sycl-device-global-size) keyed by sycl-unique-id: u32 size, then
; device_image_scope as one byte (set when sycl-device-image-scope is present
; and not "false", the value-less form included) and three zero bytes.
; RUN: sycl-post-link -properties -device-globals -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines
; CHECK: [SYCL/device globals]
; size 4, no scope
; CHECK-NEXT: id-plain=2|ABAAAAAAAAABAAAAAAAAAA
; size 8, scope "true"
; CHECK-NEXT: id-scoped=2|ABAAAAAAAAACAAAABAAAAA
; size 1, value-less scope
; CHECK-NEXT: id-valueless=2|ABAAAAAAAAQAAAAABAAAAA
; size 2, scope "false"
; CHECK-NEXT: id-false=2|ABAAAAAAAAgAAAAAAAAAAA
; CHECK-NOT: id-other
; RUN: sycl-post-link -properties -S < %s -o %t.off.table
; RUN: FileCheck %s --input-file=%t.off_0.prop --check-prefix=OFF
; OFF-NOT: [SYCL/device globals]

target triple = "spir64-unknown-unknown"

@plain = addrspace(1) global i32 0 #0
@scoped = addrspace(1) global i64 0 #1
@valueless = addrspace(1) global i8 0 #2
@false_scope = addrspace(1) global i16 0 #3
@other = addrspace(1) global i32 0 #4

define spir_kernel void @k() {
  %a = load i32, ptr addrspace(1) @plain
  %b = load i64, ptr addrspace(1) @scoped
  %c = load i8, ptr addrspace(1) @valueless
  %d = load i16, ptr addrspace(1) @false_scope
  %e = load i32, ptr addrspace(1) @other
  ret void
}

attributes #0 = { "sycl-device-global-size"="4" "sycl-unique-id"="id-plain" }
attributes #1 = { "sycl-device-global-size"="8" "sycl-device-image-scope"="true" "sycl-unique-id"="id-scoped" }
attributes #2 = { "sycl-device-global-size"="1" "sycl-device-image-scope" "sycl-unique-id"="id-valueless" }
attributes #3 = { "sycl-device-global-size"="2" "sycl-device-image-scope"="false" "sycl-unique-id"="id-false" }
attributes #4 = { "sycl-device-image-scope"="true" "sycl-unique-id"="id-other" }
