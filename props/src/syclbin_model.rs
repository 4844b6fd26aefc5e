//! The SYCLBIN model shared by both versions of the format: [`Syclbin`] and its parts, the errors of
//! reading and writing any form ([`SyclbinError`]) and the metadata reader both versions use. It sits
//! below `syclbin` (version 1, every form) and `syclbin_v2`, so that neither imports the other; `syclbin`
//! re-exports every public item here.

use std::fmt;

use thiserror::Error;

use crate::offload_binary::OffloadError;
use crate::property_set::{names, ParseError, PropertySetRegistry, PropertyValue, UnwritableName};
use crate::text::plain;

/// The `state` of a SYCLBIN, as `sycl::bundle_state`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BundleState {
    /// `bundle_state::input` (0).
    Input,
    /// `bundle_state::object` (1).
    Object,
    /// `bundle_state::executable` (2).
    Executable,
}

impl BundleState {
    /// The stored integer.
    pub fn code(self) -> u32 {
        match self {
            BundleState::Input => 0,
            BundleState::Object => 1,
            BundleState::Executable => 2,
        }
    }

    /// The state for a stored integer.
    pub fn from_code(code: u32) -> Option<Self> {
        match code {
            0 => Some(BundleState::Input),
            1 => Some(BundleState::Object),
            2 => Some(BundleState::Executable),
            _ => None,
        }
    }

    /// `input`, `object` or `executable`.
    pub fn name(self) -> &'static str {
        match self {
            BundleState::Input => "input",
            BundleState::Object => "object",
            BundleState::Executable => "executable",
        }
    }

    /// The state for a name (`input`, `object`, `executable`).
    pub fn from_name(name: &str) -> Option<Self> {
        [BundleState::Input, BundleState::Object, BundleState::Executable]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

impl fmt::Display for BundleState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The `type` of an IR module. Upstream's writer stores SPIR-V as 0 (the design document's numbered list
/// starts at 1, but the code and the runtime use 0-based values).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IrType {
    /// SPIR-V (0).
    SpirV,
    /// PTX (1).
    Ptx,
    /// AMDGCN (2).
    Amdgcn,
}

impl IrType {
    /// The stored integer.
    pub fn code(self) -> u32 {
        match self {
            IrType::SpirV => 0,
            IrType::Ptx => 1,
            IrType::Amdgcn => 2,
        }
    }

    /// The type for a stored integer.
    pub fn from_code(code: u32) -> Option<Self> {
        match code {
            0 => Some(IrType::SpirV),
            1 => Some(IrType::Ptx),
            2 => Some(IrType::Amdgcn),
            _ => None,
        }
    }

    /// `SPIR-V`, `PTX` or `AMDGCN`.
    pub fn name(self) -> &'static str {
        match self {
            IrType::SpirV => "SPIR-V",
            IrType::Ptx => "PTX",
            IrType::Amdgcn => "AMDGCN",
        }
    }

    /// The type for a name, case-insensitive (`spirv`, `spir-v`, `ptx`, `amdgcn`).
    pub fn from_name(name: &str) -> Option<Self> {
        match name.to_ascii_lowercase().as_str() {
            "spirv" | "spir-v" | "spv" => Some(IrType::SpirV),
            "ptx" => Some(IrType::Ptx),
            "amdgcn" => Some(IrType::Amdgcn),
            _ => None,
        }
    }
}

impl fmt::Display for IrType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An IR module: metadata plus the raw IR bytes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IrModule {
    /// Holds `[SYCLBIN/ir module metadata]` (`type`, `target`), possibly more.
    pub metadata: PropertySetRegistry,
    /// The IR (e.g. a SPIR-V binary).
    pub bytes: Vec<u8>,
}

impl IrModule {
    /// An IR module with `type` and, if given, `target` metadata.
    pub fn new(ir_type: IrType, target: Option<&str>, bytes: Vec<u8>) -> Self {
        let mut metadata = PropertySetRegistry::new();
        let set = names::SYCLBIN_IR_MODULE_METADATA;
        metadata.add(set, names::SYCLBIN_IR_TYPE_KEY, PropertyValue::UInt32(ir_type.code()));
        if let Some(t) = target {
            metadata.add(set, names::SYCLBIN_TARGET_KEY, PropertyValue::string(t));
        }
        IrModule { metadata, bytes }
    }

    /// The raw `type` value.
    pub fn ir_type_code(&self) -> Option<u32> {
        self.metadata
            .value(names::SYCLBIN_IR_MODULE_METADATA, names::SYCLBIN_IR_TYPE_KEY)?
            .as_u32()
    }

    /// The `type`, if known.
    pub fn ir_type(&self) -> Option<IrType> {
        IrType::from_code(self.ir_type_code()?)
    }

