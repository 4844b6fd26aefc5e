; Without dynamic linking a SYCL_EXTERNAL function called from another
; source's kernel is copied into that kernel's image, where it is internal;
; it is exported only from the image of the source that defines it.
; RUN: sycl-post-link -properties -split=source -emit-exported-symbols -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=COPY-IR
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=COPY-PROP
; RUN: FileCheck %s --input-file=%t_1.ll --check-prefix=DEF-IR
; RUN: FileCheck %s --input-file=%t_1.prop --check-prefix=DEF-PROP --match-full-lines
; COPY-IR: define internal spir_func void @ext()
; COPY-PROP-NOT: [SYCL/exported symbols]
; DEF-IR: define spir_func void @ext()
; DEF-PROP: [SYCL/exported symbols]
; DEF-PROP-NEXT: ext=1|1
; DEF-PROP-NOT: kernel

target triple = "spir64-unknown-unknown"

define spir_func void @ext() #0 {
  ret void
}

define spir_kernel void @kernel() #1 {
  call spir_func void @ext()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
