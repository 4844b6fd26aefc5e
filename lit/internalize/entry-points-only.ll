; Without dynamic linking only the image's entry points keep their linkage;
; every other function becomes internal: helpers, and SYCL_EXTERNAL
; functions copied into an image that is not theirs.
; RUN: sycl-post-link -split=source -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=B
; RUN: FileCheck %s --input-file=%t_1.ll --check-prefix=A
; B-DAG: define spir_kernel void @kernel_b() #[[EP:[0-9]+]]
; B-DAG: define internal spir_func void @ext_a()
; B-DAG: define internal spir_func void @helper()
; B-DAG: attributes #[[EP]] = { "sycl-entry-point" "sycl-module-id"="b.cpp" }
; A-DAG: define spir_func void @ext_a()
; A-DAG: define internal spir_func void @helper()
; A-NOT: @kernel_b

target triple = "spir64-unknown-unknown"

define linkonce_odr spir_func void @helper() {
  ret void
}

define spir_func void @ext_a() #0 {
  call spir_func void @helper()
  ret void
}

define spir_kernel void @kernel_b() #1 {
  call spir_func void @ext_a()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
