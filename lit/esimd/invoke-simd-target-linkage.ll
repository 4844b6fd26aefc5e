; Functions marked "__invoke_simd_target" with linkonce_odr/linkonce linkage
; get weak_odr/weak linkage before the SYCL/ESIMD split and remember the old
; one in "__sycl_orig_linkage" (the C++ linkage number). Linking the parts back
; together restores it and drops the attribute; separate parts keep the
; fix-up.
; RUN: sycl-post-link -symbols -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=LINKED
; RUN: sycl-post-link -split-esimd -S < %s -o %t2.table
; RUN: FileCheck %s --input-file=%t2_0.esimd.ll --check-prefix=ESIMD
; RUN: FileCheck %s --input-file=%t2_0.ll --check-prefix=SYCL

; LINKED: define linkonce_odr <4 x float> @target_odr({{.*}} #[[#T:]]
; LINKED: define linkonce <4 x float> @target_any({{.*}} #[[#T]]
; LINKED: attributes #[[#T]] = { "__invoke_simd_target" "referenced-indirectly" }

; ESIMD: define weak_odr <4 x float> @target_odr({{.*}} #[[#ODR:]]
; ESIMD: define weak <4 x float> @target_any({{.*}} #[[#ANY:]]
; ESIMD-DAG: attributes #[[#ODR]] = { "__invoke_simd_target" "__sycl_orig_linkage"="3" "referenced-indirectly" }
; ESIMD-DAG: attributes #[[#ANY]] = { "__invoke_simd_target" "__sycl_orig_linkage"="2" "referenced-indirectly" }

; SYCL: declare <4 x float> @target_odr(<4 x float>) #[[#ODR:]]
; SYCL: attributes #[[#ODR]] = { "__invoke_simd_target" "__sycl_orig_linkage"="3" "referenced-indirectly" }

target triple = "spir64-unknown-unknown"

declare spir_func void @use(ptr, ptr)

define spir_kernel void @sycl_kernel() #0 {
  call spir_func void @use(ptr @target_odr, ptr @target_any)
  ret void
}

define linkonce_odr <4 x float> @target_odr(<4 x float> %v) #1 !sycl_explicit_simd !0 {
  ret <4 x float> %v
}

define linkonce <4 x float> @target_any(<4 x float> %v) #1 !sycl_explicit_simd !0 {
  ret <4 x float> %v
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "__invoke_simd_target" "referenced-indirectly" }

!0 = !{}
