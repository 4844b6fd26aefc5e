//! `[SYCL/implicit local arg]`: kernels whose work-group static memory was
//! turned into an implicit local-memory argument (upstream
//! `getKernelNamesUsingImplicitLocalMem`, llvm/lib/SYCLLowerIR/
//! LowerWGLocalMemory.cpp).
//!
//! ```text
//! define spir_kernel void @k(ptr addrspace(3) "sycl-implicit-local-arg" %m) #0
//!   ; #0 = { "sycl-work-group-static" }
//!   =>  [SYCL/implicit local arg]
//!       k=1|0
//! ```
//!
//! Only for SPIR and SPIR-V targets: every `spir_kernel` with function
//! attribute `sycl-work-group-static`, in module order; the value is the
//! index of its first parameter with attribute `sycl-implicit-local-arg`,
//! or -1 (`4294967295`) when dead-argument elimination removed it.

use sycl_ir::{CallConv, Module};
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};

use super::devicelib::is_spir_or_spirv;

/// `(kernel, argument index or -1)` pairs.
pub fn kernels_with_implicit_local_arg(m: &Module<'_>) -> Vec<(String, i32)> {
    if !is_spir_or_spirv(&m.triple()) {
        return Vec::new();
    }
    m.functions()
        .into_iter()
        .filter(|f| f.call_conv() == CallConv::SpirKernel && f.has_fn_attr("sycl-work-group-static"))
        .map(|f| {
            let pos = (0..f.param_count()).find(|&i| f.has_param_attr(i, "sycl-implicit-local-arg"));
            (f.name(), pos.map_or(-1, |p| p as i32))
        })
        .collect()
}

/// Adds `[SYCL/implicit local arg]` when some kernel qualifies.
pub fn add_implicit_local_arg(m: &Module<'_>, reg: &mut PropertySetRegistry) {
    for (k, pos) in kernels_with_implicit_local_arg(m) {
        reg.add(names::IMPLICIT_LOCAL_ARG, k, PropertyValue::UInt32(pos as u32));
    }
}
