//! LLVM's offload packaging format (`llvm/Object/OffloadBinary`), versions 1 and 2.
//!
//! An offload binary wraps device images with a little metadata each: image kind, producing offload kind,
//! flags and a string map (`triple`, `arch`, …). Version 1 (what LLVM 22 reads and writes) holds one entry;
//! version 2 (llvm/llvm-project #169425, LLVM 23) holds an array of entries and stores each string value with
//! its size. A file may hold several binaries back to back, each starting 8-aligned. All integers are
//! little-endian.
//!
//! Version 1:
//!
//! | offset | content |
//! |---|---|
//! | 0 | header: magic `10 FF 10 AD`, `u32` version (1), `u64` total size, `u64` entry offset, `u64` entry size |
//! | 32 | entry: `u16` image kind, `u16` offload kind, `u32` flags, `u64` string-map offset, `u64` string count, `u64` image offset, `u64` image size |
//! | 72 | string map: per string, `u64` key offset and `u64` value offset (from the binary's start) |
//! | … | string table in LLVM's ELF `StringTableBuilder` layout (leading NUL, tail-merged, NUL-terminated) |
//! | aligned to 8 | the image, then zero padding to a multiple of 8 |
//!
//! Version 2:
//!
//! | offset | content |
//! |---|---|
//! | 0 | header: magic, `u32` version (2), `u64` total size, `u64` entries offset, `u64` entries count |
//! | 32 | the entries (40 bytes each, as in version 1) |
//! | … | the string maps of all entries in entry order: per string `u64` key offset, `u64` value offset, `u64` value size |
//! | … | one string table for all entries (keys NUL-terminated; values are read by their size) |
//! | aligned to 8 | the images of all entries back to back (only the first is aligned), then zero padding to 8 |
//!
//! [`OffloadBinary::to_bytes`] (version 1) and [`write_v2`] reproduce LLVM's writers byte for byte
//! (including the string-table order); [`Container::parse_all`] and [`OffloadBinary::parse_all`] read both
//! versions, validate every offset before use and never read out of bounds. The reader copies what it reads,
//! so it bounds the copies by the input: the images of one binary must not share bytes (no writer shares them)
//! and the string maps may refer to at most [`STRING_BYTES_PER_BINARY_BYTE`] string bytes per byte of the
//! binary (at least [`MIN_STRING_BYTES`]). Versions other than 1 and 2
//! (e.g. the compressed version 3 under review upstream) are rejected with
//! [`OffloadError::UnsupportedVersion`].
//!
//! ```
//! use sycl_props::offload_binary::{write_v2, Container, ImageKind, OffloadBinary, OffloadKind};
//! let mut ob = OffloadBinary::new(ImageKind::SPIRV, OffloadKind::SYCL, b"\x03\x02\x23\x07".to_vec());
//! ob.strings.insert("triple".into(), "spir64-unknown-unknown".into());
//! let bytes = ob.to_bytes().unwrap();
//! assert_eq!(OffloadBinary::parse_all(&bytes).unwrap(), vec![ob.clone()]);
//! let v2 = write_v2(&[ob.clone(), ob.clone()]).unwrap();
//! let read = Container::parse_all(&v2).unwrap();
//! assert_eq!((read[0].version, read[0].entries.len()), (2, 2));
//! ```

use std::fmt;

use indexmap::IndexMap;
use thiserror::Error;

/// Magic bytes at the start of every offload binary.
pub const MAGIC: [u8; 4] = [0x10, 0xFF, 0x10, 0xAD];
/// The only format version LLVM 22 reads and writes (one entry per binary).
pub const VERSION: u32 = 1;
/// The multi-entry format version of LLVM 23 (llvm/llvm-project #169425).
pub const VERSION_2: u32 = 2;
/// Size of the header.
pub const HEADER_SIZE: u64 = 32;
/// Size of one entry.
pub const ENTRY_SIZE: u64 = 40;
/// Size of one string-map record (version 1: key and value offsets).
pub const STRING_ENTRY_SIZE: u64 = 16;
/// Size of one string-map record in version 2 (key offset, value offset, value size).
pub const STRING_ENTRY_SIZE_V2: u64 = 24;
/// Alignment of binaries and images.
pub const ALIGNMENT: u64 = 8;
/// The reader's limit on the key and value bytes all string maps of one binary may refer to, per byte of the
/// binary (but never below [`MIN_STRING_BYTES`]). Records are 16 or 24 bytes and real strings are short, so
/// files written by LLVM or the SYCL runtime stay far below it; it bounds the memory a crafted file can make
/// the reader allocate by pointing many records at the same long string.
pub const STRING_BYTES_PER_BINARY_BYTE: u64 = 16;
/// The smallest limit on string bytes of one binary (64 MiB).
pub const MIN_STRING_BYTES: u64 = 1 << 26;

fn string_byte_limit(size: u64) -> u64 {
    size.saturating_mul(STRING_BYTES_PER_BINARY_BYTE).max(MIN_STRING_BYTES)
}

/// The kind of the wrapped image (LLVM `ImageKind`; 7 is intel/llvm's `IMG_SYCLBIN`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ImageKind(pub u16);

