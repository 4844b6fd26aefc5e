; sycl-post-link -lower-esimd on an ESIMD kernel with an image argument (by
; !kernel_arg_type) and an accessor: the last lowering step
; (GenXSPIRVWriterAdaptor) gives the image target("spirv.Image", ...) and,
; with -lower-esimd-force-stateless-mem=false, the accessor
; target("spirv.BufferSurfaceINTEL", 2); the body reaches them through
; @llvm.genx.address.convert. Stateless (the default), the accessor stays a
; global pointer. The module passes the verifier (SPL_VERIFY_EACH in lit).
; RUN: sycl-post-link -split-esimd -lower-esimd -lower-esimd-force-stateless-mem=false -S %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.esimd.ll --check-prefixes=CHECK,STATEFUL
; RUN: sycl-post-link -split-esimd -lower-esimd -S %s -o %t.stateless.table
; RUN: FileCheck %s --input-file=%t.stateless_0.esimd.ll --check-prefixes=CHECK,STATELESS

; STATEFUL: define spir_kernel void @k(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 2) noundef "VCArgumentIOKind"="0" %img, target("spirv.BufferSurfaceINTEL", 2) noundef "VCArgumentIOKind"="0" %acc, ptr addrspace(1) "VCArgumentIOKind"="0" %p)
; STATELESS: define spir_kernel void @k(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 2) noundef "VCArgumentIOKind"="0" %img, ptr addrspace(1) noundef align 4 "VCArgumentIOKind"="0" %acc, ptr addrspace(1) "VCArgumentIOKind"="0" %p)
; CHECK-NEXT: call ptr addrspace(1) @llvm.genx.address.convert.p1.t_spirv.Image_isVoid_1_0_0_0_0_0_2(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 2) %img)
; STATEFUL-NEXT: call ptr addrspace(1) @llvm.genx.address.convert.p1.t_spirv.BufferSurfaceINTEL_2(target("spirv.BufferSurfaceINTEL", 2) %acc)
; CHECK-NEXT: store i32 0, ptr addrspace(1) %p, align 4
; CHECK: declare ptr addrspace(1) @llvm.genx.address.convert.p1.t_spirv.Image_isVoid_1_0_0_0_0_0_2(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 2)) #[[#CONV:]]
; CHECK: attributes #[[#CONV]] = { nounwind memory(none) "VCFunction" }

target triple = "spir64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) noundef align 4 %img, ptr addrspace(1) noundef align 4 %acc, ptr addrspace(1) %p) #0 !sycl_explicit_simd !0 !kernel_arg_type !1 !kernel_arg_accessor_ptr !2 {
  store i32 0, ptr addrspace(1) %p, align 4
  ret void
}
!0 = !{}
!1 = !{!"image2d_t", !"int*", !"int*"}
!2 = !{i32 0, i32 1, i32 0}
attributes #0 = { "sycl-module-id"="a.cpp" }
