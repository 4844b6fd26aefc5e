//! IR that LLVM 22's SPIR-V back end cannot compile, found before code
//! generation so that an image is refused with one line naming its kernel
//! and the construct, instead of the back end stopping
//! (`LLVM ERROR: unable to legalize instruction`) or writing SPIR-V the
//! validator refuses.
//!
//! The one construct checked: `ptrtoint` and `inttoptr` on vectors
//! (`ptrtoint <1 x ptr addrspace(1)> %v to <1 x i64>`, as oneMKL's ESIMD
//! kernels have). GlobalISel's SPIR-V legalizer has no rule for `G_PTRTOINT`
//! or `G_INTTOPTR` on vectors, and a vector of pointers is no SPIR-V type
//! (`OpTypeVector` takes scalars), so no rewriting before code generation
//! helps: taking the lanes apart leaves the vector of pointers itself (a
//! one-element vector stays a vector in the back end's types), and a
//! one-element integer vector is no SPIR-V type either.

use sycl_ir::{type_to_string, Module, TypeKind, Value};

/// A construct the back end cannot compile, where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsupported {
    /// The kernel (first in module order) that reaches the function, or the
    /// function itself when no kernel does.
    pub kernel: String,
    /// The function holding the construct.
    pub function: String,
    /// The construct, `ptrtoint <1 x ptr addrspace(1)> to <1 x i64>`.
    pub construct: String,
}

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "kernel {}: {}", self.kernel, self.construct)?;
        if self.function != self.kernel {
            write!(f, " (in {})", self.function)?;
        }
        write!(
            f,
            ": LLVM's SPIR-V back end cannot compile ptrtoint or inttoptr on vectors"
        )
    }
}

/// The first construct of `m` (functions and instructions in module order)
/// that the back end cannot compile.
pub fn find_unsupported(m: &Module<'_>) -> Option<Unsupported> {
    for f in m.functions() {
        if f.is_declaration() {
            continue;
        }
        for i in f.instructions() {
            let Some(op) = i.ptr_int_cast_name() else {
                continue;
            };
            let Some(from) = i.operand(0).map(|v| v.ty()) else {
                continue;
            };
            let to = i.ty();
            if from.kind() != TypeKind::Vector && to.kind() != TypeKind::Vector {
                continue;
            }
            return Some(Unsupported {
                kernel: reaching_kernel(m, f).unwrap_or_else(|| f.name()),
                function: f.name(),
                construct: format!("{op} {} to {}", type_to_string(from), type_to_string(to)),
            });
        }
    }
    None
}

/// The first kernel in module order from which `target` is reached through
/// direct calls (`target` itself when it is a kernel).
fn reaching_kernel(m: &Module<'_>, target: Value<'_>) -> Option<String> {
    if target.call_conv().is_kernel() {
        return Some(target.name());
    }
    let kernels = m
        .functions()
        .into_iter()
        .filter(|k| !k.is_declaration() && k.call_conv().is_kernel());
    for k in kernels {
        let mut seen = std::collections::HashSet::new();
        let mut work = vec![k];
        while let Some(f) = work.pop() {
            if !seen.insert(f) {
                continue;
            }
            if f == target {
                return Some(k.name());
            }
            for i in f.instructions() {
                if let Some(callee) = i.called_function().filter(|c| !c.is_declaration()) {
                    work.push(callee);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::find_unsupported;

    #[test]
    fn vector_ptrtoint_is_found_with_its_kernel() {
        let ctx = sycl_ir::Context::new();
        let ir = r#"
define spir_func <1 x i64> @f(<1 x ptr addrspace(1)> %v) {
  %i = ptrtoint <1 x ptr addrspace(1)> %v to <1 x i64>
  ret <1 x i64> %i
}
define spir_kernel void @other(ptr %p) {
  %i = ptrtoint ptr %p to i64
  ret void
}
define spir_kernel void @k(<1 x ptr addrspace(1)> %v) {
  %r = call spir_func <1 x i64> @f(<1 x ptr addrspace(1)> %v)
  ret void
}
"#;
        let m = ctx.parse_ir(ir.as_bytes(), "t").expect("parses");
        let u = find_unsupported(&m).expect("found");
        assert_eq!(u.kernel, "k");
        assert_eq!(u.function, "f");
        assert_eq!(u.construct, "ptrtoint <1 x ptr addrspace(1)> to <1 x i64>");
        assert_eq!(
            u.to_string(),
            "kernel k: ptrtoint <1 x ptr addrspace(1)> to <1 x i64> (in f): \
             LLVM's SPIR-V back end cannot compile ptrtoint or inttoptr on vectors"
        );
        let scalar = ctx
            .parse_ir(
                b"define spir_kernel void @s(ptr %p) {\n  %i = ptrtoint ptr %p to i64\n  ret void\n}\n",
                "s",
            )
            .expect("parses");
        assert_eq!(find_unsupported(&scalar), None);
    }
}
