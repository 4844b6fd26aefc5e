//! `ESIMDOptimizeVecArgCallConv` (intel/llvm
//! llvm/lib/SYCLLowerIR/ESIMD/ESIMDOptimizeVecArgCallConv.cpp), run by the
//! ESIMD lowering pipeline after `LowerESIMD`: `simd` objects (vectors, or
//! single-member structures around one) that non-kernel functions take or
//! return by pointer are passed by value instead, where the data flow
//! allows:
//! ```text
//! define void @f(ptr sret(%simd) %ret, ptr %p) {      define <16 x float> @f(<16 x float> %0) {
//!   %v = load <16 x float>, ptr %p                      %1 = alloca <16 x float>, align 64
//!   ...                                        ==>      store <16 x float> %0, ptr %1, align 64
//!   store <16 x float> %r, ptr %ret                     %2 = alloca <16 x float>, align 64
//!   ret void                                            %v = load <16 x float>, ptr %1 ...
//! }                                                     store <16 x float> %r, ptr %2
//!                                                       %3 = load <16 x float>, ptr %2
//! call void @f(ptr %res, ptr %arg)                      ret <16 x float> %3
//!                                                     }
//!                                                     %4 = load <16 x float>, ptr %arg
//!                                                     %5 = call <16 x float> @f(<16 x float> %4)
//!                                                     store <16 x float> %5, ptr %res
//! ```
//! A parameter qualifies when it is an `sret` of such a type, or only loaded
//! as such a vector (through casts, never stored to or escaping), and every
//! use of the function is a direct call whose actual argument is a local
//! variable only stored to with that type (`sret` arguments need not be
//! local variables). Kernels and declarations are left alone. The new
//! function takes the old one's name and is appended to the module; its
//! parameters are unnamed (LLVM's `CloneFunctionInto`). Local variables in
//! another address space than the parameter's are cast to it.

use std::collections::HashSet;

use sycl_ir::{Builder, CallConv, CastOp, Module, Type, TypeKind, Value};

use crate::PassError;

/// The vector a `simd`-like type holds: the type itself for a vector, the
/// innermost member of a chain of single-member structures ending in a
/// vector (upstream's `getVectorTyOrNull`).
fn vector_type_of(t: Type<'_>) -> Option<Type<'_>> {
    let mut t = t;
    loop {
        match t.kind() {
            TypeKind::Vector => return Some(t),
            TypeKind::Struct => {
                let members = t.struct_elements();
                if members.len() != 1 {
                    return None;
                }
                t = members[0];
            }
            _ => return None,
        }
    }
}

/// The non-cast users of `v` through `bitcast`/`addrspacecast`.
fn uses_through_casts<'c>(v: Value<'c>, out: &mut Vec<(Value<'c>, Value<'c>)>) {
    for u in v.users() {
        if u.is_pointer_cast_op() {
            uses_through_casts(u, out);
        } else {
            out.push((u, v));
        }
    }
}

/// Upstream's `getMemTypeIfSameAddressLoadsStores`: the vector type that
/// the uses load or store (all the same up to `simd` wrappers), with
/// whether a load and a store were met; `None` when another use is met
/// (unless `other_use_ok` accepts it) or the address escapes.
fn mem_type<'c>(
    uses: &[(Value<'c>, Value<'c>)],
    other_use_ok: &dyn Fn(Value<'c>) -> bool,
) -> (Option<Type<'c>>, bool, bool) {
    let (mut load, mut store) = (false, false);
    let Some(&(_, first)) = uses.first() else {
        return (None, false, false);
    };
    let addr = first.strip_pointer_casts();
    let mut content: Option<Type<'c>> = None;
    let same =
        |a: Type<'c>, b: Type<'c>| a == b || (vector_type_of(a).is_some() && vector_type_of(a) == vector_type_of(b));
    for &(user, _) in uses {
        let t = if user.is_load() {
            load |= content.is_none();
            Some(user.ty())
        } else if user.is_store() {
            if user.operand(1).map(|p| p.strip_pointer_casts()) != Some(addr) {
                return (None, load, store);
            }
            store |= content.is_none();
            user.operand(0).map(|v| v.ty())
        } else {
            None
        };
        match (t, content) {
            (Some(t), None) => {
                content = Some(t);
                continue;
            }
            (Some(t), Some(c)) if !same(c, t) => return (None, load, store),
            _ => {}
        }
        if !other_use_ok(user) {
            return (None, load, store);
        }
    }
    (content.and_then(vector_type_of), load, store)
}

