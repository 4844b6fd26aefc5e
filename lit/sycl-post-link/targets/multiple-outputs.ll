; Several -o at once, each table filtered for its own target, in one run.
; With -generate-device-image-default-spec-consts an image and its
; default-value copy (same requirements) are kept or left out together.
;   _0 @kernel_b: fp64, uses a specialization constant
;   _1 @kernel_b with the default value (follows _0)
;   _2 @kernel_a: sub-group size 8
; intel_gpu_tgllp: no fp64 -> _2 only; intel_gpu_pvc: no size 8 -> _0, _1;
; intel_gpu_cfl: everything; no target and an unknown target: everything.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=kernel -spec-const=native -generate-device-image-default-spec-consts \
; RUN:   -properties -symbols -S < %s \
; RUN:   -o %t/out.table -o intel_gpu_tgllp,%t/tgllp.table -o intel_gpu_pvc,%t/pvc.table \
; RUN:   -o intel_gpu_cfl,%t/cfl.table -o not_a_device,%t/other.table
; RUN: FileCheck %s --input-file=%t/out_0.sym --check-prefix=SYM-B
; RUN: FileCheck %s --input-file=%t/out_1.sym --check-prefix=SYM-B
; RUN: FileCheck %s --input-file=%t/out_2.sym --check-prefix=SYM-A
; RUN: FileCheck %s --input-file=%t/out_1.prop --check-prefix=DEFAULT
; RUN: FileCheck %s --input-file=%t/out.table --check-prefix=ALL -DT=%t -DP=
; RUN: FileCheck %s --input-file=%t/other.table --check-prefix=ALL -DT=%t -DP=.not_a_device
; RUN: FileCheck %s --input-file=%t/cfl.table --check-prefix=ALL -DT=%t -DP=.intel_gpu_cfl
; RUN: FileCheck %s --input-file=%t/tgllp.table --check-prefix=TGLLP -DT=%t
; RUN: FileCheck %s --input-file=%t/pvc.table --check-prefix=PVC -DT=%t
; RUN: FileCheck %s --input-file=%t/out_1.intel_gpu_pvc.prop --check-prefix=PVC-DEFAULT
; RUN: ls %t | grep -v '^out_[0-9].prop$' | grep 'prop$' | FileCheck %s --check-prefix=PROPS

; SYM-B: kernel_b
; SYM-B-EMPTY:
; SYM-A: kernel_a
; SYM-A-EMPTY:
; DEFAULT: specConstsReplacedWithDefault=1|1

; ALL: [Code|Properties|Symbols]
; ALL-NEXT: [[T]]/out_0.ll|[[T]]/out_0[[P]].prop|[[T]]/out_0.sym
; ALL-NEXT: [[T]]/out_1.ll|[[T]]/out_1[[P]].prop|[[T]]/out_1.sym
; ALL-NEXT: [[T]]/out_2.ll|[[T]]/out_2[[P]].prop|[[T]]/out_2.sym
; ALL-EMPTY:

; TGLLP: [Code|Properties|Symbols]
; TGLLP-NEXT: [[T]]/out_2.ll|[[T]]/out_2.intel_gpu_tgllp.prop|[[T]]/out_2.sym
; TGLLP-EMPTY:

; PVC: [Code|Properties|Symbols]
; PVC-NEXT: [[T]]/out_0.ll|[[T]]/out_0.intel_gpu_pvc.prop|[[T]]/out_0.sym
; PVC-NEXT: [[T]]/out_1.ll|[[T]]/out_1.intel_gpu_pvc.prop|[[T]]/out_1.sym
; PVC-EMPTY:

; PVC-DEFAULT: compile_target=2|oBAAAAAAAAQauRXZs91ZwV3XwZ3Y
; PVC-DEFAULT: specConstsReplacedWithDefault=1|1

; Property files only for the rows in each table.
; PROPS: out_0.intel_gpu_cfl.prop
; PROPS-NEXT: out_0.intel_gpu_pvc.prop
; PROPS-NEXT: out_0.not_a_device.prop
; PROPS-NEXT: out_1.intel_gpu_cfl.prop
; PROPS-NEXT: out_1.intel_gpu_pvc.prop
; PROPS-NEXT: out_1.not_a_device.prop
; PROPS-NEXT: out_2.intel_gpu_cfl.prop
; PROPS-NEXT: out_2.intel_gpu_tgllp.prop
; PROPS-NEXT: out_2.not_a_device.prop

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@n.s = private unnamed_addr constant [2 x i8] c"s\00"
@id_s = internal addrspace(1) constant { double } { double 1.500000e+00 }

define spir_kernel void @kernel_b(ptr addrspace(1) %out) #0 !sycl_used_aspects !0 {
  %s = call spir_func double @_Z37__sycl_getScalar2020SpecConstantValueIdET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @n.s to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_s to ptr addrspace(4)), ptr addrspace(4) null)
  store double %s, ptr addrspace(1) %out, align 8
  ret void
}

define spir_kernel void @kernel_a() #0 !intel_reqd_sub_group_size !2 {
  ret void
}

declare spir_func double @_Z37__sycl_getScalar2020SpecConstantValueIdET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{!1}
!1 = !{!"fp64", i32 6}
!2 = !{i32 8}
