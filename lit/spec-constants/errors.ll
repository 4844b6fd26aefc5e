; Invalid input is reported with one line and exit status 1: a symbolic ID
; that is not a string literal, and the -O0 pattern with more than one store
; into the symbolic-ID temporary.
; RUN: split-file %s %t
; RUN: not sycl-post-link -spec-const=native -S %t/not-literal.ll -o %t/a.table 2>&1 | FileCheck %s --check-prefix=LITERAL
; RUN: not sycl-post-link -spec-const=native -S %t/two-stores.ll -o %t/b.table 2>&1 | FileCheck %s --check-prefix=STORES
; RUN: not sycl-post-link -spec-const=native -S %t/type.ll -o %t/c.table 2>&1 | FileCheck %s --check-prefix=TYPE

; LITERAL: sycl-post-link: error: the symbolic ID of a specialization constant must be a string literal
; STORES: sycl-post-link: error: single store expected
; TYPE: sycl-post-link: error: unsupported specialization constant type i128

;--- not-literal.ll
target triple = "spir64-unknown-unknown"
@id = internal addrspace(1) constant { i32 } { i32 1 }
define spir_kernel void @k(ptr addrspace(4) %name) {
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) %name, ptr addrspace(4) addrspacecast (ptr addrspace(1) @id to ptr addrspace(4)), ptr addrspace(4) null)
  ret void
}
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))

;--- two-stores.ll
target triple = "spir64-unknown-unknown"
@n = private unnamed_addr constant [2 x i8] c"A\00"
define spir_kernel void @k() {
  %t = alloca ptr addrspace(4)
  store ptr addrspace(4) addrspacecast (ptr @n to ptr addrspace(4)), ptr %t
  store ptr addrspace(4) null, ptr %t
  %l = load ptr addrspace(4), ptr %t
  %v = call spir_func float @_Z33__sycl_getScalarSpecConstantValueIfET_PKc(ptr addrspace(4) %l)
  ret void
}
declare spir_func float @_Z33__sycl_getScalarSpecConstantValueIfET_PKc(ptr addrspace(4))

;--- type.ll
target triple = "spir64-unknown-unknown"
@n = private unnamed_addr constant [2 x i8] c"A\00"
@id = internal addrspace(1) constant { i128 } { i128 1 }
define spir_kernel void @k() {
  %v = call spir_func i128 @_Z37__sycl_getScalar2020SpecConstantValueInET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @n to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id to ptr addrspace(4)), ptr addrspace(4) null)
  ret void
}
declare spir_func i128 @_Z37__sycl_getScalar2020SpecConstantValueInET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
