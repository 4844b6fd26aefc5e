; SYCL_EXTERNAL functions (sycl-module-id, not a builtin) are entry points:
; they get their own image under -split=kernel and stay external where they
; are entry points; -emit-only-kernels-as-entry-points turns that off.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=kernel -symbols -S < %s -o %t/a.table
; RUN: FileCheck %s --input-file=%t/a.table --check-prefix=TABLE3
; Two images: the kernel and the SYCL_EXTERNAL function (builtins are not
; entry points).
; TABLE3: [Code|Symbols]
; TABLE3-NEXT: a_0.ll
; TABLE3-NEXT: a_1.ll
; TABLE3-EMPTY:
; RUN: FileCheck %s --input-file=%t/a_0.sym --check-prefix=SYM-K
; RUN: FileCheck %s --input-file=%t/a_1.sym --check-prefix=SYM-EXT
; RUN: FileCheck %s --input-file=%t/a_1.ll --check-prefix=IR-EXT
; RUN: FileCheck %s --input-file=%t/a_0.ll --check-prefix=IR-K
; SYM-K: kernel
; SYM-EXT: _Z3extv
; IR-EXT: define spir_func void @_Z3extv()
; IR-K: define internal spir_func void @_Z3extv()
; RUN: sycl-post-link -split=kernel -emit-only-kernels-as-entry-points -symbols -S < %s -o %t/b.table
; RUN: FileCheck %s --input-file=%t/b.table --check-prefix=TABLE1
; TABLE1: [Code|Symbols]
; TABLE1-NEXT: b_0.ll
; TABLE1-EMPTY:

target triple = "spir64-unknown-unknown"

define spir_func void @_Z3extv() #0 {
  ret void
}

; Builtins with the attribute are not entry points.
define spir_func void @_Z28__spirv_GlobalInvocationId_xv() #0 {
  ret void
}

define spir_func void @__builtin_thing() #0 {
  ret void
}

define spir_kernel void @kernel() #0 {
  call spir_func void @_Z3extv()
  call spir_func void @_Z28__spirv_GlobalInvocationId_xv()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
