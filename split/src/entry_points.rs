//! Entry points and the rules that classify functions: kernels, SYCL_EXTERNAL
//! functions, builtins, and the functions one device image may import from
//! another (dynamic linking, seed 004).
//!
//! Mirrors upstream's `isEntryPoint`, `isSpirvSyclBuiltin`, `isESIMDBuiltin`,
//! `isIntrinsicOrBuiltin` and `canBeImportedFunction`
//! (llvm/lib/SYCLPostLink/ModuleSplitter.cpp) and `isBF16DeviceLibFuncDecl`
//! (llvm/lib/SYCLLowerIR/SYCLDeviceLibBF16.cpp). The name rules are pure
//! functions of the name so that they can be tested without LLVM.

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
    /// `-import-undefined-externals` (not upstream's), without dynamic
    /// linking: images keep the functions the module defines (copied into
    /// each image that calls them, as without dynamic linking) and import
    /// only what the module declares but does not define, by the import
    /// rule of dynamic linking ([`can_be_imported`]). `sycl-link`'s default
    /// for input and object state.
    pub import_undefined: bool,
}

/// Attribute naming the translation unit a function comes from; its presence
/// marks a SYCL_EXTERNAL function.
pub const ATTR_MODULE_ID: &str = "sycl-module-id";
/// Attribute of virtual functions (its value names the set).
pub const ATTR_INDIRECTLY_CALLABLE: &str = "indirectly-callable";
/// Attribute of functions whose address is taken for indirect calls.
pub const ATTR_REFERENCED_INDIRECTLY: &str = "referenced-indirectly";
/// Attribute added by cleanup to the entry points of an image.
pub const ATTR_ENTRY_POINT: &str = "sycl-entry-point";

/// The bf16 device-library functions that are always imported from the
/// bf16 device-library images (upstream's `BF16DeviceLibFuncs`).
pub const BF16_DEVICELIB_FUNCTIONS: [&str; 14] = [
    "__devicelib_ConvertFToBF16INTEL",
    "__devicelib_ConvertBF16ToFINTEL",
    "__devicelib_ConvertFToBF16INTELVec1",
    "__devicelib_ConvertBF16ToFINTELVec1",
    "__devicelib_ConvertFToBF16INTELVec2",
    "__devicelib_ConvertBF16ToFINTELVec2",
    "__devicelib_ConvertFToBF16INTELVec3",
    "__devicelib_ConvertBF16ToFINTELVec3",
    "__devicelib_ConvertFToBF16INTELVec4",
    "__devicelib_ConvertBF16ToFINTELVec4",
    "__devicelib_ConvertFToBF16INTELVec8",
    "__devicelib_ConvertBF16ToFINTELVec8",
    "__devicelib_ConvertFToBF16INTELVec16",
    "__devicelib_ConvertBF16ToFINTELVec16",
];

/// True for a `spir_kernel`, `ptx_kernel` or `amdgpu_kernel` function.
pub fn is_kernel(f: Value<'_>) -> bool {
    f.call_conv().is_kernel()
}

/// True for a SYCL_EXTERNAL function (attribute `sycl-module-id`, any value).
pub fn is_sycl_external(f: Value<'_>) -> bool {
    f.has_fn_attr(ATTR_MODULE_ID)
}

/// `_Z`, then any number of digits (upstream drops them with `drop_while`,
/// so zero digits also match), then `prefix`.
fn is_mangled_with_prefix(name: &str, prefix: &str) -> bool {
    let Some(rest) = name.strip_prefix("_Z") else {
        return false;
    };
    rest.trim_start_matches(|c: char| c.is_ascii_digit())
        .starts_with(prefix)
}

/// SPIR-V or SYCL builtin: `_Z<digits>__spirv_…` or `_Z<digits>__sycl_…`.
pub fn is_spirv_or_sycl_builtin(name: &str) -> bool {
    is_mangled_with_prefix(name, "__spirv_") || is_mangled_with_prefix(name, "__sycl_")
}

/// ESIMD builtin: `_Z<digits>__esimd_…`.
pub fn is_esimd_builtin(name: &str) -> bool {
    is_mangled_with_prefix(name, "__esimd_")
}

/// Generic builtin: `__builtin_…`.
pub fn is_generic_builtin(name: &str) -> bool {
    name.starts_with("__builtin_")
}

