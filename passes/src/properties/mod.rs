//! The analyses that compute a device image's property sets (seed 001;
//! reference 5.4), one file per analysis, and [`compute_properties`], which
//! runs them in the order of the newest upstream `computeModuleProperties`
//! (llvm/lib/SYCLPostLink/ComputeModuleRuntimeInfo.cpp, 2026):
//!
//! | # | set | when |
//! |---|-----|------|
//! | 1 | `[SYCL/device requirements]` | always, keys sorted ([`requirements`]) |
//! | 2 | `[SYCL/specialization constants]`, `… default values]` | inserted after set 1 by [`crate::spec_constants::property_sets`] |
//! | 3 | `[SYCL/kernel param opt]` | `-emit-param-info`, header even when empty ([`param_opt`]) |
//! | 4 | `[SYCL/exported symbols]` | `-emit-exported-symbols` ([`symbols`]) |
//! | 5 | `[SYCL/kernel names]` | `-emit-kernel-names` ([`symbols`]) |
//! | 6 | `[SYCL/imported symbols]` | `-emit-imported-symbols` ([`symbols`]) |
//! | 7 | `[SYCL/program metadata]` | `-emit-program-metadata` ([`program_metadata`]) |
//! | 8 | `[SYCL/misc properties]` | `isEsimdImage`, `sycl-grf-size`, `optLevel`, `idQueriesRange` ([`misc`]) |
//! | 9 | `[SYCL/implicit local arg]` | [`implicit_local_arg`] |
//! | 10 | `[SYCL/work group dynamic local mem]` | [`work_group_scratch`] |
//! | — | misc `sanUsed` | [`misc`] |
//! | 11 | `[SYCL/device globals]` | `-device-globals` ([`device_globals`]) |
//! | — | misc `specConstsReplacedWithDefault` | default-value copies |
//! | 12 | `[SYCL/virtual functions]` | [`virtual_functions`] |
//! | 13 | `[SYCL/registered kernels]` | [`registered_kernels`] |
//!
//! A set is created by its first entry (so no empty headers), except
//! `[SYCL/device requirements]` and `[SYCL/kernel param opt]`, which
//! upstream creates unconditionally. Upstream writes sets in creation order
//! and keys in insertion order; where it iterates a hash container (kernel
//! param opt: `DenseMap`; virtual function sets: `StringSet`) this module
//! uses module order resp. sorted order instead, so that the output is
//! deterministic.
//!
//! Not written any more (the newest upstream dropped them and the 2026.2
//! runtime reads none of them): `[SYCL/assert used]`, `[SYCL/host pipes]`,
//! misc `sycl-register-alloc-mode` and `asanUsed`. `[SYCL/devicelib req
//! mask]` (dropped by upstream PR #20777) is written first only on request
//! ([`PropertyOptions::devicelib_req_mask`]), for 2025 runtimes that link
//! device libraries at JIT time from it.

pub mod device_globals;
pub mod devicelib;
pub mod implicit_local_arg;
pub mod misc;
pub mod param_opt;
pub mod program_metadata;
pub mod registered_kernels;
pub mod requirements;
pub mod symbols;
pub mod virtual_functions;
pub mod work_group_scratch;

use sycl_ir::{Module, Value};
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};

pub use device_globals::{check_device_image_scope, DeviceImageScopeError};
pub use requirements::DeviceRequirements;

mod attributes;
mod options;
pub use attributes::{attr_as_u32, parse_i32, parse_u32};
pub use options::{EsimdStatus, PropertyOptions};

/// Computes the property sets of image `m` whose entry points are named
/// `entry_points` (in entry-point order; names that are no longer in the
/// module are skipped, as upstream's `rebuildFromNames` does).
pub fn compute_properties(m: &Module<'_>, entry_points: &[String], opts: &PropertyOptions) -> PropertySetRegistry {
    let mut reg = PropertySetRegistry::new();
    let entries: Vec<Value<'_>> = entry_points.iter().filter_map(|n| m.function(n)).collect();

    if opts.devicelib_req_mask {
        devicelib::add_devicelib_req_mask(m, &mut reg);
    }
    DeviceRequirements::compute(m, &entries).add_to(&mut reg, opts.split_none);
    if opts.param_info {
        param_opt::add_kernel_param_opt(m, &mut reg);
    }
    if opts.exported_symbols {
        symbols::add_exported_symbols(m, &entries, &mut reg);
    }
    if opts.kernel_names {
        symbols::add_kernel_names(&entries, &mut reg);
    }
    if opts.imported_symbols {
        symbols::add_imported_symbols(m, opts.dynamic_linking, &mut reg);
    }
    if opts.program_metadata {
        program_metadata::add_program_metadata(m, &mut reg);
    }
    misc::add_image_kind_properties(&entries, opts.esimd_status, opts.id_queries_range, &mut reg);
    implicit_local_arg::add_implicit_local_arg(m, &mut reg);
    work_group_scratch::add_work_group_dynamic_local_mem(m, &mut reg);
    misc::add_sanitizer_property(m, &mut reg);
    if opts.device_globals {
        device_globals::add_device_globals(m, &mut reg);
    }
    if opts.spec_consts_replaced_with_default {
        reg.add(
            names::MISC_PROPERTIES,
            "specConstsReplacedWithDefault",
            PropertyValue::UInt32(1),
        );
    }
    virtual_functions::add_virtual_functions(m, &mut reg);
    registered_kernels::add_registered_kernels(m, &mut reg);
    reg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_parse_like_get_as_integer() {
        assert_eq!(parse_u32("42"), Some(42));
        assert_eq!(parse_u32("4294967295"), Some(u32::MAX));
        assert_eq!(parse_u32("4294967296"), None);
        assert_eq!(parse_u32(""), None);
        assert_eq!(parse_u32("+1"), None);
        assert_eq!(parse_u32(" 1"), None);
        assert_eq!(parse_u32("-1"), None);
        assert_eq!(parse_i32("-3"), Some(-3));
        assert_eq!(parse_i32("2"), Some(2));
        assert_eq!(parse_i32("-"), None);
        assert_eq!(parse_i32("O2"), None);
        assert_eq!(attr_as_u32("large"), 0);
        assert_eq!(attr_as_u32("256"), 256);
    }
}
