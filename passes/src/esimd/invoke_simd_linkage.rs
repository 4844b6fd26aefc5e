//! Linkage of direct `invoke_simd` targets around the SYCL/ESIMD split
//! (reference 3.8; upstream `ModuleDesc::fixupLinkageOfDirectInvokeSimdTargets`
//! and `restoreLinkageOfDirectInvokeSimdTargets`,
//! llvm/lib/SYCLPostLink/ModuleSplitter.cpp).
//!
//! The invoke_simd lowering marks the ESIMD functions that SYCL code invokes
//! with `"__invoke_simd_target"`. Before an image is split into its ESIMD and
//! SYCL parts, such targets with `linkonce_odr`/`linkonce` linkage become
//! `weak_odr`/`weak`, so that dead-code removal in the ESIMD part (where
//! nothing calls them) keeps them; the old linkage is remembered as its
//! C++ `GlobalValue::LinkageTypes` number:
//! ```llvm
//! define linkonce_odr <4 x float> @target(<4 x float> %x) #0
//! attributes #0 = { "__invoke_simd_target" }
//! ```
//! becomes
//! ```llvm
//! define weak_odr <4 x float> @target(<4 x float> %x) #0
//! attributes #0 = { "__invoke_simd_target" "__sycl_orig_linkage"="3" }
//! ```
//! After the two parts are linked back together the old linkage is restored
//! and the attribute removed ([`restore_direct_target_linkage`]). When the
//! parts stay separate (`-split-esimd`, or an image with one part) nothing is
//! restored, as upstream.

use sycl_ir::{linkage_from_cpp, linkage_to_cpp, Linkage, Module};

use crate::PassError;

/// Attribute of functions known to be `invoke_simd` targets.
pub const INVOKE_SIMD_DIRECT_TARGET_ATTR: &str = "__invoke_simd_target";
/// Attribute remembering a target's linkage before the fix-up.
pub const ORIG_LINKAGE_ATTR: &str = "__sycl_orig_linkage";

/// Gives `linkonce_odr`/`linkonce` invoke_simd targets `weak_odr`/`weak`
/// linkage, remembering the old one. Returns true if something changed.
pub fn fixup_direct_target_linkage(m: &Module<'_>) -> bool {
    let mut changed = false;
    for f in m.functions() {
        if !f.has_fn_attr(INVOKE_SIMD_DIRECT_TARGET_ATTR) {
            continue;
        }
        let old = f.linkage();
        let new = match old {
            Linkage::LLVMLinkOnceODRLinkage => Linkage::LLVMWeakODRLinkage,
            Linkage::LLVMLinkOnceAnyLinkage => Linkage::LLVMWeakAnyLinkage,
            _ => continue,
        };
        if let Some(n) = linkage_to_cpp(old) {
            f.add_fn_attr(ORIG_LINKAGE_ATTR, &n.to_string());
            f.set_linkage(new);
            changed = true;
        }
    }
    changed
}

/// Restores the linkage remembered in `"__sycl_orig_linkage"` on every
/// function that has it and removes the attribute. Returns true if
/// something changed; an attribute value that is not a linkage number is an
/// error.
pub fn restore_direct_target_linkage(m: &Module<'_>) -> Result<bool, PassError> {
    let mut changed = false;
    for f in m.functions() {
        let Some(value) = f.fn_attr(ORIG_LINKAGE_ATTR) else {
            continue;
        };
        let linkage = value.parse::<u32>().ok().and_then(linkage_from_cpp).ok_or_else(|| {
            PassError::Message(format!(
                "function '{}': invalid \"{ORIG_LINKAGE_ATTR}\" value '{value}'",
                f.name()
            ))
        })?;
        f.remove_fn_attr(ORIG_LINKAGE_ATTR);
        f.set_linkage(linkage);
        changed = true;
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sycl_ir::Context;

    const IR: &str = r#"
define linkonce_odr void @odr() #0 {
  ret void
}
define linkonce void @any() #0 {
  ret void
}
define internal void @local() #0 {
  ret void
}
define linkonce_odr void @not_a_target() {
  ret void
}
attributes #0 = { "__invoke_simd_target" }
"#;

    #[test]
    fn fixup_and_restore_round_trip() {
        let ctx = Context::new();
        let m = ctx.parse_ir(IR.as_bytes(), "t.ll").expect("parse");
        assert!(fixup_direct_target_linkage(&m));
        let f = |n: &str| m.function(n).expect("function");
        assert_eq!(f("odr").linkage(), Linkage::LLVMWeakODRLinkage);
        assert_eq!(f("odr").fn_attr(ORIG_LINKAGE_ATTR).as_deref(), Some("3"));
        assert_eq!(f("any").linkage(), Linkage::LLVMWeakAnyLinkage);
        assert_eq!(f("any").fn_attr(ORIG_LINKAGE_ATTR).as_deref(), Some("2"));
        assert_eq!(f("local").linkage(), Linkage::LLVMInternalLinkage);
        assert!(!f("local").has_fn_attr(ORIG_LINKAGE_ATTR));
        assert_eq!(f("not_a_target").linkage(), Linkage::LLVMLinkOnceODRLinkage);

        assert!(restore_direct_target_linkage(&m).expect("restore"));
        assert_eq!(f("odr").linkage(), Linkage::LLVMLinkOnceODRLinkage);
        assert_eq!(f("any").linkage(), Linkage::LLVMLinkOnceAnyLinkage);
        assert!(!f("odr").has_fn_attr(ORIG_LINKAGE_ATTR));
        m.verify().expect("verify");
    }

    #[test]
    fn restore_rejects_garbage() {
        let ctx = Context::new();
        let m = ctx
            .parse_ir(
                b"define void @f() #0 {\n  ret void\n}\nattributes #0 = { \"__sycl_orig_linkage\"=\"x\" }\n",
                "t.ll",
            )
            .expect("parse");
        assert!(restore_direct_target_linkage(&m).is_err());
    }
}
