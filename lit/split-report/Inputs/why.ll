; Two kernels of two sources: k1 calls a helper and reads a device global
; whose initializer points to a function; k2 calls through a pointer (the
; referenced-indirectly function of that type comes along) and calls the
; same helper.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

@table = addrspace(1) global ptr @from_table, align 8

define spir_func i32 @from_table(i32 %x) {
  %r = add i32 %x, 7
  ret i32 %r
}

define spir_func i32 @helper(i32 %x) {
  %a = mul i32 %x, 3
  %b = add i32 %a, 1
  ret i32 %b
}

define spir_func i32 @target(i32 %x) #1 {
  %r = sub i32 %x, 1
  ret i32 %r
}

define spir_kernel void @k1(ptr addrspace(1) %out) #0 {
  %p = load ptr, ptr addrspace(1) @table, align 8
  %v = call spir_func i32 @helper(i32 1)
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @k2(ptr addrspace(1) %out, ptr %fp) #2 {
  %v = call spir_func i32 %fp(i32 2)
  %w = call spir_func i32 @helper(i32 %v)
  store i32 %w, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "referenced-indirectly" }
attributes #2 = { "sycl-module-id"="b.cpp" }
