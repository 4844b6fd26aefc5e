; Per-source split groups the kernels of a translation unit by their
; intel_reqd_sub_group_size: equal values share an image, a kernel without
; one is apart, and another translation unit is apart anyway. Images come
; out in descending key order: b.cpp first, then 64, 32, 16, none.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=auto -symbols -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t/out_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t/out_1.sym --check-prefix=SYM1
; RUN: FileCheck %s --input-file=%t/out_2.sym --check-prefix=SYM2
; RUN: FileCheck %s --input-file=%t/out_3.sym --check-prefix=SYM3
; RUN: FileCheck %s --input-file=%t/out_4.sym --check-prefix=SYM4
; RUN: FileCheck %s --input-file=%t/out_1.ll --check-prefix=IR1 --implicit-check-not=define
; RUN: sycl-module-split -split=source -S < %s -o %t/ms
; RUN: FileCheck %s --input-file=%t/ms_1.sym --check-prefix=SYM1
; RUN: FileCheck %s --input-file=%t/ms_4.sym --check-prefix=SYM4

; TABLE: [Code|Symbols]
; TABLE-COUNT-5: .sym
; TABLE-EMPTY:

; SYM0: kOtherUnit
; SYM0-EMPTY:
; SYM1: k64a
; SYM1-NEXT: k64b
; SYM1-EMPTY:
; SYM2: k32
; SYM2-EMPTY:
; SYM3: k16
; SYM3-EMPTY:
; SYM4: kNone
; SYM4-EMPTY:

target triple = "spir64-unknown-unknown"

; IR1: define internal spir_func void @helper()
define spir_func void @helper() {
  ret void
}

define spir_kernel void @kNone() #0 {
  call spir_func void @helper()
  ret void
}

define spir_kernel void @k32() #0 !intel_reqd_sub_group_size !0 {
  ret void
}

; IR1: define spir_kernel void @k64a()
define spir_kernel void @k64a() #0 !intel_reqd_sub_group_size !1 {
  call spir_func void @helper()
  ret void
}

; IR1: define spir_kernel void @k64b()
define spir_kernel void @k64b() #0 !intel_reqd_sub_group_size !2 {
  ret void
}

define spir_kernel void @k16() #0 !intel_reqd_sub_group_size !3 {
  ret void
}

define spir_kernel void @kOtherUnit() #1 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }

!0 = !{i32 32}
!1 = !{i32 64}
!2 = !{i32 64}
!3 = !{i32 16}
