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

use sycl_ir::{CallConv, Module, Value};

use crate::PassError;

/// Erases `@llvm.used`. Returns true if the module changed.
pub fn remove_llvm_used(m: &Module<'_>) -> Result<bool, PassError> {
    let Some(used) = m.global("llvm.used") else {
        return Ok(false);
    };
    let init = used.initializer();
    let elements: Vec<Value<'_>> = init.map(|i| i.operands()).unwrap_or_default();
    used.erase_global();
    if let Some(init) = init {
        init.destroy_if_dead_constant();
    }
    for e in elements {
        let target = e.strip_pointer_casts();
        if e != target {
            e.destroy_if_dead_constant();
        }
        if !target.is_function() {
            continue;
        }
        if target.call_conv() == CallConv::SpirKernel && !target.has_no_uses() {
            return Err(PassError::Message("Unexpected usage of SYCL kernel".into()));
        }
        if target.is_declaration() && target.has_no_uses() {
            target.erase_global();
        }
    }
    Ok(true)
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
    let elements: Vec<Value<'_>> = used.initializer().map(|i| i.operands()).unwrap_or_default();
    let is_device_global = |v: Value<'_>| {
        v.strip_pointer_casts().is_global_variable()
            && v.strip_pointer_casts().global_attr("sycl-device-global-size").is_some()
    };
    if !elements.iter().any(|&e| is_device_global(e)) {
        return false;
    }
    let keep: Vec<Value<'_>> = elements.iter().copied().filter(|&e| !is_device_global(e)).collect();
    let removed: Vec<Value<'_>> = elements
        .iter()
        .copied()
        .filter(|&e| is_device_global(e))
        .map(|e| e.strip_pointer_casts())
        .collect();
    let section = "llvm.metadata";
    let old_init = used.initializer();
    used.erase_global();
    if let Some(init) = old_init {
        init.destroy_if_dead_constant();
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
        r.remove_dead_constant_users();
        if r.has_no_uses() {
            r.erase_global();
        }
    }
    true
}
