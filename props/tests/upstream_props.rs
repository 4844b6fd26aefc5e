//! Property-set files as upstream's sycl-post-link writes them read back and re-write byte for byte.

use sycl_props::property_set::{DeviceGlobalInfo, PropertySetRegistry, SpecConstDescriptor};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn round_trip(name: &str) -> PropertySetRegistry {
    let text = fixture(name);
    let reg = PropertySetRegistry::parse(&text).unwrap();
    let mut out = Vec::new();
    reg.write(&mut out).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        text,
        "{name} did not re-write byte for byte"
    );
    reg
}

#[test]
fn spec_constants_with_padding() {
    let reg = round_trip("upstream-spec-const-padding.prop");
    assert_eq!(reg.devicelib_req_mask(), Some(0));
    assert_eq!(reg.aspects(), Some(vec![]));
    let sc = reg.spec_constants();
    assert_eq!(
        sc,
        vec![
            (
                "9d329ad59055e972____ZL12StructSpecId",
                vec![SpecConstDescriptor {
                    id: 0,
                    offset: 0,
                    size: 8
                }]
            ),
            (
                "9d329ad59055e972____ZL10BoolSpecId",
                vec![SpecConstDescriptor {
                    id: 1,
                    offset: 0,
                    size: 1
                }]
            ),
        ]
    );
    // Upstream's test explains the blob: 72 bits = i32 20, 'c', three padding bytes, then `true`.
    assert_eq!(
        reg.spec_const_default_values(),
        Some(&[0x14, 0, 0, 0, 0x63, 0, 0, 0, 1][..])
    );
}

#[test]
fn device_globals() {
    let reg = round_trip("upstream-device-globals.prop");
    let dg = reg.device_globals();
    assert_eq!(dg.len(), 4);
    assert_eq!(
        dg[0],
        (
            "6da74a122db9f35d____ZL7dg_int1",
            DeviceGlobalInfo {
                size: 4,
                device_image_scope: false
            }
        )
    );
    assert_eq!(
        dg[3],
        (
            "dda2bad52c45c432____ZL8dg_bool4",
            DeviceGlobalInfo {
                size: 1,
                device_image_scope: true
            }
        )
    );
    // Building the same values gives the same text.
    let mut built = PropertySetRegistry::new();
    for (name, info) in &dg {
        built.add("SYCL/device globals", *name, info.to_value());
    }
    assert_eq!(built.get("SYCL/device globals"), reg.get("SYCL/device globals"));
}

#[test]
fn aspects() {
    let reg = round_trip("upstream-aspects.prop");
    assert_eq!(reg.aspects(), Some(vec![0, 1, 6, 9, 12]));
}
