; [SYCL/virtual functions]: an image that defines indirectly-callable
; functions gets virtual-functions-set (its set name); an image whose
; functions call indirectly gets uses-virtual-functions-set, the names of
; all calls-indirectly lists (sorted, empty names dropped, duplicates
; merged).
; RUN: sycl-post-link -properties -split=source -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=DEFINES --match-full-lines
; RUN: FileCheck %s --input-file=%t_1.prop --check-prefix=USES --match-full-lines
; "set-x"
; DEFINES: [SYCL/virtual functions]
; DEFINES-NEXT: virtual-functions-set=2|oAAAAAAAAAwclRXL4B
; DEFINES-NOT: uses-virtual-functions-set
; "set-a,set-b"
; USES: [SYCL/virtual functions]
; USES-NEXT: uses-virtual-functions-set=2|YBAAAAAAAAwclRXLhxyclRXLiB
; USES-NOT: {{^}}virtual-functions-set

target triple = "spir64-unknown-unknown"

define spir_func void @vfunc() #0 {
  ret void
}

define spir_kernel void @k1() #1 {
  ret void
}

define spir_func void @helper() #2 {
  ret void
}

define spir_kernel void @k2() #3 {
  call spir_func void @helper()
  ret void
}

attributes #0 = { "sycl-module-id"="v.cpp" "indirectly-callable"="set-x" }
attributes #1 = { "sycl-module-id"="k.cpp" "calls-indirectly"="set-b,,set-a" }
attributes #2 = { "calls-indirectly"="set-b" }
attributes #3 = { "sycl-module-id"="k.cpp" }
