//! SYCLBIN: the container for separately compiled SYCL device code (intel/llvm `llvm/Object/SYCLBIN`, design
//! document "SYCLBIN - A format for separately compiled SYCL device code"). This file owns the typed model
//! ([`Syclbin`]), version 1's layout, the one reader for every form ([`SyclbinFile::read`]), the writer for
//! every form ([`Syclbin::write_as`]) and the dump; version 2's entry layout is in [`crate::syclbin_v2`].
//!
//! A SYCLBIN holds *abstract modules* (device code sharing kernel names, symbols, requirements…), each with
//! IR modules (SPIR-V, PTX, AMDGCN) and native device code images, plus property-set metadata at every level.
//! Layout (little-endian; headers and tables aligned to 8 bytes):
//!
//! | part | content |
//! |---|---|
//! | file header (56 bytes) | `u32` magic `0x53594249`, `u32` version (1), `u32` abstract-module count, `u32` IR-module count, `u32` native-image count, 4 padding bytes, `u64` metadata-table size, `u64` binary-table size, `u64` global-metadata offset, `u64` global-metadata size |
//! | abstract-module headers (32 bytes each) | `u64` metadata offset, `u64` metadata size, `u32` IR-module count, `u32` first IR-module index, `u32` native-image count, `u32` first native-image index |
//! | IR-module headers (32 bytes each) | `u64` metadata offset, `u64` metadata size, `u64` IR offset, `u64` IR size |
//! | native-image headers (32 bytes each) | `u64` metadata offset, `u64` metadata size, `u64` image offset, `u64` image size |
//! | metadata byte table | property-set texts (global, then abstract modules, then IR modules, then native images), zero-padded to 8 |
//! | binary byte table | IR bytes, then native image bytes, zero-padded to 8 |
//!
//! Metadata offsets count from the start of the metadata table, binary offsets from the start of the binary
//! table. The global metadata holds `[SYCLBIN/global metadata]` with `state` (a [`BundleState`]); IR-module
//! metadata holds `[SYCLBIN/ir module metadata]` with `type` (an [`IrType`]) and optionally `target`;
//! native-image metadata holds `[SYCLBIN/native device code image metadata]` with `arch`. Abstract-module
//! metadata holds the module's ordinary property sets (kernel names in `[SYCL/kernel names]`).
//!
//! The writer lays a file out as upstream's writer does (padding bytes are written as zeros). The reader
//! checks every count, offset and size before use and returns a [`SyclbinError`] naming the offending part;
//! it also rejects files whose headers are shared between abstract modules or left unreferenced, which the
//! nested model here cannot represent.
//!
//! On disk a SYCLBIN v1 travels inside an [`OffloadBinary`] entry with image kind [`ImageKind::SYCLBIN`]: a
//! version 1 offload binary (LLVM 22's tools, `syclbin create --offload-binary`) or a single-entry version 2
//! one (what the 2026.2 SYCL runtime's `ext_oneapi_get_content()` writes; the runtime loads both). SYCLBIN v2
//! spreads the same model over the entries of a version 2 offload binary. [`SyclbinFile::read`] (and
//! [`Syclbin::parse_any`]) read all of these and a bare SYCLBIN v1; [`Packaging`] names the forms to write.
//!
//! ```
//! use sycl_props::syclbin::{AbstractModule, BundleState, IrModule, IrType, Syclbin};
//! let mut bin = Syclbin::new(BundleState::Input);
//! let mut am = AbstractModule::default();
//! am.ir_modules.push(IrModule::new(IrType::SpirV, Some("spir64-unknown-unknown"), vec![3, 2, 0x23, 7]));
//! bin.abstract_modules.push(am);
//! let bytes = bin.to_bytes().unwrap();
//! assert_eq!(&bytes[..4], b"IBYS");
//! assert_eq!(Syclbin::parse(&bytes).unwrap(), bin);
//! ```

use crate::offload_binary::{Container, ImageKind, OffloadBinary, OffloadKind};
use crate::property_set::{names, PropertySetRegistry, PropertyValue, UnwritableName};
use crate::syclbin_model::parse_metadata;
pub use crate::syclbin_model::{AbstractModule, BundleState, IrModule, IrType, NativeImage, Syclbin, SyclbinError};

/// The magic number (`"IBYS"` on disk, little-endian `0x53594249`).
pub const MAGIC: u32 = 0x5359_4249;
/// The format version this module reads and writes.
pub const VERSION: u32 = 1;
/// Size of the file header.
pub const FILE_HEADER_SIZE: u64 = 56;
/// Size of an abstract-module, IR-module or native-image header.
pub const MODULE_HEADER_SIZE: u64 = 32;

/// The file header as stored.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FileHeader {
    /// Magic number.
    pub magic: u32,
    /// Format version.
    pub version: u32,
    /// Number of abstract-module headers.
    pub abstract_module_count: u32,
    /// Number of IR-module headers.
    pub ir_module_count: u32,
    /// Number of native-image headers.
    pub native_image_count: u32,
    /// Size of the metadata byte table (unpadded).
    pub metadata_table_size: u64,
    /// Size of the binary byte table (unpadded).
    pub binary_table_size: u64,
    /// Offset of the global metadata in the metadata table.
    pub global_metadata_offset: u64,
    /// Size of the global metadata.
    pub global_metadata_size: u64,
}

/// An abstract-module header as stored.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AbstractModuleHeader {
    /// Offset of the metadata in the metadata table.
    pub metadata_offset: u64,
    /// Size of the metadata.
    pub metadata_size: u64,
    /// Number of IR modules.
    pub ir_module_count: u32,
    /// Index of the first IR-module header.
    pub ir_module_first: u32,
    /// Number of native images.
    pub native_image_count: u32,
    /// Index of the first native-image header.
    pub native_image_first: u32,
}

/// An IR-module or native-image header as stored.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ImageHeader {
    /// Offset of the metadata in the metadata table.
    pub metadata_offset: u64,
    /// Size of the metadata.
    pub metadata_size: u64,
    /// Offset of the bytes in the binary table.
    pub bytes_offset: u64,
    /// Size of the bytes.
    pub bytes_size: u64,
}

