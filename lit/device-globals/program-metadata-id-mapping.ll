; -emit-program-metadata maps each device global's unique id to its IR name
; (@global_id_mapping), in module order; other globals are not listed.
; RUN: sycl-post-link -properties -emit-program-metadata -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines
; CHECK: [SYCL/program metadata]
; "_ZL2dg"
; CHECK-NEXT: uid-1@global_id_mapping=2|wAAAAAAAAAwXaxkMkdG
; CHECK-NEXT: uid-2@global_id_mapping=2|{{.+}}
; CHECK-NOT: {{.+}}

target triple = "spir64-unknown-unknown"

@_ZL2dg = addrspace(1) global i32 0 #0
@plain = addrspace(1) global i32 0
@second = addrspace(1) global i32 0 #1

define spir_kernel void @k() {
  %a = load i32, ptr addrspace(1) @_ZL2dg
  %b = load i32, ptr addrspace(1) @plain
  %c = load i32, ptr addrspace(1) @second
  ret void
}

attributes #0 = { "sycl-device-global-size"="4" "sycl-unique-id"="uid-1" }
attributes #1 = { "sycl-device-global-size"="4" "sycl-unique-id"="uid-2" }
