//! `[SYCL/exported symbols]`, `[SYCL/kernel names]` and
//! `[SYCL/imported symbols]` (upstream `computeModuleProperties`,
//! llvm/lib/SYCLPostLink/ComputeModuleRuntimeInfo.cpp; seed 004; reference
//! 4.4, 4.5).
//!
//! In dynamic-linking mode an image that calls a SYCL_EXTERNAL function of
//! another source keeps only its declaration:
//! ```text
//! define spir_kernel void @k() { call spir_func void @lib_f() }  ; image of b.cpp
//! declare spir_func void @lib_f()
//!   =>  [SYCL/imported symbols]
//!       lib_f=1|1
//! define spir_func void @lib_f() #0 { ... }  ; image of a.cpp, #0 = { "sycl-module-id"="a.cpp" }
//!   =>  [SYCL/exported symbols]
//!       lib_f=1|1
//! ```
//!
//! - exported: the image's entry points in entry order that are `spir_func`
//!   and not `indirectly-callable` (virtual functions link differently; kernels
//!   are never exported), then every device-global **definition** with
//!   external linkage and without `device_image_scope`, in module order;
//! - kernel names: the entry points with a kernel calling convention;
//! - imported: every function **declaration** in module order that is not
//!   `indirectly-callable` and can be imported (see
//!   [`sycl_split::entry_points::can_be_imported`]); then, in dynamic-linking
//!   mode, every external declaration of a global whose type is a struct
//!   named like `…device_global…` (declarations carry no attributes).

use sycl_ir::{CallConv, Linkage, Module, Type, TypeKind, Value};
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};
use sycl_split::entry_points::{can_be_imported, ATTR_INDIRECTLY_CALLABLE};

use super::device_globals::{has_device_image_scope, is_device_global};

/// The exported symbols of an image with entry points `entries`.
pub fn exported_symbols(m: &Module<'_>, entries: &[Value<'_>]) -> Vec<String> {
    let functions = entries
        .iter()
        .filter(|f| !f.has_fn_attr(ATTR_INDIRECTLY_CALLABLE) && f.call_conv() == CallConv::SpirFunc)
        .map(|f| f.name());
    let globals = m
        .globals()
        .into_iter()
        .filter(|&g| {
            is_device_global(g)
                && !g.is_declaration()
                && !has_device_image_scope(g)
                && g.linkage() == Linkage::LLVMExternalLinkage
        })
        .map(|g| g.name());
    functions.chain(globals).collect()
}

/// Upstream's test for an imported device global (declarations carry no
/// attributes): the value type is a struct whose name contains
/// `device_global`.
fn is_device_global_struct(ty: Type<'_>) -> bool {
    ty.kind() == TypeKind::Struct && ty.struct_name().contains("device_global")
}

/// The imported symbols of image `m`.
pub fn imported_symbols(m: &Module<'_>, dynamic_linking: bool) -> Vec<String> {
    let functions = m
        .functions()
        .into_iter()
        .filter(|&f| {
            f.is_declaration() && !f.has_fn_attr(ATTR_INDIRECTLY_CALLABLE) && can_be_imported(f, dynamic_linking)
        })
        .map(|f| f.name());
    let globals = m
        .globals()
        .into_iter()
        .filter(|&g| {
            dynamic_linking
                && g.is_declaration()
                && g.linkage() == Linkage::LLVMExternalLinkage
                && is_device_global_struct(g.global_value_type())
        })
        .map(|g| g.name());
    functions.chain(globals).collect()
}

/// Adds `[SYCL/exported symbols]` when anything is exported.
pub fn add_exported_symbols(m: &Module<'_>, entries: &[Value<'_>], reg: &mut PropertySetRegistry) {
    for name in exported_symbols(m, entries) {
        reg.add(names::EXPORTED_SYMBOLS, name, PropertyValue::UInt32(1));
    }
}

/// Adds `[SYCL/kernel names]` when the image has kernel entry points.
pub fn add_kernel_names(entries: &[Value<'_>], reg: &mut PropertySetRegistry) {
    for f in entries.iter().filter(|f| f.call_conv().is_kernel()) {
        reg.add(names::KERNEL_NAMES, f.name(), PropertyValue::UInt32(1));
    }
}

/// Adds `[SYCL/imported symbols]` when anything is imported.
pub fn add_imported_symbols(m: &Module<'_>, dynamic_linking: bool, reg: &mut PropertySetRegistry) {
    for name in imported_symbols(m, dynamic_linking) {
        reg.add(names::IMPORTED_SYMBOLS, name, PropertyValue::UInt32(1));
    }
}