impl ImageKind {
    /// `IMG_None`.
    pub const NONE: ImageKind = ImageKind(0);
    /// `IMG_Object`.
    pub const OBJECT: ImageKind = ImageKind(1);
    /// `IMG_Bitcode`.
    pub const BITCODE: ImageKind = ImageKind(2);
    /// `IMG_Cubin`.
    pub const CUBIN: ImageKind = ImageKind(3);
    /// `IMG_Fatbinary`.
    pub const FATBINARY: ImageKind = ImageKind(4);
    /// `IMG_PTX`.
    pub const PTX: ImageKind = ImageKind(5);
    /// `IMG_SPIRV`.
    pub const SPIRV: ImageKind = ImageKind(6);
    /// intel/llvm's `IMG_SYCLBIN` (not known to stock LLVM 22, which shows it as `<none>`).
    pub const SYCLBIN: ImageKind = ImageKind(7);

    /// LLVM's short name (`getImageKindName`: `o`, `bc`, `cubin`, `fatbin`, `s`), `""` for none or unknown
    /// kinds. SPIR-V (6) and SYCLBIN (7) get the names `spv` and `syclbin` here, which LLVM 22's tools do not
    /// know (they print `<none>`).
    pub fn name(self) -> &'static str {
        match self.0 {
            1 => "o",
            2 => "bc",
            3 => "cubin",
            4 => "fatbin",
            5 => "s",
            6 => "spv",
            7 => "syclbin",
            _ => "",
        }
    }

    /// The kind for a name as LLVM's `getImageKind` maps file extensions, plus `spv` and `syclbin`.
    pub fn from_name(name: &str) -> ImageKind {
        match name {
            "o" | "obj" => ImageKind::OBJECT,
            "bc" => ImageKind::BITCODE,
            "cubin" => ImageKind::CUBIN,
            "fatbin" => ImageKind::FATBINARY,
            "s" => ImageKind::PTX,
            "spv" => ImageKind::SPIRV,
            "syclbin" => ImageKind::SYCLBIN,
            _ => ImageKind::NONE,
        }
    }
}

impl fmt::Display for ImageKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            "" => write!(f, "<none> ({})", self.0),
            n => f.write_str(n),
        }
    }
}

/// The producer of the image (LLVM `OffloadKind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OffloadKind(pub u16);

impl OffloadKind {
    /// `OFK_None`.
    pub const NONE: OffloadKind = OffloadKind(0);
    /// `OFK_OpenMP`.
    pub const OPENMP: OffloadKind = OffloadKind(1);
    /// `OFK_Cuda`.
    pub const CUDA: OffloadKind = OffloadKind(2);
    /// `OFK_HIP`.
    pub const HIP: OffloadKind = OffloadKind(4);
    /// `OFK_SYCL`.
    pub const SYCL: OffloadKind = OffloadKind(8);

    /// LLVM's name (`getOffloadKindName`): `openmp`, `cuda`, `hip`, `sycl`, otherwise `none`.
    pub fn name(self) -> &'static str {
        match self.0 {
            1 => "openmp",
            2 => "cuda",
            4 => "hip",
            8 => "sycl",
            _ => "none",
        }
    }

    /// The kind for a name (`getOffloadKind`), `NONE` if unknown.
    pub fn from_name(name: &str) -> OffloadKind {
        match name {
            "openmp" => OffloadKind::OPENMP,
            "cuda" => OffloadKind::CUDA,
            "hip" => OffloadKind::HIP,
            "sycl" => OffloadKind::SYCL,
            _ => OffloadKind::NONE,
        }
    }
}

impl fmt::Display for OffloadKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why bytes are not a valid offload binary, or a value cannot be written as one.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OffloadError {
    /// Fewer bytes than a header (and, in version 1, an entry) need.
    #[error("offload binary at byte {at}: truncated: {have} bytes, at least {need} needed")]
    Truncated {
        /// Start of the binary in the input.
        at: u64,
        /// Bytes available from `at`.
        have: u64,
        /// Bytes needed.
        need: u64,
    },
    /// The magic bytes are wrong.
    #[error("offload binary at byte {at}: bad magic {found:02x?}, expected 10 ff 10 ad")]
    BadMagic {
        /// Start of the binary in the input.
        at: u64,
        /// The four bytes found.
        found: [u8; 4],
    },
    /// A version other than 1 and 2.
    #[error("offload binary at byte {at}: unsupported version {version} (versions 1 and 2 are supported)")]
    UnsupportedVersion {
        /// Start of the binary in the input.
        at: u64,
        /// The version found.
        version: u32,
    },
    /// The size in the header is smaller than the header (plus the entry, in version 1) or larger than the
    /// input.
    #[error("offload binary at byte {at}: size {size} outside [{min}, {available}]")]
    BadSize {
        /// Start of the binary in the input.
        at: u64,
        /// The size in the header.
        size: u64,
        /// Smallest valid size.
        min: u64,
        /// Bytes available.
        available: u64,
    },
    /// A region the binary refers to does not lie inside it.
    #[error("offload binary at byte {at}: {what} [{offset}, +{len}) exceeds the binary's {size} bytes")]
    OutOfBounds {
        /// Start of the binary in the input.
        at: u64,
        /// Which region.
        what: &'static str,
        /// Offset of the region.
        offset: u64,
        /// Length of the region.
        len: u64,
        /// Size of the binary.
        size: u64,
    },
    /// A string has no terminating NUL inside the binary.
    #[error("offload binary at byte {at}: string at offset {offset} is not NUL-terminated")]
    UnterminatedString {
        /// Start of the binary in the input.
        at: u64,
        /// Offset of the string.
        offset: u64,
    },
    /// A key or value is not UTF-8.
    #[error("offload binary at byte {at}: string at offset {offset} is not valid UTF-8")]
    InvalidUtf8 {
        /// Start of the binary in the input.
        at: u64,
        /// Offset of the string.
        offset: u64,
    },
    /// The input holds no binary at all.
    #[error("no offload binary found")]
    Empty,
    /// A key or value to write contains a NUL byte (version 2 allows them in values).
    #[error("string {0:?} contains a NUL byte")]
    NulInString(String),
    /// The images of one binary add up to more than the binary (they overlap; no writer shares image bytes).
    #[error("offload binary at byte {at}: the images add up to more than the binary's {size} bytes")]
    ImagesOverlap {
        /// Start of the binary in the input.
        at: u64,
        /// Size of the binary.
        size: u64,
    },
    /// The string maps refer to more string bytes than the reader's limit ([`STRING_BYTES_PER_BINARY_BYTE`] times
    /// the binary's size, at least [`MIN_STRING_BYTES`]): a resource limit against maps that point many records
    /// at the same long string.
    #[error("offload binary at byte {at}: the string maps refer to more than {limit} string bytes (a reader limit)")]
    TooManyStringBytes {
        /// Start of the binary in the input.
        at: u64,
        /// The limit.
        limit: u64,
    },
    /// A version 1 binary holds exactly one entry.
    #[error("a version 1 offload binary holds exactly one entry, not {0}")]
    NotOneEntry(usize),
}

