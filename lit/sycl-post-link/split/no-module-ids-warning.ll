; A module with kernels and no sycl-module-id (upstream clang writes none)
; split per source (or auto): one warning, once; the images are made all the
; same. Per-kernel split and a module that has module ids do not warn.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=source -symbols -o %t/s.table %s 2>&1 | FileCheck %s --check-prefix=WARN
; RUN: sycl-post-link -symbols -o %t/a.table %s 2>&1 | FileCheck %s --check-prefix=WARN
; WARN:     warning: {{.*}}no-module-ids-warning.ll: the module has kernels but no function with the 'sycl-module-id' attribute: per-source split makes one device image and SYCL_EXTERNAL functions are not entry points (sycl-link sets the attribute from each input's source file name)
; WARN-NOT: warning
; RUN: FileCheck %s --input-file=%t/s_0.sym --check-prefix=ONE
; ONE-DAG: _ZTS1A
; ONE-DAG: _ZTS1B
; RUN: sycl-post-link -split=kernel -symbols -o %t/k.table %s 2>&1 | count 0
; RUN: sed 's/^define spir_kernel void @_ZTS1A()/define spir_kernel void @_ZTS1A() #0/' %s > %t/ids.ll
; RUN: echo 'attributes #0 = { "sycl-module-id"="a.cpp" }' >> %t/ids.ll
; RUN: sycl-post-link -split=source -symbols -o %t/i.table %t/ids.ll 2>&1 | count 0

target triple = "spir64-unknown-unknown"

define spir_kernel void @_ZTS1A() {
  ret void
}

define spir_kernel void @_ZTS1B() {
  ret void
}
