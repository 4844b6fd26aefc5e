; ESIMD kernels carry intel_reqd_sub_group_size 1, which no target lists: the
; sub-group size is not checked for an ESIMD_ONLY image, but it is for a
; SYCL image and for a mixed (SYCL_AND_ESIMD) one. Aspects are checked for
; all: intel_gpu_dg1 lists ext_intel_esimd.
; a.cpp: @esimd_only (ESIMD, ext_intel_esimd) alone.
; b.cpp: @mixed_esimd (ESIMD) and @mixed_sycl (SYCL), both sub-group size 1.
; c.cpp: @sycl_sg1 (SYCL, sub-group size 1).
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=source -symbols -S < %s -o %t/all.table -o intel_gpu_dg1,%t/dg1.table
; RUN: FileCheck %s --input-file=%t/all.table --check-prefix=ALL
; RUN: FileCheck %s --input-file=%t/dg1.table --check-prefix=DG1
; RUN: FileCheck %s --input-file=%t/all_2.esimd.sym --check-prefix=SYM-ESIMD
; RUN: FileCheck %s --input-file=%t/all_1.sym --check-prefix=SYM-MIXED
; With -split-esimd the mixed image splits: its ESIMD part goes into the
; dg1 table, its SYCL part does not.
; RUN: sycl-post-link -split=source -split-esimd -symbols -S < %s -o %t/s.table -o intel_gpu_dg1,%t/s-dg1.table
; RUN: FileCheck %s --input-file=%t/s.table --check-prefix=SPLIT-ALL
; RUN: FileCheck %s --input-file=%t/s-dg1.table --check-prefix=SPLIT-DG1
; RUN: FileCheck %s --input-file=%t/s_1.esimd.sym --check-prefix=SYM-MIXED-ESIMD

; ALL: [Code|Symbols]
; ALL-NEXT: all_0.ll|{{.*}}all_0.sym
; ALL-NEXT: all_1.ll|{{.*}}all_1.sym
; ALL-NEXT: all_2.esimd.ll|{{.*}}all_2.esimd.sym
; ALL-EMPTY:

; DG1: [Code|Symbols]
; DG1-NEXT: all_2.esimd.ll|{{.*}}all_2.esimd.sym
; DG1-EMPTY:

; SYM-ESIMD: esimd_only
; SYM-ESIMD-EMPTY:
; SYM-MIXED-DAG: mixed_esimd
; SYM-MIXED-DAG: mixed_sycl

; SPLIT-ALL: [Code|Symbols]
; SPLIT-ALL-NEXT: s_0.ll|{{.*}}s_0.sym
; SPLIT-ALL-NEXT: s_1.esimd.ll|{{.*}}s_1.esimd.sym
; SPLIT-ALL-NEXT: s_1.ll|{{.*}}s_1.sym
; SPLIT-ALL-NEXT: s_2.esimd.ll|{{.*}}s_2.esimd.sym
; SPLIT-ALL-EMPTY:

; SPLIT-DG1: [Code|Symbols]
; SPLIT-DG1-NEXT: s_1.esimd.ll|{{.*}}s_1.esimd.sym
; SPLIT-DG1-NEXT: s_2.esimd.ll|{{.*}}s_2.esimd.sym
; SPLIT-DG1-EMPTY:

; SYM-MIXED-ESIMD: mixed_esimd
; SYM-MIXED-ESIMD-EMPTY:

target triple = "spir64-unknown-unknown"

define spir_kernel void @esimd_only() #0 !sycl_explicit_simd !0 !intel_reqd_sub_group_size !1 !sycl_used_aspects !2 {
  ret void
}

define spir_kernel void @mixed_esimd() #1 !sycl_explicit_simd !0 !intel_reqd_sub_group_size !1 {
  ret void
}

define spir_kernel void @mixed_sycl() #1 !intel_reqd_sub_group_size !1 {
  ret void
}

define spir_kernel void @sycl_sg1() #2 !intel_reqd_sub_group_size !1 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
attributes #2 = { "sycl-module-id"="c.cpp" }

!0 = !{}
!1 = !{i32 1}
!2 = !{!3}
!3 = !{!"ext_intel_esimd", i32 53}
