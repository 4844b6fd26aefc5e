//! Property-based round trips for every format: write → read gives the same value, and read → write → read
//! is stable.

use proptest::collection::vec;
use proptest::prelude::*;

use sycl_props::base64;
use sycl_props::file_table::FileTable;
use sycl_props::offload_binary::{write_all, write_v2, Container, ImageKind, OffloadBinary, OffloadKind};
use sycl_props::property_set::{PropertySetRegistry, PropertyValue};
use sycl_props::syclbin::{AbstractModule, Format, IrModule, NativeImage, Packaging, Syclbin, SyclbinFile};

fn value() -> impl Strategy<Value = PropertyValue> {
    prop_oneof![
        any::<u32>().prop_map(PropertyValue::UInt32),
        vec(any::<u8>(), 0..40).prop_map(|b| PropertyValue::bytes(&b)),
        (0u64..200, vec(any::<u8>(), 25)).prop_map(|(bits, b)| PropertyValue::bits(bits, b)),
    ]
}

/// Set names: any text without line breaks or NUL.
fn set_name() -> impl Strategy<Value = String> {
    "[^\n\r\0]{0,24}"
}

/// Keys: non-empty, no `=`, no line break or NUL, not starting with `[` (that would open a set).
fn key() -> impl Strategy<Value = String> {
    "[^\\[=\n\r\0][^=\n\r\0]{0,24}"
}

fn registry() -> impl Strategy<Value = PropertySetRegistry> {
    vec((set_name(), vec((key(), value()), 0..6)), 0..5).prop_map(|sets| {
        let mut reg = PropertySetRegistry::new();
        for (name, entries) in sets {
            let set = reg.set_mut(&name);
            for (k, v) in entries {
                set.insert(k, v);
            }
        }
        reg
    })
}

/// Cells and titles: no `|`, line break or NUL.
fn cell() -> impl Strategy<Value = String> {
    "[^|\n\r\0]{0,12}"
}

fn table() -> impl Strategy<Value = FileTable> {
    (1usize..5)
        .prop_flat_map(|n| (vec(cell(), n), vec(vec(cell(), n), 0..6)))
        .prop_filter_map("unique titles, no blank single-cell rows", |(titles, rows)| {
            let mut t = FileTable::try_new(titles).ok()?;
            for r in rows {
                if r.len() == 1 && r[0].is_empty() {
                    return None;
                }
                t.add_row(r).ok()?;
            }
            Some(t)
        })
}

fn image_kind() -> impl Strategy<Value = ImageKind> {
    any::<u16>().prop_map(ImageKind)
}

fn offload_binary() -> impl Strategy<Value = OffloadBinary> {
    (
        image_kind(),
        any::<u16>().prop_map(OffloadKind),
        any::<u32>(),
        vec(("[^\0]{0,10}", "[^\0]{0,16}"), 0..5),
        vec(any::<u8>(), 0..64),
    )
        .prop_map(|(ik, ok, flags, strings, image)| {
            let mut ob = OffloadBinary::new(ik, ok, image);
            ob.flags = flags;
            for (k, v) in strings {
                ob.strings.insert(k, v);
            }
            ob
        })
}

fn syclbin() -> impl Strategy<Value = Syclbin> {
    let ir = (registry(), vec(any::<u8>(), 0..32)).prop_map(|(metadata, bytes)| IrModule { metadata, bytes });
    let native = (registry(), vec(any::<u8>(), 0..32)).prop_map(|(metadata, bytes)| NativeImage { metadata, bytes });
    let am = (registry(), vec(ir, 0..3), vec(native, 0..3)).prop_map(|(metadata, ir_modules, native_images)| {
        AbstractModule {
            metadata,
            ir_modules,
            native_images,
        }
    });
    (registry(), vec(am, 0..4)).prop_map(|(global_metadata, abstract_modules)| Syclbin {
        global_metadata,
        abstract_modules,
    })
}

