; A SYCL kernel calling an ESIMD SYCL_EXTERNAL function, without
; -split-esimd and -lower-esimd, as Intel's 2026 post-link code writes it
; (issue 46). The caller is not an ESIMD kernel wrapper (only range-rounding
; wrappers are, esimd-kernel-wrappers.ll), so it stays SYCL:
; - -split=kernel: sycl_kernel's image (number 0, groups go out in
;   descending name order) holds SYCL code and the ESIMD callee; split into
;   parts, the ESIMD part has no entry point and keeps nothing, the SYCL part
;   declares the callee (the warning), and the two linked back are one
;   SYCL_AND_ESIMD image, `_0.ll` (no `.esimd`: the name has it only for an
;   ESIMD_ONLY image); other_kernel is `_1.ll`; the ESIMD function is an entry
;   point of its own (it has a sycl-module-id) and its image is ESIMD_ONLY,
;   `_2.esimd.*` with isEsimdImage;
; - -split=source: one SYCL_AND_ESIMD image, ESIMD entry points first.
; RUN: sycl-post-link -split=kernel -symbols -S < %s -o %t.table 2>%t.err
; RUN: FileCheck %s --input-file=%t.err --check-prefix=WARN
; RUN: FileCheck %s --input-file=%t.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=IR0
; RUN: FileCheck %s --input-file=%t_1.ll --check-prefix=IR1
; RUN: FileCheck %s --input-file=%t_2.esimd.ll --check-prefix=IR2
; RUN: FileCheck %s --input-file=%t_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t_1.sym --check-prefix=SYM1
; RUN: FileCheck %s --input-file=%t_2.esimd.sym --check-prefix=SYM2
; RUN: sycl-post-link -split=kernel -symbols -properties -S < %s -o %t.p.table 2>/dev/null
; RUN: FileCheck %s --input-file=%t.p.table --check-prefix=PTABLE
; RUN: FileCheck %s --input-file=%t.p_0.prop --check-prefix=PROP-MIXED
; RUN: FileCheck %s --input-file=%t.p_2.esimd.prop --check-prefix=PROP-ESIMD
; RUN: sycl-post-link -split=source -symbols -S < %s -o %t.s.table 2>&1 | FileCheck %s --check-prefix=WARN
; RUN: FileCheck %s --input-file=%t.s.table --check-prefix=STABLE
; RUN: FileCheck %s --input-file=%t.s_0.sym --check-prefix=SSYM
; RUN: FileCheck %s --input-file=%t.s_0.ll --check-prefix=SIR

; WARN: sycl-post-link: warning: Undefined function esimd_helper found in <stdin>. This may result in runtime errors.
; WARN-NOT: warning

; TABLE: [Code|Symbols]
; TABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.sym
; TABLE-NEXT: {{.*}}_1.ll|{{.*}}_1.sym
; TABLE-NEXT: {{.*}}_2.esimd.ll|{{.*}}_2.esimd.sym
; TABLE-EMPTY:

; IR0: define spir_kernel void @sycl_kernel() #[[#]] {
; IR0-NEXT: call spir_func void @esimd_helper()
; IR0: declare dso_local spir_func void @esimd_helper()
; IR0-NOT: define
; IR0: !sycl-esimd-split-status = !{![[S0:[0-9]+]]}
; IR0: ![[S0]] = !{i8 2}
; IR1: define spir_kernel void @other_kernel()
; IR1-NOT: esimd_helper
; IR1: ![[#]] = !{i8 0}
; IR2-NOT: sycl_kernel
; IR2: define spir_func void @esimd_helper() #[[#]] !sycl_explicit_simd
; IR2: !sycl-esimd-split-status = !{![[S2:[0-9]+]]}
; IR2: ![[S2]] = !{i8 1}

; SYM0: sycl_kernel
; SYM0-EMPTY:
; SYM1: other_kernel
; SYM1-EMPTY:
; SYM2: esimd_helper
; SYM2-EMPTY:

; PTABLE: [Code|Properties|Symbols]
; PTABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.prop|{{.*}}_0.sym
; PTABLE-NEXT: {{.*}}_1.ll|{{.*}}_1.prop|{{.*}}_1.sym
; PTABLE-NEXT: {{.*}}_2.esimd.ll|{{.*}}_2.esimd.prop|{{.*}}_2.esimd.sym
; PTABLE-EMPTY:
; PROP-MIXED-NOT: isEsimdImage
; PROP-ESIMD: [SYCL/misc properties]
; PROP-ESIMD-NEXT: isEsimdImage=1|1

; STABLE: [Code|Symbols]
; STABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.sym
; STABLE-EMPTY:
; SSYM: esimd_helper
; SSYM-NEXT: sycl_kernel
; SSYM-NEXT: other_kernel
; SSYM-EMPTY:
; SIR: define spir_func void @esimd_helper() #[[#]] !sycl_explicit_simd
; SIR: define spir_kernel void @sycl_kernel()
; SIR: define spir_kernel void @other_kernel()
; SIR: ![[#]] = !{i8 2}

target triple = "spir64-unknown-unknown"

define spir_kernel void @sycl_kernel() #0 {
  call spir_func void @esimd_helper()
  ret void
}

define spir_kernel void @other_kernel() #0 {
  ret void
}

define spir_func void @esimd_helper() #0 !sycl_explicit_simd !0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{}
