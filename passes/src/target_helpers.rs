//! What the NVPTX and AMDGCN lowering passes ([`crate::global_offset`],
//! [`crate::local_accessor`]) need to know about a module: which GPU target
//! it is for and which of its functions are kernel entry points (upstream's
//! `TargetHelpers` and its `KernelCache`).
//!
//! A kernel is a function with the target's kernel calling convention
//! (`ptx_kernel`, `amdgpu_kernel`) or one named in the target's annotations
//! (`!nvvm.annotations`, `!amdgcn.annotations`) by a node of the form
//! `!{ptr @f, !"kind", i32 v, ...}` with a `!"kernel", i32 1` pair. LLVM 22
//! turns textual `nvvm.annotations` kernels into `ptx_kernel` functions when
//! it parses a module; `sycl-opt` parses without that upgrade, so that both
//! spellings of upstream's tests reach the passes as written.

use std::collections::HashMap;

use sycl_ir::{CallConv, MdOperand, Module, Value};

use crate::PassError;

/// The GPU targets whose kernels are lowered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GpuTarget {
    /// `nvptx-*` and `nvptx64-*` (CUDA).
    Nvptx,
    /// `amdgcn-*` (HIP).
    Amdgcn,
}

impl GpuTarget {
    /// The target of a triple, from its architecture.
    pub fn of_triple(triple: &str) -> Option<Self> {
        match triple.split('-').next().unwrap_or_default() {
            "nvptx" | "nvptx64" => Some(GpuTarget::Nvptx),
            "amdgcn" => Some(GpuTarget::Amdgcn),
            _ => None,
        }
    }

    /// The named metadata that annotates kernels.
    pub fn annotations(self) -> &'static str {
        match self {
            GpuTarget::Nvptx => "nvvm.annotations",
            GpuTarget::Amdgcn => "amdgcn.annotations",
        }
    }

    /// The kernel calling convention.
    pub fn kernel_call_conv(self) -> CallConv {
        match self {
            GpuTarget::Nvptx => CallConv::PtxKernel,
            GpuTarget::Amdgcn => CallConv::AmdgpuKernel,
        }
    }

    /// The intrinsic that returns a pointer to the implicit global offset.
    pub fn implicit_offset_intrinsic(self) -> &'static str {
        match self {
            GpuTarget::Nvptx => "llvm.nvvm.implicit.offset",
            GpuTarget::Amdgcn => "llvm.amdgcn.implicit.offset",
        }
    }

    /// The address space of the pointer to the offset inside a kernel and
    /// its callees: generic (0) on NVPTX, private (5) on AMDGCN.
    pub fn offset_addr_space(self) -> u32 {
        match self {
            GpuTarget::Nvptx => 0,
            GpuTarget::Amdgcn => 5,
        }
    }
}

/// The address space of local (work-group shared) memory on both targets:
/// NVPTX's `ADDRESS_SPACE_SHARED`, AMDGCN's `LOCAL_ADDRESS`.
pub const LOCAL_ADDR_SPACE: u32 = 3;

/// The kernel entry points of a module.
pub struct Kernels<'c> {
    kernels: Vec<Value<'c>>,
    annotated: Vec<Value<'c>>,
}

/// The function `@f` if `node` (an `MDNode` as a value) is
/// `!{ptr @f, ..., !"kernel", i32 1, ...}`.
fn annotated_kernel<'c>(node: Value<'c>) -> Option<Value<'c>> {
    let ops = node.md_operands();
    if ops.len() % 2 != 1 {
        return None;
    }
    let f = ops[0].as_value().filter(|v| v.is_function())?;
    let is_kernel = ops[1..]
        .chunks(2)
        .any(|pair| pair[0].as_string().as_deref() == Some("kernel") && pair[1].as_u64() == Some(1));
    is_kernel.then_some(f)
}

impl<'c> Kernels<'c> {
    /// Finds the kernels of `m`: first those named by the target's
    /// annotations, in annotation order, then the functions with the kernel
    /// calling convention, in module order.
    pub fn find(m: &Module<'c>, target: GpuTarget) -> Self {
        let mut kernels = Vec::new();
        let mut annotated = Vec::new();
        for node in m.named_metadata(target.annotations()) {
            if let Some(f) = annotated_kernel(node) {
                if !annotated.contains(&f) {
                    annotated.push(f);
                    kernels.push(f);
                }
            }
        }
        for f in m.functions() {
            if f.call_conv() == target.kernel_call_conv() && !kernels.contains(&f) {
                kernels.push(f);
            }
        }
        Kernels { kernels, annotated }
    }