proptest! {
    #[test]
    fn base64_round_trip(data in vec(any::<u8>(), 0..100)) {
        let enc = base64::encode(&data);
        prop_assert_eq!(enc.len(), base64::encoded_len(data.len()));
        prop_assert!(!enc.contains('='));
        prop_assert_eq!(base64::decode(&enc).unwrap(), data);
    }

    #[test]
    fn property_value_round_trip(v in value()) {
        prop_assert_eq!(PropertyValue::decode(&v.encode()).unwrap(), v);
    }

    #[test]
    fn property_set_round_trip(reg in registry()) {
        let text = reg.to_text();
        let back = PropertySetRegistry::parse_lenient(&text).unwrap();
        prop_assert_eq!(back.to_text(), text);
        prop_assert_eq!(back, reg);
    }

    #[test]
    fn file_table_round_trip(t in table()) {
        let back = FileTable::parse(&t.to_text()).unwrap();
        prop_assert_eq!(&back, &t);
        // Without titles the columns come back numbered, the cells unchanged.
        if t.num_rows() > 0 && !t.rows()[0][0].starts_with('[') {
            let untitled = FileTable::parse(&t.to_text_with(false)).unwrap();
            prop_assert_eq!(untitled.rows(), t.rows());
        }
    }

    #[test]
    fn offload_binary_round_trip(obs in vec(offload_binary(), 1..4)) {
        let bytes = write_all(&obs).unwrap();
        prop_assert_eq!(bytes.len() % 8, 0);
        let back = OffloadBinary::parse_all(&bytes).unwrap();
        prop_assert_eq!(&back, &obs);
        prop_assert_eq!(write_all(&back).unwrap(), bytes);
    }

    #[test]
    fn offload_binary_v2_round_trip(obs in vec(offload_binary(), 0..5), nul_value in "[^\0]{0,4}\0[^\0]{0,4}") {
        let mut obs = obs;
        if let Some(first) = obs.first_mut() {
            first.strings.insert("nul".into(), nul_value);
        }
        let bytes = write_v2(&obs).unwrap();
        prop_assert_eq!(bytes.len() % 8, 0);
        let back = Container::parse_all(&bytes).unwrap();
        prop_assert_eq!(&back, &vec![Container::v2(obs.clone())]);
        prop_assert_eq!(OffloadBinary::parse_all(&bytes).unwrap(), obs);
        prop_assert_eq!(back[0].to_bytes().unwrap(), bytes);
    }

    #[test]
    fn syclbin_every_form_round_trip(bin in syclbin()) {
        for p in Packaging::ALL {
            let bytes = bin.write_as(p, [("triple", "spir64"), ("arch", "")]).unwrap();
            prop_assert_eq!(bytes.len() % 8, 0);
            let file = SyclbinFile::read(&bytes).unwrap();
            prop_assert_eq!(&file.syclbin, &bin);
            prop_assert_eq!(matches!(file.format, Format::V2 { .. }), p == Packaging::SyclbinV2);
            let again = file.syclbin.write_as(p, [("triple", "spir64"), ("arch", "")]).unwrap();
            prop_assert_eq!(again, bytes);
        }
    }

    #[test]
    fn syclbin_round_trip(bin in syclbin()) {
        let bytes = bin.to_bytes().unwrap();
        prop_assert_eq!(bytes.len() % 8, 0);
        let back = Syclbin::parse(&bytes).unwrap();
        prop_assert_eq!(&back, &bin);
        prop_assert_eq!(back.to_bytes().unwrap(), bytes);
        let wrapped = bin.to_offload_binary([("triple", "spir64")]).unwrap().to_bytes().unwrap();
        prop_assert_eq!(Syclbin::parse_any(&wrapped).unwrap(), bin);
    }

    /// Arbitrary bytes never make a reader panic.
    #[test]
    fn readers_do_not_panic(data in vec(any::<u8>(), 0..300)) {
        let _ = Syclbin::parse_any(&data);
        let _ = OffloadBinary::parse_all(&data);
        let _ = sycl_props::syclbin::dump(&data);
        // The same bytes as the image of a v2 entry and as every part of a SYCLBIN v2.
        let entry = OffloadBinary::new(ImageKind::SYCLBIN, OffloadKind::SYCL, data.clone());
        let _ = Syclbin::parse_any(&entry.to_bytes_v2().unwrap());
        let parts: Vec<OffloadBinary> = ["global_metadata", "am_metadata", "ir", "native"]
            .iter()
            .map(|r| entry.clone().with_string("role", *r).with_string("am_index", "0"))
            .collect();
        let _ = SyclbinFile::read(&write_v2(&parts).unwrap());
        let text = String::from_utf8_lossy(&data);
        let _ = PropertySetRegistry::parse(&text);
        let _ = FileTable::parse(&text);
    }
}
