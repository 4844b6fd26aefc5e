//! Property sets: the `.prop` text files that carry SYCL device-image metadata to the runtime.
//!
//! A [`PropertySetRegistry`] is an ordered map from set name to [`PropertySet`], itself an ordered map from key to
//! [`PropertyValue`]. The text form, byte-compatible with upstream's `PropertySetIO`, is
//!
//! ```text
//! [SYCL/devicelib req mask]
//! DeviceLibReqMask=1|0
//! [SYCL/device requirements]
//! aspects=2|AAAAAAAAAAA
//! ```
//!
//! Type `1` is a decimal `u32`; type `2` is a byte array written as upstream's least-significant-bit-first base64
//! ([`crate::base64`]) of an 8-byte little-endian *bit* size followed by the payload bytes.
//!
//! Every known set name is a constant in [`names`]; typed accessors on [`PropertySetRegistry`] decode their
//! values (e.g. [`PropertySetRegistry::spec_constants`], [`PropertySetRegistry::device_globals`],
//! [`PropertySetRegistry::kernel_param_opt`], [`PropertySetRegistry::aspects`]).
//!
//! Sets and keys keep their insertion order. [`PropertySet::insert`] keeps the first value of a key (upstream's
//! `add`), while the reader lets a later line overwrite an earlier one in place (upstream's `read`). Unknown set
//! names and keys are preserved, so any file upstream reads survives a read → write round trip.
//!
//! ```
//! use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};
//! let mut reg = PropertySetRegistry::new();
//! reg.add(names::DEVICELIB_REQ_MASK, "DeviceLibReqMask", PropertyValue::UInt32(0));
//! reg.add(names::DEVICE_REQUIREMENTS, "aspects", PropertyValue::u32_array(&[1, 6]));
//! let text = reg.to_text();
//! assert_eq!(text, "[SYCL/devicelib req mask]\nDeviceLibReqMask=1|0\n\
//!                   [SYCL/device requirements]\naspects=2|ABAAAAAAAAQAAAAAGAAAAA\n");
//! assert_eq!(PropertySetRegistry::parse(&text).unwrap(), reg);
//! ```

use std::fmt;
use std::io::{self, Write};

use indexmap::IndexMap;
use thiserror::Error;

use crate::base64::{self, Base64Error};
use crate::text::lines;
pub use crate::text::plain;

/// Names of the property sets and of the well-known keys, as written by upstream.
pub mod names {
    /// `[SYCL/specialization constants]`: spec-constant name → array of `{u32 id, u32 offset, u32 size}`.
    pub const SPEC_CONST_MAP: &str = "SYCL/specialization constants";
    /// `[SYCL/specialization constants default values]`: `all` → bytes of all default values.
    pub const SPEC_CONST_DEFAULT_VALUES: &str = "SYCL/specialization constants default values";
    /// `[SYCL/devicelib req mask]`: [`DEVICELIB_REQ_MASK_KEY`] → `u32` bit mask of used device libraries.
    pub const DEVICELIB_REQ_MASK: &str = "SYCL/devicelib req mask";
    /// `[SYCL/devicelib metadata]`: device-library image metadata (newer upstream).
    pub const DEVICELIB_METADATA: &str = "SYCL/devicelib metadata";
    /// `[SYCL/kernel param opt]`: kernel name → bit array of parameters removed by dead-argument elimination.
    pub const KERNEL_PARAM_OPT_INFO: &str = "SYCL/kernel param opt";
    /// `[SYCL/program metadata]`: `kernel@reqd_work_group_size` and similar keys.
    pub const PROGRAM_METADATA: &str = "SYCL/program metadata";
    /// `[SYCL/misc properties]`: `isEsimdImage`, `optLevel`, `sanUsed`, …
    pub const MISC_PROPERTIES: &str = "SYCL/misc properties";
    /// `[SYCL/assert used]`: kernel name → `1` if it may call `__devicelib_assert_fail`.
    pub const ASSERT_USED: &str = "SYCL/assert used";
    /// `[SYCL/exported symbols]`: symbol name → `1`.
    pub const EXPORTED_SYMBOLS: &str = "SYCL/exported symbols";
    /// `[SYCL/imported symbols]`: symbol name → `1`.
    pub const IMPORTED_SYMBOLS: &str = "SYCL/imported symbols";
    /// `[SYCL/device globals]`: unique id → `{u32 size, u32 device_image_scope}`.
    pub const DEVICE_GLOBALS: &str = "SYCL/device globals";
    /// `[SYCL/device requirements]`: `aspects`, `reqd_sub_group_size`, … of the whole image.
    pub const DEVICE_REQUIREMENTS: &str = "SYCL/device requirements";
    /// `[SYCL/host pipes]`: unique id → `{u32 size}`.
    pub const HOST_PIPES: &str = "SYCL/host pipes";
    /// `[SYCL/virtual functions]`: `virtual-functions-set`, `uses-virtual-functions-set`.
    pub const VIRTUAL_FUNCTIONS: &str = "SYCL/virtual functions";
    /// `[SYCL/implicit local arg]`: kernel name → index of the implicit local-memory argument.
    pub const IMPLICIT_LOCAL_ARG: &str = "SYCL/implicit local arg";
    /// `[SYCL/work group dynamic local mem]`: kernel name → `1` if it uses work-group scratch memory
    /// (upstream PR #21850, 2026).
    pub const WORK_GROUP_DYNAMIC_LOCAL_MEM: &str = "SYCL/work group dynamic local mem";
    /// `[SYCL/registered kernels]`: registered name → mangled kernel name (string).
    pub const REGISTERED_KERNELS: &str = "SYCL/registered kernels";
    /// `[SYCL/kernel names]`: kernel name → `1` (written with `-emit-kernel-names`).
    pub const KERNEL_NAMES: &str = "SYCL/kernel names";
    /// `[SYCLBIN/global metadata]`: [`SYCLBIN_STATE_KEY`] → bundle state.
    pub const SYCLBIN_GLOBAL_METADATA: &str = "SYCLBIN/global metadata";
    /// `[SYCLBIN/ir module metadata]`: [`SYCLBIN_IR_TYPE_KEY`] and [`SYCLBIN_TARGET_KEY`].
    pub const SYCLBIN_IR_MODULE_METADATA: &str = "SYCLBIN/ir module metadata";
    /// `[SYCLBIN/native device code image metadata]`: [`SYCLBIN_ARCH_KEY`].
    pub const SYCLBIN_NATIVE_IMAGE_METADATA: &str = "SYCLBIN/native device code image metadata";

