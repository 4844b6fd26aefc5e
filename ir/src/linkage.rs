//! The numbering of LLVM's C++ `GlobalValue::LinkageTypes`, which differs
//! from the C API's `LLVMLinkage`. Upstream tools write these numbers into
//! IR (for example `"__sycl_orig_linkage"="3"` for `linkonce_odr`), so reading
//! and writing them needs the C++ numbering.

use crate::value::Linkage;

/// `GlobalValue::LinkageTypes` in enum order: the index is the C++ number.
const CPP_ORDER: [Linkage; 11] = [
    Linkage::LLVMExternalLinkage,
    Linkage::LLVMAvailableExternallyLinkage,
    Linkage::LLVMLinkOnceAnyLinkage,
    Linkage::LLVMLinkOnceODRLinkage,
    Linkage::LLVMWeakAnyLinkage,
    Linkage::LLVMWeakODRLinkage,
    Linkage::LLVMAppendingLinkage,
    Linkage::LLVMInternalLinkage,
    Linkage::LLVMPrivateLinkage,
    Linkage::LLVMExternalWeakLinkage,
    Linkage::LLVMCommonLinkage,
];

/// The C++ `GlobalValue::LinkageTypes` number of `l`, or `None` for the C
/// API's legacy linkages that C++ no longer has (they are never returned by
/// [`crate::Value::linkage`]).
pub fn linkage_to_cpp(l: Linkage) -> Option<u32> {
    CPP_ORDER.iter().position(|&x| x == l).map(|i| i as u32)
}

/// The linkage whose C++ `GlobalValue::LinkageTypes` number is `n`.
pub fn linkage_from_cpp(n: u32) -> Option<Linkage> {
    CPP_ORDER.get(n as usize).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpp_numbers_round_trip() {
        assert_eq!(linkage_to_cpp(Linkage::LLVMLinkOnceODRLinkage), Some(3));
        assert_eq!(linkage_to_cpp(Linkage::LLVMLinkOnceAnyLinkage), Some(2));
        assert_eq!(linkage_to_cpp(Linkage::LLVMWeakODRLinkage), Some(5));
        assert_eq!(linkage_from_cpp(7), Some(Linkage::LLVMInternalLinkage));
        assert_eq!(linkage_from_cpp(11), None);
        for n in 0..11 {
            assert_eq!(linkage_from_cpp(n).and_then(linkage_to_cpp), Some(n));
        }
    }
}