/// One offload binary: an image with its kinds, flags and string map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OffloadBinary {
    /// What the image is.
    pub image_kind: ImageKind,
    /// Who produced it.
    pub offload_kind: OffloadKind,
    /// Free flags (0 in practice).
    pub flags: u32,
    /// Key → value strings in file order (`triple`, `arch`, …); a repeated key keeps its first position and
    /// last value, as LLVM's `MapVector` does.
    pub strings: IndexMap<String, String>,
    /// The image bytes.
    pub image: Vec<u8>,
}

/// LLVM's `StringTableBuilder` in ELF mode: returns the table bytes and each string's offset in it.
fn build_string_table<'s>(strings: &[&'s str]) -> (Vec<u8>, IndexMap<&'s str, u64>) {
    let mut unique: Vec<&str> = Vec::new();
    for s in strings {
        if !unique.contains(s) {
            unique.push(s);
        }
    }
    // Sort by the reversed bytes, descending, a string that is a suffix of another after it: LLVM's
    // multikey sort, which makes tail merging possible.
    unique.sort_by(|a, b| b.bytes().rev().cmp(a.bytes().rev()));
    let mut table = vec![0u8];
    let mut offsets = IndexMap::new();
    let mut previous: &str = "";
    for s in unique {
        if previous.ends_with(s) {
            offsets.insert(s, (table.len() - s.len() - 1) as u64);
            continue;
        }
        offsets.insert(s, table.len() as u64);
        table.extend_from_slice(s.as_bytes());
        table.push(0);
        previous = s;
    }
    (table, offsets)
}

fn le_u16(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn le_u32(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn le_u64(b: &[u8], at: usize) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(a)
}

impl OffloadBinary {
    /// A binary with no flags and no strings.
    pub fn new(image_kind: ImageKind, offload_kind: OffloadKind, image: Vec<u8>) -> Self {
        OffloadBinary {
            image_kind,
            offload_kind,
            flags: 0,
            strings: IndexMap::new(),
            image,
        }
    }

    /// Adds a string (builder style).
    pub fn with_string(mut self, key: impl Into<String>, value: impl Into<String>) -> Self {
        self.strings.insert(key.into(), value.into());
        self
    }

    /// The `triple` string, or `""`.
    pub fn triple(&self) -> &str {
        self.string("triple")
    }

    /// The `arch` string, or `""`.
    pub fn arch(&self) -> &str {
        self.string("arch")
    }

    /// A string by key, or `""` (LLVM's `getString`).
    pub fn string(&self, key: &str) -> &str {
        self.strings.get(key).map(String::as_str).unwrap_or("")
    }

    /// Serializes exactly as LLVM 22's `OffloadBinary::write`; the length is a multiple of 8.
    pub fn to_bytes(&self) -> Result<Vec<u8>, OffloadError> {
        let mut all: Vec<&str> = Vec::with_capacity(self.strings.len() * 2);
        for (k, v) in &self.strings {
            for s in [k, v] {
                if s.contains('\0') {
                    return Err(OffloadError::NulInString(s.clone()));
                }
                all.push(s);
            }
        }
        let (table, offsets) = build_string_table(&all);
        let n = self.strings.len() as u64;
        let string_map_end = HEADER_SIZE + ENTRY_SIZE + STRING_ENTRY_SIZE * n;
        let image_offset = (string_map_end + table.len() as u64).next_multiple_of(ALIGNMENT);
        let size = (image_offset + self.image.len() as u64).next_multiple_of(ALIGNMENT);

        let mut out = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&size.to_le_bytes());
        out.extend_from_slice(&HEADER_SIZE.to_le_bytes());
        out.extend_from_slice(&ENTRY_SIZE.to_le_bytes());
        out.extend_from_slice(&self.image_kind.0.to_le_bytes());
        out.extend_from_slice(&self.offload_kind.0.to_le_bytes());
        out.extend_from_slice(&self.flags.to_le_bytes());
        out.extend_from_slice(&(HEADER_SIZE + ENTRY_SIZE).to_le_bytes());
        out.extend_from_slice(&n.to_le_bytes());
        out.extend_from_slice(&image_offset.to_le_bytes());
        out.extend_from_slice(&(self.image.len() as u64).to_le_bytes());
        for (k, v) in &self.strings {
            for s in [k.as_str(), v.as_str()] {
                let off = offsets.get(s).copied().unwrap_or(0);
                out.extend_from_slice(&(string_map_end + off).to_le_bytes());
            }
        }
        out.extend_from_slice(&table);
        out.resize(image_offset as usize, 0);
        out.extend_from_slice(&self.image);
        out.resize(size as usize, 0);
        Ok(out)
    }

    /// Serializes this one entry as a single-entry version 2 binary (what the 2026.2 SYCL runtime writes for
    /// `kernel_bundle::ext_oneapi_get_content()`).
    pub fn to_bytes_v2(&self) -> Result<Vec<u8>, OffloadError> {
        write_v2(std::slice::from_ref(self))
    }

    /// Reads every entry of every binary stored back to back in `bytes` (as LLVM's `extractOffloadBinaries`
    /// does for a raw offload file), whatever their versions. An empty input is an error.
    pub fn parse_all(bytes: &[u8]) -> Result<Vec<OffloadBinary>, OffloadError> {
        Ok(Container::parse_all(bytes)?
            .into_iter()
            .flat_map(|c| c.entries)
            .collect())
    }

    /// Whether `bytes` starts with the offload-binary magic.
    pub fn has_magic(bytes: &[u8]) -> bool {
        bytes.starts_with(&MAGIC)
    }
}

