//! `LowerESIMDKernelAttrs` (upstream `SYCLFixupESIMDKernelWrapperMDPass`,
//! intel/llvm llvm/lib/SYCLLowerIR/ESIMD/LowerESIMDKernelAttrs.cpp), run by
//! sycl-post-link before splitting: every function that reaches an ESIMD
//! function (marked `!sycl_explicit_simd`) through direct calls, or through
//! other instructions that use it, gets the marker too, so that a SYCL
//! kernel wrapping an ESIMD kernel is split with the ESIMD code instead of
//! dragging it into a SYCL image. A function address stored to a local
//! variable only to be passed to `__builtin_invoke_simd` is not such a use
//! (the caller stays SYCL), and neither is a function passed as a call
//! argument.
//!
//! Before and after:
//! ```text
//! define spir_kernel void @wrapper() {          define spir_kernel void @wrapper() !sycl_explicit_simd !0 {
//!   call spir_func void @esimd_kernel_body()      call spir_func void @esimd_kernel_body()
//!   ret void                               ==>    ret void
//! }                                             }
//! define spir_func void @esimd_kernel_body() !sycl_explicit_simd !0 { ... }
//! ```

use std::collections::HashSet;

use sycl_ir::{Module, Value, MD_KIND_ABSENT};

const ESIMD_MD: &str = "sycl_explicit_simd";
const INVOKE_SIMD_PREFIX: &str = "_Z33__regcall3____builtin_invoke_simd";

/// The non-cast users of `v`, looking through casts (instructions and
/// constant expressions), each with the value it uses (`v` or a cast of it).
fn uses_through_casts<'c>(v: Value<'c>, out: &mut Vec<(Value<'c>, Value<'c>)>) {
    for u in v.users() {
        if u.is_cast_instruction() || (u.is_constant_expr() && u.strip_pointer_casts() != u) {
            uses_through_casts(u, out);
        } else {
            out.push((u, v));
        }
    }
}

fn is_invoke_simd_call(call: Value<'_>) -> bool {
    call.called_function()
        .is_some_and(|f| f.name().starts_with(INVOKE_SIMD_PREFIX))
}

/// Upstream's `checkFunctionAddressUse`: false when the function address
/// held at `addr` reaches `__builtin_invoke_simd` or flows somewhere this
/// analysis does not follow.
fn address_use_is_call(addr: Value<'_>, depth: u32) -> bool {
    if depth > 16 {
        return false;
    }
    let mut uses = Vec::new();
    uses_through_casts(addr, &mut uses);
    for (user, used) in uses {
        if user.is_store() {
            if user.operand(1) != Some(used) {
                return false;
            }
            if !user.operand(1).is_some_and(|p| p.strip_pointer_casts().is_alloca()) {
                return false;
            }
        } else if user.is_call() {
            if is_invoke_simd_call(user) {
                return false;
            }
        } else if user.is_load() {
            if !address_use_is_call(user, depth + 1) {
                return false;
            }
        } else {
            return false;
        }
    }
    true
}

/// Runs the pass; returns whether a function was marked.
pub fn fixup_esimd_kernel_wrappers(m: &Module<'_>) -> bool {
    let kind = m.md_kind(ESIMD_MD);
    if kind == MD_KIND_ABSENT {
        return false;
    }
    let is_esimd = |f: Value<'_>| f.metadata(kind).is_some();
    let mut changed = false;
    let write_kind = m.md_kind_for_write(ESIMD_MD);
    for f in m.functions() {
        if !is_esimd(f) {
            continue;
        }
        let mut visited = HashSet::new();
        let mut work = vec![f];
        while let Some(cur) = work.pop() {
            if !visited.insert(cur) {
                continue;
            }
            if !is_esimd(cur) {
                cur.set_metadata(write_kind, m.md_node(&[]));
                changed = true;
            }
            for u in cur.users() {
                if u.is_call() {
                    if u.called_value() == Some(cur) {
                        work.extend(u.parent_function());
                    }
                } else if u.opcode().is_some() {
                    if u.is_store() && !u.operand(1).is_some_and(|a| address_use_is_call(a, 0)) {
                        continue;
                    }
                    work.extend(u.parent_function());
                }
            }
        }
    }
    changed
}
