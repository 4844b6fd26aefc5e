//! Device-sanitizer steps of the post-link pipeline.
//!
//! **Before the split** ([`fix_sanitizer_kernel_metadata`], upstream
//! `SanitizerKernelMetadataPass`, llvm/lib/SYCLLowerIR/
//! SanitizerKernelMetadata.cpp): the instrumentation passes record kernel
//! information in a global `__AsanKernelMetadata` / `__MsanKernelMetadata` /
//! `__TsanKernelMetadata` that the runtime reads like a device global, but
//! llvm-link drops its `spirv.Decorations`. The first of these globals that
//! exists is wrapped in a struct, as device globals are, and gets its
//! decoration back, plus its device-global size:
//! ```llvm
//! @__AsanKernelMetadata = appending dso_local local_unnamed_addr addrspace(1) global [1 x { i64, i64 }] [...]
//! ; becomes
//! @__AsanKernelMetadata = dso_local local_unnamed_addr addrspace(1) global %0 { [1 x { i64, i64 }] [...] }, !spirv.Decorations !0 #0
//! %0 = type { [1 x { i64, i64 }] }
//! !0 = !{!1}
//! !1 = !{i32 6147, i32 0, !"_Z20__SanitizerKernelMetadata"}   ; HostAccessINTEL, read
//! attributes #0 = { "sycl-device-global-size"="16" }
//! ```
//! The new global takes external linkage, `local_unnamed_addr` and
//! `dso_local`, then the old global's attributes (so its `unnamed_addr` and
//! `dso_local` win) and metadata.
//!
//! **After the split** ([`add_sanitizer_module_kernels`], upstream
//! `handleSanitizers`, llvm/lib/SYCLPostLink/SanitizerPostSplitProcessing.cpp):
//! for every global named `__AsanKernelMetadata<ID>` (likewise Msan, Tsan) of
//! an image, an empty kernel `__sanitizerModule<ID>` is added, so that the
//! runtime's sanitizer layer can find each image's metadata by module id even
//! when images are linked together at run time:
//! ```llvm
//! define weak_odr dso_local spir_kernel void @__sanitizerModule_abc() #0 {
//! entry:
//!   ret void
//! }
//! attributes #0 = { "sycl-entry-point" }
//! ```
//! The `sanUsed` property is computed by [`crate::properties::misc`].

use sycl_ir::{CallConv, Linkage, MdOperand, Module};
use sycl_split::entry_points::ATTR_ENTRY_POINT;

use crate::properties::misc::SANITIZER_METADATA;

/// SPIR-V `HostAccessINTEL` decoration.
const SPIRV_HOST_ACCESS_DECOR: u64 = 6147;
/// Name the runtime looks the metadata up by.
const SANITIZER_METADATA_ID: &str = "_Z20__SanitizerKernelMetadata";

/// Wraps the first sanitizer kernel-metadata global of `m` (exact names, in
/// the order Asan, Msan, Tsan) in a struct if it is an array, and restores
/// its device-global size attribute and `spirv.Decorations`. Returns true if
/// the module changed.
pub fn fix_sanitizer_kernel_metadata(m: &Module<'_>) -> bool {
    let Some(g) = SANITIZER_METADATA.iter().find_map(|(name, _)| m.global(name)) else {
        return false;
    };
    // SAFETY: the old global, if replaced, is shadowed here and never read
    // again, and no constant expression that used it is held.
    let g = unsafe { g.wrap_global_array_in_struct() }.unwrap_or(g);
    let size = m.data_layout().alloc_size(g.global_value_type());
    g.add_global_attr("sycl-device-global-size", &size.to_string());
    let t = m.types();
    let decoration = m.md_node(&[
        MdOperand::Value(t.const_int(t.int(32), SPIRV_HOST_ACCESS_DECOR)),
        MdOperand::Value(t.const_int(t.int(32), 0)),
        MdOperand::String(t.md_string(SANITIZER_METADATA_ID)),
    ]);
    let list = m.md_node(&[MdOperand::Node(decoration)]);
    g.add_global_metadata(m.md_kind_for_write("spirv.Decorations"), list);
    true
}

/// Adds a `__sanitizerModule<ID>` kernel for every sanitizer kernel-metadata
/// global `__{Asan,Msan,Tsan}KernelMetadata<ID>` of image `m`, in global
/// order. Returns true if the module changed.
pub fn add_sanitizer_module_kernels(m: &Module<'_>) -> bool {
    let ids: Vec<String> = m
        .globals()
        .into_iter()
        .filter_map(|g| {
            let name = g.name();
            SANITIZER_METADATA
                .iter()
                .find_map(|(prefix, _)| name.strip_prefix(prefix).map(str::to_string))
        })
        .collect();
    let t = m.types();
    let fn_ty = t.function(t.void(), &[], false);
    for id in &ids {
        let f = m.add_function(&format!("__sanitizerModule{id}"), fn_ty);
        f.set_linkage(Linkage::LLVMWeakODRLinkage);
        f.set_call_conv(CallConv::SpirKernel);
        f.set_dso_local(true);
        f.add_fn_attr(ATTR_ENTRY_POINT, "");
        f.add_ret_void_body();
    }
    !ids.is_empty()
}
