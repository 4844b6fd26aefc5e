; Before the split, the first sanitizer kernel-metadata global (Asan, then
; Msan, then Tsan) is rewritten as the newest upstream SanitizerKernelMetadataPass
; does: its array moves into a new unnamed struct (%0), the global loses the
; appending linkage and keeps its own dso_local / unnamed_addr, and it gets
; back what llvm-link dropped: the device-global size attribute (its
; allocation size) and a HostAccessINTEL decoration naming
; _Z20__SanitizerKernelMetadata. Uses follow the new global.
; RUN: sycl-post-link -properties -split=kernel -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefixes=CHECK,MSAN
; RUN: sed -e 's/@__MsanKernelMetadata = appending addrspace(1)/@__AsanKernelMetadata = appending dso_local local_unnamed_addr addrspace(1)/' \
; RUN:     -e 's/@__MsanKernelMetadata/@__AsanKernelMetadata/g' %s > %t.asan.ll
; RUN: sycl-post-link -properties -split=kernel -S < %t.asan.ll -o %t.asan.table
; RUN: FileCheck %s --input-file=%t.asan_0.ll --check-prefixes=CHECK,ASAN
; RUN: sed -e 's/__MsanKernelMetadata/__TsanKernelMetadata/g' %s > %t.tsan.ll
; RUN: sycl-post-link -properties -split=kernel -S < %t.tsan.ll -o %t.tsan.table
; RUN: FileCheck %s --input-file=%t.tsan_0.ll --check-prefixes=CHECK,TSAN

; CHECK: %0 = type { [1 x { i64, i64 }] }
; MSAN: @__MsanKernelMetadata = addrspace(1) global %0 { [1 x { i64, i64 }] [{ i64, i64 } { i64 0, i64 1 }] }, !spirv.Decorations ![[DECOS:[0-9]+]] #[[ATTRS:[0-9]+]]
; ASAN: @__AsanKernelMetadata = dso_local local_unnamed_addr addrspace(1) global %0 { [1 x { i64, i64 }] [{ i64, i64 } { i64 0, i64 1 }] }, !spirv.Decorations ![[DECOS:[0-9]+]] #[[ATTRS:[0-9]+]]
; TSAN: @__TsanKernelMetadata = addrspace(1) global %0 {{.*}}, !spirv.Decorations ![[DECOS:[0-9]+]] #[[ATTRS:[0-9]+]]
; CHECK-NOT: KernelMetadata_del
; MSAN: load i64, ptr addrspace(1) @__MsanKernelMetadata
; ASAN: load i64, ptr addrspace(1) @__AsanKernelMetadata
; CHECK: attributes #[[ATTRS]] = { "sycl-device-global-size"="16" }
; CHECK: ![[DECOS]] = !{![[DECO:[0-9]+]]}
; CHECK: ![[DECO]] = !{i32 6147, i32 0, !"_Z20__SanitizerKernelMetadata"}

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@__MsanKernelMetadata = appending addrspace(1) global [1 x { i64, i64 }] [{ i64, i64 } { i64 0, i64 1 }]

define spir_kernel void @k() #0 {
  %v = load i64, ptr addrspace(1) @__MsanKernelMetadata
  ret void
}

attributes #0 = { sanitize_memory "sycl-module-id"="k.cpp" }