/// Upstream's `getPointedToTypeIfOptimizeable` for parameter `index` of `f`.
fn optimizable_param<'c>(f: Value<'c>, index: u32) -> Option<Type<'c>> {
    let p = f.param(index);
    if !matches!(p.ty().kind(), TypeKind::Pointer(_)) {
        return None;
    }
    let sret = f.param_struct_ret_type(index);
    let mut uses = Vec::new();
    uses_through_casts(p, &mut uses);
    let (mut content, load, store) = mem_type(&uses, &|_| false);
    if let Some(st) = sret {
        let sret_vec = vector_type_of(st);
        match content {
            None => content = sret_vec,
            Some(c) if Some(c) != sret_vec => return None,
            _ => {}
        }
    } else if store || !load {
        return None;
    }
    let content = content?;
    for u in f.users() {
        if !(u.is_call() && u.called_value() == Some(f)) {
            return None;
        }
        let actual = u.operand(index)?.strip_pointer_casts();
        if sret.is_none() && !actual.is_alloca() {
            return None;
        }
        let mut actual_uses = Vec::new();
        uses_through_casts(actual, &mut actual_uses);
        let ok = |user: Value<'c>| user.is_call() && user.called_value() == Some(f);
        let (t, _, store) = mem_type(&actual_uses, &ok);
        if (t.is_some() && t != Some(content)) || (sret.is_none() && !store) {
            return None;
        }
    }
    Some(content)
}

/// An optimizable parameter: its position, the vector passed by value and
/// whether it is the `sret` result.
#[derive(Debug, Clone, Copy)]
struct ParamInfo<'c> {
    index: u32,
    ty: Type<'c>,
    sret: bool,
}

