; -kernel-names= renames kernels clang names _ZTS<N> __sycl_kernel_<N>, the
; name Intel's SYCL runtime finds a SYCLBIN kernel by as "N"
; (docs/upstream-clang.md). Default mangled: names as written; auto: only a
; module in which no function has sycl-module-id (upstream clang's output);
; free-function: every module.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=kernel -symbols -o %t/m.table %s
; RUN: cat %t/m_0.sym %t/m_1.sym | FileCheck %s --check-prefix=MANGLED
; MANGLED-DAG: _ZTS11ScaleKernel
; RUN: sycl-post-link -split=kernel -symbols -properties -emit-kernel-names -kernel-names=auto -o %t/a.table %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=WARN
; WARN: warning: {{.*}}kernel-names.ll: kernel '_ZTS1KIiE' keeps its mangled name: its name type is not an identifier, so the SYCL runtime finds it by no name a program writes
; RUN: cat %t/a_0.sym %t/a_1.sym | FileCheck %s --check-prefix=RENAMED
; RUN: cat %t/a_0.prop %t/a_1.prop | FileCheck %s --check-prefix=PROP
; RENAMED-DAG: __sycl_kernel_ScaleKernel
; RENAMED-DAG: _ZTS1KIiE
; PROP-DAG: __sycl_kernel_ScaleKernel=1|1
; A module with module ids: auto leaves it, free-function renames.
; RUN: sed 's/^define spir_kernel void @_ZTS11ScaleKernel()/define spir_kernel void @_ZTS11ScaleKernel() #0/' %s > %t/ids.ll
; RUN: echo 'attributes #0 = { "sycl-module-id"="a.cpp" }' >> %t/ids.ll
; RUN: sycl-post-link -split=kernel -symbols -kernel-names=auto -o %t/i.table %t/ids.ll
; RUN: cat %t/i_0.sym %t/i_1.sym | FileCheck %s --check-prefix=MANGLED
; RUN: sycl-post-link -split=kernel -symbols -kernel-names=free-function -o %t/f.table %t/ids.ll
; RUN: cat %t/f_0.sym %t/f_1.sym | FileCheck %s --check-prefix=RENAMED
; RUN: not sycl-post-link -kernel-names=other -symbols -o %t/x.table %s 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: sycl-post-link: error: for the --kernel-names option: Cannot find option named 'other'!

target triple = "spir64-unknown-unknown"

define spir_kernel void @_ZTS11ScaleKernel() {
  ret void
}

define spir_kernel void @_ZTS1KIiE() {
  ret void
}
