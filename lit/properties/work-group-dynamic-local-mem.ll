; [SYCL/work group dynamic local mem] (upstream PR #21850; read by the 2026.2
; runtime) lists, in module order with value 1, the kernels that use
; work-group scratch memory: those the front end marked with the
; sycl-work-group-scratch attribute. Other kernels and functions are not
; listed; without such a kernel the set is absent. It follows
; [SYCL/implicit local arg].
; RUN: sycl-post-link -properties -split=none -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines
; RUN: sycl-post-link -properties -split=kernel -S < %s -o %t.k.table
; RUN: FileCheck %s --input-file=%t.k_0.prop --check-prefix=NONE
; CHECK: [SYCL/implicit local arg]
; CHECK-NEXT: k_static=1|0
; CHECK-NEXT: [SYCL/work group dynamic local mem]
; CHECK-NEXT: k_scratch=1|1
; CHECK-NEXT: k_both=1|1
; CHECK-NOT: {{.+}}
; NONE-NOT: work group dynamic local mem

target triple = "spir64-unknown-unknown"

define spir_kernel void @plain() {
  ret void
}

define spir_kernel void @k_scratch() #0 {
  ret void
}

define spir_func void @helper() #0 {
  ret void
}

define spir_kernel void @k_static(ptr addrspace(3) "sycl-implicit-local-arg" %m) #1 {
  call spir_func void @helper()
  ret void
}

define spir_kernel void @k_both() #0 {
  ret void
}

attributes #0 = { "sycl-work-group-scratch" }
attributes #1 = { "sycl-work-group-static" }
