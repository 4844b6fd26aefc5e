; A global whose initializer is its own address (C++: static Node head = {&head};).
target triple = "spir64-unknown-unknown"
@g = addrspace(1) global ptr addrspace(1) @g
define spir_kernel void @__sycl_kernel_selfref(ptr addrspace(1) %p) #0 {
  %v = load ptr addrspace(1), ptr addrspace(1) @g
  store ptr addrspace(1) %v, ptr addrspace(1) %p
  ret void
}
define spir_kernel void @__sycl_kernel_fine(ptr addrspace(1) %p) #1 {
  store i32 1, ptr addrspace(1) %p
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
