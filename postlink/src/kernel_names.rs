//! Kernel names Intel's SYCL runtime finds: upstream clang names a kernel
//! declared with `[[clang::sycl_kernel_entry_point(N)]]` `_ZTS<N>` (the
//! mangled name type), which no name a program writes finds in a SYCLBIN;
//! renamed `__sycl_kernel_<N>` (the free-function kernel convention), it is
//! found as `"N"` by `kernel_bundle::ext_oneapi_get_kernel`. The rule, and
//! the runtime code behind it, are in `docs/upstream-clang.md`; which
//! kernels are renamed is [`KernelNames`] (`-kernel-names=`).

use sycl_ir::Module;
use sycl_split::entry_points::{demangle, is_kernel, ATTR_MODULE_ID};

use crate::error::PostLinkError;
use crate::settings::KernelNames;

/// The prefix of free-function kernel names: the runtime finds a kernel
/// named `__sycl_kernel_N` as `"N"`.
pub const FREE_FUNCTION_KERNEL_PREFIX: &str = "__sycl_kernel_";

/// The free-function kernel name of a kernel named `_ZTS<N>`:
/// `__sycl_kernel_<N>` with `N` as the program spells it (`ScaleKernel`,
/// `ns::Scale`). `None` when the name is not a mangled type name, or when
/// `N` is not a plain or qualified identifier (a template specialization or
/// an unnamed lambda: no name a program writes).
pub fn free_function_kernel_name(mangled: &str) -> Option<String> {
    if !mangled.starts_with("_ZTS") {
        return None;
    }
    let demangled = demangle(mangled)?;
    let ty = demangled.strip_prefix("typeinfo name for ")?;
    let is_ident = |p: &str| {
        let mut c = p.chars();
        c.next().is_some_and(|c| c == '_' || c.is_ascii_alphabetic())
            && c.all(|c| c == '_' || c.is_ascii_alphanumeric())
    };
    if !ty.split("::").all(is_ident) {
        return None;
    }
    Some(format!("{FREE_FUNCTION_KERNEL_PREFIX}{ty}"))
}

/// What [`rename_kernels`] did.
#[derive(Debug, Default)]
pub struct Renamed {
    /// Kernels renamed.
    pub count: usize,
    /// One per kernel that keeps its mangled name.
    pub warnings: Vec<String>,
}

/// Renames the `_ZTS<N>` kernels defined in `m` to their free-function name
/// as `names` says ([`KernelNames::Auto`]: only when no function of `m`
/// carries `sycl-module-id`). A kernel whose name type is no identifier keeps
/// its name and gets a warning; a new name that another function has is an
/// error. `path` names the module in messages.
pub fn rename_kernels(m: &Module<'_>, path: &str, names: KernelNames) -> Result<Renamed, PostLinkError> {
    let functions = m.functions();
    let rename = match names {
        KernelNames::Auto => !functions.iter().any(|f| f.has_fn_attr(ATTR_MODULE_ID)),
        KernelNames::FreeFunction => true,
        KernelNames::Mangled => false,
    };
    let mut done = Renamed::default();
    if !rename {
        return Ok(done);
    }
    for f in functions.iter().filter(|f| !f.is_declaration() && is_kernel(**f)) {
        let old = f.name();
        if !old.starts_with("_ZTS") {
            continue;
        }
        match free_function_kernel_name(&old) {
            Some(new) if m.function(&new).is_some() => {
                return Err(PostLinkError::new(format!(
                    "{path}: kernel '{old}' cannot be renamed '{new}': a function of that name exists"
                )))
            }
            Some(new) => {
                f.set_name(&new);
                done.count += 1;
            }
            None => done.warnings.push(format!(
                "{path}: kernel '{old}' keeps its mangled name: its name type is not an identifier, so the SYCL \
                 runtime finds it by no name a program writes"
            )),
        }
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sycl_ir::Context;

    #[test]
    fn free_function_names_of_mangled_type_names() {
        let name = free_function_kernel_name;
        assert_eq!(name("_ZTS11ScaleKernel").as_deref(), Some("__sycl_kernel_ScaleKernel"));
        assert_eq!(
            name("_ZTSN2ns9AddKernelE").as_deref(),
            Some("__sycl_kernel_ns::AddKernel")
        );
        // Not a type name, or no name a program writes.
        assert_eq!(name("_Z5scalei"), None);
        assert_eq!(name("__sycl_kernel_ScaleKernel"), None);
        assert_eq!(name("_ZTS1KIiE"), None);
        assert_eq!(name("_ZTSZ4mainEUlvE_"), None);
        assert_eq!(name("_ZTS7Short"), None);
    }

    #[test]
    fn kernel_names_option_values() {
        for v in KernelNames::VALUES {
            assert!(KernelNames::parse(v).is_some());
        }
        assert_eq!(KernelNames::parse("mangled"), Some(KernelNames::default()));
        assert_eq!(KernelNames::parse("x"), None);
    }

    #[test]
    fn auto_renames_only_modules_without_module_ids() {
        let ctx = Context::new();
        let plain = ctx
            .parse_ir(b"define spir_kernel void @_ZTS1K() { ret void }\n", "a.ll")
            .expect("parses");
        let done = rename_kernels(&plain, "a.ll", KernelNames::Auto).expect("renamed");
        assert_eq!((done.count, done.warnings.len()), (1, 0));
        assert!(plain.function("__sycl_kernel_K").is_some());
        let dpcpp = ctx
            .parse_ir(
                b"define spir_kernel void @_ZTS1K() #0 { ret void }\nattributes #0 = { \"sycl-module-id\"=\"a.cpp\" }\n",
                "b.ll",
            )
            .expect("parses");
        assert_eq!(
            rename_kernels(&dpcpp, "b.ll", KernelNames::Auto)
                .expect("left alone")
                .count,
            0
        );
        assert!(dpcpp.function("_ZTS1K").is_some());
        rename_kernels(&dpcpp, "b.ll", KernelNames::FreeFunction).expect("renamed");
        assert!(dpcpp.function("__sycl_kernel_K").is_some());
    }
}