    /// Every set name above, in the order upstream creates them for a normal module (SYCLBIN sets last).
    pub const ALL_SETS: &[&str] = &[
        DEVICELIB_REQ_MASK,
        DEVICELIB_METADATA,
        DEVICE_REQUIREMENTS,
        SPEC_CONST_MAP,
        SPEC_CONST_DEFAULT_VALUES,
        KERNEL_PARAM_OPT_INFO,
        EXPORTED_SYMBOLS,
        IMPORTED_SYMBOLS,
        PROGRAM_METADATA,
        MISC_PROPERTIES,
        ASSERT_USED,
        IMPLICIT_LOCAL_ARG,
        WORK_GROUP_DYNAMIC_LOCAL_MEM,
        DEVICE_GLOBALS,
        HOST_PIPES,
        VIRTUAL_FUNCTIONS,
        REGISTERED_KERNELS,
        KERNEL_NAMES,
        SYCLBIN_GLOBAL_METADATA,
        SYCLBIN_IR_MODULE_METADATA,
        SYCLBIN_NATIVE_IMAGE_METADATA,
    ];

    /// Key of the single entry of [`DEVICELIB_REQ_MASK`].
    pub const DEVICELIB_REQ_MASK_KEY: &str = "DeviceLibReqMask";
    /// Key of the default-values blob in [`SPEC_CONST_DEFAULT_VALUES`].
    pub const SPEC_CONST_DEFAULT_VALUES_KEY: &str = "all";
    /// `aspects` key of [`DEVICE_REQUIREMENTS`] (u32 array).
    pub const ASPECTS_KEY: &str = "aspects";
    /// `reqd_work_group_size_uint64_t` key of [`DEVICE_REQUIREMENTS`] (u64 array).
    pub const REQD_WORK_GROUP_SIZE_KEY: &str = "reqd_work_group_size_uint64_t";
    /// `isEsimdImage` key of [`MISC_PROPERTIES`].
    pub const IS_ESIMD_IMAGE_KEY: &str = "isEsimdImage";
    /// `optLevel` key of [`MISC_PROPERTIES`].
    pub const OPT_LEVEL_KEY: &str = "optLevel";
    /// `sanUsed` key of [`MISC_PROPERTIES`] (string).
    pub const SAN_USED_KEY: &str = "sanUsed";
    /// `idQueriesRange` key of [`MISC_PROPERTIES`] (u32: 1 `uint`, 2 `size_t`).
    pub const ID_QUERIES_RANGE_KEY: &str = "idQueriesRange";
    /// `state` key of [`SYCLBIN_GLOBAL_METADATA`] (u32 bundle state).
    pub const SYCLBIN_STATE_KEY: &str = "state";
    /// `type` key of [`SYCLBIN_IR_MODULE_METADATA`] (u32 IR type).
    pub const SYCLBIN_IR_TYPE_KEY: &str = "type";
    /// `target` key of [`SYCLBIN_IR_MODULE_METADATA`] (string).
    pub const SYCLBIN_TARGET_KEY: &str = "target";
    /// `arch` key of [`SYCLBIN_NATIVE_IMAGE_METADATA`] (string).
    pub const SYCLBIN_ARCH_KEY: &str = "arch";
}

/// One property value: a 32-bit integer (type `1`) or a byte array with an explicit bit size (type `2`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PropertyValue {
    /// Type `1`: written in decimal.
    UInt32(u32),
    /// Type `2`: `bytes` holds exactly `ceil(bit_size / 8)` payload bytes (the constructors enforce this).
    ByteArray {
        /// Size of the payload in bits (usually `8 * bytes.len()`; the parameter count for `kernel param opt`).
        bit_size: u64,
        /// The payload.
        bytes: Vec<u8>,
    },
}

/// Number of payload bytes a byte array of `bit_size` bits occupies.
fn byte_len(bit_size: u64) -> u64 {
    bit_size.div_ceil(8)
}

impl PropertyValue {
    /// Type tag `1`.
    pub const TYPE_UINT32: u32 = 1;
    /// Type tag `2`.
    pub const TYPE_BYTE_ARRAY: u32 = 2;

    /// A byte array of `data`, `8 * len` bits.
    pub fn bytes(data: &[u8]) -> Self {
        PropertyValue::ByteArray {
            bit_size: 8 * data.len() as u64,
            bytes: data.to_vec(),
        }
    }

    /// A byte array holding the bytes of `s` (no terminator).
    pub fn string(s: &str) -> Self {
        Self::bytes(s.as_bytes())
    }

    /// A byte array of little-endian `u32`s.
    pub fn u32_array(v: &[u32]) -> Self {
        Self::bytes(&v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<_>>())
    }

    /// A byte array of little-endian `u64`s.
    pub fn u64_array(v: &[u64]) -> Self {
        Self::bytes(&v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<_>>())
    }

