//! Offload-binary reader: never panics or reads out of bounds; whatever it accepts survives write → read.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sycl_props::offload_binary::{write_all, OffloadBinary};

fuzz_target!(|data: &[u8]| {
    if let Ok(all) = OffloadBinary::parse_all(data) {
        let bytes = write_all(&all).expect("a read offload binary can be written");
        let back = OffloadBinary::parse_all(&bytes).expect("written offload binary must read back");
        assert_eq!(back, all);
        assert_eq!(write_all(&back).expect("write"), bytes);
    }
});
