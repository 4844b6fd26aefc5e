//! The analyses that compute a device image's property sets (reference 5.4;
//! seed 001), in upstream's set order:
//! devicelib req mask, device requirements, (specialization constants),
//! kernel param opt, exported symbols, imported symbols, program metadata,
//! misc properties, assert used, implicit local arg, device globals, host
//! pipes, virtual functions, registered kernels, kernel names.

pub mod devicelib;
pub mod requirements;

use std::collections::{HashSet, VecDeque};

use sycl_ir::{CallConv, MdOperand, Module, Value};
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};
use sycl_split::entry_points::{can_be_imported, ATTR_INDIRECTLY_CALLABLE};

pub use requirements::DeviceRequirements;

/// SYCL/ESIMD status of an image (`sycl-esimd-split-status`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EsimdStatus {
    /// Only SYCL entry points.
    #[default]
    SyclOnly,
    /// Only ESIMD entry points.
    EsimdOnly,
    /// Both, linked back together.
    SyclAndEsimd,
}

/// Which optional sets to compute.
#[derive(Debug, Clone, Default)]
pub struct PropertyOptions {
    /// `-emit-param-info`
    pub param_info: bool,
    /// `-emit-program-metadata`
    pub program_metadata: bool,
    /// `-emit-exported-symbols`
    pub exported_symbols: bool,
    /// `-emit-imported-symbols`
    pub imported_symbols: bool,
    /// `-device-globals`
    pub device_globals: bool,
    /// `-emit-kernel-names`
    pub kernel_names: bool,
    /// A `-split` mode was given (else `reqd_work_group_size_uint64_t` is
    /// dropped from the device requirements).
    pub split_given: bool,
    /// Dynamic-linking mode.
    pub dynamic_linking: bool,
    /// The image's SYCL/ESIMD status.
    pub esimd_status: EsimdStatus,
    /// The image is a default-specialization-constant copy.
    pub spec_consts_replaced_with_default: bool,
}

fn md_of<'c>(m: &Module<'c>, f: Value<'c>, kind: &str) -> Option<Value<'c>> {
    f.metadata(m.md_kind(kind))
}

fn md_u64s<'c>(m: &Module<'c>, f: Value<'c>, kind: &str) -> Option<Vec<u64>> {
    md_of(m, f, kind).map(|n| n.md_operands().iter().filter_map(|o| o.as_u64()).collect())
}

