; Per-source split also separates the kernels of one translation unit by
; their optional-feature requirements: used aspects, reqd_work_group_size,
; intel_reqd_sub_group_size, work_group_num_dim, GRF size, optimization
; level and joint matrix use. Kernels that agree on all of them share an
; image. -split=auto does the same. The register allocation mode
; (sycl-register-alloc-mode) no longer separates kernels: upstream dropped
; it from the per-source categories, so kRegAlloc shares the plain image.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=source -symbols < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out.table --check-prefix=TABLE
; TABLE: [Code|Symbols]
; TABLE-COUNT-8: {{.*}}.sym
; TABLE-EMPTY:
; RUN: cat %t/out_*.sym | sort | FileCheck %s --check-prefix=ALL
; ALL: kAspect16
; ALL-NEXT: kAspect6
; ALL-NEXT: kGrf
; ALL-NEXT: kMatrix
; ALL-NEXT: kOpt0
; ALL-NEXT: kPlainA
; ALL-NEXT: kPlainB
; ALL-NEXT: kRegAlloc
; ALL-NEXT: kSubGroup
; ALL-NEXT: kWorkGroup
; The kernels without requirements share one image.
; RUN: grep -l kPlainA %t/out_*.sym | xargs cat | FileCheck %s --check-prefix=PLAIN
; PLAIN: kPlainA
; PLAIN-NEXT: kRegAlloc
; PLAIN-NEXT: kPlainB
; PLAIN-EMPTY:
; RUN: sycl-post-link -split=auto -symbols < %s -o %t/auto.table
; RUN: FileCheck %s --input-file=%t/auto.table --check-prefix=TABLE

target triple = "spir64-unknown-unknown"

define spir_kernel void @kPlainA() #0 {
  ret void
}
define spir_kernel void @kAspect6() #0 !sycl_used_aspects !0 {
  ret void
}
define spir_kernel void @kAspect16() #0 !sycl_used_aspects !1 {
  ret void
}
define spir_kernel void @kWorkGroup() #0 !reqd_work_group_size !2 {
  ret void
}
define spir_kernel void @kSubGroup() #0 !intel_reqd_sub_group_size !3 {
  ret void
}
define spir_kernel void @kGrf() #1 {
  ret void
}
define spir_kernel void @kRegAlloc() #2 {
  ret void
}
define spir_kernel void @kOpt0() #3 {
  ret void
}
define spir_kernel void @kMatrix() #0 !sycl_joint_matrix !4 {
  ret void
}
define spir_kernel void @kPlainB() #0 {
  ret void
}

attributes #0 = { "sycl-module-id"="tu.cpp" }
attributes #1 = { "sycl-module-id"="tu.cpp" "sycl-grf-size"="256" }
attributes #2 = { "sycl-module-id"="tu.cpp" "sycl-register-alloc-mode"="2" }
attributes #3 = { "sycl-module-id"="tu.cpp" "sycl-optlevel"="0" }

!0 = !{i32 6}
!1 = !{!"ext_oneapi_bfloat16", i32 16}
!2 = !{i32 32, i32 1, i32 1}
!3 = !{i32 16}
!4 = !{!"matrix_type::fp16,use::a,16,16"}
