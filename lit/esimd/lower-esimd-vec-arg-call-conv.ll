; Upstream's ESIMD lowering rewrites functions that pass simd objects by
; pointer (an sret result of a simd type, or a parameter only loaded as a
; vector) to pass them by value (ESIMDOptimizeVecArgCallConv). This project
; does not implement that rewrite yet: such an ESIMD image is refused with
; an error naming the function, rather than written with signatures that
; differ from upstream's. Here @get_simd, SYCL_EXTERNAL and noinline, stays
; after inlining. Kernels are never rewritten, and neither is a parameter
; that is stored to (the second input).
; RUN: split-file %s %t
; RUN: not sycl-post-link -split-esimd -lower-esimd -S %t/sret.ll -o %t/out.table 2>&1 | FileCheck %s --check-prefix=ERR
; RUN: not ls %t/out.table
; RUN: sycl-post-link -split-esimd -lower-esimd -S %t/stored.ll -o %t2.table
; RUN: FileCheck %s --input-file=%t2_0.esimd.ll --check-prefix=KEPT

; ERR: sycl-post-link: error: {{.*}}: ESIMD lowering: parameter 0 of function 'get_simd' passes a simd object by pointer, which upstream's ESIMDOptimizeVecArgCallConv rewrites to pass it by value: not supported

; KEPT: define dso_local spir_func void @get_simd(ptr addrspace(1) %p)


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
