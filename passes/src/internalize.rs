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
//!
//! LLVM's rules kept here: members of `@llvm.used` and a few fixed names
//! (`__stack_chk_fail`, ...) keep their linkage, members of
//! `@llvm.compiler.used` do not (the list keeps them alive); a comdat stays
//! visible only if the predicate preserves one of its members, names do not
//! count there.

use std::collections::{HashMap, HashSet};

use sycl_ir::{Linkage, Module, Value, Visibility};
use sycl_split::entry_points::{
    can_be_imported, is_kernel, ATTR_ENTRY_POINT, ATTR_INDIRECTLY_CALLABLE, ATTR_REFERENCED_INDIRECTLY,
};

/// Names LLVM's Internalize always keeps, besides the members of
/// `@llvm.used`. Members of `@llvm.compiler.used` are not among them: LLVM
/// internalizes those (the list itself keeps them alive).
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
    v.has_fn_attr(ATTR_ENTRY_POINT)
        || v.has_fn_attr(ATTR_INDIRECTLY_CALLABLE)
        || v.has_fn_attr(ATTR_REFERENCED_INDIRECTLY)
}

/// Internalizes `m`. Returns true if anything changed.
pub fn internalize(m: &Module<'_>, dynamic_linking: bool) -> bool {
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
    // Comdat id -> (members, any member externally visible). As in LLVM, this
    // is computed before the always-preserved names are known, so only the
    // predicate (and declarations, dllexport, ...) keeps a comdat visible.
    let no_names = HashSet::new();
    let mut comdats: HashMap<usize, (usize, bool)> = HashMap::new();
    for &v in functions.iter().chain(&globals).chain(&aliases) {
        if let Some(c) = v.comdat_id() {
            let e = comdats.entry(c).or_insert((0, false));
            e.0 += 1;
            if should_preserve(v, &no_names) {
                e.1 = true;
            }
        }
    }
    let mut always: HashSet<String> = ALWAYS_PRESERVED.iter().map(|n| (*n).to_string()).collect();
    if let Some(g) = m.global("llvm.used") {
        for e in g.initializer().map(|i| i.operands()).unwrap_or_default() {
            always.insert(e.strip_pointer_casts().name());
        }
    }

    let mut changed = false;
    let mut maybe_internalize = |v: Value<'_>| {
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
            if v.has_local_linkage() || should_preserve(v, &always) {
                return;
            }
        }
        v.set_visibility(Visibility::LLVMDefaultVisibility);
        v.set_linkage(Linkage::LLVMInternalLinkage);
        changed = true;
    };
    for &v in functions.iter().chain(&globals).chain(&aliases) {
        maybe_internalize(v);
    }
    changed
}
