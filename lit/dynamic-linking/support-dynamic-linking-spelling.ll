; -support-dynamic-linking is the older spelling of
; -allow-device-image-dependencies: the same images come out.
; RUN: sycl-post-link -properties -symbols -split=kernel -support-dynamic-linking \
; RUN:   -emit-imported-symbols -S < %s -o %t.old.table
; RUN: sycl-post-link -properties -symbols -split=kernel -allow-device-image-dependencies \
; RUN:   -emit-imported-symbols -S < %s -o %t.new.table
; RUN: diff %t.old_0.prop %t.new_0.prop
; RUN: diff %t.old_1.prop %t.new_1.prop
; RUN: FileCheck %s --input-file=%t.old_0.prop
; RUN: FileCheck %s --input-file=%t.old_0.ll --check-prefix=IR
; CHECK: [SYCL/imported symbols]
; CHECK-NEXT: ext=1|1
; IR: declare spir_func void @ext()

target triple = "spir64-unknown-unknown"

define spir_func void @ext() #0 {
  ret void
}

define spir_kernel void @kernel() #0 {
  call spir_func void @ext()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
