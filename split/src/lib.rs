//! Device code split for SYCL: which functions are entry points, how entry
//! points are grouped into device images (per source, per kernel, or one
//! image), the dependency graph that decides what each image must contain,
//! the extraction of an image from the linked module, and the separation of
//! an image into its ESIMD and SYCL parts.
//!
//! What this crate does not do: clean up or annotate the images it extracts
//! (that is `sycl-passes`), or write files (that is `sycl-postlink`:
//! `files.rs`, `output.rs`).
#![forbid(unsafe_code)]

pub mod entry_points;
pub mod esimd;
pub mod graph;
pub mod grouping;
pub mod summary;

pub use entry_points::{can_be_imported, is_entry_point, is_kernel, EntryPointOptions};
pub use graph::DependencyGraph;
pub use grouping::{group_entry_points, EntryPointGroup, SplitMode};

use sycl_ir::{Extractor, Module, Value};

/// Extracts the device image of `group`: a new module defining the group's
/// entry points and everything `graph` says they need.
pub fn extract_image<'c>(
    m: &Extractor<'_, 'c>,
    graph: &DependencyGraph<'c>,
    group: &EntryPointGroup<'c>,
    exclude: impl Fn(Value<'c>) -> bool,
) -> Module<'c> {
    let defs = graph.collect(&group.entry_points, exclude);
    m.extract(&defs)
}
