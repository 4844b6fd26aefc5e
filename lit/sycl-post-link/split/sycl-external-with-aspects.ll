; SYCL_EXTERNAL functions are grouped by translation unit and aspects like
; kernels. One called from a kernel whose aspects differ is in two images:
; its own, as an entry point with external linkage, and an internal copy in
; the caller's image so that the caller's image is self-contained.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=auto -symbols -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t/out_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t/out_1.sym --check-prefix=SYM1
; RUN: FileCheck %s --input-file=%t/out_2.sym --check-prefix=SYM2
; RUN: FileCheck %s --input-file=%t/out_0.ll --check-prefix=IR0 --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/out_1.ll --check-prefix=IR1 --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/out_2.ll --check-prefix=IR2 --implicit-check-not=define

; TABLE: [Code|Symbols]
; TABLE-COUNT-3: .sym
; TABLE-EMPTY:

; b.cpp, aspect 2: the kernel with the functions sharing its aspects.
; SYM0: bar
; SYM0-NEXT: baz
; SYM0-NEXT: kernel0
; SYM0-EMPTY:
; a.cpp, aspects 1 and 3.
; SYM1: kernel1
; SYM1-EMPTY:
; a.cpp, aspect 1.
; SYM2: foo
; SYM2-EMPTY:

target triple = "spir64-unknown-unknown"

; IR1: define internal spir_func void @foo()
; IR2: define spir_func void @foo()
define spir_func void @foo() #0 !sycl_used_aspects !1 {
  ret void
}

; IR0: define spir_func void @bar()
define spir_func void @bar() #1 !sycl_used_aspects !2 {
  ret void
}

; IR0: define spir_func void @baz()
define spir_func void @baz() #1 !sycl_used_aspects !2 {
  ret void
}

; IR0: define spir_kernel void @kernel0()
define spir_kernel void @kernel0() #1 !sycl_used_aspects !2 {
  call spir_func void @bar()
  ret void
}

; IR1: define spir_kernel void @kernel1()
define spir_kernel void @kernel1() #0 !sycl_used_aspects !3 {
  call spir_func void @foo()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }

!1 = !{i32 1}
!2 = !{i32 2}
!3 = !{i32 3, i32 1}
