; Per-source split keeps kernels with the same sycl_joint_matrix string
; together and separates those with another string or none; -split=auto
; does the same. Images come out in descending order of the strings, a
; kernel without the metadata last.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=source -symbols -S < %s -o %t/src.table
; RUN: FileCheck %s --input-file=%t/src.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t/src_0.sym --check-prefix=SYM-K3
; RUN: FileCheck %s --input-file=%t/src_1.sym --check-prefix=SYM-K12
; RUN: FileCheck %s --input-file=%t/src_2.sym --check-prefix=SYM-K4
; RUN: FileCheck %s --input-file=%t/src_0.ll --check-prefix=IR-K3 --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/src_1.ll --check-prefix=IR-K12 --implicit-check-not=define
; RUN: sycl-post-link -split=auto -symbols -S < %s -o %t/auto.table
; RUN: FileCheck %s --input-file=%t/auto_0.sym --check-prefix=SYM-K3
; RUN: FileCheck %s --input-file=%t/auto_1.sym --check-prefix=SYM-K12
; RUN: FileCheck %s --input-file=%t/auto_2.sym --check-prefix=SYM-K4

; TABLE: [Code|Symbols]
; TABLE-COUNT-3: .sym
; TABLE-EMPTY:

; SYM-K3: Kernel3
; SYM-K3-EMPTY:
; SYM-K12: Kernel1
; SYM-K12-NEXT: Kernel2
; SYM-K12-EMPTY:
; SYM-K4: Kernel4
; SYM-K4-EMPTY:

target triple = "spir64-unknown-unknown"

$Kernel1 = comdat any
$Kernel2 = comdat any
$Kernel3 = comdat any
$Kernel4 = comdat any

; IR-K12: define weak_odr spir_kernel void @Kernel1() {{.*}}!sycl_joint_matrix ![[#JM:]]
define weak_odr spir_kernel void @Kernel1() #0 comdat !sycl_joint_matrix !0 {
  ret void
}

; IR-K12: define weak_odr spir_kernel void @Kernel2() {{.*}}!sycl_joint_matrix ![[#JM]]
define weak_odr spir_kernel void @Kernel2() #0 comdat !sycl_joint_matrix !0 {
  ret void
}

; IR-K3: define weak_odr spir_kernel void @Kernel3() {{.*}}!sycl_joint_matrix ![[#JM3:]]
define weak_odr spir_kernel void @Kernel3() #0 comdat !sycl_joint_matrix !1 {
  ret void
}

define weak_odr spir_kernel void @Kernel4() #0 comdat {
  ret void
}

; IR-K12: ![[#JM]] = !{!"matrix_type::fp32,use::a,12,32;matrix_type::fp64,use::b,67,21"}
; IR-K3: ![[#JM3]] = !{!"matrix_type::fp32,use::a,13,32;matrix_type::fp64,use::b,67,21"}

attributes #0 = { "sycl-module-id"="test.cpp" "sycl-optlevel"="2" }

!0 = !{!"matrix_type::fp32,use::a,12,32;matrix_type::fp64,use::b,67,21"}
!1 = !{!"matrix_type::fp32,use::a,13,32;matrix_type::fp64,use::b,67,21"}
