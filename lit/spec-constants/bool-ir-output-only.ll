; A bool specialization constant whose default is stored as i8: native mode
; calls the i8 __spirv_SpecConstant and truncates (never an i1 variant of the
; same mangled name); with -ir-output-only the lowered module is the output.
; RUN: sycl-post-link -spec-const=native -S < %s --ir-output-only -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll --implicit-check-not="call {{.*}}__sycl_get"

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.user_type = type { float, i32, i8 }

@name_A = private unnamed_addr addrspace(1) constant [7 x i8] c"name_A\00"
@name_B = private unnamed_addr addrspace(1) constant [7 x i8] c"name_B\00"
@spec_const1 = linkonce_odr addrspace(1) constant { i8 } { i8 1 }
@spec_const2 = linkonce_odr addrspace(1) constant { %struct.user_type } { %struct.user_type { float 2.0e+01, i32 20, i8 20 } }

; CHECK-LABEL: define {{.*}}spir_kernel void @kernel_A(
; CHECK: %[[CALL:[0-9]+]] = call spir_func i8 @_Z20__spirv_SpecConstantia(i32 0, i8 1)
; CHECK-NEXT: %tobool = trunc i8 %[[CALL]] to i1
; CHECK-NEXT: %frombool = zext i1 %tobool to i8
define weak_odr spir_kernel void @kernel_A(ptr addrspace(1) %out) #0 {
  %call = tail call spir_func zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(ptr addrspace(4) getelementptr inbounds ([7 x i8], ptr addrspace(4) addrspacecast (ptr addrspace(1) @name_A to ptr addrspace(4)), i64 0, i64 0), ptr addrspace(4) addrspacecast (ptr addrspace(1) getelementptr inbounds ({ i8 }, ptr addrspace(1) @spec_const1, i64 0, i32 0) to ptr addrspace(4)), ptr addrspace(4) null)
  %frombool = zext i1 %call to i8
  store i8 %frombool, ptr addrspace(1) %out, align 1
  ret void
}

; An i8 member of a composite stays an i8 call.
; CHECK-LABEL: define {{.*}}spir_kernel void @kernel_B(
; CHECK: call spir_func i8 @_Z20__spirv_SpecConstantia(i32 3, i8 20)
define weak_odr spir_kernel void @kernel_B(ptr addrspace(1) %out) #0 {
  %tmp = alloca %struct.user_type, align 4
  %tmp4 = addrspacecast ptr %tmp to ptr addrspace(4)
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI9user_typeET_PKcPKvS7_(ptr addrspace(4) sret(%struct.user_type) align 4 %tmp4, ptr addrspace(4) getelementptr inbounds ([7 x i8], ptr addrspace(4) addrspacecast (ptr addrspace(1) @name_B to ptr addrspace(4)), i64 0, i64 0), ptr addrspace(4) addrspacecast (ptr addrspace(1) @spec_const2 to ptr addrspace(4)), ptr addrspace(4) null)
  ret void
}

; CHECK: declare spir_func i8 @_Z20__spirv_SpecConstantia(i32, i8)
; CHECK: !sycl.specialization-constants = !{![[#]], ![[#]]}

declare spir_func zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI9user_typeET_PKcPKvS7_(ptr addrspace(4) sret(%struct.user_type), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))

attributes #0 = { "sycl-module-id"="a.cpp" }
