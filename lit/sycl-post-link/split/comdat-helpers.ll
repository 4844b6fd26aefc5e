; linkonce_odr helpers in comdats are copied into every image that uses
; them and internalized as LLVM's Internalize does: a comdat left with one
; member in the image is dropped, one with several becomes nodeduplicate.
; Members an image does not use are not copied into it.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=kernel -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out_0.ll --check-prefix=BOTH --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/out_1.ll --check-prefix=ONE --implicit-check-not=define --implicit-check-not=comdat

target triple = "spir64-unknown-unknown"

; BOTH: $pair = comdat nodeduplicate
$pair = comdat any

; ONE: define internal spir_func i32 @first(i32 %x) {
; BOTH: define internal spir_func i32 @first(i32 %x) comdat($pair) {
define linkonce_odr spir_func i32 @first(i32 %x) comdat($pair) {
  ret i32 %x
}

; BOTH: define internal spir_func i32 @second(i32 %x) comdat($pair) {
define linkonce_odr spir_func i32 @second(i32 %x) comdat($pair) {
  ret i32 %x
}

; ONE: define spir_kernel void @kOne()
define spir_kernel void @kOne() #0 {
  %a = call spir_func i32 @first(i32 1)
  ret void
}

; BOTH: define spir_kernel void @kTwo()
define spir_kernel void @kTwo() #0 {
  %a = call spir_func i32 @first(i32 1)
  %b = call spir_func i32 @second(i32 2)
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