    /// A byte array of `bit_size` bits; `bytes` is truncated or zero-extended to `ceil(bit_size / 8)` bytes.
    pub fn bits(bit_size: u64, mut bytes: Vec<u8>) -> Self {
        let n = usize::try_from(byte_len(bit_size)).unwrap_or(usize::MAX);
        bytes.resize(n, 0);
        PropertyValue::ByteArray { bit_size, bytes }
    }

    /// A bit array with bit `i` set iff `flags[i]`; bit 0 is the least significant bit of byte 0.
    pub fn bit_flags(flags: &[bool]) -> Self {
        let mut bytes = vec![0u8; flags.len().div_ceil(8)];
        for (i, _) in flags.iter().enumerate().filter(|(_, f)| **f) {
            bytes[i / 8] |= 1 << (i % 8);
        }
        PropertyValue::ByteArray {
            bit_size: flags.len() as u64,
            bytes,
        }
    }

    /// The type tag written before `|`.
    pub fn type_tag(&self) -> u32 {
        match self {
            PropertyValue::UInt32(_) => Self::TYPE_UINT32,
            PropertyValue::ByteArray { .. } => Self::TYPE_BYTE_ARRAY,
        }
    }

    /// The integer, if this is a type-1 value.
    pub fn as_u32(&self) -> Option<u32> {
        match self {
            PropertyValue::UInt32(v) => Some(*v),
            PropertyValue::ByteArray { .. } => None,
        }
    }

    /// The payload bytes (without the size prefix), if this is a byte array.
    pub fn as_byte_payload(&self) -> Option<&[u8]> {
        match self {
            PropertyValue::ByteArray { bytes, .. } => Some(bytes),
            PropertyValue::UInt32(_) => None,
        }
    }

    /// The payload size in bits, if this is a byte array.
    pub fn bit_size(&self) -> Option<u64> {
        match self {
            PropertyValue::ByteArray { bit_size, .. } => Some(*bit_size),
            PropertyValue::UInt32(_) => None,
        }
    }

    /// The payload as UTF-8 text, if this is a byte array holding valid UTF-8.
    pub fn as_str(&self) -> Option<&str> {
        std::str::from_utf8(self.as_byte_payload()?).ok()
    }

    /// The payload as little-endian `u32`s, if this is a byte array whose length is a multiple of 4.
    pub fn as_u32_array(&self) -> Option<Vec<u32>> {
        let b = self.as_byte_payload()?;
        (b.len() % 4 == 0).then(|| {
            b.chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect()
        })
    }

    /// The payload as little-endian `u64`s, if this is a byte array whose length is a multiple of 8.
    pub fn as_u64_array(&self) -> Option<Vec<u64>> {
        let b = self.as_byte_payload()?;
        (b.len() % 8 == 0).then(|| {
            b.chunks_exact(8)
                .map(|c| u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]))
                .collect()
        })
    }

    /// Bit `i` of a byte array (least significant bit first), `None` past the bit size or for integers.
    pub fn bit(&self, i: u64) -> Option<bool> {
        match self {
            PropertyValue::ByteArray { bit_size, bytes } if i < *bit_size => {
                let byte = bytes.get(usize::try_from(i / 8).ok()?)?;
                Some(byte >> (i % 8) & 1 == 1)
            }
            _ => None,
        }
    }

    /// The value text after `=`: `1|<decimal>` or `2|<base64 of size prefix + payload>`.
    pub fn encode(&self) -> String {
        self.to_string()
    }

    /// Parses the text after `=` (`<type>|<value>`), as upstream's reader does.
    pub fn decode(text: &str) -> Result<Self, ValueError> {
        let (ty, val) = text.split_once('|').unwrap_or((text, ""));
        if ty.is_empty() || val.is_empty() {
            return Err(ValueError::InvalidValue(text.to_string()));
        }
        let tag = parse_decimal(ty).ok_or_else(|| ValueError::InvalidType(ty.to_string()))?;
        match tag {
            1 => {
                let v = parse_decimal(val).ok_or_else(|| ValueError::InvalidValue(val.to_string()))?;
                // Upstream keeps the low 32 bits of the parsed integer.
                Ok(PropertyValue::UInt32(v as u32))
            }
            2 => {
                let raw = base64::decode(val)?;
                let (prefix, payload) = raw.split_first_chunk::<8>().ok_or(ValueError::MissingSizePrefix)?;
                let bit_size = u64::from_le_bytes(*prefix);
                let need = byte_len(bit_size);
                match usize::try_from(need) {
                    Ok(n) if n <= payload.len() => {
                        // Upstream ignores decoded bytes past the size the prefix gives.
                        Ok(PropertyValue::ByteArray {
                            bit_size,
                            bytes: payload[..n].to_vec(),
                        })
                    }
                    _ => Err(ValueError::TruncatedByteArray {
                        bit_size,
                        available: payload.len(),
                    }),
                }
            }
            t => Err(ValueError::BadType(t)),
        }
    }

    /// Writes the value text (see [`PropertyValue::encode`]).
    fn fmt_into(&self, out: &mut String) {
        match self {
            PropertyValue::UInt32(v) => {
                out.push_str("1|");
                out.push_str(&v.to_string());
            }
            PropertyValue::ByteArray { bit_size, bytes } => {
                out.push_str("2|");
                // Exactly ceil(bit_size / 8) payload bytes, as upstream writes them, even if a value was built
                // by hand with a different number of bytes.
                let n = usize::try_from(byte_len(*bit_size)).unwrap_or(usize::MAX);
                let mut raw = Vec::with_capacity(8 + n.min(bytes.len()));
                raw.extend_from_slice(&bit_size.to_le_bytes());
                raw.extend_from_slice(&bytes[..n.min(bytes.len())]);
                raw.resize(n.saturating_add(8), 0);
                base64::encode_into(&raw, out);
            }
        }
    }
}

