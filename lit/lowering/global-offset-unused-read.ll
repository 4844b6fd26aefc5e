; RUN: sycl-opt -passes=globaloffset %s -S -o - | FileCheck %s --implicit-check-not=implicit.offset --implicit-check-not=__spirv_BuiltInGlobalOffset

; An offset read whose value is unused is simply deleted, in the original
; and in the clone: nothing is loaded from the offset parameter. The clones
; are still made, for the function and the kernels that reach it.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i64 @_Z27__spirv_BuiltInGlobalOffseti(i32)
declare ptr @llvm.nvvm.implicit.offset()

define void @unused_reads() {
  %a = tail call i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 0)
  %b = tail call ptr @llvm.nvvm.implicit.offset()
  ret void
}
; CHECK-LABEL: define void @unused_reads() {
; CHECK-NEXT:    ret void
; CHECK-NEXT:  }
; CHECK-LABEL: define void @unused_reads_with_offset(ptr %0) {
; CHECK-NEXT:    ret void
; CHECK-NEXT:  }

define ptx_kernel void @k() {
entry:
  call void @unused_reads()
  ret void
}
; CHECK-LABEL: define ptx_kernel void @k() {
; CHECK-LABEL: define ptx_kernel void @k_with_offset(ptr byval([3 x i32]) %0) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @unused_reads_with_offset(ptr %0)
