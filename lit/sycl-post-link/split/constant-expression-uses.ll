; A use through a constant expression (a GEP of an addrspacecast) is a use
; like any other: the global goes into the image of the function that
; loads through it, and into no other image.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=source -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out_0.ll --check-prefix=USER
; RUN: FileCheck %s --input-file=%t/out_1.ll --check-prefix=OTHER --implicit-check-not=@table

target triple = "spir64-unknown-unknown"

; USER: @table = internal addrspace(1) constant [2 x i32] [i32 1, i32 2]
@table = internal addrspace(1) constant [2 x i32] [i32 1, i32 2], align 4

; USER: define internal spir_func i32 @read_second()
; USER-NEXT: load i32, ptr addrspace(4) getelementptr inbounds ([2 x i32], ptr addrspace(4) addrspacecast (ptr addrspace(1) @table to ptr addrspace(4)), i64 0, i64 1)
define spir_func i32 @read_second() {
  %v = load i32, ptr addrspace(4) getelementptr inbounds ([2 x i32], ptr addrspace(4) addrspacecast (ptr addrspace(1) @table to ptr addrspace(4)), i64 0, i64 1), align 4
  ret i32 %v
}

; USER: define spir_kernel void @kUser()
define spir_kernel void @kUser() #0 {
  %v = call spir_func i32 @read_second()
  ret void
}

; OTHER: define spir_kernel void @kOther()
define spir_kernel void @kOther() #1 {
  ret void
}

attributes #0 = { "sycl-module-id"="b.cpp" }
attributes #1 = { "sycl-module-id"="a.cpp" }
