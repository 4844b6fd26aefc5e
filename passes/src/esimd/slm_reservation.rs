//! `ESIMDLowerSLMReservationCalls`: lowers the SLM allocator scopes of ESIMD
//! code (upstream: intel/llvm llvm/lib/SYCLLowerIR/ESIMD/
//! LowerESIMDSlmReservation.cpp), run by the ESIMD lowering pipeline after
//! the vector-argument calling convention.
//!
//! An `esimd::experimental::slm_allocator` object opens a scope with
//! `%off = __esimd_slm_alloc(N)` (constant `N` bytes) and closes it with
//! `__esimd_slm_free(%off)`. The pass builds a "scoped" reverse call graph:
//! nodes for functions and for scopes, an edge from a node to the scope (or
//! function) it is called or opened in, scopes nested in the order of a
//! preorder walk of the blocks (a block before its successors, back edges
//! ignored). A kernel's `slm_init(N)` (`__esimd_slm_init`, or the
//! `llvm.genx.slm.init` it was lowered to) is a scope around the rest of the
//! function. Then, along every path from a scope up to the kernels:
//! - each `__esimd_slm_alloc` call becomes the constant offset of its block,
//!   the largest SLM frame any path to a kernel has below it; both scope
//!   calls go;
//! - each kernel reached gets the largest frame of its paths as its SLM size
//!   in `!genx.kernels` (when larger).
//!
//! `slm_init` calls stay (the module's `llvm.genx.slm.init` is the back
//! end's); a module without allocator scopes is left as it is.
//!
//! ```text
//! define spir_kernel void @k() {          ; slm_init(1024) before
//!   %a = call i32 @_Z17__esimd_slm_allocj(i32 64)
//!   call void @_Z16__esimd_slm_freej(i32 %a)
//! ==>
//!   (uses of %a are i32 1024; SLM size of @k in !genx.kernels: 1088)
//! ```
//!
//! Errors (upstream's diagnostics): a non-constant `__esimd_slm_alloc`, two
//! `slm_init` calls in one function, `slm_init` after an allocator or in a
//! function that is neither a kernel nor `SYCL_EXTERNAL`, a non-constant
//! `slm_init` with allocators, a `__esimd_slm_free` whose argument is not
//! one allocation, unbalanced scopes, recursion through a scope.

use std::collections::{BTreeMap, HashMap, HashSet};

use sycl_ir::{Module, Value};

use crate::esimd::lower::{is_esimd_kernel, set_kernel_md_op};
use crate::PassError;

const SLM_ALLOC_PREFIX: &str = "_Z17__esimd_slm_alloc";
const SLM_FREE_PREFIX: &str = "_Z16__esimd_slm_free";
const SLM_INIT_PREFIX: &str = "_Z16__esimd_slm_init";
const GENX_SLM_INIT: &str = "llvm.genx.slm.init";
/// Operand of the SLM size in a `!genx.kernels` node.
const SLM_SIZE_OP: usize = 3;

fn err(msg: String) -> PassError {
    PassError::Message(format!("ESIMDLowerSLMReservationCalls: {msg}"))
}

fn callee_name(call: Value<'_>) -> Option<String> {
    call.is_call()
        .then(|| call.called_function())
        .flatten()
        .map(|f| f.name())
}

fn is_alloc(call: Value<'_>) -> bool {
    callee_name(call).is_some_and(|n| n.starts_with(SLM_ALLOC_PREFIX))
}

/// A node of the scoped call graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Node<'c> {
    Func(Value<'c>),
    /// A scope, by the call that opens it (`slm_alloc` or `slm_init`).
    Scope(Value<'c>),
}

#[derive(Default)]
struct Graph<'c> {
    /// The nodes each node is called or opened in.
    preds: HashMap<Node<'c>, Vec<Node<'c>>>,
    /// Scopes in discovery order: (opening call, closing call).
    scopes: Vec<(Value<'c>, Option<Value<'c>>)>,
    has_alloc: bool,
}

