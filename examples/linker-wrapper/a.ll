; Translation unit a.cpp of a small SYCL application, compiled for the
; device: a kernel that calls a SYCL_EXTERNAL function defined in b.cpp.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

declare spir_func i32 @_Z5scalei(i32)

define spir_kernel void @_ZTS6Scaler(ptr addrspace(1) %out, i32 %x) #0 !reqd_work_group_size !0 {
  %v = call spir_func i32 @_Z5scalei(i32 %x)
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{i32 64, i32 1, i32 1}
