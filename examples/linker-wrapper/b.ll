; Translation unit b.cpp: the SYCL_EXTERNAL function a.cpp calls, and two
; kernels of its own (one uses the fp64 aspect).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_func i32 @_Z5scalei(i32 %x) #0 {
  %r = mul i32 %x, 3
  ret i32 %r
}

define spir_kernel void @_ZTS5Adder(ptr addrspace(1) %out, i32 %x) #0 {
  %v = call spir_func i32 @_Z5scalei(i32 %x)
  %w = add i32 %v, 1
  store i32 %w, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS7Doubler(ptr addrspace(1) %out, double %x) #0 !sycl_used_aspects !0 {
  %d = fmul double %x, 2.0
  store double %d, ptr addrspace(1) %out, align 8
  ret void
}

attributes #0 = { "sycl-module-id"="b.cpp" }

!0 = !{i32 6}