/// The `__esimd_slm_alloc` call whose result `arg` (the argument of a
/// `__esimd_slm_free`) is: the call itself, or a load from a slot whose
/// only stored value is the call.
fn alloc_of_free_arg<'c>(arg: Value<'c>, f: &str) -> Result<Value<'c>, PassError> {
    if is_alloc(arg) {
        return Ok(arg);
    }
    let arg = arg.strip_pointer_casts();
    if !arg.is_load() {
        return Err(err(format!("bad __esimd_slm_free argument, function {f}")));
    }
    let slot = arg.operands()[0].strip_pointer_casts();
    let mut stored = Vec::new();
    let mut work = vec![slot];
    let mut seen = HashSet::new();
    while let Some(p) = work.pop() {
        if !seen.insert(p) {
            continue;
        }
        for u in p.users() {
            if u.is_store() && u.operands()[1] == p {
                stored.push(u.operands()[0]);
            } else if u.is_pointer_cast_op() || u.is_gep_inst() {
                work.push(u);
            }
        }
    }
    match stored[..] {
        [v] if is_alloc(v) => Ok(v),
        [_] => Err(err(format!("bad __esimd_slm_free argument, function {f}"))),
        _ => Err(err(format!("unexpected data flow in __esimd_slm_free, function {f}"))),
    }
}

fn const_size(call: Value<'_>) -> Option<u64> {
    call.operands().first().and_then(|v| v.const_int_zext())
}

fn build_graph<'c>(m: &Module<'c>) -> Result<Graph<'c>, PassError> {
    let mut g = Graph::default();
    for f in m.functions() {
        let Some(entry) = f.entry_block() else { continue };
        let fname = f.name();
        let mut path = vec![Node::Func(f)];
        let mut open: Vec<usize> = Vec::new();
        let mut init_met = false;
        let mut non_const_init = false;
        let mut scope_met = false;
        let mut visited = HashSet::new();
        let mut work = vec![entry];
        while let Some(bb) = work.pop() {
            if !visited.insert(bb) {
                continue;
            }
            for inst in bb.block_instructions() {
                if !inst.is_call() {
                    continue;
                }
                let Some(callee) = inst.called_function() else { continue };
                let name = callee.name();
                let here = *path.last().unwrap_or(&Node::Func(f));
                if name.starts_with(SLM_ALLOC_PREFIX) {
                    scope_met = true;
                    g.has_alloc = true;
                    if const_size(inst).is_none() {
                        return Err(err(format!(
                            "__esimd_slm_alloc with non-constant argument, function {fname}"
                        )));
                    }
                    g.preds.entry(Node::Scope(inst)).or_default().push(here);
                    open.push(g.scopes.len());
                    g.scopes.push((inst, None));
                    path.push(Node::Scope(inst));
                } else if name.starts_with(SLM_FREE_PREFIX) {
                    scope_met = true;
                    // The call goes; a result still used (a declaration
                    // that is not `void`) would be left dangling.
                    if !inst.has_no_uses() {
                        return Err(err(format!(
                            "a use of the result of __esimd_slm_free, function {fname}"
                        )));
                    }
                    let arg = *inst
                        .operands()
                        .first()
                        .ok_or_else(|| err(format!("bad __esimd_slm_free, function {fname}")))?;
                    let alloc = alloc_of_free_arg(arg, &fname)?;
                    let Some(k) = open.pop() else {
                        return Err(err(format!("unbalanced SLM allocator scopes in function {fname}")));
                    };
                    if g.scopes[k].0 != alloc {
                        return Err(err(format!("unbalanced SLM allocator scopes in function {fname}")));
                    }
                    g.scopes[k].1 = Some(inst);
                    path.pop();
                } else if name.starts_with(SLM_INIT_PREFIX) || name == GENX_SLM_INIT {
                    if init_met {
                        return Err(err(format!("multiple slm_init calls in function {fname}")));
                    }
                    if !is_esimd_kernel(m, f) && !f.has_fn_attr("sycl-module-id") {
                        return Err(err(format!(
                            "slm_init call met in non-kernel non-external function {fname}"
                        )));
                    }
                    if scope_met {
                        return Err(err(format!(
                            "slm_init must precede any SLMAllocator object in function {fname}"
                        )));
                    }
                    init_met = true;
                    non_const_init |= const_size(inst).is_none();
                    g.preds.entry(Node::Scope(inst)).or_default().push(here);
                    g.scopes.push((inst, None));
                    path.push(Node::Scope(inst));
                } else if !callee.is_declaration() {
                    g.preds.entry(Node::Func(callee)).or_default().push(here);
                }
            }
            let mut succ = bb.block_successors();
            succ.retain(|s| !visited.contains(s));
            work.extend(succ);
        }
        if !open.is_empty() {
            return Err(err(format!("unbalanced SLM allocator scopes in function {fname}")));
        }
        if non_const_init && scope_met {
            return Err(err(format!(
                "non-constant version of slm_init can't be used together with slm_allocator, function {fname}"
            )));
        }
    }
    Ok(g)
}

