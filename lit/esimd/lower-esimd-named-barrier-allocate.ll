; named_barrier_allocate<N>() (__esimd_named_barrier_allocate(N)) reserves
; N named barriers in every kernel that reaches the call and returns the
; first of them, the kernel's count so far (after named_barrier_init); the
; call is replaced by that number and the kernel's "VCNamedBarrierCount"
; grows by N. As upstream's check_device_code/esimd/NBarrierAttr.cpp: a
; kernel reaching named_barrier_init<13> that allocates 35 waits on barrier
; 13 and has 48 named barriers. Refused, naming the function and the
; intrinsic: a count that is not a constant, and a call that kernels with
; different counts reach.
; RUN: split-file %s %t
; RUN: sycl-post-link -split-esimd -lower-esimd -S %t/ok.ll -o %t/ok.table
; RUN: FileCheck %s --input-file=%t/ok_0.esimd.ll --implicit-check-not=__esimd_named_barrier_allocate
; RUN: not sycl-post-link -split-esimd -lower-esimd -S %t/differ.ll -o %t/differ.table 2>&1 | FileCheck %s --check-prefix=DIFFER
; RUN: not sycl-post-link -split-esimd -lower-esimd -S %t/nonconst.ll -o %t/nonconst.table 2>&1 | FileCheck %s --check-prefix=NONCONST
; RUN: not ls %t/differ.table %t/nonconst.table

; CHECK: define dso_local spir_kernel void @kernel_abc() #[[#ABC:]]
; CHECK: define dso_local spir_kernel void @kernel_xyz() #[[#XYZ:]]
; CHECK-NEXT: call void @llvm.genx.nbarrier(i8 0, i8 13, i8 0)
; CHECK-NEXT: call void @llvm.genx.nbarrier(i8 0, i8 48, i8 0)
; CHECK-NEXT: ret void
; CHECK-DAG: attributes #[[#ABC]] = { {{.*}}"VCNamedBarrierCount"="13"{{.*}} }
; CHECK-DAG: attributes #[[#XYZ]] = { {{.*}}"VCNamedBarrierCount"="50"{{.*}} }

; DIFFER: sycl-post-link: error: {{.*}}differ.ll: ESIMD lowering: call of '_Z30__esimd_named_barrier_allocateh' (named_barrier_allocate) in function 'helper': reached by kernels with different named barrier counts: not supported
; NONCONST: sycl-post-link: error: {{.*}}nonconst.ll: ESIMD lowering: call of '_Z30__esimd_named_barrier_allocateh' (named_barrier_allocate) in function 'k': the barrier count is not a constant: not supported

;--- ok.ll
target triple = "spir64-unknown-unknown"

declare dso_local spir_func void @_Z21__esimd_nbarrier_inith(i8 zeroext)
declare dso_local spir_func zeroext i8 @_Z30__esimd_named_barrier_allocateh(i8 zeroext)
declare dso_local spir_func void @_Z16__esimd_nbarrierhhh(i8 zeroext, i8 zeroext, i8 zeroext)

define dso_local spir_func void @callee() #1 !sycl_explicit_simd !0 {
  call spir_func void @_Z21__esimd_nbarrier_inith(i8 zeroext 13)
  ret void
}

define dso_local spir_kernel void @kernel_abc() #0 !sycl_explicit_simd !0 {
  call spir_func void @callee()
  ret void
}

define dso_local spir_kernel void @kernel_xyz() #0 !sycl_explicit_simd !0 {
  call spir_func void @callee()
  %y = call spir_func zeroext i8 @_Z30__esimd_named_barrier_allocateh(i8 zeroext 35)
  call spir_func void @_Z16__esimd_nbarrierhhh(i8 zeroext 0, i8 zeroext %y, i8 zeroext 0)
  %z = call spir_func zeroext i8 @_Z30__esimd_named_barrier_allocateh(i8 zeroext 2)
  call spir_func void @_Z16__esimd_nbarrierhhh(i8 zeroext 0, i8 zeroext %z, i8 zeroext 0)
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { noinline "sycl-module-id"="a.cpp" }
!0 = !{}

;--- differ.ll
target triple = "spir64-unknown-unknown"

declare dso_local spir_func void @_Z21__esimd_nbarrier_inith(i8 zeroext)
declare dso_local spir_func zeroext i8 @_Z30__esimd_named_barrier_allocateh(i8 zeroext)

define dso_local spir_func i8 @helper() #1 !sycl_explicit_simd !0 {
  %y = call spir_func zeroext i8 @_Z30__esimd_named_barrier_allocateh(i8 zeroext 4)
  ret i8 %y
}

define dso_local spir_kernel void @k1() #0 !sycl_explicit_simd !0 {
  call spir_func void @_Z21__esimd_nbarrier_inith(i8 zeroext 3)
  %y = call spir_func i8 @helper()
  ret void
}

define dso_local spir_kernel void @k2() #0 !sycl_explicit_simd !0 {
  %y = call spir_func i8 @helper()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { noinline "sycl-module-id"="a.cpp" "VCStackCall" }
!0 = !{}

;--- nonconst.ll
target triple = "spir64-unknown-unknown"

declare dso_local spir_func zeroext i8 @_Z30__esimd_named_barrier_allocateh(i8 zeroext)

define dso_local spir_kernel void @k(i8 %n) #0 !sycl_explicit_simd !0 {
  %y = call spir_func zeroext i8 @_Z30__esimd_named_barrier_allocateh(i8 zeroext %n)
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
!0 = !{}
