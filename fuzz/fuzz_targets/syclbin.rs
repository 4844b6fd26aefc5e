//! SYCLBIN reader (bare or inside an offload binary): never panics or reads out of bounds; whatever it
//! accepts survives write → read unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sycl_props::syclbin::Syclbin;

fuzz_target!(|data: &[u8]| {
    let _ = Syclbin::read_layout(data);
    if let Ok(bin) = Syclbin::parse_any(data) {
        let bytes = bin.to_bytes().expect("a read SYCLBIN can be written");
        let back = Syclbin::parse(&bytes).expect("written SYCLBIN must read back");
        assert_eq!(back, bin);
        assert_eq!(back.to_bytes().expect("write"), bytes);
    }
});
