; ESIMDLowerSLMReservationCalls: each __esimd_slm_alloc/__esimd_slm_free
; scope (an slm_allocator object) becomes the constant SLM offset of its
; block, the largest frame below it on any path up to a kernel (slm_init's
; size, enclosing scopes, and scopes around the calls that reach it; here
; the helper's block sits above k1's 1024+64+16 bytes), both scope calls go,
; and every kernel reached gets the largest frame as its SLM size in
; !genx.kernels; slm_init (lowered to llvm.genx.slm.init) stays. An
; allocation of a non-constant size is refused. The post-link pipeline runs
; the pass after LowerESIMD.
; RUN: split-file %s %t
; RUN: sycl-opt -passes=LowerESIMD,ESIMDLowerSLMReservationCalls -S %t/slm.ll -o - | FileCheck %s
; RUN: sycl-post-link -split-esimd -lower-esimd -S %t/slm.ll -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out_0.esimd.ll --check-prefix=POSTLINK
; RUN: not sycl-opt -passes=LowerESIMD,ESIMDLowerSLMReservationCalls -S %t/non-const.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONCONST

; CHECK-LABEL: define spir_kernel void @k1(
; CHECK-NEXT: call void @llvm.genx.slm.init(i32 1024)
; CHECK-NEXT: call spir_func void @use(i32 1024)
; CHECK-NEXT: call spir_func void @use(i32 1088)
; CHECK-NEXT: call spir_func void @helper()
; CHECK-NEXT: call spir_func void @use(i32 1024)
; CHECK-NEXT: ret void
; CHECK-LABEL: define spir_func void @helper(
; CHECK: store i32 1104, ptr %s
; CHECK-NEXT: call spir_func void @use(i32 1104)
; CHECK-NOT: __esimd_slm_free
; CHECK: ret void
; CHECK: !{ptr @k1, !"k1", !{{[0-9]+}}, i32 1360,
; CHECK: !{ptr @k2, !"k2", !{{[0-9]+}}, i32 1360,

; POSTLINK: define spir_kernel void @k1() #[[K:[0-9]+]]
; POSTLINK-NOT: __esimd_slm
; POSTLINK: attributes #[[K]] = { {{.*}}"VCSLMSize"="1360"

; NONCONST: sycl-opt: error: {{[^ ]*}}non-const.ll: ESIMDLowerSLMReservationCalls: __esimd_slm_alloc with non-constant argument, function k{{$}}

;--- slm.ll
target triple = "spir64-unknown-unknown"
declare spir_func i32 @_Z17__esimd_slm_allocj(i32)
declare spir_func void @_Z16__esimd_slm_freej(i32)
declare spir_func void @_Z16__esimd_slm_initj(i32)
declare spir_func void @use(i32)

define spir_kernel void @k1() #0 !sycl_explicit_simd !0 {
  call spir_func void @_Z16__esimd_slm_initj(i32 1024)
  %a = call spir_func i32 @_Z17__esimd_slm_allocj(i32 64)
  call spir_func void @use(i32 %a)
  %b = call spir_func i32 @_Z17__esimd_slm_allocj(i32 16)
  call spir_func void @use(i32 %b)
  call spir_func void @helper() #1
  call spir_func void @_Z16__esimd_slm_freej(i32 %b)
  call spir_func void @_Z16__esimd_slm_freej(i32 %a)
  %c = call spir_func i32 @_Z17__esimd_slm_allocj(i32 8)
  call spir_func void @use(i32 %c)
  call spir_func void @_Z16__esimd_slm_freej(i32 %c)
  ret void
}

define spir_kernel void @k2() #0 !sycl_explicit_simd !0 {
  call spir_func void @helper() #1
  ret void
}

define spir_func void @helper() #1 {
  %s = alloca i32
  %h = call spir_func i32 @_Z17__esimd_slm_allocj(i32 256)
  store i32 %h, ptr %s
  call spir_func void @use(i32 %h)
  %l = load i32, ptr %s
  call spir_func void @_Z16__esimd_slm_freej(i32 %l)
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { noinline }
!0 = !{}

;--- non-const.ll
declare spir_func i32 @_Z17__esimd_slm_allocj(i32)
declare spir_func void @_Z16__esimd_slm_freej(i32)
define spir_kernel void @k(i32 %n) !sycl_explicit_simd !0 {
  %a = call spir_func i32 @_Z17__esimd_slm_allocj(i32 %n)
  call spir_func void @_Z16__esimd_slm_freej(i32 %a)
  ret void
}
!0 = !{}
