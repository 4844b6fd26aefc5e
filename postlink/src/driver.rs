//! The split driver: groups entry points, extracts and cleans up each
//! device image, and hands it to an [`ImageSink`] — in parallel, with the
//! same bytes out whatever the thread count.
//!
//! How the work is shared: the input module is analysed once (groups,
//! dependency graph) on the calling thread, which turns each group into a
//! job naming the global values to define by their position in the module.
//! The module is then written to bitcode once and dropped; every worker
//! thread loads that bitcode lazily into its own LLVM context (bodies are
//! read only when an image needs them) and extracts the images of the jobs
//! it takes. Every image is built from an identical copy of the module by
//! the same steps, so which thread builds it does not matter; results are
//! put back in job order.
//!
//! After extraction and cleanup, each image goes through the ESIMD step
//! ([`crate::esimd`]), which may turn it into an ESIMD and a SYCL part; the
//! sink saves all parts of an image under the image's number.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use sycl_ir::{Context, Extractor, Module, Value};
use sycl_passes::cleanup::{cleanup, CleanupOptions};
use sycl_passes::properties::EsimdStatus;
use sycl_split::entry_points::EntryPointOptions;
use sycl_split::{group_entry_points, DependencyGraph, EntryPointGroup, SplitMode};

use crate::error::PostLinkError;
use crate::esimd::{process_image, EsimdOptions, ImageInfo};
use crate::image::{undefined_function_warnings, DeviceImage, ImagePart};
use crate::input::parse_module;

/// Split settings shared by `sycl-post-link` and `sycl-module-split`.
pub struct SplitSettings {
    /// Grouping mode.
    pub mode: SplitMode,
    /// A `-split` option was given (else the module is passed through).
    pub split_given: bool,
    /// One group for all entry points.
    pub global_scope: bool,
    /// Entry-point and dynamic-linking options.
    pub ep: EntryPointOptions,
    /// Worker threads.
    pub threads: usize,
    /// The ESIMD step's options; `None` skips the step (every image is one
    /// SYCL_ONLY part).
    pub esimd: Option<EsimdOptions>,
}

/// Takes each cleaned-up image: called from worker threads, in any order.
pub trait ImageSink: Sync {
    /// What the sink makes of one image.
    type Output: Send;
    /// Saves image number `n` (its position in the split's output order).
    fn save(&self, n: usize, image: &DeviceImage<'_>) -> Result<Self::Output, PostLinkError>;
}

/// What [`split_and_save`] produced, in output order.
pub struct SplitResult<O> {
    /// The sink's output per image, in output order.
    pub images: Vec<O>,
    /// Warnings, in output order.
    pub warnings: Vec<String>,
    /// Images were extracted (else the input was passed through).
    pub real_split: bool,
}

struct Job {
    names: Vec<String>,
    defs: Vec<u32>,
    has_virtual_functions: bool,
}

/// The ESIMD step on an image (or, when it is off, the image as one SYCL_ONLY
/// part).
fn esimd_step<'c>(
    s: &SplitSettings,
    name: &str,
    image: Module<'c>,
    info: &ImageInfo<'_>,
) -> Result<(DeviceImage<'c>, Vec<String>), PostLinkError> {
    match &s.esimd {
        Some(o) => process_image(image, info, s.ep, o, name),
        None => {
            let part = ImagePart {
                module: image,
                entry_points: info.entry_points.to_vec(),
                status: EsimdStatus::SyclOnly,
            };
            Ok((DeviceImage::new(vec![part], info.real_split), Vec::new()))
        }
    }
}

