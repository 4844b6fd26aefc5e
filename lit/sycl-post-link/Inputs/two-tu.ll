; Two translation units: tu1.cpp has kernels @k1a and @k1b sharing @shared,
; tu2.cpp has kernel @k2 using @gv. @dead is used by nobody.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@gv = internal addrspace(1) global i32 42, align 4

define spir_func void @shared() {
  ret void
}

define spir_func void @only_k2() {
  %v = load i32, ptr addrspace(1) @gv, align 4
  ret void
}

define spir_func void @dead() {
  ret void
}

define spir_kernel void @k1a() #0 {
  call spir_func void @shared()
  ret void
}

define spir_kernel void @k2() #1 {
  call spir_func void @only_k2()
  ret void
}

define spir_kernel void @k1b() #0 {
  call spir_func void @shared()
  ret void
}

attributes #0 = { "sycl-module-id"="tu1.cpp" }
attributes #1 = { "sycl-module-id"="tu2.cpp" }
