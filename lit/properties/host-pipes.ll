; [SYCL/host pipes]: one entry per global with sycl-host-pipe-size, keyed by
; sycl-unique-id, valued with the u32 size; written without any option.
; RUN: sycl-post-link -properties -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines
; CHECK: [SYCL/host pipes]
; CHECK-NEXT: pipe-a=2|gAAAAAAAAAABAAAA
; CHECK-NEXT: pipe-b=2|gAAAAAAAAAAQAAAA
; CHECK-NOT: {{.+}}

target triple = "spir64-unknown-unknown"

@pa = addrspace(1) global i32 0 #0
@pb = addrspace(1) global [16 x i32] zeroinitializer #1
@not_a_pipe = addrspace(1) global i32 0 #2

define spir_kernel void @k() {
  %a = load i32, ptr addrspace(1) @pa
  %b = load i32, ptr addrspace(1) @pb
  %c = load i32, ptr addrspace(1) @not_a_pipe
  ret void
}

attributes #0 = { "sycl-host-pipe-size"="4" "sycl-unique-id"="pipe-a" }
attributes #1 = { "sycl-host-pipe-size"="64" "sycl-unique-id"="pipe-b" }
attributes #2 = { "sycl-host-pipe" "sycl-unique-id"="not-a-pipe" }
