; Global variables that are not discardable (here weak function tables)
; go into every image, and with them the functions their initializers
; refer to and what those call, even where no entry point uses them. The
; copies are internal except in the image where a function is an entry
; point (@baz is SYCL_EXTERNAL). Same in every split mode, -split=none included.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=source -symbols -S < %s -o %t/src.table
; RUN: FileCheck %s --input-file=%t/src_0.ll --check-prefixes=CHECK,BAZ-EP,K2 --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/src_1.ll --check-prefixes=CHECK,BAZ-COPY,K1 --implicit-check-not=define
; RUN: sycl-post-link -split=none -symbols -S < %s -o %t/none.table
; RUN: FileCheck %s --input-file=%t/none_0.ll --check-prefixes=CHECK,BAZ-EP,K1,K2 --implicit-check-not=define
; RUN: sycl-post-link -split=kernel -symbols -S < %s -o %t/ker.table
; RUN: FileCheck %s --input-file=%t/ker.table --check-prefix=KTABLE
; RUN: FileCheck %s --input-file=%t/ker_0.ll --check-prefixes=CHECK,BAZ-EP --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/ker_1.ll --check-prefixes=CHECK,BAZ-COPY,K2 --implicit-check-not=define
; RUN: FileCheck %s --input-file=%t/ker_2.ll --check-prefixes=CHECK,BAZ-COPY,K1 --implicit-check-not=define

; -split=kernel: @baz is an entry point of its own.
; KTABLE: [Code|Symbols]
; KTABLE-COUNT-3: .sym
; KTABLE-EMPTY:

target triple = "spir64-unknown-unknown"

$foo = comdat any
$bar = comdat any

; CHECK: @tableX = weak global [1 x ptr] [ptr @foo]
; CHECK: @tableY = weak global [1 x ptr] [ptr @bar]
@tableX = weak global [1 x ptr] [ptr @foo], align 8
@tableY = weak global [1 x ptr] [ptr @bar], align 8

; CHECK: define internal spir_func void @foo()
define linkonce_odr dso_local spir_func void @foo() comdat {
  ret void
}

; BAZ-EP: define weak dso_local spir_func void @baz()
; BAZ-COPY: define internal spir_func void @baz()
define weak dso_local spir_func void @baz() #1 {
  ret void
}

; CHECK: define internal spir_func void @bar()
define linkonce_odr dso_local spir_func void @bar() comdat {
  call void @baz()
  ret void
}

; K1: define weak_odr dso_local spir_kernel void @Kernel1()
define weak_odr dso_local spir_kernel void @Kernel1() #0 {
  ret void
}

; K2: define weak_odr dso_local spir_kernel void @Kernel2()
define weak_odr dso_local spir_kernel void @Kernel2() #1 {
  ret void
}

attributes #0 = { "sycl-module-id"="module1.cpp" }
attributes #1 = { "sycl-module-id"="module2.cpp" }