/// Computes the property sets of image `m` whose entry points are
/// `entry_points` (names, in order).
pub fn compute_properties(m: &Module<'_>, entry_points: &[String], opts: &PropertyOptions) -> PropertySetRegistry {
    let mut reg = PropertySetRegistry::new();
    let entries: Vec<Value<'_>> = entry_points.iter().filter_map(|n| m.function(n)).collect();

    // 1. devicelib req mask (always).
    reg.add(
        names::DEVICELIB_REQ_MASK,
        "DeviceLibReqMask",
        PropertyValue::UInt32(devicelib::devicelib_req_mask(m)),
    );

    // 2. device requirements (always, keys sorted).
    let reqs = DeviceRequirements::compute(m, &entries);
    reqs.add_to(&mut reg, opts.split_given);

    // 4. kernel param opt.
    if opts.param_info {
        reg.set_mut(names::KERNEL_PARAM_OPT_INFO);
        for f in m.functions() {
            let Some(node) = md_of(m, f, "sycl_kernel_omit_args") else { continue };
            let flags: Vec<bool> = node.md_operands().iter().map(|o| o.as_u64().unwrap_or(0) != 0).collect();
            if flags.is_empty() {
                continue;
            }
            reg.add(names::KERNEL_PARAM_OPT_INFO, f.name(), PropertyValue::bit_flags(&flags));
        }
    }

    // 5. exported symbols.
    if opts.exported_symbols {
        for &f in &entries {
            if f.has_fn_attr(ATTR_INDIRECTLY_CALLABLE) {
                continue;
            }
            if f.call_conv() == CallConv::SpirFunc {
                reg.add(names::EXPORTED_SYMBOLS, f.name(), PropertyValue::UInt32(1));
            }
        }
    }

    // 6. imported symbols.
    if opts.imported_symbols {
        for f in m.functions() {
            if !f.is_declaration() || f.has_fn_attr(ATTR_INDIRECTLY_CALLABLE) {
                continue;
            }
            if can_be_imported(f, opts.dynamic_linking) {
                reg.add(names::IMPORTED_SYMBOLS, f.name(), PropertyValue::UInt32(1));
            }
        }
    }

    // 7. program metadata.
    if opts.program_metadata {
        program_metadata(m, &mut reg);
    }

    // 8. misc properties (first part).
    if opts.esimd_status == EsimdStatus::EsimdOnly {
        reg.add(names::MISC_PROPERTIES, "isEsimdImage", PropertyValue::UInt32(1));
    }
    for attr in ["sycl-register-alloc-mode", "sycl-grf-size"] {
        if let Some(v) = entries.iter().find_map(|f| f.fn_attr(attr)) {
            if let Ok(n) = v.trim().parse::<i64>() {
                reg.add(names::MISC_PROPERTIES, attr, PropertyValue::UInt32(n as u32));
            }
        }
    }
    if opts.esimd_status != EsimdStatus::SyclAndEsimd {
        if let Some(level) = entries.iter().find_map(|f| f.fn_attr("sycl-optlevel").and_then(|v| v.parse::<i32>().ok()))
        {
            reg.add(names::MISC_PROPERTIES, "optLevel", PropertyValue::UInt32(level as u32));
        }
    }

    // 9. assert used.
    assert_used(m, &mut reg);

    // 10. implicit local arg.
    if m.triple().starts_with("spir") {
        for f in m.functions() {
            if f.call_conv() != CallConv::SpirKernel || !f.has_fn_attr("sycl-work-group-static") {
                continue;
            }
            let idx = (0..f.param_count()).find(|&i| f.has_param_attr(i, "sycl-implicit-local-arg"));
            reg.add(names::IMPLICIT_LOCAL_ARG, f.name(), PropertyValue::UInt32(idx.unwrap_or(u32::MAX)));
        }
    }

    // misc: sanitizer.
    for (global, san) in [("__AsanKernelMetadata", "asan"), ("__MsanKernelMetadata", "msan"), ("__TsanKernelMetadata", "tsan")] {
        if m.global(global).is_some() {
            reg.add(names::MISC_PROPERTIES, "sanUsed", PropertyValue::string(san));
            break;
        }
    }

    // 11. device globals.
    if opts.device_globals {
        for g in m.globals() {
            let Some(size) = g.global_attr("sycl-device-global-size") else { continue };
            let Some(id) = g.global_attr("sycl-unique-id") else { continue };
            let size: u32 = size.trim().parse().unwrap_or(0);
            let scope = match g.global_attr("sycl-device-image-scope") {
                Some(v) => v != "false",
                None => false,
            };
            let mut bytes = size.to_le_bytes().to_vec();
            bytes.extend_from_slice(&[scope as u8, 0, 0, 0]);
            reg.add(names::DEVICE_GLOBALS, id, PropertyValue::bytes(&bytes));
        }
    }

    // 12. host pipes.
    for g in m.globals() {
        if g.global_attr("sycl-host-pipe").is_none() {
            continue;
        }
        let Some(id) = g.global_attr("sycl-unique-id") else { continue };
        let size: u32 = g.global_attr("sycl-host-pipe-size").and_then(|s| s.trim().parse().ok()).unwrap_or(0);
        reg.add(names::HOST_PIPES, id, PropertyValue::bytes(&size.to_le_bytes()));
    }

    // 13. virtual functions.
    virtual_functions(m, &mut reg);

    // 14. registered kernels.
    let reg_nodes = m.named_metadata("sycl_registered_kernels");
    if reg_nodes.len() == 1 {
        for op in reg_nodes[0].md_operands() {
            let MdOperand::Node(pair) = op else { continue };
            let ops = pair.md_operands();
            if ops.len() != 2 {
                continue;
            }
            if let (Some(name), Some(mangled)) = (ops[0].as_string(), ops[1].as_string()) {
                reg.add(names::REGISTERED_KERNELS, name, PropertyValue::string(&mangled));
            }
        }
    }

    // misc: default-value copy.
    if opts.spec_consts_replaced_with_default {
        reg.add(names::MISC_PROPERTIES, "specConstsReplacedWithDefault", PropertyValue::UInt32(1));
    }

    // 15. kernel names.
    if opts.kernel_names {
        for &f in &entries {
            if f.call_conv().is_kernel() {
                reg.add(names::KERNEL_NAMES, f.name(), PropertyValue::UInt32(1));
            }
        }
    }
    reg
}