impl fmt::Display for PropertyValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.fmt_into(&mut s);
        f.write_str(&s)
    }
}

impl From<u32> for PropertyValue {
    fn from(v: u32) -> Self {
        PropertyValue::UInt32(v)
    }
}

impl From<&str> for PropertyValue {
    fn from(s: &str) -> Self {
        PropertyValue::string(s)
    }
}

/// Parses an unsigned decimal the way LLVM's `StringRef::getAsInteger(10, APInt)` accepts it (digits only), up
/// to 64 bits.
fn parse_decimal(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<u64>().ok()
}

/// A set name or key that the text form cannot hold: the text would read back
/// differently (upstream's `PropertySetIO` has no escapes, and its reader,
/// like [`PropertySetRegistry::parse`], splits a line at its first `=` and
/// takes a line starting with `[` for a set name). Writers refuse it
/// ([`PropertySetRegistry::check_writable`]) rather than write such a file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{what} '{}' cannot be written to a property set: {why}", plain(name))]
pub struct UnwritableName {
    /// `property name in [<set>]` or `property set name`.
    pub what: String,
    /// The name.
    pub name: String,
    /// Why not.
    pub why: &'static str,
}

/// Why `name` cannot stand in the text form (a key when `key`, else a set name).
fn unwritable(name: &str, key: bool) -> Option<&'static str> {
    if name.contains(['\n', '\r']) {
        Some("it holds a line break")
    } else if name.contains('\0') {
        Some("it holds a NUL character")
    } else if key && name.is_empty() {
        Some("it is empty")
    } else if key && name.contains('=') {
        Some("it holds '='")
    } else if key && name.starts_with('[') {
        Some("it starts with '['")
    } else {
        None
    }
}

/// Why the value part of a property line (`<type>|<value>`) is invalid.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ValueError {
    /// Missing `|`, empty type or empty value, or a type-1 value that is not a decimal integer.
    #[error("invalid property value: {}", plain(.0))]
    InvalidValue(String),
    /// The type is not a decimal integer.
    #[error("invalid property type: {}", plain(.0))]
    InvalidType(String),
    /// The type is a number other than 1 or 2.
    #[error("bad property type {0}")]
    BadType(u64),
    /// The base64 text does not decode.
    #[error(transparent)]
    Base64(#[from] Base64Error),
    /// The decoded byte array is shorter than its 8-byte size prefix.
    #[error("byte array value has no size prefix")]
    MissingSizePrefix,
    /// The size prefix asks for more payload than the value holds.
    #[error("byte array value of {bit_size} bits holds only {available} bytes")]
    TruncatedByteArray {
        /// The bit size from the prefix.
        bit_size: u64,
        /// Payload bytes present after the prefix.
        available: usize,
    },
}

/// Why a `.prop` text cannot be read; every variant but [`ParseError::NoPropertySet`] carries its 1-based line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A line starting with `[` has no `]`.
    #[error("invalid line: {}", plain(text))]
    InvalidLine {
        /// Line number (1-based).
        line: usize,
        /// The line.
        text: String,
    },
    /// A property line before the first `[Set]` line.
    #[error("property category missing")]
    CategoryMissing {
        /// Line number (1-based).
        line: usize,
    },
    /// A property line without `=`, or with an empty key or an empty value part.
    #[error("invalid property line: {}", plain(text))]
    InvalidPropertyLine {
        /// Line number (1-based).
        line: usize,
        /// The line.
        text: String,
    },
    /// The value part is invalid.
    #[error("{source}")]
    Value {
        /// Line number (1-based).
        line: usize,
        /// What is wrong with it.
        source: ValueError,
    },
    /// The text holds no property set at all (empty or only blank lines).
    #[error("invalid property set registry")]
    NoPropertySet,
}

impl ParseError {
    /// The 1-based line of the error, if it concerns one line.
    pub fn line(&self) -> Option<usize> {
        match self {
            ParseError::InvalidLine { line, .. }
            | ParseError::CategoryMissing { line }
            | ParseError::InvalidPropertyLine { line, .. }
            | ParseError::Value { line, .. } => Some(*line),
            ParseError::NoPropertySet => None,
        }
    }
}

/// One named property set: keys in insertion order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PropertySet {
    entries: IndexMap<String, PropertyValue>,
}

impl PropertySet {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `key` at the end unless it already exists, in which case the **first** value is kept (upstream's
    /// `PropertySetRegistry::add`).
    pub fn insert(&mut self, key: impl Into<String>, v: PropertyValue) {
        self.entries.entry(key.into()).or_insert(v);
    }

    /// Sets `key` to `v`, replacing an existing value in place or appending a new key (upstream's reader).
    pub fn set(&mut self, key: impl Into<String>, v: PropertyValue) {
        self.entries.insert(key.into(), v);
    }

    /// Removes `key`, keeping the order of the others.
    pub fn remove(&mut self, key: &str) -> Option<PropertyValue> {
        self.entries.shift_remove(key)
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&PropertyValue> {
        self.entries.get(key)
    }

    /// Whether `key` is present.
    pub fn contains_key(&self, key: &str) -> bool {
        self.entries.contains_key(key)
    }

    /// Entries in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &PropertyValue)> {
        self.entries.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// Keys in order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.keys().map(String::as_str)
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the set has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Sorts the keys (byte-wise), as upstream's bulk addition from a `std::map` produces.
    pub fn sort_keys(&mut self) {
        self.entries.sort_keys();
    }
}

impl<K: Into<String>> FromIterator<(K, PropertyValue)> for PropertySet {
    fn from_iter<I: IntoIterator<Item = (K, PropertyValue)>>(iter: I) -> Self {
        let mut s = PropertySet::new();
        for (k, v) in iter {
            s.insert(k, v);
        }
        s
    }
}

/// An ordered collection of named property sets: the content of one `.prop` file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PropertySetRegistry {
    sets: IndexMap<String, PropertySet>,
}

impl PropertySetRegistry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// The set `name`, created empty at the end if absent.
    pub fn set_mut(&mut self, name: &str) -> &mut PropertySet {
        let idx = match self.sets.get_index_of(name) {
            Some(i) => i,
            None => self.sets.insert_full(name.to_string(), PropertySet::new()).0,
        };
        &mut self.sets[idx]
    }

