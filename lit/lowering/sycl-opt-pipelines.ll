; RUN: sycl-opt -passes=globaloffset,instcombine %s -S -o - | FileCheck %s --check-prefixes=CHECK,COMBINED
; RUN: sycl-opt -passes='function(instcombine),globaloffset' %s -S | FileCheck %s --check-prefixes=CHECK,PLAIN
; RUN: sycl-opt -bugpoint-enable-legacy-pm -globaloffset %s -S -o - | FileCheck %s --check-prefixes=CHECK,PLAIN
; RUN: sycl-opt -enable-new-pm=0 --globaloffset -S %s | FileCheck %s --check-prefixes=CHECK,PLAIN
; RUN: sycl-opt -passes=instcombine %s -S | FileCheck %s --check-prefix=LLVM-ONLY

; sycl-opt runs the project's passes by name and hands everything else to
; LLVM's pass pipeline, in order (instcombine before globaloffset still sees
; the call and cannot fold the add); the legacy flag spellings run the same
; passes.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i64 @_Z27__spirv_BuiltInGlobalOffseti(i32)

define i64 @f(i64 %x) {
  %o = call i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 0)
  %a = add i64 %x, %o
  ret i64 %a
}

; CHECK-LABEL:  define i64 @f(i64 %x) {
; COMBINED-NEXT:  ret i64 %x
; PLAIN-NEXT:     %a = add i64 %x, 0
; CHECK-LABEL:  define i64 @f_with_offset(i64 %0, ptr %1) {

; LLVM-ONLY:      %o = call i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 0)
; LLVM-ONLY-NOT:  _with_offset
