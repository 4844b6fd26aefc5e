; File names of ESIMD images, as the newest sycl-post-link.cpp's saveModule
; writes them (intel/llvm #21674, 2026: "prefix_N.esimd.ext"): the suffix
; .esimd goes on every module whose ESIMD status is ESIMD_ONLY
; (ModuleDesc::isESIMD()), with or without -split-esimd: splitByESIMD marks a
; module whose entry points are all ESIMD ESIMD_ONLY either way, and only
; the link-back of a mixed module without -split-esimd makes it
; SYCL_AND_ESIMD (no suffix). Upstream tests without -split-esimd expect
; the suffix too (check_device_code/esimd/NBarrierAttr.cpp,
; sycl-esimd/no-sycl-esimd-split-shared-func.ll, in the older _esimd_N
; spelling). With a target on -o, the properties take .<target> instead of
; .esimd -- except where an ESIMD and a SYCL image share the number, whose
; target property files upstream would write to one name (the last one
; wins): there the ESIMD one keeps .esimd.
; RUN: split-file %s %t
; ESIMD only, with and without -split-esimd, lowered or not:
; RUN: sycl-post-link -lower-esimd -O0 -S -symbols -properties %t/esimd.ll -o %t/a.table
; RUN: FileCheck %s --input-file=%t/a.table --check-prefix=ESIMD -DP=a
; RUN: sycl-post-link -split-esimd -lower-esimd -O0 -S -symbols -properties %t/esimd.ll -o %t/b.table
; RUN: FileCheck %s --input-file=%t/b.table --check-prefix=ESIMD -DP=b
; RUN: sycl-post-link -S -symbols -properties %t/esimd.ll -o %t/c.table
; RUN: FileCheck %s --input-file=%t/c.table --check-prefix=ESIMD -DP=c
; Mixed: linked back without -split-esimd (no suffix), two images sharing
; the ID with it (the ESIMD one first):
; RUN: sycl-post-link -lower-esimd -S -symbols -properties %t/mixed.ll -o %t/d.table
; RUN: FileCheck %s --input-file=%t/d.table --check-prefix=LINKED -DP=d
; RUN: sycl-post-link -split-esimd -lower-esimd -S -symbols -properties %t/mixed.ll -o %t/e.table
; RUN: FileCheck %s --input-file=%t/e.table --check-prefix=SPLIT -DP=e
; A target on -o: the property file is named after the target.
; RUN: sycl-post-link -split-esimd -S -symbols -properties %t/esimd.ll -o intel_gpu_pvc,%t/f.table
; RUN: FileCheck %s --input-file=%t/f.table --check-prefix=TARGET -DP=f
; RUN: sycl-post-link -split-esimd -S -symbols -properties %t/mixed.ll -o intel_gpu_pvc,%t/g.table
; RUN: FileCheck %s --input-file=%t/g.table --check-prefix=TARGET-SPLIT -DP=g
; RUN: FileCheck %s --input-file=%t/g_0.esimd.intel_gpu_pvc.prop --check-prefix=PROP-ESIMD
; RUN: FileCheck %s --input-file=%t/g_0.intel_gpu_pvc.prop --check-prefix=PROP-SYCL
; RUN: ls %t | FileCheck %s --check-prefix=FILES

; ESIMD: [Code|Properties|Symbols]
; ESIMD-NEXT: {{.*}}[[P]]_0.esimd.ll|{{.*}}[[P]]_0.esimd.prop|{{.*}}[[P]]_0.esimd.sym
; ESIMD-EMPTY:

; LINKED: [Code|Properties|Symbols]
; LINKED-NEXT: {{.*}}[[P]]_0.ll|{{.*}}[[P]]_0.prop|{{.*}}[[P]]_0.sym
; LINKED-EMPTY:

; SPLIT: [Code|Properties|Symbols]
; SPLIT-NEXT: {{.*}}[[P]]_0.esimd.ll|{{.*}}[[P]]_0.esimd.prop|{{.*}}[[P]]_0.esimd.sym
; SPLIT-NEXT: {{.*}}[[P]]_0.ll|{{.*}}[[P]]_0.prop|{{.*}}[[P]]_0.sym
; SPLIT-EMPTY:

; TARGET: [Code|Properties|Symbols]
; TARGET-NEXT: {{.*}}[[P]]_0.esimd.ll|{{.*}}[[P]]_0.intel_gpu_pvc.prop|{{.*}}[[P]]_0.esimd.sym
; TARGET-EMPTY:

; TARGET-SPLIT: [Code|Properties|Symbols]
; TARGET-SPLIT-NEXT: {{.*}}[[P]]_0.esimd.ll|{{.*}}[[P]]_0.esimd.intel_gpu_pvc.prop|{{.*}}[[P]]_0.esimd.sym
; TARGET-SPLIT-NEXT: {{.*}}[[P]]_0.ll|{{.*}}[[P]]_0.intel_gpu_pvc.prop|{{.*}}[[P]]_0.sym
; TARGET-SPLIT-EMPTY:
; PROP-ESIMD: isEsimdImage=1|1
; PROP-SYCL-NOT: isEsimdImage

; FILES-NOT: a_0.ll
; FILES-NOT: esimd_0

;--- esimd.ll
target triple = "spir64-unknown-unknown"

declare dso_local spir_func void @_Z15__esimd_barrierv()

define dso_local spir_kernel void @esimd_k() #0 !sycl_explicit_simd !0 {
  call spir_func void @_Z15__esimd_barrierv()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
!0 = !{}

;--- mixed.ll
target triple = "spir64-unknown-unknown"

declare dso_local spir_func void @_Z15__esimd_barrierv()

define dso_local spir_kernel void @esimd_k() #0 !sycl_explicit_simd !0 {
  call spir_func void @_Z15__esimd_barrierv()
  ret void
}

define dso_local spir_kernel void @sycl_k() #0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
!0 = !{}
