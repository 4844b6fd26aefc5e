; Kernel declarations are never entry points, even with a sycl-module-id:
; per-source split makes no image for a translation unit that only has
; declarations, and no symbol file lists them.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=source -symbols -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t/out_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t/out_1.sym --check-prefix=SYM1
; RUN: sycl-module-split -split=source -S < %s -o %t/ms
; RUN: FileCheck %s --input-file=%t/ms.table --check-prefix=MSTABLE
; RUN: FileCheck %s --input-file=%t/ms_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t/ms_1.sym --check-prefix=SYM1

; TABLE: [Code|Symbols]
; TABLE-NEXT: out_0.ll|{{.*}}out_0.sym
; TABLE-NEXT: out_1.ll|{{.*}}out_1.sym
; TABLE-EMPTY:
; MSTABLE: ms_0.ll
; MSTABLE-NEXT: ms_1.ll
; MSTABLE-EMPTY:

; SYM0: kB
; SYM0-EMPTY:
; SYM1: kA0
; SYM1-NEXT: kA1
; SYM1-EMPTY:

target triple = "spir64-unknown-unknown"

define spir_kernel void @kA0() #0 {
  ret void
}

define spir_kernel void @kA1() #0 {
  ret void
}

define spir_kernel void @kB() #1 {
  ret void
}

declare spir_kernel void @kB_declared() #1

declare spir_kernel void @kC_declared() #2

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
attributes #2 = { "sycl-module-id"="c.cpp" }