/// One offload binary as stored: its format version and its entries (exactly one in version 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Container {
    /// The header's version: [`VERSION`] or [`VERSION_2`].
    pub version: u32,
    /// The entries, in file order.
    pub entries: Vec<OffloadBinary>,
}

/// Bounds-checked little-endian reads from one binary, with errors that name the binary's position.
struct Reader<'b> {
    b: &'b [u8],
    at: u64,
    /// String bytes the reader may still copy.
    string_budget: std::cell::Cell<u64>,
    /// Image bytes the reader may still copy: images must not share bytes, which bounds their copies by the
    /// binary's size.
    image_budget: std::cell::Cell<u64>,
}

impl Reader<'_> {
    fn size(&self) -> u64 {
        self.b.len() as u64
    }

    /// The start of `[offset, offset + len)` if it lies inside the binary.
    fn region(&self, what: &'static str, offset: u64, len: u64) -> Result<usize, OffloadError> {
        match offset.checked_add(len) {
            Some(end) if end <= self.size() => Ok(offset as usize),
            _ => Err(OffloadError::OutOfBounds {
                at: self.at,
                what,
                offset,
                len,
                size: self.size(),
            }),
        }
    }

    /// `count` records of `record` bytes at `offset`, checked as one region.
    fn array(&self, what: &'static str, offset: u64, count: u64, record: u64) -> Result<usize, OffloadError> {
        let len = count.checked_mul(record).ok_or(OffloadError::OutOfBounds {
            at: self.at,
            what,
            offset,
            len: u64::MAX,
            size: self.size(),
        })?;
        self.region(what, offset, len)
    }

    fn utf8(&self, offset: u64, bytes: &[u8]) -> Result<String, OffloadError> {
        let left =
            self.string_budget
                .get()
                .checked_sub(bytes.len() as u64)
                .ok_or(OffloadError::TooManyStringBytes {
                    at: self.at,
                    limit: string_byte_limit(self.size()),
                })?;
        self.string_budget.set(left);
        String::from_utf8(bytes.to_vec()).map_err(|_| OffloadError::InvalidUtf8 { at: self.at, offset })
    }

    /// A NUL-terminated string at `offset`.
    fn c_string(&self, offset: u64) -> Result<String, OffloadError> {
        let start = self.region("string", offset, 1)?;
        let len = self.b[start..]
            .iter()
            .position(|&c| c == 0)
            .ok_or(OffloadError::UnterminatedString { at: self.at, offset })?;
        self.utf8(offset, &self.b[start..start + len])
    }

    /// A string of `len` bytes at `offset` (version 2 values; may hold NUL bytes).
    fn sized_string(&self, offset: u64, len: u64) -> Result<String, OffloadError> {
        let start = self.region("string value", offset, len)?;
        self.utf8(offset, &self.b[start..start + len as usize])
    }

    /// The entry at `e` (already bounds-checked for [`ENTRY_SIZE`] bytes).
    fn entry(&self, e: usize, version: u32) -> Result<OffloadBinary, OffloadError> {
        let b = self.b;
        let image_kind = ImageKind(le_u16(b, e));
        let offload_kind = OffloadKind(le_u16(b, e + 2));
        let flags = le_u32(b, e + 4);
        let string_offset = le_u64(b, e + 8);
        let num_strings = le_u64(b, e + 16);
        let image_offset = le_u64(b, e + 24);
        let image_size = le_u64(b, e + 32);
        let record = if version == VERSION {
            STRING_ENTRY_SIZE
        } else {
            STRING_ENTRY_SIZE_V2
        };
        let m = self.array("string map", string_offset, num_strings, record)?;
        let img = self.region("image", image_offset, image_size)?;
        let left = self
            .image_budget
            .get()
            .checked_sub(image_size)
            .ok_or(OffloadError::ImagesOverlap {
                at: self.at,
                size: self.size(),
            })?;
        self.image_budget.set(left);
        let mut strings = IndexMap::new();
        for i in 0..num_strings as usize {
            let rec = m + i * record as usize;
            let key = self.c_string(le_u64(b, rec))?;
            let value = if version == VERSION {
                self.c_string(le_u64(b, rec + 8))?
            } else {
                self.sized_string(le_u64(b, rec + 8), le_u64(b, rec + 16))?
            };
            strings.insert(key, value);
        }
        Ok(OffloadBinary {
            image_kind,
            offload_kind,
            flags,
            strings,
            image: b[img..img + image_size as usize].to_vec(),
        })
    }
}

impl Container {
    /// A version 2 container of `entries`.
    pub fn v2(entries: Vec<OffloadBinary>) -> Self {
        Container {
            version: VERSION_2,
            entries,
        }
    }

    /// Reads one binary at the start of `bytes`; returns it and its size from the header (the next binary
    /// starts at that size rounded up to 8).
    pub fn parse_one(bytes: &[u8]) -> Result<(Container, u64), OffloadError> {
        Self::parse_at(bytes, 0)
    }

    /// Reads every binary stored back to back in `bytes`. An empty input is an error.
    pub fn parse_all(bytes: &[u8]) -> Result<Vec<Container>, OffloadError> {
        let mut out = Vec::new();
        let mut at = 0u64;
        while at < bytes.len() as u64 {
            let (c, size) = Self::parse_at(&bytes[at as usize..], at)?;
            out.push(c);
            // `size` is at most the bytes left, so this neither overflows nor loops.
            at = (at + size).next_multiple_of(ALIGNMENT);
        }
        if out.is_empty() {
            return Err(OffloadError::Empty);
        }
        Ok(out)
    }

    /// Serializes the container in its version: version 1 needs exactly one entry.
    pub fn to_bytes(&self) -> Result<Vec<u8>, OffloadError> {
        match (self.version, self.entries.as_slice()) {
            (VERSION, [one]) => one.to_bytes(),
            (VERSION, many) => Err(OffloadError::NotOneEntry(many.len())),
            (VERSION_2, entries) => write_v2(entries),
            (version, _) => Err(OffloadError::UnsupportedVersion { at: 0, version }),
        }
    }

    fn parse_at(b: &[u8], at: u64) -> Result<(Container, u64), OffloadError> {
        let have = b.len() as u64;
        if have < HEADER_SIZE {
            return Err(OffloadError::Truncated {
                at,
                have,
                need: HEADER_SIZE,
            });
        }
        if b[0..4] != MAGIC {
            return Err(OffloadError::BadMagic {
                at,
                found: [b[0], b[1], b[2], b[3]],
            });
        }
        let version = le_u32(b, 4);
        if version != VERSION && version != VERSION_2 {
            return Err(OffloadError::UnsupportedVersion { at, version });
        }
        let size = le_u64(b, 8);
        let entries_offset = le_u64(b, 16);
        // Version 1 stores the entry size where version 2 stores the entry count.
        let count = if version == VERSION { 1 } else { le_u64(b, 24) };
        let min = if version == VERSION {
            HEADER_SIZE + ENTRY_SIZE
        } else {
            HEADER_SIZE
        };
        if version == VERSION && have < min {
            return Err(OffloadError::Truncated { at, have, need: min });
        }
        if size < min || size > have {
            return Err(OffloadError::BadSize {
                at,
                size,
                min,
                available: have,
            });
        }
        let r = Reader {
            b: &b[..size as usize],
            at,
            string_budget: std::cell::Cell::new(string_byte_limit(size)),
            image_budget: std::cell::Cell::new(size),
        };
        let first = r.array("entries", entries_offset, count, ENTRY_SIZE)?;
        let mut entries = Vec::with_capacity(count as usize);
        for i in 0..count as usize {
            entries.push(r.entry(first + i * ENTRY_SIZE as usize, version)?);
        }
        Ok((Container { version, entries }, size))
    }
}

/// Serializes entries as one version 2 binary exactly as LLVM's `OffloadBinary::write` (version 2): the
/// entries, then all string maps, one shared string table, and the images back to back. Keys must not
/// contain NUL bytes; values may.
pub fn write_v2(entries: &[OffloadBinary]) -> Result<Vec<u8>, OffloadError> {
    let mut all: Vec<&str> = Vec::new();
    let mut n_strings = 0u64;
    let mut images_size = 0u64;
    for e in entries {
        for (k, v) in &e.strings {
            if k.contains('\0') {
                return Err(OffloadError::NulInString(k.clone()));
            }
            all.push(k);
            all.push(v);
        }
        n_strings += e.strings.len() as u64;
        images_size += e.image.len() as u64;
    }
    let (table, offsets) = build_string_table(&all);
    let n = entries.len() as u64;
    let string_map_offset = HEADER_SIZE + ENTRY_SIZE * n;
    let table_offset = string_map_offset + STRING_ENTRY_SIZE_V2 * n_strings;
    let images_offset = (table_offset + table.len() as u64).next_multiple_of(ALIGNMENT);
    let size = (images_offset + images_size).next_multiple_of(ALIGNMENT);

    let mut out = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    let put16 = |o: &mut Vec<u8>, v: u16| o.extend_from_slice(&v.to_le_bytes());
    let put32 = |o: &mut Vec<u8>, v: u32| o.extend_from_slice(&v.to_le_bytes());
    let put64 = |o: &mut Vec<u8>, v: u64| o.extend_from_slice(&v.to_le_bytes());
    out.extend_from_slice(&MAGIC);
    put32(&mut out, VERSION_2);
    put64(&mut out, size);
    put64(&mut out, HEADER_SIZE);
    put64(&mut out, n);
    let (mut map_at, mut image_at) = (string_map_offset, images_offset);
    for e in entries {
        put16(&mut out, e.image_kind.0);
        put16(&mut out, e.offload_kind.0);
        put32(&mut out, e.flags);
        put64(&mut out, map_at);
        put64(&mut out, e.strings.len() as u64);
        put64(&mut out, image_at);
        put64(&mut out, e.image.len() as u64);
        map_at += STRING_ENTRY_SIZE_V2 * e.strings.len() as u64;
        image_at += e.image.len() as u64;
    }
    for e in entries {
        for (k, v) in &e.strings {
            put64(&mut out, table_offset + offsets.get(k.as_str()).copied().unwrap_or(0));
            put64(&mut out, table_offset + offsets.get(v.as_str()).copied().unwrap_or(0));
            put64(&mut out, v.len() as u64);
        }
    }
    out.extend_from_slice(&table);
    out.resize(images_offset as usize, 0);
    for e in entries {
        out.extend_from_slice(&e.image);
    }
    out.resize(size as usize, 0);
    Ok(out)
}

/// Serializes several binaries back to back (each already a multiple of 8 bytes).
pub fn write_all(binaries: &[OffloadBinary]) -> Result<Vec<u8>, OffloadError> {
    let mut out = Vec::new();
    for b in binaries {
        out.extend_from_slice(&b.to_bytes()?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The binary `llvm-offload-binary --image=file=a.bin,triple=spir64-unknown-unknown,arch=generic,
    /// kind=sycl,foo=bar` wrote for a 5-byte file `hello` (strings in the tool's order: arch, triple, foo).
    const LLVM_WRITTEN: &str = "10ff10ad01000000b8000000000000002000000000000000280000000000000000000800000000\
        0048000000000000000300000000000000b0000000000000000500000000000000980000000000000\
        0a4000000000000009d0000000000000081000000000000007d000000000000007900000000000000\
        0062617200666f6f007370697236342d756e6b6e6f776e2d756e6b6e6f776e0061726368007472697\
        06c650067656e65726963000000000068656c6c6f000000";

    fn unhex(s: &str) -> Vec<u8> {
        let s: String = s.chars().filter(|c| !c.is_whitespace()).collect();
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
            .collect()
    }

    #[test]
    fn byte_exact_with_llvm() {
        let llvm = unhex(LLVM_WRITTEN);
        let ob = OffloadBinary::new(ImageKind::NONE, OffloadKind::SYCL, b"hello".to_vec())
            .with_string("arch", "generic")
            .with_string("triple", "spir64-unknown-unknown")
            .with_string("foo", "bar");
        assert_eq!(ob.to_bytes().unwrap(), llvm);
        assert_eq!(OffloadBinary::parse_all(&llvm).unwrap(), vec![ob]);
    }

    #[test]
    fn string_table_tail_merging() {
        let (t, off) = build_string_table(&["triple", "le", "", "arch", "le"]);
        // Sorted by reversed text, descending: "arch" ("hcra"), "triple" ("elpirt"), its suffix "le", then "".
        assert_eq!(t, b"\0arch\0triple\0");
        assert_eq!(off["arch"], 1);
        assert_eq!(off["triple"], 6);
        assert_eq!(off["le"], 10);
        assert_eq!(off[""], 12);
    }

    #[test]
    fn rejects_bad_input() {
        let good = OffloadBinary::new(ImageKind::SPIRV, OffloadKind::SYCL, vec![1, 2, 3])
            .with_string("triple", "spir64")
            .to_bytes()
            .unwrap();
        assert_eq!(OffloadBinary::parse_all(&[]), Err(OffloadError::Empty));
        assert!(matches!(
            OffloadBinary::parse_all(&good[..40]),
            Err(OffloadError::Truncated { .. })
        ));
        let mut bad = good.clone();
        bad[0] = 0;
        assert!(matches!(
            OffloadBinary::parse_all(&bad),
            Err(OffloadError::BadMagic { .. })
        ));
        for version in [0, 3] {
            let mut bad = good.clone();
            bad[4] = version;
            assert!(matches!(
                OffloadBinary::parse_all(&bad),
                Err(OffloadError::UnsupportedVersion { version: v, .. }) if v == u32::from(version)
            ));
        }
        let mut bad = good.clone();
        bad[8] = 0xff;
        assert!(matches!(
            OffloadBinary::parse_all(&bad),
            Err(OffloadError::BadSize { .. })
        ));
        // Image size beyond the binary.
        let mut bad = good.clone();
        bad[32 + 32..32 + 40].copy_from_slice(&u64::MAX.to_le_bytes());
        assert!(matches!(
            OffloadBinary::parse_all(&bad),
            Err(OffloadError::OutOfBounds { what: "image", .. })
        ));
        // Huge string count.
        let mut bad = good.clone();
        bad[32 + 16..32 + 24].copy_from_slice(&(u64::MAX / 2).to_le_bytes());
        assert!(matches!(
            OffloadBinary::parse_all(&bad),
            Err(OffloadError::OutOfBounds { .. })
        ));
        // Key offset past the end of the binary.
        let mut bad = good.clone();
        bad[72..80].copy_from_slice(&(good.len() as u64).to_le_bytes());
        assert!(matches!(
            OffloadBinary::parse_all(&bad),
            Err(OffloadError::OutOfBounds { what: "string", .. })
        ));
        assert!(matches!(
            OffloadBinary::new(ImageKind::NONE, OffloadKind::NONE, vec![])
                .with_string("a\0", "b")
                .to_bytes(),
            Err(OffloadError::NulInString(_))
        ));
    }

    #[test]
    fn several_binaries() {
        let a = OffloadBinary::new(ImageKind::SPIRV, OffloadKind::SYCL, vec![1; 9]).with_string("triple", "x");
        let b = OffloadBinary::new(ImageKind::PTX, OffloadKind::CUDA, vec![]).with_string("arch", "sm_80");
        let bytes = write_all(&[a.clone(), b.clone()]).unwrap();
        assert_eq!(bytes.len() % 8, 0);
        assert_eq!(OffloadBinary::parse_all(&bytes).unwrap(), vec![a, b]);
    }

    fn put(out: &mut Vec<u8>, words: &[u64]) {
        for w in words {
            out.extend_from_slice(&w.to_le_bytes());
        }
    }

    /// Entry header: kinds and flags packed into the first word.
    fn entry_word(image_kind: u16, offload_kind: u16, flags: u32) -> u64 {
        u64::from(image_kind) | u64::from(offload_kind) << 16 | u64::from(flags) << 32
    }

    /// A two-entry version 2 binary laid out by hand as LLVM's writer does: entries at 32, string maps at 112,
    /// string table at 184, images from 216 back to back.
    fn hand_built_v2() -> Vec<u8> {
        let mut b = Vec::new();
        b.extend_from_slice(&MAGIC);
        b.extend_from_slice(&2u32.to_le_bytes());
        put(&mut b, &[224, 32, 2]);
        put(&mut b, &[entry_word(6, 8, 0), 112, 1, 216, 3]);
        put(&mut b, &[entry_word(3, 2, 5), 136, 2, 219, 5]);
        // Entry 0: triple=spir64. Entry 1: arch=sm_90, triple=spir (a value that is a prefix of "spir64",
        // not NUL-terminated: only its size delimits it).
        put(&mut b, &[190, 197, 6]);
        put(&mut b, &[185, 204, 5]);
        put(&mut b, &[190, 197, 4]);
        assert_eq!(b.len(), 184);
        // LLVM's order: by reversed text, descending ("hcra", "elpirt", "46rips", "09_ms").
        b.extend_from_slice(b"\0arch\0triple\0spir64\0sm_90\0");
        b.resize(216, 0);
        b.extend_from_slice(b"ABCDEFGH");
        assert_eq!(b.len(), 224);
        b
    }

    #[test]
    fn reads_hand_built_v2() {
        let bytes = hand_built_v2();
        let c = Container::parse_all(&bytes).unwrap();
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].version, 2);
        let e = &c[0].entries;
        assert_eq!(
            e[0],
            OffloadBinary::new(ImageKind::SPIRV, OffloadKind::SYCL, b"ABC".to_vec()).with_string("triple", "spir64")
        );
        let mut e1 = OffloadBinary::new(ImageKind::CUBIN, OffloadKind::CUDA, b"DEFGH".to_vec())
            .with_string("arch", "sm_90")
            .with_string("triple", "spir");
        e1.flags = 5;
        assert_eq!(e[1], e1);
        assert_eq!(OffloadBinary::parse_all(&bytes).unwrap(), c[0].entries);
    }

    #[test]
    fn v2_writer_layout() {
        let a =
            OffloadBinary::new(ImageKind::SPIRV, OffloadKind::SYCL, b"ABC".to_vec()).with_string("triple", "spir64");
        let mut b = OffloadBinary::new(ImageKind::CUBIN, OffloadKind::CUDA, b"DEFGH".to_vec())
            .with_string("arch", "sm_90")
            .with_string("triple", "spir64");
        b.flags = 5;
        let mut expected = hand_built_v2();
        // The same layout, except that entry 1's triple is the whole "spir64".
        expected[176..184].copy_from_slice(&6u64.to_le_bytes());
        let written = write_v2(&[a.clone(), b.clone()]).unwrap();
        assert_eq!(written, expected);
        let back = Container::parse_all(&written).unwrap();
        assert_eq!(back, vec![Container::v2(vec![a, b])]);
        assert_eq!(back[0].to_bytes().unwrap(), written);
    }

    /// The single-entry version 2 binary the 2026.2 SYCL runtime writes (`ext_oneapi_get_content()`): no
    /// strings and no string table, the image right after the entry.
    #[test]
    fn reads_runtime_single_entry_v2() {
        let mut b = Vec::new();
        b.extend_from_slice(&MAGIC);
        b.extend_from_slice(&2u32.to_le_bytes());
        put(&mut b, &[80, 32, 1]);
        put(&mut b, &[entry_word(7, 8, 0), 0, 0, 72, 5]);
        b.extend_from_slice(b"IBYS!\0\0\0");
        let c = Container::parse_all(&b).unwrap();
        assert_eq!(
            c,
            vec![Container::v2(vec![OffloadBinary::new(
                ImageKind::SYCLBIN,
                OffloadKind::SYCL,
                b"IBYS!".to_vec()
            )])]
        );
        // Our writer keeps LLVM's one-byte string table, so the image moves to 80.
        let ours = c[0].to_bytes().unwrap();
        assert_eq!(ours.len(), 88);
        assert_eq!(&ours[80..85], b"IBYS!");
    }

    #[test]
    fn v2_values_may_hold_nul() {
        let e = OffloadBinary::new(ImageKind::NONE, OffloadKind::NONE, vec![]).with_string("k", "a\0b");
        let bytes = e.to_bytes_v2().unwrap();
        assert_eq!(OffloadBinary::parse_all(&bytes).unwrap(), vec![e.clone()]);
        assert_eq!(e.to_bytes(), Err(OffloadError::NulInString("a\0b".into())));
        let bad_key = OffloadBinary::new(ImageKind::NONE, OffloadKind::NONE, vec![]).with_string("k\0", "v");
        assert_eq!(bad_key.to_bytes_v2(), Err(OffloadError::NulInString("k\0".into())));
    }

    #[test]
    fn v2_rejects_bad_input() {
        let good = hand_built_v2();
        let err = |f: &dyn Fn(&mut Vec<u8>)| {
            let mut b = good.clone();
            f(&mut b);
            Container::parse_all(&b).unwrap_err()
        };
        assert_eq!(
            err(&|b| b.truncate(20)),
            OffloadError::Truncated {
                at: 0,
                have: 20,
                need: 32
            }
        );
        assert_eq!(
            err(&|b| b[24..32].copy_from_slice(&(u64::MAX / 8).to_le_bytes())).to_string(),
            format!(
                "offload binary at byte 0: entries [32, +{}) exceeds the binary's 224 bytes",
                u64::MAX
            )
        );
        assert!(matches!(
            err(&|b| b[24..32].copy_from_slice(&5u64.to_le_bytes())),
            OffloadError::OutOfBounds { what: "entries", .. }
        ));
        // Value size past the end.
        assert!(matches!(
            err(&|b| b[128..136].copy_from_slice(&1000u64.to_le_bytes())),
            OffloadError::OutOfBounds {
                what: "string value",
                ..
            }
        ));
        // Value bytes that are not UTF-8.
        assert_eq!(
            err(&|b| b[200] = 0xff),
            OffloadError::InvalidUtf8 { at: 0, offset: 197 }
        );
        // Key without NUL before the end: point it at the last image byte.
        assert_eq!(
            err(&|b| b[112..120].copy_from_slice(&223u64.to_le_bytes())),
            OffloadError::UnterminatedString { at: 0, offset: 223 }
        );
        assert!(matches!(
            err(&|b| b[32 + 24..32 + 32].copy_from_slice(&222u64.to_le_bytes())),
            OffloadError::OutOfBounds { what: "image", .. }
        ));
        assert!(matches!(
            err(&|b| b[8..16].copy_from_slice(&16u64.to_le_bytes())),
            OffloadError::BadSize { size: 16, min: 32, .. }
        ));
        // A second binary that is cut short names its position.
        assert_eq!(
            err(&|b| b.extend_from_slice(&MAGIC)),
            OffloadError::Truncated {
                at: 224,
                have: 4,
                need: 32
            }
        );
        assert_eq!(
            Container {
                version: 1,
                entries: vec![]
            }
            .to_bytes(),
            Err(OffloadError::NotOneEntry(0))
        );
    }

    #[test]
    fn bounded_copies() {
        let good = hand_built_v2();
        // Entry 1's image made to cover the whole binary: the images now overlap.
        let mut b = good.clone();
        b[72 + 24..72 + 40].copy_from_slice(&[0u64.to_le_bytes(), 224u64.to_le_bytes()].concat());
        assert_eq!(
            Container::parse_all(&b),
            Err(OffloadError::ImagesOverlap { at: 0, size: 224 })
        );
        // 1000 records all naming one 100 kB string: 100 MB of strings from a 124 kB binary.
        let mut e = OffloadBinary::new(ImageKind::NONE, OffloadKind::NONE, vec![]);
        for i in 0..1000 {
            e.strings.insert(format!("{i}"), "x".repeat(100_000));
        }
        let bytes = e.to_bytes_v2().unwrap();
        assert_eq!(
            Container::parse_all(&bytes),
            Err(OffloadError::TooManyStringBytes {
                at: 0,
                limit: MIN_STRING_BYTES
            })
        );
        e.strings.truncate(10);
        assert_eq!(OffloadBinary::parse_all(&e.to_bytes_v2().unwrap()).unwrap(), vec![e]);
    }

    #[test]
    fn mixed_versions_back_to_back() {
        let a = OffloadBinary::new(ImageKind::SPIRV, OffloadKind::SYCL, vec![1; 3]).with_string("triple", "x");
        let b = OffloadBinary::new(ImageKind::PTX, OffloadKind::CUDA, vec![2; 9]);
        let mut bytes = a.to_bytes().unwrap();
        bytes.extend(write_v2(&[b.clone(), a.clone()]).unwrap());
        let c = Container::parse_all(&bytes).unwrap();
        assert_eq!(
            c.iter().map(|c| (c.version, c.entries.len())).collect::<Vec<_>>(),
            [(1, 1), (2, 2)]
        );
        assert_eq!(OffloadBinary::parse_all(&bytes).unwrap(), vec![a.clone(), b, a]);
        // An empty version 2 binary (no entries) is valid.
        let empty = write_v2(&[]).unwrap();
        assert_eq!(empty.len(), 40);
        assert_eq!(Container::parse_all(&empty).unwrap(), vec![Container::v2(vec![])]);
    }
}
