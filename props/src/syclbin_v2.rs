//! SYCLBIN version 2: a SYCLBIN spread over the entries of one multi-entry offload binary (intel/llvm
//! `llvm/Object/SYCLBIN`, `SYCLBIN::readV2`/`write`). Reads into and writes from the same [`Syclbin`] model as
//! version 1.
//!
//! Every entry has image kind [`ImageKind::SYCLBIN`], offload kind SYCL, and string data
//! `sycl_format_version` = `2` and `role`:
//!
//! | `role` | other strings | image |
//! |---|---|---|
//! | `global_metadata` (exactly one) | — | the global property sets (`[SYCLBIN/global metadata]` `state`) |
//! | `am_metadata` (one per module) | `am_index` | the abstract module's property sets |
//! | `ir` | `am_index`, `ir_type`, `triple` | `[u64 LE metadata size][metadata][IR bytes]` |
//! | `native` | `am_index`, `arch`, `triple` | `[u64 LE metadata size][metadata][image bytes]` |
//!
//! `am_index` values are decimal and cover `0..n` for `n` abstract modules; entry order is not significant
//! except that IR modules and native images keep their order within a module. As upstream, the reader takes
//! IR type, target and arch from the metadata inside the image; the `ir_type`/`triple`/`arch` strings are a
//! copy for generic offload tools and are written from that metadata.

use crate::offload_binary::{write_v2, ImageKind, OffloadBinary, OffloadKind};
use crate::property_set::{names, PropertySetRegistry};
use crate::syclbin_model::{parse_metadata, AbstractModule, IrModule, NativeImage, Syclbin, SyclbinError};

/// The `sycl_format_version` string of every entry.
pub const FORMAT_VERSION: &str = "2";
/// String key naming the format version.
pub const FORMAT_VERSION_KEY: &str = "sycl_format_version";
/// String key naming an entry's role.
pub const ROLE_KEY: &str = "role";
/// String key naming an entry's abstract module.
pub const AM_INDEX_KEY: &str = "am_index";
/// String key copying an IR module's type.
pub const IR_TYPE_KEY: &str = "ir_type";
/// String key copying a target triple.
pub const TRIPLE_KEY: &str = "triple";
/// String key copying a native image's architecture.
pub const ARCH_KEY: &str = "arch";

/// What an entry holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// `global_metadata`.
    GlobalMetadata,
    /// `am_metadata`.
    AmMetadata,
    /// `ir`.
    Ir,
    /// `native`.
    Native,
}

impl Role {
    /// The `role` string.
    pub fn name(self) -> &'static str {
        match self {
            Role::GlobalMetadata => "global_metadata",
            Role::AmMetadata => "am_metadata",
            Role::Ir => "ir",
            Role::Native => "native",
        }
    }

    /// The role for a `role` string.
    pub fn from_name(name: &str) -> Option<Self> {
        [Role::GlobalMetadata, Role::AmMetadata, Role::Ir, Role::Native]
            .into_iter()
            .find(|r| r.name() == name)
    }
}

/// Where an IR module or native image was stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageEntry {
    /// Index of the offload-binary entry.
    pub entry: usize,
    /// Size of its metadata.
    pub metadata_size: u64,
    /// Size of its IR or image bytes.
    pub bytes_size: u64,
}

/// Where an abstract module's parts were stored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ModuleEntries {
    /// The `am_metadata` entry.
    pub metadata_entry: usize,
    /// The `ir` entries, in module order.
    pub ir_modules: Vec<ImageEntry>,
    /// The `native` entries, in module order.
    pub native_images: Vec<ImageEntry>,
}

/// Which entry holds what: what [`read`] returns besides the model (for dumps).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Layout {
    /// The `global_metadata` entry.
    pub global_entry: usize,
    /// Per abstract module.
    pub abstract_modules: Vec<ModuleEntries>,
}

/// Whether these offload-binary entries look like a SYCLBIN version 2 (some entry has a `role` string).
pub fn is_v2(entries: &[OffloadBinary]) -> bool {
    entries.iter().any(|e| e.strings.contains_key(ROLE_KEY))
}

