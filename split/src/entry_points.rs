//! Entry points and the rules that classify functions (kernels, SYCL_EXTERNAL
//! functions, builtins, importable functions).

use sycl_ir::Value;

/// Options that decide which functions are entry points and which may be
/// imported from another device image.
#[derive(Debug, Clone, Copy, Default)]
pub struct EntryPointOptions {
    /// `-emit-only-kernels-as-entry-points`: SYCL_EXTERNAL functions are not
    /// entry points (virtual functions still are).
    pub only_kernels: bool,
    /// `-allow-device-image-dependencies` / `-support-dynamic-linking`.
    pub dynamic_linking: bool,
}

/// Attribute naming the translation unit a function comes from.
pub const ATTR_MODULE_ID: &str = "sycl-module-id";
/// Attribute of virtual functions (its value names the set).
pub const ATTR_INDIRECTLY_CALLABLE: &str = "indirectly-callable";
/// Attribute of functions whose address is taken for indirect calls.
pub const ATTR_REFERENCED_INDIRECTLY: &str = "referenced-indirectly";
/// Attribute added by cleanup to the entry points of an image.
pub const ATTR_ENTRY_POINT: &str = "sycl-entry-point";

/// True for a `spir_kernel`, `ptx_kernel` or `amdgpu_kernel` function.
pub fn is_kernel(f: Value<'_>) -> bool {
    f.call_conv().is_kernel()
}

/// `_Z<digits><prefix>...`: a mangled name whose first identifier starts
/// with `prefix`.
fn is_mangled_with_prefix(name: &str, prefix: &str) -> bool {
    let Some(rest) = name.strip_prefix("_Z") else {
        return false;
    };
    let digits = rest.bytes().take_while(|b| b.is_ascii_digit()).count();
    digits > 0 && rest[digits..].starts_with(prefix)
}

/// SPIR-V or SYCL builtin (`_Z<n>__spirv_*`, `_Z<n>__sycl_*`).
pub fn is_spirv_or_sycl_builtin(name: &str) -> bool {
    is_mangled_with_prefix(name, "__spirv_") || is_mangled_with_prefix(name, "__sycl_")
}

/// ESIMD builtin (`_Z<n>__esimd_*`).
pub fn is_esimd_builtin(name: &str) -> bool {
    is_mangled_with_prefix(name, "__esimd_")
}

/// An LLVM intrinsic, a `__`-prefixed name or a SPIR-V/SYCL/ESIMD builtin.
pub fn is_intrinsic_or_builtin(f: Value<'_>) -> bool {
    let name = f.name();
    f.intrinsic_id() != 0
        || name.starts_with("llvm.")
        || name.starts_with("__")
        || is_spirv_or_sycl_builtin(&name)
        || is_esimd_builtin(&name)
}

/// True if `f` is an entry point of device code split (reference 3.2).
pub fn is_entry_point(f: Value<'_>, opts: EntryPointOptions) -> bool {
    if f.is_declaration() {
        return false;
    }
    if is_kernel(f) {
        return true;
    }
    if opts.only_kernels {
        return f.has_fn_attr(ATTR_INDIRECTLY_CALLABLE);
    }
    if !f.has_fn_attr(ATTR_MODULE_ID) {
        return false;
    }
    let name = f.name();
    !(is_spirv_or_sycl_builtin(&name) || is_esimd_builtin(&name) || name.starts_with("__builtin_"))
}

/// bf16 device-library functions (`__devicelib_ConvertFToBF16INTEL*`,
/// `__devicelib_ConvertBF16ToFINTEL*`) declared in the module.
pub fn is_bf16_devicelib_function(f: Value<'_>) -> bool {
    let name = f.name();
    f.is_declaration()
        && (name.starts_with("__devicelib_ConvertFToBF16INTEL") || name.starts_with("__devicelib_ConvertBF16ToFINTEL"))
}

/// `canBeImportedFunction` of dynamic linking (reference 4.1, seed 004).
pub fn can_be_imported(f: Value<'_>, dynamic_linking: bool) -> bool {
    if is_bf16_devicelib_function(f) {
        return true;
    }
    if !dynamic_linking || is_intrinsic_or_builtin(f) {
        return false;
    }
    if !f.is_declaration() && !f.has_fn_attr(ATTR_MODULE_ID) {
        return false;
    }
    let name = f.name();
    if let Ok(sym) = cpp_demangle::Symbol::new(name.as_bytes()) {
        if let Ok(text) = sym.demangle(&cpp_demangle::DemangleOptions::default()) {
            if text.starts_with("__") {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_names() {
        assert!(is_spirv_or_sycl_builtin("_Z28__spirv_GlobalInvocationId_xv"));
        assert!(is_spirv_or_sycl_builtin("_Z20__sycl_getSpecConstantv"));
        assert!(!is_spirv_or_sycl_builtin("_Z3foov"));
        assert!(!is_spirv_or_sycl_builtin("_Z__spirv_x"));
        assert!(is_esimd_builtin("_Z14__esimd_simdv"));
    }
}
