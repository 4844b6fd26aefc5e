; Before the split, the sanitizer kernel-metadata global gets back what
; llvm-link dropped: the device-global size attribute (its allocation size)
; and a HostAccessINTEL decoration naming _Z20__SanitizerKernelMetadata.
; RUN: sycl-post-link -properties -split=kernel -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll
; CHECK: @__MsanKernelMetadata = appending addrspace(1) global [1 x { i64, i64 }] {{.*}}, !spirv.Decorations ![[DECOS:[0-9]+]] #[[ATTRS:[0-9]+]]
; CHECK: attributes #[[ATTRS]] = { "sycl-device-global-size"="16" }
; CHECK: ![[DECOS]] = !{![[DECO:[0-9]+]]}
; CHECK: ![[DECO]] = !{i32 6147, i32 0, !"_Z20__SanitizerKernelMetadata"}

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@__MsanKernelMetadata = appending addrspace(1) global [1 x { i64, i64 }] [{ i64, i64 } { i64 0, i64 1 }]

define spir_kernel void @k() #0 {
  ret void
}

attributes #0 = { sanitize_memory "sycl-module-id"="k.cpp" }
