//! The SYCLBIN that Intel's SYCL runtime 2026.2 writes (`kernel_bundle::ext_oneapi_get_content()` of an
//! object-state bundle compiled from SYCL source; made by `scripts/runtime-syclbin.sh`): a SYCLBIN v1 inside a
//! single-entry OffloadBinary v2 without strings or string table. Read through the one reader and written
//! back in every form.

use sycl_props::offload_binary::{Container, ImageKind, OffloadKind};
use sycl_props::syclbin::{dump, BundleState, Format, IrType, Packaging, SyclbinFile};

const RUNTIME_FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../lit/syclbin/Inputs/runtime-2026.2-object.syclbin"
);

#[test]
fn reads_what_the_runtime_writes() {
    let bytes = std::fs::read(RUNTIME_FILE).unwrap();
    // The wrapper, field by field.
    let (c, size) = Container::parse_one(&bytes).unwrap();
    assert_eq!((c.version, size, c.entries.len()), (2, bytes.len() as u64, 1));
    let e = &c.entries[0];
    assert_eq!(
        (e.image_kind, e.offload_kind, e.flags),
        (ImageKind::SYCLBIN, OffloadKind::SYCL, 0)
    );
    assert!(e.strings.is_empty());
    assert_eq!(
        u64::from_le_bytes(bytes[56..64].try_into().unwrap()),
        72,
        "image right after the entry"
    );

    let file = SyclbinFile::read(&bytes).unwrap();
    assert_eq!(file.format, Format::WrappedV1 { container: 0, entry: 0 });
    let bin = &file.syclbin;
    assert_eq!(bin.state(), Some(BundleState::Object));
    assert_eq!(bin.abstract_modules.len(), 1);
    let am = &bin.abstract_modules[0];
    assert!(am.kernel_names().contains(&"__sycl_kernel_scale"));
    assert!(am.metadata.get("SYCL/misc properties").is_some());
    let ir = &am.ir_modules[0];
    assert_eq!(ir.ir_type(), Some(IrType::SpirV));
    assert_eq!(ir.target(), Some("spir64-unknown-unknown"));
    assert_eq!(&ir.bytes[..4], &[0x03, 0x02, 0x23, 0x07], "SPIR-V magic");

    let text = dump(&bytes).unwrap();
    assert!(text.starts_with("offload binary version 2: 1 entry\n"));
    assert!(text.contains("SYCLBIN version 1, 1904 bytes\n"));

    // Written back in every form, it reads the same; the runtime's own form keeps the SYCLBIN bytes.
    for p in Packaging::ALL {
        let again = bin.write_as(p, []).unwrap();
        assert_eq!(&SyclbinFile::read(&again).unwrap().syclbin, bin, "{p:?}");
    }
    let rewrapped = bin.write_as(Packaging::OffloadV2, []).unwrap();
    let (c2, _) = Container::parse_one(&rewrapped).unwrap();
    assert_eq!(c2, c, "same entry; only the string table differs");
}