    /// Adds `key = v` to set `set` (created if absent); an existing key keeps its first value.
    pub fn add(&mut self, set: &str, key: impl Into<String>, v: PropertyValue) {
        self.set_mut(set).insert(key, v);
    }

    /// Removes one key of one set (the set itself stays, even if it becomes empty).
    pub fn remove(&mut self, set: &str, key: &str) -> Option<PropertyValue> {
        self.sets.get_mut(set)?.remove(key)
    }

    /// Removes a whole set, keeping the order of the others.
    pub fn remove_set(&mut self, set: &str) -> Option<PropertySet> {
        self.sets.shift_remove(set)
    }

    /// The set `name`.
    pub fn get(&self, set: &str) -> Option<&PropertySet> {
        self.sets.get(set)
    }

    /// The set `name`, mutable, without creating it.
    pub fn get_mut(&mut self, set: &str) -> Option<&mut PropertySet> {
        self.sets.get_mut(set)
    }

    /// The value of `key` in set `set`.
    pub fn value(&self, set: &str, key: &str) -> Option<&PropertyValue> {
        self.sets.get(set)?.get(key)
    }

    /// Sets in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &PropertySet)> {
        self.sets.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// Number of sets.
    pub fn len(&self) -> usize {
        self.sets.len()
    }

    /// Whether there is no set.
    pub fn is_empty(&self) -> bool {
        self.sets.is_empty()
    }

    /// Checks that every set name and key can be written to the text form and
    /// read back as itself (see [`UnwritableName`]); the writers of `.prop`
    /// files and SYCLBIN metadata call it first.
    pub fn check_writable(&self) -> Result<(), UnwritableName> {
        for (name, set) in &self.sets {
            if let Some(why) = unwritable(name, false) {
                return Err(UnwritableName {
                    what: "property set name".into(),
                    name: name.clone(),
                    why,
                });
            }
            for key in set.entries.keys() {
                if let Some(why) = unwritable(key, true) {
                    return Err(UnwritableName {
                        what: format!("property name in [{}]", plain(name)),
                        name: key.clone(),
                        why,
                    });
                }
            }
        }
        Ok(())
    }

    /// Writes the text form: `[name]` then `key=type|value`, every line ended by `\n`.
    pub fn write(&self, w: &mut impl Write) -> io::Result<()> {
        w.write_all(self.to_text().as_bytes())
    }

    /// The text form as a string (see [`PropertySetRegistry::write`]).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (name, set) in &self.sets {
            out.push('[');
            out.push_str(name);
            out.push_str("]\n");
            for (key, v) in &set.entries {
                out.push_str(key);
                out.push('=');
                v.fmt_into(&mut out);
                out.push('\n');
            }
        }
        out
    }

    /// Reads the text form with upstream's rules: blank lines are skipped; `\r\n` ends a line like `\n`; a line
    /// starting with `[` names a set by the text up to its **last** `]` (a set named twice is reopened); other
    /// lines split at the first `=` and the first `|`; a repeated key overwrites the earlier value in place; a
    /// text without any set is an error.
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        let reg = Self::parse_lenient(text)?;
        if reg.is_empty() {
            return Err(ParseError::NoPropertySet);
        }
        Ok(reg)
    }

    /// Like [`PropertySetRegistry::parse`], but an empty text (no set at all) gives an empty registry.
    pub fn parse_lenient(text: &str) -> Result<Self, ParseError> {
        let mut reg = PropertySetRegistry::new();
        let mut current: Option<usize> = None;
        for (line, l) in lines(text) {
            if let Some(rest) = l.strip_prefix('[') {
                let Some(end) = rest.rfind(']') else {
                    return Err(ParseError::InvalidLine {
                        line,
                        text: l.to_string(),
                    });
                };
                let name = &rest[..end];
                let idx = match reg.sets.get_index_of(name) {
                    Some(i) => i,
                    None => reg.sets.insert_full(name.to_string(), PropertySet::new()).0,
                };
                current = Some(idx);
                continue;
            }
            let Some(idx) = current else {
                return Err(ParseError::CategoryMissing { line });
            };
            let (key, val) = l.split_once('=').unwrap_or((l, ""));
            if key.is_empty() || val.is_empty() {
                return Err(ParseError::InvalidPropertyLine {
                    line,
                    text: l.to_string(),
                });
            }
            let v = PropertyValue::decode(val).map_err(|source| ParseError::Value { line, source })?;
            if let Some((_, set)) = reg.sets.get_index_mut(idx) {
                set.set(key, v);
            }
        }
        Ok(reg)
    }
}

/// One `{id, offset, size}` descriptor of `[SYCL/specialization constants]` (a composite constant has one per
/// scalar leaf).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpecConstDescriptor {
    /// SPIR-V specialization-constant id (`u32::MAX` for padding entries).
    pub id: u32,
    /// Offset of the scalar inside the composite.
    pub offset: u32,
    /// Size of the scalar in bytes.
    pub size: u32,
}

/// The value of a `[SYCL/device globals]` entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeviceGlobalInfo {
    /// Size of the underlying type.
    pub size: u32,
    /// Whether it was declared with `device_image_scope`.
    pub device_image_scope: bool,
}

