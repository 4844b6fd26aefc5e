; A kernel stores the address of a block of a function that is not in its
; image (the issue's reproducer), and an unused global holds a block
; address of the kernel.
target triple = "spir64-unknown-unknown"
@ba = global ptr blockaddress(@k, %y)
define spir_func void @h() {
  br label %x
x:
  ret void
}
define spir_kernel void @k(ptr addrspace(1) %out) #0 {
  store ptr blockaddress(@h, %x), ptr addrspace(1) %out
  br label %y
y:
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" }