/// Rewrites `f` and its calls; returns whether it did (then `f`, left
/// without body or uses, is to be erased).
fn process_function<'c>(m: &Module<'c>, f: Value<'c>) -> bool {
    if f.is_declaration() || f.call_conv() == CallConv::SpirKernel {
        return false;
    }
    let old_types = f.param_types();
    let mut params = Vec::new();
    let mut new_types = Vec::new();
    for (i, &t) in old_types.iter().enumerate() {
        let index = i as u32;
        match optimizable_param(f, index) {
            Some(ty) => {
                let sret = f.param_struct_ret_type(index).is_some();
                params.push(ParamInfo { index, ty, sret });
                if !sret {
                    new_types.push(ty);
                }
            }
            None => new_types.push(t),
        }
    }
    if params.is_empty() {
        return false;
    }
    // Every use of `f` is a call of it (`optimizable_param`); a call that
    // also passes `f` as an argument would be listed twice below (and
    // erased twice), and its new call would keep `f` in use: left as is.
    let calls = f.users();
    let mut seen = HashSet::new();
    if !calls.iter().all(|c| seen.insert(*c)) {
        return false;
    }
    let sret = params.iter().find(|p| p.sret).copied();
    let new_index = |old: u32| match sret {
        Some(s) if old > s.index => old - 1,
        _ => old,
    };
    let ty = m.types();
    let ret = match sret {
        Some(s) => s.ty,
        None => f.global_value_type().return_type(),
    };
    let name = f.name();
    let new_f = m.add_function(&name, ty.function(ret, &new_types, false));
    new_f.copy_function_properties_from(f);
    let optimized = |i: u32| params.iter().any(|p| p.index == i);
    for i in 0..old_types.len() as u32 {
        if !optimized(i) {
            new_f.copy_param_attributes(f, i, new_index(i));
        }
    }
    f.move_body_into(new_f);
    let Some(first) = new_f.entry_first_instruction() else {
        return false;
    };
    let b = Builder::before_without_location(m, first);
    let alloca_space = m.alloca_addr_space();
    let mut sret_slot = None;
    for p in &params {
        let align = m.pref_align(p.ty);
        let slot = b.alloca(p.ty, align, "");
        let old_param = f.param(p.index);
        let mut replacement = slot;
        if let TypeKind::Pointer(space) = old_param.ty().kind() {
            if space != alloca_space {
                replacement = b.cast(CastOp::AddrSpaceCast, slot, old_param.ty(), "");
            }
        }
        old_param.replace_all_uses_with(replacement);
        if p.sret {
            sret_slot = Some(slot);
        } else {
            b.store(new_f.param(new_index(p.index)), slot, align);
        }
    }
    for i in 0..old_types.len() as u32 {
        if !optimized(i) {
            f.param(i).replace_all_uses_with(new_f.param(new_index(i)));
        }
    }
    if let (Some(s), Some(slot)) = (sret, sret_slot) {
        for r in new_f.instructions().into_iter().filter(|i| i.is_return()) {
            let rb = Builder::before(m, r);
            let v = rb.load(s.ty, slot, 0, "");
            rb.ret(v);
            // SAFETY: a `ret` (no result, so no uses), replaced by the one
            // built before it; the list of them is not read again.
            unsafe { r.erase_instruction() };
        }
    }
    for call in calls {
        let b = Builder::before(m, call);
        let ops = call.operands();
        let mut args = Vec::new();
        for (i, &a) in ops[..old_types.len()].iter().enumerate() {
            match params.iter().find(|p| p.index == i as u32) {
                Some(p) if p.sret => {}
                Some(p) => args.push(b.load(p.ty, a, 0, "")),
                None => args.push(a),
            }
        }
        let new_call = b.call(new_f, &args, "");
        new_call.copy_call_flags(call);
        match sret {
            Some(s) => {
                b.store(new_call, ops[s.index as usize], 0);
            }
            None => call.replace_all_uses_with(new_call),
        }
        // SAFETY: its uses moved to `new_call` (with an `sret` result it
        // returns `void`: the verifier's rule); `calls` holds each call
        // once (checked above) and is consumed by this loop.
        unsafe { call.erase_instruction() };
    }
    f.set_name("");
    new_f.set_name(&name);
    true
}

/// Runs the pass on every function of `m`; returns whether one changed.
pub fn optimize_vec_arg_call_conv(m: &Module<'_>) -> Result<bool, PassError> {
    let mut done = Vec::new();
    for f in m.functions() {
        if process_function(m, f) {
            done.push(f);
        }
    }
    let changed = !done.is_empty();
    for f in done {
        // SAFETY: `process_function` left `f` without body and without
        // uses (its calls rewritten, its parameters' uses replaced); each
        // function is in `done` once, which is consumed here.
        unsafe { f.erase_function() };
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sycl_ir::Context;

    #[test]
    fn a_function_passed_to_its_own_call_is_kept() {
        let ir = r#"
define spir_func void @caller(<8 x i32> %x) {
  %a = alloca <8 x i32>
  store <8 x i32> %x, ptr %a
  call spir_func void @twice(ptr %a, ptr @twice)
  ret void
}
define internal spir_func void @twice(ptr %in, ptr %fp) {
  %v = load <8 x i32>, ptr %in
  ret void
}
"#;
        let ctx = Context::new();
        let m = ctx.parse_ir(ir.as_bytes(), "t.ll").expect("parse");
        assert!(!optimize_vec_arg_call_conv(&m).expect("pass"));
        m.verify().expect("verify");
        let text = m.to_text();
        assert!(
            text.contains("call spir_func void @twice(ptr %a, ptr @twice)"),
            "{text}"
        );
    }
}
