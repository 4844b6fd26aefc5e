; Every image carries the module's named metadata unchanged, duplicate
; operands included, whatever the split mode; the standalone splitter
; does the same.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=source -S < %s -o %t/src.table
; RUN: FileCheck %s --input-file=%t/src_0.ll
; RUN: FileCheck %s --input-file=%t/src_1.ll
; RUN: sycl-post-link -split=kernel -S < %s -o %t/ker.table
; RUN: FileCheck %s --input-file=%t/ker_0.ll
; RUN: FileCheck %s --input-file=%t/ker_1.ll
; RUN: FileCheck %s --input-file=%t/ker_2.ll
; RUN: sycl-module-split -split=auto -S < %s -o %t/ms
; RUN: FileCheck %s --input-file=%t/ms_0.ll
; RUN: FileCheck %s --input-file=%t/ms_1.ll

target triple = "spir64-unknown-unknown"

define spir_kernel void @kA1() #0 {
  ret void
}

define spir_kernel void @kA2() #0 {
  ret void
}

define spir_kernel void @kB() #1 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }

; CHECK: !opencl.spir.version = !{![[VER:[0-9]+]], ![[VER]]}
; CHECK: !spirv.Source = !{![[SRC:[0-9]+]], ![[SRC]]}
; CHECK: !my.module.info = !{![[INFO:[0-9]+]]}
; CHECK-DAG: ![[VER]] = !{i32 1, i32 2}
; CHECK-DAG: ![[SRC]] = !{i32 4, i32 100000}
; CHECK-DAG: ![[INFO]] = !{!"anything"}
!opencl.spir.version = !{!0, !0}
!spirv.Source = !{!1, !1}
!my.module.info = !{!2}

!0 = !{i32 1, i32 2}
!1 = !{i32 4, i32 100000}
!2 = !{!"anything"}
