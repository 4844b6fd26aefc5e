//! `[SYCL/program metadata]` (`-emit-program-metadata`; upstream
//! `computeModuleProperties`, llvm/lib/SYCLPostLink/
//! ComputeModuleRuntimeInfo.cpp).
//!
//! ```text
//! define spir_kernel void @k() !reqd_work_group_size !{i32 1, i32 2, i32 4}
//! @dg = ... #0   ; #0 = { "sycl-device-global-size"="4" "sycl-unique-id"="uid" }
//!   =>  [SYCL/program metadata]
//!       k@reqd_work_group_size=2|gBAAAAAAAAQAAAAACAAAAQAAAAA
//!       uid@global_id_mapping=2|gAAAAAAAAAQZnR
//! ```
//!
//! For every function in module order, the keys that apply, in this order:
//! `<f>@reqd_work_group_size` (u32 array, 64-bit values truncated),
//! `<f>@reqd_sub_group_size` (`1|v`), `<f>@work_group_num_dim` (`1|v`),
//! `<f>@max_work_group_size` (u32 array), `<f>@max_linear_work_group_size`
//! (upstream reads a `uint64_t` and hands it to the `uint32_t` property
//! constructor, so it is written as a truncated `1|v`); then for every device
//! global in module order `<sycl-unique-id>@global_id_mapping` = its IR name.

use sycl_ir::{Module, Value};
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};

use super::attributes::md_of;
use super::device_globals::{is_device_global, unique_id};

/// Zero-extended integer operands of metadata `kind` on `f`, if attached.
fn int_operands<'c>(m: &Module<'c>, f: Value<'c>, kind: &str) -> Option<Vec<u64>> {
    md_of(m, f, kind).map(|n| n.md_operands().iter().filter_map(|o| o.as_u64()).collect())
}

/// The single operand of metadata `kind` on `f`, if attached.
fn single_operand<'c>(m: &Module<'c>, f: Value<'c>, kind: &str) -> Option<u64> {
    int_operands(m, f, kind).and_then(|v| v.first().copied())
}

fn truncated(v: &[u64]) -> Vec<u32> {
    v.iter().map(|&x| x as u32).collect()
}

/// Adds the `[SYCL/program metadata]` entries of `m` (nothing, and no
/// header, when there are none).
pub fn add_program_metadata(m: &Module<'_>, reg: &mut PropertySetRegistry) {
    let set = names::PROGRAM_METADATA;
    for f in m.functions() {
        let name = f.name();
        if let Some(v) = int_operands(m, f, "reqd_work_group_size").filter(|v| !v.is_empty()) {
            reg.add(
                set,
                format!("{name}@reqd_work_group_size"),
                PropertyValue::u32_array(&truncated(&v)),
            );
        }
        if let Some(v) = single_operand(m, f, "intel_reqd_sub_group_size") {
            reg.add(
                set,
                format!("{name}@reqd_sub_group_size"),
                PropertyValue::UInt32(v as u32),
            );
        }
        if let Some(v) = single_operand(m, f, "work_group_num_dim") {
            reg.add(
                set,
                format!("{name}@work_group_num_dim"),
                PropertyValue::UInt32(v as u32),
            );
        }
        if let Some(v) = int_operands(m, f, "max_work_group_size").filter(|v| !v.is_empty()) {
            reg.add(
                set,
                format!("{name}@max_work_group_size"),
                PropertyValue::u32_array(&truncated(&v)),
            );
        }
        if let Some(v) = single_operand(m, f, "max_linear_work_group_size") {
            reg.add(
                set,
                format!("{name}@max_linear_work_group_size"),
                PropertyValue::UInt32(v as u32),
            );
        }
    }
    for g in m.globals().into_iter().filter(|&g| is_device_global(g)) {
        if let Some(id) = unique_id(g) {
            reg.add(set, format!("{id}@global_id_mapping"), PropertyValue::string(&g.name()));
        }
    }
}
