; 128-bit scalar specialization constants (i128, fp128) are accepted in
; emulation mode, as upstream accepts them: each is read from the
; specialization-constant buffer, and its default value takes its 16 bytes,
; the whole value, in [SYCL/specialization constants default values]. Native
; mode has no __spirv_SpecConstant for them and refuses them.
; RUN: sycl-post-link -properties -spec-const=emulation -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=IR
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=PROP --match-full-lines
; RUN: not sycl-post-link -properties -spec-const=native -S < %s -o %t.native.table 2>&1 | FileCheck %s --check-prefix=NATIVE
; IR: load i128, ptr addrspace(4)
; IR: load fp128, ptr addrspace(4)
; IR-NOT: __sycl_getScalar2020SpecConstantValue
; A: ID 0, 16 bytes; F: ID 1, 16 bytes (offsets within each constant).
; PROP: [SYCL/specialization constants]
; PROP-NEXT: A=2|gBAAAAAAAAAAAAAAAAAAAABAAAA
; PROP-NEXT: F=2|gBAAAAAAAAQAAAAAAAAAAABAAAA
; i128 -2 (fe ff .. ff), then fp128 1.0 (0x3fff0000... in the high word).
; PROP: [SYCL/specialization constants default values]
; PROP-NEXT: all=2|AEAAAAAAAAg/////////////////////AAAAAAAAAAAAAAAAAAw//A
; NATIVE: sycl-post-link: error: {{.*}}i128

target triple = "spir64-unknown-unknown"

@na = private unnamed_addr constant [2 x i8] c"A\00"
@nf = private unnamed_addr constant [2 x i8] c"F\00"
@ida = internal addrspace(1) constant { i128 } { i128 -2 }
@idf = internal addrspace(1) constant { fp128 } { fp128 0xL00000000000000003FFF000000000000 }

define spir_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %outf, ptr addrspace(1) %buf) #0 {
  %b4 = addrspacecast ptr addrspace(1) %buf to ptr addrspace(4)
  %a = call spir_func i128 @_Z37__sycl_getScalar2020SpecConstantValueInET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @na to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @ida to ptr addrspace(4)), ptr addrspace(4) %b4)
  store i128 %a, ptr addrspace(1) %out
  %f = call spir_func fp128 @_Z37__sycl_getScalar2020SpecConstantValueIgET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @nf to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @idf to ptr addrspace(4)), ptr addrspace(4) %b4)
  store fp128 %f, ptr addrspace(1) %outf
  ret void
}

declare spir_func i128 @_Z37__sycl_getScalar2020SpecConstantValueInET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func fp128 @_Z37__sycl_getScalar2020SpecConstantValueIgET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))

attributes #0 = { "sycl-module-id"="a.cpp" }
