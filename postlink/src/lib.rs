//! The SYCL post-link pipeline as a library: read the linked device module,
//! split it into device images, run the per-image passes, compute property
//! sets and symbol tables, and hand the images to a sink.
//!
//! Modules, in the order data flows through them (each imports only the
//! ones before it):
//! - [`error`]: the error and report types of a run;
//! - [`output`]: all-or-nothing file output (temporary names, renamed at the end);
//! - [`input`]: reading and parsing the input module;
//! - [`image`]: a device image and its parts;
//! - [`esimd`]: the ESIMD step on an extracted image;
//! - [`driver`]: analysis once, extraction on worker threads, results in order;
//! - [`pipeline`]: `sycl-post-link` and `sycl-module-split` behind their options;
//! - [`syclbin`]: device images packaged as a SYCLBIN, LLVM IR compiled to SPIR-V;
//! - [`device_link`]: `sycl-link`: link device bitcode and libraries, post-link, SYCLBIN.

pub mod device_link;
pub mod driver;
pub mod error;
pub mod esimd;
pub mod image;
pub mod input;
pub mod output;
pub mod pipeline;
pub mod syclbin;

pub use error::{ErrorStyle, PostLinkError, Report};
pub use pipeline::{run, run_module_split, ModuleSplitOptions, OutputSpec, PostLinkOptions, SpecConstMode};
