; Virtual functions (indirectly-callable, SYCL_EXTERNAL) are entry points
; grouped by their set name: under -split=auto each set gets its own image,
; apart from the kernels of the same translation unit, and keeps external
; linkage there. In the kernel's image, a virtual function reached through a
; vtable is only declared: its body belongs to the image of its set.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=auto -symbols -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out_0.ll --check-prefix=SET2 --implicit-check-not=define --implicit-check-not=declare
; RUN: FileCheck %s --input-file=%t/out_1.ll --check-prefix=SET1 --implicit-check-not=define --implicit-check-not=declare
; RUN: FileCheck %s --input-file=%t/out_2.ll --check-prefix=KERNEL --implicit-check-not=define --implicit-check-not=declare
; RUN: FileCheck %s --input-file=%t/out_0.sym --check-prefix=SYM2
; RUN: sycl-module-split -split=auto -S < %s -o %t/ms
; RUN: FileCheck %s --input-file=%t/ms_0.ll --check-prefix=SET2 --implicit-check-not=define --implicit-check-not=declare
; RUN: FileCheck %s --input-file=%t/ms_1.ll --check-prefix=SET1 --implicit-check-not=define --implicit-check-not=declare
; RUN: FileCheck %s --input-file=%t/ms_2.ll --check-prefix=KERNEL --implicit-check-not=define --implicit-check-not=declare

target triple = "spir64-unknown-unknown"

; KERNEL: @vtable = linkonce_odr addrspace(1) constant [1 x ptr] [ptr @vf_one]
; SET1-NOT: @vtable
; SET2-NOT: @vtable
@vtable = linkonce_odr addrspace(1) constant [1 x ptr] [ptr @vf_one], align 8

; KERNEL: declare spir_func void @vf_one()
; SET1: define spir_func void @vf_one()
define spir_func void @vf_one() #0 {
  ret void
}

; SET2: define spir_func void @vf_two_a()
define spir_func void @vf_two_a() #1 {
  ret void
}

; SET2: define spir_func void @vf_two_b()
define spir_func void @vf_two_b() #1 {
  ret void
}

; KERNEL: define weak_odr spir_kernel void @kernel(ptr addrspace(1) %out)
define weak_odr spir_kernel void @kernel(ptr addrspace(1) %out) #2 {
  store ptr addrspace(1) @vtable, ptr addrspace(1) %out, align 8
  ret void
}

; SYM2: vf_two_a
; SYM2-NEXT: vf_two_b
; SYM2-EMPTY:

attributes #0 = { "indirectly-callable"="set-1" "sycl-module-id"="v.cpp" }
attributes #1 = { "indirectly-callable"="set-2" "sycl-module-id"="v.cpp" }
attributes #2 = { "sycl-module-id"="v.cpp" }
