; [SYCL/implicit local arg]: every spir_kernel with sycl-work-group-static,
; valued with the index of its parameter carrying sycl-implicit-local-arg,
; or -1 (4294967295) when that argument was eliminated.
; RUN: sycl-post-link -properties -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines
; CHECK: [SYCL/implicit local arg]
; CHECK-NEXT: with_arg=1|1
; CHECK-NEXT: arg_removed=1|4294967295
; CHECK-NOT: {{.+}}

target triple = "spir64-unknown-unknown"

define spir_kernel void @with_arg(i32 %n, ptr addrspace(3) "sycl-implicit-local-arg" %local) #0 {
  ret void
}

define spir_kernel void @arg_removed(i32 %n) #0 {
  ret void
}

define spir_kernel void @no_static_memory(ptr addrspace(3) "sycl-implicit-local-arg" %local) {
  ret void
}

attributes #0 = { "sycl-work-group-static" }
