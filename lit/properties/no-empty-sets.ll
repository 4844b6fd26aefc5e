; A plain kernel gets only the set upstream always writes (device
; requirements) and the kernel names it asked for; no other set
; header appears when nothing fills it, whatever options are given (except
; -emit-param-info, tested in kernel-param-opt-empty.ll).
; RUN: sycl-post-link -properties -emit-exported-symbols -emit-imported-symbols \
; RUN:   -emit-program-metadata -emit-kernel-names -device-globals -split=kernel -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines
; CHECK: [SYCL/device requirements]
; CHECK-NEXT: aspects=2|AAAAAAAAAAA
; CHECK-NEXT: [SYCL/kernel names]
; CHECK-NEXT: k=1|1
; CHECK-EMPTY:

target triple = "spir64-unknown-unknown"

define spir_kernel void @k() {
  ret void
}