impl DeviceGlobalInfo {
    /// The property value: `u32` size, then `device_image_scope` as a `u32` (0 or 1).
    pub fn to_value(self) -> PropertyValue {
        PropertyValue::u32_array(&[self.size, u32::from(self.device_image_scope)])
    }
}

fn u32_at(b: &[u8], i: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(i..i + 4)?.try_into().ok()?))
}

/// Typed accessors for the known sets ([`names`]). Each returns `None` (or an empty list) when the set or key
/// is missing, and skips entries whose value does not have the documented shape.
impl PropertySetRegistry {
    fn entries(&self, set: &str) -> impl Iterator<Item = (&str, &PropertyValue)> {
        self.get(set).into_iter().flat_map(PropertySet::iter)
    }

    fn keys_with_u32(&self, set: &str) -> Vec<(&str, u32)> {
        self.entries(set).filter_map(|(k, v)| Some((k, v.as_u32()?))).collect()
    }

    /// `[SYCL/devicelib req mask]` `DeviceLibReqMask`.
    pub fn devicelib_req_mask(&self) -> Option<u32> {
        self.value(names::DEVICELIB_REQ_MASK, names::DEVICELIB_REQ_MASK_KEY)?
            .as_u32()
    }

    /// `[SYCL/specialization constants]`: name → descriptors.
    pub fn spec_constants(&self) -> Vec<(&str, Vec<SpecConstDescriptor>)> {
        self.entries(names::SPEC_CONST_MAP)
            .filter_map(|(k, v)| {
                let words = v.as_u32_array().filter(|w| w.len() % 3 == 0)?;
                let d = words.chunks_exact(3).map(|c| SpecConstDescriptor {
                    id: c[0],
                    offset: c[1],
                    size: c[2],
                });
                Some((k, d.collect()))
            })
            .collect()
    }

    /// `[SYCL/specialization constants default values]` `all`: the default-value bytes.
    pub fn spec_const_default_values(&self) -> Option<&[u8]> {
        self.value(names::SPEC_CONST_DEFAULT_VALUES, names::SPEC_CONST_DEFAULT_VALUES_KEY)?
            .as_byte_payload()
    }

    /// `[SYCL/kernel param opt]` for `kernel`: one flag per original parameter, `true` if it was removed.
    pub fn kernel_param_opt(&self, kernel: &str) -> Option<Vec<bool>> {
        let v = self.value(names::KERNEL_PARAM_OPT_INFO, kernel)?;
        let n = v.bit_size()?;
        (0..n).map(|i| v.bit(i)).collect()
    }

    /// `[SYCL/program metadata]`: key (`kernel@reqd_work_group_size`, …) → value.
    pub fn program_metadata(&self) -> Vec<(&str, &PropertyValue)> {
        self.entries(names::PROGRAM_METADATA).collect()
    }

    /// An integer of `[SYCL/misc properties]` (`isEsimdImage`, `optLevel`, `sycl-grf-size`, …).
    pub fn misc_u32(&self, key: &str) -> Option<u32> {
        self.value(names::MISC_PROPERTIES, key)?.as_u32()
    }

    /// `[SYCL/misc properties]` `sanUsed` (`asan`, `msan`, `tsan`).
    pub fn san_used(&self) -> Option<&str> {
        self.value(names::MISC_PROPERTIES, names::SAN_USED_KEY)?.as_str()
    }

    /// `[SYCL/assert used]`: kernels flagged with a non-zero value.
    pub fn assert_used(&self) -> Vec<&str> {
        self.keys_with_u32(names::ASSERT_USED)
            .into_iter()
            .filter(|(_, v)| *v != 0)
            .map(|(k, _)| k)
            .collect()
    }

    /// `[SYCL/exported symbols]`: exported symbol names.
    pub fn exported_symbols(&self) -> Vec<&str> {
        self.keys_with_u32(names::EXPORTED_SYMBOLS)
            .into_iter()
            .filter(|(_, v)| *v != 0)
            .map(|(k, _)| k)
            .collect()
    }

    /// `[SYCL/imported symbols]`: imported symbol names.
    pub fn imported_symbols(&self) -> Vec<&str> {
        self.keys_with_u32(names::IMPORTED_SYMBOLS)
            .into_iter()
            .filter(|(_, v)| *v != 0)
            .map(|(k, _)| k)
            .collect()
    }

    /// `[SYCL/device globals]`: unique id → size and scope.
    pub fn device_globals(&self) -> Vec<(&str, DeviceGlobalInfo)> {
        self.entries(names::DEVICE_GLOBALS)
            .filter_map(|(k, v)| {
                let b = v.as_byte_payload()?;
                let size = u32_at(b, 0)?;
                Some((
                    k,
                    DeviceGlobalInfo {
                        size,
                        device_image_scope: *b.get(4)? != 0,
                    },
                ))
            })
            .collect()
    }

    /// `[SYCL/device requirements]` `aspects`.
    pub fn aspects(&self) -> Option<Vec<u32>> {
        self.value(names::DEVICE_REQUIREMENTS, names::ASPECTS_KEY)?
            .as_u32_array()
    }

    /// `[SYCL/device requirements]` `reqd_work_group_size_uint64_t`.
    pub fn reqd_work_group_size(&self) -> Option<Vec<u64>> {
        self.value(names::DEVICE_REQUIREMENTS, names::REQD_WORK_GROUP_SIZE_KEY)?
            .as_u64_array()
    }

    /// `[SYCL/host pipes]`: unique id → size.
    pub fn host_pipes(&self) -> Vec<(&str, u32)> {
        self.entries(names::HOST_PIPES)
            .filter_map(|(k, v)| Some((k, u32_at(v.as_byte_payload()?, 0)?)))
            .collect()
    }

