//! IR transformations of the SYCL post-link step and the analyses that
//! compute device-image property sets.
//!
//! One pass per file; each file's doc comment shows the IR before and after.
//! Passes take a [`sycl_ir::Module`] and report whether they changed it.
//! What this crate does not do: decide how the module is split (that is
//! `sycl-split`) or write anything to disk (that is `sycl-tools`).

pub mod cleanup;
pub mod esimd;
pub mod global_offset;
pub mod internalize;
pub mod local_accessor;
pub mod properties;
pub mod remove_llvm_used;
pub mod sanitizer;
pub mod spec_constants;
pub mod target_filter;
pub mod target_helpers;

// The old flat paths, kept only until the next commit updates the callers
// (this commit is the pure move of the files).
pub use esimd::genx_spirv_writer;
pub use esimd::globals as esimd_globals;
pub use esimd::intrinsics as esimd_intrinsics;
pub use esimd::invoke_simd_linkage;
pub use esimd::invoke_simd_lower;
pub use esimd::kernel_wrappers as esimd_kernel_wrappers;
pub use esimd::link as esimd_link;
pub use esimd::lower as esimd_lower;
pub use esimd::lower_load_store as esimd_lower_load_store;
pub use esimd::slm_reservation as esimd_slm_reservation;
pub use esimd::vec_arg_call_conv as esimd_vec_arg_call_conv;

/// Errors of the passes. Messages are upstream's where upstream has one.
#[derive(Debug, thiserror::Error)]
pub enum PassError {
    /// An error with upstream's message text.
    #[error("{0}")]
    Message(String),
    /// An error from the IR layer.
    #[error(transparent)]
    Ir(#[from] sycl_ir::IrError),
}
