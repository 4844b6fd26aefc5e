//! `[SYCL/kernel param opt]`: which kernel parameters dead-argument
//! elimination removed (upstream `SYCLKernelParamOptInfoAnalysis`,
//! llvm/lib/SYCLLowerIR/SYCLKernelParamOptInfo.cpp).
//!
//! ```text
//! define spir_kernel void @k(i8 %a) !sycl_kernel_omit_args !{i1 true, i1 false, i1 true}
//!   =>  [SYCL/kernel param opt]
//!       k=2|DAAAAAAAAAQB            (3 bits: 1 0 1)
//! ```
//!
//! One entry per function carrying `sycl_kernel_omit_args`: a bit array with
//! one bit per operand (bit i set iff operand i, truncated to 32 bits as
//! upstream's `static_cast<unsigned>`, is non-zero), parameter 0 in the least
//! significant bit of byte 0. Functions with an empty list are skipped. The
//! set header is written whenever `-emit-param-info` is given, even when no
//! function qualifies.
//!
//! Order: upstream fills the set from a `DenseMap` keyed by function name,
//! and its property sets keep insertion order, so its entry order follows
//! the name hashes (and may change with the map's size or an LLVM upgrade).
//! Here entries come in module order, so that the same input gives the same
//! bytes. The entries themselves (keys and values) are upstream's; only
//! their order can differ, and the runtime reads the set into a map by
//! kernel name, so the order carries no meaning.

use sycl_ir::Module;
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};

use super::attributes::md_of;

/// Name of the metadata written by dead-argument elimination.
pub const OMIT_ARGS_MD: &str = "sycl_kernel_omit_args";

/// The omitted-argument flags of every function that has them, in module
/// order (empty lists included).
pub fn kernel_param_opt_info(m: &Module<'_>) -> Vec<(String, Vec<bool>)> {
    m.functions()
        .into_iter()
        .filter_map(|f| {
            let node = md_of(m, f, OMIT_ARGS_MD)?;
            let flags = node
                .md_operands()
                .iter()
                .map(|o| o.as_u64().is_some_and(|v| v as u32 != 0))
                .collect();
            Some((f.name(), flags))
        })
        .collect()
}

/// Adds `[SYCL/kernel param opt]` (header always, entries for non-empty lists).
pub fn add_kernel_param_opt(m: &Module<'_>, reg: &mut PropertySetRegistry) {
    let set = reg.set_mut(names::KERNEL_PARAM_OPT_INFO);
    for (name, flags) in kernel_param_opt_info(m) {
        if !flags.is_empty() {
            set.insert(name, PropertyValue::bit_flags(&flags));
        }
    }
}
