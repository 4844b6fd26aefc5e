//! Links the ESIMD and SYCL parts of a device image back into one module
//! when `-split-esimd` was not given (reference 3.7; upstream `handleESIMD`,
//! `ModuleDesc::renameDuplicatesOf` and `linkModules` in
//! llvm/lib/SYCLPostLink/ESIMDPostSplitProcessing.cpp and ModuleSplitter.cpp).
//!
//! Both parts may define the same function or variable (code used from ESIMD
//! and from SYCL code is copied into both). The ESIMD part's copy of every
//! object the SYCL part also defines is renamed with the suffix `.esimd`,
//! then the SYCL part is linked into the ESIMD part with LLVM's IR linker,
//! the linkage of `invoke_simd` targets is restored
//! ([`crate::esimd::invoke_simd_linkage`]) and the result is cleaned up
//! ([`crate::cleanup`]). Its entry points are the ESIMD part's, then the SYCL
//! part's, without those cleanup removed.
//!
//! ESIMD part:
//! ```llvm
//! define spir_kernel void @esimd_k() #0 !sycl_explicit_simd !0 { call void @shared() ... }
//! define internal void @shared() { ... }
//! ```
//! SYCL part:
//! ```llvm
//! define spir_kernel void @sycl_k() #0 { call void @shared() ... }
//! define internal void @shared() { ... }
//! ```
//! Linked:
//! ```llvm
//! define spir_kernel void @esimd_k() #0 !sycl_explicit_simd !0 { call void @shared.esimd() ... }
//! define internal void @shared.esimd() { ... }
//! define spir_kernel void @sycl_k() #0 { call void @shared() ... }
//! define internal void @shared() { ... }
//! ```

use sycl_ir::Module;

use crate::cleanup::{cleanup, CleanupOptions};
use crate::esimd::invoke_simd_linkage::restore_direct_target_linkage;
use crate::PassError;

/// Suffix of the ESIMD copies of objects both parts define.
pub const DUPLICATE_SUFFIX: &str = ".esimd";

/// Renames every global object defined in both `esimd` and `sycl` in
/// `esimd` to `<name>.esimd` (upstream's `renameDuplicatesOf`: functions by
/// name whatever their linkage, global variables only when the ESIMD one is
/// not local, as `Module::getGlobalVariable` finds them). Returns how many
/// were renamed.
pub fn rename_duplicates(esimd: &Module<'_>, sycl: &Module<'_>) -> usize {
    let mut renamed = 0;
    let sycl_objects = sycl.functions().into_iter().chain(sycl.globals());
    for a in sycl_objects {
        if a.is_declaration() {
            continue;
        }
        let name = a.name();
        let b = if a.is_function() {
            esimd.function(&name)
        } else {
            // `Module::getGlobalVariable` does not return local variables.
            esimd.global(&name).filter(|g| !g.has_local_linkage())
        };
        let Some(b) = b else { continue };
        if b.is_declaration() {
            continue;
        }
        b.set_name(&format!("{name}{DUPLICATE_SUFFIX}"));
        renamed += 1;
    }
    renamed
}

/// The module [`link_parts`] made, its entry points and the linker's
/// warnings.
pub struct LinkedImage<'c> {
    /// The ESIMD part with the SYCL part linked in.
    pub module: Module<'c>,
    /// ESIMD entry points, then SYCL entry points, that are still functions
    /// of the module.
    pub entry_points: Vec<String>,
    /// Warnings of the IR linker, one per entry.
    pub warnings: Vec<String>,
}

/// Links `sycl` (with entry points `sycl_entry_points`) into `esimd` (with
/// `esimd_entry_points`) as described in the module documentation.
pub fn link_parts<'c>(
    esimd: Module<'c>,
    esimd_entry_points: &[String],
    sycl: Module<'c>,
    sycl_entry_points: &[String],
    dynamic_linking: bool,
) -> Result<LinkedImage<'c>, PassError> {
    rename_duplicates(&esimd, &sycl);
    let names: Vec<String> = esimd_entry_points.iter().chain(sycl_entry_points).cloned().collect();
    let warnings = esimd
        .link_in(sycl)
        .map_err(|e| PassError::Message(format!("link failed. Module names: <ESIMD>, <SYCL>: {e}")))?;
    restore_direct_target_linkage(&esimd)?;
    // Upstream merges the parts' entry-point group properties into fresh
    // ones, which drops "has virtual function definitions": cleanup of the
    // linked module treats virtual functions as defined elsewhere.
    let opts = CleanupOptions {
        dynamic_linking,
        has_virtual_functions: false,
    };
    cleanup(&esimd, &names, opts)?;
    let entry_points = names.into_iter().filter(|n| esimd.function(n).is_some()).collect();
    Ok(LinkedImage {
        module: esimd,
        entry_points,
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sycl_ir::Context;

    const ESIMD: &str = r#"
@gv = global i32 1
@local = internal global i32 2
define spir_kernel void @esimd_k() !sycl_explicit_simd !0 {
  call void @shared()
  %v = load i32, ptr @gv
  %w = load i32, ptr @local
  ret void
}
define void @shared() {
  ret void
}
!0 = !{}
"#;

    const SYCL: &str = r#"
@gv = global i32 1
@local = internal global i32 2
define spir_kernel void @sycl_k() {
  call void @shared()
  %v = load i32, ptr @gv
  %w = load i32, ptr @local
  ret void
}
define void @shared() {
  ret void
}
"#;

    #[test]
    fn renames_duplicates_in_the_esimd_part() {
        let ctx = Context::new();
        let esimd = ctx.parse_ir(ESIMD.as_bytes(), "e.ll").expect("parse");
        let sycl = ctx.parse_ir(SYCL.as_bytes(), "s.ll").expect("parse");
        assert_eq!(rename_duplicates(&esimd, &sycl), 2);
        assert!(esimd.function("shared.esimd").is_some());
        assert!(esimd.global("gv.esimd").is_some());
        // Local variables are not looked up (getGlobalVariable semantics).
        let names: Vec<String> = esimd.globals().into_iter().map(|g| g.name()).collect();
        assert!(names.contains(&"local".to_string()));
        assert!(sycl.function("shared").is_some());
    }

    #[test]
    fn links_and_lists_entry_points_esimd_first() {
        let ctx = Context::new();
        let esimd = ctx.parse_ir(ESIMD.as_bytes(), "e.ll").expect("parse");
        let sycl = ctx.parse_ir(SYCL.as_bytes(), "s.ll").expect("parse");
        let linked = link_parts(
            esimd,
            &["esimd_k".into()],
            sycl,
            &["sycl_k".into(), "gone".into()],
            false,
        )
        .expect("link");
        assert_eq!(linked.entry_points, vec!["esimd_k", "sycl_k"]);
        let m = &linked.module;
        m.verify().expect("verify");
        assert!(m.function("shared.esimd").is_some_and(|f| !f.is_declaration()));
        assert!(m.function("shared").is_some_and(|f| !f.is_declaration()));
        assert!(m.function("sycl_k").is_some_and(|f| f.has_fn_attr("sycl-entry-point")));
    }
}