/// Upstream's `isIntrinsicOrBuiltin` on a name: an LLVM intrinsic (reserved
/// `llvm.` prefix, what `Function::isIntrinsic` tests), any `__`-prefixed
/// name, or a SPIR-V/SYCL/ESIMD builtin.
pub fn is_intrinsic_or_builtin_name(name: &str) -> bool {
    name.starts_with("llvm.") || name.starts_with("__") || is_spirv_or_sycl_builtin(name) || is_esimd_builtin(name)
}

/// An LLVM intrinsic, a `__`-prefixed name or a SPIR-V/SYCL/ESIMD builtin.
pub fn is_intrinsic_or_builtin(f: Value<'_>) -> bool {
    f.intrinsic_id() != 0 || is_intrinsic_or_builtin_name(&f.name())
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
    if !is_sycl_external(f) {
        return false;
    }
    let name = f.name();
    !(is_spirv_or_sycl_builtin(&name) || is_esimd_builtin(&name) || is_generic_builtin(&name))
}

/// True for a declaration of one of [`BF16_DEVICELIB_FUNCTIONS`].
pub fn is_bf16_devicelib_function(f: Value<'_>) -> bool {
    f.is_declaration() && is_bf16_devicelib_name(&f.name())
}

/// True if `name` is one of [`BF16_DEVICELIB_FUNCTIONS`].
pub fn is_bf16_devicelib_name(name: &str) -> bool {
    BF16_DEVICELIB_FUNCTIONS.contains(&name)
}

/// The Itanium demangling of `name`, if it is one (what upstream's
/// `itaniumDemangle` would print, up to formatting details that do not
/// change the first characters).
pub fn demangle(name: &str) -> Option<String> {
    let sym = cpp_demangle::Symbol::new(name.as_bytes()).ok()?;
    sym.demangle(&cpp_demangle::DemangleOptions::default()).ok()
}

/// What [`can_be_imported`] looks at, without LLVM: the function's name,
/// whether it is a declaration and whether it carries `sycl-module-id`.
#[derive(Debug, Clone, Copy)]
pub struct ImportCandidate<'a> {
    /// The symbol name.
    pub name: &'a str,
    /// The function has no body.
    pub is_declaration: bool,
    /// The function has attribute `sycl-module-id` (SYCL_EXTERNAL).
    pub is_sycl_external: bool,
    /// LLVM gives it an intrinsic id (implies the `llvm.` prefix).
    pub is_intrinsic: bool,
}

/// `canBeImportedFunction` on the name-level facts of a function:
/// 1. a bf16 device-library declaration can always be imported;
/// 2. otherwise nothing can without dynamic linking;
/// 3. intrinsics and builtins (`llvm.`, `__` prefixes, `_Z<n>__spirv_`,
///    `_Z<n>__sycl_`, `_Z<n>__esimd_`) cannot;
/// 4. a definition that is not SYCL_EXTERNAL cannot (declarations count as
///    SYCL_EXTERNAL: the attribute is not recorded on them);
/// 5. a name whose Itanium demangling starts with `__` cannot;
/// 6. everything else can.
pub fn can_be_imported_candidate(c: ImportCandidate<'_>, dynamic_linking: bool) -> bool {
    if c.is_declaration && is_bf16_devicelib_name(c.name) {
        return true;
    }
    if !dynamic_linking {
        return false;
    }
    if c.is_intrinsic || is_intrinsic_or_builtin_name(c.name) {
        return false;
    }
    if !c.is_declaration && !c.is_sycl_external {
        return false;
    }
    !demangle(c.name).is_some_and(|d| d.starts_with("__"))
}

