; A known target leaves out the images whose required sub-group size
; (intel_reqd_sub_group_size of an entry point) it does not list. This works
; without -properties too: only the rows go.
;   intel_gpu_pvc: 16, 32   intel_gpu_tgllp: 8, 16, 32   amd_gpu_gfx1030: 32
;   spir64: no sizes (and no aspects), so only kNone fits.
; Per-kernel images in descending name order: _0 kNone, _1 k8, _2 k64,
; _3 k32, _4 k16.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=kernel -symbols -S < %s -o %t/all.table \
; RUN:   -o intel_gpu_pvc,%t/pvc.table -o intel_gpu_tgllp,%t/tgllp.table \
; RUN:   -o amd_gpu_gfx1030,%t/gfx1030.table -o spir64,%t/spir64.table
; RUN: FileCheck %s --input-file=%t/all_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t/all_1.sym --check-prefix=SYM1
; RUN: FileCheck %s --input-file=%t/all_2.sym --check-prefix=SYM2
; RUN: FileCheck %s --input-file=%t/all_3.sym --check-prefix=SYM3
; RUN: FileCheck %s --input-file=%t/all_4.sym --check-prefix=SYM4
; RUN: FileCheck %s --input-file=%t/all.table --check-prefix=ALL
; RUN: FileCheck %s --input-file=%t/pvc.table --check-prefix=PVC
; RUN: FileCheck %s --input-file=%t/tgllp.table --check-prefix=TGLLP
; RUN: FileCheck %s --input-file=%t/gfx1030.table --check-prefix=GFX1030
; RUN: FileCheck %s --input-file=%t/spir64.table --check-prefix=SPIR64
; With -properties, a kept image's property file has the required size and,
; appended after the sorted keys, compile_target.
; RUN: sycl-post-link -split=kernel -properties -S < %s -o %t/p.table -o intel_gpu_pvc,%t/p-pvc.table
; RUN: FileCheck %s --input-file=%t/p-pvc.table --check-prefix=PPVC
; RUN: FileCheck %s --input-file=%t/p_4.intel_gpu_pvc.prop --check-prefix=PPROP
; RUN: not ls %t/p_1.intel_gpu_pvc.prop %t/p_2.intel_gpu_pvc.prop

; SYM0: kNone
; SYM1: k8
; SYM2: k64
; SYM3: k32
; SYM4: k16

; ALL: [Code|Symbols]
; ALL-NEXT: _0.ll|{{.*}}_0.sym
; ALL-NEXT: _1.ll|{{.*}}_1.sym
; ALL-NEXT: _2.ll|{{.*}}_2.sym
; ALL-NEXT: _3.ll|{{.*}}_3.sym
; ALL-NEXT: _4.ll|{{.*}}_4.sym
; ALL-EMPTY:

; PVC: [Code|Symbols]
; PVC-NEXT: _0.ll|{{.*}}_0.sym
; PVC-NEXT: _3.ll|{{.*}}_3.sym
; PVC-NEXT: _4.ll|{{.*}}_4.sym
; PVC-EMPTY:

; TGLLP: [Code|Symbols]
; TGLLP-NEXT: _0.ll|{{.*}}_0.sym
; TGLLP-NEXT: _1.ll|{{.*}}_1.sym
; TGLLP-NEXT: _3.ll|{{.*}}_3.sym
; TGLLP-NEXT: _4.ll|{{.*}}_4.sym
; TGLLP-EMPTY:

; GFX1030: [Code|Symbols]
; GFX1030-NEXT: _0.ll|{{.*}}_0.sym
; GFX1030-NEXT: _3.ll|{{.*}}_3.sym
; GFX1030-EMPTY:

; SPIR64: [Code|Symbols]
; SPIR64-NEXT: _0.ll|{{.*}}_0.sym
; SPIR64-EMPTY:

; PPVC: [Code|Properties]
; PPVC-NEXT: p_0.ll|{{.*}}/p_0.intel_gpu_pvc.prop
; PPVC-NEXT: p_3.ll|{{.*}}/p_3.intel_gpu_pvc.prop
; PPVC-NEXT: p_4.ll|{{.*}}/p_4.intel_gpu_pvc.prop
; PPVC-EMPTY:
; PPROP: [SYCL/device requirements]
; PPROP-NEXT: aspects=2|AAAAAAAAAAA
; PPROP-NEXT: reqd_sub_group_size=1|16
; PPROP-NEXT: compile_target=2|oBAAAAAAAAQauRXZs91ZwV3XwZ3Y

target triple = "spir64-unknown-unknown"

define spir_kernel void @k16() #0 !intel_reqd_sub_group_size !0 {
  ret void
}

define spir_kernel void @k32() #0 !intel_reqd_sub_group_size !1 {
  ret void
}

define spir_kernel void @k64() #0 !intel_reqd_sub_group_size !2 {
  ret void
}

define spir_kernel void @k8() #0 !intel_reqd_sub_group_size !3 {
  ret void
}

define spir_kernel void @kNone() #0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{i32 16}
!1 = !{i32 32}
!2 = !{i32 64}
!3 = !{i32 8}
