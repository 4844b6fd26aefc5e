; Before splitting, __builtin_invoke_simd(helper, f, args...) calls are
; lowered (upstream's SYCLLowerInvokeSimd): the helper becomes an ESIMD
; function (weak_odr, "VCStackCall", sub-group size 1); when the target is
; known (here directly, and through a parameter that its only caller binds
; to one function), the helper is cloned without its function-pointer
; parameter, calling the target directly ("helper_1": '.' is not allowed in
; the names), and the builtin call loses that argument (a new declaration,
; parameter attributes shifted left, no return attributes); the target gets
; "__invoke_simd_target"; the original helper, unused, goes. Each call gets
; its own clone, as upstream. With
; -lower-esimd the target is inlined into the clone. A target address that
; flows through a local variable holding only that function (code built at
; -O0) is followed too. A target whose type is not the one the helper calls
; is refused (lit/lowering/invoke-simd-lowering-opt.ll has the other cases).
; RUN: sycl-post-link -symbols -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll
; RUN: FileCheck %s --input-file=%t_0.sym --check-prefix=SYM
; RUN: sycl-post-link -symbols -lower-esimd -S < %s -o %t2.table
; RUN: FileCheck %s --input-file=%t2_0.ll --check-prefix=LOWERED
; RUN: sed -e 's/^;MEM //' %s > %t.mem.ll
; RUN: sycl-post-link -symbols -S %t.mem.ll -o %t3.table
; RUN: FileCheck %s --input-file=%t3_0.ll --check-prefix=MEM
; RUN: sed -e 's/<16 x i32> %v) #1 !sycl_explicit_simd/<16 x i32> %v, ptr addrspace(4) %q) #1 !sycl_explicit_simd/' %s > %t.ptr.ll
; RUN: not sycl-post-link -symbols -S %t.ptr.ll -o %t4.table 2>&1 | FileCheck %s --check-prefix=PTR

; The linked image: the ESIMD part (target and helper clones, one per call)
; first, then the SYCL part.
; CHECK: define linkonce_odr dso_local x86_regcallcc <16 x i32> @simd_target(<16 x i32> %v) #[[#TARGET:]]
; CHECK: define weak_odr dso_local x86_regcallcc <16 x i32> @helper_1(<16 x i32> %v) #[[#HELPER:]] !sycl_explicit_simd ![[#]] !intel_reqd_sub_group_size ![[#SG:]] {
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = tail call x86_regcallcc <16 x i32> @simd_target(<16 x i32> %v)
; CHECK: define weak_odr dso_local x86_regcallcc <16 x i32> @helper_3(<16 x i32> %v) #[[#HELPER]]
; CHECK: define weak_odr dso_local spir_kernel void @kernel(
; CHECK: call spir_func void @forward(ptr addrspace(1) %p, ptr @simd_target)
; CHECK-NEXT: %[[#]] = call x86_regcallcc i32 @_Z33__regcall3____builtin_invoke_simd1_4(ptr noundef nonnull @helper_3, i32 noundef %x)
; CHECK: define internal spir_func void @forward(
; CHECK: call x86_regcallcc i32 @_Z33__regcall3____builtin_invoke_simd1_2(ptr @helper_1, i32 %x)
; CHECK-NOT: @helper(
; CHECK: declare i32 @_Z33__regcall3____builtin_invoke_simd1_4(ptr noundef, i32 noundef)
; CHECK: declare i32 @_Z33__regcall3____builtin_invoke_simd1_2(ptr noundef, i32 noundef)
; CHECK-DAG: attributes #[[#TARGET]] = { "__invoke_simd_target" "referenced-indirectly" }
; CHECK-DAG: attributes #[[#HELPER]] = { "VCStackCall" "referenced-indirectly" }
; CHECK-DAG: ![[#SG]] = !{i32 1}

; SYM: kernel
; SYM-EMPTY:

; LOWERED: define weak_odr dso_local x86_regcallcc <16 x i32> @helper_1(<16 x i32> %v)
; LOWERED-NEXT: entry:
; LOWERED-NEXT: ret <16 x i32> %v
; LOWERED: define weak_odr dso_local x86_regcallcc <16 x i32> @helper_3(<16 x i32> %v)
; LOWERED-NEXT: entry:
; LOWERED-NEXT: ret <16 x i32> %v

; MEM: define weak_odr dso_local x86_regcallcc <16 x i32> @helper_5(<16 x i32> %v)
; MEM-NEXT: entry:
; MEM-NEXT: %r = tail call x86_regcallcc <16 x i32> @simd_target(<16 x i32> %v)
; MEM: call x86_regcallcc i32 @_Z33__regcall3____builtin_invoke_simd1_6(ptr @helper_5, i32 %x)

; PTR: sycl-post-link: error: {{.*}}: invoke_simd lowering: invoke_simd target 'simd_target' whose type differs from the helper's call: not supported

target triple = "spir64-unknown-unknown"

declare x86_regcallcc noundef i32 @_Z33__regcall3____builtin_invoke_simd1(ptr noundef, ptr noundef, i32 noundef)

define weak_odr dso_local spir_kernel void @kernel(ptr addrspace(1) %p) #0 {
entry:
  %x = load i32, ptr addrspace(1) %p
  call spir_func void @forward(ptr addrspace(1) %p, ptr @simd_target)
;MEM   %slot = alloca ptr
;MEM   store ptr @simd_target, ptr %slot
;MEM   %t = load ptr, ptr %slot
;MEM   %m = call x86_regcallcc i32 @_Z33__regcall3____builtin_invoke_simd1(ptr @helper, ptr %t, i32 %x)
  %y = tail call x86_regcallcc noundef i32 @_Z33__regcall3____builtin_invoke_simd1(ptr noundef nonnull @helper, ptr noundef nonnull @simd_target, i32 noundef %x)
  store i32 %y, ptr addrspace(1) %p
  ret void
}

define internal spir_func void @forward(ptr addrspace(1) %p, ptr %f) {
  %x = load i32, ptr addrspace(1) %p
  %y = call x86_regcallcc i32 @_Z33__regcall3____builtin_invoke_simd1(ptr @helper, ptr %f, i32 %x)
  store i32 %y, ptr addrspace(1) %p
  ret void
}

define linkonce_odr dso_local x86_regcallcc <16 x i32> @helper(ptr noundef nonnull %f, <16 x i32> %v) #1 {
entry:
  %r = tail call x86_regcallcc <16 x i32> %f(<16 x i32> %v)
  ret <16 x i32> %r
}

define linkonce_odr dso_local x86_regcallcc <16 x i32> @simd_target(<16 x i32> %v) #1 !sycl_explicit_simd !0 !intel_reqd_sub_group_size !1 {
  ret <16 x i32> %v
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "referenced-indirectly" }

!0 = !{}
!1 = !{i32 1}
