; LowerESIMD checks the slm_init calls as upstream does, with upstream's
; messages: slm_init must be called directly (not through a pointer), reach
; an ESIMD kernel, at most once per kernel (the message demangles the kernel
; name), and not in a kernel with a local accessor argument. One call per
; kernel, even through a helper, is fine.
; RUN: split-file %s %t
; RUN: sycl-opt -passes=LowerESIMD -S %t/ok.ll -o - | FileCheck %s --check-prefix=OK
; RUN: not sycl-opt -passes=LowerESIMD -S %t/twice.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWICE
; RUN: not sycl-opt -passes=LowerESIMD -S %t/indirect.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=INDIRECT
; RUN: not sycl-opt -passes=LowerESIMD -S %t/no-kernel.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOKERNEL
; RUN: not sycl-opt -passes=LowerESIMD -S %t/local-acc.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOCAL

; OK: call void @llvm.genx.slm.init(i32 1024)
; TWICE: error: {{.*}}: slm_init is called more than once from kernel 'foo(int)'.
; INDIRECT: error: {{.*}}: slm_init can only be used as a direct call.
; NOKERNEL: error: {{.*}}: slm_init must be called directly from ESIMD kernel.
; LOCAL: error: {{.*}}: slm_init can not be used with local accessors.

;--- ok.ll
declare spir_func void @_Z16__esimd_slm_initj(i32)
define spir_kernel void @k() !sycl_explicit_simd !0 {
  call spir_func void @helper()
  ret void
}
define spir_func void @helper() {
  call spir_func void @_Z16__esimd_slm_initj(i32 1024)
  ret void
}
!0 = !{}

;--- twice.ll
declare spir_func void @_Z16__esimd_slm_initj(i32)
define spir_kernel void @_Z3fooi(i32 %x) !sycl_explicit_simd !0 {
  call spir_func void @_Z16__esimd_slm_initj(i32 1024)
  call spir_func void @helper()
  ret void
}
define spir_func void @helper() {
  call spir_func void @_Z16__esimd_slm_initj(i32 2048)
  ret void
}
!0 = !{}

;--- indirect.ll
declare spir_func void @_Z16__esimd_slm_initj(i32)
declare spir_func void @use(ptr)
define spir_kernel void @k() !sycl_explicit_simd !0 {
  call spir_func void @use(ptr @_Z16__esimd_slm_initj)
  ret void
}
!0 = !{}

;--- no-kernel.ll
declare spir_func void @_Z16__esimd_slm_initj(i32)
define spir_func void @f() !sycl_explicit_simd !0 {
  call spir_func void @_Z16__esimd_slm_initj(i32 1024)
  ret void
}
!0 = !{}

;--- local-acc.ll
declare spir_func void @_Z16__esimd_slm_initj(i32)
define spir_kernel void @k(ptr addrspace(3) %acc) !sycl_explicit_simd !0 !kernel_arg_accessor_ptr !1 {
  call spir_func void @_Z16__esimd_slm_initj(i32 1024)
  ret void
}
!0 = !{}
!1 = !{i1 true}
