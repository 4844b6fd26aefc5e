; Constants that name a function or a block survive the split per kernel.
; A block address of a function defined in the image is the cloned block's,
; whatever the order in which the image's globals and bodies refer to it;
; one of a function the image does not define becomes what LLVM leaves
; where a block's function body is deleted, as llvm-extract does with the
; functions it leaves out: `inttoptr (i32 1 to ptr)` (the split does not
; follow block addresses to their function, as upstream's dependency graph
; does not: in LLVM 22 a block address uses the block, not the function).
; Intel's CloneModule-based extraction maps such an address to the input
; module's block, a module that crashes whatever reads it next (the crash
; this test guards against). dso_local_equivalent and no_cfi are uses of
; their function, as for upstream's graph: the function goes into the image.
; Same images at 1 and 3 threads, from text and from bitcode.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=kernel -symbols -S %s -o %t/k.table
; RUN: FileCheck %s --input-file=%t/k_0.ll --check-prefix=K2 --implicit-check-not=blockaddress
; RUN: FileCheck %s --input-file=%t/k_1.ll --check-prefix=K1
; RUN: FileCheck %s --input-file=%t/k_2.ll --check-prefix=K0 --implicit-check-not=blockaddress
; RUN: llvm-as %s -o %t/in.bc
; RUN: sycl-post-link -j 1 -split=kernel -symbols -S %t/in.bc -o %t/j1.table
; RUN: sycl-post-link -j 3 -split=kernel -symbols -S %t/in.bc -o %t/j3.table
; RUN: diff %t/j1_0.ll %t/j3_0.ll
; RUN: diff %t/j1_1.ll %t/j3_1.ll
; RUN: diff %t/j1_2.ll %t/j3_2.ll
; RUN: FileCheck %s --input-file=%t/j3_1.ll --check-prefix=K1
; RUN: sycl-post-link -split=none -symbols -S %s -o %t/none.table
; RUN: FileCheck %s --input-file=%t/none_0.ll --check-prefix=NONE
; sycl-module-split makes the same images; sycl-link gets as far as LLVM
; 22's SPIR-V back end, which translates none of these constants: one line
; naming the image, no output.
; RUN: sycl-module-split -split=kernel -S %s -o %t/m
; RUN: diff %t/k_1.ll %t/m_1.ll
; RUN: not sycl-link --module-split-mode=kernel %s -o %t/x.syclbin 2>&1 | FileCheck %s --check-prefix=LINK
; LINK: sycl-link: error: image {{[0-9]+}}: {{.+}}
; LINK-NOT: {{.}}
; RUN: not ls %t/x.syclbin

target triple = "spir64-unknown-unknown"

; An unused global with a block address goes into every image.
@ba = global ptr blockaddress(@k0, %x)
@tab = internal addrspace(1) global [2 x ptr] [ptr blockaddress(@h, %a), ptr blockaddress(@h, %b)]

define spir_kernel void @k0(ptr addrspace(1) %out) #0 {
  store ptr blockaddress(@h, %b), ptr addrspace(1) %out
  br label %x
x:
  ret void
}

define spir_kernel void @k1(ptr addrspace(1) %out, i32 %i) #0 {
  store ptr blockaddress(@h, %b), ptr addrspace(1) %out
  %p = getelementptr [2 x ptr], ptr addrspace(1) @tab, i32 0, i32 %i
  %t = load ptr, ptr addrspace(1) %p
  call spir_func void @h(ptr %t)
  ret void
}

define spir_kernel void @k2(ptr addrspace(1) %out) #0 {
  store ptr dso_local_equivalent @g, ptr addrspace(1) %out
  store ptr no_cfi @f, ptr addrspace(1) %out
  ret void
}

define spir_func void @g() {
  ret void
}

define spir_func void @f() {
  ret void
}

define spir_func void @h(ptr %t) {
  indirectbr ptr %t, [label %a, label %b]
a:
  ret void
b:
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

; K0: @ba = global ptr blockaddress(@k0, %x)
; K0: define spir_kernel void @k0(
; K0-NEXT: store ptr inttoptr (i32 1 to ptr), ptr addrspace(1) %out
; K0-NEXT: br label %x

; K1: @ba = global ptr inttoptr (i32 1 to ptr)
; K1: @tab = internal addrspace(1) global [2 x ptr] [ptr blockaddress(@h, %a), ptr blockaddress(@h, %b)]
; K1: define spir_kernel void @k1(
; K1-NEXT: store ptr blockaddress(@h, %b), ptr addrspace(1) %out
; K1: define internal spir_func void @h(

; K2: @ba = global ptr inttoptr (i32 1 to ptr)
; K2: define spir_kernel void @k2(
; K2-NEXT: store ptr dso_local_equivalent @g, ptr addrspace(1) %out
; K2-NEXT: store ptr no_cfi @f, ptr addrspace(1) %out
; K2: define internal spir_func void @g()
; K2: define internal spir_func void @f()

; NONE: @ba = global ptr blockaddress(@k0, %x)
; NONE: store ptr blockaddress(@h, %b), ptr addrspace(1) %out
