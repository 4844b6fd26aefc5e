//! Linking one module into another with LLVM's IR linker
//! (`Linker::linkModules`), through the shim in `llvm-wrapper/LinkWrapper.cpp`
//! so that link errors come back as values instead of ending the process.

use std::ptr;

use crate::ffi;
use crate::module::Module;

/// The IR linker refused to link two modules; the message is LLVM's
/// diagnostic (for example `Linking globals named 'f': symbol multiply
/// defined!`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct LinkError(pub String);

impl<'c> Module<'c> {
    /// Links `src`, a module of the same context, into this one with LLVM's
    /// IR linker and default flags: definitions of `src` are moved in, its
    /// declarations resolve against this module's definitions, named
    /// metadata is concatenated and module flags merged. `src` is consumed.
    /// Returns the linker's warnings, one per entry.
    pub fn link_in(&self, src: Module<'c>) -> Result<Vec<String>, LinkError> {
        self.link(src, false)
    }

    /// Links only what this module needs from `src` (LLVM's
    /// `LinkOnlyNeeded`, as for device libraries): definitions of `src` that
    /// resolve declarations of this module, and what they use in turn.
    /// `src` is consumed. Returns the linker's warnings.
    pub fn link_in_only_needed(&self, src: Module<'c>) -> Result<Vec<String>, LinkError> {
        self.link(src, true)
    }

    fn link(&self, src: Module<'c>, only_needed: bool) -> Result<Vec<String>, LinkError> {
        let raw_src = src.raw();
        // The linker takes ownership of the source module and destroys it.
        std::mem::forget(src);
        let mut errors: *mut std::os::raw::c_char = ptr::null_mut();
        let mut warnings: *mut std::os::raw::c_char = ptr::null_mut();
        let failed = unsafe {
            ffi::SyclLinkModules(self.raw(), raw_src, i32::from(only_needed), &mut errors, &mut warnings) != 0
        };
        let errors = unsafe { crate::cstr::take_message(errors) };
        let warnings = unsafe { crate::cstr::take_message(warnings) };
        if failed {
            let message = errors.lines().next().unwrap_or("the IR linker failed").to_string();
            return Err(LinkError(message));
        }
        Ok(warnings.lines().map(str::to_string).collect())
    }
}

#[cfg(test)]
mod tests {
    use crate::Context;

    #[test]
    fn links_definitions_and_resolves_declarations() {
        let ctx = Context::new();
        let a = ctx
            .parse_ir(
                b"declare void @g()\ndefine void @f() {\n  call void @g()\n  ret void\n}\n",
                "a.ll",
            )
            .expect("parse a");
        let b = ctx
            .parse_ir(b"define void @g() {\n  ret void\n}\n", "b.ll")
            .expect("parse b");
        let warnings = a.link_in(b).expect("link");
        assert!(warnings.is_empty());
        a.verify().expect("verify");
        let g = a.function("g").expect("g");
        assert!(!g.is_declaration());
    }

    #[test]
    fn only_needed_links_what_is_referenced() {
        let ctx = Context::new();
        let a = ctx
            .parse_ir(
                b"declare void @g()\ndefine void @f() {\n  call void @g()\n  ret void\n}\n",
                "a.ll",
            )
            .expect("parse a");
        let lib = ctx
            .parse_ir(
                b"define void @g() {\n  call void @h()\n  ret void\n}\ndefine void @h() {\n  ret void\n}\ndefine void @unused() {\n  ret void\n}\n",
                "lib.ll",
            )
            .expect("parse lib");
        a.link_in_only_needed(lib).expect("link");
        a.verify().expect("verify");
        assert!(!a.function("g").expect("g").is_declaration());
        assert!(!a.function("h").expect("h").is_declaration());
        assert!(a.function("unused").is_none());
    }

    #[test]
    fn reports_duplicate_definitions() {
        let ctx = Context::new();
        let a = ctx
            .parse_ir(b"define void @f() {\n  ret void\n}\n", "a.ll")
            .expect("parse a");
        let b = ctx
            .parse_ir(b"define void @f() {\n  ret void\n}\n", "b.ll")
            .expect("parse b");
        let e = a.link_in(b).expect_err("duplicate definition");
        assert!(e.0.contains("'f'"), "{}", e.0);
        // The context's own diagnostic handler is back: the module is usable.
        a.verify().expect("verify");
    }
}
