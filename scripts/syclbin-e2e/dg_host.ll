; A device global the host reads and writes: DG (unique id _Z2DG, the name
; the runtime looks up for "DG") holds a pointer to the USM memory the
; runtime allocates for it; dg_adder(v) adds v to the value.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%"class.sycl::_V1::ext::oneapi::experimental::device_global" = type { ptr addrspace(4) }

@_Z2DG = addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer, align 8 #1

define spir_kernel void @__sycl_kernel_dg_adder(i32 %v) #0 {
  %p = load ptr addrspace(4), ptr addrspace(1) @_Z2DG, align 8
  %old = load i32, ptr addrspace(4) %p, align 4
  %new = add i32 %old, %v
  store i32 %new, ptr addrspace(4) %p, align 4
  ret void
}

attributes #0 = { "sycl-module-id"="dg_host.cpp" }
attributes #1 = { "sycl-device-global-size"="4" "sycl-unique-id"="_Z2DG" }
