; Per-source split compares the aspects a kernel uses as a sorted list:
; {1, 2} and {2, 1} (here in the {!"name", value} form) share an image,
; {1} and {2, 3, 4} get their own. Images come out in descending order of
; the sorted values' digits.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=auto -symbols -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t/out_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t/out_1.sym --check-prefix=SYM1
; RUN: FileCheck %s --input-file=%t/out_2.sym --check-prefix=SYM2
; RUN: sycl-module-split -split=source -S < %s -o %t/ms
; RUN: FileCheck %s --input-file=%t/ms_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t/ms_1.sym --check-prefix=SYM1
; RUN: FileCheck %s --input-file=%t/ms_2.sym --check-prefix=SYM2

; TABLE: [Code|Symbols]
; TABLE-COUNT-3: .sym
; TABLE-EMPTY:

; "-2-3-4"
; SYM0: kernel3
; SYM0-EMPTY:
; "-1-2"
; SYM1: kernel1
; SYM1-NEXT: kernel2
; SYM1-EMPTY:
; "-1"
; SYM2: kernel0
; SYM2-EMPTY:

target triple = "spir64-unknown-unknown"

define spir_kernel void @kernel0() #0 !sycl_used_aspects !1 {
  ret void
}

define spir_kernel void @kernel1() #0 !sycl_used_aspects !2 {
  ret void
}

define spir_kernel void @kernel2() #0 !sycl_used_aspects !3 {
  ret void
}

define spir_kernel void @kernel3() #0 !sycl_used_aspects !4 {
  ret void
}

attributes #0 = { "sycl-module-id"="tu.cpp" }

!1 = !{i32 1}
!2 = !{i32 1, i32 2}
!3 = !{!5, !6}
!4 = !{i32 4, i32 3, i32 2}
!5 = !{!"aspect_two", i32 2}
!6 = !{!"aspect_one", i32 1}
