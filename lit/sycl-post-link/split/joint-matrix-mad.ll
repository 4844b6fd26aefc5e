; The sycl_joint_matrix_mad string is part of the per-source group key too,
; after the sycl_joint_matrix one: kernels share an image only if both
; strings agree (or are both absent). Images come out in descending byte
; order of the keys: a kernel without mad string after those with one, and
; a joint-matrix string that is a prefix of another after the longer one
; (the '-' that ends it in the key is below ';').
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=source -symbols -S < %s -o %t/src.table
; RUN: FileCheck %s --input-file=%t/src.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t/src_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t/src_1.sym --check-prefix=SYM1
; RUN: FileCheck %s --input-file=%t/src_2.sym --check-prefix=SYM2
; RUN: FileCheck %s --input-file=%t/src_3.sym --check-prefix=SYM3
; RUN: sycl-post-link -split=auto -symbols -S < %s -o %t/auto.table
; RUN: FileCheck %s --input-file=%t/auto_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t/auto_1.sym --check-prefix=SYM1
; RUN: FileCheck %s --input-file=%t/auto_2.sym --check-prefix=SYM2
; RUN: FileCheck %s --input-file=%t/auto_3.sym --check-prefix=SYM3

; TABLE: [Code|Symbols]
; TABLE-COUNT-4: .sym
; TABLE-EMPTY:

; Full joint-matrix string, mad ...,28.
; SYM0: Kernel3
; SYM0-NEXT: Kernel5
; SYM0-EMPTY:
; Full joint-matrix string, mad ...,12.
; SYM1: Kernel6
; SYM1-EMPTY:
; Full joint-matrix string, no mad.
; SYM2: Kernel1
; SYM2-NEXT: Kernel2
; SYM2-EMPTY:
; Shorter joint-matrix string (a prefix of the full one), mad ...,28.
; SYM3: Kernel4
; SYM3-EMPTY:

target triple = "spir64-unknown-unknown"

define weak_odr spir_kernel void @Kernel1() #0 !sycl_joint_matrix !0 {
  ret void
}

define weak_odr spir_kernel void @Kernel2() #0 !sycl_joint_matrix !0 {
  ret void
}

define weak_odr spir_kernel void @Kernel3() #0 !sycl_joint_matrix !0 !sycl_joint_matrix_mad !2 {
  ret void
}

define weak_odr spir_kernel void @Kernel4() #0 !sycl_joint_matrix !1 !sycl_joint_matrix_mad !2 {
  ret void
}

define weak_odr spir_kernel void @Kernel5() #0 !sycl_joint_matrix !0 !sycl_joint_matrix_mad !2 {
  ret void
}

define weak_odr spir_kernel void @Kernel6() #0 !sycl_joint_matrix !0 !sycl_joint_matrix_mad !3 {
  ret void
}

attributes #0 = { "sycl-module-id"="test.cpp" "sycl-optlevel"="2" }

!0 = !{!"matrix_type::fp32,use::a,12,32;matrix_type::fp64,use::b,67,21"}
!1 = !{!"matrix_type::fp32,use::a,12,32"}
!2 = !{!"matrix_type::sint8,matrix_type::sint8,matrix_type::sint32,matrix_type::sint32,12,48,28"}
!3 = !{!"matrix_type::sint8,matrix_type::sint8,matrix_type::sint32,matrix_type::sint32,12,48,12"}