/// Every header of a file, with where the two byte tables start: what [`Syclbin::read_layout`] returns.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Layout {
    /// The file header.
    pub header: FileHeader,
    /// Abstract-module headers.
    pub abstract_modules: Vec<AbstractModuleHeader>,
    /// IR-module headers.
    pub ir_modules: Vec<ImageHeader>,
    /// Native-image headers.
    pub native_images: Vec<ImageHeader>,
    /// File offset of the metadata byte table.
    pub metadata_table_start: u64,
    /// File offset of the binary byte table.
    pub binary_table_start: u64,
    /// Size of the file as far as the padded binary table (bytes past it are ignored).
    pub used_size: u64,
}

fn rd_u32(b: &[u8], at: u64) -> u32 {
    let at = at as usize;
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn rd_u64(b: &[u8], at: u64) -> u64 {
    let at = at as usize;
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(a)
}

fn align8(n: u64) -> Option<u64> {
    n.checked_add(7).map(|v| v & !7)
}

/// Checks `[offset, offset + size)` against a table and returns it as a `usize` range start.
fn check_region(
    what: impl FnOnce() -> String,
    offset: u64,
    size: u64,
    table: &'static str,
    table_size: u64,
) -> Result<(), SyclbinError> {
    match offset.checked_add(size) {
        Some(end) if end <= table_size => Ok(()),
        _ => Err(SyclbinError::OutOfBounds {
            what: what(),
            offset,
            size,
            table,
            table_size,
        }),
    }
}

/// Every region of `layout` lies in its table, and the regions together fit in it: this bounds the work and
/// memory of reading by the file size.
fn check_regions(layout: &Layout) -> Result<(), SyclbinError> {
    let h = &layout.header;
    let mut meta_total = u128::from(h.global_metadata_size);
    let mut bin_total = 0u128;
    check_region(
        || "global metadata".into(),
        h.global_metadata_offset,
        h.global_metadata_size,
        "metadata",
        h.metadata_table_size,
    )?;
    for (i, a) in layout.abstract_modules.iter().enumerate() {
        check_region(
            || format!("abstract module {i} metadata"),
            a.metadata_offset,
            a.metadata_size,
            "metadata",
            h.metadata_table_size,
        )?;
        meta_total += u128::from(a.metadata_size);
    }
    for (kind, headers) in [
        ("IR module", &layout.ir_modules),
        ("native image", &layout.native_images),
    ] {
        for (i, m) in headers.iter().enumerate() {
            check_region(
                || format!("{kind} {i} metadata"),
                m.metadata_offset,
                m.metadata_size,
                "metadata",
                h.metadata_table_size,
            )?;
            check_region(
                || format!("{kind} {i} bytes"),
                m.bytes_offset,
                m.bytes_size,
                "binary",
                h.binary_table_size,
            )?;
            meta_total += u128::from(m.metadata_size);
            bin_total += u128::from(m.bytes_size);
        }
    }
    if meta_total > u128::from(h.metadata_table_size) {
        return Err(SyclbinError::RegionsOverlap {
            table: "metadata",
            total: meta_total,
            table_size: h.metadata_table_size,
        });
    }
    if bin_total > u128::from(h.binary_table_size) {
        return Err(SyclbinError::RegionsOverlap {
            table: "binary",
            total: bin_total,
            table_size: h.binary_table_size,
        });
    }
    Ok(())
}

/// Each IR-module and native-image header of `layout` belongs to exactly one abstract module.
fn check_ownership(layout: &Layout) -> Result<(), SyclbinError> {
    let mut ir_owner: Vec<Option<usize>> = vec![None; layout.ir_modules.len()];
    let mut native_owner: Vec<Option<usize>> = vec![None; layout.native_images.len()];
    for (i, a) in layout.abstract_modules.iter().enumerate() {
        for (kind, first, count, owners) in [
            ("IR module", a.ir_module_first, a.ir_module_count, &mut ir_owner),
            (
                "native image",
                a.native_image_first,
                a.native_image_count,
                &mut native_owner,
            ),
        ] {
            let total = owners.len() as u32;
            let end = u64::from(first) + u64::from(count);
            if end > u64::from(total) {
                return Err(SyclbinError::HeaderRange {
                    module: i,
                    kind,
                    first,
                    count,
                    total,
                });
            }
            for (index, slot) in owners.iter_mut().enumerate().skip(first as usize).take(count as usize) {
                if let Some(first_owner) = *slot {
                    return Err(SyclbinError::HeaderShared {
                        kind,
                        index,
                        first_owner,
                        second_owner: i,
                    });
                }
                *slot = Some(i);
            }
        }
    }
    for (kind, owners) in [("IR module", &ir_owner), ("native image", &native_owner)] {
        if let Some(index) = owners.iter().position(Option::is_none) {
            return Err(SyclbinError::HeaderUnclaimed { kind, index });
        }
    }
    Ok(())
}

impl Syclbin {
    /// An empty SYCLBIN whose global metadata holds `state`.
    pub fn new(state: BundleState) -> Self {
        let mut global_metadata = PropertySetRegistry::new();
        global_metadata.add(
            names::SYCLBIN_GLOBAL_METADATA,
            names::SYCLBIN_STATE_KEY,
            PropertyValue::UInt32(state.code()),
        );
        Syclbin {
            global_metadata,
            abstract_modules: Vec::new(),
        }
    }

    /// The raw `state` value of the global metadata.
    pub fn state_code(&self) -> Option<u32> {
        self.global_metadata
            .value(names::SYCLBIN_GLOBAL_METADATA, names::SYCLBIN_STATE_KEY)?
            .as_u32()
    }

    /// The `state`, if present and known.
    pub fn state(&self) -> Option<BundleState> {
        BundleState::from_code(self.state_code()?)
    }

    /// Checks that every metadata registry can be written (see
    /// [`PropertySetRegistry::check_writable`]).
    pub fn check_writable(&self) -> Result<(), UnwritableName> {
        self.global_metadata.check_writable()?;
        for am in &self.abstract_modules {
            am.metadata.check_writable()?;
            for m in &am.ir_modules {
                m.metadata.check_writable()?;
            }
            for m in &am.native_images {
                m.metadata.check_writable()?;
            }
        }
        Ok(())
    }

    /// Serializes the file (version 1).
    pub fn to_bytes(&self) -> Result<Vec<u8>, SyclbinError> {
        let count = |n: usize, what| u32::try_from(n).map_err(|_| SyclbinError::TooMany(what));
        let ams = &self.abstract_modules;
        let n_ir: usize = ams.iter().map(|a| a.ir_modules.len()).sum();
        let n_native: usize = ams.iter().map(|a| a.native_images.len()).sum();
        self.check_writable()?;

        let global = self.global_metadata.to_text();
        let am_meta: Vec<String> = ams.iter().map(|a| a.metadata.to_text()).collect();
        let ir_meta: Vec<String> = ams
            .iter()
            .flat_map(|a| a.ir_modules.iter().map(|m| m.metadata.to_text()))
            .collect();
        let native_meta: Vec<String> = ams
            .iter()
            .flat_map(|a| a.native_images.iter().map(|m| m.metadata.to_text()))
            .collect();
        let metadata_table_size: u64 = [&global]
            .into_iter()
            .chain(&am_meta)
            .chain(&ir_meta)
            .chain(&native_meta)
            .map(|s| s.len() as u64)
            .sum();
        let binaries = ams
            .iter()
            .flat_map(|a| a.ir_modules.iter().map(|m| &m.bytes))
            .chain(ams.iter().flat_map(|a| a.native_images.iter().map(|m| &m.bytes)));
        let binary_table_size: u64 = binaries.clone().map(|b| b.len() as u64).sum();

        // Headers, then the two tables, each padded to 8 bytes: one
        // allocation for a file of tens of megabytes.
        let headers = 48 + 32 * (ams.len() + n_ir + n_native) as u64;
        let capacity = headers + metadata_table_size + binary_table_size + 16;
        let mut out = Vec::with_capacity(usize::try_from(capacity).unwrap_or(0));
        let put32 = |o: &mut Vec<u8>, v: u32| o.extend_from_slice(&v.to_le_bytes());
        let put64 = |o: &mut Vec<u8>, v: u64| o.extend_from_slice(&v.to_le_bytes());
        put32(&mut out, MAGIC);
        put32(&mut out, VERSION);
        put32(&mut out, count(ams.len(), "abstract modules")?);
        put32(&mut out, count(n_ir, "IR modules")?);
        put32(&mut out, count(n_native, "native images")?);
        put32(&mut out, 0); // padding of the 8-byte-aligned header struct
        put64(&mut out, metadata_table_size);
        put64(&mut out, binary_table_size);
        put64(&mut out, 0);
        put64(&mut out, global.len() as u64);

        let mut meta_off = global.len() as u64;
        let (mut ir_first, mut native_first) = (0usize, 0usize);
        for (a, m) in ams.iter().zip(&am_meta) {
            put64(&mut out, meta_off);
            put64(&mut out, m.len() as u64);
            put32(&mut out, count(a.ir_modules.len(), "IR modules")?);
            put32(&mut out, count(ir_first, "IR modules")?);
            put32(&mut out, count(a.native_images.len(), "native images")?);
            put32(&mut out, count(native_first, "native images")?);
            meta_off += m.len() as u64;
            ir_first += a.ir_modules.len();
            native_first += a.native_images.len();
        }
        let mut bin_off = 0u64;
        let images = ams
            .iter()
            .flat_map(|a| a.ir_modules.iter().map(|m| &m.bytes))
            .chain(ams.iter().flat_map(|a| a.native_images.iter().map(|m| &m.bytes)));
        for (m, bytes) in ir_meta.iter().chain(&native_meta).zip(images) {
            put64(&mut out, meta_off);
            put64(&mut out, m.len() as u64);
            put64(&mut out, bin_off);
            put64(&mut out, bytes.len() as u64);
            meta_off += m.len() as u64;
            bin_off += bytes.len() as u64;
        }
        out.extend_from_slice(global.as_bytes());
        for m in am_meta.iter().chain(&ir_meta).chain(&native_meta) {
            out.extend_from_slice(m.as_bytes());
        }
        out.resize(out.len().next_multiple_of(8), 0);
        for b in binaries {
            out.extend_from_slice(b);
        }
        out.resize(out.len().next_multiple_of(8), 0);
        Ok(out)
    }

    /// Wraps the serialized file in an offload binary (image kind SYCLBIN, offload kind SYCL) with the given
    /// strings (e.g. `triple`, `arch`).
    pub fn to_offload_binary<'s>(
        &self,
        strings: impl IntoIterator<Item = (&'s str, &'s str)>,
    ) -> Result<OffloadBinary, SyclbinError> {
        let mut ob = OffloadBinary::new(ImageKind::SYCLBIN, OffloadKind::SYCL, self.to_bytes()?);
        for (k, v) in strings {
            ob.strings.insert(k.to_string(), v.to_string());
        }
        Ok(ob)
    }

    /// Reads and checks the headers only: counts, table sizes, and that the file is long enough.
    pub fn read_layout(bytes: &[u8]) -> Result<Layout, SyclbinError> {
        let have = bytes.len() as u64;
        if have < 8 {
            return Err(SyclbinError::Truncated {
                what: "file header",
                need: FILE_HEADER_SIZE,
                have,
            });
        }
        let magic = rd_u32(bytes, 0);
        if magic != MAGIC {
            return Err(SyclbinError::BadMagic(magic));
        }
        let version = rd_u32(bytes, 4);
        if version != VERSION {
            return Err(SyclbinError::UnsupportedVersion(version));
        }
        if have < FILE_HEADER_SIZE {
            return Err(SyclbinError::Truncated {
                what: "file header",
                need: FILE_HEADER_SIZE,
                have,
            });
        }
        let header = FileHeader {
            magic,
            version,
            abstract_module_count: rd_u32(bytes, 8),
            ir_module_count: rd_u32(bytes, 12),
            native_image_count: rd_u32(bytes, 16),
            metadata_table_size: rd_u64(bytes, 24),
            binary_table_size: rd_u64(bytes, 32),
            global_metadata_offset: rd_u64(bytes, 40),
            global_metadata_size: rd_u64(bytes, 48),
        };
        let headers = u64::from(header.abstract_module_count)
            + u64::from(header.ir_module_count)
            + u64::from(header.native_image_count);
        // At most 3 * 2^32 headers of 32 bytes: no overflow.
        let headers_end = FILE_HEADER_SIZE + headers * MODULE_HEADER_SIZE;
        if have < headers_end {
            return Err(SyclbinError::Truncated {
                what: "module headers",
                need: headers_end,
                have,
            });
        }
        let metadata_table_start = headers_end;
        let binary_table_start = align8(header.metadata_table_size)
            .and_then(|m| m.checked_add(metadata_table_start))
            .ok_or(SyclbinError::SizeOverflow)?;
        let used_size = align8(header.binary_table_size)
            .and_then(|b| b.checked_add(binary_table_start))
            .ok_or(SyclbinError::SizeOverflow)?;
        // The last table's padding may be missing (upstream's reader only needs the unpadded size).
        let need = binary_table_start
            .checked_add(header.binary_table_size)
            .ok_or(SyclbinError::SizeOverflow)?;
        if have < need {
            let what = if have < binary_table_start {
                "metadata byte table"
            } else {
                "binary byte table"
            };
            return Err(SyclbinError::Truncated { what, need, have });
        }
        let mut at = FILE_HEADER_SIZE;
        let mut abstract_modules = Vec::with_capacity(header.abstract_module_count as usize);
        for _ in 0..header.abstract_module_count {
            abstract_modules.push(AbstractModuleHeader {
                metadata_offset: rd_u64(bytes, at),
                metadata_size: rd_u64(bytes, at + 8),
                ir_module_count: rd_u32(bytes, at + 16),
                ir_module_first: rd_u32(bytes, at + 20),
                native_image_count: rd_u32(bytes, at + 24),
                native_image_first: rd_u32(bytes, at + 28),
            });
            at += MODULE_HEADER_SIZE;
        }
        let mut image_headers = |n: u32| {
            let mut v = Vec::with_capacity(n as usize);
            for _ in 0..n {
                v.push(ImageHeader {
                    metadata_offset: rd_u64(bytes, at),
                    metadata_size: rd_u64(bytes, at + 8),
                    bytes_offset: rd_u64(bytes, at + 16),
                    bytes_size: rd_u64(bytes, at + 24),
                });
                at += MODULE_HEADER_SIZE;
            }
            v
        };
        let ir_modules = image_headers(header.ir_module_count);
        let native_images = image_headers(header.native_image_count);
        Ok(Layout {
            header,
            abstract_modules,
            ir_modules,
            native_images,
            metadata_table_start,
            binary_table_start,
            used_size: used_size.min(have),
        })
    }

    /// Reads a bare SYCLBIN, validating every offset and size.
    pub fn parse(bytes: &[u8]) -> Result<Self, SyclbinError> {
        let layout = Self::read_layout(bytes)?;
        check_regions(&layout)?;
        check_ownership(&layout)?;
        let h = &layout.header;
        let meta_start = layout.metadata_table_start as usize;
        let bin_start = layout.binary_table_start as usize;
        let meta_table = &bytes[meta_start..meta_start + h.metadata_table_size as usize];
        let bin_table = &bytes[bin_start..bin_start + h.binary_table_size as usize];

        let region = |t: &[u8], off: u64, size: u64| t[off as usize..(off + size) as usize].to_vec();
        let global_metadata = parse_metadata(
            || "global metadata".into(),
            &region(meta_table, h.global_metadata_offset, h.global_metadata_size),
        )?;
        let mut abstract_modules = Vec::with_capacity(layout.abstract_modules.len());
        for (i, a) in layout.abstract_modules.iter().enumerate() {
            let metadata = parse_metadata(
                || format!("abstract module {i}"),
                &region(meta_table, a.metadata_offset, a.metadata_size),
            )?;
            let mut am = AbstractModule {
                metadata,
                ..AbstractModule::default()
            };
            let ir = a.ir_module_first as usize..(a.ir_module_first + a.ir_module_count) as usize;
            for j in ir {
                let m = &layout.ir_modules[j];
                am.ir_modules.push(IrModule {
                    metadata: parse_metadata(
                        || format!("IR module {j}"),
                        &region(meta_table, m.metadata_offset, m.metadata_size),
                    )?,
                    bytes: region(bin_table, m.bytes_offset, m.bytes_size),
                });
            }
            let native = a.native_image_first as usize..(a.native_image_first + a.native_image_count) as usize;
            for j in native {
                let m = &layout.native_images[j];
                am.native_images.push(NativeImage {
                    metadata: parse_metadata(
                        || format!("native image {j}"),
                        &region(meta_table, m.metadata_offset, m.metadata_size),
                    )?,
                    bytes: region(bin_table, m.bytes_offset, m.bytes_size),
                });
            }
            abstract_modules.push(am);
        }
        Ok(Syclbin {
            global_metadata,
            abstract_modules,
        })
    }

    /// Reads a SYCLBIN in any form [`SyclbinFile::read`] accepts.
    pub fn parse_any(bytes: &[u8]) -> Result<Self, SyclbinError> {
        Ok(SyclbinFile::read(bytes)?.syclbin)
    }

    /// Serializes the file as SYCLBIN version 2 (a multi-entry version 2 offload binary; see
    /// [`crate::syclbin_v2`]).
    pub fn to_bytes_v2(&self) -> Result<Vec<u8>, SyclbinError> {
        crate::syclbin_v2::write(self)
    }

    /// Serializes the file in one of the forms [`SyclbinFile::read`] reads. `strings` (e.g. `triple`,
    /// `arch`) go to the offload-binary entry of the wrapped forms and are ignored by the others.
    pub fn write_as<'s>(
        &self,
        packaging: Packaging,
        strings: impl IntoIterator<Item = (&'s str, &'s str)>,
    ) -> Result<Vec<u8>, SyclbinError> {
        match packaging {
            Packaging::Bare => self.to_bytes(),
            Packaging::OffloadV1 => Ok(self.to_offload_binary(strings)?.to_bytes()?),
            Packaging::OffloadV2 => Ok(self.to_offload_binary(strings)?.to_bytes_v2()?),
            Packaging::SyclbinV2 => self.to_bytes_v2(),
        }
    }
}

