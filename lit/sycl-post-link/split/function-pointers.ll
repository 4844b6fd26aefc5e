; Dependencies beyond direct calls: a function whose address is stored in a
; global (a vtable-like table) comes with the global; an indirect call pulls
; in every `referenced-indirectly` function of exactly the call's type, and
; nothing of another type.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=kernel -symbols -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out_0.ll --check-prefix=TABLEK --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/out_1.ll --check-prefix=INDIRECT --implicit-check-not=define

target triple = "spir64-unknown-unknown"

; TABLEK: @vtable = internal addrspace(1) constant [2 x ptr] [ptr @slot0, ptr @slot1]
@vtable = internal addrspace(1) constant [2 x ptr] [ptr @slot0, ptr @slot1]

; TABLEK: define internal spir_func void @slot0()
define spir_func void @slot0() {
  ret void
}

; TABLEK: define internal spir_func void @slot1()
define spir_func void @slot1() {
  ret void
}

; INDIRECT: define spir_func i32 @cand_i32(i32 %x) #[[#RI:]]
define spir_func i32 @cand_i32(i32 %x) #1 {
  ret i32 %x
}

; Same type but not referenced-indirectly: not a candidate.
define spir_func i32 @plain_i32(i32 %x) {
  ret i32 %x
}

; referenced-indirectly but another type: not a candidate.
define spir_func void @cand_void() #1 {
  ret void
}

; TABLEK: define spir_kernel void @kTable(ptr addrspace(1) %out)
define spir_kernel void @kTable(ptr addrspace(1) %out) #0 {
  %p = load ptr, ptr addrspace(1) @vtable, align 8
  store ptr %p, ptr addrspace(1) %out, align 8
  ret void
}

; INDIRECT: define spir_kernel void @kIndirect(ptr %fp)
define spir_kernel void @kIndirect(ptr %fp) #0 {
  %r = call spir_func i32 %fp(i32 7)
  ret void
}

; INDIRECT: attributes #[[#RI]] = { "referenced-indirectly" }

attributes #0 = { "sycl-module-id"="fp.cpp" }
attributes #1 = { "referenced-indirectly" }
