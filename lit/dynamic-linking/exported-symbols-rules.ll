; [SYCL/exported symbols] lists the image's entry points that use the
; spir_func calling convention, in entry order: kernels, functions with
; another calling convention and virtual functions (indirectly-callable) are
; not exported.
; RUN: sycl-post-link -split=none -properties -emit-exported-symbols -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --match-full-lines --implicit-check-not=NotExported
; CHECK: [SYCL/exported symbols]
; CHECK-NEXT: Exported1=1|1
; CHECK-NEXT: Exported2=1|1

target triple = "spir64-unknown-unknown"

define spir_func void @Exported1() #0 {
  ret void
}

define void @NotExportedCCC() #0 {
  ret void
}

define spir_func void @NotExportedVirtual() #1 {
  ret void
}

define spir_kernel void @NotExportedKernel() #0 {
  ret void
}

define spir_func void @Exported2() #0 {
  ret void
}

define spir_func void @NotExportedNotExternal() {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="a.cpp" "indirectly-callable"="set" }
