//! `LowerESIMDKernelAttrs` (upstream `SYCLFixupESIMDKernelWrapperMDPass`,
//! intel/llvm llvm/lib/SYCLLowerIR/ESIMD/LowerESIMDKernelAttrs.cpp), run by
//! sycl-post-link before splitting: every function that reaches an ESIMD
//! function (marked `!sycl_explicit_simd`) through direct calls gets the
//! marker too, so that a SYCL kernel wrapping an ESIMD kernel is split with
//! the ESIMD code. Other uses of a function (its address stored, passed to a
//! call, `invoke_simd`) are not followed: upstream's newest filter refuses
//! them all, since it cannot tell whether the address reaches `invoke_simd`.
//!
//! Before and after:
//! ```text
//! define spir_kernel void @wrapper() {          define spir_kernel void @wrapper() !sycl_explicit_simd !0 {
//!   call spir_func void @esimd_kernel_body()      call spir_func void @esimd_kernel_body()
//!   ret void                               ==>    ret void
//! }                                             }
//! define spir_func void @esimd_kernel_body() !sycl_explicit_simd !0 { ... }
//! ```

use std::collections::HashSet;

use sycl_ir::{Module, Value, MD_KIND_ABSENT};

use sycl_split::esimd::ESIMD_MARKER_MD as ESIMD_MD;

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
            if !is_esimd(cur) {
                cur.set_metadata(write_kind, m.md_node(&[]));
                changed = true;
            }
            for u in cur.users() {
                if u.is_call() && u.called_value() == Some(cur) {
                    work.extend(u.parent_function());
                }
            }
        }
    }
    changed
}
