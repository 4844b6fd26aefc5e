; The LLVM verifier runs on every module written when SPL_VERIFY_EACH is set
; (the test suites set it; debug builds always verify), as LLVM tools do with
; -verify-each: an input that parses but is not valid IR (here an
; instruction that does not dominate its use) is then refused with one line,
; exit code 1 and no partial outputs. Release builds do not pay for it
; otherwise: without the variable the same input is split.
; RUN: rm -rf %t && mkdir -p %t/on %t/off %t/split
; RUN: env SPL_VERIFY_EACH=1 not sycl-post-link -split=source -symbols %s -o %t/on/t.table 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: sycl-post-link: error: {{.*}}verify-each.ll: output module 1: module verification failed: Instruction does not dominate all uses!
; RUN: ls -A %t/on | count 0
; RUN: env SPL_VERIFY_EACH=1 not sycl-module-split -split=source %s -o %t/split/m 2>&1 | FileCheck %s --check-prefix=SPLIT
; SPLIT: sycl-module-split: error: {{.*}}verify-each.ll: output module 1: module verification failed: Instruction does not dominate all uses!
; RUN: ls -A %t/split | count 0
; Two workers write the files; their temporary directories do not stay.
; RUN: env SPL_VERIFY_EACH=0 SPL_THREADS=2 sycl-post-link -split=source -symbols %s -o %t/off/t.table
; RUN: ls -A %t/off | FileCheck %s --check-prefix=OFF --implicit-check-not=spl-tmp
; OFF: t.table
; OFF: t_0.bc
; OFF: t_1.bc

target triple = "spir64-unknown-unknown"

define spir_kernel void @k1() #0 {
entry:
  %a = add i32 %b, 1
  %b = add i32 %a, 1
  ret void
}

define spir_kernel void @k2() #1 {
entry:
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
