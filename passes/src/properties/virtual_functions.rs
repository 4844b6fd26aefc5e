//! `[SYCL/virtual functions]` (upstream `computeModuleProperties`,
//! ComputeModuleRuntimeInfo.cpp).
//!
//! ```text
//! define spir_func void @foo() #0     ; #0 = { "indirectly-callable"="set-foo" }
//!   =>  virtual-functions-set=2|<bytes of "set-foo">
//! define spir_kernel void @k() #1     ; #1 = { "calls-indirectly"="set-a,set-b" }
//!   =>  uses-virtual-functions-set=2|<bytes of "set-a,set-b">
//! ```
//!
//! Defined functions are scanned in module order; the first one with
//! `indirectly-callable` gives `virtual-functions-set` and ends the scan
//! (split keeps different sets apart). Before it, every `calls-indirectly`
//! list contributes its comma-separated names (empty parts ignored); if
//! names were collected, they are written as `uses-virtual-functions-set`
//! (valid input never has both; upstream only asserts it, so a release
//! build writes both, as this code does). Upstream collects the names in a
//! `StringSet` (hash order); here they are sorted.

use std::collections::BTreeSet;

use sycl_ir::Module;
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};
use sycl_split::entry_points::ATTR_INDIRECTLY_CALLABLE;

/// Adds `[SYCL/virtual functions]` when the image defines or uses a set.
pub fn add_virtual_functions(m: &Module<'_>, reg: &mut PropertySetRegistry) {
    let mut used = BTreeSet::new();
    for f in m.functions() {
        if f.is_declaration() {
            continue;
        }
        if let Some(set) = f.fn_attr(ATTR_INDIRECTLY_CALLABLE) {
            reg.add(
                names::VIRTUAL_FUNCTIONS,
                "virtual-functions-set",
                PropertyValue::string(&set),
            );
            break;
        }
        if let Some(sets) = f.fn_attr("calls-indirectly") {
            used.extend(sets.split(',').filter(|s| !s.is_empty()).map(str::to_string));
        }
    }
    if !used.is_empty() {
        let all: Vec<String> = used.into_iter().collect();
        reg.add(
            names::VIRTUAL_FUNCTIONS,
            "uses-virtual-functions-set",
            PropertyValue::string(&all.join(",")),
        );
    }
}
