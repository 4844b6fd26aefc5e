//! `[SYCL/assert used]`: the kernels that may call
//! `__devicelib_assert_fail` (upstream `getKernelNamesUsingAssert` and
//! `traverseCGToFindSPIRKernels`, ComputeModuleRuntimeInfo.cpp).
//!
//! ```text
//! define spir_kernel void @k() { call spir_func void @f() }
//! define spir_func void @f() { call spir_func void @__devicelib_assert_fail(...) }
//!   =>  [SYCL/assert used]
//!       k=1|1
//! ```
//!
//! A breadth-first walk over the reversed call graph from
//! `__devicelib_assert_fail`: every `call` instruction using a reached
//! function (as callee or as an argument; `invoke` does not count) reaches
//! the function containing it; reached `spir_kernel` functions are listed in
//! discovery order. If a reached caller has `referenced-indirectly`, the
//! assert may be reached through a function pointer from anywhere, and the
//! result is every `spir_kernel` of the module, in module order.

use std::collections::{HashSet, VecDeque};

use sycl_ir::{CallConv, Module, Value};
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};
use sycl_split::entry_points::ATTR_REFERENCED_INDIRECTLY;

/// The function whose callers are searched.
pub const ASSERT_FAIL: &str = "__devicelib_assert_fail";

/// `None` when a `referenced-indirectly` caller was reached.
fn reached_kernels<'c>(start: Value<'c>) -> Option<Vec<Value<'c>>> {
    let mut visited: HashSet<Value<'c>> = HashSet::new();
    let mut queue = VecDeque::from([start]);
    let mut kernels = Vec::new();
    while let Some(f) = queue.pop_front() {
        if !visited.insert(f) {
            continue;
        }
        for u in f.users() {
            if !u.is_call() {
                continue;
            }
            let Some(caller) = u.parent_function() else {
                continue;
            };
            if visited.contains(&caller) {
                continue;
            }
            if caller.has_fn_attr(ATTR_REFERENCED_INDIRECTLY) {
                return None;
            }
            if caller.call_conv() == CallConv::SpirKernel && !kernels.contains(&caller) {
                kernels.push(caller);
            }
            queue.push_back(caller);
        }
    }
    Some(kernels)
}

/// Names of the kernels of `m` that may call `__devicelib_assert_fail`.
pub fn kernels_using_assert(m: &Module<'_>) -> Vec<String> {
    let Some(assert_fail) = m.function(ASSERT_FAIL) else {
        return Vec::new();
    };
    let kernels = reached_kernels(assert_fail).unwrap_or_else(|| {
        m.functions()
            .into_iter()
            .filter(|f| f.call_conv() == CallConv::SpirKernel)
            .collect()
    });
    kernels.into_iter().map(|k| k.name()).collect()
}

/// Adds `[SYCL/assert used]` when some kernel may assert.
pub fn add_assert_used(m: &Module<'_>, reg: &mut PropertySetRegistry) {
    for k in kernels_using_assert(m) {
        reg.add(names::ASSERT_USED, k, PropertyValue::UInt32(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sycl_ir::Context;

    const DECL: &str = "target triple = \"spir64-unknown-unknown\"\n\
                        declare spir_func void @__devicelib_assert_fail()\n";

    fn kernels(ir: &str) -> Vec<String> {
        let ctx = Context::new();
        let m = ctx
            .parse_ir(format!("{DECL}{ir}").as_bytes(), "t.ll")
            .expect("test IR parses");
        kernels_using_assert(&m)
    }

    #[test]
    fn no_assert_function_no_kernels() {
        let ctx = Context::new();
        let m = ctx
            .parse_ir(b"define spir_kernel void @k() { ret void }", "t.ll")
            .expect("parses");
        assert!(kernels_using_assert(&m).is_empty());
    }

    #[test]
    fn kernels_reached_through_calls() {
        let k = kernels(
            "define spir_func void @f() { call spir_func void @__devicelib_assert_fail() ret void }\n\
             define spir_kernel void @uses() { call spir_func void @f() ret void }\n\
             define spir_kernel void @clean() { ret void }\n",
        );
        assert_eq!(k, vec!["uses"]);
    }

    #[test]
    fn invoke_does_not_count() {
        let k = kernels(
            "declare i32 @__gxx_personality_v0(...)\n\
             define spir_kernel void @k() personality ptr @__gxx_personality_v0 {\n\
               invoke spir_func void @__devicelib_assert_fail() to label %ok unwind label %bad\n\
             ok:\n  ret void\n\
             bad:\n  %l = landingpad { ptr, i32 } cleanup\n  ret void\n}\n",
        );
        assert!(k.is_empty());
    }

    #[test]
    fn referenced_indirectly_means_every_spir_kernel() {
        let k = kernels(
            "define spir_func void @f() #0 { call spir_func void @__devicelib_assert_fail() ret void }\n\
             define spir_kernel void @a() { ret void }\n\
             define ptx_kernel void @not_spir() { ret void }\n\
             define spir_kernel void @b() { ret void }\n\
             attributes #0 = { \"referenced-indirectly\" }\n",
        );
        assert_eq!(k, vec!["a", "b"]);
    }
}
