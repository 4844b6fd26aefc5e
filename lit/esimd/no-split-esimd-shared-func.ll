; -lower-esimd -symbols -split=auto without -split-esimd, with a function
; (@shared_fn) that both the SYCL and the ESIMD call graphs of one source
; call, and an invoke_simd call (the shape of upstream's
; sycl-esimd/no-sycl-esimd-split-shared-func.ll, written anew; names as the
; newest tool writes them). The helper made for the invoke_simd call keeps
; the caller's sycl-module-id, so three images:
; - _0: @spmd_caller (its required sub-group size 4 is a group of its own),
;   calling the lowered builtin with the new helper, which it only declares
;   (the helper is ESIMD: the image is split, its ESIMD part keeps nothing,
;   and the two linked back are SYCL_AND_ESIMD);
; - _1.esimd: the helper (ESIMD_ONLY, lowered): the target inlined into it,
;   weak_odr, VCStackCall;
; - _2: a.cpp's two kernels, one SYCL_AND_ESIMD image: the ESIMD part's copy
;   of @shared_fn is renamed @shared_fn.esimd (internal, as every function
;   that is no entry point after the cleanup) and called from the lowered
;   ESIMD kernel, into which the target was inlined; the SYCL part keeps
;   @shared_fn; the helper, not reached from the ESIMD kernel, is dropped from
;   the ESIMD part, so the linked image declares it.
; The SYCL parts that lack the helper or the lowered builtin warn.
; RUN: sycl-post-link -lower-esimd -symbols -split=auto -S < %s -o %t.table 2>%t.err
; RUN: FileCheck %s --input-file=%t.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t.err --check-prefix=WARN
; RUN: FileCheck %s --input-file=%t_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t_1.esimd.sym --check-prefix=SYM1
; RUN: FileCheck %s --input-file=%t_2.sym --check-prefix=SYM2
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=IR0
; RUN: FileCheck %s --input-file=%t_1.esimd.ll --check-prefix=IR1
; RUN: FileCheck %s --input-file=%t_2.ll --check-prefix=IR2

; TABLE: [Code|Symbols]
; TABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.sym
; TABLE-NEXT: {{.*}}_1.esimd.ll|{{.*}}_1.esimd.sym
; TABLE-NEXT: {{.*}}_2.ll|{{.*}}_2.sym
; TABLE-EMPTY:

