; [SYCL/implicit local arg] is only computed for SPIR and SPIR-V targets.
; RUN: sycl-post-link -properties -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop
; CHECK-NOT: [SYCL/implicit local arg]

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(3) "sycl-implicit-local-arg" %local) #0 {
  ret void
}

attributes #0 = { "sycl-work-group-static" }
