//! `[SYCL/misc properties]` (upstream `computeModuleProperties`,
//! llvm/lib/SYCLPostLink/ComputeModuleRuntimeInfo.cpp). The set is created
//! by its first entry; its entries are added at three points of the set
//! order (see [`super`]):
//!
//! 1. [`add_image_kind_properties`]: `isEsimdImage=1|1` for an ESIMD-only
//!    image; `sycl-register-alloc-mode` and `sycl-grf-size` from the first
//!    entry point that has the attribute (value as `u32`, 0 if it is not a
//!    number); `optLevel` from the first entry point whose `sycl-optlevel`
//!    parses as a decimal `int` (not for SYCL+ESIMD images, upstream quirk);
//! 2. [`add_sanitizer_property`]: `sanUsed=2|asan|msan|tsan` when the image
//!    has a global named `__AsanKernelMetadata*` / `__MsanKernelMetadata*` /
//!    `__TsanKernelMetadata*` (first match in that order);
//! 3. `specConstsReplacedWithDefault=1|1` for default-value copies (in
//!    [`super::compute_properties`]).
//!
//! ```text
//! define spir_kernel void @k() #0   ; #0 = { "sycl-grf-size"="256" "sycl-optlevel"="2" }
//!   =>  [SYCL/misc properties]
//!       sycl-grf-size=1|256
//!       optLevel=1|2
//! ```

use sycl_ir::{Module, Value};
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};

use super::{attr_as_u32, parse_i32, EsimdStatus};

/// Sanitizer kernel-metadata globals and the `sanUsed` value they mean.
pub const SANITIZER_METADATA: [(&str, &str); 3] = [
    ("__AsanKernelMetadata", "asan"),
    ("__MsanKernelMetadata", "msan"),
    ("__TsanKernelMetadata", "tsan"),
];

/// Adds `isEsimdImage`, `sycl-register-alloc-mode`, `sycl-grf-size` and
/// `optLevel`.
pub fn add_image_kind_properties(entries: &[Value<'_>], status: EsimdStatus, reg: &mut PropertySetRegistry) {
    let set = names::MISC_PROPERTIES;
    if status == EsimdStatus::EsimdOnly {
        reg.add(set, names::IS_ESIMD_IMAGE_KEY, PropertyValue::UInt32(1));
    }
    for attr in ["sycl-register-alloc-mode", "sycl-grf-size"] {
        if let Some(v) = entries.iter().find_map(|f| f.fn_attr(attr)) {
            reg.add(set, attr, PropertyValue::UInt32(attr_as_u32(&v)));
        }
    }
    if status != EsimdStatus::SyclAndEsimd {
        // `int OptLevel = -1`, set by the first value that parses; -1 itself
        // means "none".
        let level = entries
            .iter()
            .find_map(|f| f.fn_attr("sycl-optlevel").and_then(|v| parse_i32(&v)))
            .unwrap_or(-1);
        if level != -1 {
            reg.add(set, names::OPT_LEVEL_KEY, PropertyValue::UInt32(level as u32));
        }
    }
}

/// The sanitizer an image was instrumented with, from its kernel-metadata
/// global.
pub fn sanitizer_used(m: &Module<'_>) -> Option<&'static str> {
    let globals: Vec<String> = m.globals().into_iter().map(|g| g.name()).collect();
    SANITIZER_METADATA
        .iter()
        .find(|(prefix, _)| globals.iter().any(|n| n.starts_with(prefix)))
        .map(|&(_, san)| san)
}

/// Older compilers marked AddressSanitizer modules with named metadata
/// `!device.sanitizer = !{!{!"asan"}}` instead of a kernel-metadata global;
/// the revisions that read it wrote `asanUsed=1|1`.
fn legacy_asan_marker(m: &Module<'_>) -> bool {
    m.named_metadata("device.sanitizer")
        .first()
        .and_then(|n| n.md_operands().first().and_then(|o| o.as_string()))
        .is_some_and(|s| s == "asan")
}

/// Adds `sanUsed` (or, for a module in the older form, `asanUsed`).
pub fn add_sanitizer_property(m: &Module<'_>, reg: &mut PropertySetRegistry) {
    if let Some(san) = sanitizer_used(m) {
        reg.add(names::MISC_PROPERTIES, names::SAN_USED_KEY, PropertyValue::string(san));
    } else if legacy_asan_marker(m) {
        reg.add(names::MISC_PROPERTIES, "asanUsed", PropertyValue::UInt32(1));
    }
}
