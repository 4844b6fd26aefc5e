; LowerESIMD's !genx.kernels argument kinds and descriptors: an image
; argument (by !kernel_arg_type) is a surface (kind 2) described by its type
; string; pointers are svmptr_t, local accessors have no descriptor, and
; buffer accessors (!kernel_arg_accessor_ptr) are svmptr_t pointers unless
; -lower-esimd-force-stateless-mem=false makes them buffer_t surfaces.
; RUN: sycl-opt -passes=LowerESIMD -lower-esimd-force-stateless-mem=false -S %s -o - | FileCheck %s --check-prefixes=CHECK,STATEFUL
; RUN: sycl-opt -passes=LowerESIMD -lower-esimd-force-stateless-mem=true -S %s -o - | FileCheck %s --check-prefixes=CHECK,STATELESS
; RUN: sycl-opt -passes=LowerESIMD -S %s -o - | FileCheck %s --check-prefixes=CHECK,STATELESS

; CHECK: !genx.kernels = !{![[K:[0-9]+]], ![[IMG:[0-9]+]]}
; STATEFUL: ![[K]] = !{ptr @k, !"k", ![[KINDS:[0-9]+]], i32 0, i32 0, ![[IO:[0-9]+]], ![[DESCS:[0-9]+]], i32 0, i32 0}
; STATEFUL: ![[KINDS]] = !{i32 0, i32 2, i32 2, i32 0, i32 0, i32 0}
; STATEFUL: ![[IO]] = !{i32 0, i32 0, i32 0, i32 0, i32 0, i32 0}
; STATEFUL: ![[DESCS]] = !{!"", !"buffer_t", !"buffer_t", !"", !"svmptr_t", !""}
; STATELESS: ![[K]] = !{ptr @k, !"k", ![[KINDS:[0-9]+]], i32 0, i32 0, ![[KINDS]], ![[DESCS:[0-9]+]], i32 0, i32 0}
; STATELESS: ![[KINDS]] = !{i32 0, i32 0, i32 0, i32 0, i32 0, i32 0}
; STATELESS: ![[DESCS]] = !{!"", !"svmptr_t", !"svmptr_t", !"", !"svmptr_t", !""}
; CHECK: ![[IMG]] = !{ptr @img, !"img", ![[IKINDS:[0-9]+]], i32 0, i32 0, ![[IIO:[0-9]+]], ![[IDESCS:[0-9]+]], i32 0, i32 0}
; CHECK: ![[IKINDS]] = !{i32 2, i32 0}
; CHECK: ![[IIO]] = !{i32 0, i32 0}
; CHECK: ![[IDESCS]] = !{!"image2d_t", !"svmptr_t"}

define spir_kernel void @k(i32 %a, ptr addrspace(1) %acc1, ptr addrspace(1) %acc2, i32 %b, ptr addrspace(1) %p, ptr addrspace(3) %local) !kernel_arg_accessor_ptr !0 !sycl_explicit_simd !1 {
  ret void
}

define spir_kernel void @img(ptr addrspace(1) %img, ptr addrspace(1) %p) !sycl_explicit_simd !1 !kernel_arg_type !2 {
  ret void
}

!0 = !{i32 0, i32 1, i32 1, i32 0, i32 0, i32 1}
!1 = !{}
!2 = !{!"image2d_t", !"int*"}
