; An image whose entry points are all ESIMD is one ESIMD_ONLY module, named
; <prefix>_esimd_<N> even without -split-esimd, with isEsimdImage=1|1. When
; nothing else changes the input and no -o is given, the IR is not rewritten:
; the table names the input itself, next to the _esimd_ symbol and property
; files.
; RUN: sycl-post-link -properties -symbols -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t_0.esimd.ll --check-prefix=IR
; RUN: FileCheck %s --input-file=%t_0.esimd.prop --check-prefix=PROP
; RUN: FileCheck %s --input-file=%t_0.esimd.sym --check-prefix=SYM
; RUN: rm -rf %t.dir && mkdir %t.dir && cp %s %t.dir/in.ll
; RUN: cd %t.dir && sycl-post-link -properties -symbols in.ll 2>&1 | FileCheck %s --check-prefix=NOTE
; RUN: FileCheck %s --input-file=%t.dir/in.files --check-prefix=UNCHANGED
; RUN: ls %t.dir | FileCheck %s --check-prefix=FILES

; TABLE: [Code|Properties|Symbols]
; TABLE-NEXT: {{.*}}_0.esimd.ll|{{.*}}_0.esimd.prop|{{.*}}_0.esimd.sym
; TABLE-EMPTY:

; IR: !sycl-esimd-split-status = !{![[#S:]]}
; IR: ![[#S]] = !{i8 1}
; PROP: [SYCL/misc properties]
; PROP-NEXT: isEsimdImage=1|1
; PROP-NEXT: optLevel=1|2
; SYM: ESIMD_kernel
; SYM-EMPTY:

; NOTE: sycl-post-link NOTE: no modifications to the input LLVM IR have been made
; UNCHANGED: [Code|Properties|Symbols]
; UNCHANGED-NEXT: in.ll|in_0.esimd.prop|in_0.esimd.sym
; UNCHANGED-EMPTY:
; FILES: in.files
; FILES-NEXT: in.ll
; FILES-NEXT: in_0.esimd.prop
; FILES-NEXT: in_0.esimd.sym
; FILES-EMPTY:

target triple = "spir64-unknown-unknown"

define spir_kernel void @ESIMD_kernel() #0 !sycl_explicit_simd !0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" "sycl-optlevel"="2" }

!0 = !{}
