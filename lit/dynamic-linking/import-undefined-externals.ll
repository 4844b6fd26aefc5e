; -import-undefined-externals (sycl-link's default for input and object
; state; not an upstream option): a SYCL_EXTERNAL function the module
; defines is an entry point of its translation unit's image, which exports
; it, and each other image that calls it carries an internal copy, as
; without dynamic linking; only what the module declares and does not
; define is imported, by dynamic linking's rule, and no "Undefined
; function" warning names it (the builtin, never an import, has none
; either way).
; RUN: sycl-post-link -split=source -symbols -properties -emit-exported-symbols -emit-imported-symbols \
; RUN:   -import-undefined-externals -S < %s -o %t.table 2> %t.err
; RUN: FileCheck %s --input-file=%t.table --check-prefix=TABLE
; TABLE: [Code|Properties|Symbols]
; TABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.prop|{{.*}}_0.sym
; TABLE-NEXT: {{.*}}_1.ll|{{.*}}_1.prop|{{.*}}_1.sym
; TABLE-EMPTY:
; RUN: FileCheck %s --input-file=%t_0.ll --check-prefix=LIB
; RUN: FileCheck %s --input-file=%t_0.prop --check-prefix=LIBPROP --match-full-lines
; RUN: FileCheck %s --input-file=%t_1.ll --check-prefix=APP
; RUN: FileCheck %s --input-file=%t_1.prop --check-prefix=APPPROP --match-full-lines
; RUN: count 0 < %t.err
;
; LIB: define spir_func i32 @_Z5scalei(
; LIBPROP: [SYCL/exported symbols]
; LIBPROP-NEXT: _Z5scalei=1|1
; LIBPROP-NOT: [SYCL/imported symbols]
;
; APP: declare spir_func i32 @_Z6remotei(
; APP: define internal spir_func i32 @_Z5scalei(
; APPPROP-NOT: [SYCL/exported symbols]
; APPPROP: [SYCL/imported symbols]
; APPPROP-NEXT: _Z6remotei=1|1
; APPPROP-NOT: _Z5scalei
; APPPROP-NOT: __local_helper
;
;
; Without the option (nor dynamic linking) nothing is imported and the
; declaration is warned about, as upstream does.
; RUN: sycl-post-link -split=source -symbols -properties -emit-exported-symbols -emit-imported-symbols \
; RUN:   -S < %s -o %t.none.table 2>&1 | FileCheck %s --check-prefix=WARN
; WARN: warning: Undefined function _Z6remotei found in
; RUN: not grep 'imported symbols' %t.none_1.prop
;
; The same module with dynamic linking: the copy becomes an import.
; RUN: sycl-post-link -split=source -symbols -properties -emit-exported-symbols -emit-imported-symbols \
; RUN:   -allow-device-image-dependencies -S < %s -o %t.dyn.table
; RUN: FileCheck %s --input-file=%t.dyn_1.prop --check-prefix=DYN --match-full-lines
; DYN: [SYCL/imported symbols]
; DYN-NEXT: _Z6remotei=1|1
; DYN-NEXT: _Z5scalei=1|1

target triple = "spir64-unknown-unknown"

declare spir_func i32 @_Z6remotei(i32)
declare spir_func i32 @__local_helper(i32)

define spir_func i32 @_Z5scalei(i32 %x) #0 {
  %r = mul i32 %x, 3
  ret i32 %r
}

define spir_kernel void @__sycl_kernel_K(ptr addrspace(1) %p) #1 {
  %a = call spir_func i32 @_Z5scalei(i32 1)
  %b = call spir_func i32 @_Z6remotei(i32 %a)
  %c = call spir_func i32 @__local_helper(i32 %b)
  store i32 %c, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "sycl-module-id"="lib.cpp" }
attributes #1 = { "sycl-module-id"="app.cpp" }
