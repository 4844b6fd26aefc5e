; Declarations are never entry points and stay declarations where used;
; @llvm.used is erased (an unused declaration listed there goes too); an
; external global with an initializer is kept in every image.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=kernel -symbols -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out.table --check-prefix=TABLE
; TABLE: [Code|Symbols]
; TABLE-NEXT: out_0.ll
; TABLE-NEXT: out_1.ll
; TABLE-EMPTY:
; RUN: FileCheck %s --input-file=%t/out_0.ll --check-prefixes=CHECK,IR0
; RUN: FileCheck %s --input-file=%t/out_1.ll --check-prefixes=CHECK,IR1
; RUN: FileCheck %s --input-file=%t/out_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t/out_1.sym --check-prefix=SYM1

target triple = "spir64-unknown-unknown"

; CHECK-NOT: llvm.used
; CHECK: @ext = addrspace(1) global i32 1
@ext = addrspace(1) global i32 1, align 4
@llvm.used = appending global [2 x ptr] [ptr @kA, ptr @gone], section "llvm.metadata"

; CHECK-NOT: @gone
declare spir_func void @gone()

; IR1: declare spir_func void @external_decl()
; IR0-NOT: external_decl
declare spir_func void @external_decl()

; kernel declarations are not entry points
; CHECK-NOT: @kDecl
declare spir_kernel void @kDecl()

; IR1: define spir_kernel void @kA()
define spir_kernel void @kA() #0 {
  call spir_func void @external_decl()
  ret void
}

; IR0: define spir_kernel void @kB()
define spir_kernel void @kB() #0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

; SYM0: kB
; SYM0-EMPTY:
; SYM1: kA
; SYM1-EMPTY:
