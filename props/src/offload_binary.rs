//! LLVM's offload packaging format (`llvm/Object/OffloadBinary`, version 1, as LLVM 22 reads and writes it).
//!
//! One *offload binary* holds one device image plus a little metadata: image kind, producing offload kind,
//! flags and a string map (`triple`, `arch`, …). A file may hold several binaries back to back; each one's
//! size is a multiple of 8 so the next starts aligned. Layout of one binary (all integers little-endian):
//!
//! | offset | content |
//! |---|---|
//! | 0 | header: magic `10 FF 10 AD`, `u32` version (1), `u64` total size, `u64` entry offset, `u64` entry size |
//! | 32 | entry: `u16` image kind, `u16` offload kind, `u32` flags, `u64` string-map offset, `u64` string count, `u64` image offset, `u64` image size |
//! | 72 | string map: per string, `u64` key offset and `u64` value offset (from the binary's start) |
//! | … | string table in LLVM's ELF `StringTableBuilder` layout (leading NUL, tail-merged, NUL-terminated) |
//! | aligned to 8 | the image, then zero padding to a multiple of 8 |
//!
//! [`OffloadBinary::to_bytes`] reproduces LLVM's writer byte for byte (including the string-table order);
//! [`OffloadBinary::parse_all`] validates every offset before use and never reads out of bounds.
//!
//! ```
//! use sycl_props::offload_binary::{ImageKind, OffloadBinary, OffloadKind};
//! let mut ob = OffloadBinary::new(ImageKind::SPIRV, OffloadKind::SYCL, b"\x03\x02\x23\x07".to_vec());
//! ob.strings.insert("triple".into(), "spir64-unknown-unknown".into());
//! let bytes = ob.to_bytes().unwrap();
//! assert_eq!(OffloadBinary::parse_all(&bytes).unwrap(), vec![ob]);
//! ```

use std::fmt;

use indexmap::IndexMap;
use thiserror::Error;

/// Magic bytes at the start of every offload binary.
pub const MAGIC: [u8; 4] = [0x10, 0xFF, 0x10, 0xAD];
/// The only format version LLVM 22 reads and writes.
pub const VERSION: u32 = 1;
/// Size of the header.
pub const HEADER_SIZE: u64 = 32;
/// Size of one entry.
pub const ENTRY_SIZE: u64 = 40;
/// Size of one string-map record.
pub const STRING_ENTRY_SIZE: u64 = 16;
/// Alignment of binaries and images.
pub const ALIGNMENT: u64 = 8;

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
    /// Fewer bytes than a header and an entry need.
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
    /// A version other than 1.
    #[error("offload binary at byte {at}: unsupported version {version}")]
    UnsupportedVersion {
        /// Start of the binary in the input.
        at: u64,
        /// The version found.
        version: u32,
    },
    /// The size in the header is smaller than a header plus an entry or larger than the input.
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
    /// A string is not UTF-8.
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
    /// A key or value to write contains a NUL byte.
    #[error("string {0:?} contains a NUL byte")]
    NulInString(String),
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

    /// Reads one binary at the start of `bytes`; returns it and its size (where the next one starts).
    pub fn parse_one(bytes: &[u8]) -> Result<(OffloadBinary, u64), OffloadError> {
        Self::parse_at(bytes, 0)
    }

    /// Reads every binary stored back to back in `bytes` (as LLVM's `extractOffloadBinaries` does for a
    /// raw offload file). An empty input is an error.
    pub fn parse_all(bytes: &[u8]) -> Result<Vec<OffloadBinary>, OffloadError> {
        let mut out = Vec::new();
        let mut at = 0u64;
        while at < bytes.len() as u64 {
            let (b, size) = Self::parse_at(&bytes[at as usize..], at)?;
            out.push(b);
            at += size;
        }
        if out.is_empty() {
            return Err(OffloadError::Empty);
        }
        Ok(out)
    }

    /// Whether `bytes` starts with the offload-binary magic.
    pub fn has_magic(bytes: &[u8]) -> bool {
        bytes.starts_with(&MAGIC)
    }

    fn parse_at(b: &[u8], at: u64) -> Result<(OffloadBinary, u64), OffloadError> {
        let have = b.len() as u64;
        let min = HEADER_SIZE + ENTRY_SIZE;
        if have < HEADER_SIZE {
            return Err(OffloadError::Truncated { at, have, need: min });
        }
        if b[0..4] != MAGIC {
            return Err(OffloadError::BadMagic {
                at,
                found: [b[0], b[1], b[2], b[3]],
            });
        }
        let version = le_u32(b, 4);
        if version != VERSION {
            return Err(OffloadError::UnsupportedVersion { at, version });
        }
        if have < min {
            return Err(OffloadError::Truncated { at, have, need: min });
        }
        let size = le_u64(b, 8);
        if size < min || size > have {
            return Err(OffloadError::BadSize {
                at,
                size,
                min,
                available: have,
            });
        }
        let b = &b[..size as usize];
        let oob = |what, offset, len| OffloadError::OutOfBounds {
            at,
            what,
            offset,
            len,
            size,
        };
        let region = |what, offset: u64, len: u64| -> Result<usize, OffloadError> {
            match offset.checked_add(len) {
                Some(end) if end <= size => Ok(offset as usize),
                _ => Err(oob(what, offset, len)),
            }
        };
        let entry_offset = le_u64(b, 16);
        let e = region("entry", entry_offset, ENTRY_SIZE)?;
        let image_kind = ImageKind(le_u16(b, e));
        let offload_kind = OffloadKind(le_u16(b, e + 2));
        let flags = le_u32(b, e + 4);
        let string_offset = le_u64(b, e + 8);
        let num_strings = le_u64(b, e + 16);
        let image_offset = le_u64(b, e + 24);
        let image_size = le_u64(b, e + 32);
        let map_len = num_strings
            .checked_mul(STRING_ENTRY_SIZE)
            .ok_or(oob("string map", string_offset, u64::MAX))?;
        let m = region("string map", string_offset, map_len)?;
        let img = region("image", image_offset, image_size)?;
        let c_string = |offset: u64| -> Result<String, OffloadError> {
            let start = region("string", offset, 1)?;
            let len = b[start..]
                .iter()
                .position(|&c| c == 0)
                .ok_or(OffloadError::UnterminatedString { at, offset })?;
            String::from_utf8(b[start..start + len].to_vec()).map_err(|_| OffloadError::InvalidUtf8 { at, offset })
        };
        let mut strings = IndexMap::new();
        for i in 0..num_strings as usize {
            let rec = m + i * STRING_ENTRY_SIZE as usize;
            let key = c_string(le_u64(b, rec))?;
            let value = c_string(le_u64(b, rec + 8))?;
            strings.insert(key, value);
        }
        let image = b[img..img + image_size as usize].to_vec();
        Ok((
            OffloadBinary {
                image_kind,
                offload_kind,
                flags,
                strings,
                image,
            },
            size,
        ))
    }
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
        let mut bad = good.clone();
        bad[4] = 2;
        assert!(matches!(
            OffloadBinary::parse_all(&bad),
            Err(OffloadError::UnsupportedVersion { version: 2, .. })
        ));
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
}
