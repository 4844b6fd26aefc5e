//! Optional-feature requirements of a device image (reference 3.12;
//! upstream SYCLDeviceRequirements) and the `SYCL/device requirements` set.

use std::collections::BTreeSet;

use sycl_ir::{MdOperand, Module, Value};
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};

/// What an image requires of the device.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeviceRequirements {
    /// Used aspects (non-negative, sorted, unique).
    pub aspects: Vec<u32>,
    /// `sycl_fixed_targets` values, when any function has them.
    pub fixed_target: Option<Vec<u32>>,
    /// `reqd_work_group_size`, when all functions that have it agree.
    pub reqd_work_group_size: Option<Vec<u64>>,
    /// `work_group_num_dim`.
    pub work_group_num_dim: Option<u32>,
    /// `sycl_joint_matrix`.
    pub joint_matrix: Option<String>,
    /// `sycl_joint_matrix_mad`.
    pub joint_matrix_mad: Option<String>,
    /// `intel_reqd_sub_group_size` of the first entry point that has it.
    pub reqd_sub_group_size: Option<u32>,
}

fn aspect_values(node: Value<'_>) -> Vec<i64> {
    node.md_operands()
        .iter()
        .filter_map(|op| match op {
            MdOperand::Node(n) => n.md_operands().get(1).and_then(|o| o.as_i64()),
            other => other.as_i64(),
        })
        .collect()
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
        let mut fixed: Option<BTreeSet<u32>> = None;
        let mut wg: Option<Vec<u64>> = None;
        let mut wg_conflict = false;
        let mut wg_seen = false;
        let mut dim = None;
        let mut jm = None;
        let mut jmm = None;
        for f in m.functions() {
            if let Some(n) = f.metadata(k_aspects) {
                for v in aspect_values(n) {
                    if v >= 0 {
                        aspects.insert(v as u32);
                    }
                }
            }
            if let Some(n) = f.metadata(k_fixed) {
                let set = fixed.get_or_insert_with(BTreeSet::new);
                for o in n.md_operands() {
                    if let Some(v) = o.as_u64() {
                        set.insert(v as u32);
                    }
                }
            }
            if let Some(n) = f.metadata(k_wg) {
                let v: Vec<u64> = n.md_operands().iter().filter_map(|o| o.as_u64()).collect();
                match &wg {
                    None if !wg_conflict => wg = Some(v),
                    Some(old) if *old != v => {
                        wg = None;
                        wg_conflict = true;
                    }
                    _ => {}
                }
                wg_seen = true;
            }
            if let Some(n) = f.metadata(k_dim) {
                if !wg_seen {
                    dim = n.md_operands().first().and_then(|o| o.as_u64()).map(|v| v as u32);
                }
            }
            for (k, slot) in [(k_jm, &mut jm), (k_jmm, &mut jmm)] {
                if let Some(n) = f.metadata(k) {
                    if let Some(s) = n.md_operands().first().and_then(|o| o.as_string()) {
                        if !s.is_empty() {
                            *slot = Some(s);
                        }
                    }
                }
            }
        }
        let reqd_sub_group_size = entries.iter().find_map(|f| {
            f.metadata(k_sg).and_then(|n| n.md_operands().first().and_then(|o| o.as_u64())).map(|v| v as u32)
        });
        DeviceRequirements {
            aspects: aspects.into_iter().collect(),
            fixed_target: fixed.map(|s| s.into_iter().collect()),
            reqd_work_group_size: wg,
            work_group_num_dim: dim,
            joint_matrix: jm,
            joint_matrix_mad: jmm,
            reqd_sub_group_size,
        }
    }

    /// Adds `[SYCL/device requirements]` (keys in sorted order).
    /// `reqd_work_group_size_uint64_t` is written only when a split mode was
    /// given, as upstream does.
    pub fn add_to(&self, reg: &mut PropertySetRegistry, split_given: bool) {
        let set = names::DEVICE_REQUIREMENTS;
        reg.add(set, "aspects", PropertyValue::u32_array(&self.aspects));
        if let Some(v) = &self.fixed_target {
            reg.add(set, "fixed_target", PropertyValue::u32_array(v));
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
                reg.add(set, "reqd_work_group_size_uint64_t", PropertyValue::u64_array(v));
            }
        }
        if let Some(v) = self.work_group_num_dim {
            reg.add(set, "work_group_num_dim", PropertyValue::UInt32(v));
        }
    }
}
