; The pre-2020 intrinsics (__sycl_getScalarSpecConstantValue,
; __sycl_getCompositeSpecConstantValue) carry only the symbolic ID: their
; default is the C++ default value (zero) and they get no default-value
; metadata. Native mode gives them IDs like the 2020 forms; emulation replaces
; them by that zero. The -O0 shape (the symbolic ID stored into an alloca and
; loaded back) is recognised and its store removed.
; RUN: sycl-post-link -spec-const=rt --ir-output-only -S < %s -o %t.rt.ll
; RUN: FileCheck %s --input-file=%t.rt.ll --check-prefixes=CHECK,RT
; RUN: sycl-post-link -spec-const=default --ir-output-only -S < %s -o %t.def.ll
; RUN: FileCheck %s --input-file=%t.def.ll --check-prefixes=CHECK,DEF

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-linux"

%struct.POD = type { [2 x %struct.A], i32 }
%struct.A = type { i32, float }

@n.bool = private unnamed_addr constant [18 x i8] c"_ZTS11MyBoolConst\00"
@n.float = private unnamed_addr constant [19 x i8] c"_ZTS12MyFloatConst\00"
@n.pod = private unnamed_addr addrspace(1) constant [9 x i8] c"_ZTS3POD\00"

; CHECK-LABEL: define {{.*}}@FOO(
define spir_func zeroext i1 @FOO() #0 {
  %name = alloca ptr addrspace(4), align 8
  store ptr addrspace(4) addrspacecast (ptr @n.bool to ptr addrspace(4)), ptr %name, align 8
  %n = load ptr addrspace(4), ptr %name, align 8
  %v = call spir_func zeroext i1 @_Z33__sycl_getScalarSpecConstantValueIbET_PKc(ptr addrspace(4) %n)
; CHECK-NOT: store{{.*}}@n.bool
; RT: %[[#B:]] = call spir_func i1 @_Z20__spirv_SpecConstantib(i32 [[#]], i1 false)
; RT: ret i1 %[[#B]]
; DEF: ret i1 false
  ret i1 %v
}

; CHECK-LABEL: define {{.*}}@BAR(
define spir_func float @BAR() #0 {
  %f = call spir_func float @_Z33__sycl_getScalarSpecConstantValueIfET_PKc(ptr addrspace(4) addrspacecast (ptr @n.float to ptr addrspace(4)))
; RT: call spir_func float @_Z20__spirv_SpecConstantif(i32 [[#]], float 0.000000e+00)
; DEF: ret float 0.000000e+00
  ret float %f
}

; CHECK-LABEL: define {{.*}}@BAZ(
define spir_func void @BAZ(ptr addrspace(4) %out) #0 {
  call spir_func void @_Z36__sycl_getCompositeSpecConstantValueI3PODET_PKc(ptr addrspace(4) sret(%struct.POD) align 4 %out, ptr addrspace(4) addrspacecast (ptr addrspace(1) @n.pod to ptr addrspace(4)))
; RT: %[[#POD:]] = call spir_func %struct.POD @_Z29__spirv_SpecConstantCompositeA2_struct.Ai_Rstruct.POD(
; RT-NEXT: store %struct.POD %[[#POD]], ptr addrspace(4) %out, align 4
; DEF: store %struct.POD zeroinitializer, ptr addrspace(4) %out, align 4
  ret void
}

declare spir_func zeroext i1 @_Z33__sycl_getScalarSpecConstantValueIbET_PKc(ptr addrspace(4))
declare spir_func float @_Z33__sycl_getScalarSpecConstantValueIfET_PKc(ptr addrspace(4))
declare spir_func void @_Z36__sycl_getCompositeSpecConstantValueI3PODET_PKc(ptr addrspace(4) sret(%struct.POD), ptr addrspace(4))

attributes #0 = { "sycl-module-id"="a.cpp" }

; RT: !sycl.specialization-constants = !{![[#M0:]], ![[#M1:]], ![[#M2:]]}
; RT: !sycl.specialization-constants-default-values = !{}
; RT: ![[#M0]] = !{!"_ZTS11MyBoolConst", i32 0, i32 0, i32 1}
; RT: ![[#M1]] = !{!"_ZTS12MyFloatConst", i32 1, i32 0, i32 4}
; RT: ![[#M2]] = !{!"_ZTS3POD", i32 2, i32 0, i32 4, i32 3, i32 4, i32 4, i32 4, i32 8, i32 4, i32 5, i32 12, i32 4, i32 6, i32 16, i32 4}
; DEF: !sycl.specialization-constants = !{}
