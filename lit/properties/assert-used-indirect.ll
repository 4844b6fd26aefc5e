; When the walk from __devicelib_assert_fail reaches a function with
; referenced-indirectly, any kernel may assert through a function pointer:
; [SYCL/assert used] then lists every spir_kernel of the image, in module
; order.
; RUN: sycl-post-link -properties -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines
; CHECK: [SYCL/assert used]
; CHECK-NEXT: first=1|1
; CHECK-NEXT: second=1|1
; CHECK-NOT: {{.+}}

target triple = "spir64-unknown-unknown"

@fptr = addrspace(1) global ptr @asserting

declare spir_func void @__devicelib_assert_fail(ptr addrspace(4), ptr addrspace(4), i32, ptr addrspace(4), i64, i64, i64, i64, i64, i64)

define spir_func void @asserting(ptr addrspace(4) %p) #0 {
  call spir_func void @__devicelib_assert_fail(ptr addrspace(4) %p, ptr addrspace(4) %p, i32 1, ptr addrspace(4) %p, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0)
  ret void
}

define spir_kernel void @first(ptr addrspace(4) %p) {
  %f = load ptr, ptr addrspace(1) @fptr
  call spir_func void %f(ptr addrspace(4) %p)
  ret void
}

define spir_kernel void @second() {
  ret void
}

attributes #0 = { "referenced-indirectly" }