/// The largest SLM frame below `node` along its paths to kernels (-1: no
/// kernel reached) and the kernels reached.
type Reach<'c> = (i64, Vec<Value<'c>>);

fn max_usage<'c>(
    m: &Module<'c>,
    g: &Graph<'c>,
    node: Node<'c>,
    memo: &mut HashMap<Node<'c>, Reach<'c>>,
    active: &mut HashSet<Node<'c>>,
) -> Result<Reach<'c>, PassError> {
    if let Some(r) = memo.get(&node) {
        return Ok(r.clone());
    }
    if !active.insert(node) {
        return Err(err("recursion through an SLM allocator scope".into()));
    }
    let mut max = -1i64;
    let mut kernels: Vec<Value<'c>> = Vec::new();
    for &p in g.preds.get(&node).map(Vec::as_slice).unwrap_or(&[]) {
        let (u, ks) = max_usage(m, g, p, memo, active)?;
        max = max.max(u);
        for k in ks {
            if !kernels.contains(&k) {
                kernels.push(k);
            }
        }
    }
    let own = match node {
        Node::Scope(call) => const_size(call).map_or(0, |n| n as i64),
        Node::Func(_) => 0,
    };
    let res = match node {
        Node::Func(f) if is_esimd_kernel(m, f) => {
            if !kernels.contains(&f) {
                kernels.push(f);
            }
            0
        }
        _ if max < 0 => max,
        _ => own + max,
    };
    active.remove(&node);
    memo.insert(node, (res, kernels.clone()));
    Ok((res, kernels))
}

/// Runs the pass; returns whether the module changed.
pub fn lower_slm_reservation_calls(m: &Module<'_>) -> Result<bool, PassError> {
    let g = build_graph(m)?;
    if !g.has_alloc {
        return Ok(false);
    }
    let mut memo = HashMap::new();
    let mut kernel_max: BTreeMap<String, i64> = BTreeMap::new();
    let ty = m.types();
    let mut offsets = Vec::new();
    for &(start, end) in &g.scopes {
        let (max, kernels) = max_usage(m, &g, Node::Scope(start), &mut memo, &mut HashSet::new())?;
        for k in kernels {
            let e = kernel_max.entry(k.name()).or_insert(max);
            *e = (*e).max(max);
        }
        if is_alloc(start) {
            offsets.push((start, end, max - const_size(start).map_or(0, |n| n as i64)));
        }
    }
    for (start, end, off) in offsets {
        start.replace_all_uses_with(ty.const_int(ty.int(32), off as u64 & 0xffff_ffff));
        // SAFETY: its uses were just replaced; `build_graph` visits each
        // instruction once, so each call is in one scope of `offsets`,
        // which is consumed here (`g` and `memo` are not read again).
        unsafe { start.erase_instruction() };
        if let Some(end) = end {
            // SAFETY: no uses (`build_graph` refused a free with uses); in
            // one scope only, as `start`.
            unsafe { end.erase_instruction() };
        }
    }
    let sizes: BTreeMap<String, u64> = kernel_max
        .into_iter()
        .filter(|&(_, n)| n >= 0)
        .map(|(k, n)| (k, n as u64))
        .collect();
    set_kernel_md_op(m, SLM_SIZE_OP, &sizes, false);
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sycl_ir::Context;

    #[test]
    fn a_used_result_of_slm_free_is_refused() {
        let ir = r#"
declare spir_func i32 @_Z17__esimd_slm_allocj(i32)
declare spir_func i32 @_Z16__esimd_slm_freej(i32)
define spir_kernel void @k() !sycl_explicit_simd !0 {
  %a = call spir_func i32 @_Z17__esimd_slm_allocj(i32 64)
  %r = call spir_func i32 @_Z16__esimd_slm_freej(i32 %a)
  %s = add i32 %r, 1
  ret void
}
!0 = !{}
"#;
        let ctx = Context::new();
        let m = ctx.parse_ir(ir.as_bytes(), "t.ll").expect("parse");
        let e = lower_slm_reservation_calls(&m).expect_err("refused");
        assert!(e.to_string().contains("a use of the result of __esimd_slm_free"), "{e}");
    }
}
