; bf16 device-library conversion functions are always imported from the
; bf16 device-library images, even without dynamic linking; other
; __devicelib_ functions are not.
; RUN: sycl-post-link -properties -emit-imported-symbols -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines
; CHECK: [SYCL/imported symbols]
; CHECK-NEXT: __devicelib_ConvertFToBF16INTEL=1|1
; CHECK-NEXT: __devicelib_ConvertBF16ToFINTELVec16=1|1
; CHECK-NOT: __devicelib_imf

target triple = "spir64-unknown-unknown"

declare spir_func i16 @__devicelib_ConvertFToBF16INTEL(ptr addrspace(4))
declare spir_func void @__devicelib_ConvertBF16ToFINTELVec16(ptr addrspace(4), ptr addrspace(4))
declare spir_func i32 @__devicelib_imf_umulhi(i32, i32)

define spir_kernel void @k(ptr addrspace(4) %p) {
  %a = call spir_func i16 @__devicelib_ConvertFToBF16INTEL(ptr addrspace(4) %p)
  call spir_func void @__devicelib_ConvertBF16ToFINTELVec16(ptr addrspace(4) %p, ptr addrspace(4) %p)
  %b = call spir_func i32 @__devicelib_imf_umulhi(i32 0, i32 0)
  ret void
}