fn am_index(entry: usize, e: &OffloadBinary, limit: usize) -> Result<usize, SyclbinError> {
    let value = e.string(AM_INDEX_KEY);
    let bad = || SyclbinError::V2AmIndex {
        entry,
        value: value.to_string(),
    };
    // Digits only: no sign, no blanks (upstream rejects a sign that would wrap around).
    if value.is_empty() || !value.bytes().all(|c| c.is_ascii_digit()) {
        return Err(bad());
    }
    let index: u64 = value.parse().map_err(|_| bad())?;
    if index >= limit as u64 {
        return Err(SyclbinError::V2AmIndexRange {
            entry,
            index,
            entries: limit,
        });
    }
    Ok(index as usize)
}

/// Splits `[u64 LE metadata size][metadata][bytes]`.
fn split_payload(entry: usize, image: &[u8]) -> Result<(&[u8], &[u8]), SyclbinError> {
    let too_small = |size| SyclbinError::V2Payload {
        entry,
        metadata_size: size,
        image_size: image.len() as u64,
    };
    let Some(prefix) = image.get(..8) else {
        return Err(too_small(None));
    };
    let mut a = [0u8; 8];
    a.copy_from_slice(prefix);
    let size = u64::from_le_bytes(a);
    match size.checked_add(8) {
        Some(end) if end <= image.len() as u64 => Ok((&image[8..end as usize], &image[end as usize..])),
        _ => Err(too_small(Some(size))),
    }
}

/// Reads a SYCLBIN version 2 from the entries of one offload binary, checking what upstream's reader checks:
/// every entry is a SYCLBIN image with a known role, exactly one global metadata entry, a supported
/// `sycl_format_version` on it, decimal `am_index` values below the entry count, one `am_metadata` per
/// abstract module and none missing, and well-formed image framing and property sets.
pub fn read(entries: &[OffloadBinary]) -> Result<(Syclbin, Layout), SyclbinError> {
    let mut global = None;
    let mut roles = Vec::with_capacity(entries.len());
    let mut n_modules = 0usize;
    for (i, e) in entries.iter().enumerate() {
        if e.image_kind != ImageKind::SYCLBIN {
            return Err(SyclbinError::V2ImageKind {
                entry: i,
                kind: e.image_kind.0,
            });
        }
        let role = Role::from_name(e.string(ROLE_KEY)).ok_or_else(|| SyclbinError::V2Role {
            entry: i,
            role: e.string(ROLE_KEY).to_string(),
        })?;
        let index = if role == Role::GlobalMetadata {
            if let Some(first) = global {
                return Err(SyclbinError::V2GlobalMetadata {
                    found: Some((first, i)),
                });
            }
            global = Some(i);
            0
        } else {
            let index = am_index(i, e, entries.len())?;
            n_modules = n_modules.max(index + 1);
            index
        };
        roles.push((role, index));
    }
    let global_entry = global.ok_or(SyclbinError::V2GlobalMetadata { found: None })?;
    let g = &entries[global_entry];
    if let Some(v) = g.strings.get(FORMAT_VERSION_KEY) {
        if v != FORMAT_VERSION {
            return Err(SyclbinError::V2FormatVersion(v.clone()));
        }
    }
    let global_metadata = parse_metadata(|| format!("entry {global_entry} (global metadata)"), &g.image)?;

    let mut modules: Vec<Option<AbstractModule>> = vec![None; n_modules];
    let mut ir_parts: Vec<Vec<(IrModule, ImageEntry)>> = vec![Vec::new(); n_modules];
    let mut native_parts: Vec<Vec<(NativeImage, ImageEntry)>> = vec![Vec::new(); n_modules];
    let mut layout = Layout {
        global_entry,
        abstract_modules: vec![ModuleEntries::default(); n_modules],
    };
    for (i, (e, &(role, index))) in entries.iter().zip(&roles).enumerate() {
        match role {
            Role::GlobalMetadata => {}
            Role::AmMetadata => {
                if modules[index].is_some() {
                    return Err(SyclbinError::V2DuplicateAmMetadata { index });
                }
                let metadata = parse_metadata(|| format!("entry {i} (abstract module {index})"), &e.image)?;
                modules[index] = Some(AbstractModule {
                    metadata,
                    ..AbstractModule::default()
                });
                layout.abstract_modules[index].metadata_entry = i;
            }
            Role::Ir | Role::Native => {
                let (meta, bytes) = split_payload(i, &e.image)?;
                let metadata = parse_metadata(
                    || format!("entry {i} ({} of abstract module {index})", role.name()),
                    meta,
                )?;
                let at = ImageEntry {
                    entry: i,
                    metadata_size: meta.len() as u64,
                    bytes_size: bytes.len() as u64,
                };
                let bytes = bytes.to_vec();
                if role == Role::Ir {
                    ir_parts[index].push((IrModule { metadata, bytes }, at));
                } else {
                    native_parts[index].push((NativeImage { metadata, bytes }, at));
                }
            }
        }
    }
    let mut abstract_modules = Vec::with_capacity(n_modules);
    for (index, ((am, ir), native)) in modules.into_iter().zip(ir_parts).zip(native_parts).enumerate() {
        let mut am = am.ok_or(SyclbinError::V2MissingAmMetadata { index })?;
        let entries = &mut layout.abstract_modules[index];
        for (m, at) in ir {
            am.ir_modules.push(m);
            entries.ir_modules.push(at);
        }
        for (m, at) in native {
            am.native_images.push(m);
            entries.native_images.push(at);
        }
        abstract_modules.push(am);
    }
    Ok((
        Syclbin {
            global_metadata,
            abstract_modules,
        },
        layout,
    ))
}

