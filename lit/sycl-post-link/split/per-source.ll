; -split=source: one image per sycl-module-id. Images come out in descending
; order of their group key (tu2.cpp before tu1.cpp); each holds its kernels
; and what they use; non-entry functions become internal.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=source -symbols -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out_0.ll --check-prefix=IR0 --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/out_1.ll --check-prefix=IR1 --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/out_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t/out_1.sym --check-prefix=SYM1
; The standalone splitter gives the same images.
; RUN: sycl-module-split -split=source -S < %s -o %t/ms
; RUN: FileCheck %s --input-file=%t/ms_0.ll --check-prefix=IR0 --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/ms_1.ll --check-prefix=IR1 --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/ms_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t/ms_1.sym --check-prefix=SYM1

target triple = "spir64-unknown-unknown"

; IR0: @gv = internal addrspace(1) global i32 42
; IR1-NOT: @gv
@gv = internal addrspace(1) global i32 42, align 4

; IR1: define internal spir_func void @shared()
define spir_func void @shared() {
  ret void
}

; IR0: define internal spir_func void @only_k2()
define spir_func void @only_k2() {
  %v = load i32, ptr addrspace(1) @gv, align 4
  ret void
}

define spir_func void @dead() {
  ret void
}

; IR1: define spir_kernel void @k1a()
define spir_kernel void @k1a() #0 {
  call spir_func void @shared()
  ret void
}

; IR0: define spir_kernel void @k2()
define spir_kernel void @k2() #1 {
  call spir_func void @only_k2()
  ret void
}

; IR1: define spir_kernel void @k1b()
define spir_kernel void @k1b() #0 {
  call spir_func void @shared()
  ret void
}

attributes #0 = { "sycl-module-id"="tu1.cpp" }
attributes #1 = { "sycl-module-id"="tu2.cpp" }

; SYM0: k2
; SYM0-EMPTY:
; SYM1: k1a
; SYM1-NEXT: k1b
; SYM1-EMPTY:
