//! Offload-binary reader (versions 1 and 2): never panics or reads out of bounds; whatever it accepts
//! survives write → read in its own version, and writing is stable.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sycl_props::offload_binary::{Container, OffloadBinary};

fuzz_target!(|data: &[u8]| {
    let Ok(all) = Container::parse_all(data) else {
        return;
    };
    let flat = OffloadBinary::parse_all(data).expect("the flat reader accepts what the container reader accepts");
    assert_eq!(flat.len(), all.iter().map(|c| c.entries.len()).sum::<usize>());
    for c in &all {
        let bytes = c.to_bytes().expect("a read offload binary can be written");
        assert_eq!(bytes.len() % 8, 0);
        let back = Container::parse_all(&bytes).expect("written offload binary must read back");
        assert_eq!(back, vec![c.clone()]);
        assert_eq!(back[0].to_bytes().expect("write"), bytes);
    }
});
