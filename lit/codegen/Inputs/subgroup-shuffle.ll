; A sub-group shuffle, as DPC++ code calls it: needs SPV_INTEL_subgroups.
target triple = "spir64-unknown-unknown"
declare spir_func i32 @_Z28__spirv_SubgroupShuffleINTELIiET_S0_j(i32, i32)
define spir_kernel void @__sycl_kernel_shuffle(ptr addrspace(1) %p) {
  %v = call spir_func i32 @_Z28__spirv_SubgroupShuffleINTELIiET_S0_j(i32 1, i32 2)
  store i32 %v, ptr addrspace(1) %p
  ret void
}