    /// The `target` string.
    pub fn target(&self) -> Option<&str> {
        self.metadata
            .value(names::SYCLBIN_IR_MODULE_METADATA, names::SYCLBIN_TARGET_KEY)?
            .as_str()
    }
}

/// A native device code image: metadata plus the image bytes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NativeImage {
    /// Holds `[SYCLBIN/native device code image metadata]` (`arch`), possibly more.
    pub metadata: PropertySetRegistry,
    /// The device binary.
    pub bytes: Vec<u8>,
}

impl NativeImage {
    /// A native image with `arch` metadata.
    pub fn new(arch: &str, bytes: Vec<u8>) -> Self {
        let mut metadata = PropertySetRegistry::new();
        metadata.add(
            names::SYCLBIN_NATIVE_IMAGE_METADATA,
            names::SYCLBIN_ARCH_KEY,
            PropertyValue::string(arch),
        );
        NativeImage { metadata, bytes }
    }

    /// The `arch` string.
    pub fn arch(&self) -> Option<&str> {
        self.metadata
            .value(names::SYCLBIN_NATIVE_IMAGE_METADATA, names::SYCLBIN_ARCH_KEY)?
            .as_str()
    }
}

/// An abstract module: its property sets and its binaries.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AbstractModule {
    /// The module's property sets (what sycl-post-link writes to its `.prop` file).
    pub metadata: PropertySetRegistry,
    /// IR modules, in header order.
    pub ir_modules: Vec<IrModule>,
    /// Native device code images, in header order.
    pub native_images: Vec<NativeImage>,
}

impl AbstractModule {
    /// Kernel names: the keys of `[SYCL/kernel names]`.
    pub fn kernel_names(&self) -> Vec<&str> {
        self.metadata
            .get(names::KERNEL_NAMES)
            .map(|s| s.keys().collect())
            .unwrap_or_default()
    }
}

/// A whole SYCLBIN file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Syclbin {
    /// Holds `[SYCLBIN/global metadata]` with `state`.
    pub global_metadata: PropertySetRegistry,
    /// The abstract modules, in header order.
    pub abstract_modules: Vec<AbstractModule>,
}

