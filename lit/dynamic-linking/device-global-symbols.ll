; Device globals in the symbol lists: a device-global definition with
; external linkage and without device_image_scope is exported
; (-emit-exported-symbols); in dynamic-linking mode an external declaration
; of a device_global struct type is imported (declarations carry no
; attributes, so the type name decides).
; RUN: sycl-post-link -properties -emit-exported-symbols -emit-imported-symbols \
; RUN:   -allow-device-image-dependencies -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines --implicit-check-not=not_
; CHECK: [SYCL/exported symbols]
; CHECK-NEXT: dg_exported=1|1
; CHECK-NEXT: [SYCL/imported symbols]
; CHECK-NEXT: dg_imported=1|1

target triple = "spir64-unknown-unknown"

%"class.sycl::_V1::ext::oneapi::experimental::device_global" = type { ptr addrspace(4) }
%other = type { i32 }

@dg_exported = addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer #0
@not_scoped = addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer #1
@not_external = internal addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer #2
@dg_imported = external addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global"
@not_a_device_global = external addrspace(1) global %other

define spir_kernel void @k() {
  %a = load ptr addrspace(4), ptr addrspace(1) @dg_exported
  %b = load ptr addrspace(4), ptr addrspace(1) @not_scoped
  %c = load ptr addrspace(4), ptr addrspace(1) @not_external
  %d = load ptr addrspace(4), ptr addrspace(1) @dg_imported
  %e = load i32, ptr addrspace(1) @not_a_device_global
  ret void
}

attributes #0 = { "sycl-device-global-size"="8" "sycl-unique-id"="uid-exported" }
attributes #1 = { "sycl-device-global-size"="8" "sycl-device-image-scope" "sycl-unique-id"="uid-scoped" }
attributes #2 = { "sycl-device-global-size"="8" "sycl-unique-id"="uid-internal" }