    /// `[SYCL/virtual functions]` `virtual-functions-set`.
    pub fn virtual_functions_set(&self) -> Option<&str> {
        self.value(names::VIRTUAL_FUNCTIONS, "virtual-functions-set")?.as_str()
    }

    /// `[SYCL/virtual functions]` `uses-virtual-functions-set`, split at `,`.
    pub fn uses_virtual_functions_sets(&self) -> Vec<&str> {
        self.value(names::VIRTUAL_FUNCTIONS, "uses-virtual-functions-set")
            .and_then(PropertyValue::as_str)
            .map(|s| s.split(',').filter(|p| !p.is_empty()).collect())
            .unwrap_or_default()
    }

    /// `[SYCL/implicit local arg]`: kernel → argument index.
    pub fn implicit_local_args(&self) -> Vec<(&str, u32)> {
        self.keys_with_u32(names::IMPLICIT_LOCAL_ARG)
    }

    /// `[SYCL/registered kernels]`: registered name → mangled kernel name.
    pub fn registered_kernels(&self) -> Vec<(&str, &str)> {
        self.entries(names::REGISTERED_KERNELS)
            .filter_map(|(k, v)| Some((k, v.as_str()?)))
            .collect()
    }

    /// `[SYCL/kernel names]`: the kernel names (keys).
    pub fn kernel_names(&self) -> Vec<&str> {
        self.get(names::KERNEL_NAMES)
            .map(|s| s.keys().collect())
            .unwrap_or_default()
    }