/// Why bytes are not a valid SYCLBIN, or a value cannot be written as one.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SyclbinError {
    /// The file is shorter than a part needs.
    #[error("truncated file ({have} bytes): reading the {what} needs {need} bytes")]
    Truncated {
        /// What was being read.
        what: &'static str,
        /// Bytes needed from the start of the file.
        need: u64,
        /// Bytes present.
        have: u64,
    },
    /// The magic number is wrong.
    #[error("bad magic number 0x{0:08x}, expected 0x53594249")]
    BadMagic(u32),
    /// A version other than 1.
    #[error("unsupported SYCLBIN version {0}")]
    UnsupportedVersion(u32),
    /// Header counts or table sizes overflow 64-bit arithmetic.
    #[error("header counts and table sizes overflow")]
    SizeOverflow,
    /// A region lies outside its byte table.
    #[error("{what}: bytes [{offset}, +{size}) lie outside the {table} byte table of {table_size} bytes")]
    OutOfBounds {
        /// Which region (e.g. `IR module 2 bytes`).
        what: String,
        /// Offset in the table.
        offset: u64,
        /// Size of the region.
        size: u64,
        /// `metadata` or `binary`.
        table: &'static str,
        /// Size of the table.
        table_size: u64,
    },
    /// The regions of one table add up to more than the table (they overlap).
    #[error("the {table} regions total {total} bytes, more than the {table_size}-byte {table} byte table")]
    RegionsOverlap {
        /// `metadata` or `binary`.
        table: &'static str,
        /// Sum of the region sizes.
        total: u128,
        /// Size of the table.
        table_size: u64,
    },
    /// An abstract module's header range leaves the header array.
    #[error(
        "abstract module {module}: {kind} headers [{first}, +{count}) exceed the {total} {kind} headers of the file"
    )]
    HeaderRange {
        /// Abstract module index.
        module: usize,
        /// `IR module` or `native image`.
        kind: &'static str,
        /// First index.
        first: u32,
        /// Count.
        count: u32,
        /// Number of such headers in the file.
        total: u32,
    },
    /// Two abstract modules claim the same header.
    #[error("{kind} header {index} is claimed by abstract modules {first_owner} and {second_owner}")]
    HeaderShared {
        /// `IR module` or `native image`.
        kind: &'static str,
        /// Header index.
        index: usize,
        /// First claiming module.
        first_owner: usize,
        /// Second claiming module.
        second_owner: usize,
    },
    /// No abstract module claims a header.
    #[error("{kind} header {index} belongs to no abstract module")]
    HeaderUnclaimed {
        /// `IR module` or `native image`.
        kind: &'static str,
        /// Header index.
        index: usize,
    },
    /// Metadata text is not UTF-8.
    #[error("{what}: metadata is not valid UTF-8 (at byte {valid_up_to})")]
    MetadataNotUtf8 {
        /// Whose metadata.
        what: String,
        /// Length of the valid prefix.
        valid_up_to: usize,
    },
    /// Metadata text is not a valid property-set registry.
    #[error("{what}: metadata line {}: {source}", source.line().map_or_else(|| "-".to_string(), |l| l.to_string()))]
    Metadata {
        /// Whose metadata.
        what: String,
        /// The property-set error.
        source: ParseError,
    },
    /// The input is neither a SYCLBIN nor an offload binary.
    #[error("not a SYCLBIN file (magic 0x{0:08x}) nor an offload binary")]
    NotSyclbin(u32),
    /// The offload-binary wrapper is invalid.
    #[error("{0}")]
    Offload(#[from] OffloadError),
    /// A name in the metadata that the property-set text cannot hold.
    #[error("{0}")]
    Name(#[from] UnwritableName),
    /// An offload binary without a SYCLBIN image.
    #[error("the offload binary holds no SYCLBIN image")]
    NoSyclbinImage,
    /// A count does not fit the 32-bit header field.
    #[error("too many {0} for a SYCLBIN header")]
    TooMany(&'static str),
    /// A SYCLBIN version 2 entry is not a SYCLBIN image.
    #[error("SYCLBIN v2 entry {entry}: image kind {kind}, expected 7 (SYCLBIN)")]
    V2ImageKind {
        /// Entry index.
        entry: usize,
        /// The image kind found.
        kind: u16,
    },
    /// A SYCLBIN version 2 entry has no known `role`.
    #[error("SYCLBIN v2 entry {entry}: unknown role '{}'", plain(role))]
    V2Role {
        /// Entry index.
        entry: usize,
        /// The role string (empty if absent).
        role: String,
    },
    /// Not exactly one `global_metadata` entry.
    #[error("SYCLBIN v2: {}", match found {
        None => "no global_metadata entry".to_string(),
        Some((a, b)) => format!("entries {a} and {b} are both global_metadata"),
    })]
    V2GlobalMetadata {
        /// The first two global-metadata entries, if there are several.
        found: Option<(usize, usize)>,
    },
    /// An unsupported `sycl_format_version`.
    #[error("SYCLBIN v2: unsupported sycl_format_version '{}' (this reader supports 2)", plain(.0))]
    V2FormatVersion(String),
    /// An `am_index` that is not a decimal number.
    #[error("SYCLBIN v2 entry {entry}: invalid am_index '{}'", plain(value))]
    V2AmIndex {
        /// Entry index.
        entry: usize,
        /// The string found (empty if absent).
        value: String,
    },
    /// An `am_index` not below the number of entries.
    #[error("SYCLBIN v2 entry {entry}: am_index {index} out of range ({entries} entries)")]
    V2AmIndexRange {
        /// Entry index.
        entry: usize,
        /// The index found.
        index: u64,
        /// Number of entries.
        entries: usize,
    },
    /// Two `am_metadata` entries for one abstract module.
    #[error("SYCLBIN v2: duplicate am_metadata for am_index {index}")]
    V2DuplicateAmMetadata {
        /// The abstract module.
        index: usize,
    },
    /// An abstract module without `am_metadata`.
    #[error("SYCLBIN v2: missing am_metadata for am_index {index}")]
    V2MissingAmMetadata {
        /// The abstract module.
        index: usize,
    },
    /// An `ir` or `native` image too small for its metadata-size prefix or its metadata.
    #[error("SYCLBIN v2 entry {entry}: {}", match metadata_size {
        None => format!("image of {image_size} bytes has no 8-byte metadata size"),
        Some(m) => format!("metadata size {m} exceeds the {} bytes after the size field", image_size - 8),
    })]
    V2Payload {
        /// Entry index.
        entry: usize,
        /// The metadata size read, if the image holds one.
        metadata_size: Option<u64>,
        /// Size of the entry's image.
        image_size: u64,
    },
}

pub(crate) fn parse_metadata(what: impl FnOnce() -> String, bytes: &[u8]) -> Result<PropertySetRegistry, SyclbinError> {
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            return Err(SyclbinError::MetadataNotUtf8 {
                what: what(),
                valid_up_to: e.valid_up_to(),
            })
        }
    };
    PropertySetRegistry::parse_lenient(text).map_err(|source| SyclbinError::Metadata { what: what(), source })
}
