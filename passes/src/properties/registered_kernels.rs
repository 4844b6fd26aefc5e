//! `[SYCL/registered kernels]`: names registered with
//! `sycl_registered_kernels` (free-function kernels and kernel_compiler;
//! upstream `computeModuleProperties`).
//!
//! ```text
//! !sycl_registered_kernels = !{!0}
//! !0 = !{!1}
//! !1 = !{!"reg_name", !"_Z6kernelv"}
//!   =>  [SYCL/registered kernels]
//!       reg_name=2|<bytes of "_Z6kernelv">
//! ```
//!
//! Only when the named metadata has exactly one operand; pairs of two
//! strings are listed in order, other shapes are skipped (upstream would
//! crash on a malformed pair that is not a node or not strings).

use sycl_ir::{MdOperand, Module};
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};

/// `(registered name, mangled kernel name)` pairs.
pub fn registered_kernels(m: &Module<'_>) -> Vec<(String, String)> {
    let nodes = m.named_metadata("sycl_registered_kernels");
    if nodes.len() != 1 {
        return Vec::new();
    }
    nodes[0]
        .md_operands()
        .into_iter()
        .filter_map(|op| {
            let MdOperand::Node(pair) = op else {
                return None;
            };
            let ops = pair.md_operands();
            if ops.len() != 2 {
                return None;
            }
            Some((ops[0].as_string()?, ops[1].as_string()?))
        })
        .collect()
}

/// Adds `[SYCL/registered kernels]` when there are any.
pub fn add_registered_kernels(m: &Module<'_>, reg: &mut PropertySetRegistry) {
    for (name, mangled) in registered_kernels(m) {
        reg.add(names::REGISTERED_KERNELS, name, PropertyValue::string(&mangled));
    }
}
