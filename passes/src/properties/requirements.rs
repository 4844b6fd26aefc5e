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
//!   values dropped, sorted and deduplicated by value; always written. Each
//!   value keeps the name of its first occurrence (functions in module
//!   order, operands in order; `""` for a plain integer), as upstream's
//!   `std::set<AspectNameValuePair>` (ordered by value only) does; the names
//!   are not written, target filtering compares them (`crate::target_filter`);
//! - `fixed_target`: union of `sycl_fixed_targets` over every function;
//! - `reqd_work_group_size_uint64_t`: the `reqd_work_group_size` of the
//!   **first** function that has one, and none at all when another function
//!   has a different one (upstream resets it then, intel/llvm #13523: an
//!   image whose kernels disagree, as with `-split=none`, must not tie every
//!   kernel to one size);
//! - `work_group_num_dim`: the last `work_group_num_dim` seen while no
//!   `reqd_work_group_size` has been seen yet (a function's own
//!   `work_group_num_dim` is read before its `reqd_work_group_size`);
//! - `joint_matrix`, `joint_matrix_mad`: the first operand of the **last**
//!   function whose `sycl_joint_matrix[_mad]` string is non-empty;
//! - `reqd_sub_group_size`: the first **entry point** with
//!   `intel_reqd_sub_group_size`.
//!
//! Keys come out sorted (upstream adds the set in bulk from a `std::map`).

use std::collections::{BTreeMap, BTreeSet};

use sycl_ir::{MdOperand, Module, Value};
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};

/// What an image requires of the device.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeviceRequirements {
    /// Used aspects (non-negative, sorted, unique).
    pub aspects: Vec<u32>,
    /// The name of each of `aspects` (same order): the name given with the
    /// value's first occurrence, empty when that was a plain integer.
    pub aspect_names: Vec<String>,
    /// `sycl_fixed_targets` values (sorted, unique); empty when none.
    pub fixed_target: Vec<u32>,
    /// `reqd_work_group_size` of the first function that has it, `None` when
    /// two functions have different ones.
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

