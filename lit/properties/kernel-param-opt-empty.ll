; With -emit-param-info the [SYCL/kernel param opt] header is written even
; when no kernel has eliminated arguments; without it the set is absent.
; RUN: sycl-post-link -properties -emit-param-info -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=ON --match-full-lines
; RUN: sycl-post-link -properties -S < %s -o %t.off.table
; RUN: FileCheck %s --input-file=%t.off_0.prop --check-prefix=OFF
; ON: [SYCL/device requirements]
; ON-NEXT: aspects=2|AAAAAAAAAAA
; ON-NEXT: [SYCL/kernel param opt]
; ON-EMPTY:
; OFF-NOT: [SYCL/kernel param opt]

target triple = "spir64-unknown-unknown"

define spir_kernel void @k() {
  ret void
}
