; GenXSPIRVWriterAdaptor on sampler and surface kernel arguments (the
; opaque-pointer form of intel/vc-intrinsics' adaptor, 2024-2025): each
; annotated argument gets its SPIR-V type -- buffers
; target("spirv.BufferSurfaceINTEL", access), images
; target("spirv.Image", void, dim, 0, arrayed, 0, 0, 0, access), samplers
; target("spirv.Sampler"), svmptr_t ptr addrspace(1) -- and the body reaches
; the old value through @llvm.genx.address.convert.<old>.<new> (an svmptr_t
; that was an integer through ptrtoint), at the top of the entry block in
; argument order; the kind and descriptor attributes go, the IO kinds stay,
; and so do other attributes the new type can carry (noundef, not align).
; Access: read_only 0, write_only 1, read_write 2 (the default). A kernel
; already in SPIR-V types keeps its signature. A descriptor the adaptor
; stops on is an error naming the kernel and the argument.
; RUN: split-file %s %t
; RUN: sycl-opt -passes=GenXSPIRVWriterAdaptor -S %t/args.ll -o - | FileCheck %s --implicit-check-not=VCArgumentKind --implicit-check-not=VCArgumentDesc
; RUN: sycl-opt -passes=GenXSPIRVWriterAdaptor -S %t/args.ll -o - | sycl-opt -passes=GenXSPIRVWriterAdaptor -S - -o - | FileCheck %s --check-prefix=TWICE
; RUN: sycl-opt -passes=GenXSPIRVWriterAdaptor -S %t/spirv-types.ll -o - | FileCheck %s --check-prefix=SPIRV --implicit-check-not=address.convert
; RUN: not sycl-opt -passes=GenXSPIRVWriterAdaptor -S %t/bad.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

; CHECK: define spir_kernel void @k(target("spirv.BufferSurfaceINTEL", 0) "VCArgumentIOKind"="0" %buf, target("spirv.Image", void, 0, 0, 0, 0, 0, 0, 2) "VCArgumentIOKind"="0" %im1d, target("spirv.Image", void, 5, 0, 0, 0, 0, 0, 1) "VCArgumentIOKind"="0" %im1db, target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 1) "VCArgumentIOKind"="0" %im2d, target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 0) "VCArgumentIOKind"="0" %im3d, target("spirv.Image", void, 0, 0, 1, 0, 0, 0, 0) "VCArgumentIOKind"="0" %im1da, target("spirv.Image", void, 1, 0, 1, 0, 0, 0, 2) "VCArgumentIOKind"="0" %im2da, target("spirv.Sampler") "VCArgumentIOKind"="0" %samp, ptr addrspace(1) "VCArgumentIOKind"="0" %ptr, <4 x i32> "VCArgumentIOKind"="0" %gen, target("spirv.BufferSurfaceINTEL", 2) noundef "VCArgumentIOKind"="0" %acc) #[[#K:]] !intel_reqd_sub_group_size ![[#]] {
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[#B:]] = call i32 @llvm.genx.address.convert.i32.t_spirv.BufferSurfaceINTEL_0(target("spirv.BufferSurfaceINTEL", 0) %buf)
; CHECK-NEXT: call i32 @llvm.genx.address.convert.i32.t_spirv.Image_isVoid_0_0_0_0_0_0_2(target("spirv.Image", void, 0, 0, 0, 0, 0, 0, 2) %im1d)
; CHECK-NEXT: call i32 @llvm.genx.address.convert.i32.t_spirv.Image_isVoid_5_0_0_0_0_0_1(target("spirv.Image", void, 5, 0, 0, 0, 0, 0, 1) %im1db)
; CHECK-NEXT: call i32 @llvm.genx.address.convert.i32.t_spirv.Image_isVoid_1_0_0_0_0_0_1(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 1) %im2d)
; CHECK-NEXT: call i32 @llvm.genx.address.convert.i32.t_spirv.Image_isVoid_2_0_0_0_0_0_0(target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 0) %im3d)
; CHECK-NEXT: call i32 @llvm.genx.address.convert.i32.t_spirv.Image_isVoid_0_0_1_0_0_0_0(target("spirv.Image", void, 0, 0, 1, 0, 0, 0, 0) %im1da)
; CHECK-NEXT: call i32 @llvm.genx.address.convert.i32.t_spirv.Image_isVoid_1_0_1_0_0_0_2(target("spirv.Image", void, 1, 0, 1, 0, 0, 0, 2) %im2da)
; CHECK-NEXT: %[[#S:]] = call i32 @llvm.genx.address.convert.i32.t_spirv.Sampler(target("spirv.Sampler") %samp)
; CHECK-NEXT: %[[#P:]] = ptrtoint ptr addrspace(1) %ptr to i64
; CHECK-NEXT: %[[#A:]] = call ptr addrspace(1) @llvm.genx.address.convert.p1.t_spirv.BufferSurfaceINTEL_2(target("spirv.BufferSurfaceINTEL", 2) %acc)
; CHECK-NEXT: call void @use(i32 %[[#B]], i32 %[[#S]], i64 %[[#P]], <4 x i32> %gen, ptr addrspace(1) %[[#A]])
; CHECK: define spir_kernel void @after() #[[#K]] !intel_reqd_sub_group_size ![[#]] {
; CHECK: declare i32 @llvm.genx.address.convert.i32.t_spirv.BufferSurfaceINTEL_0(target("spirv.BufferSurfaceINTEL", 0)) #[[#CONV:]]
; CHECK-DAG: attributes #[[#CONV]] = { nounwind memory(none) "VCFunction" }

; Run again on its own output, the adaptor changes nothing more.
; TWICE: define spir_kernel void @k(target("spirv.BufferSurfaceINTEL", 0) "VCArgumentIOKind"="0" %buf,
; TWICE-NEXT: entry:
; TWICE-NEXT: call i32 @llvm.genx.address.convert.i32.t_spirv.BufferSurfaceINTEL_0(

; SPIRV: define spir_kernel void @test(target("spirv.BufferSurfaceINTEL", 2) "VCArgumentIOKind"="0" %buf, target("spirv.Sampler") "VCArgumentIOKind"="0" %samp, ptr addrspace(1) "VCArgumentIOKind"="0" %ptr)
; SPIRV-NEXT: ret void

; BAD: sycl-opt: error: {{.*}}bad.ll: GenXSPIRVWriterAdaptor: ESIMD lowering: argument 1 of kernel 'k': a surface argument described as a pointer or sampler (GenXSPIRVWriterAdaptor, llvm.genx.address.convert): not supported

;--- args.ll
declare void @use(i32, i32, i64, <4 x i32>, ptr addrspace(1))

define spir_kernel void @k(i32 %buf, i32 %im1d, i32 %im1db, i32 %im2d, i32 %im3d, i32 %im1da, i32 %im2da, i32 %samp, i64 %ptr, <4 x i32> %gen, ptr addrspace(1) noundef align 4 %acc) #0 {
entry:
  call void @use(i32 %buf, i32 %samp, i64 %ptr, <4 x i32> %gen, ptr addrspace(1) %acc)
  ret void
}

define spir_kernel void @after() #0 {
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0, !4}
!0 = !{ptr @k, !"k", !1, i32 0, i32 0, !2, !3, i32 0, i32 0}
!1 = !{i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 1, i32 0, i32 0, i32 2}
!2 = !{i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0}
!3 = !{!"buffer_t read_only", !"image1d_t read_write", !"image1d_buffer_t write_only", !"image2d_t write_only", !"image3d_t read_only", !"image1d_array_t read_only", !"image2d_array_t", !"sampler_t", !"svmptr_t", !"", !"buffer_t"}
!4 = !{ptr @after, !"after", !5, i32 0, i32 0, !5, !5, i32 0, i32 0}
!5 = !{}

;--- spirv-types.ll
define spir_kernel void @test(target("spirv.BufferSurfaceINTEL", 2) %buf, target("spirv.Sampler") %samp, ptr addrspace(1) %ptr) {
  ret void
}
!genx.kernels = !{!0}
!0 = !{ptr @test, !"test", !1, i32 0, i32 0, !2, !3, i32 0, i32 0}
!1 = !{i32 2, i32 1, i32 0}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"sampler_t", !"svmptr_t"}

;--- bad.ll
define spir_kernel void @k(i32 %a, i32 %b) {
  ret void
}
!genx.kernels = !{!0}
!0 = !{ptr @k, !"k", !1, i32 0, i32 0, !2, !3, i32 0, i32 0}
!1 = !{i32 0, i32 2}
!2 = !{i32 0, i32 0}
!3 = !{!"", !"svmptr_t"}
