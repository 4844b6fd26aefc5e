; Internalization keeps LLVM Internalize's own rules next to SYCL's: a
; function in @llvm.compiler.used is internalized (the list keeps it
; alive), a function with a name LLVM always preserves (__stack_chk_fail)
; keeps its linkage, except in a comdat, where names do not count.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=kernel -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out_0.ll --check-prefixes=CHECK,PLAIN
; RUN: sed -e 's/^define spir_func void @__stack_chk_fail() {/define linkonce_odr spir_func void @__stack_chk_fail() comdat {/' %s > %t/comdat.ll
; RUN: sycl-post-link -split=kernel -S < %t/comdat.ll -o %t/comdat.table
; RUN: FileCheck %s --input-file=%t/comdat_0.ll --check-prefixes=CHECK,COMDAT

target triple = "spir64-unknown-unknown"

$__stack_chk_fail = comdat any

; CHECK: @llvm.compiler.used = appending global [1 x ptr] [ptr @listed], section "llvm.metadata"
@llvm.compiler.used = appending global [1 x ptr] [ptr @listed], section "llvm.metadata"

; CHECK: define internal spir_func void @listed()
define spir_func void @listed() {
  ret void
}

; PLAIN: define spir_func void @__stack_chk_fail()
; COMDAT: define internal spir_func void @__stack_chk_fail()
define spir_func void @__stack_chk_fail() {
  ret void
}

; CHECK: define spir_kernel void @kernel()
define spir_kernel void @kernel() #0 {
  call spir_func void @__stack_chk_fail()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