/// The forms a SYCLBIN can be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Packaging {
    /// A bare SYCLBIN version 1 (the 2026.2 SYCL runtime does not load it).
    Bare,
    /// SYCLBIN version 1 in a version 1 offload binary (LLVM 22's tools read it; the runtime loads it).
    OffloadV1,
    /// SYCLBIN version 1 in a single-entry version 2 offload binary (the form
    /// `kernel_bundle::ext_oneapi_get_content()` of the 2026.2 runtime writes).
    OffloadV2,
    /// SYCLBIN version 2: a multi-entry version 2 offload binary (upstream's newest `SYCLBIN::write`).
    SyclbinV2,
}

impl Packaging {
    /// Every form, in the order of [`Packaging::name`]'s documentation.
    pub const ALL: [Packaging; 4] = [
        Packaging::Bare,
        Packaging::OffloadV1,
        Packaging::OffloadV2,
        Packaging::SyclbinV2,
    ];

    /// `bare`, `offload-v1`, `offload-v2` or `syclbin-v2`.
    pub fn name(self) -> &'static str {
        match self {
            Packaging::Bare => "bare",
            Packaging::OffloadV1 => "offload-v1",
            Packaging::OffloadV2 => "offload-v2",
            Packaging::SyclbinV2 => "syclbin-v2",
        }
    }

    /// The form for a name.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// How a SYCLBIN was stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Format {
    /// SYCLBIN version 1 on its own (starts with `IBYS`).
    BareV1,
    /// SYCLBIN version 1 as the image of one offload-binary entry (what LLVM's packager and the SYCL runtime
    /// write).
    WrappedV1 {
        /// Index of the offload binary in the file.
        container: usize,
        /// Index of the entry in it.
        entry: usize,
    },
    /// SYCLBIN version 2: the entries of one version 2 offload binary.
    V2 {
        /// Index of the offload binary in the file.
        container: usize,
        /// Which entry holds what.
        layout: crate::syclbin_v2::Layout,
    },
}

