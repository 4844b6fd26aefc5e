; Sanitizer use is detected from the kernel-metadata globals only (the newest
; upstream; the 2026.2 runtime reads sanUsed). A module that is merely
; marked, by the sanitize_address attribute or by the !device.sanitizer
; metadata of older compilers, gets neither sanUsed nor the older asanUsed.
; RUN: sycl-post-link -properties -split=kernel -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop
; CHECK: [SYCL/misc properties]
; CHECK-NEXT: optLevel=1|2
; CHECK-NOT: sanUsed
; CHECK-NOT: asanUsed

target triple = "spir64-unknown-unknown"

define spir_kernel void @k(i64 %__asan_launch) #0 {
  ret void
}

attributes #0 = { sanitize_address "sycl-module-id"="k.cpp" "sycl-optlevel"="2" }

!device.sanitizer = !{!0}
!0 = !{!"asan"}