/// Parses the input (`data`, named `name`), runs `prepare` on it (pre-split
/// steps and checks), splits it into device images and saves each with
/// `sink`. `before_extract` sees the groups first (for checks that reject
/// the input). The input module and its LLVM context are released before
/// the images are built.
pub fn split_and_save<S: ImageSink>(
    data: Vec<u8>,
    name: &str,
    s: &SplitSettings,
    sink: &S,
    prepare: impl for<'c> FnOnce(&Module<'c>) -> Result<(), PostLinkError>,
    before_extract: impl for<'c> FnOnce(&Module<'c>, &[EntryPointGroup<'c>]) -> Result<(), PostLinkError>,
) -> Result<SplitResult<S::Output>, PostLinkError> {
    let cleanup_opts = |g: bool| CleanupOptions {
        dynamic_linking: s.ep.dynamic_linking,
        has_virtual_functions: g,
    };
    let ctx = Context::new();
    let (jobs, bitcode, data_layout, groups_split) = {
        let m = parse_module(&ctx, &data, name)?;
        // The module holds what it needs; the input bytes can go.
        drop(data);
        prepare(&m)?;
        let groups = group_entry_points(&m, s.mode, s.global_scope, s.ep);
        before_extract(&m, &groups)?;
        let real_split = s.split_given && (groups.len() > 1 || !groups[0].entry_points.is_empty());
        let groups_split = groups.len() > 1;
        if !real_split {
            let group = &groups[0];
            let names = group.names();
            let has_virtual_functions = group.has_virtual_functions;
            // A module passed through whole without any entry point is kept as it
            // is (upstream's copier; conformance spec-constants/SYCL-alloca.ll).
            if !names.is_empty() {
                cleanup(&m, &names, cleanup_opts(has_virtual_functions))
                    .map_err(|e| PostLinkError::new(e.to_string()))?;
            }
            let info = ImageInfo {
                entry_points: &names,
                has_virtual_functions,
                real_split: false,
                groups_split,
            };
            let (image, warnings) = esimd_step(s, name, m, &info)?;
            let out = sink.save(0, &image)?;
            return Ok(SplitResult {
                images: vec![out],
                warnings,
                real_split,
            });
        }

        // Analysis on the input module, then jobs that name values by position.
        let graph = DependencyGraph::build(&m, s.ep.dynamic_linking);
        let position: HashMap<Value<'_>, u32> = m
            .global_values()
            .into_iter()
            .enumerate()
            .map(|(i, v)| (v, i as u32))
            .collect();
        let jobs: Vec<Job> = groups
            .iter()
            .map(|g| {
                let mut defs: Vec<u32> = graph
                    .collect(&g.entry_points, |_| false)
                    .iter()
                    .map(|v| position[v])
                    .collect();
                defs.sort_unstable();
                Job {
                    names: g.names(),
                    defs,
                    has_virtual_functions: g.has_virtual_functions,
                }
            })
            .collect();
        let bitcode = m.to_bitcode_with_use_list_order();
        (jobs, bitcode, m.data_layout_str(), groups_split)
    };
    drop(ctx);
    let real_split = true;

    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    type Slot<O> = Option<Result<(O, Vec<String>), PostLinkError>>;
    let results: Mutex<Vec<Slot<S::Output>>> = Mutex::new((0..jobs.len()).map(|_| None).collect());
    // A virtual-functions image may get a dummy copy that takes the next
    // number (see the `sycl-post-link` sink): save such images in order.
    let threads = if jobs.iter().any(|j| j.has_virtual_functions) {
        1
    } else {
        s.threads.clamp(1, jobs.len().max(1))
    };
    let worker = || {
        let ctx = Context::new();
        let wm = match ctx.parse_bitcode_lazy(&bitcode, name) {
            Ok(wm) => wm,
            Err(e) => {
                failed.store(true, Ordering::SeqCst);
                if let Ok(mut r) = results.lock() {
                    if let Some(slot) = r.iter_mut().find(|s| s.is_none()) {
                        *slot = Some(Err(PostLinkError::new(e.to_string())));
                    }
                }
                return;
            }
        };
        // The bitcode reader upgrades some data layouts (an empty SPIR layout
        // becomes "G1"); images keep the layout the input was read with.
        wm.set_data_layout(&data_layout);
        let values = wm.global_values();
        let extractor = Extractor::new(&wm);
        loop {
            if failed.load(Ordering::SeqCst) {
                return;
            }
            let n = next.fetch_add(1, Ordering::SeqCst);
            let Some(job) = jobs.get(n) else { return };
            let result = (|| {
                let defs: Vec<Value<'_>> = job.defs.iter().map(|&i| values[i as usize]).collect();
                let image = extractor
                    .try_extract(&defs)
                    .map_err(|e| PostLinkError::new(format!("{name}: {e}")))?;
                cleanup(&image, &job.names, cleanup_opts(job.has_virtual_functions))
                    .map_err(|e| PostLinkError::new(e.to_string()))?;
                let mut warnings = if s.ep.dynamic_linking {
                    Vec::new()
                } else {
                    undefined_function_warnings(&image)
                };
                let info = ImageInfo {
                    entry_points: &job.names,
                    has_virtual_functions: job.has_virtual_functions,
                    real_split: true,
                    groups_split,
                };
                let (image, esimd_warnings) = esimd_step(s, name, image, &info)?;
                warnings.extend(esimd_warnings);
                let out = sink.save(n, &image)?;
                Ok((out, warnings))
            })();
            if result.is_err() {
                failed.store(true, Ordering::SeqCst);
            }
            if let Ok(mut r) = results.lock() {
                r[n] = Some(result);
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(worker);
        }
        worker();
    });

    let results = results
        .into_inner()
        .map_err(|_| PostLinkError::new("internal error: a worker panicked"))?;
    let mut images = Vec::with_capacity(results.len());
    let mut warnings = Vec::new();
    let mut first_error = None;
    for r in results {
        match r {
            Some(Ok((out, w))) => {
                images.push(out);
                warnings.extend(w);
            }
            Some(Err(e)) => {
                first_error.get_or_insert(e);
            }
            None => {}
        }
    }
    if let Some(e) = first_error {
        return Err(e);
    }
    Ok(SplitResult {
        images,
        warnings,
        real_split,
    })
}
