; A specialization constant used from several functions (here a kernel and a
; SYCL_EXTERNAL function) has one set of IDs and one metadata entry; the
; -O0 form that passes the symbolic ID through a temporary (alloca, cast,
; store, load) is recognised.
; RUN: sycl-post-link -properties -spec-const=native -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.P = type { float, float }

@n.p = private unnamed_addr constant [2 x i8] c"P\00"
@n.q = private unnamed_addr constant [2 x i8] c"Q\00"
@id_p = internal addrspace(1) constant { %struct.P } { %struct.P { float 1.0, float 2.0 } }
@id_q = internal addrspace(1) constant { i32 } { i32 9 }

; CHECK-LABEL: define spir_kernel void @k(
; CHECK: call spir_func float @_Z20__spirv_SpecConstantif(i32 [[#P:]], float 1.000000e+00)
; CHECK-NEXT: call spir_func float @_Z20__spirv_SpecConstantif(i32 [[#P+1]], float 2.000000e+00)
; CHECK: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 [[#Q:]], i32 9)
define spir_kernel void @k() #0 {
  %p = alloca %struct.P
  %p4 = addrspacecast ptr %p to ptr addrspace(4)
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1PET_PKcPKvS5_(ptr addrspace(4) sret(%struct.P) %p4, ptr addrspace(4) addrspacecast (ptr @n.p to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_p to ptr addrspace(4)), ptr addrspace(4) null)
  %tmp = alloca ptr addrspace(4), align 8
  %tmp4 = addrspacecast ptr %tmp to ptr addrspace(4)
  store ptr addrspace(4) addrspacecast (ptr @n.q to ptr addrspace(4)), ptr addrspace(4) %tmp4, align 8
  %name = load ptr addrspace(4), ptr addrspace(4) %tmp4, align 8
  %q = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) %name, ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_q to ptr addrspace(4)), ptr addrspace(4) null)
; The store of the symbolic ID is gone.
; CHECK-NOT: store ptr addrspace(4) addrspacecast
  call spir_func void @ext()
  ret void
}

; CHECK-LABEL: define spir_func void @ext(
; CHECK: call spir_func float @_Z20__spirv_SpecConstantif(i32 [[#P]], float 1.000000e+00)
; CHECK-NEXT: call spir_func float @_Z20__spirv_SpecConstantif(i32 [[#P+1]], float 2.000000e+00)
define spir_func void @ext() #0 {
  %p = alloca %struct.P
  %p4 = addrspacecast ptr %p to ptr addrspace(4)
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1PET_PKcPKvS5_(ptr addrspace(4) sret(%struct.P) %p4, ptr addrspace(4) addrspacecast (ptr @n.p to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_p to ptr addrspace(4)), ptr addrspace(4) null)
  ret void
}

declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1PET_PKcPKvS5_(ptr addrspace(4) sret(%struct.P), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))

attributes #0 = { "sycl-module-id"="a.cpp" }

; CHECK: !sycl.specialization-constants = !{![[#MP:]], ![[#MQ:]]}
; CHECK: ![[#MP]] = !{!"P", i32 [[#P]], i32 0, i32 4, i32 [[#P+1]], i32 4, i32 4}
; CHECK: ![[#MQ]] = !{!"Q", i32 [[#Q]], i32 0, i32 4}
