; llvm.sycl.alloca: an alloca whose element count is a specialization
; constant. Native mode sizes it by the __spirv_SpecConstant call, the
; default-value image by the default; emulation leaves it alone on SPIR
; targets (ahead-of-time compilation cannot emulate it), so nothing changes.
; @private_alloca is a SYCL_EXTERNAL function (it has a sycl-module-id), the
; image's entry point: a module without any entry point would be cleaned up
; to nothing (upstream's ModuleCopier cleanup internalizes every function).
; RUN: sycl-post-link -properties -spec-const=native -S < %s -o %t.table -generate-device-image-default-spec-consts
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=NATIVE
; RUN: FileCheck %s --input-file=%t_1.ll --check-prefix=DEFAULT --implicit-check-not=SpecConst
; RUN: sed -e 's/spir64-unknown-unknown/spir64_x86_64/' %s > %t.aot.ll
; RUN: sycl-post-link -properties -spec-const=emulation %t.aot.ll 2>&1 | FileCheck %s --check-prefix=AOT

target triple = "spir64-unknown-unknown"

%my_range = type { ptr addrspace(4), ptr addrspace(4) }

@size_i64 = internal addrspace(1) constant { i64 } { i64 10 }, align 8
@size_i32 = internal addrspace(1) constant { i32 } { i32 120 }, align 4
@size_i16 = internal addrspace(1) constant { i16 } { i16 1 }, align 2
@n64 = private unnamed_addr constant [4 x i8] c"i64\00"
@n32 = private unnamed_addr constant [4 x i8] c"i32\00"
@n16 = private unnamed_addr constant [4 x i8] c"i16\00"

; NATIVE-LABEL: define dso_local void @private_alloca(
; NATIVE: %[[#L32:]] = call spir_func i32 @_Z20__spirv_SpecConstantii(i32 1, i32 120)
; NATIVE-NEXT: %{{alloca[0-9]*}} = alloca double, i32 %[[#L32]], align 8
; NATIVE: %[[#L64:]] = call spir_func i64 @_Z20__spirv_SpecConstantix(i32 0, i64 10)
; NATIVE-NEXT: %{{alloca[0-9]*}} = alloca float, i64 %[[#L64]], align 8
; NATIVE: %[[#L16:]] = call spir_func i16 @_Z20__spirv_SpecConstantis(i32 2, i16 1)
; NATIVE-NEXT: alloca %my_range, i16 %[[#L16]], align 64
; NATIVE: !{!"i64", i32 0, i32 0, i32 8}
; NATIVE: !{!"i32", i32 1, i32 0, i32 4}
; NATIVE: !{!"i16", i32 2, i32 0, i32 2}
; DEFAULT: alloca double, i32 120, align 8
; DEFAULT: alloca float, i64 10, align 8
; DEFAULT: alloca %my_range, i16 1, align 64
; AOT: sycl-post-link NOTE: no modifications to the input LLVM IR have been made
define dso_local void @private_alloca() #0 {
  %a = call ptr @llvm.sycl.alloca.p0.p4.p4.p4.f64(ptr addrspace(4) addrspacecast (ptr @n32 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @size_i32 to ptr addrspace(4)), ptr addrspace(4) null, double 0.000000e+00, i64 8)
  %b = call ptr @llvm.sycl.alloca.p0.p4.p4.p4.f32(ptr addrspace(4) addrspacecast (ptr @n64 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @size_i64 to ptr addrspace(4)), ptr addrspace(4) null, float 0.000000e+00, i64 8)
  %c = call ptr @llvm.sycl.alloca.p0.p4.p4.p4.s_my_range(ptr addrspace(4) addrspacecast (ptr @n16 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @size_i16 to ptr addrspace(4)), ptr addrspace(4) null, %my_range zeroinitializer, i64 64)
  store double 1.0, ptr %a
  ret void
}

declare ptr @llvm.sycl.alloca.p0.p4.p4.p4.f32(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4), float, i64)
declare ptr @llvm.sycl.alloca.p0.p4.p4.p4.f64(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4), double, i64)
declare ptr @llvm.sycl.alloca.p0.p4.p4.p4.s_my_range(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4), %my_range, i64)

attributes #0 = { "sycl-module-id"="alloca.cpp" }
