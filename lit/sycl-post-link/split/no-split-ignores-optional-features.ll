; Optional features (aspects, reqd_work_group_size, intel_reqd_sub_group_size,
; joint matrix use) and translation units only separate images when a split
; is asked for. With -split=none, and with -split=auto under -ir-output-only
; (one global group), there is one module and every entry point stays
; defined with its linkage.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=none -symbols -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t/out_0.ll --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/out_0.sym --check-prefix=SYM
; RUN: sycl-post-link -split=auto -ir-output-only -S < %s -o %t/one.ll
; RUN: FileCheck %s --input-file=%t/one.ll --implicit-check-not=define

; TABLE: [Code|Symbols]
; TABLE-NEXT: out_0.ll|{{.*}}out_0.sym
; TABLE-EMPTY:

; SYM: foo
; SYM-NEXT: bar
; SYM-NEXT: kAspects
; SYM-NEXT: kWorkGroup
; SYM-NEXT: kSubGroup
; SYM-NEXT: kMatrix
; SYM-NEXT: kMatrixMad
; SYM-EMPTY:

target triple = "spir64-unknown-unknown"

; CHECK-DAG: define spir_func void @foo()
define spir_func void @foo() #0 !sycl_used_aspects !1 !intel_reqd_sub_group_size !4 {
  ret void
}

; CHECK-DAG: define spir_func void @bar()
define spir_func void @bar() #1 !reqd_work_group_size !2 {
  ret void
}

; CHECK-DAG: define spir_kernel void @kAspects()
define spir_kernel void @kAspects() #1 !sycl_used_aspects !3 {
  call spir_func void @foo()
  ret void
}

; CHECK-DAG: define spir_kernel void @kWorkGroup()
define spir_kernel void @kWorkGroup() #0 !reqd_work_group_size !5 {
  ret void
}

; CHECK-DAG: define spir_kernel void @kSubGroup()
define spir_kernel void @kSubGroup() #0 !intel_reqd_sub_group_size !6 {
  ret void
}

; CHECK-DAG: define weak_odr spir_kernel void @kMatrix()
define weak_odr spir_kernel void @kMatrix() #0 !sycl_joint_matrix !7 {
  ret void
}

; CHECK-DAG: define weak_odr spir_kernel void @kMatrixMad()
define weak_odr spir_kernel void @kMatrixMad() #0 !sycl_joint_matrix_mad !8 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }

!1 = !{i32 1}
!2 = !{i32 64}
!3 = !{i32 3, i32 1}
!4 = !{i32 32}
!5 = !{i32 16, i32 16}
!6 = !{i32 16}
!7 = !{!"matrix_type::fp32,use::a,12,32"}
!8 = !{!"matrix_type::sint8,matrix_type::sint8,matrix_type::sint32,matrix_type::sint32,12,48,12"}