/// `canBeImportedFunction` of dynamic linking (reference 4.1, seed 004):
/// see [`can_be_imported_candidate`].
pub fn can_be_imported(f: Value<'_>, dynamic_linking: bool) -> bool {
    let name = f.name();
    can_be_imported_candidate(
        ImportCandidate {
            name: &name,
            is_declaration: f.is_declaration(),
            is_sycl_external: is_sycl_external(f),
            is_intrinsic: f.intrinsic_id() != 0,
        },
        dynamic_linking,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decl(name: &str) -> ImportCandidate<'_> {
        ImportCandidate {
            name,
            is_declaration: true,
            is_sycl_external: false,
            is_intrinsic: false,
        }
    }

    fn def(name: &str, sycl_external: bool) -> ImportCandidate<'_> {
        ImportCandidate {
            name,
            is_declaration: false,
            is_sycl_external: sycl_external,
            is_intrinsic: false,
        }
    }

    #[test]
    fn builtin_names() {
        assert!(is_spirv_or_sycl_builtin("_Z28__spirv_GlobalInvocationId_xv"));
        assert!(is_spirv_or_sycl_builtin("_Z20__sycl_getSpecConstantv"));
        assert!(!is_spirv_or_sycl_builtin("_Z3foov"));
        // Upstream drops any number of digits, including none.
        assert!(is_spirv_or_sycl_builtin("_Z__spirv_x"));
        // A nested name does not start with the prefix after the digits.
        assert!(!is_spirv_or_sycl_builtin("_ZN7__spirv4funcEv"));
        assert!(!is_spirv_or_sycl_builtin("__spirv_ocl_printf"));
        assert!(is_esimd_builtin("_Z14__esimd_simdv"));
        assert!(!is_esimd_builtin("_Z14__esimdv"));
        assert!(is_generic_builtin("__builtin_expect"));
    }

    #[test]
    fn intrinsics_and_builtins() {
        assert!(is_intrinsic_or_builtin_name("llvm.bitreverse.i8"));
        assert!(is_intrinsic_or_builtin_name("__itt_offload_wi_start_wrapper"));
        assert!(is_intrinsic_or_builtin_name("_Z18__spirv_ocl_printfPU3AS2Kcz"));
        assert!(!is_intrinsic_or_builtin_name("_Z7outsidev"));
        assert!(!is_intrinsic_or_builtin_name("llvmfoo"));
    }

    #[test]
    fn bf16_devicelib_is_importable_in_every_mode() {
        assert!(can_be_imported_candidate(
            decl("__devicelib_ConvertFToBF16INTELVec16"),
            false
        ));
        assert!(can_be_imported_candidate(decl("__devicelib_ConvertBF16ToFINTEL"), true));
        // Exact names only, declarations only.
        assert!(!can_be_imported_candidate(
            decl("__devicelib_ConvertFToBF16INTELVec5"),
            false
        ));
        assert!(!can_be_imported_candidate(
            def("__devicelib_ConvertFToBF16INTEL", true),
            false
        ));
    }

    #[test]
    fn nothing_else_is_importable_without_dynamic_linking() {
        assert!(!can_be_imported_candidate(decl("childA"), false));
        assert!(!can_be_imported_candidate(def("sycl_external", true), false));
    }

    #[test]
    fn dynamic_linking_rules() {
        // Declarations count as SYCL_EXTERNAL.
        assert!(can_be_imported_candidate(decl("childA"), true));
        assert!(can_be_imported_candidate(decl("_Z7outsidev"), true));
        // Definitions must be SYCL_EXTERNAL.
        assert!(can_be_imported_candidate(def("middle", true), true));
        assert!(!can_be_imported_candidate(def("internal", false), true));
        // Intrinsics and builtins.
        assert!(!can_be_imported_candidate(decl("llvm.bitreverse.i8"), true));
        assert!(!can_be_imported_candidate(
            ImportCandidate {
                is_intrinsic: true,
                ..decl("x")
            },
            true
        ));
        assert!(!can_be_imported_candidate(decl("__itt_offload_wi_start_wrapper"), true));
        assert!(!can_be_imported_candidate(def("__private", true), true));
        assert!(!can_be_imported_candidate(
            decl("_Z18__spirv_ocl_printfPU3AS2Kcz"),
            true
        ));
        assert!(!can_be_imported_candidate(
            decl("_Z22__sycl_getScalarSpecConstantv"),
            true
        ));
        assert!(!can_be_imported_candidate(decl("_Z14__esimd_simdv"), true));
        // The demangled name decides too.
        assert!(!can_be_imported_candidate(decl("_Z8__insidev"), true));
        assert!(!can_be_imported_candidate(decl("_ZL5__barv"), true));
        assert!(!can_be_imported_candidate(decl("_ZN2__3fooEv"), true));
        assert!(!can_be_imported_candidate(decl("_ZN7__spirv4funcEv"), true));
        // A template with a return type demangles to "void __foo<int>(int)".
        assert!(can_be_imported_candidate(decl("_Z5__fooIiEvT_"), true));
        // Names that do not demangle are importable.
        assert!(can_be_imported_candidate(decl("plain_c_name"), true));
    }

    #[test]
    fn demangling_matches_llvm() {
        assert_eq!(demangle("_Z8__insidev").as_deref(), Some("__inside()"));
        assert_eq!(demangle("_Z7outsidev").as_deref(), Some("outside()"));
        assert_eq!(demangle("_ZN2__3fooEv").as_deref(), Some("__::foo()"));
        assert!(demangle("_Z5__fooIiEvT_").is_some_and(|d| d.starts_with("void __foo<int>")));
    }
}
