//! The `genx_volatile` and simd-object globals part of `LowerESIMD`
//! ([`crate::esimd::lower`]; upstream `collectGenXVolatileTypes`,
//! `lowerGlobalStores` and `lowerGlobalsToVector` in intel/llvm
//! llvm/lib/SYCLLowerIR/ESIMD/LowerESIMD.cpp).
//!
//! A `genx_volatile` global holds an ESIMD `simd` object the VC back end
//! keeps in registers: its accesses must stay `llvm.genx.vload`/`vstore`.
//! 1. The vector types of such globals are collected (a global of a
//!    `sycl::_V1::ext::intel::esimd::simd` class whose single member is the
//!    vector or a `detail::simd_obj_impl` holding it); `__esimd_vload` and
//!    `__esimd_vstore` of those types are then lowered through the GenX table
//!    rather than to plain loads and stores.
//! 2. Every plain `store` of one of those types (front ends insert them, after
//!    inline assembly for instance) becomes a call of a new `extern_weak`
//!    declaration `_Z14__esimd_vstorev` (one per store, renamed `.1`, `.2`...
//!    by LLVM), lowered like the ESIMD headers' own vstores.
//! 3. Every used global whose type is a chain of one-member structures
//!    around a vector (any simd object, volatile or not) is replaced by a
//!    global of the vector type under the same name.
//!
//! ```text
//! @va = global %"class.sycl::_V1::ext::intel::esimd::simd" zeroinitializer, align 64 #0 ; genx_volatile
//! store <16 x float> %v, ptr @va
//! ==>
//! @va = global <16 x float> zeroinitializer, align 64 #0
//! call void @llvm.genx.vstore.v16f32.p0(<16 x float> %v, ptr @va)
//! ```

use std::collections::HashSet;

use sycl_ir::{Builder, CallConv, Linkage, Module, Type, TypeKind, Value};

use crate::PassError;

/// The attribute of register-allocated ESIMD globals.
pub const GENX_VOLATILE: &str = "genx_volatile";
/// The declaration upstream gives the vstores it inserts.
pub const INSERTED_VSTORE: &str = "_Z14__esimd_vstorev";

const SIMD_CLASS: &str = "sycl::_V1::ext::intel::esimd::simd";
const SIMD_OBJ_IMPL_CLASS: &str = "sycl::_V1::ext::intel::esimd::detail::simd_obj_impl";

/// True if the module has a `genx_volatile` global.
pub fn has_genx_volatile(m: &Module<'_>) -> bool {
    m.globals().into_iter().any(|g| g.global_attr(GENX_VOLATILE).is_some())
}

/// The struct's name without LLVM's `.N` uniquing suffixes, as upstream
/// trims it.
fn base_struct_name(t: Type<'_>) -> String {
    t.struct_name()
        .trim_end_matches(|c: char| c == '.' || c.is_ascii_digit())
        .to_string()
}

/// The vector types of the `genx_volatile` simd-object globals.
pub fn genx_volatile_types<'c>(m: &Module<'c>) -> Result<HashSet<Type<'c>>, PassError> {
    let mut out = HashSet::new();
    for g in m.globals() {
        if g.global_attr(GENX_VOLATILE).is_none() {
            continue;
        }
        let t = g.global_value_type();
        if t.kind() != TypeKind::Struct || !base_struct_name(t).ends_with(SIMD_CLASS) {
            continue;
        }
        let bad = || {
            PassError::Message(format!(
                "ESIMD lowering: genx_volatile global '{}': not a simd object holding one vector",
                g.name()
            ))
        };
        let [mut inner] = t.struct_elements()[..] else {
            return Err(bad());
        };
        if inner.kind() == TypeKind::Struct {
            if !base_struct_name(inner).ends_with(SIMD_OBJ_IMPL_CLASS) {
                return Err(bad());
            }
            inner = *inner.struct_elements().first().ok_or_else(bad)?;
        }
        if inner.kind() != TypeKind::Vector {
            return Err(bad());
        }
        out.insert(inner);
    }
    Ok(out)
}

/// Replaces every `store` of a value of one of `types` by a call of a new
/// `_Z14__esimd_vstorev` declaration (upstream `lowerGlobalStores`).
pub fn lower_global_stores<'c>(m: &Module<'c>, types: &HashSet<Type<'c>>) {
    if types.is_empty() {
        return;
    }
    let ty = m.types();
    let mut erase = Vec::new();
    for f in m.functions() {
        for inst in f.instructions() {
            if !inst.is_store() {
                continue;
            }
            let ops = inst.operands();
            let (v, p) = (ops[0], ops[1]);
            if !types.contains(&v.ty()) {
                continue;
            }
            let decl = m.add_function(INSERTED_VSTORE, ty.function(ty.void(), &[p.ty(), v.ty()], false));
            decl.set_linkage(Linkage::LLVMExternalWeakLinkage);
            decl.add_enum_fn_attr("nounwind");
            decl.add_enum_fn_attr("convergent");
            decl.set_dso_local(true);
            decl.set_call_conv(CallConv::SpirFunc);
            Builder::before(m, inst).call(decl, &[p, v], "");
            erase.push(inst);
        }
    }
    for i in erase {
        // SAFETY: a store (no result, so no uses), listed once (each
        // instruction is visited once) and replaced by the call built
        // before it; `erase` is consumed here.
        unsafe { i.erase_instruction() };
    }
}

/// The vector a chain of one-member structures holds (upstream
/// `getVectorTyOrNull`).
fn wrapped_vector(t: Type<'_>) -> Option<Type<'_>> {
    let mut cur = t;
    let mut found = None;
    while cur.kind() == TypeKind::Struct {
        let [inner] = cur.struct_elements()[..] else { break };
        found = Some(inner);
        cur = inner;
    }
    found.filter(|v| v.kind() == TypeKind::Vector)
}

/// Replaces every used global of a simd-object type by a global of its
/// vector type (upstream `lowerGlobalsToVector`); returns whether any was.
pub fn lower_globals_to_vector(m: &Module<'_>) -> bool {
    let todo: Vec<(Value<'_>, Type<'_>)> = m
        .globals()
        .into_iter()
        .filter(|g| !g.has_no_uses())
        .filter_map(|g| Some((g, wrapped_vector(g.global_value_type())?)))
        .collect();
    for (g, v) in &todo {
        // SAFETY: each global of `todo` once (from `m.globals()`); its uses
        // move to the new global, and neither it nor a constant expression
        // that used it is looked at again (`todo` is only counted after).
        unsafe { g.retype_global(*v) };
    }
    !todo.is_empty()
}
