; Internalization and dead-code removal also happen without -split: the
; single image keeps its entry points external, internalizes helpers and
; drops what nothing uses.
; RUN: sycl-post-link -symbols -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll
; CHECK: define internal spir_func void @used_helper()
; CHECK-NOT: @unused_helper
; CHECK: define spir_kernel void @k()

target triple = "spir64-unknown-unknown"

define spir_func void @used_helper() {
  ret void
}

define linkonce_odr spir_func void @unused_helper() {
  ret void
}

define spir_kernel void @k() {
  call spir_func void @used_helper()
  ret void
}
