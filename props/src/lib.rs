//! On-disk formats of the SYCL post-link toolkit, as plain data types with a reader and a writer each.
//!
//! This crate owns every file format the toolkit reads or writes, byte-compatible with intel/llvm's
//! implementation:
//!
//! - [`property_set`]: the `[Set name]` / `key=type|value` text of `.prop` files (upstream `PropertySetIO`),
//!   with every known set name as a constant and typed accessors;
//! - [`base64`]: upstream's own least-significant-bit-first base64 variant used for byte-array values;
//! - [`file_table`]: the `[Col1|Col2]` file tables passed between tools (upstream `SimpleTable`), with the
//!   transformations `file-table-tform` performs;
//! - [`syclbin`]: the SYCLBIN container of separately compiled device code (version 1, the typed model, and
//!   [`syclbin::SyclbinFile::read`], the one reader for every form of SYCLBIN);
//! - [`syclbin_v2`]: SYCLBIN version 2, spread over the entries of a multi-entry offload binary;
//! - [`offload_binary`]: LLVM's offload packaging format (`OffloadBinary` versions 1 and 2), which wraps a
//!   SYCLBIN.
//!
//! It does **not** touch LLVM IR, compute properties, or split modules: the IR side builds these values and
//! hands them here to be written. It has no LLVM dependency, so every reader of untrusted bytes can be fuzzed
//! (see `fuzz/`). Readers never panic on malformed input; they return a typed error.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod base64;
pub mod file_table;
pub mod offload_binary;
pub mod property_set;
pub mod syclbin;
mod syclbin_model;
pub mod syclbin_v2;
mod text;

pub use text::plain;
