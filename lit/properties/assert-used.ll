; [SYCL/assert used] lists the spir_kernel functions from which
; __devicelib_assert_fail is reachable through calls, in breadth-first
; discovery order from the assert; other kernels are not listed.
; RUN: sycl-post-link -properties -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines
; CHECK: [SYCL/assert used]
; CHECK-NEXT: direct=1|1
; CHECK-NEXT: through_two=1|1
; CHECK-NOT: {{.+}}

target triple = "spir64-unknown-unknown"

declare spir_func void @__devicelib_assert_fail(ptr addrspace(4), ptr addrspace(4), i32, ptr addrspace(4), i64, i64, i64, i64, i64, i64)

define spir_func void @check(ptr addrspace(4) %p) {
  call spir_func void @__devicelib_assert_fail(ptr addrspace(4) %p, ptr addrspace(4) %p, i32 1, ptr addrspace(4) %p, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0)
  ret void
}

define spir_func void @middle(ptr addrspace(4) %p) {
  call spir_func void @check(ptr addrspace(4) %p)
  ret void
}

define spir_kernel void @through_two(ptr addrspace(4) %p) {
  call spir_func void @middle(ptr addrspace(4) %p)
  ret void
}

define spir_kernel void @no_assert() {
  ret void
}

define spir_kernel void @direct(ptr addrspace(4) %p) {
  call spir_func void @__devicelib_assert_fail(ptr addrspace(4) %p, ptr addrspace(4) %p, i32 2, ptr addrspace(4) %p, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0)
  ret void
}
