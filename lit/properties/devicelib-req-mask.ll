; [SYCL/devicelib req mask] is gone from the newest upstream (PR #20777) and
; is only written with -emit-devicelib-req-mask, for 2025 runtimes that link
; device libraries at JIT time from it. It is the OR of the library bits of every
; __devicelib_* declaration of the image: assert (0x1), math (0x2),
; complex_fp64 (0x10), imf (0x40) and bfloat16 (0x200) give 0x253 = 595.
; Definitions and names outside the table contribute nothing.
; RUN: sycl-post-link -properties -emit-devicelib-req-mask -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines
; CHECK: [SYCL/devicelib req mask]
; CHECK-NEXT: DeviceLibReqMask=1|595
; CHECK-NEXT: [SYCL/device requirements]
; RUN: sycl-post-link -properties -S < %s -o %t.default.table
; RUN: FileCheck %s --input-file=%t.default_0.prop --check-prefix=DEFAULT
; DEFAULT-NOT: devicelib
; DEFAULT-NOT: DeviceLibReqMask

target triple = "spir64-unknown-unknown"

declare spir_func void @__devicelib_assert_fail(ptr addrspace(4), ptr addrspace(4), i32, ptr addrspace(4), i64, i64, i64, i64, i64, i64)
declare spir_func float @__devicelib_cosf(float)
declare spir_func double @__devicelib_cabs(double, double)
declare spir_func i32 @__devicelib_imf_umulhi(i32, i32)
declare spir_func i16 @__devicelib_ConvertFToBF16INTELVec4(float)
declare spir_func i32 @__devicelib_not_a_library_function(i32)

; A definition is not a library requirement (math_fp64 0x4 stays clear).
define spir_func double @__devicelib_cos(double %x) {
  ret double %x
}

define spir_kernel void @k(ptr addrspace(4) %p) #0 {
  call spir_func void @__devicelib_assert_fail(ptr addrspace(4) %p, ptr addrspace(4) %p, i32 0, ptr addrspace(4) %p, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0)
  %a = call spir_func float @__devicelib_cosf(float 0.0)
  %b = call spir_func double @__devicelib_cabs(double 0.0, double 0.0)
  %c = call spir_func i32 @__devicelib_imf_umulhi(i32 0, i32 0)
  %d = call spir_func i16 @__devicelib_ConvertFToBF16INTELVec4(float 0.0)
  %e = call spir_func i32 @__devicelib_not_a_library_function(i32 0)
  %f = call spir_func double @__devicelib_cos(double 0.0)
  ret void
}

attributes #0 = { "sycl-module-id"="m.cpp" }
