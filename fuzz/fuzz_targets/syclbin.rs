//! SYCLBIN reader for every form (bare v1, v1 in an offload binary v1 or v2, SYCLBIN v2): never panics or
//! reads out of bounds; whatever it accepts survives write → read unchanged in every form, and writing is
//! stable.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sycl_props::syclbin::{dump, Packaging, Syclbin, SyclbinFile};

fuzz_target!(|data: &[u8]| {
    let _ = Syclbin::read_layout(data);
    let Ok(file) = SyclbinFile::read(data) else {
        return;
    };
    dump(data).expect("a readable SYCLBIN can be dumped");
    let bin = file.syclbin;
    for p in Packaging::ALL {
        let bytes = bin.write_as(p, [("triple", "spir64")]).expect("a read SYCLBIN can be written");
        let back = SyclbinFile::read(&bytes).expect("written SYCLBIN must read back");
        assert_eq!(back.syclbin, bin, "{p:?}");
        assert_eq!(back.syclbin.write_as(p, [("triple", "spir64")]).expect("write"), bytes);
    }
});
