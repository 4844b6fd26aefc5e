; RUN: rm -rf %t && split-file %s %t
; RUN: not sycl-opt -passes=globaloffset %t/called.ll -S -o %t/out.ll 2>&1 | FileCheck %s --check-prefix=ERROR
; RUN: not test -e %t/out.ll
; RUN: sycl-opt -passes=globaloffset %t/listed.ll -S -o - | FileCheck %s --check-prefix=LISTED

; Kernel entry points must not be used, other than by @llvm.used, as
; upstream requires; the error is one line and no output is written.

; ERROR: sycl-opt: error: {{.*}}called.ll: globaloffset: kernel entry point 'called' can't have uses
; ERROR-NOT: error

; LISTED: @llvm.used = appending global [1 x ptr] [ptr @listed]
; LISTED: define ptx_kernel void @listed_with_offset(ptr byval([3 x i32]) %0)

;--- called.ll
target triple = "nvptx64-nvidia-cuda"

declare ptr @llvm.nvvm.implicit.offset()

define ptx_kernel void @called() {
  %p = call ptr @llvm.nvvm.implicit.offset()
  ret void
}

define void @caller() {
  call ptx_kernel void @called()
  ret void
}

;--- listed.ll
target triple = "nvptx64-nvidia-cuda"

@llvm.used = appending global [1 x ptr] [ptr @listed], section "llvm.metadata"

declare ptr @llvm.nvvm.implicit.offset()

define ptx_kernel void @listed() {
  %p = call ptr @llvm.nvvm.implicit.offset()
  ret void
}