    /// `[SYCLBIN/global metadata]` `state`.
    pub fn syclbin_state(&self) -> Option<u32> {
        self.value(names::SYCLBIN_GLOBAL_METADATA, names::SYCLBIN_STATE_KEY)?
            .as_u32()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_text_cannot_hold_are_refused() {
        for (key, why) in [
            ("a=b", "it holds '='"),
            ("[a]", "it starts with '['"),
            ("a\nb", "it holds a line break"),
            ("a\r", "it holds a line break"),
            ("a\0", "it holds a NUL character"),
            ("", "it is empty"),
        ] {
            let mut reg = PropertySetRegistry::new();
            reg.add("S", key, PropertyValue::UInt32(1));
            assert_eq!(reg.check_writable().map_err(|e| e.why), Err(why), "{key:?}");
            assert!(!reg.check_writable().unwrap_err().to_string().contains('\n'));
        }
        let mut reg = PropertySetRegistry::new();
        reg.add("S]x", "a]b[c", PropertyValue::UInt32(1));
        assert_eq!(reg.check_writable(), Ok(()));
        assert_eq!(PropertySetRegistry::parse(&reg.to_text()).unwrap(), reg);
        reg.set_mut("T\nU");
        assert!(reg.check_writable().is_err());
    }

    fn enc(v: &PropertyValue) -> String {
        v.encode().strip_prefix("2|").unwrap().to_string()
    }

    /// The worked examples of the reference, section 5.2.
    #[test]
    fn reference_encoding_examples() {
        assert_eq!(PropertyValue::u32_array(&[1]).encode(), "2|gAAAAAAAAAQAAAAA");
        assert_eq!(enc(&PropertyValue::bytes(&[])), "AAAAAAAAAAA");
        assert_eq!(enc(&PropertyValue::u32_array(&[1, 6])), "ABAAAAAAAAQAAAAAGAAAAA");
        assert_eq!(
            enc(&PropertyValue::u32_array(&[0, 9, 12])),
            "gBAAAAAAAAAAAAAAJAAAAwAAAAA"
        );
        assert_eq!(
            enc(&PropertyValue::u32_array(&[0, 1, 6, 9, 12])),
            "gCAAAAAAAAAAAAAABAAAAYAAAAQCAAAAMAAAAA"
        );
        assert_eq!(enc(&PropertyValue::u32_array(&[4, 0])), "ABAAAAAAAAABAAAAAAAAAA");
        assert_eq!(enc(&PropertyValue::u32_array(&[1, 1])), "ABAAAAAAAAQAAAAABAAAAA");
        assert_eq!(enc(&PropertyValue::string("asan")), "gAAAAAAAAAQYzFmb");
        assert_eq!(
            enc(&PropertyValue::u64_array(&[16, 1, 1])),
            "ADAAAAAAAAAEAAAAAAAAAEAAAAAAAAAABAAAAAAAAAA"
        );
        assert_eq!(
            enc(&PropertyValue::u32_array(&[16, 1, 1])),
            "gBAAAAAAAAAEAAAABAAAAEAAAAA"
        );
        assert_eq!(enc(&PropertyValue::bit_flags(&[true, false, true])), "DAAAAAAAAAQB");
        assert_eq!(enc(&PropertyValue::bits(3, vec![0b101])), "DAAAAAAAAAQB");
    }

    #[test]
    fn decode_examples() {
        let v = PropertyValue::decode("2|gBAAAAAAAAAAAAAAJAAAAwAAAAA").unwrap();
        assert_eq!(v.as_u32_array(), Some(vec![0, 9, 12]));
        assert_eq!(v.bit_size(), Some(96));
        let v = PropertyValue::decode("2|DAAAAAAAAAQB").unwrap();
        assert_eq!(
            (v.bit(0), v.bit(1), v.bit(2), v.bit(3)),
            (Some(true), Some(false), Some(true), None)
        );
        assert_eq!(
            PropertyValue::decode("2|gAAAAAAAAAQYzFmb").unwrap().as_str(),
            Some("asan")
        );
        assert_eq!(
            PropertyValue::decode("1|4294967295").unwrap(),
            PropertyValue::UInt32(u32::MAX)
        );
        assert_eq!(PropertyValue::decode("1|4294967296").unwrap(), PropertyValue::UInt32(0));
        assert_eq!(PropertyValue::decode("01|7").unwrap(), PropertyValue::UInt32(7));
    }

    #[test]
    fn decode_errors() {
        use ValueError::*;
        assert_eq!(PropertyValue::decode("1"), Err(InvalidValue("1".into())));
        assert_eq!(PropertyValue::decode("|1"), Err(InvalidValue("|1".into())));
        assert_eq!(PropertyValue::decode("x|1"), Err(InvalidType("x".into())));
        assert_eq!(PropertyValue::decode("3|1"), Err(BadType(3)));
        assert_eq!(PropertyValue::decode("0|1"), Err(BadType(0)));
        assert_eq!(PropertyValue::decode("1|-1"), Err(InvalidValue("-1".into())));
        assert_eq!(PropertyValue::decode("2|A"), Err(Base64(Base64Error::InvalidLength)));
        assert_eq!(PropertyValue::decode("2|AAAA"), Err(MissingSizePrefix));
        // 32 bits announced, 1 byte present.
        assert_eq!(
            PropertyValue::decode("2|gAAAAAAAAAQA"),
            Err(TruncatedByteArray {
                bit_size: 32,
                available: 1
            })
        );
        // Absurd bit size must not allocate or panic.
        assert!(PropertyValue::decode("2://///////AA").is_err());
    }

    #[test]
    fn registry_text() {
        let text = "[SYCL/devicelib req mask]\nDeviceLibReqMask=1|0\n[SYCL/device requirements]\n\
                    aspects=2|AAAAAAAAAAA\n[Unknown set]\nsome key=2|gAAAAAAAAAQYzFmb\n";
        let reg = PropertySetRegistry::parse(text).unwrap();
        assert_eq!(reg.to_text(), text);
        assert_eq!(
            reg.value(names::DEVICELIB_REQ_MASK, "DeviceLibReqMask"),
            Some(&PropertyValue::UInt32(0))
        );
        assert_eq!(
            reg.value("Unknown set", "some key").and_then(|v| v.as_str()),
            Some("asan")
        );
        let mut w = Vec::new();
        reg.write(&mut w).unwrap();
        assert_eq!(w, text.as_bytes());
    }

    #[test]
    fn reader_rules() {
        // Blank lines and CRLF, reopened set, repeated key overwrites in place, last `]` ends the name.
        let reg = PropertySetRegistry::parse("\r\n[A]\r\nx=1|1\r\n\n[B]x]\ny=1|2\n[A]\nx=1|3\nz=1|4\n").unwrap();
        assert_eq!(reg.to_text(), "[A]\nx=1|3\nz=1|4\n[B]x]\ny=1|2\n");
        // Key up to the first `=`, value from the first `|`.
        let reg = PropertySetRegistry::parse("[S]\na|b=1|5\nc=2|AAAAAAAAAAA\n").unwrap();
        assert_eq!(reg.value("S", "a|b"), Some(&PropertyValue::UInt32(5)));
        assert_eq!(reg.value("S", "c"), Some(&PropertyValue::bytes(&[])));
    }

    #[test]
    fn reader_errors() {
        let e = |t: &str| PropertySetRegistry::parse(t).unwrap_err();
        assert_eq!(e(""), ParseError::NoPropertySet);
        assert_eq!(e("\n\n").to_string(), "invalid property set registry");
        assert_eq!(e("[A\n").to_string(), "invalid line: [A");
        assert_eq!(e("x=1|1\n"), ParseError::CategoryMissing { line: 1 });
        assert_eq!(e("[A]\n\nx\n").to_string(), "invalid property line: x");
        assert_eq!(e("[A]\n\nx\n").line(), Some(3));
        assert_eq!(e("[A]\n=1|1\n").to_string(), "invalid property line: =1|1");
        assert_eq!(e("[A]\nx=1|\n").to_string(), "invalid property value: 1|");
        assert_eq!(e("[A]\nx=z|1\n").to_string(), "invalid property type: z");
        assert_eq!(e("[A]\nx=2\r|1\n").to_string(), "invalid property type: 2\\r");
        assert_eq!(e("[A]\nx\x01\n").to_string(), "invalid property line: x\\u{1}");
        assert_eq!(e("[A]\nx=1|q\n").to_string(), "invalid property value: q");
        assert_eq!(e("[A]\nx=2|A\n").to_string(), "invalid encoded sequence length");
        assert_eq!(
            PropertySetRegistry::parse_lenient("").unwrap(),
            PropertySetRegistry::new()
        );
    }

    #[test]
    fn add_keeps_first_and_order() {
        let mut reg = PropertySetRegistry::new();
        reg.add("B", "k", PropertyValue::UInt32(1));
        reg.add("A", "k", PropertyValue::UInt32(2));
        reg.add("B", "k", PropertyValue::UInt32(3));
        reg.add("B", "j", PropertyValue::UInt32(4));
        assert_eq!(reg.to_text(), "[B]\nk=1|1\nj=1|4\n[A]\nk=1|2\n");
        reg.set_mut("C");
        assert_eq!(reg.to_text(), "[B]\nk=1|1\nj=1|4\n[A]\nk=1|2\n[C]\n");
        assert_eq!(reg.remove("B", "k"), Some(PropertyValue::UInt32(1)));
        assert!(reg.remove_set("A").is_some());
        assert_eq!(reg.to_text(), "[B]\nj=1|4\n[C]\n");
        let mut s: PropertySet = [("z", 1.into()), ("a", "x".into())].into_iter().collect();
        s.sort_keys();
        assert_eq!(s.keys().collect::<Vec<_>>(), ["a", "z"]);
    }
}
