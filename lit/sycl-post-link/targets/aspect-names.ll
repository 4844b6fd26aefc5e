; Target filtering compares aspect names, and the names come from the
; image's own sycl_used_aspects pairs ({!"fp64", i32 6}); !sycl_aspects is
; not consulted. An aspect value keeps the name of its first occurrence in
; the image (functions in module order): a plain integer first leaves it
; without a name, and no known target lists the empty name, even when the
; target supports the aspect (intel_gpu_pvc has fp64). Negative (internal)
; aspects are not requirements at all.
; Images (descending module-id order):
;   _0 e.cpp  @kInternal: only the internal aspect -1
;   _1 d.cpp  @kPairFirst (fp64 pair) calls @helperPlain (plain 6), later
;   _2 c.cpp  @helperPlainFirst (plain 6) comes before @kPairLater (fp64 pair)
;   _3 b.cpp  @kPlain: plain 6 only
;   _4 a.cpp  @kPair: fp64 pair only
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=source -properties -symbols -S < %s \
; RUN:   -o %t/all.table -o intel_gpu_pvc,%t/pvc.table -o spir64,%t/spir64.table
; RUN: FileCheck %s --input-file=%t/all_0.sym --check-prefix=SYM0
; RUN: FileCheck %s --input-file=%t/all_1.sym --check-prefix=SYM1
; RUN: FileCheck %s --input-file=%t/all_2.sym --check-prefix=SYM2
; RUN: FileCheck %s --input-file=%t/all_3.sym --check-prefix=SYM3
; RUN: FileCheck %s --input-file=%t/all_4.sym --check-prefix=SYM4
; RUN: FileCheck %s --input-file=%t/all_2.ll --check-prefix=IR2
; RUN: FileCheck %s --input-file=%t/pvc.table --check-prefix=PVC
; RUN: FileCheck %s --input-file=%t/spir64.table --check-prefix=SPIR64
; The property files show the same value, 6, for every fp64 image.
; RUN: FileCheck %s --input-file=%t/all_1.prop --check-prefix=FP64
; RUN: FileCheck %s --input-file=%t/all_2.prop --check-prefix=FP64
; RUN: FileCheck %s --input-file=%t/all_3.prop --check-prefix=FP64
; RUN: FileCheck %s --input-file=%t/all_4.prop --check-prefix=FP64
; RUN: FileCheck %s --input-file=%t/all_0.prop --check-prefix=NONE

; SYM0: kInternal
; SYM1: kPairFirst
; SYM2: kPairLater
; SYM3: kPlain
; SYM4: kPair

; IR2: define {{.*}} @helperPlainFirst(
; IR2: define {{.*}} @kPairLater(

; PVC: [Code|Properties|Symbols]
; PVC-NEXT: all_0.ll|{{.*}}all_0.intel_gpu_pvc.prop|{{.*}}all_0.sym
; PVC-NEXT: all_1.ll|{{.*}}all_1.intel_gpu_pvc.prop|{{.*}}all_1.sym
; PVC-NEXT: all_4.ll|{{.*}}all_4.intel_gpu_pvc.prop|{{.*}}all_4.sym
; PVC-EMPTY:

; SPIR64: [Code|Properties|Symbols]
; SPIR64-NEXT: all_0.ll|{{.*}}all_0.spir64.prop|{{.*}}all_0.sym
; SPIR64-EMPTY:

; FP64: aspects=2|gAAAAAAAAAgBAAAA
; NONE: aspects=2|AAAAAAAAAAA

target triple = "spir64-unknown-unknown"

define spir_kernel void @kPair() #0 !sycl_used_aspects !0 {
  ret void
}

define spir_kernel void @kPlain() #1 !sycl_used_aspects !1 {
  ret void
}

define spir_func void @helperPlainFirst() #2 !sycl_used_aspects !1 {
  ret void
}

define spir_kernel void @kPairLater() #2 !sycl_used_aspects !0 {
  call spir_func void @helperPlainFirst()
  ret void
}

define spir_kernel void @kPairFirst() #3 !sycl_used_aspects !0 {
  call spir_func void @helperPlain()
  ret void
}

define spir_func void @helperPlain() #3 !sycl_used_aspects !1 {
  ret void
}

define spir_kernel void @kInternal() #4 !sycl_used_aspects !3 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
attributes #2 = { "sycl-module-id"="c.cpp" }
attributes #3 = { "sycl-module-id"="d.cpp" }
attributes #4 = { "sycl-module-id"="e.cpp" }

!sycl_aspects = !{!2, !4}

!0 = !{!2}
!1 = !{i32 6}
!2 = !{!"fp64", i32 6}
!3 = !{!4}
!4 = !{!"fake_internal", i32 -1}
