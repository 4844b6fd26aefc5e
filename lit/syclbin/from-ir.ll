; syclbin create from a sycl-post-link table of LLVM IR: each image is
; compiled to SPIR-V in process and the result is wrapped in an offload
; binary (image kind SYCLBIN, offload kind SYCL), the form the SYCL runtime
; loads. Every abstract module gets [SYCL/kernel names] (from the IR's
; kernels) and, for eliminated arguments, [SYCL/kernel param opt]; the rest
; of each image's property sets is kept as sycl-post-link wrote it.
; RUN: rm -rf %t && mkdir %t
; RUN: sycl-post-link -split=kernel -symbols -properties -o %t/t.table %s 2>/dev/null
; RUN: syclbin create --table=%t/t.table -o %t/a.syclbin
; RUN: llvm-objdump --offloading %t/a.syclbin | FileCheck %s --check-prefix=OBJDUMP
; OBJDUMP: OFFLOADING IMAGE [0]:
; OBJDUMP-NEXT: kind <none>
; OBJDUMP-NEXT: arch
; OBJDUMP-NEXT: triple spir64-unknown-unknown
; OBJDUMP-NEXT: producer sycl
; RUN: syclbin dump %t/a.syclbin | FileCheck %s
; CHECK:      offload binary version 1: 1 entry
; CHECK-NEXT:   entry 0: image kind syclbin, producer sycl
; CHECK:      abstract modules: 2
; CHECK:        state: 0 (input)
; CHECK:      abstract module 0:
; CHECK-NEXT:   kernel names: __sycl_kernel_scale
; CHECK:        [SYCL/device requirements]
; CHECK-NEXT:     aspects=2|AAAAAAAAAAA
; CHECK:        [SYCL/kernel param opt]
; CHECK-NEXT:     __sycl_kernel_scale=2|DAAAAAAAAAgA    ; 3 bits: 010
; CHECK-NEXT:   [SYCL/kernel names]
; CHECK-NEXT:     __sycl_kernel_scale=1|1
; CHECK-NEXT:   IR module 0: type 0 (SPIR-V), target spir64-unknown-unknown
; CHECK:      abstract module 1:
; CHECK-NEXT:   kernel names: __sycl_kernel_gpu_only
; CHECK:        [SYCL/device requirements]
; CHECK-NEXT:     aspects=2|gAAAAAAAAAgAAAAA    ; 4 bytes: 02 00 00 00
; CHECK-NOT:    [SYCL/kernel param opt]
; CHECK:        IR module 1: type 0 (SPIR-V), target spir64-unknown-unknown
;
; --bare writes the SYCLBIN alone, the same one the offload binary holds.
; RUN: syclbin create --table=%t/t.table --bare -o %t/bare.syclbin
; RUN: syclbin dump %t/bare.syclbin | FileCheck %s --check-prefix=BARE
; BARE:      SYCLBIN version 1
; BARE:      kernel names: __sycl_kernel_scale
; BARE:      IR module 0: type 0 (SPIR-V), target spir64-unknown-unknown
; RUN: rm -rf %t/x && mkdir %t/x && cd %t/x && llvm-offload-binary %t/a.syclbin \
; RUN:   --image=file=inner.syclbin,triple=spir64-unknown-unknown
; RUN: cmp %t/x/inner.syclbin %t/bare.syclbin

target triple = "spir64-unknown-unknown"

define spir_kernel void @__sycl_kernel_scale(ptr addrspace(1) %out, i32 %k) #0 !sycl_kernel_omit_args !0 {
  store i32 %k, ptr addrspace(1) %out
  ret void
}

define spir_kernel void @__sycl_kernel_gpu_only(ptr addrspace(1) %out) #0 !sycl_used_aspects !1 {
  store i32 -1, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "sycl-module-id"="dev.cpp" }

!0 = !{i1 false, i1 true, i1 false}
!1 = !{i32 2}