fn program_metadata(m: &Module<'_>, reg: &mut PropertySetRegistry) {
    let set = names::PROGRAM_METADATA;
    for f in m.functions() {
        let name = f.name();
        if let Some(v) = md_u64s(m, f, "reqd_work_group_size") {
            let v32: Vec<u32> = v.iter().map(|&x| x as u32).collect();
            reg.add(set, format!("{name}@reqd_work_group_size"), PropertyValue::u32_array(&v32));
        }
        if let Some(v) = md_u64s(m, f, "intel_reqd_sub_group_size").and_then(|v| v.first().copied()) {
            reg.add(set, format!("{name}@reqd_sub_group_size"), PropertyValue::UInt32(v as u32));
        }
        if let Some(v) = md_u64s(m, f, "work_group_num_dim").and_then(|v| v.first().copied()) {
            reg.add(set, format!("{name}@work_group_num_dim"), PropertyValue::UInt32(v as u32));
        }
        if let Some(v) = md_u64s(m, f, "max_work_group_size") {
            let v32: Vec<u32> = v.iter().map(|&x| x as u32).collect();
            reg.add(set, format!("{name}@max_work_group_size"), PropertyValue::u32_array(&v32));
        }
        if let Some(v) = md_u64s(m, f, "max_linear_work_group_size").and_then(|v| v.first().copied()) {
            reg.add(set, format!("{name}@max_linear_work_group_size"), PropertyValue::u64_array(&[v]));
        }
    }
    for g in m.globals() {
        if g.global_attr("sycl-device-global-size").is_none() {
            continue;
        }
        if let Some(id) = g.global_attr("sycl-unique-id") {
            reg.add(set, format!("{id}@global_id_mapping"), PropertyValue::string(&g.name()));
        }
    }
}

/// `SYCL/assert used`: kernels from which `__devicelib_assert_fail` is
/// reachable through calls.
fn assert_used(m: &Module<'_>, reg: &mut PropertySetRegistry) {
    let Some(assert_fail) = m.function("__devicelib_assert_fail") else {
        return;
    };
    let mut seen: HashSet<Value<'_>> = HashSet::new();
    let mut queue: VecDeque<Value<'_>> = VecDeque::from([assert_fail]);
    seen.insert(assert_fail);
    let mut kernels = Vec::new();
    while let Some(f) = queue.pop_front() {
        for u in f.users() {
            if !u.is_call() || u.called_value() != Some(f) {
                continue;
            }
            let Some(caller) = u.parent_function() else { continue };
            if !seen.insert(caller) {
                continue;
            }
            if caller.has_fn_attr("referenced-indirectly") {
                kernels = m.functions().into_iter().filter(|k| k.call_conv() == CallConv::SpirKernel).collect();
                queue.clear();
                break;
            }
            if caller.call_conv() == CallConv::SpirKernel {
                kernels.push(caller);
            }
            queue.push_back(caller);
        }
    }
    for k in kernels {
        reg.add(names::ASSERT_USED, k.name(), PropertyValue::UInt32(1));
    }
}

fn virtual_functions(m: &Module<'_>, reg: &mut PropertySetRegistry) {
    let mut used: Vec<String> = Vec::new();
    for f in m.functions() {
        if f.is_declaration() {
            continue;
        }
        if let Some(set) = f.fn_attr(ATTR_INDIRECTLY_CALLABLE) {
            reg.add(names::VIRTUAL_FUNCTIONS, "virtual-functions-set", PropertyValue::string(&set));
            return;
        }
        if let Some(sets) = f.fn_attr("calls-indirectly") {
            for s in sets.split(',').filter(|s| !s.is_empty()) {
                if !used.iter().any(|u| u == s) {
                    used.push(s.to_string());
                }
            }
        }
    }
    if !used.is_empty() {
        used.sort();
        reg.add(names::VIRTUAL_FUNCTIONS, "uses-virtual-functions-set", PropertyValue::string(&used.join(",")));
    }
}
