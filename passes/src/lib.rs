//! IR transformations of the SYCL post-link step and the analyses that
//! compute device-image property sets.
//!
//! One pass per file; each file's doc comment shows the IR before and after.
//! The ESIMD and `invoke_simd` passes are in [`esimd`], the property-set
//! analyses in [`properties`].
//! Passes take a [`sycl_ir::Module`] and report whether they changed it.
//! What this crate does not do: decide how the module is split (that is
//! `sycl-split`) or write anything to disk (that is `sycl-postlink`).
//!
//! The crate's only `unsafe` is the call of `sycl-ir`'s erasing methods
//! (`erase_instruction`, `erase_function`, `erase_global`, `delete_body`,
//! and the few that replace a value by a new one), each in a block whose
//! `// SAFETY:` comment says why the erased value has no uses and no handle
//! to it is used again; `scripts/layout-check.py` checks that such a block
//! calls nothing else.
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks)]

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
