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
//! The target is followed through casts, parameters and local variables
//! that only ever hold one function (the data flow at `-O0`), in the caller
//! and in the helper, as upstream does. A defined target's pointer
//! parameters are cast, where it uses them, to the address space of the
//! pointer the call passes (the source of a cast to the generic space).

use std::collections::HashSet;

use sycl_ir::{Linkage, MdOperand, Module, TypeKind, Value, ValueKind};

use crate::esimd::invoke_simd_linkage::INVOKE_SIMD_DIRECT_TARGET_ATTR;
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
    let esimd = m.md_kind_for_write(sycl_split::esimd::ESIMD_MARKER_MD);
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

/// The non-cast users of `v`, looking through `bitcast`/`addrspacecast`,
/// each with the value it uses (upstream's `collectUsesLookThroughCasts`).
fn uses_through_casts<'c>(v: Value<'c>, out: &mut Vec<(Value<'c>, Value<'c>)>) {
    for u in v.users() {
        if u.is_pointer_cast_op() {
            uses_through_casts(u, out);
        } else if !out.contains(&(u, v)) {
            out.push((u, v));
        }
    }
}

fn is_invoke_simd_call(call: Value<'_>) -> bool {
    call.called_function()
        .is_some_and(|f| f.name().starts_with(INVOKE_SIMD_PREFIX))
}

/// The values that can be stored at `addr`, a local variable (upstream's
/// `collectPossibleStoredVals` with calls other than `__builtin_invoke_simd`
/// taking the address as escapes); `None` when they cannot be known.
fn possible_stored_values<'c>(addr: Value<'c>, depth: u32) -> Option<Vec<Value<'c>>> {
    let var = addr.strip_pointer_casts();
    if !var.is_alloca() || depth > 16 {
        return None;
    }
    let mut uses = Vec::new();
    uses_through_casts(var, &mut uses);
    let mut vals: Vec<Value<'c>> = Vec::new();
    for (user, used) in uses {
        if user.is_store() {
            if user.operand(1) != Some(used) {
                return None;
            }
            let v = user.operand(0)?.strip_pointer_casts();
            if v.is_load() {
                for w in possible_stored_values(v.operand(0)?, depth + 1)? {
                    if !vals.contains(&w) {
                        vals.push(w);
                    }
                }
            } else if !vals.contains(&v) {
                vals.push(v);
            }
        } else if user.is_call() {
            if !is_invoke_simd_call(user) {
                return None;
            }
        } else if !user.is_load() {
            return None;
        }
    }
    Some(vals)
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
        return match v.operand(0).and_then(|a| possible_stored_values(a, 0)).as_deref() {
            Some([one]) => deduce_function(*one, visited),
            _ => Ok(None),
        };
    }
    Ok(None)
}

/// The uses of `v` looking through casts and through local variables that
/// only ever hold `v` (upstream's `collectUsesLookTrhoughMemAndCasts`);
/// `None` when `v` flows elsewhere.
fn uses_through_memory<'c>(v: Value<'c>) -> Option<Vec<(Value<'c>, Value<'c>)>> {
    let mut direct = Vec::new();
    uses_through_casts(v, &mut direct);
    let mut out = Vec::new();
    for (user, used) in direct {
        if !user.is_store() {
            out.push((user, used));
            continue;
        }
        let addr = user.operand(1)?.strip_pointer_casts();
        if !addr.is_alloca() || possible_stored_values(addr, 0)? != vec![v] {
            return None;
        }
        let mut addr_uses = Vec::new();
        uses_through_casts(addr, &mut addr_uses);
        for (au, _) in addr_uses {
            if au.is_store() {
                if au != user {
                    return None;
                }
            } else if au.is_load() {
                uses_through_casts(au, &mut out);
            } else {
                return None;
            }
        }
    }
    Some(out)
}

/// The generic address space (SPIR).
const GENERIC_ADDRESS_SPACE: u32 = 4;

/// Upstream's `adjustAddressSpace`: every use of parameter `arg_no` of `f`
/// by an instruction other than an `addrspacecast` to `space` (or a call of
/// a defined function, which is adjusted in turn for that parameter) gets
/// the parameter cast to `ptr addrspace(space)` instead, so that the target
/// sees the address space of the pointer the caller passed.
fn adjust_address_space<'c>(
    m: &Module<'c>,
    f: Value<'c>,
    arg_no: u32,
    space: u32,
    seen: &mut HashSet<(Value<'c>, u32)>,
) {
    if !seen.insert((f, arg_no)) {
        return;
    }
    let arg = f.param(arg_no);
    let ty = m.types();
    for user in arg.users() {
        if user.kind() != ValueKind::Instruction {
            continue;
        }
        if user.is_addrspacecast_inst() && user.ty().kind() == TypeKind::Pointer(space) {
            continue;
        }
        let ops = user.operands();
        if user.is_call() {
            let Some(callee) = user.called_function().filter(|c| !c.is_declaration()) else {
                continue;
            };
            for (i, _) in ops.iter().enumerate().filter(|(_, o)| **o == arg) {
                adjust_address_space(m, callee, i as u32, space, seen);
            }
            continue;
        }
        for (i, _) in ops.iter().enumerate().filter(|(_, o)| **o == arg) {
            let cast = sycl_ir::Builder::before(m, user).cast(sycl_ir::CastOp::AddrSpaceCast, arg, ty.ptr(space), "");
            user.set_operand(i as u32, cast);
        }
    }
}

/// The call in `helper` of its first parameter.
fn call_of_first_param<'c>(helper: Value<'c>) -> Result<Value<'c>, PassError> {
    let target = helper.param(0);
    let broken = || {
        not_supported(format!(
            "invoke_simd helper '{}' whose first parameter does not reach a call (simd_func_call_helper broken)",
            helper.name()
        ))
    };
    uses_through_memory(target)
        .ok_or_else(broken)?
        .into_iter()
        .find(|(u, used)| u.is_call() && u.called_value() == Some(*used))
        .map(|(u, _)| u)
        .ok_or_else(broken)
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
    if !target.is_declaration() {
        for (i, a) in ops[2..n_args].iter().enumerate() {
            let TypeKind::Pointer(mut space) = a.ty().kind() else {
                continue;
            };
            if space == GENERIC_ADDRESS_SPACE {
                if !a.is_addrspacecast_inst() {
                    continue;
                }
                let TypeKind::Pointer(from) = a.operands()[0].ty().kind() else {
                    continue;
                };
                space = from;
            }
            adjust_address_space(m, target, i as u32, space, &mut HashSet::new());
        }
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
    let b = sycl_ir::Builder::before(m, call);
    let new_call = b.call(new_builtin, &args, "");
    new_call.copy_call_attributes_shifted(call, 1);
    call.replace_all_uses_with(new_call);
    // SAFETY: its uses moved to `new_call` just above; `lower_invoke_simd`
    // lists each call once and does not look at this one again.
    unsafe { call.erase_instruction() };
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
            // SAFETY: a function without uses, listed once in `helpers`,
            // which is consumed here; no handle into it is kept.
            unsafe { h.erase_function() };
        }
    }
    Ok(modified)
}
