//! `LowerESIMDKernelAttrs` (upstream `SYCLFixupESIMDKernelWrapperMDPass`,
//! intel/llvm llvm/lib/SYCLLowerIR/ESIMD/LowerESIMDKernelAttrs.cpp), run by
//! sycl-post-link before splitting: the kernels that the SYCL runtime's
//! range rounding wraps around an ESIMD kernel body
//! (`typeinfo name for sycl::_V1::detail::RoundedRangeKernel<…>`) get the
//! ESIMD marker (`!sycl_explicit_simd`), so that the wrapper is split with
//! the ESIMD code.
//!
//! Only those wrappers are marked, as in the revision of the pass that
//! Intel's 2026 post-link code behaves as: a kernel that reaches an ESIMD
//! function any other way (a direct call to an ESIMD `SYCL_EXTERNAL`
//! function, a helper in between) stays SYCL, and its image is split into
//! SYCL and ESIMD parts like any mixed one (`-split=kernel -symbols` on a
//! SYCL kernel calling an ESIMD function gives a SYCL image declaring it).
//! Other revisions of the pass marked every caller; outputs recorded from
//! Intel's code show they are not what it runs.
//!
//! The walk goes up from each ESIMD function as upstream's
//! `traverseCallgraphUp(…, ErrorOnNonCallUse=false)` does: through calls
//! whose callee it is, and through other instructions using it (a store of
//! its address) to their function; not through a call that only passes it
//! as an argument (`invoke_simd`), nor through constants.
//!
//! Before and after:
//! ```text
//! define spir_kernel void @_ZTSN4sycl3_V16detail18RoundedRangeKernel…()      … !sycl_explicit_simd !0 {
//!   call spir_func void @esimd_kernel_body()                             ==>   (unchanged)
//! define spir_func void @esimd_kernel_body() !sycl_explicit_simd !0 { … }
//! ```

use std::collections::HashSet;

use sycl_ir::{Module, Value, MD_KIND_ABSENT};

use sycl_split::entry_points::{demangle, is_kernel};
use sycl_split::esimd::ESIMD_MARKER_MD as ESIMD_MD;

/// What the demangled name of a range-rounding wrapper contains.
const ROUNDED_RANGE_KERNEL: &str = "sycl::_V1::detail::RoundedRangeKernel<";

/// True if `name` is an Itanium special name (`_ZT…`: typeinfo, vtable,
/// thunks; `_ZG…`: guard variables, reference temporaries), without a
/// `.suffix`, whose demangling names a `RoundedRangeKernel`: what upstream
/// checks with `itanium_demangle::Node::KSpecialName`.
pub fn is_rounded_range_wrapper_name(name: &str) -> bool {
    let special = name.starts_with("_ZT") || name.starts_with("_ZG");
    special && !name.contains('.') && demangle(name).is_some_and(|d| d.contains(ROUNDED_RANGE_KERNEL))
}

/// Runs the pass; returns whether a function was marked.
pub fn fixup_esimd_kernel_wrappers(m: &Module<'_>) -> bool {
    let kind = m.md_kind(ESIMD_MD);
    if kind == MD_KIND_ABSENT {
        return false;
    }
    let is_esimd = |f: Value<'_>| f.metadata(kind).is_some();
    let mut changed = false;
    let write_kind = m.md_kind_for_write(ESIMD_MD);
    for f in m.functions() {
        if !is_esimd(f) {
            continue;
        }
        let mut visited = HashSet::new();
        let mut work = vec![f];
        while let Some(cur) = work.pop() {
            if !visited.insert(cur) {
                continue;
            }
            if !is_esimd(cur) && is_kernel(cur) && is_rounded_range_wrapper_name(&cur.name()) {
                cur.set_metadata(write_kind, m.md_node(&[]));
                changed = true;
            }
            for u in cur.users() {
                if u.is_call() && u.called_value() != Some(cur) {
                    continue;
                }
                work.extend(u.parent_function());
            }
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::is_rounded_range_wrapper_name;

    #[test]
    fn rounded_range_wrapper_names() {
        let wrapper = "_ZTSN4sycl3_V16detail18RoundedRangeKernelINS0_4itemILi1ELb1EEELi1E8kernel_1EE";
        assert!(is_rounded_range_wrapper_name(wrapper));
        // A kernel name that is not a special name, a suffixed one, and a
        // special name of another type are not wrappers.
        assert!(!is_rounded_range_wrapper_name("_Z6kernelv"));
        assert!(!is_rounded_range_wrapper_name(&format!("{wrapper}.1")));
        assert!(!is_rounded_range_wrapper_name("_ZTSZ4mainE3Foo"));
        assert!(!is_rounded_range_wrapper_name("sycl_kernel"));
    }
}
