//! A device image between extraction and saving: its module or its ESIMD
//! and SYCL parts, with their entry points.

use sycl_ir::Module;
use sycl_passes::properties::EsimdStatus;
use sycl_split::entry_points::is_intrinsic_or_builtin;

/// One module of a device image: the whole image, or its ESIMD or SYCL part.
pub struct ImagePart<'c> {
    /// The module.
    pub module: Module<'c>,
    /// Its entry points, in order.
    pub entry_points: Vec<String>,
    /// What kind of code it holds (`sycl-esimd-split-status`).
    pub status: EsimdStatus,
}

/// A cleaned-up device image after the ESIMD step.
pub struct DeviceImage<'c> {
    /// Its modules in output order: one, or the ESIMD part then the SYCL
    /// part (`-split-esimd`).
    pub parts: Vec<ImagePart<'c>>,
    /// The module was extracted or rewritten (else it is the input module
    /// itself, unchanged by the split).
    pub modified: bool,
    /// The ESIMD step separated an ESIMD and a SYCL part (even if it linked
    /// them back together).
    pub esimd_split: bool,
}

impl<'c> DeviceImage<'c> {
    /// An image of `parts`; `modified` as in [`DeviceImage::modified`].
    pub fn new(parts: Vec<ImagePart<'c>>, modified: bool) -> Self {
        DeviceImage {
            parts,
            modified,
            esimd_split: false,
        }
    }
}

/// Upstream's warnings for functions an extracted module calls but does not
/// define (reference 1.3).
pub fn undefined_function_warnings(m: &Module<'_>) -> Vec<String> {
    m.functions()
        .into_iter()
        .filter(|f| f.is_declaration() && !f.has_no_uses() && !is_intrinsic_or_builtin(*f))
        .map(|f| {
            format!(
                "Undefined function {} found in {}. This may result in runtime errors.",
                f.name(),
                m.identifier()
            )
        })
        .collect()
}
