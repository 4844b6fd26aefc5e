; A device image that defines virtual functions (indirectly-callable) which
; use optional kernel features gets no "dummy" copy: the newest upstream tool
; writes none (its computeModuleProperties has no dummy-image property; the
; older makeDummy and upstream's virtual-functions/dummy.ll predate that).
; Each set is an image of its own, numbered as any other.
; RUN: sycl-post-link -properties -symbols -split=auto -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t.table --check-prefix=TABLE
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=PLAIN-PROP --match-full-lines
; RUN: FileCheck %s --input-file=%t_1.ll --check-prefix=REAL-IR
; RUN: FileCheck %s --input-file=%t_1.prop --check-prefix=REAL-PROP --match-full-lines
; RUN: FileCheck %s --input-file=%t_2.prop --check-prefix=KERNEL-PROP --match-full-lines
; RUN: sycl-post-link -properties -split=none -S < %s -o %t.whole.table
; RUN: FileCheck %s --input-file=%t.whole.table --check-prefix=WHOLE-TABLE
; RUN: FileCheck %s --input-file=%t.whole_0.prop --check-prefix=WHOLE-PROP

; TABLE:      [Code|Properties|Symbols]
; TABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.prop|{{.*}}_0.sym
; TABLE-NEXT: {{.*}}_1.ll|{{.*}}_1.prop|{{.*}}_1.sym
; TABLE-NEXT: {{.*}}_2.ll|{{.*}}_2.prop|{{.*}}_2.sym
; TABLE-EMPTY:

; "set-p": no optional feature.
; PLAIN-PROP: [SYCL/virtual functions]
; PLAIN-PROP-NEXT: virtual-functions-set=2|oAAAAAAAAAwclRXLwB
; PLAIN-PROP-NOT: dummy-image

; "set-h" uses fp16: the real functions, and no copy after them.
; REAL-IR: define spir_func i32 @half_fn(i32 %x) #0 !sycl_used_aspects
; REAL-IR-NEXT: %y = add i32 %x, 1
; REAL-IR-NEXT: ret i32 %y
; aspects: [5]
; REAL-PROP: aspects=2|gAAAAAAAAAQBAAAA
; REAL-PROP: virtual-functions-set=2|oAAAAAAAAAwclRXLoB
; REAL-PROP-NOT: dummy-image

; KERNEL-PROP: [SYCL/virtual functions]
; KERNEL-PROP-NEXT: uses-virtual-functions-set=2|YBAAAAAAAAwclRXLoxyclRXLwB
; KERNEL-PROP-NOT: dummy-image

; WHOLE-TABLE:      [Code|Properties]
; WHOLE-TABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.prop
; WHOLE-TABLE-EMPTY:
; WHOLE-PROP: aspects=2|gAAAAAAAAAQBAAAA
; WHOLE-PROP-NOT: dummy-image

target triple = "spir64-unknown-unknown"

define spir_func i32 @half_fn(i32 %x) #0 !sycl_used_aspects !1 {
  %y = add i32 %x, 1
  ret i32 %y
}

define spir_func void @plain_fn() #1 {
  ret void
}

define spir_kernel void @kern() #2 {
  ret void
}

attributes #0 = { "indirectly-callable"="set-h" "sycl-module-id"="m.cpp" }
attributes #1 = { "indirectly-callable"="set-p" "sycl-module-id"="m.cpp" }
attributes #2 = { "calls-indirectly"="set-h,set-p" "sycl-module-id"="m.cpp" }

!sycl_aspects = !{!0}
!0 = !{!"fp16", i32 5}
!1 = !{i32 5}
