; A small linked SYCL device module: two translation units (a.cpp with two
; kernels, b.cpp with one), a helper shared by both, a SYCL_EXTERNAL
; function, a constant table and an unused function.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@table = internal addrspace(1) constant [4 x i32] [i32 1, i32 2, i32 3, i32 5], align 4

define spir_func i32 @helper(i32 %i) {
  %p = getelementptr inbounds [4 x i32], ptr addrspace(1) @table, i64 0, i32 %i
  %v = load i32, ptr addrspace(1) %p, align 4
  ret i32 %v
}

define spir_func i32 @_Z8ext_funci(i32 %x) #0 {
  %r = call spir_func i32 @helper(i32 %x)
  ret i32 %r
}

define spir_func void @unused() {
  ret void
}

define spir_kernel void @_ZTS7KernelA(ptr addrspace(1) %out) #0 {
  %v = call spir_func i32 @_Z8ext_funci(i32 1)
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS7KernelB(ptr addrspace(1) %out) #0 !reqd_work_group_size !0 {
  store i32 7, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS7KernelC(ptr addrspace(1) %out) #1 !sycl_used_aspects !1 {
  %v = call spir_func i32 @helper(i32 3)
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }

!0 = !{i32 16, i32 1, i32 1}
!1 = !{i32 6}
