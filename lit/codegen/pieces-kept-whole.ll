; An image the cut does not handle (an alias) is compiled in one piece,
; and -v and the time trace say why (sycl-link and syclbin create); small
; images are cut by nothing and named by neither.
; RUN: rm -rf %t && mkdir %t
; RUN: llvm-as %s -o %t/in.bc
; RUN: sycl-link --no-cache --codegen-pieces=force -v --time-trace=%t/trace.json %t/in.bc -o %t/out.syclbin 2>&1 | FileCheck %s
; CHECK: sycl-device-link: image 0 compiled in one piece: alias @_Z5aliasv
; RUN: FileCheck %s --check-prefix=TRACE < %t/trace.json
; TRACE: "name":"CodeGen","args":{"detail":"image 0 (one piece: alias @_Z5aliasv)"}
; RUN: sycl-post-link -split=source -symbols -properties -o %t/t.table %s
; RUN: syclbin create --no-cache --codegen-pieces=force -v --table=%t/t.table -o %t/c.syclbin 2>&1 | FileCheck %s --check-prefix=CREATE
; CREATE: syclbin: {{.*}}t_0.bc compiled in one piece: alias @_Z5aliasv
; RUN: sycl-link --no-cache -v %t/in.bc -o %t/auto.syclbin 2>&1 | FileCheck %s --check-prefix=SMALL
; SMALL-NOT: one piece

target triple = "spir64-unknown-unknown"

@_Z5aliasv = alias void (), ptr @_Z6helperv

define spir_func void @_Z6helperv() #0 {
  ret void
}

define spir_kernel void @__sycl_kernel_k(ptr addrspace(1) %out) #0 {
  call spir_func void @_Z5aliasv()
  store i32 1, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
