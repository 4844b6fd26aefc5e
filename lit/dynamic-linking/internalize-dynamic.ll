; In dynamic-linking mode everything that is neither a kernel nor importable
; (SYCL_EXTERNAL) gets internal linkage, whatever its linkage was, except
; available_externally definitions; private stays private. Global variables
; keep their linkage.
; RUN: sycl-post-link -symbols -allow-device-image-dependencies -split=kernel -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll
; CHECK-DAG: @g_external = addrspace(1) global i32 1
; CHECK-DAG: @g_internal = internal addrspace(1) global i32 2
; CHECK-DAG: @g_weak = weak addrspace(1) global i32 3
; CHECK-DAG: define available_externally spir_func void @f_available_externally()
; CHECK-DAG: define internal spir_func void @f_external()
; CHECK-DAG: define internal spir_func void @f_linkonce()
; CHECK-DAG: define internal spir_func void @f_linkonce_odr()
; CHECK-DAG: define private spir_func void @f_private()
; CHECK-DAG: define internal spir_func void @f_weak()
; CHECK-DAG: define internal spir_func void @f_weak_odr()
; CHECK-DAG: define weak_odr spir_kernel void @kernel()

target triple = "spir64-unknown-unknown"

@g_external = addrspace(1) global i32 1
@g_internal = internal addrspace(1) global i32 2
@g_weak = weak addrspace(1) global i32 3

define available_externally spir_func void @f_available_externally() {
  ret void
}

define spir_func void @f_external() {
  ret void
}

define linkonce spir_func void @f_linkonce() {
  ret void
}

define linkonce_odr spir_func void @f_linkonce_odr() {
  ret void
}

define private spir_func void @f_private() {
  ret void
}

define weak spir_func void @f_weak() {
  ret void
}

define weak_odr spir_func void @f_weak_odr() {
  ret void
}

define weak_odr spir_kernel void @kernel() #0 {
  call spir_func void @f_available_externally()
  call spir_func void @f_external()
  call spir_func void @f_linkonce()
  call spir_func void @f_linkonce_odr()
  call spir_func void @f_private()
  call spir_func void @f_weak()
  call spir_func void @f_weak_odr()
  %a = load i32, ptr addrspace(1) @g_external
  %b = load i32, ptr addrspace(1) @g_internal
  %c = load i32, ptr addrspace(1) @g_weak
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
