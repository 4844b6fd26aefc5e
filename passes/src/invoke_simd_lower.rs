//! `SYCLLowerInvokeSimd` (intel/llvm llvm/lib/SYCLLowerIR/LowerInvokeSimd.cpp),
//! run by sycl-post-link before splitting: lowers the
//! `__builtin_invoke_simd(helper, f, args...)` calls that `invoke_simd`
//! leaves in SYCL code.
//!
//! For each call, the helper (the library's `simd_func_call_helper`, which
//! converts the arguments and calls `f` through a pointer) becomes an ESIMD
//! function (`!sycl_explicit_simd`, `!intel_reqd_sub_group_size !{i32 1}`,
//! `weak_odr`, `"VCStackCall"`). When the target `f` can be deduced (a
//! function, possibly through a parameter that every caller passes the same
//! function to), it gets `"__invoke_simd_target"`, the helper is cloned
//! without its `f` parameter and calls the target directly (the clone's name
//! is the helper's made unique, `.` replaced by `_`), and the builtin call is
//! rebuilt without the `f` argument on a new declaration of the builtin
//! (parameter attributes shifted left by one, no return attributes, as
//! upstream). Helpers left without uses are erased.
//!
//! Before and after:
//! ```text
//! %r = call i32 @_Z33__regcall3____builtin_invoke_simd1(ptr @helper, ptr @esimd_f, i32 %x)
//! define linkonce_odr <16 x i32> @helper(ptr %f, <16 x i32> %v) {
//!   %c = call <16 x i32> %f(<16 x i32> %v) ...
//! ==>
//! %1 = call i32 @_Z33__regcall3____builtin_invoke_simd1_1(ptr @helper_1, i32 %x)
//! define weak_odr <16 x i32> @helper_1(<16 x i32> %v) #0 !sycl_explicit_simd !0 !intel_reqd_sub_group_size !1 {
//!   %c = call <16 x i32> @esimd_f(<16 x i32> %v) ...
//! attributes #0 = { "VCStackCall" }
//! ```
//!
//! Not supported (an error, where upstream would transform): a target
//! address that flows through memory (stored to a local variable), a helper
//! that does not call its first parameter directly, and targets taking
//! pointer arguments (upstream rewrites their address spaces).

use std::collections::HashSet;

use sycl_ir::{Linkage, MdOperand, Module, TypeKind, Value, ValueKind};

use crate::invoke_simd_linkage::INVOKE_SIMD_DIRECT_TARGET_ATTR;
use crate::PassError;

/// The mangled-name prefix of the builtin.
pub const INVOKE_SIMD_PREFIX: &str = "_Z33__regcall3____builtin_invoke_simd";

fn not_supported(what: impl std::fmt::Display) -> PassError {
    PassError::Message(format!("invoke_simd lowering: {what}: not supported"))
}

/// Upstream's `fixFunctionName`: IGC does not accept `.` in function names.
fn fix_function_name(f: Value<'_>) {
    for _ in 0..5 {
        let name = f.name();
        if !name.contains('.') {
            return;
        }
        f.set_name(&name.replace('.', "_"));
    }
}

fn mark_as_esimd(m: &Module<'_>, f: Value<'_>) {
    let esimd = m.md_kind_for_write("sycl_explicit_simd");
    if f.metadata(esimd).is_none() {
        f.set_metadata(esimd, m.md_node(&[]));
    }
    let sg = m.md_kind_for_write("intel_reqd_sub_group_size");
    if f.metadata(sg).is_none() {
        let ty = m.types();
        let one = MdOperand::Value(ty.const_int(ty.int(32), 1));
        f.set_metadata(sg, m.md_node(&[one]));
    }
}

/// The one function `v` can hold, if it can be deduced.
fn deduce_function<'c>(v: Value<'c>, visited: &mut HashSet<Value<'c>>) -> Result<Option<Value<'c>>, PassError> {
    let v = v.strip_pointer_casts();
    if v.is_function() {
        return Ok(Some(v));
    }
    if let Some((parent, index)) = v.argument_parent() {
        if !visited.insert(parent) {
            return Ok(None);
        }
        let mut found: Option<Value<'c>> = None;
        for u in parent.users() {
            if !(u.is_call() && u.called_value() == Some(parent)) {
                return Err(not_supported(format!(
                    "a use of '{}' other than a call, on the data flow of an invoke_simd target",
                    parent.name()
                )));
            }
            let actual = u.operand(index).ok_or_else(|| not_supported("invoke_simd call"))?;
            match deduce_function(actual, visited)? {
                Some(f) if found.is_none() || found == Some(f) => found = Some(f),
                _ => return Ok(None),
            }
        }
        return Ok(found);
    }
    if v.is_load() {
        return Err(not_supported(
            "an invoke_simd target read from memory (SYCLLowerInvokeSimd's stored-value analysis)",
        ));
    }
    Ok(None)
}

