; Removing device globals from @llvm.compiler.used drops the ones that have no
; other use (the address-space casts in the old list do not count as uses);
; device globals used by code stay, and the list keeps its other entries.
; RUN: sycl-post-link -device-globals -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll --implicit-check-not=unused_dg
; RUN: sycl-post-link -device-globals -split=kernel -S < %s -o %t2.table
; RUN: FileCheck %s --input-file=%t2_0.ll --implicit-check-not=unused_dg

; CHECK: @used_dg = addrspace(1) global i32 0
; CHECK-NEXT: @plain = addrspace(1) global i32 0
; CHECK-NEXT: @llvm.compiler.used = appending global [1 x ptr addrspace(4)] [ptr addrspace(4) addrspacecast (ptr addrspace(1) @plain to ptr addrspace(4))], section "llvm.metadata"
; CHECK: define spir_kernel void @k()

target triple = "spir64-unknown-unknown"

@llvm.compiler.used = appending global [3 x ptr addrspace(4)] [ptr addrspace(4) addrspacecast (ptr addrspace(1) @used_dg to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @unused_dg to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @plain to ptr addrspace(4))], section "llvm.metadata"

@used_dg = addrspace(1) global i32 0 #0
@unused_dg = addrspace(1) global i32 0 #1
@plain = addrspace(1) global i32 0

define spir_kernel void @k() #2 {
  store i32 1, ptr addrspace(1) @used_dg
  ret void
}

attributes #0 = { "sycl-device-global-size"="4" "sycl-unique-id"="used_dg_id" }
attributes #1 = { "sycl-device-global-size"="4" "sycl-unique-id"="unused_dg_id" }
attributes #2 = { "sycl-module-id"="a.cpp" }
