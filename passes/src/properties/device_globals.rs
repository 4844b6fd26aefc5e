//! Device globals: `[SYCL/device globals]` (`-device-globals`) and the check
//! that a `device_image_scope` device global is used from one device image
//! only (upstream llvm/lib/SYCLLowerIR/DeviceGlobals.cpp and
//! `ModuleSplitterBase::verifyNoCrossModuleDeviceGlobalUsage`). The newest
//! upstream `computeModuleProperties` no longer writes `[SYCL/host pipes]`
//! and the 2026.2 runtime does not read it, so host pipes get no set.
//!
//! ```text
//! @dg = addrspace(1) global %dg zeroinitializer #0
//!   ; #0 = { "sycl-device-global-size"="4" "sycl-device-image-scope" "sycl-unique-id"="uid" }
//!   =>  [SYCL/device globals]
//!       uid=2|ABAAAAAAAAABAAAAAQAAAA     ({u32 size 4, u8 scope 1, 3 padding bytes})
//! ```
//!
//! A device global is a global variable with attribute
//! `sycl-device-global-size`, keyed by `sycl-unique-id`, in module order; a repeated id keeps
//! its first position and takes the last value (upstream fills a map by
//! assignment). Upstream asserts that the id exists; a variable without one
//! is skipped here.

use std::collections::{HashMap, HashSet};

use indexmap::IndexMap;
use sycl_ir::{Module, Value};
use sycl_props::property_set::{names, DeviceGlobalInfo, PropertySetRegistry};

use super::attributes::attr_as_u32;

/// Attribute marking a device global; its value is the size of the
/// underlying type.
pub const ATTR_DEVICE_GLOBAL_SIZE: &str = "sycl-device-global-size";
/// Attribute of the `device_image_scope` property.
pub const ATTR_DEVICE_IMAGE_SCOPE: &str = "sycl-device-image-scope";
/// The attribute's name before the `sycl-` prefix was added (the older
/// upstream revision that the conformance corpus' error test comes from).
pub const ATTR_DEVICE_IMAGE_SCOPE_LEGACY: &str = "device_image_scope";
/// Attribute holding the unique id of a device global.
pub const ATTR_UNIQUE_ID: &str = "sycl-unique-id";

/// True for a device global (a global variable with `sycl-device-global-size`).
pub fn is_device_global(g: Value<'_>) -> bool {
    g.is_global_variable() && g.global_attr(ATTR_DEVICE_GLOBAL_SIZE).is_some()
}

/// Upstream's `hasProperty`: the attribute is present and its value is not
/// `false` (the value-less form counts as true). The legacy attribute name
/// is consulted when the current one is absent.
pub fn has_device_image_scope(g: Value<'_>) -> bool {
    g.global_attr(ATTR_DEVICE_IMAGE_SCOPE)
        .or_else(|| g.global_attr(ATTR_DEVICE_IMAGE_SCOPE_LEGACY))
        .is_some_and(|v| v != "false")
}

/// The `sycl-unique-id` of a device global.
pub fn unique_id(g: Value<'_>) -> Option<String> {
    g.global_attr(ATTR_UNIQUE_ID)
}

/// `unique id → {size, device_image_scope}` of the device globals of `m`.
pub fn device_global_properties(m: &Module<'_>) -> IndexMap<String, DeviceGlobalInfo> {
    let mut map = IndexMap::new();
    for g in m.globals().into_iter().filter(|&g| is_device_global(g)) {
        let Some(id) = unique_id(g) else { continue };
        let size = attr_as_u32(&g.global_attr(ATTR_DEVICE_GLOBAL_SIZE).unwrap_or_default());
        map.insert(
            id,
            DeviceGlobalInfo {
                size,
                device_image_scope: has_device_image_scope(g),
            },
        );
    }
    map
}

/// Adds `[SYCL/device globals]` when the image has device globals.
pub fn add_device_globals(m: &Module<'_>, reg: &mut PropertySetRegistry) {
    for (id, info) in device_global_properties(m) {
        reg.add(names::DEVICE_GLOBALS, id, info.to_value());
    }
}

/// A `device_image_scope` device global used from the entry points of two
/// device images.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "device_global variable '{name}' with property \"device_image_scope\" is contained in more than one device image."
)]
pub struct DeviceImageScopeError {
    /// IR name of the device global.
    pub name: String,
}

/// `-device-globals`: every device global with `device_image_scope` must be
/// reachable from the entry points of at most one group. Reachability walks
/// users upwards: an instruction leads to its function, a function (entry
/// point or not) to its users, a constant to its users. Nothing is checked
/// with fewer than two groups.
///
/// The message is the wording of the upstream revision that the conformance
/// corpus' test comes from ("is contained in"); newer revisions say "is used
/// in".
pub fn check_device_image_scope(m: &Module<'_>, groups: &[&[Value<'_>]]) -> Result<(), DeviceImageScopeError> {
    if groups.len() < 2 {
        return Ok(());
    }
    let group_of: HashMap<Value<'_>, usize> = groups
        .iter()
        .enumerate()
        .flat_map(|(i, g)| g.iter().map(move |&f| (f, i)))
        .collect();
    for g in m.globals() {
        if !is_device_global(g) || !has_device_image_scope(g) {
            continue;
        }
        let mut owner: Option<usize> = None;
        let mut seen = HashSet::new();
        let mut work = g.users();
        while let Some(u) = work.pop() {
            let u = u.parent_function().unwrap_or(u);
            if !seen.insert(u) {
                continue;
            }
            if u.is_function() {
                if let Some(&i) = group_of.get(&u) {
                    if *owner.get_or_insert(i) != i {
                        return Err(DeviceImageScopeError { name: g.name() });
                    }
                }
            }
            work.extend(u.users());
        }
    }
    Ok(())
}