/// A SYCLBIN read from a file, with how it was stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyclbinFile {
    /// The SYCLBIN.
    pub syclbin: Syclbin,
    /// Its storage.
    pub format: Format,
    /// The offload binaries of the file, in file order (none for a bare SYCLBIN).
    pub containers: Vec<Container>,
}

impl SyclbinFile {
    /// The one reader for every form of SYCLBIN: a bare SYCLBIN version 1; an offload binary (version 1 or
    /// 2, several back to back allowed) with a SYCLBIN version 1 image; or a SYCLBIN version 2 spread over
    /// the entries of a version 2 offload binary.
    ///
    /// As upstream's `SYCLBIN::read`, the first entry of the first offload binary decides: if its image
    /// starts with the SYCLBIN magic it is a version 1 image, otherwise, if the entries carry `role` strings,
    /// they are a version 2 SYCLBIN. Failing both, the first entry anywhere whose image starts with the magic
    /// is taken (a SYCLBIN packaged next to other device images).
    pub fn read(bytes: &[u8]) -> Result<Self, SyclbinError> {
        let magic = |b: &[u8]| b.get(..4).map_or(0, |m| u32::from_le_bytes([m[0], m[1], m[2], m[3]]));
        if magic(bytes) == MAGIC {
            return Ok(SyclbinFile {
                syclbin: Syclbin::parse(bytes)?,
                format: Format::BareV1,
                containers: Vec::new(),
            });
        }
        if !OffloadBinary::has_magic(bytes) {
            return Err(SyclbinError::NotSyclbin(magic(bytes)));
        }
        let containers = Container::parse_all(bytes)?;
        let first_is_v1 = containers[0].entries.first().is_some_and(|e| magic(&e.image) == MAGIC);
        if !first_is_v1 && crate::syclbin_v2::is_v2(&containers[0].entries) {
            let (syclbin, layout) = crate::syclbin_v2::read(&containers[0].entries)?;
            return Ok(SyclbinFile {
                syclbin,
                format: Format::V2 { container: 0, layout },
                containers,
            });
        }
        let found = containers.iter().enumerate().find_map(|(c, cont)| {
            cont.entries
                .iter()
                .position(|e| magic(&e.image) == MAGIC)
                .map(|entry| (c, entry))
        });
        let Some((container, entry)) = found else {
            return Err(SyclbinError::NoSyclbinImage);
        };
        Ok(SyclbinFile {
            syclbin: Syclbin::parse(&containers[container].entries[entry].image)?,
            format: Format::WrappedV1 { container, entry },
            containers,
        })
    }

