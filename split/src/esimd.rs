//! SYCL/ESIMD separation of one device image (reference 3.7): which entry
//! points and functions are ESIMD, which parts an image splits into, and the
//! extraction of the two parts when it has both.
//!
//! Mirrors upstream's `isESIMDFunction`, `splitByESIMD` and
//! `extractESIMDSubModule` (llvm/lib/SYCLPostLink/ModuleSplitter.cpp) and
//! `moduleContainsInvokeSimdBuiltin` (llvm/lib/SYCLLowerIR/ESIMD/ESIMDUtils.cpp).
//!
//! A function is ESIMD iff it carries `!sycl_explicit_simd` metadata. An image
//! has an ESIMD part if one of its entry points is ESIMD or if it contains any
//! ESIMD function at all (an `invoke_simd` target reached from SYCL code); it
//! has a SYCL part if one of its entry points is not ESIMD, or if it has no
//! ESIMD part. With both parts, the image is split:
//!
//! ```llvm
//! define spir_kernel void @esimd_k() !sycl_explicit_simd !0 { call void @helper() ... }
//! define spir_kernel void @sycl_k() { call void @helper() ... }
//! define internal void @helper() { ... }
//! ```
//! gives an ESIMD part (`@esimd_k`, `@helper`, every other ESIMD function and
//! what they use) and a SYCL part (`@sycl_k`, `@helper`, but no ESIMD
//! function: those stay declarations). What this module does not do: clean
//! up, link back or name the parts (that is `sycl-passes` and
//! `sycl-postlink`'s `esimd.rs`).

use sycl_ir::{Extractor, Module, Value};

use crate::graph::DependencyGraph;

/// Metadata that marks an ESIMD function.
pub const ESIMD_MARKER_MD: &str = "sycl_explicit_simd";

/// Name prefix of the `__builtin_invoke_simd` instantiations called from
/// SYCL code to invoke an ESIMD function.
pub const INVOKE_SIMD_PREFIX: &str = "_Z33__regcall3____builtin_invoke_simd";

/// Tells ESIMD functions of one module apart (looks the metadata kind up
/// once, without registering it).
#[derive(Debug, Clone, Copy)]
pub struct EsimdMarker {
    kind: u32,
}

impl EsimdMarker {
    /// The marker of `m`'s context.
    pub fn new(m: &Module<'_>) -> Self {
        EsimdMarker {
            kind: m.md_kind(ESIMD_MARKER_MD),
        }
    }

    /// True if `f` (a function) has `!sycl_explicit_simd`.
    pub fn is_esimd(&self, f: Value<'_>) -> bool {
        f.metadata(self.kind).is_some()
    }
}

/// One of the at most two parts an image splits into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartKind {
    /// ESIMD entry points and every ESIMD function.
    Esimd,
    /// SYCL entry points, without ESIMD functions.
    Sycl,
}

/// The entry points of an image sorted into ESIMD and SYCL ones, and the
/// image's ESIMD functions.
#[derive(Debug, Clone)]
pub struct EsimdPartition<'c> {
    /// ESIMD entry points, in the order given.
    pub esimd_entry_points: Vec<Value<'c>>,
    /// SYCL entry points, in the order given.
    pub sycl_entry_points: Vec<Value<'c>>,
    /// Every function of the module with `!sycl_explicit_simd` (definitions
    /// and declarations), in module order.
    pub esimd_functions: Vec<Value<'c>>,
}

impl<'c> EsimdPartition<'c> {
    /// Sorts `entry_points` (functions of `m`) into ESIMD and SYCL ones.
    pub fn new(m: &Module<'c>, entry_points: &[Value<'c>]) -> Self {
        let marker = EsimdMarker::new(m);
        let (esimd_entry_points, sycl_entry_points) = entry_points.iter().partition(|&&f| marker.is_esimd(f));
        EsimdPartition {
            esimd_entry_points,
            sycl_entry_points,
            esimd_functions: m.functions().into_iter().filter(|&f| marker.is_esimd(f)).collect(),
        }
    }

    /// The parts of the image, in output order (ESIMD first): ESIMD if there
    /// is an ESIMD entry point or any ESIMD function; SYCL if there is a SYCL
    /// entry point or no ESIMD part.
    pub fn parts(&self) -> Vec<PartKind> {
        let mut parts = Vec::with_capacity(2);
        if !self.esimd_entry_points.is_empty() || !self.esimd_functions.is_empty() {
            parts.push(PartKind::Esimd);
        }
        if !self.sycl_entry_points.is_empty() || parts.is_empty() {
            parts.push(PartKind::Sycl);
        }
        parts
    }

    /// Names of the entry points of `part`.
    pub fn entry_point_names(&self, part: PartKind) -> Vec<String> {
        let v = match part {
            PartKind::Esimd => &self.esimd_entry_points,
            PartKind::Sycl => &self.sycl_entry_points,
        };
        v.iter().map(|f| f.name()).collect()
    }
}

/// The two parts of an image that has both.
pub struct EsimdParts<'c> {
    /// ESIMD entry points, every ESIMD function and what they use.
    pub esimd: Module<'c>,
    /// SYCL entry points and what they use, except ESIMD functions (which
    /// stay declarations where SYCL code refers to them).
    pub sycl: Module<'c>,
}