; WARN-DAG: warning: Undefined function simd_helper_[[#]] found in <stdin>. This may result in runtime errors.
; WARN-DAG: warning: Undefined function _Z33__regcall3____builtin_invoke_simdXX_[[#]] found in <stdin>. This may result in runtime errors.

; SYM0: spmd_caller
; SYM0-EMPTY:
; SYM1: simd_helper_[[#]]
; SYM1-EMPTY:
; SYM2: esimd_k
; SYM2-NEXT: sycl_k
; SYM2-EMPTY:

; IR0: define dso_local spir_func float @spmd_caller(float %x)
; IR0-NEXT: call spir_func float @_Z33__regcall3____builtin_invoke_simdXX_[[#]](ptr @[[H:simd_helper_[0-9]+]], float %x)
; IR0: declare dso_local x86_regcallcc <4 x float> @[[H]](<4 x float>)
; IR0: ![[#]] = !{i8 2}

; IR1: define internal spir_func <4 x float> @shared_fn(i64 %a) #[[#]] {
; IR1: define weak_odr dso_local x86_regcallcc <4 x float> @[[H1:simd_helper_[0-9]+]](<4 x float> %{{.*}}) #[[HA:[0-9]+]] !sycl_explicit_simd ![[#]] !intel_reqd_sub_group_size ![[#]] {
; IR1-NEXT: %{{.*}} = call spir_func <4 x float> @shared_fn(i64 100)
; IR1-NEXT: %{{.*}} = fadd <4 x float> %{{.*}}, %{{.*}}
; IR1-NEXT: ret <4 x float>
; IR1: attributes #[[HA]] = { "VCFunction" "VCStackCall" "sycl-entry-point" "sycl-module-id"="invoke_simd.cpp" }
; IR1: ![[#]] = !{i8 1}

; IR2-NOT: @simd_target(
; IR2: define internal spir_func <4 x float> @shared_fn.esimd(i64 %a) #[[SA:[0-9]+]] {
; IR2-NEXT: call spir_func <4 x float> @__ext_intrin(i64 %a)
; IR2: define dso_local spir_kernel void @esimd_k(
; IR2: call spir_func <4 x float> @shared_fn.esimd(i64 100)
; IR2: define dso_local spir_kernel void @sycl_k(
; IR2: call spir_func float @spmd_caller(float %x)
; IR2: call spir_func <4 x float> @shared_fn(i64 %pi)
; IR2: define internal spir_func float @spmd_caller(float %x)
; IR2: define internal spir_func <4 x float> @shared_fn(i64 %a) #[[#]] {
; IR2: declare dso_local x86_regcallcc <4 x float> @simd_helper_[[#]](<4 x float>)
; IR2: attributes #[[SA]] = { noinline "VCFunction" }
; IR2: ![[#]] = !{i8 2}

target triple = "spir64-unknown-unknown"

declare dso_local spir_func <4 x float> @__ext_intrin(i64)

define dso_local spir_func <4 x float> @shared_fn(i64 %a) noinline {
  %r = call spir_func <4 x float> @__ext_intrin(i64 %a)
  ret <4 x float> %r
}

declare dso_local x86_regcallcc noundef float @_Z33__regcall3____builtin_invoke_simdXX(ptr noundef, ptr noundef, float noundef)

define linkonce_odr x86_regcallcc <4 x float> @simd_target(<4 x float> %v) #2 !sycl_explicit_simd !0 !intel_reqd_sub_group_size !1 {
  %d = call spir_func <4 x float> @shared_fn(i64 100)
  %s = fadd <4 x float> %v, %d
  ret <4 x float> %s
}

define dso_local spir_func float @spmd_caller(float %x) #0 !intel_reqd_sub_group_size !2 {
  %r = call spir_func float @_Z33__regcall3____builtin_invoke_simdXX(ptr @simd_helper, ptr @simd_target, float %x)
  ret float %r
}

define linkonce_odr dso_local x86_regcallcc <4 x float> @simd_helper(ptr noundef nonnull %f, <4 x float> %args) #0 {
  %slot = alloca ptr, align 8
  %slot.g = addrspacecast ptr %slot to ptr addrspace(4)
  store ptr %f, ptr addrspace(4) %slot.g, align 8
  %fp = load ptr, ptr addrspace(4) %slot.g, align 8
  %c = call x86_regcallcc <4 x float> %fp(<4 x float> %args)
  ret <4 x float> %c
}

define dso_local spir_kernel void @sycl_k(ptr addrspace(1) %p, float %x) #1 {
  %r1 = call spir_func float @spmd_caller(float %x)
  %pi = ptrtoint ptr addrspace(1) %p to i64
  %v = call spir_func <4 x float> @shared_fn(i64 %pi)
  %r2 = extractelement <4 x float> %v, i32 0
  %r = fadd float %r1, %r2
  store float %r, ptr addrspace(1) %p
  ret void
}

define dso_local spir_kernel void @esimd_k(ptr addrspace(1) %p) #1 !sycl_explicit_simd !0 {
  %g = addrspacecast ptr addrspace(1) %p to ptr addrspace(4)
  %r = call x86_regcallcc <4 x float> @simd_target(<4 x float> <float 1.0, float 1.0, float 1.0, float 1.0>)
  store <4 x float> %r, ptr addrspace(4) %g
  ret void
}

attributes #0 = { "sycl-module-id"="invoke_simd.cpp" }
attributes #1 = { "sycl-module-id"="a.cpp" }
attributes #2 = { "referenced-indirectly" }

!0 = !{}
!1 = !{i32 1}
!2 = !{i32 4}