fn entry(role: Role, image: Vec<u8>) -> OffloadBinary {
    OffloadBinary::new(ImageKind::SYCLBIN, OffloadKind::SYCL, image)
        .with_string(FORMAT_VERSION_KEY, FORMAT_VERSION)
        .with_string(ROLE_KEY, role.name())
}

fn payload(metadata: &PropertySetRegistry, bytes: &[u8]) -> Vec<u8> {
    let text = metadata.to_text();
    let mut out = Vec::with_capacity(8 + text.len() + bytes.len());
    out.extend_from_slice(&(text.len() as u64).to_le_bytes());
    out.extend_from_slice(text.as_bytes());
    out.extend_from_slice(bytes);
    out
}

fn metadata_string<'r>(reg: &'r PropertySetRegistry, set: &str, key: &str) -> &'r str {
    reg.value(set, key).and_then(|v| v.as_str()).unwrap_or("")
}

/// The offload-binary entries of `bin` in upstream's writer order: global metadata, then per abstract module
/// its metadata, its IR modules and its native images, with upstream's string data.
pub fn to_entries(bin: &Syclbin) -> Vec<OffloadBinary> {
    let mut out = vec![entry(Role::GlobalMetadata, bin.global_metadata.to_text().into_bytes())];
    for (i, am) in bin.abstract_modules.iter().enumerate() {
        let index = i.to_string();
        out.push(entry(Role::AmMetadata, am.metadata.to_text().into_bytes()).with_string(AM_INDEX_KEY, &index));
        for m in &am.ir_modules {
            let mut e = entry(Role::Ir, payload(&m.metadata, &m.bytes)).with_string(AM_INDEX_KEY, &index);
            if let Some(code) = m.ir_type_code() {
                e = e.with_string(IR_TYPE_KEY, code.to_string());
            }
            out.push(e.with_string(TRIPLE_KEY, m.target().unwrap_or("")));
        }
        for m in &am.native_images {
            let set = names::SYCLBIN_NATIVE_IMAGE_METADATA;
            out.push(
                entry(Role::Native, payload(&m.metadata, &m.bytes))
                    .with_string(AM_INDEX_KEY, &index)
                    .with_string(ARCH_KEY, m.arch().unwrap_or(""))
                    .with_string(TRIPLE_KEY, metadata_string(&m.metadata, set, names::SYCLBIN_TARGET_KEY)),
            );
        }
    }
    out
}

