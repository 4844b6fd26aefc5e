; Lowering an ESIMD image drops optnone and noinline (which the VC back end
; does not support) when -split-esimd guarantees the module holds ESIMD code
; only; without -split-esimd the module may be linked back with SYCL code, so
; they stay. "CMGenxSIMT" functions keep them either way, and get
; "VCSIMTCall". Functions without noinline become alwaysinline.
; RUN: sycl-post-link -properties -split-esimd -lower-esimd -S < %s -o %t.table
; RUN: FileCheck %s --input-file=%t_0.esimd.ll --check-prefixes=CHECK,SPLIT
; RUN: sycl-post-link -properties -lower-esimd -S < %s -o %t1.table
; RUN: FileCheck %s --input-file=%t1_0.esimd.ll --check-prefixes=CHECK,NOSPLIT

; CHECK: define dso_local spir_func void @esimd() #[[#PLAIN:]]
; CHECK: define dso_local spir_func void @esimd_simt() #[[#SIMT:]]
; SPLIT: attributes #[[#PLAIN]] = { alwaysinline convergent "VCFunction" "sycl-entry-point" "sycl-module-id"="a.cpp" }
; NOSPLIT: attributes #[[#PLAIN]] = { convergent noinline optnone "VCFunction" "sycl-entry-point" "sycl-module-id"="a.cpp" }
; CHECK: attributes #[[#SIMT]] = { convergent noinline optnone "CMGenxSIMT" "VCFunction" "VCSIMTCall" "sycl-entry-point" "sycl-module-id"="a.cpp" }

target triple = "spir64-unknown-unknown"

define dso_local spir_func void @esimd() #0 !sycl_explicit_simd !0 {
  ret void
}

define dso_local spir_func void @esimd_simt() #1 !sycl_explicit_simd !0 {
  ret void
}

attributes #0 = { noinline optnone convergent "sycl-module-id"="a.cpp" }
attributes #1 = { noinline optnone convergent "CMGenxSIMT" "sycl-module-id"="a.cpp" }

!0 = !{}
