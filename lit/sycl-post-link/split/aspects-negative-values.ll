; Aspect values enter the per-source group key as upstream's getZExtValue
; gives them: i32 -1 is 4294967295 (not 2^64-1), whose digits sort after
; "3" and "2", so its image comes first.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=source -symbols -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t/out_1.sym --check-prefix=SYM1
; RUN: FileCheck %s --input-file=%t/out_2.sym --check-prefix=SYM2

; SYM0: kNegative
; SYM0-EMPTY:
; SYM1: kThree
; SYM1-EMPTY:
; SYM2: kTwo
; SYM2-EMPTY:

target triple = "spir64-unknown-unknown"

define spir_kernel void @kTwo() #0 !sycl_used_aspects !0 {
  ret void
}

define spir_kernel void @kThree() #0 !sycl_used_aspects !1 {
  ret void
}

define spir_kernel void @kNegative() #0 !sycl_used_aspects !2 {
  ret void
}

attributes #0 = { "sycl-module-id"="tu.cpp" }

!0 = !{i32 2}
!1 = !{i32 3}
!2 = !{!3}
!3 = !{!"internal_aspect", i32 -1}
