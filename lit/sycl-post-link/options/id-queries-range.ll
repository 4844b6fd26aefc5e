; -id-queries-range= (forwarded by the driver from -fsycl-id-queries-range=)
; puts the range ID queries fit in into [SYCL/misc properties] of every
; image: uint is idQueriesRange=1|1, size_t is idQueriesRange=1|2, after
; optLevel; int, the default, writes nothing. It is not an action of its own.
; RUN: sycl-post-link -properties -S %s -o %t.default.table
; RUN: FileCheck %s --input-file=%t.default_0.prop --check-prefix=NONE
; RUN: FileCheck %s --input-file=%t.default_1.prop --check-prefix=NONE
; RUN: sycl-post-link -properties -id-queries-range=int -S %s -o %t.int.table
; RUN: FileCheck %s --input-file=%t.int_0.prop --check-prefix=NONE
; RUN: sycl-post-link -properties -id-queries-range=uint -S %s -o %t.uint.table
; RUN: FileCheck %s --input-file=%t.uint_0.prop --check-prefix=UINT0 --match-full-lines
; RUN: FileCheck %s --input-file=%t.uint_1.prop --check-prefix=UINT1 --match-full-lines
; RUN: sycl-post-link -properties -id-queries-range=size_t -S %s -o %t.size.table
; RUN: FileCheck %s --input-file=%t.size_1.prop --check-prefix=SIZE --match-full-lines
; RUN: not sycl-post-link -split=none -id-queries-range=uint -S %s -o %t.none.table 2>&1 | FileCheck %s --check-prefix=NOACTION

; NONE-NOT: idQueriesRange

; UINT0: [SYCL/misc properties]
; UINT0-NEXT: optLevel=1|3
; UINT0-NEXT: idQueriesRange=1|1
; UINT1: [SYCL/misc properties]
; UINT1-NEXT: idQueriesRange=1|1
; SIZE: [SYCL/misc properties]
; SIZE-NEXT: idQueriesRange=1|2

; NOACTION: no actions specified; try --help for usage info

target triple = "spir64-unknown-unknown"

define spir_kernel void @in_b() #1 {
  ret void
}

define spir_kernel void @in_a() #0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" "sycl-optlevel"="3" }
