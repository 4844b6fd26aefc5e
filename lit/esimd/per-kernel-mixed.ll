; -split=kernel without -split-esimd, when an image holds SYCL and ESIMD code
; (a SYCL kernel passing an ESIMD function's address on; one calling it,
; per-kernel-esimd-callee.ll, is no different): the image is split into its
; ESIMD and SYCL parts and linked back into one SYCL_AND_ESIMD module, as the
; newest upstream handleESIMD does (it no longer refuses this); extracting
; the SYCL part warns about the ESIMD callee it lacks. With -split-esimd the
; two parts are saved apart.
; RUN: sycl-post-link -split=kernel -symbols -S < %s -o %t.table 2>&1 | FileCheck %s --check-prefix=WARN
; RUN: FileCheck %s --input-file=%t.table --check-prefix=LINKED
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=ONE
; RUN: FileCheck %s --input-file=%t_1.ll --check-prefix=OTHER
; RUN: sycl-post-link -split=kernel -split-esimd -symbols -S < %s -o %t2.table
; RUN: FileCheck %s --input-file=%t2.table --check-prefix=SPLIT
; RUN: FileCheck %s --input-file=%t2_0.esimd.ll --check-prefix=SPLIT-ESIMD
; RUN: FileCheck %s --input-file=%t2_0.ll --check-prefix=SPLIT-SYCL
; RUN: FileCheck %s --input-file=%t2_0.esimd.sym --check-prefix=EMPTY --allow-empty
; RUN: sed -e '/^define spir_kernel void @other_kernel/,/^}/d' %s | sycl-post-link -split=kernel -S -o %t3.table
; RUN: FileCheck %s --input-file=%t3_0.ll --check-prefix=ONE

; WARN: warning: Undefined function esimd_helper found in <stdin>. This may result in runtime errors.

; LINKED: [Code|Symbols]
; LINKED-NEXT: {{.*}}_0.ll|{{.*}}_0.sym
; LINKED-NEXT: {{.*}}_1.ll|{{.*}}_1.sym
; LINKED-EMPTY:

; SPLIT: [Code|Symbols]
; SPLIT-NEXT: {{.*}}_0.esimd.ll|{{.*}}_0.esimd.sym
; SPLIT-NEXT: {{.*}}_0.ll|{{.*}}_0.sym
; SPLIT-NEXT: {{.*}}_1.ll|{{.*}}_1.sym
; SPLIT-EMPTY:

; sycl_kernel sorts after other_kernel: its image, number 0, has an ESIMD part
; with the ESIMD function but no entry point, and a SYCL part that only
; declares the ESIMD function.
; SPLIT-ESIMD: define {{.*}}@esimd_helper() {{.*}}!sycl_explicit_simd
; SPLIT-SYCL: define spir_kernel void @sycl_kernel()
; SPLIT-SYCL: declare {{.*}}@esimd_helper()
; EMPTY-NOT: {{.}}

; The linked module starts with the ESIMD part's definitions.
; ONE: define {{.*}}@esimd_helper() {{.*}}!sycl_explicit_simd
; ONE: define spir_kernel void @sycl_kernel()
; ONE: ![[#]] = !{i8 2}
; OTHER: define spir_kernel void @other_kernel()
; OTHER: ![[#]] = !{i8 0}

target triple = "spir64-unknown-unknown"

declare spir_func void @use(ptr)

define spir_kernel void @sycl_kernel() #0 {
  call spir_func void @use(ptr @esimd_helper)
  ret void
}

define spir_func void @esimd_helper() #1 !sycl_explicit_simd !0 {
  ret void
}

define spir_kernel void @other_kernel() #0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "referenced-indirectly" }

!0 = !{}
