//! Optional-feature requirements of a device image and the
//! `[SYCL/device requirements]` set (upstream `computeDeviceRequirements` and
//! `SYCLDeviceRequirements::asMap`, llvm/lib/SYCLLowerIR/
//! SYCLDeviceRequirements.cpp; reference 3.12).
//!
//! ```text
//! define spir_kernel void @k() !sycl_used_aspects !{i32 6, i32 1}
//!                              !intel_reqd_sub_group_size !{i32 16}
//!   =>  [SYCL/device requirements]
//!       aspects=2|ABAAAAAAAAQAAAAAGAAAAA        (u32 [1, 6])
//!       reqd_sub_group_size=1|16
//! ```
//!
//! Rules, all upstream's:
//! - `aspects`: union over **every function** of `sycl_used_aspects`
//!   (`{!"name", iN v}` pairs or plain integers, sign-extended), negative
//!   values dropped, sorted and deduplicated by value; always written;
//! - `fixed_target`: union of `sycl_fixed_targets` over every function;
//! - `reqd_work_group_size_uint64_t`: the **first** function's
//!   `reqd_work_group_size` (later ones are ignored, even if different);
//! - `work_group_num_dim`: the last `work_group_num_dim` seen while no
//!   `reqd_work_group_size` has been seen yet (a function's own
//!   `work_group_num_dim` is read before its `reqd_work_group_size`);
//! - `joint_matrix`, `joint_matrix_mad`: the first operand of the **last**
//!   function whose `sycl_joint_matrix[_mad]` string is non-empty;
//! - `reqd_sub_group_size`: the first **entry point** with
//!   `intel_reqd_sub_group_size`.
//!
//! Keys come out sorted (upstream adds the set in bulk from a `std::map`).

use std::collections::BTreeSet;

use sycl_ir::{MdOperand, Module, Value};
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};

/// What an image requires of the device.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeviceRequirements {
    /// Used aspects (non-negative, sorted, unique).
    pub aspects: Vec<u32>,
    /// `sycl_fixed_targets` values (sorted, unique); empty when none.
    pub fixed_target: Vec<u32>,
    /// `reqd_work_group_size` of the first function that has it.
    pub reqd_work_group_size: Option<Vec<u64>>,
    /// `work_group_num_dim` (see the module documentation).
    pub work_group_num_dim: Option<u32>,
    /// `sycl_joint_matrix`.
    pub joint_matrix: Option<String>,
    /// `sycl_joint_matrix_mad`.
    pub joint_matrix_mad: Option<String>,
    /// `intel_reqd_sub_group_size` of the first entry point that has it.
    pub reqd_sub_group_size: Option<u32>,
}

/// Values of a `sycl_used_aspects` node, sign-extended.
fn aspect_values(node: Value<'_>) -> Vec<i64> {
    node.md_operands()
        .iter()
        .filter_map(|op| match op {
            MdOperand::Node(n) => n.md_operands().get(1).and_then(|o| o.as_i64()),
            other => other.as_i64(),
        })
        .collect()
}

/// Zero-extended integer operands of a node.
fn u64_operands(node: Value<'_>) -> Vec<u64> {
    node.md_operands().iter().filter_map(|o| o.as_u64()).collect()
}

impl DeviceRequirements {
    /// Computes the requirements of module `m` with entry points `entries`.
    pub fn compute(m: &Module<'_>, entries: &[Value<'_>]) -> Self {
        let k_aspects = m.md_kind("sycl_used_aspects");
        let k_fixed = m.md_kind("sycl_fixed_targets");
        let k_wg = m.md_kind("reqd_work_group_size");
        let k_dim = m.md_kind("work_group_num_dim");
        let k_jm = m.md_kind("sycl_joint_matrix");
        let k_jmm = m.md_kind("sycl_joint_matrix_mad");
        let k_sg = m.md_kind("intel_reqd_sub_group_size");

        let mut aspects = BTreeSet::new();
        let mut fixed = BTreeSet::new();
        let mut r = DeviceRequirements::default();
        for f in m.functions() {
            if let Some(n) = f.metadata(k_aspects) {
                // `uint32_t(AspectValue)` of the non-negative values.
                aspects.extend(aspect_values(n).into_iter().filter(|&v| v >= 0).map(|v| v as u32));
            }
            if let Some(n) = f.metadata(k_fixed) {
                fixed.extend(u64_operands(n).into_iter().map(|v| v as u32));
            }
            if let Some(n) = f.metadata(k_dim) {
                if r.reqd_work_group_size.is_none() {
                    r.work_group_num_dim = n.md_operands().first().and_then(|o| o.as_u64()).map(|v| v as u32);
                }
            }
            if let Some(n) = f.metadata(k_wg) {
                if r.reqd_work_group_size.is_none() {
                    r.reqd_work_group_size = Some(u64_operands(n));
                }
            }
            for (k, slot) in [(k_jm, &mut r.joint_matrix), (k_jmm, &mut r.joint_matrix_mad)] {
                if let Some(s) = f.metadata(k).and_then(|n| n.md_operands().first().and_then(|o| o.as_string())) {
                    if !s.is_empty() {
                        *slot = Some(s);
                    }
                }
            }
        }
        r.reqd_sub_group_size = entries.iter().find_map(|f| {
            f.metadata(k_sg).and_then(|n| n.md_operands().first().and_then(|o| o.as_u64())).map(|v| v as u32)
        });
        r.aspects = aspects.into_iter().collect();
        r.fixed_target = fixed.into_iter().collect();
        r
    }

    /// Adds `[SYCL/device requirements]` with its keys in sorted order.
    /// `reqd_work_group_size_uint64_t` is left out when no split mode was
    /// given: the whole module is one image then, and upstream removes it so
    /// that the runtime can launch kernels with other work-group sizes.
    pub fn add_to(&self, reg: &mut PropertySetRegistry, split_given: bool) {
        let set = names::DEVICE_REQUIREMENTS;
        reg.add(set, names::ASPECTS_KEY, PropertyValue::u32_array(&self.aspects));
        if !self.fixed_target.is_empty() {
            reg.add(set, "fixed_target", PropertyValue::u32_array(&self.fixed_target));
        }
        if let Some(s) = &self.joint_matrix {
            reg.add(set, "joint_matrix", PropertyValue::string(s));
        }
        if let Some(s) = &self.joint_matrix_mad {
            reg.add(set, "joint_matrix_mad", PropertyValue::string(s));
        }
        if let Some(v) = self.reqd_sub_group_size {
            reg.add(set, "reqd_sub_group_size", PropertyValue::UInt32(v));
        }
        if split_given {
            if let Some(v) = &self.reqd_work_group_size {
                reg.add(set, names::REQD_WORK_GROUP_SIZE_KEY, PropertyValue::u64_array(v));
            }
        }
        if let Some(v) = self.work_group_num_dim {
            reg.add(set, "work_group_num_dim", PropertyValue::UInt32(v));
        }
    }
}
