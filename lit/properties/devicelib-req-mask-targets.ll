; The device-library mask is only computed for SPIR and SPIR-V targets:
; spirv64 counts (0x40 for an imf function), NVPTX always gets 0.
; RUN: sycl-post-link -properties -emit-devicelib-req-mask -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=SPIRV
; RUN: sed -e 's/spirv64-unknown-unknown/nvptx64-nvidia-cuda/' %s > %t.nvptx.ll
; RUN: sycl-post-link -properties -emit-devicelib-req-mask -S < %t.nvptx.ll -o %t.nvptx.table
; RUN: FileCheck %s --input-file=%t.nvptx_0.prop --check-prefix=NVPTX
; SPIRV: DeviceLibReqMask=1|64
; NVPTX: DeviceLibReqMask=1|0

target triple = "spirv64-unknown-unknown"

declare spir_func i32 @__devicelib_imf_umulhi(i32, i32)

define spir_kernel void @k() {
  %r = call spir_func i32 @__devicelib_imf_umulhi(i32 0, i32 0)
  ret void
}
