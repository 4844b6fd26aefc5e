//! Cleanup of a device image after extraction (reference 3.6): virtual
//! functions, entry-point marking, internalization, dead-code removal and
//! the SYCL named metadata that refers to functions.
//!
//! Before (image of kernel `@k`, extracted from a module that also had `@k2`):
//! ```llvm
//! define spir_kernel void @k() { call void @h() ... }
//! define spir_func void @h() { ... }
//! declare spir_kernel void @k2()
//! !spirv.ExecutionMode = !{!0, !1}
//! !0 = !{ptr @k, i32 31}
//! !1 = !{ptr @k2, i32 31}
//! ```
//! After:
//! ```llvm
//! define spir_kernel void @k() #0 { call void @h() ... }
//! define internal spir_func void @h() { ... }
//! !spirv.ExecutionMode = !{!0}
//! attributes #0 = { "sycl-entry-point" }
//! ```

use sycl_ir::{Linkage, MdOperand, Module, Value};
use sycl_split::entry_points::{ATTR_ENTRY_POINT, ATTR_INDIRECTLY_CALLABLE};

use crate::internalize::internalize;
use crate::PassError;

/// What cleanup needs to know about the image.
#[derive(Debug, Clone, Copy)]
pub struct CleanupOptions {
    /// Dynamic-linking mode.
    pub dynamic_linking: bool,
    /// The image's group contains an `indirectly-callable` entry point.
    pub has_virtual_functions: bool,
}

/// Cleans up `m`, whose entry points are named `entry_points`.
pub fn cleanup(m: &Module<'_>, entry_points: &[String], opts: CleanupOptions) -> Result<(), PassError> {
    // 1. Virtual functions.
    for f in m.functions() {
        if !f.has_fn_attr(ATTR_INDIRECTLY_CALLABLE) || f.is_declaration() {
            continue;
        }
        if opts.has_virtual_functions {
            f.set_linkage(Linkage::LLVMExternalLinkage);
        } else {
            // SAFETY: `f` is a function definition; no handle into its body
            // is held here (only the function handles of `m.functions()`,
            // which stay valid).
            unsafe { f.delete_body() };
            f.clear_comdat();
        }
    }
    // 2. Entry-point marking.
    if !opts.dynamic_linking {
        for name in entry_points {
            if let Some(f) = m.function(name) {
                f.add_fn_attr(ATTR_ENTRY_POINT, "");
            }
        }
    }
    // 3-6. Internalize, then LLVM's dead-code passes.
    internalize(m, opts.dynamic_linking);
    m.remove_dead_globals();
    // 7-8. SYCL named metadata.
    clean_execution_modes(m);
    clean_registered_kernels(m);
    Ok(())
}

/// Drops `spirv.ExecutionMode` operands whose function is gone or is an
/// unused declaration (which is erased).
fn clean_execution_modes(m: &Module<'_>) {
    const NAME: &str = "spirv.ExecutionMode";
    if !m.has_named_metadata(NAME) {
        return;
    }
    let nodes = m.named_metadata(NAME);
    let mut keep = Vec::new();
    let mut dead: Vec<Value<'_>> = Vec::new();
    for n in &nodes {
        let f = n.md_operands().first().and_then(|o| o.as_value());
        match f {
            None => continue,
            Some(f) if f.is_function() && f.is_declaration() && f.has_no_uses() => {
                if !dead.contains(&f) {
                    dead.push(f);
                }
            }
            Some(_) => keep.push(*n),
        }
    }
    if keep.len() != nodes.len() {
        m.set_named_metadata(NAME, &keep);
    }
    for f in dead {
        // Metadata references are not uses; erasing nulls them out in any
        // node we dropped.
        // SAFETY: `f` had no uses when listed, and nothing since made one;
        // `dead` holds each function once and is consumed here, and the
        // other handles to it (in `nodes`) are not used again.
        unsafe { f.erase_global() };
    }
}

/// Keeps only the `{!"name", !"mangled"}` pairs of `sycl_registered_kernels`
/// whose function exists in the module, as upstream's
/// `cleanupSYCLRegisteredKernels`: only the named metadata's **first**
/// operand is read, and the named metadata is left with that one filtered
/// list.
///
/// An image whose ESIMD and SYCL parts were linked back together has two
/// operands (one from each part, the ESIMD part's first); upstream keeps the
/// first, so the registrations of the SYCL part's kernels are lost there too,
/// and so here: the output is upstream's.
fn clean_registered_kernels(m: &Module<'_>) {
    const NAME: &str = "sycl_registered_kernels";
    let nodes = m.named_metadata(NAME);
    let Some(first) = nodes.first() else { return };
    let mut pairs = Vec::new();
    for op in first.md_operands() {
        let MdOperand::Node(pair) = op else { continue };
        let ops = pair.md_operands();
        if ops.len() != 2 {
            continue;
        }
        let Some(mangled) = ops[1].as_string() else { continue };
        if m.function(&mangled).is_some() {
            pairs.push(MdOperand::Node(pair));
        }
    }
    let list = m.md_node(&pairs);
    m.set_named_metadata(NAME, &[list]);
}
