; Every input module goes through the LLVM verifier, whatever SPL_VERIFY_EACH
; says (it adds the verification of every module written, as LLVM tools'
; -verify-each): an input that parses but is not valid IR (here an
; instruction that does not dominate its use) is refused with one line, exit
; code 1 and no partial outputs, at any thread count. (Before, release
; builds split it without the variable and wrote the broken IR.)
; RUN: rm -rf %t && mkdir -p %t/on %t/off %t/split
; RUN: env SPL_VERIFY_EACH=1 not sycl-post-link -split=source -symbols %s -o %t/on/t.table 2>&1 | FileCheck %s --check-prefix=ERR
; RUN: env SPL_VERIFY_EACH=0 SPL_THREADS=2 not sycl-post-link -split=source -symbols %s -o %t/off/t.table 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: sycl-post-link: error: {{.*}}verify-each.ll: input module is broken: Instruction does not dominate all uses!
; ERR-NOT: {{.}}
; RUN: ls -A %t/on | count 0
; RUN: ls -A %t/off | count 0
; RUN: env SPL_VERIFY_EACH=0 not sycl-module-split -split=source %s -o %t/split/m 2>&1 | FileCheck %s --check-prefix=SPLIT
; SPLIT: sycl-module-split: error: {{.*}}verify-each.ll: input module is broken: Instruction does not dominate all uses!
; RUN: ls -A %t/split | count 0

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
