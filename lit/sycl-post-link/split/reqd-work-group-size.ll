; Per-source split groups the kernels of a translation unit by their
; reqd_work_group_size list, compared element by element in the given
; order: (64, 64) twice share an image, (32), (16, 16, 16), (64, 32) and no
; list get their own. Images come out in descending key order.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=source -symbols -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t/out_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t/out_1.sym --check-prefix=SYM1
; RUN: FileCheck %s --input-file=%t/out_2.sym --check-prefix=SYM2
; RUN: FileCheck %s --input-file=%t/out_3.sym --check-prefix=SYM3
; RUN: FileCheck %s --input-file=%t/out_4.sym --check-prefix=SYM4
; RUN: sycl-module-split -split=auto -S < %s -o %t/ms
; RUN: FileCheck %s --input-file=%t/ms_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t/ms_4.sym --check-prefix=SYM4

; TABLE: [Code|Symbols]
; TABLE-COUNT-5: .sym
; TABLE-EMPTY:

; "-64-64"
; SYM0: k64x64a
; SYM0-NEXT: k64x64b
; SYM0-EMPTY:
; "-64-32"
; SYM1: k64x32
; SYM1-EMPTY:
; "-32"
; SYM2: k32
; SYM2-EMPTY:
; "-16-16-16"
; SYM3: k16x16x16
; SYM3-EMPTY:
; ""
; SYM4: kNone
; SYM4-EMPTY:

target triple = "spir64-unknown-unknown"

define spir_kernel void @kNone() #0 {
  ret void
}

define spir_kernel void @k32() #0 !reqd_work_group_size !0 {
  ret void
}

define spir_kernel void @k64x64a() #0 !reqd_work_group_size !1 {
  ret void
}

define spir_kernel void @k64x32() #0 !reqd_work_group_size !2 {
  ret void
}

define spir_kernel void @k64x64b() #0 !reqd_work_group_size !3 {
  ret void
}

define spir_kernel void @k16x16x16() #0 !reqd_work_group_size !4 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{i32 32}
!1 = !{i32 64, i32 64}
!2 = !{i32 64, i32 32}
!3 = !{i32 64, i32 64}
!4 = !{i32 16, i32 16, i32 16}
