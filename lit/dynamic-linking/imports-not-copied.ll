; -allow-device-image-dependencies: an image that calls a SYCL_EXTERNAL
; function of another source keeps only its declaration and lists it in
; [SYCL/imported symbols]; the defining image exports it. No "undefined
; function" warning is printed for the imported function.
; RUN: sycl-post-link -properties -symbols -split=source -allow-device-image-dependencies \
; RUN:   -emit-exported-symbols -emit-imported-symbols -S < %s -o %t.table 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=USER-IR
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=USER-PROP --match-full-lines
; RUN: FileCheck %s --input-file=%t_1.ll --check-prefix=LIB-IR
; RUN: FileCheck %s --input-file=%t_1.prop --check-prefix=LIB-PROP --match-full-lines
; USER-IR-DAG: define spir_kernel void @kernel()
; USER-IR-DAG: declare spir_func void @lib_f()
; USER-IR-NOT: @lib_helper
; USER-PROP-NOT: [SYCL/exported symbols]
; USER-PROP: [SYCL/imported symbols]
; USER-PROP-NEXT: lib_f=1|1
; USER-PROP-NOT: {{.+}}
; LIB-IR-DAG: define spir_func void @lib_f()
; LIB-IR-DAG: define internal spir_func void @lib_helper()
; LIB-PROP: [SYCL/exported symbols]
; LIB-PROP-NEXT: lib_f=1|1
; LIB-PROP-NOT: {{.+}}

target triple = "spir64-unknown-unknown"

define spir_func void @lib_helper() {
  ret void
}

define spir_func void @lib_f() #0 {
  call spir_func void @lib_helper()
  ret void
}

define spir_kernel void @kernel() #1 {
  call spir_func void @lib_f()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