    /// The kernels, in the order of [`Kernels::find`].
    pub fn iter(&self) -> impl Iterator<Item = Value<'c>> + '_ {
        self.kernels.iter().copied()
    }

    /// True if `f` is a kernel.
    pub fn contains(&self, f: Value<'c>) -> bool {
        self.kernels.contains(&f)
    }

    /// True if `f` is named as a kernel by the target's annotations.
    pub fn is_annotated(&self, f: Value<'c>) -> bool {
        self.annotated.contains(&f)
    }

    /// Upstream's check that kernel entry points are never used: a kernel
    /// may only be listed in `@llvm.used` or `@llvm.compiler.used`.
    pub fn check_unused(&self) -> Result<(), PassError> {
        for k in self.iter() {
            let users = k.users();
            let only_in_used_list = users.len() == 1
                && users[0].is_plain_constant()
                && users[0]
                    .users()
                    .iter()
                    .all(|g| g.is_global_variable() && matches!(g.name().as_str(), "llvm.used" | "llvm.compiler.used"));
            if !users.is_empty() && !only_in_used_list {
                return Err(PassError::Message(format!(
                    "kernel entry point '{}' can't have uses",
                    k.name()
                )));
            }
        }
        Ok(())
    }
}

/// Adds `!{ptr @f, !"kernel", i32 1}` to the target's annotations.
pub fn annotate_kernel<'c>(m: &Module<'c>, target: GpuTarget, f: Value<'c>) {
    let types = m.types();
    let node = m.md_node(&[
        MdOperand::Value(f),
        MdOperand::String(types.md_string("kernel")),
        MdOperand::Value(types.const_int(types.int(32), 1)),
    ]);
    m.add_named_metadata(target.annotations(), node);
}

/// Replaces every uniqued node of the target's annotations that names `f`
/// (first operand) by a distinct copy, as upstream's annotations end up
/// after a kernel was replaced by a new function.
pub fn make_annotations_distinct<'c>(m: &Module<'c>, target: GpuTarget, f: Value<'c>) {
    let name = target.annotations();
    let nodes = m.named_metadata(name);
    let mut copies: HashMap<Value<'c>, Value<'c>> = HashMap::new();
    let mut changed = false;
    let mut out = Vec::with_capacity(nodes.len());
    for n in nodes {
        let ops = n.md_operands();
        let names_f = ops.first().and_then(|o| o.as_value()) == Some(f);
        if names_f && !n.is_distinct_md_node() {
            let copy = *copies.entry(n).or_insert_with(|| m.md_node_distinct(&ops));
            out.push(copy);
            changed = true;
        } else {
            out.push(n);
        }
    }
    if changed {
        m.set_named_metadata(name, &out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_from_triples() {
        assert_eq!(GpuTarget::of_triple("nvptx64-nvidia-cuda"), Some(GpuTarget::Nvptx));
        assert_eq!(GpuTarget::of_triple("nvptx-nvidia-cuda"), Some(GpuTarget::Nvptx));
        assert_eq!(GpuTarget::of_triple("amdgcn-amd-amdhsa"), Some(GpuTarget::Amdgcn));
        assert_eq!(GpuTarget::of_triple("spir64-unknown-unknown"), None);
        assert_eq!(GpuTarget::of_triple(""), None);
    }

    #[test]
    fn kernels_by_annotation_and_calling_convention() {
        let ctx = sycl_ir::Context::new();
        let src = "target triple = \"nvptx64-nvidia-cuda\"\n\
                   define void @a() {\n  ret void\n}\n\
                   define ptx_kernel void @b() {\n  ret void\n}\n\
                   define void @c() {\n  ret void\n}\n\
                   !nvvm.annotations = !{!0, !1, !2}\n\
                   !0 = !{ptr @a, !\"maxntidx\", i32 8, !\"kernel\", i32 1}\n\
                   !1 = !{ptr @c, !\"kernel\", i32 0}\n\
                   !2 = !{null, !\"align\", i32 8}\n";
        let m = ctx.parse_ir_keeping_nvvm_annotations(src.as_bytes(), "t.ll").unwrap();
        let k = Kernels::find(&m, GpuTarget::Nvptx);
        let names: Vec<String> = k.iter().map(|f| f.name()).collect();
        assert_eq!(names, ["a", "b"]);
        assert!(k.is_annotated(m.function("a").unwrap()));
        assert!(!k.is_annotated(m.function("b").unwrap()));
        assert!(!k.contains(m.function("c").unwrap()));
        assert!(k.check_unused().is_ok());
    }
}
