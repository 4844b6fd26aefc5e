; Which declarations of an image are imported (canBeImportedFunction):
; not LLVM intrinsics, not __-prefixed names, not SPIR-V/SYCL/ESIMD
; builtins, not names whose demangling starts with __, not virtual
; functions; unused declarations are gone after cleanup. A definition
; without sycl-module-id is copied into the image (never imported).
; RUN: sycl-post-link -properties -emit-imported-symbols -allow-device-image-dependencies \
; RUN:   -split=kernel -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines --implicit-check-not=inside
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=IR
; CHECK: [SYCL/imported symbols]
; CHECK-NEXT: childA=1|1
; CHECK-NEXT: _Z7outsidev=1|1
; CHECK-NEXT: _ZN2ns5childEv=1|1
; IR: define internal spir_func void @inside_not_external()

target triple = "spir64-unknown-unknown"

declare spir_func void @childA()
declare spir_func void @__inside_reserved()
declare spir_func void @_Z8__insidev()
declare spir_func void @_Z7outsidev()
declare spir_func void @_Z26__spirv_inside_builtin_fooi(i32)
declare spir_func void @_Z21__sycl_inside_builtinv()
declare spir_func void @_Z20__esimd_inside_fnv()
declare spir_func void @_ZN2ns5childEv()
declare spir_func void @inside_virtual() #1
declare spir_func void @inside_unused()
declare i8 @llvm.bitreverse.i8(i8)

define spir_func void @inside_not_external() {
  ret void
}

define spir_kernel void @kernel() #0 {
  call spir_func void @childA()
  call spir_func void @__inside_reserved()
  call spir_func void @_Z8__insidev()
  call spir_func void @_Z7outsidev()
  call spir_func void @_Z26__spirv_inside_builtin_fooi(i32 0)
  call spir_func void @_Z21__sycl_inside_builtinv()
  call spir_func void @_Z20__esimd_inside_fnv()
  call spir_func void @_ZN2ns5childEv()
  call spir_func void @inside_virtual()
  %r = call i8 @llvm.bitreverse.i8(i8 0)
  call spir_func void @inside_not_external()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "indirectly-callable"="set" }
