; An image as DPC++ writes them (weak_odr kernels, one hidden; linkonce_odr
; helpers and variables in comdats; hidden, protected and weak_odr
; symbols; unnamed internal variables two kernels share) compiled in
; pieces: every function in a piece of its own, and the joined module has
; the instructions, names and LinkageAttributes of the image compiled
; whole (in another order): nothing imported, no partition name left, one
; copy of each variable.
; RUN: rm -rf %t && mkdir %t
; RUN: sycl-post-link -split=source -symbols -properties -o %t/t.table %s
; RUN: syclbin create -j 2 --no-cache --codegen-pieces=force --time-trace=%t/trace.json --table=%t/t.table -o %t/p.syclbin
; RUN: syclbin create --codegen-pieces=off --table=%t/t.table -o %t/w.syclbin
; RUN: syclbin extract %t/p.syclbin -o %t/p > /dev/null
; RUN: syclbin extract %t/w.syclbin -o %t/w > /dev/null
; RUN: spirv-val %t/p/0_ir0.spv
; RUN: spirv-dis --raw-id %t/p/0_ir0.spv | grep -v '^;' | sed -E 's/%[0-9]+/%/g' | sort > %t/p.txt
; RUN: spirv-dis --raw-id %t/w/0_ir0.spv | grep -v '^;' | sed -E 's/%[0-9]+/%/g' | sort > %t/w.txt
; RUN: diff %t/p.txt %t/w.txt
; RUN: FileCheck %s < %t/p.txt
; The post-link step internalizes the helpers; the variables keep their
; linkage (linkonce_odr under SPV_KHR_linkonce_odr).
; CHECK-DAG: OpDecorate % LinkageAttributes "lg" LinkOnceODR
; CHECK-DAG: OpDecorate % LinkageAttributes "wg" Export
; CHECK-DAG: OpName % "lo"
; CHECK-DAG: OpName % "prot"
; CHECK-DAG: OpEntryPoint Kernel % "__sycl_kernel_k1"
; CHECK-DAG: OpEntryPoint Kernel % "__sycl_kernel_k2"
; CHECK-DAG: OpName % "hid"
; CHECK-DAG: OpName % "hg"
; RUN: not grep -E '" Import|__sycl_piece' %t/p.txt
; Six functions, six pieces.
; RUN: grep -o 't_0.bc piece [0-9]*"' %t/trace.json | sort -u | wc -l | FileCheck %s --check-prefix=SIX
; SIX: 6

target triple = "spir64-unknown-unknown"

$lo = comdat any
$lg = comdat any

@0 = internal addrspace(1) global [4 x i32] zeroinitializer, align 4
@1 = internal unnamed_addr addrspace(1) constant [4 x i32] [i32 5, i32 6, i32 7, i32 8], align 4
@hg = hidden addrspace(1) global i32 6, align 4
@lg = linkonce_odr addrspace(1) constant [2 x i32] [i32 3, i32 4], comdat, align 4
@wg = weak_odr addrspace(1) global i32 7, align 4

define linkonce_odr spir_func i32 @lo(i32 %x) comdat {
  %p = getelementptr inbounds [2 x i32], ptr addrspace(1) @lg, i64 0, i64 1
  %a = load i32, ptr addrspace(1) %p, align 4
  %b = add i32 %x, %a
  ret i32 %b
}

define hidden spir_func i32 @hid(i32 %x) {
  %a = load i32, ptr addrspace(1) @hg, align 4
  %b = mul i32 %x, %a
  store i32 %b, ptr addrspace(1) @0, align 4
  ret i32 %b
}

define protected spir_func i32 @prot(i32 %x) {
  %p = getelementptr inbounds [4 x i32], ptr addrspace(1) @1, i64 0, i64 2
  %a = load i32, ptr addrspace(1) %p, align 4
  %b = xor i32 %x, %a
  ret i32 %b
}

define weak_odr spir_func i32 @wf(i32 %x) {
  %a = load i32, ptr addrspace(1) @wg, align 4
  %b = sub i32 %x, %a
  ret i32 %b
}

define weak_odr spir_kernel void @__sycl_kernel_k1(ptr addrspace(1) %out) #0 {
  %v = call spir_func i32 @lo(i32 1)
  %w = call spir_func i32 @hid(i32 %v)
  %u = call spir_func i32 @wf(i32 %w)
  store i32 %u, ptr addrspace(1) %out, align 4
  ret void
}

define weak_odr hidden spir_kernel void @__sycl_kernel_k2(ptr addrspace(1) %out) #0 {
  %v = call spir_func i32 @prot(i32 2)
  %w = call spir_func i32 @lo(i32 %v)
  %p = getelementptr inbounds [4 x i32], ptr addrspace(1) @1, i64 0, i64 1
  %a = load i32, ptr addrspace(1) %p, align 4
  %b = add i32 %w, %a
  store i32 %b, ptr addrspace(1) @0, align 4
  store i32 %b, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "sycl-module-id"="dpcpp.cpp" }
