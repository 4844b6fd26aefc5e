; LLVM 22's SPIR-V back end cannot lower a 256-bit integer division: it calls
; report_fatal_error("Unsupported Integer width!"), which would end the
; process.
target triple = "spir64-unknown-unknown"

define spir_kernel void @__sycl_kernel_wide(ptr addrspace(1) %p, i256 %a) {
  %q = udiv i256 %a, 7
  store i256 %q, ptr addrspace(1) %p
  ret void
}
