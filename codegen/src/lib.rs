//! Code generation of SYCL device images: LLVM IR to SPIR-V with LLVM's
//! own back end, in worker processes on every core, and the result
//! packaged as a SYCLBIN (or as the offload binaries upstream clang's
//! driver registers). `sycl-postlink` makes the images; this crate compiles
//! and packages them, for `sycl-link`, `syclbin create`, `sycl-spirv-emit`
//! and the C ABI.
//!
//! "Where is an image compiled?": [`syclbin::Packager`] takes images as
//! they are made and hands each to a worker ([`worker`]), unless the code
//! cache ([`code_cache`], with a remote level in [`remote_cache`]) has it;
//! a large image is cut into pieces ([`pieces`]) compiled on several cores
//! and joined (`sycl_spirv::join_pieces`). Everything that decides how is
//! one [`CodegenOptions`] ([`options`]).
//!
//! Modules, each importing only modules listed before it
//! (`scripts/layout-check.py --map` prints the imports):
//! - [`pieces`]: an image cut into pieces compiled apart (call components),
//!   and the back end's estimated cost of an image;
//! - [`options`]: [`CodegenOptions`], and the record a worker reads first;
//! - [`worker`]: what the bytes of a code generation worker mean (requests,
//!   answers; the processes themselves are `sycl_process`'s), and the read
//!   check of untrusted LLVM IR ([`worker::ReadCheck`]);
//! - [`remote_cache`]: the code cache's second level, over HTTP;
//! - [`code_cache`]: the SPIR-V of an image looked up by a keyed hash of
//!   its IR and options;
//! - [`syclbin`]: device images packaged as a SYCLBIN, LLVM IR compiled to
//!   SPIR-V.
#![forbid(unsafe_code)]

pub mod code_cache;
pub mod options;
pub mod pieces;
pub mod remote_cache;
pub mod syclbin;
pub mod worker;

pub use options::{CodegenOptions, DEFAULT_CODEGEN_TIMEOUT};
