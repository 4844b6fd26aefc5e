//! Device images: between extraction and saving ([`DeviceImage`]: its
//! module or its ESIMD and SYCL parts, with their entry points), and as the
//! pipeline hands them out ([`Image`]: bytes and values, no LLVM).

use sycl_ir::Module;
use sycl_passes::properties::EsimdStatus;
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};
use sycl_split::entry_points::{can_be_imported, is_intrinsic_or_builtin, EntryPointOptions};

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
    /// The ESIMD step separated an ESIMD and a SYCL part (even if it linked
    /// them back together).
    pub esimd_split: bool,
    /// The image's group has virtual function definitions (for the cleanup
    /// that follows specialization-constant lowering).
    pub has_virtual_functions: bool,
    /// The ESIMD lowering pipeline ran on one of its parts (`-lower-esimd`).
    pub esimd_lowered: bool,
}

impl<'c> DeviceImage<'c> {
    /// An image of `parts`.
    pub fn new(parts: Vec<ImagePart<'c>>) -> Self {
        DeviceImage {
            parts,
            esimd_split: false,
            has_virtual_functions: false,
            esimd_lowered: false,
        }
    }
}

/// Upstream's warnings for functions an extracted module calls but does not
/// define (reference 1.3): none with dynamic linking, and with
/// [`EntryPointOptions::import_undefined`] none for the functions the image
/// imports (`[SYCL/imported symbols]` names them).
pub fn undefined_function_warnings(m: &Module<'_>, ep: EntryPointOptions) -> Vec<String> {
    if ep.dynamic_linking {
        return Vec::new();
    }
    m.functions()
        .into_iter()
        .filter(|f| f.is_declaration() && !f.has_no_uses() && !is_intrinsic_or_builtin(*f))
        .filter(|f| !(ep.import_undefined && can_be_imported(*f, true)))
        .map(|f| {
            format!(
                "Undefined function {} found in {}. This may result in runtime errors.",
                f.name(),
                m.identifier()
            )
        })
        .collect()
}

/// What a device image of the output is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImageKind {
    /// An image of the split (or the whole module when there is no split).
    Code,
    /// A copy of the image before it with specialization constants replaced
    /// by their default values (`-generate-device-image-default-spec-consts`).
    DefaultSpecConstants,
    /// A bfloat16 device library (`-device-lib-dir`), saved as it is; the
    /// file name it was loaded from.
    DeviceLibrary(String),
}

/// Whether one output table (one target) lists an image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TargetOutcome {
    /// The target (empty for a table without one).
    pub target: String,
    /// The image can run on the target, so its table lists it.
    pub accepted: bool,
}

/// One device image of the output, in memory: everything `sycl-post-link`
/// writes for it, as values. Images come in table order.
#[derive(Debug, Clone)]
pub struct Image {
    /// Its number in file names (`<prefix>_<number>.bc`); the ESIMD and SYCL
    /// parts of an image split with `-split-esimd` share one number.
    pub number: usize,
    /// What the image is.
    pub kind: ImageKind,
    /// What kind of code it holds (`sycl-esimd-split-status`).
    pub esimd_status: EsimdStatus,
    /// True when another image of the same table has the same number (the
    /// ESIMD and SYCL parts of one image split with `-split-esimd`, and
    /// their default-value copies).
    pub shares_number: bool,
    /// False when nothing upstream counts as a modification happened (the
    /// module was not rewritten before the split nor split into several
    /// images, and this image was not split into ESIMD and SYCL parts nor
    /// had its specialization constants lowered): the command then lists
    /// the input file in its table rather than writing the image, unless an
    /// output file was named (upstream's `Modified || -o`).
    pub modified: bool,
    /// The image's IR: bitcode, or textual IR with [`crate::Settings::text`].
    pub ir: Vec<u8>,
    /// Its entry points, in order (the names its symbol table lists).
    pub entry_points: Vec<String>,
    /// Its symbol table (`.sym` text) when [`crate::Settings::symbols`] is on.
    pub symbols: Option<String>,
    /// Its property-set registry when [`crate::Settings::properties`] is on,
    /// without a target (see [`Image::properties_for_target`]).
    pub properties: Option<PropertySetRegistry>,
    /// Per target of [`crate::Settings::tables`], in order: whether its
    /// table lists the image.
    pub targets: Vec<TargetOutcome>,
}

impl Image {
    /// The registry a target's table refers to: [`Image::properties`] with
    /// `compile_target` in `SYCL/device requirements` for a non-empty
    /// `target`. `None` without properties.
    pub fn properties_for_target(&self, target: &str) -> Option<PropertySetRegistry> {
        let mut reg = self.properties.clone()?;
        if !target.is_empty() {
            reg.add(
                names::DEVICE_REQUIREMENTS,
                "compile_target",
                PropertyValue::string(target),
            );
        }
        Some(reg)
    }

    /// The `.prop` text for `target` (empty: no target), byte for byte what
    /// the command writes. `None` without properties.
    pub fn properties_text(&self, target: &str) -> Option<String> {
        self.properties_for_target(target).map(|r| r.to_text())
    }
}

/// Why `entry_points` cannot be a symbol table (`.sym`: one name a line):
/// a name that holds a line break would read as two symbols (the property
/// sets refuse it too, `PropertySetRegistry::check_writable`).
pub fn check_symbol_names(entry_points: &[String]) -> Result<(), String> {
    match entry_points.iter().find(|n| n.contains(['\n', '\r'])) {
        Some(n) => Err(format!(
            "symbol '{}' cannot be written to a symbol table: it holds a line break",
            sycl_props::plain(n)
        )),
        None => Ok(()),
    }
}

/// The symbol table text of `entry_points` (`.sym`: one name a line).
pub fn symbols_text(entry_points: &[String]) -> String {
    entry_points.iter().map(|n| format!("{n}\n")).collect()
}

impl From<Image> for sycl_codegen::syclbin::SyclbinImage {
    /// An image of the in-memory pipeline ([`crate::post_link_images`]):
    /// its IR, its property sets (none unless properties were asked for) and
    /// its symbol table, named `image <N>` after its number.
    fn from(image: Image) -> Self {
        sycl_codegen::syclbin::SyclbinImage {
            name: format!("image {}", image.number),
            code: image.ir,
            properties: image.properties.unwrap_or_default(),
            symbols: image
                .symbols
                .map(|s| s.lines().filter(|l| !l.is_empty()).map(str::to_string).collect()),
        }
    }
}
