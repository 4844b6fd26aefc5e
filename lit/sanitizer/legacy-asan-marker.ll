; Modules from older compilers mark AddressSanitizer with the named metadata
; !device.sanitizer = !{!{!"asan"}} and have no kernel-metadata global; for
; them [SYCL/misc properties] gets the older property asanUsed=1.
; RUN: sycl-post-link -properties -split=kernel -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines
; CHECK: [SYCL/misc properties]
; CHECK-NEXT: asanUsed=1|1
; CHECK-NOT: {{^}}sanUsed

target triple = "spir64-unknown-unknown"

define spir_kernel void @k() #0 {
  ret void
}

attributes #0 = { sanitize_address "sycl-module-id"="k.cpp" }

!device.sanitizer = !{!0}
!0 = !{!"asan"}
