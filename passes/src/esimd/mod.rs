//! ESIMD and `invoke_simd`: the passes that handle explicit-SIMD code, one
//! per file, in the order sycl-post-link runs them.
//!
//! Before the split (whole module):
//! 1. [`kernel_wrappers`]: `LowerESIMDKernelAttrs`, the runtime's
//!    range-rounding wrappers of ESIMD kernels become ESIMD too;
//! 2. [`invoke_simd_lower`]: `SYCLLowerInvokeSimd`, the
//!    `__builtin_invoke_simd` calls are lowered.
//!
//! On every device image (the ESIMD step, `sycl_postlink::esimd`):
//! 3. [`invoke_simd_linkage`]: `invoke_simd` targets keep their definitions
//!    through the SYCL/ESIMD split (and get their linkage back after the
//!    link);
//! 4. under `-lower-esimd`, the ESIMD lowering pipeline on each ESIMD part:
//!    [`lower`] (`LowerESIMD`, with its intrinsic table [`intrinsics`] and
//!    its `genx_volatile` globals part [`globals`]), SROA,
//!    [`vec_arg_call_conv`], [`slm_reservation`], [`lower_load_store`],
//!    LLVM's scalar clean-up passes, then [`genx_spirv_writer`];
//! 5. without `-split-esimd`, [`link`] joins the ESIMD and SYCL parts of an
//!    image back into one module.
//!
//! What this folder does not do: sort entry points into ESIMD and SYCL ones
//! or cut the parts out of an image (that is `sycl_split::esimd`).

pub mod genx_spirv_writer;
pub mod globals;
pub mod intrinsics;
pub mod invoke_simd_linkage;
pub mod invoke_simd_lower;
pub mod kernel_wrappers;
pub mod link;
pub mod lower;
pub mod lower_load_store;
pub mod slm_reservation;
pub mod vec_arg_call_conv;
