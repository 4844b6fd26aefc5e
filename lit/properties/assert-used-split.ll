; [SYCL/assert used] is computed per image: after -split=kernel only the
; image of the kernel that reaches __devicelib_assert_fail has the set, and
; the referenced-indirectly fallback lists only the image's own kernels.
; RUN: sycl-post-link -properties -split=kernel -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=K3 --match-full-lines
; RUN: FileCheck %s --input-file=%t_1.prop --check-prefix=K2
; RUN: FileCheck %s --input-file=%t_2.prop --check-prefix=K1 --match-full-lines
; K1: [SYCL/assert used]
; K1-NEXT: k1=1|1
; K1-NOT: {{.+}}
; K2-NOT: [SYCL/assert used]
; K3: [SYCL/assert used]
; K3-NEXT: k3=1|1
; K3-NOT: {{.+}}

target triple = "spir64-unknown-unknown"

@fptr = internal addrspace(1) global ptr @indirect

declare spir_func void @__devicelib_assert_fail(ptr addrspace(4), ptr addrspace(4), i32, ptr addrspace(4), i64, i64, i64, i64, i64, i64)

define spir_func void @indirect(ptr addrspace(4) %p) #0 {
  call spir_func void @__devicelib_assert_fail(ptr addrspace(4) %p, ptr addrspace(4) %p, i32 1, ptr addrspace(4) %p, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0)
  ret void
}

define spir_kernel void @k1(ptr addrspace(4) %p) {
  call spir_func void @__devicelib_assert_fail(ptr addrspace(4) %p, ptr addrspace(4) %p, i32 1, ptr addrspace(4) %p, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0)
  ret void
}

define spir_kernel void @k2() {
  ret void
}

; Only k3's image holds @fptr (internal: pulled in by its user) and so
; @indirect, which is referenced-indirectly.
define spir_kernel void @k3(ptr addrspace(4) %p) {
  %f = load ptr, ptr addrspace(1) @fptr
  call spir_func void %f(ptr addrspace(4) %p)
  ret void
}

attributes #0 = { "referenced-indirectly" }
