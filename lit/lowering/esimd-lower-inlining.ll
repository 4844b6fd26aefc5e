; LowerESIMD's inlining rules (sycl-opt runs it as upstream's default pass,
; for a module that may hold SYCL code, so noinline and optnone stay):
; every function except kernels, "VCStackCall" functions and __assert_fail
; becomes alwaysinline unless it is noinline, and is inlined; functions of
; the sycl::_V1::ext::intel::esimd namespaces are inlined even when
; noinline; __assert_fail becomes noinline; a noinline function that calls
; slm_init and is called from exactly one ESIMD kernel is inlined into it
; (slm_init must be called from the kernel), not one called from two.
; RUN: sycl-opt -passes=LowerESIMD -S %s -o - | FileCheck %s

; CHECK-LABEL: define spir_kernel void @kernel1(
; CHECK-NEXT: call spir_func void @keep_noinline()
; CHECK-NEXT: call spir_func void @stack_call()
; CHECK-NEXT: call spir_func void @__assert_fail()
; CHECK-NEXT: ret void
; CHECK-LABEL: define spir_kernel void @kernel2(
; CHECK-NEXT: call void @llvm.genx.slm.init(i32 1024)
; CHECK-NEXT: ret void
; CHECK-LABEL: define spir_kernel void @kernel3(
; CHECK-NEXT: call spir_func void @slm_two_callers()
; CHECK-NEXT: ret void
; CHECK-LABEL: define spir_kernel void @kernel4(
; CHECK-NEXT: call spir_func void @slm_two_callers()
; CHECK-NEXT: ret void
; CHECK: define spir_func void @plain() #[[#INL:]]
; CHECK: define spir_func void @_ZN4sycl3_V13ext5intel5esimd6detail4workEv() #[[#INL]]
; CHECK: define spir_func void @keep_noinline() #[[#NOINL:]]
; CHECK: define spir_func void @stack_call() #[[#STACK:]]
; CHECK: define spir_func void @__assert_fail() #[[#NOINL]]
; CHECK: define spir_func void @slm_one_caller() #[[#INL]]
; CHECK: define spir_func void @slm_two_callers() #[[#NOINL]]
; CHECK-DAG: attributes #[[#INL]] = { alwaysinline }
; CHECK-DAG: attributes #[[#NOINL]] = { noinline }
; CHECK-DAG: attributes #[[#STACK]] = { "VCStackCall" }

declare spir_func void @_Z16__esimd_slm_initj(i32)

define spir_kernel void @kernel1() !sycl_explicit_simd !0 {
  call spir_func void @plain()
  call spir_func void @_ZN4sycl3_V13ext5intel5esimd6detail4workEv()
  call spir_func void @keep_noinline()
  call spir_func void @stack_call()
  call spir_func void @__assert_fail()
  ret void
}

define spir_kernel void @kernel2() !sycl_explicit_simd !0 {
  call spir_func void @slm_one_caller()
  ret void
}

define spir_kernel void @kernel3() !sycl_explicit_simd !0 {
  call spir_func void @slm_two_callers()
  ret void
}

define spir_kernel void @kernel4() !sycl_explicit_simd !0 {
  call spir_func void @slm_two_callers()
  ret void
}

define spir_func void @plain() {
  ret void
}

define spir_func void @_ZN4sycl3_V13ext5intel5esimd6detail4workEv() #0 {
  ret void
}

define spir_func void @keep_noinline() #0 {
  ret void
}

define spir_func void @stack_call() #1 {
  ret void
}

define spir_func void @__assert_fail() {
  ret void
}

define spir_func void @slm_one_caller() #0 {
  call spir_func void @_Z16__esimd_slm_initj(i32 1024)
  ret void
}

define spir_func void @slm_two_callers() #0 {
  call spir_func void @_Z16__esimd_slm_initj(i32 2048)
  ret void
}

attributes #0 = { noinline }
attributes #1 = { "VCStackCall" }

!0 = !{}