    /// The SYCLBIN format version (1 or 2).
    pub fn version(&self) -> u32 {
        match self.format {
            Format::V2 { .. } => 2,
            _ => 1,
        }
    }

    /// The SYCLBIN version 1 image, if the file holds one.
    fn v1_image<'a>(&'a self, bytes: &'a [u8]) -> Option<&'a [u8]> {
        match self.format {
            Format::BareV1 => Some(bytes),
            Format::WrappedV1 { container, entry } => Some(&self.containers[container].entries[entry].image),
            Format::V2 { .. } => None,
        }
    }
}

/// A readable description of a byte-array value for dumps: the text if printable, the bits if the size is
/// not whole bytes, else the bytes in hex (the first 32).
pub fn describe_value(v: &PropertyValue) -> String {
    match v {
        PropertyValue::UInt32(n) => format!("{n}"),
        PropertyValue::ByteArray { bit_size, bytes } => {
            if bit_size % 8 != 0 {
                let bits: String = (0..*bit_size)
                    .map(|i| if v.bit(i) == Some(true) { '1' } else { '0' })
                    .collect();
                return format!("{bit_size} bits: {bits}");
            }
            if let Some(s) = v
                .as_str()
                .filter(|s| !s.is_empty() && s.chars().all(|c| !c.is_control()))
            {
                return format!("{s:?}");
            }
            let hex: Vec<String> = bytes.iter().take(32).map(|b| format!("{b:02x}")).collect();
            let more = if bytes.len() > 32 { " …" } else { "" };
            format!("{} bytes: {}{more}", bytes.len(), hex.join(" "))
        }
    }
}

fn dump_registry(out: &mut String, indent: &str, reg: &PropertySetRegistry) {
    use std::fmt::Write as _;
    if reg.is_empty() {
        let _ = writeln!(out, "{indent}(no property sets)");
    }
    for (name, set) in reg.iter() {
        let _ = writeln!(out, "{indent}[{name}]");
        for (key, v) in set.iter() {
            let _ = writeln!(out, "{indent}  {key}={v}    ; {}", describe_value(v));
        }
    }
}

/// Where each part of a SYCLBIN is stored, as dump lines (they differ between versions 1 and 2).
struct PartLines {
    /// Lines after the counts in the SYCLBIN header block.
    header: Vec<String>,
    /// Text after `global metadata: `.
    global: String,
    /// Per abstract module: text after `abstract module <i>: `.
    modules: Vec<String>,
    /// Per abstract module and IR module: the global IR-module number and the location lines.
    ir: Vec<Vec<(usize, Vec<String>)>>,
    /// Per abstract module and native image: the global native-image number and the location lines.
    native: Vec<Vec<(usize, Vec<String>)>>,
}