/// Extracts the ESIMD and SYCL parts of `m` (a fully loaded module) by a
/// dependency graph of `m` itself (reference 3.4; `dynamic_linking` applies
/// the import rule as for the split of the input). Call only when
/// [`EsimdPartition::parts`] gives both.
pub fn extract_parts<'c>(m: &Module<'c>, p: &EsimdPartition<'c>, dynamic_linking: bool) -> EsimdParts<'c> {
    let graph = DependencyGraph::build(m, dynamic_linking);
    let marker = EsimdMarker::new(m);
    let mut esimd_seeds = p.esimd_functions.clone();
    esimd_seeds.extend(&p.esimd_entry_points);
    let esimd_defs = graph.collect(&esimd_seeds, |_| false);
    let sycl_defs = graph.collect(&p.sycl_entry_points, |f| marker.is_esimd(f));
    let x = Extractor::new(m);
    EsimdParts {
        esimd: x.extract(&esimd_defs),
        sycl: x.extract(&sycl_defs),
    }
}

/// True if some call in `m` calls a `__builtin_invoke_simd` instantiation
/// (SYCL code invoking ESIMD code, which `-split-esimd` cannot handle).
pub fn contains_invoke_simd_calls(m: &Module<'_>) -> bool {
    m.functions()
        .into_iter()
        .filter(|f| f.is_declaration() && f.name().starts_with(INVOKE_SIMD_PREFIX))
        .any(|f| {
            f.users()
                .into_iter()
                .any(|u| u.is_call() && u.called_function() == Some(f))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sycl_ir::Context;

    const IR: &str = r#"
declare spir_func float @_Z33__regcall3____builtin_invoke_simdXX(ptr, ptr, float)
define spir_kernel void @esimd_k() !sycl_explicit_simd !0 {
  call void @shared()
  ret void
}
define spir_kernel void @sycl_k() {
  call void @shared()
  %r = call spir_func float @_Z33__regcall3____builtin_invoke_simdXX(ptr null, ptr @target, float 1.0)
  ret void
}
define void @shared() {
  ret void
}
define <4 x float> @target(<4 x float> %x) !sycl_explicit_simd !0 {
  ret <4 x float> %x
}
!0 = !{}
"#;

    fn names(m: &Module<'_>) -> Vec<(String, bool)> {
        m.functions()
            .into_iter()
            .map(|f| (f.name(), f.is_declaration()))
            .collect()
    }

    #[test]
    fn partitions_entry_points_and_extracts_both_parts() {
        let ctx = Context::new();
        let m = ctx.parse_ir(IR.as_bytes(), "t.ll").expect("parse");
        let eps = [
            m.function("esimd_k").expect("esimd_k"),
            m.function("sycl_k").expect("sycl_k"),
        ];
        let p = EsimdPartition::new(&m, &eps);
        assert_eq!(p.parts(), vec![PartKind::Esimd, PartKind::Sycl]);
        assert_eq!(p.entry_point_names(PartKind::Esimd), vec!["esimd_k"]);
        assert_eq!(p.entry_point_names(PartKind::Sycl), vec!["sycl_k"]);
        assert!(contains_invoke_simd_calls(&m));

        let parts = extract_parts(&m, &p, false);
        let esimd = names(&parts.esimd);
        assert!(esimd.contains(&("esimd_k".into(), false)));
        assert!(esimd.contains(&("shared".into(), false)));
        assert!(
            esimd.contains(&("target".into(), false)),
            "every ESIMD function goes to the ESIMD part"
        );
        assert!(!esimd.iter().any(|(n, _)| n == "sycl_k"));
        let sycl = names(&parts.sycl);
        assert!(sycl.contains(&("sycl_k".into(), false)));
        assert!(sycl.contains(&("shared".into(), false)));
        assert!(
            sycl.contains(&("target".into(), true)),
            "ESIMD functions stay declarations"
        );
        parts.esimd.verify().expect("verify esimd");
        parts.sycl.verify().expect("verify sycl");
    }

    #[test]
    fn one_part_images() {
        let ctx = Context::new();
        let m = ctx.parse_ir(IR.as_bytes(), "t.ll").expect("parse");
        let esimd_k = m.function("esimd_k").expect("esimd_k");
        // Only ESIMD entry points: one ESIMD part.
        assert_eq!(EsimdPartition::new(&m, &[esimd_k]).parts(), vec![PartKind::Esimd]);
        // No entry points but ESIMD functions: one ESIMD part.
        assert_eq!(EsimdPartition::new(&m, &[]).parts(), vec![PartKind::Esimd]);
        // No ESIMD at all: one SYCL part.
        let plain = ctx
            .parse_ir(b"define spir_kernel void @k() {\n  ret void\n}\n", "p.ll")
            .expect("parse");
        let k = plain.function("k").expect("k");
        assert_eq!(EsimdPartition::new(&plain, &[k]).parts(), vec![PartKind::Sycl]);
        assert_eq!(EsimdPartition::new(&plain, &[]).parts(), vec![PartKind::Sycl]);
        assert!(!contains_invoke_simd_calls(&plain));
    }
}
