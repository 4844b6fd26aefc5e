//! What upstream's `ESIMDOptimizeVecArgCallConv` (intel/llvm
//! llvm/lib/SYCLLowerIR/ESIMD/ESIMDOptimizeVecArgCallConv.cpp) would
//! rewrite in an ESIMD module, found so that the ESIMD lowering pipeline can
//! refuse it: this project does not implement that rewrite yet, and an
//! ESIMD image whose signatures differ from upstream's is not produced.
//!
//! Upstream passes `simd` objects (vectors, or single-element structures
//! around one) by value instead of by pointer where the data flow allows:
//! ```text
//! define void @f(ptr sret(%simd) %ret, ptr %p) {      define <16 x float> @f(<16 x float> %v) {
//!   %v = load <16 x float>, ptr %p                      %p = alloca <16 x float>
//!   ...                                        ==>      store <16 x float> %v, ptr %p
//!   store <16 x float> %r, ptr %ret                     %ret = alloca <16 x float>
//!   ret void                                            ...
//! }                                                     %r2 = load <16 x float>, ptr %ret
//!                                                       ret <16 x float> %r2
//!                                                     }
//! ```
//! (callers load the argument and store the result). A parameter qualifies
//! when it is an `sret` of such a type, or only loaded as such a vector
//! (through casts, never stored to or escaping), and every use of the
//! function is a direct call whose actual argument is a local variable only
//! stored to with that type (`sret` arguments need not be local variables).
//! Kernels are never rewritten.

use sycl_ir::{CallConv, Type, TypeKind, Value};

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

/// The first function of `functions` with a parameter upstream's
/// `ESIMDOptimizeVecArgCallConv` would pass by value, with that parameter's
/// position.
pub fn find_vec_arg_candidate<'c>(functions: &[Value<'c>]) -> Option<(Value<'c>, u32)> {
    functions
        .iter()
        .filter(|f| !f.is_declaration() && f.call_conv() != CallConv::SpirKernel)
        .find_map(|&f| {
            (0..f.param_count())
                .find(|&i| optimizable_param(f, i).is_some())
                .map(|i| (f, i))
        })
}
