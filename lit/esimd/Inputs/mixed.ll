; Three translation units with SYCL kernels, ESIMD kernels, shared helpers,
; a shared global, a named structure type and an ESIMD function passed by
; address from SYCL code.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

%struct.P = type { i32, float }

@table = addrspace(1) global [4 x i32] zeroinitializer

declare spir_func void @register(ptr)

define spir_kernel void @a_sycl() #0 {
  call spir_func void @helper(i32 1)
  call spir_func void @register(ptr @simd_target)
  ret void
}

define spir_kernel void @a_esimd() #0 !sycl_explicit_simd !0 {
  call spir_func void @helper(i32 2)
  ret void
}

define spir_kernel void @b_sycl() #1 {
  call spir_func void @helper(i32 3)
  ret void
}

define spir_kernel void @b_esimd() #1 !sycl_explicit_simd !0 {
  call spir_func void @leaf()
  ret void
}

define spir_kernel void @c_esimd() #2 !sycl_explicit_simd !0 {
  call spir_func void @leaf()
  ret void
}

define spir_func void @helper(i32 %i) {
  %s = alloca %struct.P
  store %struct.P zeroinitializer, ptr %s
  %p = getelementptr [4 x i32], ptr addrspace(1) @table, i32 0, i32 %i
  store i32 %i, ptr addrspace(1) %p
  call spir_func void @leaf()
  ret void
}

define spir_func void @leaf() {
  ret void
}

define linkonce_odr <4 x float> @simd_target(<4 x float> %v) #3 !sycl_explicit_simd !0 {
  ret <4 x float> %v
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
attributes #2 = { "sycl-module-id"="c.cpp" }
attributes #3 = { "__invoke_simd_target" "referenced-indirectly" }

!0 = !{}