/// Serializes `bin` as a SYCLBIN version 2 file (one version 2 offload binary).
pub fn write(bin: &Syclbin) -> Result<Vec<u8>, SyclbinError> {
    bin.check_writable()?;
    Ok(write_v2(&to_entries(bin))?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::offload_binary::Container;
    use crate::property_set::PropertyValue;
    use crate::syclbin::{BundleState, Format, IrType, SyclbinFile};

    const GLOBAL: &str = "[SYCLBIN/global metadata]\nstate=1|1\n";
    const AM0: &str = "[SYCL/kernel names]\n__sycl_kernel_k=1|1\n";
    const IR_MD: &str = "[SYCLBIN/ir module metadata]\ntype=1|0\ntarget=2|wCAAAAAAAAwcwlmc2QTL152au92du1Sdutmbvdnb\n";
    const NATIVE_MD: &str = "[SYCLBIN/native device code image metadata]\narch=2|oAAAAAAAAAwct9FOwA\n";

    fn framed(md: &str, bytes: &[u8]) -> Vec<u8> {
        let mut v = (md.len() as u64).to_le_bytes().to_vec();
        v.extend_from_slice(md.as_bytes());
        v.extend_from_slice(bytes);
        v
    }

    fn e(role: &str, index: Option<&str>, image: Vec<u8>) -> OffloadBinary {
        let mut e = OffloadBinary::new(ImageKind::SYCLBIN, OffloadKind::SYCL, image)
            .with_string(FORMAT_VERSION_KEY, "2")
            .with_string(ROLE_KEY, role);
        if let Some(i) = index {
            e = e.with_string(AM_INDEX_KEY, i);
        }
        e
    }

    /// Entries as another writer might order them: parts before their module's metadata, global last.
    fn shuffled() -> Vec<OffloadBinary> {
        vec![
            e("native", Some("1"), framed(NATIVE_MD, b"ELF")),
            e("ir", Some("0"), framed(IR_MD, b"\x03\x02\x23\x07one")),
            e("am_metadata", Some("1"), Vec::new()),
            e("ir", Some("0"), framed("", b"two")),
            e("am_metadata", Some("0"), AM0.as_bytes().to_vec()),
            e("global_metadata", None, GLOBAL.as_bytes().to_vec()),
        ]
    }

    #[test]
    fn reads_hand_built_entries() {
        let (bin, layout) = read(&shuffled()).unwrap();
        assert_eq!(bin.state(), Some(BundleState::Object));
        assert_eq!(bin.abstract_modules.len(), 2);
        let a0 = &bin.abstract_modules[0];
        assert_eq!(a0.kernel_names(), ["__sycl_kernel_k"]);
        assert_eq!(a0.ir_modules.len(), 2);
        assert_eq!(a0.ir_modules[0].bytes, b"\x03\x02\x23\x07one");
        assert_eq!(a0.ir_modules[0].ir_type(), Some(IrType::SpirV));
        assert_eq!(a0.ir_modules[0].target(), Some("spir64-unknown-unknown"));
        assert_eq!(a0.ir_modules[1].bytes, b"two");
        assert!(a0.ir_modules[1].metadata.is_empty());
        let a1 = &bin.abstract_modules[1];
        assert!(a1.metadata.is_empty() && a1.ir_modules.is_empty());
        assert_eq!(a1.native_images[0].arch(), Some("sm_80"));
        assert_eq!(a1.native_images[0].bytes, b"ELF");
        assert_eq!(layout.global_entry, 5);
        assert_eq!(layout.abstract_modules[0].metadata_entry, 4);
        assert_eq!(
            layout.abstract_modules[0].ir_modules,
            [
                ImageEntry {
                    entry: 1,
                    metadata_size: IR_MD.len() as u64,
                    bytes_size: 7
                },
                ImageEntry {
                    entry: 3,
                    metadata_size: 0,
                    bytes_size: 3
                }
            ]
        );
        assert_eq!(layout.abstract_modules[1].native_images[0].entry, 0);
        // Through the file reader: the same model, recognised as version 2.
        let file = SyclbinFile::read(&write_v2(&shuffled()).unwrap()).unwrap();
        assert_eq!(file.syclbin, bin);
        assert_eq!(file.version(), 2);
        assert!(matches!(file.format, Format::V2 { container: 0, .. }));
    }

    #[test]
    fn writes_upstream_entries_and_reads_them_back() {
        let (bin, _) = read(&shuffled()).unwrap();
        let entries = to_entries(&bin);
        let described: Vec<Vec<(&str, &str)>> = entries
            .iter()
            .map(|e| e.strings.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect())
            .collect();
        let v = ("sycl_format_version", "2");
        assert_eq!(
            described,
            vec![
                vec![v, ("role", "global_metadata")],
                vec![v, ("role", "am_metadata"), ("am_index", "0")],
                vec![
                    v,
                    ("role", "ir"),
                    ("am_index", "0"),
                    ("ir_type", "0"),
                    ("triple", "spir64-unknown-unknown")
                ],
                vec![v, ("role", "ir"), ("am_index", "0"), ("triple", "")],
                vec![v, ("role", "am_metadata"), ("am_index", "1")],
                vec![
                    v,
                    ("role", "native"),
                    ("am_index", "1"),
                    ("arch", "sm_80"),
                    ("triple", "")
                ],
            ]
        );
        assert!(entries
            .iter()
            .all(|e| e.image_kind == ImageKind::SYCLBIN && e.offload_kind == OffloadKind::SYCL));
        assert_eq!(entries[2].image, framed(IR_MD, b"\x03\x02\x23\x07one"));
        let bytes = write(&bin).unwrap();
        assert_eq!(Container::parse_all(&bytes).unwrap(), vec![Container::v2(entries)]);
        assert_eq!(SyclbinFile::read(&bytes).unwrap().syclbin, bin);
        // Version 1 of the same model reads back equal too.
        assert_eq!(SyclbinFile::read(&bin.to_bytes().unwrap()).unwrap().syclbin, bin);
    }

    #[test]
    fn empty_syclbin() {
        let bin = Syclbin::new(BundleState::Executable);
        let (back, layout) = read(&to_entries(&bin)).unwrap();
        assert_eq!(back, bin);
        assert!(layout.abstract_modules.is_empty());
    }

    fn error(f: impl FnOnce(&mut Vec<OffloadBinary>)) -> String {
        let mut entries = shuffled();
        f(&mut entries);
        read(&entries).unwrap_err().to_string()
    }

    #[test]
    fn rejects_bad_entries() {
        assert_eq!(
            error(|v| v[2].image_kind = ImageKind::SPIRV),
            "SYCLBIN v2 entry 2: image kind 6, expected 7 (SYCLBIN)"
        );
        assert_eq!(
            error(|v| {
                v[3].strings.insert(ROLE_KEY.into(), "debug".into());
            }),
            "SYCLBIN v2 entry 3: unknown role 'debug'"
        );
        assert_eq!(
            error(|v| {
                v[3].strings.shift_remove(ROLE_KEY);
            }),
            "SYCLBIN v2 entry 3: unknown role ''"
        );
        assert_eq!(error(|v| drop(v.pop())), "SYCLBIN v2: no global_metadata entry");
        assert_eq!(
            error(|v| v.insert(1, v[5].clone())),
            "SYCLBIN v2: entries 1 and 6 are both global_metadata"
        );
        assert_eq!(
            error(|v| {
                v[5].strings.insert(FORMAT_VERSION_KEY.into(), "3".into());
            }),
            "SYCLBIN v2: unsupported sycl_format_version '3' (this reader supports 2)"
        );
        for bad in ["", "-1", "+1", " 1", "0x1", "1.0", "99999999999999999999999"] {
            assert_eq!(
                error(|v| {
                    v[1].strings.insert(AM_INDEX_KEY.into(), bad.into());
                }),
                format!("SYCLBIN v2 entry 1: invalid am_index '{bad}'")
            );
        }
        assert_eq!(
            error(|v| {
                v[1].strings.insert(AM_INDEX_KEY.into(), "6".into());
            }),
            "SYCLBIN v2 entry 1: am_index 6 out of range (6 entries)"
        );
        assert_eq!(
            error(|v| v.push(v[4].clone())),
            "SYCLBIN v2: duplicate am_metadata for am_index 0"
        );
        assert_eq!(
            error(|v| drop(v.remove(2))),
            "SYCLBIN v2: missing am_metadata for am_index 1"
        );
        assert_eq!(
            error(|v| v[0].image.truncate(7)),
            "SYCLBIN v2 entry 0: image of 7 bytes has no 8-byte metadata size"
        );
        assert_eq!(
            error(|v| v[0].image[..8].copy_from_slice(&u64::MAX.to_le_bytes())),
            format!(
                "SYCLBIN v2 entry 0: metadata size {} exceeds the {} bytes after the size field",
                u64::MAX,
                NATIVE_MD.len() + 3
            )
        );
        assert_eq!(
            error(|v| v[4].image = b"oops\n".to_vec()),
            "entry 4 (abstract module 0): metadata line 1: property category missing"
        );
        assert_eq!(
            error(|v| v[1].image[8] = 0xff),
            "entry 1 (ir of abstract module 0): metadata is not valid UTF-8 (at byte 0)"
        );
    }

    #[test]
    fn state_and_metadata_survive() {
        let mut bin = Syclbin::new(BundleState::Input);
        let mut am = AbstractModule::default();
        am.metadata
            .add(names::DEVICE_REQUIREMENTS, "aspects", PropertyValue::u32_array(&[1, 6]));
        am.native_images.push(NativeImage::new("intel_gpu_pvc", vec![0xAB; 13]));
        bin.abstract_modules.push(am);
        let back = SyclbinFile::read(&bin.to_bytes_v2().unwrap()).unwrap().syclbin;
        assert_eq!(back, bin);
        assert_eq!(back.state(), Some(BundleState::Input));
    }
}
