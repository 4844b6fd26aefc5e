; __esimd_nbarrier_init(N) sets the named-barrier count of every kernel that
; reaches the call (directly or through other functions; the largest count
; when several calls reach one kernel), which the writer adaptor turns into
; "VCNamedBarrierCount"; the calls are removed (the declaration stays, as upstream leaves it).
; RUN: sycl-post-link -split-esimd -lower-esimd -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.esimd.ll --implicit-check-not="call spir_func void @_Z21__esimd_nbarrier_inith"

; CHECK: define dso_local spir_kernel void @direct() #[[#SEVEN:]]
; CHECK: define dso_local spir_kernel void @through_helper() #[[#NINE:]]
; CHECK: define dso_local spir_kernel void @none() #[[#ZERO:]]
; CHECK-DAG: attributes #[[#SEVEN]] = { {{.*}}"VCNamedBarrierCount"="7"{{.*}} }
; CHECK-DAG: attributes #[[#NINE]] = { {{.*}}"VCNamedBarrierCount"="9"{{.*}} }
; CHECK-DAG: attributes #[[#ZERO]] = { {{.*}}"VCNamedBarrierCount"="0"{{.*}} }

target triple = "spir64-unknown-unknown"

declare dso_local spir_func void @_Z21__esimd_nbarrier_inith(i8 zeroext)

define dso_local spir_kernel void @direct() #0 !sycl_explicit_simd !0 {
  call spir_func void @_Z21__esimd_nbarrier_inith(i8 zeroext 7)
  ret void
}

define dso_local spir_kernel void @through_helper() #0 !sycl_explicit_simd !0 {
  call spir_func void @helper()
  call spir_func void @_Z21__esimd_nbarrier_inith(i8 zeroext 2)
  ret void
}

define dso_local spir_func void @helper() #1 !sycl_explicit_simd !0 {
  call spir_func void @_Z21__esimd_nbarrier_inith(i8 zeroext 9)
  ret void
}

define dso_local spir_kernel void @none() #0 !sycl_explicit_simd !0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { noinline "sycl-module-id"="a.cpp" }

!0 = !{}
