; An image instrumented by a device sanitizer carries a kernel-metadata
; global; [SYCL/misc properties] then gets sanUsed with the sanitizer's name.
; RUN: sycl-post-link -properties -split=kernel -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=ASAN --match-full-lines
; RUN: sed -e 's/__AsanKernelMetadata/__MsanKernelMetadata/' %s > %t.msan.ll
; RUN: sycl-post-link -properties -split=kernel -S < %t.msan.ll -o %t.msan.table
; RUN: FileCheck %s --input-file=%t.msan_0.prop --check-prefix=MSAN --match-full-lines
; RUN: sed -e 's/__AsanKernelMetadata/__TsanKernelMetadata/' %s > %t.tsan.ll
; RUN: sycl-post-link -properties -split=kernel -S < %t.tsan.ll -o %t.tsan.table
; RUN: FileCheck %s --input-file=%t.tsan_0.prop --check-prefix=TSAN --match-full-lines
; ASAN: [SYCL/misc properties]
; ASAN-NEXT: optLevel=1|2
; ASAN-NEXT: sanUsed=2|gAAAAAAAAAQYzFmb
; MSAN: sanUsed=2|gAAAAAAAAAQbzFmb
; TSAN: sanUsed=2|gAAAAAAAAAAdzFmb

target triple = "spir64-unknown-unknown"

@__asan_kernel = internal addrspace(1) constant [2 x i8] c"k\00"
@__AsanKernelMetadata = appending dso_local addrspace(1) global [1 x { i64, i64 }] [{ i64, i64 } { i64 ptrtoint (ptr addrspace(1) @__asan_kernel to i64), i64 1 }]

define spir_kernel void @k() #0 {
  ret void
}

attributes #0 = { sanitize_address "sycl-module-id"="k.cpp" "sycl-optlevel"="2" }
