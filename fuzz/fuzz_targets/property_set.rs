//! Property-set reader: never panics; whatever it accepts survives write → read unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sycl_props::property_set::{PropertySetRegistry, PropertyValue};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(reg) = PropertySetRegistry::parse_lenient(text) {
        let written = reg.to_text();
        let back = PropertySetRegistry::parse_lenient(&written).expect("written text must read back");
        assert_eq!(back, reg);
        assert_eq!(back.to_text(), written);
        assert_eq!(PropertySetRegistry::parse(text).is_ok(), !reg.is_empty());
    }
    // The value decoder on its own, with the line as a value.
    if let Ok(v) = PropertyValue::decode(text) {
        assert_eq!(PropertyValue::decode(&v.encode()), Ok(v));
    }
});
