; [SYCL/misc properties] of an image: sycl-grf-size from the first entry
; point that has the attribute (a value that is not a number counts as 0),
; optLevel from the first entry point whose sycl-optlevel is a decimal
; integer. Helpers are not entry points. sycl-register-alloc-mode is no
; property any more (the newest upstream dropped it; it still separates
; images when splitting, so -split=none keeps the kernels together here).
; RUN: sycl-post-link -properties -split=none -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines
; CHECK: [SYCL/misc properties]
; CHECK-NEXT: sycl-grf-size=1|256
; CHECK-NEXT: optLevel=1|1
; CHECK-NOT: {{.+}}

target triple = "spir64-unknown-unknown"

define spir_func void @helper() #0 {
  ret void
}

define spir_kernel void @k1() #1 {
  call spir_func void @helper()
  ret void
}

define spir_kernel void @k2() #2 {
  ret void
}

define spir_kernel void @k3() #3 {
  ret void
}

attributes #0 = { "sycl-grf-size"="128" "sycl-optlevel"="3" }
attributes #1 = { "sycl-register-alloc-mode"="large" "sycl-optlevel"="O2" }
attributes #2 = { "sycl-grf-size"="256" "sycl-register-alloc-mode"="2" "sycl-optlevel"="1" }
attributes #3 = { "sycl-optlevel"="0" }
