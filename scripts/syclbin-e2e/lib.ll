; The exporting side of the dynamic-linking pair: a SYCL_EXTERNAL function.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_func i32 @_Z7ext_addii(i32 %a, i32 %b) #0 {
  %r = add i32 %a, %b
  ret i32 %r
}

attributes #0 = { "sycl-module-id"="lib.cpp" }
