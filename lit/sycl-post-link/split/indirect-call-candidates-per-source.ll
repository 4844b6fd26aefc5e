; With -split=auto (per source) an indirect call pulls into the caller's
; image every referenced-indirectly function of exactly the call's type,
; wherever it is defined; a function of that type without the attribute is
; not a candidate, and the image of the other translation unit gets none of
; them.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=auto -symbols -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out_0.ll --check-prefix=B --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/out_1.ll --check-prefix=A --implicit-check-not=define
; RUN: sycl-module-split -split=auto -S < %s -o %t/ms
; RUN: FileCheck %s --input-file=%t/ms_0.ll --check-prefix=B --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/ms_1.ll --check-prefix=A --implicit-check-not=define

target triple = "spir64-unknown-unknown"

; A: define internal spir_func void @calls_through_pointer(ptr %fp)
define spir_func void @calls_through_pointer(ptr %fp) {
  %r = call spir_func i32 %fp(i32 1)
  ret void
}

; A: define spir_kernel void @kA(ptr %fp)
define spir_kernel void @kA(ptr %fp) #0 {
  call spir_func void @calls_through_pointer(ptr %fp)
  ret void
}

; Called directly from b.cpp's kernel: in B, and in A as a candidate.
; B: define internal spir_func i32 @direct_callee(i32 %x)
define spir_func i32 @direct_callee(i32 %x) {
  ret i32 %x
}

; A: define spir_func i32 @candidate(i32 %x) #[[#RI:]]
define spir_func i32 @candidate(i32 %x) #2 {
  ret i32 %x
}

; B: define spir_kernel void @kB()
define spir_kernel void @kB() #1 {
  %r = call spir_func i32 @direct_callee(i32 2)
  ret void
}

; A: attributes #[[#RI]] = { "referenced-indirectly" }

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
attributes #2 = { "referenced-indirectly" }
