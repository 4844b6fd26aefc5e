; Upstream's sycl-esimd/no-sycl-esimd-split-shared-func.ll with its RUN line
; (-lower-esimd -symbols -split=auto, no -split-esimd): invoke_simd with a
; helper function shared by the SYCL and the ESIMD call graph.
; - three images: SPMD_CALLER's (SYCL), the invoke_simd helper's (ESIMD only:
;   named _1.esimd even without -split-esimd), and a.cpp's, whose ESIMD and
;   SYCL parts are linked back;
; - in the linked image the function both call graphs share is cloned for
;   the ESIMD one (SHARED_F.esimd) and the original kept for the SYCL one;
;   the invoke_simd call goes to the helper clone, without the target
;   argument;
; - the helper clone is weak_odr, ESIMD, VCStackCall, with the callee inlined.
; Followed as the newest ModuleDesc::cleanup (16c6583) does it, which differs
; from the stored revision of the upstream test: non-entry functions are
; internalized (SHARED_F.esimd is `internal`, where the older test expects
; `dso_local`), and the helper, not an entry point of a.cpp's ESIMD part nor
; referenced-indirectly, is cleaned up there: the linked image declares it
; (the helper's own image defines it).
; RUN: sycl-post-link -properties -lower-esimd -symbols -split=auto -S < %s -o %t.table
; RUN: FileCheck %s -input-file=%t.table --check-prefix=TABLE
; RUN: FileCheck %s -input-file=%t_0.sym --check-prefix=SYM0
; RUN: FileCheck %s -input-file=%t_1.esimd.sym --check-prefix=SYM1
; RUN: FileCheck %s -input-file=%t_2.sym --check-prefix=SYM2
; RUN: FileCheck %s -input-file=%t_1.esimd.ll --check-prefix=HELPER
; RUN: FileCheck %s -input-file=%t_2.ll --check-prefix=LINKED

; TABLE: [Code|Properties|Symbols]
; TABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.prop|{{.*}}_0.sym
; TABLE-NEXT: {{.*}}_1.esimd.ll|{{.*}}_1.esimd.prop|{{.*}}_1.esimd.sym
; TABLE-NEXT: {{.*}}_2.ll|{{.*}}_2.prop|{{.*}}_2.sym
; TABLE-EMPTY:

; SYM0: SPMD_CALLER
; SYM0-EMPTY:
; SYM1: SIMD_CALL_HELPER_[[#]]
; SYM1-EMPTY:
; SYM2: ESIMD_kernel
; SYM2-NEXT: SYCL_kernel
; SYM2-EMPTY:

; HELPER: define weak_odr dso_local x86_regcallcc <4 x float> @SIMD_CALL_HELPER_[[#]](<4 x float> %simd_args) #[[#HA:]] !sycl_explicit_simd ![[#]] !intel_reqd_sub_group_size ![[#]] {
; HELPER-NEXT: %data.i = call spir_func <4 x float> @SHARED_F(i64 100)
; HELPER-NEXT: %add.i = fadd <4 x float> %simd_args, %data.i
; HELPER-NEXT: ret <4 x float> %add.i
; HELPER: attributes #[[#HA]] = { "VCFunction" "VCStackCall" "sycl-entry-point" "sycl-module-id"="invoke_simd.cpp" }

; LINKED: define internal spir_func <4 x float> @SHARED_F.esimd(i64 %addr) #[[#SA:]] {
; LINKED-NEXT: %res = call spir_func <4 x float> @__intrin(i64 %addr)
; LINKED: define dso_local spir_kernel void @ESIMD_kernel(
; LINKED: call spir_func <4 x float> @SHARED_F.esimd(i64 100)
; LINKED: define dso_local spir_kernel void @SYCL_kernel(
; LINKED: call spir_func <4 x float> @SHARED_F(i64 %ptri)
; LINKED: define internal spir_func float @SPMD_CALLER(float %x)
; LINKED-NEXT: call spir_func float @_Z33__regcall3____builtin_invoke_simdXX_{{.+}}(ptr @[[HNAME:SIMD_CALL_HELPER_[0-9]+]], float %x)
; LINKED: define internal spir_func <4 x float> @SHARED_F(i64 %addr)
; LINKED: declare dso_local x86_regcallcc <4 x float> @[[HNAME]](<4 x float>)
; LINKED: attributes #[[#SA]] = { noinline "VCFunction" }

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

declare dso_local spir_func <4 x float> @__intrin(i64)

define dso_local spir_func <4 x float> @SHARED_F(i64 %addr) noinline {
  %res = call spir_func <4 x float> @__intrin(i64 %addr)
  ret <4 x float> %res
}

declare dso_local x86_regcallcc noundef float @_Z33__regcall3____builtin_invoke_simdXX(ptr noundef, ptr noundef, float noundef)

define linkonce_odr x86_regcallcc <4 x float> @SIMD_CALLEE(<4 x float> %val) #2 !sycl_explicit_simd !0 !intel_reqd_sub_group_size !1 {
  %data = call spir_func <4 x float> @SHARED_F(i64 100)
  %add = fadd <4 x float> %val, %data
  ret <4 x float> %add
}

define dso_local spir_func float @SPMD_CALLER(float %x) #0 !intel_reqd_sub_group_size !2 {
  %res = call spir_func float @_Z33__regcall3____builtin_invoke_simdXX(ptr @SIMD_CALL_HELPER, ptr @SIMD_CALLEE, float %x)
  ret float %res
}

define linkonce_odr dso_local x86_regcallcc <4 x float> @SIMD_CALL_HELPER(ptr noundef nonnull %f, <4 x float> %simd_args) #0 {
  %f.addr = alloca ptr, align 8
  %f.addr.ascast = addrspacecast ptr %f.addr to ptr addrspace(4)
  store ptr %f, ptr addrspace(4) %f.addr.ascast, align 8
  %1 = load ptr, ptr addrspace(4) %f.addr.ascast, align 8
  %call = call x86_regcallcc <4 x float> %1(<4 x float> %simd_args)
  ret <4 x float> %call
}

define dso_local spir_kernel void @SYCL_kernel(ptr addrspace(1) %ptr, float %x) #1 {
entry:
  %res1 = call spir_func float @SPMD_CALLER(float %x)
  %ptri = ptrtoint ptr addrspace(1) %ptr to i64
  %vec = call spir_func <4 x float> @SHARED_F(i64 %ptri)
  %res2 = extractelement <4 x float> %vec, i32 0
  %res = fadd float %res1, %res2
  store float %res, ptr addrspace(1) %ptr
  ret void
}

define dso_local spir_kernel void @ESIMD_kernel(ptr addrspace(1) %ptr) #1 !sycl_explicit_simd !0 {
entry:
  %ptr_as4 = addrspacecast ptr addrspace(1) %ptr to ptr addrspace(4)
  %res = call x86_regcallcc <4 x float> @SIMD_CALLEE(<4 x float> <float 1.0, float 1.0, float 1.0, float 1.0>)
  store <4 x float> %res, ptr addrspace(4) %ptr_as4
  ret void
}

attributes #0 = { "sycl-module-id"="invoke_simd.cpp" }
attributes #1 = { "sycl-module-id"="a.cpp" }
attributes #2 = { "referenced-indirectly" }

!0 = !{}
!1 = !{i32 1}
!2 = !{i32 4}
