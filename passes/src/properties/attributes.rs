//! How the analyses read function attributes and metadata, as upstream's
//! `getAttributeAsInteger` and `StringRef::getAsInteger` do: the helpers
//! every property-set file shares, kept apart from `mod.rs` so that the
//! files import them and not the module that runs them.

use sycl_ir::{Module, Value};

/// Upstream's `StringRef::getAsInteger` for unsigned types, radix 10: only
/// ASCII digits, at least one, and the value must fit.
pub fn parse_u32(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// Upstream's `StringRef::getAsInteger` for `int`, radix 10: an optional
/// `-`, then only ASCII digits, and the value must fit.
pub fn parse_i32(s: &str) -> Option<i32> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// Upstream's `getAttributeAsInteger<uint32_t>`: the value of a string
/// attribute as `u32`, 0 when it is not a number (upstream asserts in debug
/// builds and leaves 0 in release builds).
pub fn attr_as_u32(value: &str) -> u32 {
    parse_u32(value).unwrap_or(0)
}

/// The metadata node of kind `kind` attached to `f`.
pub(crate) fn md_of<'c>(m: &Module<'c>, f: Value<'c>, kind: &str) -> Option<Value<'c>> {
    f.metadata(m.md_kind(kind))
}
