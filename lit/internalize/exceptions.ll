; Functions with referenced-indirectly are never internalized (they may be
; called through pointers); virtual functions (indirectly-callable) are
; outlined into the image of their set and are declarations, not internal
; copies, in the others.
; RUN: sycl-post-link -split=source -emit-only-kernels-as-entry-points -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=B
; RUN: FileCheck %s --input-file=%t_1.ll --check-prefix=VF
; RUN: FileCheck %s --input-file=%t_2.ll --check-prefix=A
; B: define spir_func void @by_pointer()
; B: declare spir_func void @virtual_fn()
; B: define spir_kernel void @kernel_b()
; VF: define spir_func void @virtual_fn()
; A: define spir_func void @by_pointer()
; A: declare spir_func void @virtual_fn()
; A: define spir_kernel void @kernel_a()

target triple = "spir64-unknown-unknown"

define spir_func void @by_pointer() #2 {
  ret void
}

define spir_func void @virtual_fn() #3 {
  ret void
}

define spir_kernel void @kernel_a() #0 {
  call spir_func void @by_pointer()
  call spir_func void @virtual_fn()
  ret void
}

define spir_kernel void @kernel_b() #1 {
  call spir_func void @by_pointer()
  call spir_func void @virtual_fn()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
attributes #2 = { "referenced-indirectly" }
attributes #3 = { "sycl-module-id"="a.cpp" "indirectly-callable"="set-a" }
