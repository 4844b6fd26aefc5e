; A composite returned by value (no sret) on a non-SPIR target: the result of
; __spirv_SpecConstantComposite replaces the call's uses directly.
; RUN: sycl-post-link -spec-const=native --ir-output-only -S < %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll --implicit-check-not="call {{.*}}__sycl_get"

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.TestStruct = type { i32, i32 }

@name = private unnamed_addr constant [11 x i8] c"SpecConst3\00"
@_ZL10SpecConst3 = internal constant { %struct.TestStruct } { %struct.TestStruct { i32 42, i32 43 } }

; CHECK: %[[#A:]] = call i32 @_Z20__spirv_SpecConstantii(i32 0, i32 42)
; CHECK-NEXT: %[[#B:]] = call i32 @_Z20__spirv_SpecConstantii(i32 1, i32 43)
; CHECK-NEXT: %[[#C:]] = call %struct.TestStruct @_Z29__spirv_SpecConstantCompositeii_Rstruct.TestStruct(i32 %[[#A]], i32 %[[#B]])
; CHECK-NEXT: extractvalue %struct.TestStruct %[[#C]], 0
; CHECK: declare i32 @_Z20__spirv_SpecConstantii(i32, i32)
define ptx_kernel void @kernel(ptr addrspace(1) %out, ptr addrspace(1) %buf) #0 {
  %b = addrspacecast ptr addrspace(1) %buf to ptr
  %v = call %struct.TestStruct @_Z40__sycl_getComposite2020SpecConstantValueI10TestStructET_PKcPKvS5_(ptr @name, ptr @_ZL10SpecConst3, ptr %b)
  %x = extractvalue %struct.TestStruct %v, 0
  store i32 %x, ptr addrspace(1) %out
  ret void
}

declare %struct.TestStruct @_Z40__sycl_getComposite2020SpecConstantValueI10TestStructET_PKcPKvS5_(ptr, ptr, ptr)

attributes #0 = { "sycl-module-id"="common.cpp" }
