//! `[SYCL/misc properties]` (upstream `computeModuleProperties`,
//! llvm/lib/SYCLPostLink/ComputeModuleRuntimeInfo.cpp). The set is created
//! by its first entry; its entries are added at three points of the set
//! order (see [`super`]):
//!
//! 1. [`add_image_kind_properties`]: `isEsimdImage=1|1` for an ESIMD-only
//!    image; `sycl-grf-size` from the first entry point that has the
//!    attribute (value as `u32`, 0 if it is not a number); `optLevel` from
//!    the first entry point whose `sycl-optlevel` parses as a decimal `int`
//!    (not for SYCL+ESIMD images, upstream quirk); `idQueriesRange=1|1`
//!    (`-id-queries-range=uint`) or `1|2` (`size_t`);
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
//!
//! Gone in the newest upstream and not read by the 2026.2 runtime:
//! `sycl-register-alloc-mode` (only `sycl-grf-size` remains) and the
//! `asanUsed` of the revisions that detected AddressSanitizer from
//! `!device.sanitizer` metadata.

use sycl_ir::{Module, Value};
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};

use super::attributes::{attr_as_u32, parse_i32};
use super::options::EsimdStatus;

/// Sanitizer kernel-metadata globals and the `sanUsed` value they mean.
pub const SANITIZER_METADATA: [(&str, &str); 3] = [
    ("__AsanKernelMetadata", "asan"),
    ("__MsanKernelMetadata", "msan"),
    ("__TsanKernelMetadata", "tsan"),
];

/// Adds `isEsimdImage`, `sycl-grf-size`, `optLevel` and `idQueriesRange`
/// (`id_queries_range` is upstream's value: 0 for `int`, which adds
/// nothing).
pub fn add_image_kind_properties(
    entries: &[Value<'_>],
    status: EsimdStatus,
    id_queries_range: u32,
    reg: &mut PropertySetRegistry,
) {
    let set = names::MISC_PROPERTIES;
    if status == EsimdStatus::EsimdOnly {
        reg.add(set, names::IS_ESIMD_IMAGE_KEY, PropertyValue::UInt32(1));
    }
    if let Some(v) = entries.iter().find_map(|f| f.fn_attr("sycl-grf-size")) {
        reg.add(set, "sycl-grf-size", PropertyValue::UInt32(attr_as_u32(&v)));
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
    if id_queries_range != 0 {
        reg.add(
            set,
            names::ID_QUERIES_RANGE_KEY,
            PropertyValue::UInt32(id_queries_range),
        );
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

/// Adds `sanUsed`.
pub fn add_sanitizer_property(m: &Module<'_>, reg: &mut PropertySetRegistry) {
    if let Some(san) = sanitizer_used(m) {
        reg.add(names::MISC_PROPERTIES, names::SAN_USED_KEY, PropertyValue::string(san));
    }
}
