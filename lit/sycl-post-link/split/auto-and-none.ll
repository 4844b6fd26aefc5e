; -split=auto, the default since upstream PR #21257, splits per source;
; with -split=none everything stays in one image, still cleaned up (unused
; functions dropped, helpers internalized).
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=auto -symbols -S < %s -o %t/auto.table
; RUN: FileCheck %s --input-file=%t/auto.table --check-prefix=AUTO
; AUTO: [Code|Symbols]
; AUTO-NEXT: {{.*}}auto_0.ll
; AUTO-NEXT: {{.*}}auto_1.ll
; AUTO-EMPTY:
; RUN: sycl-post-link -symbols -S < %s -o %t/default.table
; RUN: FileCheck %s --input-file=%t/default.table --check-prefix=DEFAULT
; DEFAULT: [Code|Symbols]
; DEFAULT-NEXT: {{.*}}default_0.ll
; DEFAULT-NEXT: {{.*}}default_1.ll
; DEFAULT-EMPTY:
; RUN: sycl-post-link -split=none -symbols -S < %s -o %t/none.table
; RUN: FileCheck %s --input-file=%t/none.table --check-prefix=NONE
; NONE: [Code|Symbols]
; NONE-NEXT: {{.*}}none_0.ll|{{.*}}none_0.sym
; NONE-EMPTY:
; RUN: FileCheck %s --input-file=%t/none_0.ll --check-prefix=NONEIR
; RUN: FileCheck %s --input-file=%t/none_0.sym --check-prefix=NONESYM

target triple = "spir64-unknown-unknown"

; NONEIR-NOT: @unused
define spir_func void @unused() {
  ret void
}

; NONEIR: define internal spir_func void @helper()
define spir_func void @helper() {
  ret void
}

; NONEIR: define spir_kernel void @k1() #[[#A:]]
define spir_kernel void @k1() #0 {
  call spir_func void @helper()
  ret void
}

; NONEIR: define spir_kernel void @k2() #[[#B:]]
define spir_kernel void @k2() #1 {
  ret void
}

; NONEIR-DAG: attributes #[[#A]] = { "sycl-entry-point" "sycl-module-id"="a.cpp" }
; NONEIR-DAG: attributes #[[#B]] = { "sycl-entry-point" "sycl-module-id"="b.cpp" }
; NONEIR: !sycl-esimd-split-status = !{![[#S:]]}
; NONEIR: ![[#S]] = !{i8 0}

; NONESYM: k1
; NONESYM-NEXT: k2
; NONESYM-EMPTY:

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
