//! `ESIMDLowerLoadStore`: `llvm.genx.vload`/`llvm.genx.vstore` calls that do
//! not access a `genx_volatile` global become plain loads and stores
//! (upstream `ESIMDLowerLoadStorePass`, intel/llvm
//! llvm/lib/SYCLLowerIR/ESIMD/LowerESIMDVLoadVStore.cpp), run by the ESIMD
//! lowering pipeline after the vector-argument calling convention.
//!
//! Those that do access one (the address with its pointer casts stripped is
//! the global) keep the intrinsic, but when the address is in another
//! address space than the global it is cast back to the global's (LLVM's
//! folder removes the cast pair) and the intrinsic re-declared for it, so
//! the back end sees the global itself.
//!
//! ```text
//! %v = call <8 x i32> @llvm.genx.vload.v8i32.p4(ptr addrspace(4) %p)
//! call void @llvm.genx.vstore.v16f32.p4(<16 x float> %x, ptr addrspace(4) addrspacecast (ptr @vol to ptr addrspace(4)))
//! ==>
//! %v1 = load <8 x i32>, ptr addrspace(4) %p, align 32
//! call void @llvm.genx.vstore.v16f32.p0(<16 x float> %x, ptr @vol)
//! ```

use sycl_ir::{Builder, CastOp, Module, TypeKind, Value};

use crate::esimd::globals::GENX_VOLATILE;
use crate::PassError;

const VLOAD: &str = "llvm.genx.vload";
const VSTORE: &str = "llvm.genx.vstore";

fn is_intrinsic(name: &str, base: &str) -> bool {
    name == base || name.strip_prefix(base).is_some_and(|r| r.starts_with('.'))
}

/// Runs the pass; returns whether the module changed.
pub fn lower_load_store(m: &Module<'_>) -> Result<bool, PassError> {
    let mut erase = Vec::new();
    for f in m.functions() {
        if f.is_declaration() {
            continue;
        }
        for inst in f.instructions() {
            if !inst.is_call() {
                continue;
            }
            let Some(callee) = inst.called_function() else { continue };
            let name = callee.name();
            let store = is_intrinsic(&name, VSTORE);
            if !store && !is_intrinsic(&name, VLOAD) {
                continue;
            }
            if lower_one(m, inst, store)? {
                erase.push(inst);
            }
        }
    }
    let changed = !erase.is_empty();
    for i in erase {
        // SAFETY: `lower_one` replaced the uses of a load, and refused a
        // store with uses; each instruction was visited once, so listed
        // once, and `erase` is consumed here.
        unsafe { i.erase_instruction() };
    }
    Ok(changed)
}

/// Rewrites one vload/vstore; true when `inst` is to be erased.
fn lower_one<'c>(m: &Module<'c>, inst: Value<'c>, store: bool) -> Result<bool, PassError> {
    let ops = inst.operands();
    let bad = || {
        PassError::Message(format!(
            "ESIMDLowerLoadStore: malformed call of '{}'",
            inst.callee_name()
        ))
    };
    // A store goes without a replacement: one whose result is used (a
    // declaration that is not `void`) is refused.
    if store && !inst.has_no_uses() {
        return Err(bad());
    }
    let (ptr, value) = if store {
        (*ops.get(1).ok_or_else(bad)?, ops.first().copied())
    } else {
        (*ops.first().ok_or_else(bad)?, None)
    };
    let TypeKind::Pointer(from_space) = ptr.ty().kind() else {
        return Err(bad());
    };
    let base = ptr.strip_pointer_casts();
    let volatile = base.is_global_variable() && base.global_attr(GENX_VOLATILE).is_some();
    let b = Builder::before(m, inst);
    if !volatile {
        if let Some(v) = value {
            b.store(v, ptr, 0);
        } else {
            let l = b.load(inst.ty(), ptr, 0, &inst.name());
            inst.replace_all_uses_with(l);
        }
        return Ok(true);
    }
    let TypeKind::Pointer(global_space) = base.ty().kind() else {
        return Ok(false);
    };
    if global_space == from_space {
        return Ok(false);
    }
    let ty = m.types();
    let cast = b.cast(CastOp::AddrSpaceCast, ptr, ty.ptr(global_space), "");
    let data_ty = match value {
        Some(v) => v.ty(),
        None => inst.ty(),
    };
    let suffix = |t: sycl_ir::Type<'c>| t.intrinsic_suffix().ok_or_else(bad);
    let decl_name = format!(
        "{}.{}.{}",
        if store { VSTORE } else { VLOAD },
        suffix(data_ty)?,
        suffix(cast.ty())?
    );
    let fn_ty = match value {
        Some(v) => ty.function(ty.void(), &[v.ty(), cast.ty()], false),
        None => ty.function(inst.ty(), &[cast.ty()], false),
    };
    let decl = match m.function(&decl_name) {
        Some(d) if d.global_value_type() == fn_ty => d,
        Some(_) => return Err(bad()),
        None => {
            let d = m.add_function(&decl_name, fn_ty);
            d.add_enum_fn_attr("nounwind");
            d
        }
    };
    match value {
        Some(v) => {
            b.call(decl, &[v, cast], "");
        }
        None => {
            let l = b.call(decl, &[cast], &inst.name());
            inst.replace_all_uses_with(l);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sycl_ir::Context;

    #[test]
    fn a_used_result_of_a_vstore_is_refused() {
        let ir = r#"
declare i32 @llvm.genx.vstore.v4i32.p0(<4 x i32>, ptr)
define void @f(ptr %p) {
  %r = call i32 @llvm.genx.vstore.v4i32.p0(<4 x i32> zeroinitializer, ptr %p)
  %s = add i32 %r, 1
  ret void
}
"#;
        let ctx = Context::new();
        let m = ctx.parse_ir(ir.as_bytes(), "t.ll").expect("parse");
        let e = lower_load_store(&m).expect_err("refused");
        assert!(e.to_string().contains("malformed call"), "{e}");
    }
}
