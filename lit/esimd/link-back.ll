; Without -split-esimd, an image with SYCL and ESIMD entry points is still
; split into its ESIMD and SYCL parts, which are then linked back into one
; module: the ESIMD part's copy of everything both parts define is renamed
; <name>.esimd (functions, and variables that are not local: a local variable
; keeps its name and the linker renames the SYCL copy), the entry points are
; the ESIMD ones then the SYCL ones, the
; status is SYCL_AND_ESIMD (2), and (upstream quirk) no optLevel property is
; written for such a module.
; RUN: sycl-post-link -properties -symbols -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t_0.ll
; RUN: FileCheck %s --input-file=%t_0.sym --check-prefix=SYM
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=PROP
; With -split-esimd the parts keep their optLevel.
; RUN: sycl-post-link -split-esimd -properties -S < %s -o %t2.table
; RUN: FileCheck %s --input-file=%t2_0.esimd.prop --check-prefix=SPLIT-PROP
; RUN: FileCheck %s --input-file=%t2_0.prop --check-prefix=SPLIT-PROP

; TABLE: [Code|Properties|Symbols]
; TABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.prop|{{.*}}_0.sym
; TABLE-EMPTY:

; SYM: ESIMD_kernel
; SYM-NEXT: SYCL_kernel
; SYM-EMPTY:

; PROP-NOT: isEsimdImage
; PROP-NOT: optLevel
; SPLIT-PROP: optLevel=1|2

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

@counter = addrspace(1) global i32 0
@local = internal addrspace(1) global i32 0

; The SYCL kernel comes first in the input, but the ESIMD part is the one the
; SYCL part is linked into.
; CHECK: @counter.esimd = addrspace(1) global i32 0
; CHECK: @local = internal addrspace(1) global i32 0
; CHECK: @counter = addrspace(1) global i32 0
; CHECK: @local.1 = internal addrspace(1) global i32 0
; CHECK: define spir_kernel void @ESIMD_kernel() #[[#ATTR:]] !sycl_explicit_simd
; CHECK-NEXT: call spir_func void @shared.esimd()
; CHECK-NEXT: call spir_func void @leaf.esimd()
; CHECK: define internal spir_func void @shared.esimd()
; CHECK-NEXT: load i32, ptr addrspace(1) @counter.esimd
; CHECK-NEXT: load i32, ptr addrspace(1) @local,
; CHECK: define internal spir_func void @leaf.esimd()
; CHECK: define spir_kernel void @SYCL_kernel() #[[#ATTR]] {
; CHECK-NEXT: call spir_func void @shared()
; CHECK: define internal spir_func void @shared()
; CHECK-NEXT: load i32, ptr addrspace(1) @counter,
; CHECK-NEXT: load i32, ptr addrspace(1) @local.1,
; CHECK: attributes #[[#ATTR]] = { "sycl-entry-point" "sycl-module-id"="a.cpp" "sycl-optlevel"="2" }
; CHECK: !sycl-esimd-split-status = !{![[#STATUS:]]}
; CHECK: ![[#STATUS]] = !{i8 2}
define spir_kernel void @SYCL_kernel() #0 {
  call spir_func void @shared()
  ret void
}

define spir_kernel void @ESIMD_kernel() #0 !sycl_explicit_simd !0 {
  call spir_func void @shared()
  call spir_func void @leaf()
  ret void
}

define spir_func void @shared() {
  %v = load i32, ptr addrspace(1) @counter
  %w = load i32, ptr addrspace(1) @local
  call spir_func void @leaf()
  ret void
}

define spir_func void @leaf() {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" "sycl-optlevel"="2" }

!0 = !{}
