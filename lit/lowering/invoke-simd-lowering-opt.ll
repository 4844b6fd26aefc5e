; sycl-opt runs upstream's pre-split ESIMD passes by their names:
; lower-invoke-simd (here the -O0 data flow: the target's address goes
; through a local variable in the caller, and the helper keeps its function
; pointer in one too; a call whose target cannot be deduced stays as it is,
; and so does the helper it uses) and lower-esimd-kernel-attrs (a
; range-rounding wrapper kernel reaching an ESIMD function becomes ESIMD; the
; functions in between and other kernels stay as they are). A defined target's pointer parameter is
; cast where it is used (through calls of defined functions too) to the
; address space of the pointer the call passes (before its cast to the
; generic space).
; RUN: split-file %s %t
; RUN: sycl-opt -passes=lower-invoke-simd -S %t/o0.ll -o - | FileCheck %s
; RUN: sycl-opt -passes=lower-invoke-simd -S %t/ptr.ll -o - | FileCheck %s --check-prefix=PTR
; RUN: sycl-opt -passes=lower-esimd-kernel-attrs -S %t/wrappers.ll -o - | FileCheck %s --check-prefix=WRAP

; CHECK-LABEL: define spir_func float @caller(float %x, ptr %unknown)
; CHECK: %[[#]] = call spir_func float @_Z33__regcall3____builtin_invoke_simdXX_2(ptr @helper_1, float %x)
; CHECK-NEXT: %r2 = call spir_func float @_Z33__regcall3____builtin_invoke_simdXX(ptr @helper, ptr %unknown, float %x)
; CHECK: define weak_odr <16 x float> @helper(ptr %f, <16 x float> %v) #[[#H:]] !sycl_explicit_simd ![[#]] !intel_reqd_sub_group_size ![[#]] {
; CHECK: define weak_odr <16 x float> @helper_1(<16 x float> %v) #[[#H]]
; CHECK: store ptr poison, ptr %slot
; CHECK: %c = call <16 x float> @target(<16 x float> %v)
; CHECK: attributes #[[#H]] = { "VCStackCall" }

; PTR-LABEL: define <16 x float> @target(<16 x float> %v, ptr addrspace(4) %p)
; PTR-NEXT: [[P1:%.*]] = addrspacecast ptr addrspace(4) %p to ptr addrspace(1)
; PTR-NEXT: %l = load <16 x float>, ptr addrspace(1) [[P1]]
; PTR-NEXT: call void @inner(ptr addrspace(4) %p)
; PTR-NEXT: %g = addrspacecast ptr addrspace(4) %p to ptr addrspace(1)
; PTR-NEXT: store <16 x float> %l, ptr addrspace(1) %g
; PTR-LABEL: define void @inner(ptr addrspace(4) %q)
; PTR-NEXT: [[Q1:%.*]] = addrspacecast ptr addrspace(4) %q to ptr addrspace(1)
; PTR-NEXT: store float 0.000000e+00, ptr addrspace(1) [[Q1]]
; PTR-LABEL: define spir_func float @caller(
; PTR: call spir_func float @_Z33__regcall3____builtin_invoke_simdXX_{{[0-9]+}}(ptr @helper_1, float %x, ptr addrspace(4) %p4)

; WRAP: define spir_kernel void @_ZTSN4sycl3_V16detail18RoundedRangeKernelINS0_4itemILi1ELb1EEELi1E1kEE() !sycl_explicit_simd ![[#]] {
; WRAP: define spir_kernel void @direct() {
; WRAP: define spir_func void @mid() {
; WRAP: define spir_kernel void @other() {

;--- o0.ll
declare spir_func float @_Z33__regcall3____builtin_invoke_simdXX(ptr, ptr, float)

define <16 x float> @target(<16 x float> %v) !sycl_explicit_simd !0 {
  ret <16 x float> %v
}

define spir_func float @caller(float %x, ptr %unknown) {
  %var = alloca ptr
  %var.generic = addrspacecast ptr %var to ptr addrspace(4)
  store ptr @target, ptr addrspace(4) %var.generic
  %t = load ptr, ptr addrspace(4) %var.generic
  %r1 = call spir_func float @_Z33__regcall3____builtin_invoke_simdXX(ptr @helper, ptr %t, float %x)
  %r2 = call spir_func float @_Z33__regcall3____builtin_invoke_simdXX(ptr @helper, ptr %unknown, float %x)
  %r = fadd float %r1, %r2
  ret float %r
}

define linkonce_odr <16 x float> @helper(ptr %f, <16 x float> %v) {
  %slot = alloca ptr
  store ptr %f, ptr %slot
  %fp = load ptr, ptr %slot
  %c = call <16 x float> %fp(<16 x float> %v)
  ret <16 x float> %c
}

!0 = !{}

;--- ptr.ll
declare spir_func float @_Z33__regcall3____builtin_invoke_simdXX(ptr, ptr, float, ptr addrspace(4))

define <16 x float> @target(<16 x float> %v, ptr addrspace(4) %p) !sycl_explicit_simd !0 {
  %l = load <16 x float>, ptr addrspace(4) %p
  call void @inner(ptr addrspace(4) %p)
  %g = addrspacecast ptr addrspace(4) %p to ptr addrspace(1)
  store <16 x float> %l, ptr addrspace(1) %g
  ret <16 x float> %v
}

define void @inner(ptr addrspace(4) %q) {
  store float 0.0, ptr addrspace(4) %q
  ret void
}

define spir_func float @caller(float %x, ptr addrspace(1) %p) {
  %p4 = addrspacecast ptr addrspace(1) %p to ptr addrspace(4)
  %r = call spir_func float @_Z33__regcall3____builtin_invoke_simdXX(ptr @helper, ptr @target, float %x, ptr addrspace(4) %p4)
  ret float %r
}

define linkonce_odr <16 x float> @helper(ptr %f, <16 x float> %v, ptr addrspace(4) %p) {
  %c = call <16 x float> %f(<16 x float> %v, ptr addrspace(4) %p)
  ret <16 x float> %c
}

!0 = !{}

;--- wrappers.ll
define spir_kernel void @_ZTSN4sycl3_V16detail18RoundedRangeKernelINS0_4itemILi1ELb1EEELi1E1kEE() {
  call spir_func void @mid()
  ret void
}

define spir_kernel void @direct() {
  call spir_func void @esimd()
  ret void
}

define spir_func void @mid() {
  call spir_func void @esimd()
  ret void
}

define spir_func void @esimd() !sycl_explicit_simd !0 {
  ret void
}

define spir_kernel void @other() {
  call spir_func void @use(ptr @esimd)
  ret void
}

declare spir_func void @use(ptr)

!0 = !{}