fn v1_lines(layout: &Layout) -> PartLines {
    let h = &layout.header;
    let image_lines = |headers: &[ImageHeader], first: u32, count: u32, bytes: &str| {
        (first as usize..(first + count) as usize)
            .map(|idx| {
                let m = &headers[idx];
                let lines = vec![
                    format!("metadata: offset {}, {} bytes", m.metadata_offset, m.metadata_size),
                    format!("{bytes}: offset {}, {} bytes", m.bytes_offset, m.bytes_size),
                ];
                (idx, lines)
            })
            .collect()
    };
    PartLines {
        header: vec![
            format!(
                "metadata byte table: offset {}, {} bytes",
                layout.metadata_table_start, h.metadata_table_size
            ),
            format!(
                "binary byte table: offset {}, {} bytes",
                layout.binary_table_start, h.binary_table_size
            ),
        ],
        global: format!("offset {}, {} bytes", h.global_metadata_offset, h.global_metadata_size),
        modules: layout
            .abstract_modules
            .iter()
            .map(|a| format!("metadata offset {}, {} bytes", a.metadata_offset, a.metadata_size))
            .collect(),
        ir: layout
            .abstract_modules
            .iter()
            .map(|a| image_lines(&layout.ir_modules, a.ir_module_first, a.ir_module_count, "IR bytes"))
            .collect(),
        native: layout
            .abstract_modules
            .iter()
            .map(|a| {
                image_lines(
                    &layout.native_images,
                    a.native_image_first,
                    a.native_image_count,
                    "image bytes",
                )
            })
            .collect(),
    }
}

fn v2_lines(layout: &crate::syclbin_v2::Layout, entries: &[OffloadBinary]) -> PartLines {
    let size = |i: usize| entries.get(i).map_or(0, |e| e.image.len());
    let (mut n_ir, mut n_native) = (0usize, 0usize);
    let numbered = |parts: &[crate::syclbin_v2::ImageEntry], counter: &mut usize, bytes: &str| {
        parts
            .iter()
            .map(|p| {
                *counter += 1;
                let line = format!(
                    "entry {}: metadata {} bytes, {bytes} {} bytes",
                    p.entry, p.metadata_size, p.bytes_size
                );
                (*counter - 1, vec![line])
            })
            .collect::<Vec<_>>()
    };
    let mut ir = Vec::new();
    let mut native = Vec::new();
    for m in &layout.abstract_modules {
        ir.push(numbered(&m.ir_modules, &mut n_ir, "IR"));
        native.push(numbered(&m.native_images, &mut n_native, "image"));
    }
    PartLines {
        header: vec![format!("offload-binary entries: {}", entries.len())],
        global: format!("entry {}, {} bytes", layout.global_entry, size(layout.global_entry)),
        modules: layout
            .abstract_modules
            .iter()
            .map(|m| format!("entry {}, {} bytes", m.metadata_entry, size(m.metadata_entry)))
            .collect(),
        ir,
        native,
    }
}

/// The offload binaries of a file and their entries, with their strings (a value of several lines, as
/// `symbols`, one line each below its key), for [`dump`].
fn dump_containers(out: &mut String, containers: &[crate::offload_binary::Container]) {
    use std::fmt::Write as _;
    for c in containers {
        let n = c.entries.len();
        let _ = writeln!(
            out,
            "offload binary version {}: {n} entr{}",
            c.version,
            if n == 1 { "y" } else { "ies" }
        );
        for (i, e) in c.entries.iter().enumerate() {
            let _ = writeln!(
                out,
                "  entry {i}: image kind {}, producer {}, flags {}, image {} bytes",
                e.image_kind,
                e.offload_kind,
                e.flags,
                e.image.len()
            );
            for (k, v) in &e.strings {
                match v.contains('\n') {
                    false => {
                        let _ = writeln!(out, "    {k}: {v}");
                    }
                    true => {
                        let _ = writeln!(out, "    {k}:");
                        for line in v.split('\n') {
                            let _ = writeln!(out, "      {line}");
                        }
                    }
                }
            }
        }
    }
}

