; With -device-lib-dir, an image that declares a bfloat16 device-library
; function brings the fallback and the native bfloat16 libraries along as two
; more images, saved as they are (no cleanup), with no entry points, their
; __devicelib_ spir_func definitions exported and [SYCL/devicelib metadata]
; telling them apart; the image itself imports the function.
; RUN: rm -rf %t && mkdir -p %t/lib
; RUN: llvm-as %S/Inputs/fallback-bf16.ll -o %t/lib/libsycl-fallback-bfloat16.bc
; RUN: llvm-as %S/Inputs/native-bf16.ll -o %t/lib/libsycl-native-bfloat16.bc
; RUN: sycl-post-link -split=kernel -symbols -properties -emit-imported-symbols -device-lib-dir=%t/lib -S %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out.table --check-prefix=TABLE
; TABLE: [Code|Properties|Symbols]
; TABLE-NEXT: {{.*}}out_0.ll|{{.*}}out_0.prop|{{.*}}out_0.sym
; TABLE-NEXT: {{.*}}out_1.ll|{{.*}}out_1.prop|{{.*}}out_1.sym
; TABLE-NEXT: {{.*}}out_2.ll|{{.*}}out_2.prop|{{.*}}out_2.sym
; TABLE-NEXT: {{.*}}out_3.ll|{{.*}}out_3.prop|{{.*}}out_3.sym
; TABLE-EMPTY:
; The two kernels' images come first; the one that converts imports.
; RUN: cat %t/out_0.prop %t/out_1.prop | FileCheck %s --check-prefix=IMPORT
; IMPORT: [SYCL/imported symbols]
; IMPORT-NEXT: __devicelib_ConvertBF16ToFINTEL=1|1
; The fallback library, then the native one.
; RUN: FileCheck %s --input-file=%t/out_2.prop --check-prefix=FALLBACK --implicit-check-not=widen --implicit-check-not=unrelated
; FALLBACK: [SYCL/exported symbols]
; FALLBACK-NEXT: __devicelib_ConvertBF16ToFINTEL=1|1
; FALLBACK-NEXT: __devicelib_ConvertFToBF16INTEL=1|1
; FALLBACK-NEXT: [SYCL/devicelib metadata]
; FALLBACK-NEXT: bfloat16=1|0
; FALLBACK-EMPTY:
; RUN: FileCheck %s --input-file=%t/out_3.prop --check-prefix=NATIVE
; NATIVE: [SYCL/exported symbols]
; NATIVE-NEXT: __devicelib_ConvertBF16ToFINTEL=1|1
; NATIVE-NEXT: [SYCL/devicelib metadata]
; NATIVE-NEXT: bfloat16=1|1
; RUN: count 0 < %t/out_2.sym
; RUN: count 0 < %t/out_3.sym
; Saved as they are: nothing internalized or removed.
; RUN: FileCheck %s --input-file=%t/out_2.ll --check-prefix=LIBIR
; LIBIR: define spir_func float @__devicelib_ConvertBF16ToFINTEL(
; LIBIR: define spir_func float @widen(
; LIBIR: declare spir_func void @__devicelib_unrelated()
;
; Without -device-lib-dir there are only the kernels' images.
; RUN: sycl-post-link -split=kernel -symbols -S %s -o %t/nolib.table
; RUN: FileCheck %s --input-file=%t/nolib.table --check-prefix=NOLIB
; NOLIB: [Code|Symbols]
; NOLIB-NEXT: nolib_0.ll
; NOLIB-NEXT: nolib_1.ll
; NOLIB-EMPTY:
;
; A library that cannot be loaded is an error, and nothing is written.
; RUN: not sycl-post-link -split=kernel -symbols -device-lib-dir=%t/missing -S %s -o %t/bad.table 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: sycl-post-link: error: {{.*}}missing/libsycl-fallback-bfloat16.bc: failed to load bfloat16 device library modules: No such file or directory
; RUN: not ls %t/bad.table %t/bad_0.ll

target triple = "spir64-unknown-unknown"

declare spir_func float @__devicelib_ConvertBF16ToFINTEL(ptr addrspace(4))

define spir_kernel void @convert(ptr addrspace(4) %p, ptr addrspace(1) %out) #0 {
  %f = call spir_func float @__devicelib_ConvertBF16ToFINTEL(ptr addrspace(4) %p)
  store float %f, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @plain(ptr addrspace(1) %out) #0 {
  store float 1.0, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "sycl-module-id"="bf16.cpp" }