/// Name and sign-extended value of each operand of a `sycl_used_aspects`
/// node: `{!"name", iN v}` pairs, or plain integers (name `""`).
fn aspect_pairs(node: Value<'_>) -> Vec<(String, i64)> {
    node.md_operands()
        .iter()
        .filter_map(|op| match op {
            MdOperand::Node(n) => {
                let ops = n.md_operands();
                let value = ops.get(1).and_then(|o| o.as_i64())?;
                Some((ops.first().and_then(|o| o.as_string()).unwrap_or_default(), value))
            }
            other => other.as_i64().map(|v| (String::new(), v)),
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

        let mut aspects: BTreeMap<u32, String> = BTreeMap::new();
        let mut fixed = BTreeSet::new();
        let mut r = DeviceRequirements::default();
        let mut several_wg_sizes = false;
        for f in m.functions() {
            if let Some(n) = f.metadata(k_aspects) {
                // `uint32_t(AspectValue)` of the non-negative values; the
                // first name seen for a value stays.
                for (name, v) in aspect_pairs(n) {
                    if v >= 0 {
                        aspects.entry(v as u32).or_insert(name);
                    }
                }
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
                let size = u64_operands(n);
                match &r.reqd_work_group_size {
                    None => r.reqd_work_group_size = Some(size),
                    Some(first) => several_wg_sizes |= *first != size,
                }
            }
            for (k, slot) in [(k_jm, &mut r.joint_matrix), (k_jmm, &mut r.joint_matrix_mad)] {
                if let Some(s) = f
                    .metadata(k)
                    .and_then(|n| n.md_operands().first().and_then(|o| o.as_string()))
                {
                    if !s.is_empty() {
                        *slot = Some(s);
                    }
                }
            }
        }
        // `work_group_num_dim` above saw the first size; only the written
        // size is dropped.
        if several_wg_sizes {
            r.reqd_work_group_size = None;
        }
        r.reqd_sub_group_size = entries.iter().find_map(|f| {
            f.metadata(k_sg)
                .and_then(|n| n.md_operands().first().and_then(|o| o.as_u64()))
                .map(|v| v as u32)
        });
        (r.aspects, r.aspect_names) = aspects.into_iter().unzip();
        r.fixed_target = fixed.into_iter().collect();
        r
    }

    /// Adds `[SYCL/device requirements]` with its keys in sorted order.
    /// `reqd_work_group_size_uint64_t` is left out with `-split=none`
    /// (`split_none`): the whole module is one image then, and upstream
    /// removes it so that the runtime can launch kernels with other
    /// work-group sizes.
    pub fn add_to(&self, reg: &mut PropertySetRegistry, split_none: bool) {
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
        if !split_none {
            if let Some(v) = &self.reqd_work_group_size {
                reg.add(set, names::REQD_WORK_GROUP_SIZE_KEY, PropertyValue::u64_array(v));
            }
        }
        if let Some(v) = self.work_group_num_dim {
            reg.add(set, "work_group_num_dim", PropertyValue::UInt32(v));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sycl_ir::Context;

    fn compute(ir: &str, entries: &[&str]) -> DeviceRequirements {
        let ctx = Context::new();
        let text = format!("target triple = \"spir64-unknown-unknown\"\n{ir}");
        let m = ctx.parse_ir(text.as_bytes(), "t.ll").expect("test IR parses");
        let eps: Vec<Value<'_>> = entries.iter().filter_map(|n| m.function(n)).collect();
        DeviceRequirements::compute(&m, &eps)
    }

    #[test]
    fn aspects_are_merged_over_all_functions() {
        let r = compute(
            "define void @a() !sycl_used_aspects !0 { ret void }\n\
             define void @b() !sycl_used_aspects !1 { ret void }\n\
             !0 = !{i32 6, !2}\n!1 = !{i32 1, i32 6, i32 -2}\n!2 = !{!\"fp16\", i32 5}\n",
            &[],
        );
        assert_eq!(r.aspects, vec![1, 5, 6]);
        assert_eq!(r.aspect_names, vec!["", "fp16", ""]);
    }

    #[test]
    fn first_name_of_an_aspect_value_stays() {
        // Upstream keeps the first {name, value} pair of a value: a plain
        // integer first leaves the value nameless; a negative pair claims
        // nothing.
        let r = compute(
            "define void @a() !sycl_used_aspects !0 { ret void }\n\
             define void @b() !sycl_used_aspects !1 { ret void }\n\
             !0 = !{!2, i32 6, !4}\n!1 = !{!3, !5, !6}\n\
             !2 = !{!\"fp16\", i32 5}\n!3 = !{!\"fp64\", i32 6}\n!4 = !{!\"internal\", i32 -1}\n\
             !5 = !{!\"other16\", i32 5}\n!6 = !{!\"atomic64\", i32 28}\n",
            &[],
        );
        assert_eq!(r.aspects, vec![5, 6, 28]);
        assert_eq!(r.aspect_names, vec!["fp16", "", "atomic64"]);
    }

    #[test]
    fn different_reqd_work_group_sizes_give_none() {
        let r = compute(
            "define void @a() !reqd_work_group_size !0 { ret void }\n\
             define void @b() !reqd_work_group_size !1 { ret void }\n\
             !0 = !{i32 32, i32 1}\n!1 = !{i32 64}\n",
            &[],
        );
        assert_eq!(r.reqd_work_group_size, None);
    }

    #[test]
    fn equal_reqd_work_group_sizes_are_kept() {
        let r = compute(
            "define void @a() !reqd_work_group_size !0 { ret void }\n\
             define void @b() { ret void }\n\
             define void @c() !reqd_work_group_size !1 { ret void }\n\
             !0 = !{i32 32, i32 1}\n!1 = !{i64 32, i64 1}\n",
            &[],
        );
        assert_eq!(r.reqd_work_group_size, Some(vec![32, 1]));
    }

    #[test]
    fn work_group_num_dim_stops_at_the_first_reqd_work_group_size() {
        // @a sets 1, @b (both on one function) overrides with 2 and sets the
        // size, @c is ignored.
        let r = compute(
            "define void @a() !work_group_num_dim !1 { ret void }\n\
             define void @b() !work_group_num_dim !2 !reqd_work_group_size !4 { ret void }\n\
             define void @c() !work_group_num_dim !3 { ret void }\n\
             !1 = !{i32 1}\n!2 = !{i32 2}\n!3 = !{i32 3}\n!4 = !{i32 8}\n",
            &[],
        );
        assert_eq!(r.work_group_num_dim, Some(2));
    }

    #[test]
    fn last_non_empty_joint_matrix_wins() {
        let r = compute(
            "define void @a() !sycl_joint_matrix !0 { ret void }\n\
             define void @b() !sycl_joint_matrix !1 { ret void }\n\
             define void @c() !sycl_joint_matrix !2 { ret void }\n\
             !0 = !{!\"x\"}\n!1 = !{!\"y\"}\n!2 = !{!\"\"}\n",
            &[],
        );
        assert_eq!(r.joint_matrix.as_deref(), Some("y"));
        assert_eq!(r.joint_matrix_mad, None);
    }

    #[test]
    fn sub_group_size_comes_from_entry_points_only() {
        let ir = "define void @helper() !intel_reqd_sub_group_size !0 { ret void }\n\
                  define void @k1() { ret void }\n\
                  define void @k2() !intel_reqd_sub_group_size !1 { ret void }\n\
                  !0 = !{i32 1}\n!1 = !{i32 16}\n";
        assert_eq!(compute(ir, &["k1", "k2"]).reqd_sub_group_size, Some(16));
        assert_eq!(compute(ir, &["k1"]).reqd_sub_group_size, None);
    }

    #[test]
    fn empty_fixed_targets_add_no_key() {
        let r = compute("define void @a() !sycl_fixed_targets !0 { ret void }\n!0 = !{}\n", &[]);
        let mut reg = PropertySetRegistry::new();
        r.add_to(&mut reg, false);
        let keys: Vec<&str> = reg
            .get(names::DEVICE_REQUIREMENTS)
            .map(|s| s.keys().collect())
            .unwrap_or_default();
        assert_eq!(keys, vec!["aspects"]);
    }
}
