//! Removal of `@llvm.used`, and of device globals from `@llvm.compiler.used`
//! for SPIR targets (upstream's SYCL "remove llvm.used" step and
//! device-global pruning; reference 3.10).
//!
//! Before:
//! ```llvm
//! @llvm.used = appending global [2 x ptr] [ptr @foo, ptr @decl], section "llvm.metadata"
//! declare void @decl()
//! ```
//! After (the unused declaration is erased too):
//! ```llvm
//! ; no @llvm.used, no @decl
//! ```

use std::collections::HashSet;

use sycl_ir::{CallConv, Module, Value};

use crate::PassError;

/// Erases `@llvm.used`. Returns true if the module changed.
pub fn remove_llvm_used(m: &Module<'_>) -> Result<bool, PassError> {
    let Some(used) = m.global("llvm.used") else {
        return Ok(false);
    };
    // The verifier allows no use of `@llvm.used`; a pass could have left one.
    if !used.has_no_uses() {
        return Err(PassError::Message("Unexpected llvm.used users".into()));
    }
    let init = used.initializer();
    // Each element once, with the global it names, read before anything is
    // destroyed: an element listed twice would otherwise be looked at after
    // its first occurrence destroyed it (or erased the declaration it is).
    // Distinct elements are then neither built on one another nor name the
    // same global: all have the array's element type, and LLVM folds a
    // constant chain of pointer casts that ends in the type it started from
    // (`addrspacecast (addrspacecast @f to ptr addrspace(4)) to ptr` is
    // `ptr @f`).
    let elements: Vec<(Value<'_>, Value<'_>)> = distinct(init.map(|i| i.operands()).unwrap_or_default())
        .into_iter()
        .map(|e| (e, e.strip_pointer_casts()))
        .collect();
    // SAFETY: no uses (checked above); `used` is not read again.
    unsafe { used.erase_global() };
    if let Some(init) = init {
        // SAFETY: `init` is not read again; what else goes are dead
        // constants built on it, none held here (the elements are its
        // operands, not its users, and stay).
        unsafe { init.destroy_if_dead_constant() };
    }
    for (e, target) in elements {
        if e != target {
            // SAFETY: `e` is in `elements` once and not read again; what
            // goes with it (its dead users) is no other element (see
            // `elements`) and never a global, so never a `target`.
            unsafe { e.destroy_if_dead_constant() };
        }
        if !target.is_function() {
            continue;
        }
        if target.call_conv() == CallConv::SpirKernel && !target.has_no_uses() {
            return Err(PassError::Message("Unexpected usage of SYCL kernel".into()));
        }
        if target.is_declaration() && target.has_no_uses() {
            // SAFETY: a declaration without uses, named by this element
            // only (see `elements`); `elements` is consumed by this loop.
            unsafe { target.erase_global() };
        }
    }
    Ok(true)
}

