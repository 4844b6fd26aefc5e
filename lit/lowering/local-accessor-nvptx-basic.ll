; RUN: sycl-opt -passes=localaccessortosharedmemory %s -S -o - | FileCheck %s

; A kernel parameter that points to local memory (address space 3) becomes
; an i32 offset into @<kernel>_shared_mem, an external, dynamically sized
; shared array; a GEP into it and a bitcast to the old type take over the
; parameter's name and uses. Other parameters keep their types, names and
; attributes; the function keeps its name, linkage and attributes, and goes
; to the end of the module. The annotation follows the new function.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: @scale_shared_mem = external addrspace(3) global [0 x i8], align 4

define weak_odr dso_local void @scale(ptr addrspace(3) %tile, ptr addrspace(1) noundef %in, i32 %n) #0 {
entry:
  %v = load float, ptr addrspace(1) %in, align 4
  store float %v, ptr addrspace(3) %tile, align 4
  ret void
}

define void @after() {
  ret void
}

; CHECK-LABEL: define void @after()
; CHECK-LABEL: define weak_odr dso_local void @scale(i32 %0, ptr addrspace(1) noundef %in, i32 %n) #0 {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %1 = getelementptr inbounds [0 x i8], ptr addrspace(3) @scale_shared_mem, i32 0, i32 %0
; CHECK-NEXT:    %tile = bitcast ptr addrspace(3) %1 to ptr addrspace(3)
; CHECK-NEXT:    %v = load float, ptr addrspace(1) %in, align 4
; CHECK-NEXT:    store float %v, ptr addrspace(3) %tile, align 4
; CHECK-NEXT:    ret void

attributes #0 = { "sycl-module-id"="a.cpp" }
; CHECK: attributes #0 = { "sycl-module-id"="a.cpp" }

!nvvm.annotations = !{!0, !1}
!0 = distinct !{ptr @scale, !"kernel", i32 1}
!1 = !{null, !"align", i32 8}

; CHECK: !nvvm.annotations = !{!0, !1}
; CHECK: !0 = distinct !{ptr @scale, !"kernel", i32 1}
; CHECK: !1 = !{null, !"align", i32 8}
