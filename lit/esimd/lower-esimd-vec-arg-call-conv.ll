; The ESIMD lowering pipeline passes simd objects by value where functions
; take or return them by pointer (ESIMDOptimizeVecArgCallConv): here
; @get_simd, SYCL_EXTERNAL and so kept after inlining, returns its sret
; result and takes its loaded parameter by value; the pointers become local
; variables (cast to the parameter's address space), removed again by the
; optimizations unless -force-disable-esimd-opt. Kernels are never
; rewritten, and neither is a parameter that is stored to (stored.ll).
; RUN: split-file %s %t
; RUN: sycl-post-link -split-esimd -lower-esimd -S %t/sret.ll -o %t/opt.table
; RUN: FileCheck %s --input-file=%t/opt_0.esimd.ll --check-prefix=OPT
; RUN: sycl-post-link -split-esimd -lower-esimd -force-disable-esimd-opt -S %t/sret.ll -o %t/noopt.table
; RUN: FileCheck %s --input-file=%t/noopt_0.esimd.ll --check-prefix=NOOPT
; RUN: sycl-post-link -split-esimd -lower-esimd -S %t/stored.ll -o %t2.table
; RUN: FileCheck %s --input-file=%t2_0.esimd.ll --check-prefix=KEPT
; RUN: sycl-opt -passes=esimd-opt-call-conv -S %t/caller.ll -o - | FileCheck %s --check-prefix=CALLER

; OPT: define dso_local spir_kernel void @kernel(ptr addrspace(1) "VCArgumentIOKind"="0" %p)
; OPT: define dso_local spir_func <16 x float> @get_simd(<16 x float> %0) #[[#]] !sycl_explicit_simd ![[#]] {
; OPT-NEXT: ret <16 x float> %0

; NOOPT: define dso_local spir_func <16 x float> @get_simd(<16 x float> %0)
; NOOPT-NEXT: [[RET:%.*]] = alloca <16 x float>, align 64
; NOOPT-NEXT: [[P:%.*]] = alloca <16 x float>, align 64
; NOOPT-NEXT: [[PCAST:%.*]] = addrspacecast ptr [[P]] to ptr addrspace(1)
; NOOPT-NEXT: store <16 x float> %0, ptr [[P]], align 64
; NOOPT-NEXT: %v = load <16 x float>, ptr addrspace(1) [[PCAST]], align 64
; NOOPT-NEXT: store <16 x float> %v, ptr [[RET]], align 64
; NOOPT-NEXT: [[R:%.*]] = load <16 x float>, ptr [[RET]], align 64
; NOOPT-NEXT: ret <16 x float> [[R]]

; KEPT: define dso_local spir_func void @get_simd(ptr addrspace(1) %p)

; The calls are rewritten too: the argument loaded from the caller's local
; variable, the result stored to the sret one; the function moves to the end.
; CALLER-LABEL: define spir_func void @caller(
; CALLER: %a = alloca <8 x i32>
; CALLER: %r = alloca %simd
; CALLER: store <8 x i32> %x, ptr %a
; CALLER-NEXT: [[ARG:%.*]] = load <8 x i32>, ptr %a, align 32
; CALLER-NEXT: [[RES:%.*]] = tail call spir_func <8 x i32> @twice(<8 x i32> [[ARG]])
; CALLER-NEXT: store <8 x i32> [[RES]], ptr %r, align 32
; CALLER: define internal spir_func <8 x i32> @twice(<8 x i32> %0) {

;--- sret.ll
target triple = "spir64-unknown-unknown"

%"class.sycl::_V1::ext::intel::esimd::simd" = type { %"class.sycl::_V1::ext::intel::esimd::detail::simd_obj_impl" }
%"class.sycl::_V1::ext::intel::esimd::detail::simd_obj_impl" = type { <16 x float> }

define dso_local spir_kernel void @kernel(ptr addrspace(1) %p) #0 !sycl_explicit_simd !0 {
  %ret = alloca %"class.sycl::_V1::ext::intel::esimd::simd", align 64
  call spir_func void @get_simd(ptr %ret, ptr addrspace(1) %p)
  ret void
}

define dso_local spir_func void @get_simd(ptr noundef sret(%"class.sycl::_V1::ext::intel::esimd::simd") align 64 %ret, ptr addrspace(1) %p) #1 !sycl_explicit_simd !0 {
  %v = load <16 x float>, ptr addrspace(1) %p
  store <16 x float> %v, ptr %ret
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { noinline "sycl-module-id"="a.cpp" }

!0 = !{}

;--- stored.ll
target triple = "spir64-unknown-unknown"

define dso_local spir_kernel void @kernel(ptr addrspace(1) %p) #0 !sycl_explicit_simd !0 {
  call spir_func void @get_simd(ptr addrspace(1) %p)
  ret void
}

define dso_local spir_func void @get_simd(ptr addrspace(1) %p) #1 !sycl_explicit_simd !0 {
  %v = load <16 x float>, ptr addrspace(1) %p
  store <16 x float> %v, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { noinline "sycl-module-id"="a.cpp" }

!0 = !{}

;--- caller.ll
%simd = type { <8 x i32> }

define spir_func void @caller(<8 x i32> %x) {
  %a = alloca <8 x i32>
  %r = alloca %simd
  store <8 x i32> %x, ptr %a
  tail call spir_func void @twice(ptr sret(%simd) %r, ptr %a)
  ret void
}

define internal spir_func void @twice(ptr sret(%simd) %ret, ptr %in) {
  %v = load <8 x i32>, ptr %in
  %d = add <8 x i32> %v, %v
  store <8 x i32> %d, ptr %ret
  ret void
}
