; -o <target>,<table> with a target of the device configuration table: an
; image that uses an aspect the target does not list is left out of that
; target's table, and its property file for that table is not written. Its
; IR and symbol files are still written (every table shares them).
; intel_gpu_tgllp lists fp16 but not fp64; intel_gpu_pvc lists both.
; Images (descending module-id order): _0 = c.cpp (no aspects),
; _1 = b.cpp (fp16), _2 = a.cpp (fp64).
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=source -properties -symbols -S < %s \
; RUN:   -o %t/all.table -o intel_gpu_tgllp,%t/tgllp.table -o intel_gpu_pvc,%t/pvc.table
; RUN: FileCheck %s --input-file=%t/all_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t/all_1.sym --check-prefix=SYM1
; RUN: FileCheck %s --input-file=%t/all_2.sym --check-prefix=SYM2
; RUN: FileCheck %s --input-file=%t/all.table --check-prefix=ALL -DT=%t
; RUN: FileCheck %s --input-file=%t/tgllp.table --check-prefix=TGLLP -DT=%t
; RUN: FileCheck %s --input-file=%t/pvc.table --check-prefix=PVC -DT=%t
; RUN: FileCheck %s --input-file=%t/all_2.intel_gpu_pvc.prop --check-prefix=PVC-PROP
; RUN: FileCheck %s --input-file=%t/all_1.intel_gpu_tgllp.prop --check-prefix=TGLLP-PROP
; RUN: ls %t | FileCheck %s --check-prefix=FILES

; SYM0: kPlain
; SYM0-EMPTY:
; SYM1: kHalf
; SYM1-EMPTY:
; SYM2: kDouble
; SYM2-EMPTY:

; Without a target nothing is filtered.
; ALL: [Code|Properties|Symbols]
; ALL-NEXT: [[T]]/all_0.ll|[[T]]/all_0.prop|[[T]]/all_0.sym
; ALL-NEXT: [[T]]/all_1.ll|[[T]]/all_1.prop|[[T]]/all_1.sym
; ALL-NEXT: [[T]]/all_2.ll|[[T]]/all_2.prop|[[T]]/all_2.sym
; ALL-EMPTY:

; TGLLP: [Code|Properties|Symbols]
; TGLLP-NEXT: [[T]]/all_0.ll|[[T]]/all_0.intel_gpu_tgllp.prop|[[T]]/all_0.sym
; TGLLP-NEXT: [[T]]/all_1.ll|[[T]]/all_1.intel_gpu_tgllp.prop|[[T]]/all_1.sym
; TGLLP-EMPTY:

; PVC: [Code|Properties|Symbols]
; PVC-NEXT: [[T]]/all_0.ll|[[T]]/all_0.intel_gpu_pvc.prop|[[T]]/all_0.sym
; PVC-NEXT: [[T]]/all_1.ll|[[T]]/all_1.intel_gpu_pvc.prop|[[T]]/all_1.sym
; PVC-NEXT: [[T]]/all_2.ll|[[T]]/all_2.intel_gpu_pvc.prop|[[T]]/all_2.sym
; PVC-EMPTY:

; The aspects stay values (fp64 = 6); the target is appended as
; compile_target, a byte array of its name.
; PVC-PROP: [SYCL/device requirements]
; PVC-PROP-NEXT: aspects=2|gAAAAAAAAAgBAAAA
; PVC-PROP-NEXT: compile_target=2|oBAAAAAAAAQauRXZs91ZwV3XwZ3Y
; PVC-PROP-EMPTY:
; TGLLP-PROP: [SYCL/device requirements]
; TGLLP-PROP-NEXT: aspects=2|gAAAAAAAAAQBAAAA
; TGLLP-PROP-NEXT: compile_target=2|4BAAAAAAAAQauRXZs91ZwV3X0dGbsBH
; TGLLP-PROP-EMPTY:

; The fp64 image's IR and symbols exist, but no tgllp property file.
; FILES: all.table
; FILES-NEXT: all_0.intel_gpu_pvc.prop
; FILES-NEXT: all_0.intel_gpu_tgllp.prop
; FILES-NEXT: all_0.ll
; FILES-NEXT: all_0.prop
; FILES-NEXT: all_0.sym
; FILES-NEXT: all_1.intel_gpu_pvc.prop
; FILES-NEXT: all_1.intel_gpu_tgllp.prop
; FILES-NEXT: all_1.ll
; FILES-NEXT: all_1.prop
; FILES-NEXT: all_1.sym
; FILES-NEXT: all_2.intel_gpu_pvc.prop
; FILES-NEXT: all_2.ll
; FILES-NEXT: all_2.prop
; FILES-NEXT: all_2.sym
; FILES-NEXT: pvc.table
; FILES-NEXT: tgllp.table
; FILES-EMPTY:

target triple = "spir64-unknown-unknown"

define spir_kernel void @kDouble(ptr addrspace(1) %p) #0 !sycl_used_aspects !0 {
  %v = load double, ptr addrspace(1) %p, align 8
  %m = fmul double %v, 2.000000e+00
  store double %m, ptr addrspace(1) %p, align 8
  ret void
}

define spir_kernel void @kHalf(ptr addrspace(1) %p) #1 !sycl_used_aspects !1 {
  %v = load half, ptr addrspace(1) %p, align 2
  %m = fmul half %v, 0xH4000
  store half %m, ptr addrspace(1) %p, align 2
  ret void
}

define spir_kernel void @kPlain() #2 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
attributes #2 = { "sycl-module-id"="c.cpp" }

!sycl_aspects = !{!2, !3}

!0 = !{!2}
!1 = !{!3}
!2 = !{!"fp64", i32 6}
!3 = !{!"fp16", i32 5}
