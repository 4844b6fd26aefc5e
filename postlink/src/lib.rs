//! The SYCL post-link pipeline as a library: read the linked device module,
//! split it into device images, run the per-image passes, compute property
//! sets and symbol tables, and hand the images to the caller in memory —
//! or write them as `sycl-post-link` does.
//!
//! ```
//! use sycl_postlink::{post_link_images, Input, Settings, SplitMode};
//!
//! let ir = r#"
//! target triple = "spir64-unknown-unknown"
//! define spir_kernel void @k1() #0 { ret void }
//! define spir_kernel void @k2() #0 { ret void }
//! attributes #0 = { "sycl-module-id"="a.cpp" }
//! "#;
//! let settings = Settings {
//!     split: SplitMode::Kernel,
//!     symbols: true,
//!     properties: true,
//!     ..Settings::default()
//! };
//! let (images, _report) = post_link_images(&settings, Input::from_bytes(ir, "linked.ll"))?;
//! assert_eq!(images.len(), 2);
//! for image in &images {
//!     // Bitcode, the symbol table and the property sets, as the command
//!     // writes them to <prefix>_<n>.bc, .sym and .prop.
//!     assert!(image.ir.starts_with(b"BC"));
//!     assert_eq!(image.symbols.as_deref(), Some(format!("{}\n", image.entry_points[0]).as_str()));
//!     let props = image.properties_text("").unwrap();
//!     assert!(props.contains("[SYCL/device requirements]"));
//! }
//! # Ok::<(), sycl_postlink::PostLinkError>(())
//! ```
//!
//! Modules, each importing only modules listed before it
//! (`scripts/layout-check.py --map` prints the imports):
//! - [`error`]: the error and report types of a run;
//! - [`settings`]: what a run is asked to do ([`Settings`]) and how ([`settings::RunTuning`]:
//!   thread count, verification; the library reads no environment variable);
//! - [`output`]: all-or-nothing file output (temporary names, renamed at the end);
//! - [`input`]: the input of a run ([`Input`]) and parsing it;
//! - [`image`]: device images, inside the pipeline and as handed out ([`Image`]);
//! - [`kernel_names`]: kernel names the SYCL runtime finds (`-kernel-names`);
//! - [`esimd`]: the ESIMD step on an extracted image;
//! - [`driver`]: analysis once, extraction on worker threads, results in order;
//! - [`pipeline`]: the in-memory pipeline, images streamed in table order
//!   ([`post_link`], [`post_link_images`]);
//! - [`files`]: the file sink, `sycl-post-link`'s outputs ([`run`]);
//! - [`module_split`]: `sycl-module-split` ([`run_module_split`]);
//! - [`split_report`]: `-split-report`, every split mode run in memory;
//! - [`device_link`]: `sycl-link`: link device bitcode and libraries, post-link, SYCLBIN.
#![forbid(unsafe_code)]

pub mod device_link;
pub mod driver;
pub mod error;
pub mod esimd;
pub mod files;
pub mod image;
pub mod input;
pub mod kernel_names;
pub mod module_split;
pub mod output;
pub mod pipeline;
pub mod settings;
pub mod split_report;

pub use error::{ErrorStyle, PostLinkError, Report};
pub use files::{image_file_name, run, ImageFile, OutputSpec, PostLinkOptions};
pub use image::{Image, ImageKind, TargetOutcome};
pub use input::Input;
pub use module_split::{run_module_split, ModuleSplitOptions};
pub use pipeline::{post_link, post_link_images, post_link_module};
pub use settings::{IdQueriesRange, ImageOrder, KernelNames, Settings, SpecConstMode};
pub use sycl_passes::properties::EsimdStatus;
pub use sycl_props::property_set::PropertySetRegistry;
pub use sycl_split::SplitMode;