/// The call in `helper` of its first parameter.
fn call_of_first_param<'c>(helper: Value<'c>) -> Result<Value<'c>, PassError> {
    let target = helper.param(0);
    let users = target.users();
    match users[..] {
        [u] if u.is_call() && u.called_value() == Some(target) => Ok(u),
        _ => Err(not_supported(format!(
            "invoke_simd helper '{}' whose first parameter is not called directly",
            helper.name()
        ))),
    }
}

fn process_call<'c>(m: &Module<'c>, call: Value<'c>, helpers: &mut Vec<Value<'c>>) -> Result<bool, PassError> {
    let ops = call.operands();
    let helper = ops
        .first()
        .map(|h| h.strip_pointer_casts())
        .filter(|h| h.is_function() && !h.is_declaration())
        .ok_or_else(|| not_supported("an invoke_simd call whose helper is not a defined function"))?;
    mark_as_esimd(m, helper);
    helper.set_linkage(Linkage::LLVMWeakODRLinkage);
    if !helper.has_fn_attr("VCStackCall") {
        helper.add_fn_attr("VCStackCall", "");
    }
    let Some(target) = deduce_function(ops[1], &mut HashSet::new())? else {
        return Ok(false);
    };
    if !target.has_fn_attr(INVOKE_SIMD_DIRECT_TARGET_ATTR) {
        target.add_fn_attr(INVOKE_SIMD_DIRECT_TARGET_ATTR, "");
    }
    let n_args = call.arg_count() as usize;
    if !target.is_declaration()
        && ops[2..n_args]
            .iter()
            .any(|a| matches!(a.ty().kind(), TypeKind::Pointer(_)))
    {
        return Err(not_supported(format!(
            "pointer arguments of invoke_simd target '{}' (address space adjustment)",
            target.name()
        )));
    }
    let inner = call_of_first_param(helper)?;
    if inner.called_function_type() != target.global_value_type() {
        return Err(not_supported(format!(
            "invoke_simd target '{}' whose type differs from the helper's call",
            target.name()
        )));
    }
    let (clone, inner_copy) = helper.clone_dropping_param(0, inner);
    let inner_copy = inner_copy.ok_or_else(|| not_supported("invoke_simd helper clone"))?;
    inner_copy.set_called_operand(target);
    fix_function_name(clone);

    // The builtin without its `f` parameter.
    let builtin = call
        .called_function()
        .ok_or_else(|| not_supported("an indirect invoke_simd call"))?;
    let ty = m.types();
    let old_params = builtin.param_types();
    let helper_ptr = match old_params.first().map(|t| t.kind()) {
        Some(TypeKind::Pointer(a)) => ty.ptr(a),
        _ => {
            return Err(not_supported(
                "an invoke_simd builtin whose first parameter is not a pointer",
            ))
        }
    };
    let mut params = vec![helper_ptr];
    params.extend(old_params.iter().skip(2).copied());
    let ret = builtin.global_value_type().return_type();
    let new_builtin = m.add_function(&builtin.name(), ty.function(ret, &params, false));
    new_builtin.set_linkage(builtin.linkage());
    fix_function_name(new_builtin);
    new_builtin.copy_attributes_shifted(builtin, 1);

    let mut args = vec![clone];
    args.extend(ops[2..n_args].iter().copied());
    let b = sycl_ir::OpBuilder::before(m, call);
    let new_call = b.call(new_builtin, &args, "");
    new_call.copy_call_attributes_shifted(call, 1);
    call.replace_all_uses_with(new_call);
    call.erase_instruction();
    if !helpers.contains(&helper) {
        helpers.push(helper);
    }
    Ok(true)
}

/// Runs the pass; returns whether a call was lowered.
pub fn lower_invoke_simd(m: &Module<'_>) -> Result<bool, PassError> {
    let mut calls = Vec::new();
    for f in m.functions() {
        if !f.is_declaration() || !f.name().starts_with(INVOKE_SIMD_PREFIX) {
            continue;
        }
        for u in f.users() {
            if !u.is_call() || u.kind() != ValueKind::Instruction {
                return Err(not_supported(format!("a use of '{}' other than a call", f.name())));
            }
            if !calls.contains(&u) {
                calls.push(u);
            }
        }
    }
    let mut helpers = Vec::new();
    let mut modified = false;
    for c in calls {
        modified |= process_call(m, c, &mut helpers)?;
    }
    for h in helpers {
        if h.has_no_uses() {
            h.erase_function();
        }
    }
    Ok(modified)
}
