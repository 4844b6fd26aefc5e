; Specialization constants are lowered in every part of an image, and with
; -generate-device-image-default-spec-consts each part that uses them gets a
; default-value copy. The copies of an image's parts follow all its parts,
; with the next number and the same ESIMD/SYCL naming: _0.esimd, _0, then
; _1.esimd, _1 (marked specConstsReplacedWithDefault, listing their kernels).
; RUN: sycl-post-link -split-esimd -properties -symbols -spec-const=native -generate-device-image-default-spec-consts -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t_0.esimd.prop --check-prefix=PROP-ESIMD
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=PROP-SYCL
; RUN: FileCheck %s --input-file=%t_1.esimd.prop --check-prefix=PROP-ESIMD-DEFAULT
; RUN: FileCheck %s --input-file=%t_1.prop --check-prefix=PROP-SYCL-DEFAULT
; RUN: FileCheck %s --input-file=%t_0.esimd.ll --check-prefix=IR-ESIMD
; RUN: FileCheck %s --input-file=%t_1.esimd.ll --check-prefix=IR-ESIMD-DEFAULT
; RUN: FileCheck %s --input-file=%t_1.esimd.sym --check-prefix=SYM-ESIMD-DEFAULT
; Linked back together: one module and its copy.
; RUN: sycl-post-link -properties -spec-const=native -generate-device-image-default-spec-consts -S < %s -o %t2.table
; RUN: FileCheck %s --input-file=%t2.table --check-prefix=TABLE-LINKED
; RUN: FileCheck %s --input-file=%t2_1.prop --check-prefix=PROP-LINKED-DEFAULT

; TABLE: [Code|Properties|Symbols]
; TABLE-NEXT: {{.*}}_0.esimd.ll|{{.*}}_0.esimd.prop|{{.*}}_0.esimd.sym
; TABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.prop|{{.*}}_0.sym
; TABLE-NEXT: {{.*}}_1.esimd.ll|{{.*}}_1.esimd.prop|{{.*}}_1.esimd.sym
; TABLE-NEXT: {{.*}}_1.ll|{{.*}}_1.prop|{{.*}}_1.sym
; TABLE-EMPTY:

; PROP-ESIMD: [SYCL/specialization constants]
; PROP-ESIMD-NEXT: e=2|
; PROP-ESIMD: [SYCL/misc properties]
; PROP-ESIMD-NEXT: isEsimdImage=1|1
; PROP-ESIMD-NOT: specConstsReplacedWithDefault

; PROP-SYCL: [SYCL/specialization constants]
; PROP-SYCL-NEXT: s=2|
; PROP-SYCL-NOT: isEsimdImage

; PROP-ESIMD-DEFAULT-NOT: [SYCL/specialization constants
; PROP-ESIMD-DEFAULT: [SYCL/misc properties]
; PROP-ESIMD-DEFAULT-NEXT: isEsimdImage=1|1
; PROP-ESIMD-DEFAULT-NEXT: specConstsReplacedWithDefault=1|1

; PROP-SYCL-DEFAULT-NOT: [SYCL/specialization constants
; PROP-SYCL-DEFAULT: [SYCL/misc properties]
; PROP-SYCL-DEFAULT-NEXT: specConstsReplacedWithDefault=1|1

; IR-ESIMD: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 0, i32 7)
; IR-ESIMD-DEFAULT: %v = add i32 7, 1
; IR-ESIMD-DEFAULT: !sycl-esimd-split-status = !{![[#S:]]}
; IR-ESIMD-DEFAULT: !sycl.specialization-constants-default-values-module = !{}
; IR-ESIMD-DEFAULT: ![[#S]] = !{i8 1}
; SYM-ESIMD-DEFAULT: ESIMD_kernel
; SYM-ESIMD-DEFAULT-EMPTY:

; TABLE-LINKED: [Code|Properties]
; TABLE-LINKED-NEXT: {{.*}}_0.ll|{{.*}}_0.prop
; TABLE-LINKED-NEXT: {{.*}}_1.ll|{{.*}}_1.prop
; TABLE-LINKED-EMPTY:
; PROP-LINKED-DEFAULT-NOT: isEsimdImage
; PROP-LINKED-DEFAULT: specConstsReplacedWithDefault=1|1

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@n.e = private unnamed_addr constant [2 x i8] c"e\00"
@n.s = private unnamed_addr constant [2 x i8] c"s\00"
@id_e = internal addrspace(1) constant { i32 } { i32 7 }
@id_s = internal addrspace(1) constant { i32 } { i32 9 }

define spir_kernel void @ESIMD_kernel() #0 !sycl_explicit_simd !0 {
  %sc = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @n.e to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_e to ptr addrspace(4)), ptr addrspace(4) null)
  %v = add i32 %sc, 1
  ret void
}

define spir_kernel void @SYCL_kernel() #0 {
  %sc = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @n.s to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id_s to ptr addrspace(4)), ptr addrspace(4) null)
  %v = add i32 %sc, 1
  ret void
}

declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{}
