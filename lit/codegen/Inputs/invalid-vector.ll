; LLVM 22's SPIR-V back end compiles a 5-element vector, which SPIR-V does
; not allow for a kernel without the Vector16 capability's sizes (2, 3, 4, 8, 16).
target triple = "spir64-unknown-unknown"
define spir_kernel void @__sycl_kernel_v5(ptr addrspace(1) %p) {
  %v = load <5 x i32>, ptr addrspace(1) %p
  %w = add <5 x i32> %v, %v
  store <5 x i32> %w, ptr addrspace(1) %p
  ret void
}
