//! SYCLBIN version 2 reader, fed well-formed offload binaries built from the input so that the fuzzer
//! explores roles, `am_index` values, payload framing and metadata rather than the container: never panics;
//! whatever it accepts survives write → read unchanged.
//!
//! Input: per entry, a role byte (0-3 known roles, 4 none, else garbage text), an `am_index` byte (255 = no
//! index, 254 = a non-decimal value), a flags byte (bit 0: image kind other than SYCLBIN, bit 1: a
//! `sycl_format_version` other than 2), a length byte, then that many image bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sycl_props::offload_binary::{write_v2, ImageKind, OffloadBinary, OffloadKind};
use sycl_props::syclbin::{Format, SyclbinFile};
use sycl_props::syclbin_v2;

fuzz_target!(|data: &[u8]| {
    let mut entries = Vec::new();
    let mut rest = data;
    while let [role, index, flags, len, tail @ ..] = rest {
        let n = (*len as usize).min(tail.len());
        let kind = if flags & 1 != 0 { ImageKind::SPIRV } else { ImageKind::SYCLBIN };
        let mut e = OffloadBinary::new(kind, OffloadKind::SYCL, tail[..n].to_vec());
        let version = if flags & 2 != 0 { "3" } else { "2" };
        e = e.with_string("sycl_format_version", version);
        match role {
            0 => e = e.with_string("role", "global_metadata"),
            1 => e = e.with_string("role", "am_metadata"),
            2 => e = e.with_string("role", "ir"),
            3 => e = e.with_string("role", "native"),
            4 => {}
            r => e = e.with_string("role", format!("r{r}")),
        }
        match index {
            255 => {}
            254 => e = e.with_string("am_index", "-1"),
            i => e = e.with_string("am_index", i.to_string()),
        }
        entries.push(e);
        rest = &tail[n..];
    }
    if entries.is_empty() {
        return;
    }
    let bytes = write_v2(&entries).expect("entries without NUL keys can be written");
    let _ = syclbin_v2::read(&entries);
    let Ok(file) = SyclbinFile::read(&bytes) else {
        return;
    };
    if matches!(file.format, Format::V2 { .. }) {
        let written = file.syclbin.to_bytes_v2().expect("a read SYCLBIN v2 can be written");
        let back = SyclbinFile::read(&written).expect("written SYCLBIN v2 must read back");
        assert_eq!(back.syclbin, file.syclbin);
        assert!(matches!(back.format, Format::V2 { .. }));
    }
});
