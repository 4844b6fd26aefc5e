; Candidates of indirect calls are followed like any dependency: a
; candidate that itself calls through a pointer pulls in the candidates of
; that call too. Every split mode gives the same three images here.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=auto -S < %s -o %t/auto.table
; RUN: FileCheck %s --input-file=%t/auto_0.ll --check-prefix=C --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/auto_1.ll --check-prefix=B --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/auto_2.ll --check-prefix=A --implicit-check-not=define
; RUN: sycl-post-link -split=source -S < %s -o %t/src.table
; RUN: FileCheck %s --input-file=%t/src_0.ll --check-prefix=C --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/src_1.ll --check-prefix=B --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/src_2.ll --check-prefix=A --implicit-check-not=define
; RUN: sycl-post-link -split=kernel -S < %s -o %t/ker.table
; RUN: FileCheck %s --input-file=%t/ker_0.ll --check-prefix=C --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/ker_1.ll --check-prefix=B --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/ker_2.ll --check-prefix=A --implicit-check-not=define
; RUN: sycl-module-split -split=kernel -S < %s -o %t/ms
; RUN: FileCheck %s --input-file=%t/ms_0.ll --check-prefix=C --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/ms_1.ll --check-prefix=B --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/ms_2.ll --check-prefix=A --implicit-check-not=define

target triple = "spir64-unknown-unknown"

; Calls an i32(i32, ptr) through a pointer.
; B-DAG: define internal spir_func i32 @outer(ptr %fp, ptr %inner)
define spir_func i32 @outer(ptr %fp, ptr %inner) {
  %r = call spir_func i32 %fp(i32 42, ptr %inner)
  ret i32 %r
}

; The i32(i32, ptr) candidate; calls a void() through a pointer.
; B-DAG: define spir_func i32 @middle(i32 %x, ptr %inner) #[[#RI:]]
; C-DAG: define spir_func i32 @middle(i32 %x, ptr %inner) #[[#RI:]]
define spir_func i32 @middle(i32 %x, ptr %inner) #3 {
  call spir_func void %inner()
  ret i32 %x
}

; Not referenced-indirectly: only where called directly.
; A-DAG: define internal spir_func void @leaf()
define spir_func void @leaf() {
  ret void
}

; The void() candidate.
; B-DAG: define spir_func void @LEAF() #[[#RI]]
; C-DAG: define spir_func void @LEAF() #[[#RI]]
define spir_func void @LEAF() #3 {
  ret void
}

; A-DAG: define spir_kernel void @kernel_A()
define spir_kernel void @kernel_A() #0 {
  call spir_func void @leaf()
  ret void
}

; B-DAG: define spir_kernel void @kernel_B()
define spir_kernel void @kernel_B() #1 {
  %r = call spir_func i32 @outer(ptr null, ptr null)
  ret void
}

; C-DAG: define spir_kernel void @kernel_C()
define spir_kernel void @kernel_C() #2 {
  %r = call spir_func i32 @middle(i32 42, ptr null)
  ret void
}

attributes #0 = { "sycl-module-id"="TU1.cpp" }
attributes #1 = { "sycl-module-id"="TU2.cpp" }
attributes #2 = { "sycl-module-id"="TU3.cpp" }
attributes #3 = { "referenced-indirectly" }