/// Describes a SYCLBIN in any form [`SyclbinFile::read`] accepts, for people: the offload binaries and their
/// entries, the SYCLBIN header, every module with its state, IR type, target, arch, kernel names, where it
/// is stored, and every property set. Offload binaries that hold no SYCLBIN (one SPIR-V image each, as
/// LLVM's `clang-sycl-linker` writes them) are described by their entries alone.
pub fn dump(bytes: &[u8]) -> Result<String, SyclbinError> {
    use std::fmt::Write as _;
    let file = match SyclbinFile::read(bytes) {
        Ok(f) => f,
        Err(SyclbinError::NoSyclbinImage) => {
            let mut out = String::new();
            dump_containers(&mut out, &crate::offload_binary::Container::parse_all(bytes)?);
            let _ = writeln!(out, "no SYCLBIN image");
            return Ok(out);
        }
        Err(e) => return Err(e),
    };
    let bin = &file.syclbin;
    let mut out = String::new();
    dump_containers(&mut out, &file.containers);
    let (lines, counts, size_note) = match (&file.format, file.v1_image(bytes)) {
        (Format::V2 { container, layout }, _) => {
            let entries = &file.containers[*container].entries;
            let ir: usize = bin.abstract_modules.iter().map(|a| a.ir_modules.len()).sum();
            let native: usize = bin.abstract_modules.iter().map(|a| a.native_images.len()).sum();
            let note = format!("in offload binary {container}");
            (
                v2_lines(layout, entries),
                (bin.abstract_modules.len(), ir, native),
                note,
            )
        }
        (_, Some(image)) => {
            let layout = Syclbin::read_layout(image)?;
            let h = &layout.header;
            let counts = (
                h.abstract_module_count as usize,
                h.ir_module_count as usize,
                h.native_image_count as usize,
            );
            (v1_lines(&layout), counts, format!("{} bytes", image.len()))
        }
        (_, None) => return Err(SyclbinError::NoSyclbinImage),
    };
    let _ = writeln!(out, "SYCLBIN version {}, {size_note}", file.version());
    let _ = writeln!(out, "  abstract modules: {}", counts.0);
    let _ = writeln!(out, "  IR modules: {}", counts.1);
    let _ = writeln!(out, "  native device code images: {}", counts.2);
    for l in &lines.header {
        let _ = writeln!(out, "  {l}");
    }
    let state = match bin.state_code() {
        Some(c) => format!(
            "{c} ({})",
            BundleState::from_code(c).map_or("unknown", BundleState::name)
        ),
        None => "missing".into(),
    };
    let _ = writeln!(out, "  state: {state}");
    let _ = writeln!(out, "global metadata: {}", lines.global);
    dump_registry(&mut out, "  ", &bin.global_metadata);
    for (i, am) in bin.abstract_modules.iter().enumerate() {
        let _ = writeln!(out, "abstract module {i}: {}", lines.modules[i]);
        let names = am.kernel_names();
        let _ = writeln!(
            out,
            "  kernel names: {}",
            if names.is_empty() {
                "(none)".into()
            } else {
                names.join(", ")
            }
        );
        dump_registry(&mut out, "  ", &am.metadata);
        for (m, (idx, at)) in am.ir_modules.iter().zip(&lines.ir[i]) {
            let ty = match m.ir_type_code() {
                Some(c) => format!("{c} ({})", IrType::from_code(c).map_or("unknown", IrType::name)),
                None => "missing".into(),
            };
            let _ = writeln!(
                out,
                "  IR module {idx}: type {ty}, target {}",
                m.target().unwrap_or("(none)")
            );
            for l in at {
                let _ = writeln!(out, "    {l}");
            }
            dump_registry(&mut out, "    ", &m.metadata);
        }
        for (m, (idx, at)) in am.native_images.iter().zip(&lines.native[i]) {
            let _ = writeln!(
                out,
                "  native device code image {idx}: arch {}",
                m.arch().unwrap_or("(none)")
            );
            for l in at {
                let _ = writeln!(out, "    {l}");
            }
            dump_registry(&mut out, "    ", &m.metadata);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::offload_binary::OffloadError;

    fn sample() -> Syclbin {
        let mut bin = Syclbin::new(BundleState::Object);
        let mut a0 = AbstractModule::default();
        a0.metadata
            .add(names::DEVICELIB_REQ_MASK, "DeviceLibReqMask", PropertyValue::UInt32(0));
        a0.metadata.add(names::KERNEL_NAMES, "kern_a", PropertyValue::UInt32(1));
        a0.metadata.add(names::KERNEL_NAMES, "kern_b", PropertyValue::UInt32(1));
        a0.ir_modules.push(IrModule::new(
            IrType::SpirV,
            Some("spir64-unknown-unknown"),
            b"SPIRV-0".to_vec(),
        ));
        let mut a1 = AbstractModule::default();
        a1.metadata
            .add(names::DEVICE_REQUIREMENTS, "aspects", PropertyValue::u32_array(&[1, 6]));
        a1.ir_modules
            .push(IrModule::new(IrType::Ptx, None, b".version 8.0".to_vec()));
        a1.native_images.push(NativeImage::new("intel_gpu_pvc", vec![0xAB; 13]));
        bin.abstract_modules.push(a0);
        bin.abstract_modules.push(a1);
        bin
    }

    #[test]
    fn layout_of_written_file() {
        let bin = sample();
        let bytes = bin.to_bytes().unwrap();
        assert_eq!(bytes.len() % 8, 0);
        let l = Syclbin::read_layout(&bytes).unwrap();
        assert_eq!(
            (
                l.header.abstract_module_count,
                l.header.ir_module_count,
                l.header.native_image_count
            ),
            (2, 2, 1)
        );
        assert_eq!(l.metadata_table_start, 56 + 5 * 32);
        assert_eq!(l.header.global_metadata_offset, 0);
        let global = "[SYCLBIN/global metadata]\nstate=1|1\n";
        assert_eq!(l.header.global_metadata_size, global.len() as u64);
        let start = l.metadata_table_start as usize;
        assert_eq!(&bytes[start..start + global.len()], global.as_bytes());
        // Metadata in order global, AM 0, AM 1, IR 0, IR 1, native 0; binaries IR 0, IR 1, native 0.
        assert_eq!(l.abstract_modules[0].metadata_offset, global.len() as u64);
        assert_eq!(l.abstract_modules[1].ir_module_first, 1);
        assert_eq!(l.abstract_modules[1].native_image_first, 0);
        assert!(l.ir_modules[0].metadata_offset > l.abstract_modules[1].metadata_offset);
        assert_eq!(l.ir_modules[1].bytes_offset, 7);
        assert_eq!(l.native_images[0].bytes_offset, 7 + 12);
        assert_eq!(l.binary_table_start % 8, 0);
        assert_eq!(l.header.binary_table_size, 7 + 12 + 13);
        let b = l.binary_table_start as usize;
        assert_eq!(&bytes[b..b + 7], b"SPIRV-0");
        assert_eq!(&bytes[b + 7..b + 19], b".version 8.0");
    }

    #[test]
    fn round_trip_and_accessors() {
        let bin = sample();
        let back = Syclbin::parse(&bin.to_bytes().unwrap()).unwrap();
        assert_eq!(back, bin);
        assert_eq!(back.state(), Some(BundleState::Object));
        assert_eq!(back.abstract_modules[0].kernel_names(), ["kern_a", "kern_b"]);
        assert_eq!(back.abstract_modules[0].ir_modules[0].ir_type(), Some(IrType::SpirV));
        assert_eq!(
            back.abstract_modules[0].ir_modules[0].target(),
            Some("spir64-unknown-unknown")
        );
        assert_eq!(back.abstract_modules[1].ir_modules[0].target(), None);
        assert_eq!(back.abstract_modules[1].native_images[0].arch(), Some("intel_gpu_pvc"));
        let ob = bin.to_offload_binary([("triple", "spir64-unknown-unknown")]).unwrap();
        let wrapped = ob.to_bytes().unwrap();
        assert_eq!(Syclbin::parse_any(&wrapped).unwrap(), bin);
        assert_eq!(Syclbin::new(BundleState::Input).to_bytes().unwrap().len(), 56 + 40);
    }

    fn put_u32(b: &mut [u8], at: usize, v: u32) {
        b[at..at + 4].copy_from_slice(&v.to_le_bytes());
    }

    fn put_u64(b: &mut [u8], at: usize, v: u64) {
        b[at..at + 8].copy_from_slice(&v.to_le_bytes());
    }

    #[test]
    fn rejects_bad_files() {
        let good = sample().to_bytes().unwrap();
        let err = |f: &dyn Fn(&mut Vec<u8>)| {
            let mut b = good.clone();
            f(&mut b);
            Syclbin::parse(&b).unwrap_err()
        };
        assert!(matches!(
            err(&|b| b.truncate(3)),
            SyclbinError::Truncated {
                what: "file header",
                ..
            }
        ));
        assert_eq!(err(&|b| b[0] = b'X'), SyclbinError::BadMagic(0x5359_4258));
        assert_eq!(err(&|b| put_u32(b, 4, 2)), SyclbinError::UnsupportedVersion(2));
        assert!(matches!(
            err(&|b| b.truncate(60)),
            SyclbinError::Truncated {
                what: "module headers",
                ..
            }
        ));
        assert!(matches!(
            err(&|b| b.truncate(good.len() - 8)),
            SyclbinError::Truncated { .. }
        ));
        assert!(matches!(
            err(&|b| put_u32(b, 8, u32::MAX)),
            SyclbinError::Truncated { .. }
        ));
        assert_eq!(err(&|b| put_u64(b, 24, u64::MAX)), SyclbinError::SizeOverflow);
        assert_eq!(
            err(&|b| put_u64(b, 40, u64::MAX)).to_string(),
            format!(
                "global metadata: bytes [{}, +36) lie outside the metadata byte table of {} bytes",
                u64::MAX,
                Syclbin::read_layout(&good).unwrap().header.metadata_table_size
            )
        );
        // IR module 0 bytes enlarged to overlap IR module 1.
        let ir0 = 56 + 2 * 32;
        assert!(matches!(
            err(&|b| put_u64(b, ir0 + 24, 20)),
            SyclbinError::RegionsOverlap { table: "binary", .. }
        ));
        assert!(matches!(
            err(&|b| put_u64(b, ir0 + 24, 40)),
            SyclbinError::OutOfBounds { .. }
        ));
        // Abstract module 1 claims IR module 0 as well.
        assert_eq!(
            err(&|b| put_u32(b, 56 + 32 + 20, 0)).to_string(),
            "IR module header 0 is claimed by abstract modules 0 and 1"
        );
        assert_eq!(
            err(&|b| put_u32(b, 56 + 32 + 16, 0)).to_string(),
            "IR module header 1 belongs to no abstract module"
        );
        assert_eq!(
            err(&|b| put_u32(b, 56 + 32 + 20, 7)).to_string(),
            "abstract module 1: IR module headers [7, +1) exceed the 2 IR module headers of the file"
        );
        // Break the global metadata text.
        let m = Syclbin::read_layout(&good).unwrap().metadata_table_start as usize;
        assert_eq!(
            err(&|b| b[m] = b'x').to_string(),
            "global metadata: metadata line 1: property category missing"
        );
        assert!(matches!(
            err(&|b| b[m + 3] = 0xff),
            SyclbinError::MetadataNotUtf8 { .. }
        ));
        assert!(matches!(
            Syclbin::parse_any(b"ELF\x7f...."),
            Err(SyclbinError::NotSyclbin(_))
        ));
    }

    #[test]
    fn reads_every_form() {
        let bin = sample();
        let v1 = bin.to_bytes().unwrap();
        for p in Packaging::ALL {
            let bytes = bin.write_as(p, [("triple", "spir64-unknown-unknown")]).unwrap();
            let file = SyclbinFile::read(&bytes).unwrap();
            assert_eq!(file.syclbin, bin, "{p:?}");
            let (format, containers) = (&file.format, &file.containers);
            match p {
                Packaging::Bare => {
                    assert_eq!(bytes, v1);
                    assert_eq!((format, containers.len()), (&Format::BareV1, 0));
                }
                Packaging::OffloadV1 | Packaging::OffloadV2 => {
                    assert_eq!(format, &Format::WrappedV1 { container: 0, entry: 0 });
                    let version = if p == Packaging::OffloadV1 { 1 } else { 2 };
                    assert_eq!(containers[0].version, version);
                    assert_eq!(containers[0].entries[0].image, v1);
                    assert_eq!(containers[0].entries[0].triple(), "spir64-unknown-unknown");
                }
                Packaging::SyclbinV2 => {
                    assert!(matches!(format, Format::V2 { container: 0, .. }));
                    assert_eq!(containers[0].entries.len(), 1 + 2 + 3);
                }
            }
            assert_eq!(file.version(), if p == Packaging::SyclbinV2 { 2 } else { 1 });
            assert_eq!(Syclbin::parse_any(&bytes).unwrap(), bin);
            assert!(dump(&bytes).unwrap().contains("kernel names: kern_a, kern_b"));
        }
        assert_eq!(Packaging::from_name("offload-v2"), Some(Packaging::OffloadV2));
        assert_eq!(Packaging::from_name("zip"), None);
    }

    #[test]
    fn which_entry_is_read() {
        let bin = sample();
        let v1 = bin.to_bytes().unwrap();
        let spirv = OffloadBinary::new(ImageKind::SPIRV, OffloadKind::SYCL, vec![3, 2, 0x23, 7]);
        let syclbin = OffloadBinary::new(ImageKind::NONE, OffloadKind::SYCL, v1.clone());
        // A SYCLBIN v1 image after other device images, in a later binary: found by its magic.
        let mut bytes = spirv.to_bytes().unwrap();
        bytes.extend(crate::offload_binary::write_v2(&[spirv.clone(), syclbin.clone()]).unwrap());
        let file = SyclbinFile::read(&bytes).unwrap();
        assert_eq!(file.format, Format::WrappedV1 { container: 1, entry: 1 });
        assert_eq!(file.syclbin, bin);
        // The first entry decides: a v1 image first wins over v2 roles in the same binary.
        let mut v2 = crate::syclbin_v2::to_entries(&Syclbin::new(BundleState::Input));
        v2.insert(0, syclbin.clone());
        let file = SyclbinFile::read(&crate::offload_binary::write_v2(&v2).unwrap()).unwrap();
        assert_eq!(file.format, Format::WrappedV1 { container: 0, entry: 0 });
        // No SYCLBIN anywhere.
        assert_eq!(
            SyclbinFile::read(&spirv.to_bytes().unwrap()).unwrap_err(),
            SyclbinError::NoSyclbinImage
        );
        // A v2 SYCLBIN with an error is reported as such, not as "no SYCLBIN".
        let mut broken = crate::syclbin_v2::to_entries(&bin);
        broken.remove(0);
        assert_eq!(
            SyclbinFile::read(&crate::offload_binary::write_v2(&broken).unwrap()).unwrap_err(),
            SyclbinError::V2GlobalMetadata { found: None }
        );
        // A broken offload binary is reported with its own error.
        let mut bad = spirv.to_bytes_v2().unwrap();
        bad[24] = 9;
        assert!(matches!(
            SyclbinFile::read(&bad).unwrap_err(),
            SyclbinError::Offload(OffloadError::OutOfBounds { what: "entries", .. })
        ));
    }
}
