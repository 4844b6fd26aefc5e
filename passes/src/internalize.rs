//! Internalization of a device image, with LLVM's Internalize semantics and
//! SYCL's "must preserve" rule (reference 4.2).
//!
//! Before (normal mode; `@kernel` is this image's entry point):
//! ```llvm
//! define spir_kernel void @kernel() #0 { call spir_func void @helper() ... }
//! define spir_func void @helper() #1 { ... }
//! attributes #0 = { "sycl-entry-point" }
//! ```
//! After:
//! ```llvm
//! define spir_kernel void @kernel() #0 { ... }
//! define internal spir_func void @helper() #1 { ... }
//! ```
//! Only functions are candidates; global variables and aliases keep their
//! linkage. In dynamic-linking mode kernels and importable (SYCL_EXTERNAL)
//! functions are preserved instead of the image's entry points.

use std::collections::{HashMap, HashSet};

use sycl_ir::{Linkage, Module, Value, Visibility};
use sycl_split::entry_points::{
    can_be_imported, is_kernel, ATTR_ENTRY_POINT, ATTR_INDIRECTLY_CALLABLE, ATTR_REFERENCED_INDIRECTLY,
};

/// Names LLVM's Internalize always keeps.
const ALWAYS_PRESERVED: &[&str] = &[
    "llvm.used",
    "llvm.compiler.used",
    "llvm.global_ctors",
    "llvm.global_dtors",
    "llvm.global.annotations",
    "__stack_chk_fail",
    "__stack_chk_guard",
];

/// SYCL's predicate: must this global value keep its linkage?
fn must_preserve(v: Value<'_>, dynamic_linking: bool) -> bool {
    if !v.is_function() {
        return true;
    }
    if dynamic_linking {
        return is_kernel(v) || can_be_imported(v, true);
    }
    v.has_fn_attr(ATTR_ENTRY_POINT) || v.has_fn_attr(ATTR_INDIRECTLY_CALLABLE) || v.has_fn_attr(ATTR_REFERENCED_INDIRECTLY)
}

/// Internalizes `m`. Returns true if anything changed.
pub fn internalize(m: &Module<'_>, dynamic_linking: bool) -> bool {
    let mut always: HashSet<String> = HashSet::new();
    for list in ["llvm.used", "llvm.compiler.used"] {
        if let Some(g) = m.global(list) {
            for e in g.initializer().map(|i| i.operands()).unwrap_or_default() {
                always.insert(e.strip_pointer_casts().name());
            }
        }
    }
    let should_preserve = |v: Value<'_>, always: &HashSet<String>| -> bool {
        if v.is_declaration() || v.linkage() == Linkage::LLVMAvailableExternallyLinkage || v.is_dll_export() {
            return true;
        }
        if v.is_externally_initialized() {
            return true;
        }
        if v.has_local_linkage() {
            return false;
        }
        if always.contains(&v.name()) {
            return true;
        }
        must_preserve(v, dynamic_linking)
    };

    let functions = m.functions();
    let globals = m.globals();
    let aliases = m.aliases();
    // Comdat id -> (members, any member externally visible).
    let mut comdats: HashMap<usize, (usize, bool)> = HashMap::new();
    for &v in functions.iter().chain(&globals).chain(&aliases) {
        if let Some(c) = v.comdat_id() {
            let e = comdats.entry(c).or_insert((0, false));
            e.0 += 1;
            if should_preserve(v, &always) {
                e.1 = true;
            }
        }
    }

    let mut changed = false;
    let mut maybe_internalize = |v: Value<'_>, always: &HashSet<String>| {
        if let Some(c) = v.comdat_id() {
            let (size, external) = comdats.get(&c).copied().unwrap_or((1, false));
            if external {
                return;
            }
            if v.kind() != sycl_ir::ValueKind::GlobalAlias {
                if size == 1 {
                    v.clear_comdat();
                } else {
                    v.set_comdat_nodeduplicate();
                }
            }
            if v.has_local_linkage() {
                return;
            }
        } else {
            if v.has_local_linkage() || should_preserve(v, always) {
                return;
            }
        }
        v.set_visibility(Visibility::LLVMDefaultVisibility);
        v.set_linkage(Linkage::LLVMInternalLinkage);
        changed = true;
    };
    for &f in &functions {
        maybe_internalize(f, &always);
    }
    for n in ALWAYS_PRESERVED {
        always.insert((*n).to_string());
    }
    for &g in globals.iter().chain(&aliases) {
        maybe_internalize(g, &always);
    }
    changed
}