/// `values` without repetitions, in first-occurrence order.
fn distinct(values: Vec<Value<'_>>) -> Vec<Value<'_>> {
    let mut seen = HashSet::new();
    values.into_iter().filter(|v| seen.insert(*v)).collect()
}

/// For SPIR targets, rebuilds `@llvm.compiler.used` without device globals
/// (globals with attribute `sycl-device-global-size`). Returns true if the
/// module changed.
pub fn remove_device_globals_from_compiler_used(m: &Module<'_>) -> bool {
    if !m.triple().contains("spir") {
        return false;
    }
    let Some(used) = m.global("llvm.compiler.used") else {
        return false;
    };
    // The verifier allows no use of `@llvm.compiler.used`; a pass could have
    // left one.
    if !used.has_no_uses() {
        return false;
    }
    let elements: Vec<Value<'_>> = used.initializer().map(|i| i.operands()).unwrap_or_default();
    let is_device_global = |v: Value<'_>| {
        v.strip_pointer_casts().is_global_variable()
            && v.strip_pointer_casts().global_attr("sycl-device-global-size").is_some()
    };
    if !elements.iter().any(|&e| is_device_global(e)) {
        return false;
    }
    let keep: Vec<Value<'_>> = elements.iter().copied().filter(|&e| !is_device_global(e)).collect();
    // Each device global once: one listed twice would be looked at after
    // its first occurrence erased it.
    let removed = distinct(
        elements
            .iter()
            .copied()
            .filter(|&e| is_device_global(e))
            .map(|e| e.strip_pointer_casts())
            .collect(),
    );
    let section = "llvm.metadata";
    let old_init = used.initializer();
    // SAFETY: no uses (checked above); `used` is not read again.
    unsafe { used.erase_global() };
    if let Some(init) = old_init {
        // SAFETY: `old_init` is not read again; what else goes are dead
        // constants built on it, none held here (the elements, `keep`'s
        // too, are its operands, not its users, and stay).
        unsafe { init.destroy_if_dead_constant() };
    }
    if !keep.is_empty() {
        let ptr = keep[0].ty();
        let arr = m.types().const_array(ptr, &keep);
        let g = m.add_global("llvm.compiler.used", arr.ty(), 0);
        g.set_initializer(arr);
        g.set_linkage(sycl_ir::Linkage::LLVMAppendingLinkage);
        g.set_section(section);
    }
    for r in removed {
        // The pointer casts that pointed at it from the old array are now
        // dead constants: they must not keep an otherwise unused device
        // global alive.
        // SAFETY: what goes are dead constants that use `r`, such as the
        // casts of `elements`, which is not read again (nor is `keep`, which
        // built the new array above).
        unsafe { r.remove_dead_constant_users() };
        if r.has_no_uses() {
            // SAFETY: a global without uses; `removed` holds each once and
            // is consumed by this loop.
            unsafe { r.erase_global() };
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use sycl_ir::Context;

    fn run(ir: &str, pass: impl Fn(&Module<'_>)) -> String {
        let ctx = Context::new();
        let m = ctx.parse_ir(ir.as_bytes(), "t.ll").expect("parse");
        pass(&m);
        m.verify().expect("verify");
        m.to_text()
    }

    #[test]
    fn an_element_listed_twice_is_removed_once() {
        let text = run(
            r#"
target triple = "spir64-unknown-unknown"
@llvm.used = appending global [4 x ptr addrspace(4)] [
  ptr addrspace(4) addrspacecast (ptr @decl to ptr addrspace(4)),
  ptr addrspace(4) addrspacecast (ptr @decl to ptr addrspace(4)),
  ptr addrspace(4) addrspacecast (ptr @k to ptr addrspace(4)),
  ptr addrspace(4) addrspacecast (ptr @k to ptr addrspace(4))], section "llvm.metadata"
declare void @decl()
define spir_kernel void @k() {
  ret void
}
"#,
            |m| assert!(remove_llvm_used(m).expect("pass")),
        );
        assert!(!text.contains("llvm.used") && !text.contains("@decl"), "{text}");
        assert!(text.contains("define spir_kernel void @k()"), "{text}");
    }

    #[test]
    fn a_device_global_listed_twice_is_removed_once() {
        let text = run(
            r#"
target triple = "spir64-unknown-unknown"
@dg = internal addrspace(1) global i32 0 #0
@other = addrspace(1) global i32 0
@llvm.compiler.used = appending global [3 x ptr addrspace(4)] [
  ptr addrspace(4) addrspacecast (ptr addrspace(1) @dg to ptr addrspace(4)),
  ptr addrspace(4) addrspacecast (ptr addrspace(1) @other to ptr addrspace(4)),
  ptr addrspace(4) addrspacecast (ptr addrspace(1) @dg to ptr addrspace(4))], section "llvm.metadata"
attributes #0 = { "sycl-device-global-size"="4" }
"#,
            |m| assert!(remove_device_globals_from_compiler_used(m)),
        );
        assert!(!text.contains("@dg"), "{text}");
        assert!(
            text.contains("@llvm.compiler.used = appending global [1 x ptr addrspace(4)]"),
            "{text}"
        );
    }
}
