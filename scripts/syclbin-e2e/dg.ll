; A device global with device_image_scope: bump(out, v) adds v to it and
; writes the new value; the value lives on between launches of one bundle.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%"class.sycl::_V1::ext::oneapi::experimental::device_global" = type { i32 }

@_ZL7counter = internal addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer, align 4 #1

define spir_kernel void @__sycl_kernel_bump(ptr addrspace(1) %out, i32 %v) #0 {
  %old = load i32, ptr addrspace(1) @_ZL7counter, align 4
  %new = add i32 %old, %v
  store i32 %new, ptr addrspace(1) @_ZL7counter, align 4
  store i32 %new, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "sycl-module-id"="dg.cpp" }
attributes #1 = { "sycl-device-global-size"="4" "sycl-device-image-scope" "sycl-unique-id"="_Z7counter" }
