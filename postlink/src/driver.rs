//! The split driver: groups entry points, extracts and cleans up each
//! device image, and hands it to an [`ImageSink`] — in parallel, with the
//! same bytes out whatever the thread count.
//!
//! How the work is shared: the input module is analysed once (groups,
//! dependency graph) on the calling thread, which turns each group into a
//! job naming the global values to define by their position in the module.
//! LLVM contexts are not thread-safe, so no two threads ever touch one. With
//! one thread, the calling thread extracts images from the input module
//! itself. With more, every worker, the calling thread included, extracts
//! from its own copy read lazily (bodies only when an image needs them)
//! from bitcode: the input's own bytes where the pre-split steps left the
//! module as read, else the module written once with its use-list order;
//! the calling thread's module is freed with its context by another thread
//! while the workers start. More
//! threads are used only where that round trip pays (`useful_threads`).
//! Every image is built from the same module by the same steps (an image's
//! use lists follow from how it is built, not from its source's), so which
//! thread builds it does not matter; results are put back in job order.
//!
//! Verified bitcode whose function bodies are left to read (a read check
//! verified it in shares) is not read whole at all where the pre-split
//! steps need no body and several threads split it (`split_in_shares`):
//! the threads read their copies first, read every body once between them
//! for the analysis, each summarising the values it read
//! ([`sycl_split::summary`]), and the calling thread groups and plans from
//! the summaries (llama.cpp's device code: its one-thread read took 0.4-0.6
//! s of a relink after an edit on 16 cores).
//!
//! Memory: no thread holds a whole loaded module next to another thread's
//! copy for long. The input's memory is given back to the system as the
//! copies start to grow (glibc gives each thread its own heap, which could
//! not reuse it): freeing llama.cpp's module takes 0.14 s, which the
//! workers' first reads and images overlap (5% more peak memory on two
//! threads, measured with `sycl-post-link -split=source -j 2`). A
//! worker frees a function body as soon as no job left to start defines it
//! (every job counts down the values it defines when it starts), so kernels
//! go right after their image and a copy shrinks instead of ending up whole.
//! The modules written are run through the LLVM verifier only when asked
//! ([`crate::settings::RunTuning::verify_each`]).
//!
//! After extraction and cleanup, each image goes through the ESIMD step
//! ([`crate::esimd`]), which may turn it into an ESIMD and a SYCL part; the
//! sink saves all parts of an image under the image's number.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock, PoisonError};

use sycl_ir::{Context, Extractor, Module, Value};
use sycl_passes::cleanup::{cleanup, CleanupOptions};
use sycl_passes::properties::EsimdStatus;
use sycl_split::entry_points::EntryPointOptions;
use sycl_split::grouping::group_entry_points_by;
use sycl_split::summary::{collect, positions, Grouping, Summarizer, ValueSummary};
use sycl_split::{group_entry_points, is_entry_point, DependencyGraph, EntryPointGroup, SplitMode};

use crate::error::PostLinkError;
use crate::esimd::{process_image, EsimdOptions, ImageInfo};
use crate::image::{undefined_function_warnings, DeviceImage, ImagePart};
use crate::input::{input_error, parse_module};

/// What it costs, per instruction of the input module, to hand it to the
/// threads, in instructions extracted: where the pre-split steps changed
/// it, the calling thread writes it as bitcode and frees it (about as long
/// as extracting as many instructions)...
const ROUND_TRIP_COST_WRITTEN: f64 = 1.0;
/// ...where the workers read the input's own bitcode, only the freeing and
/// each worker's lazy read of the declarations...
const ROUND_TRIP_COST_INPUT: f64 = 0.3;
/// ...and each worker reads again the bodies its images need (taken as 1.2
/// times as long as extracting them, which leaves room for a second core
/// busy with other work). Measured on llama.cpp's device code
/// (`bench/HISTORY.md`, issue 20), where the images together hold 1.1 times
/// the module's code and two threads with a written copy took 1.6 times as
/// long as one.
const REREAD_COST: f64 = 1.2;

/// How many of `requested` worker threads (more than one) make the split
/// faster: `requested`, or 1 where the threaded path is expected to cost
/// more than it saves; always `requested` when `exact`
/// ([`SplitSettings::exact_threads`]). In instructions extracted: one thread extracts the
/// images' code, `work`; `t` threads (at most the cores) each extract
/// `work / t` after the module's round trip (`ROUND_TRIP_COST_*` per
/// instruction of the module, `written` saying whether a copy must be
/// written) and re-read the bodies they need (`REREAD_COST` per
/// instruction, at most the whole module each). Real device code split per
/// source, where each function is in about one image, stays on one thread
/// on a few cores; generated modules whose images share helpers, and
/// per-kernel splits of large modules, use every thread. The bytes written
/// are the same either way.
fn useful_threads(requested: usize, exact: bool, m: &Module<'_>, jobs: &[Job], written: bool) -> usize {
    if requested <= 1 || exact {
        return requested;
    }
    let sizes: Vec<usize> = m.global_values().iter().map(|v| v.instruction_count()).collect();
    let module = sizes.iter().sum::<usize>();
    let work = jobs
        .iter()
        .flat_map(|j| &j.defs)
        .map(|&d| sizes[d as usize])
        .sum::<usize>();
    let cores = crate::settings::machine_cores();
    threads_worth_using(requested, cores, module, work, written)
}

/// [`useful_threads`]'s rule on the figures: `requested` threads on `cores`
/// cores, a module of `module` instructions, images holding `work`.
fn threads_worth_using(requested: usize, cores: usize, module: usize, work: usize, written: bool) -> usize {
    let (module, work) = (module as f64, work as f64);
    let per_thread = work / requested.min(cores).max(1) as f64;
    let round_trip = if written {
        ROUND_TRIP_COST_WRITTEN
    } else {
        ROUND_TRIP_COST_INPUT
    };
    let threaded = round_trip * module + REREAD_COST * module.min(per_thread) + per_thread;
    if threaded < work {
        requested
    } else {
        1
    }
}

/// Split settings shared by `sycl-post-link` and `sycl-module-split`.
pub struct SplitSettings {
    /// Grouping mode.
    pub mode: SplitMode,
    /// Split into images (not `-split=none`; else the module is passed
    /// through, upstream's ModuleCopier).
    pub split_given: bool,
    /// One group for all entry points.
    pub global_scope: bool,
    /// Entry-point and dynamic-linking options.
    pub ep: EntryPointOptions,
    /// Worker threads.
    pub threads: usize,
    /// Use exactly [`SplitSettings::threads`] (see
    /// [`crate::settings::RunTuning::exact_threads`]).
    pub exact_threads: bool,
    /// Make the costliest images (`sycl_codegen::pieces::estimated_cost`: those of
    /// a hundredth of the total or more) first, the others in job order
    /// ([`crate::ImageOrder::CostliestFirst`]); else all in job order. The
    /// images and their numbers are the same.
    pub costliest_first: bool,
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
}

struct Job {
    names: Vec<String>,
    defs: Vec<u32>,
    has_virtual_functions: bool,
    /// The image's estimated cost (`sycl_codegen::pieces::estimated_cost`).
    cost: usize,
}

/// The estimated cost (`sycl_codegen::pieces::estimated_cost`) of an image
/// defining the values at positions `defs`: `sizes[p]` is a function
/// definition's instruction count, or `None` for anything else, and
/// `weights[p]` a global variable's weight (0 for anything else).
fn job_cost(defs: &[u32], sizes: &[Option<usize>], weights: &[usize]) -> usize {
    let (mut instructions, mut functions, mut weight) = (0usize, 0usize, 0usize);
    for &d in defs {
        match sizes.get(d as usize).copied().flatten() {
            Some(n) => {
                instructions = instructions.saturating_add(n);
                functions += 1;
            }
            None => weight = weight.saturating_add(weights.get(d as usize).copied().unwrap_or(0)),
        }
    }
    sycl_codegen::pieces::cost_of(instructions, functions, weight)
}

/// The order in which `jobs` start (job numbers): job order, or with
/// `costliest_first` the jobs of at least a hundredth of the total
/// estimated cost first, costliest first, then the others in job order.
/// Only the few images that could be a run's critical path move: thousands
/// of small images (per kernel) keep job order, in which the images that
/// share helpers are made one after the other and the split frees their
/// bodies early.
fn start_order(jobs: &[Job], costliest_first: bool) -> Vec<usize> {
    let mut order: Vec<usize> = (0..jobs.len()).collect();
    if !costliest_first {
        return order;
    }
    let threshold = jobs.iter().map(|j| j.cost).fold(0, usize::saturating_add) / 100;
    // Stable: equal costs, and the small jobs (all keyed 0), in job order.
    order.sort_by_key(|&n| std::cmp::Reverse(Some(jobs[n].cost).filter(|&c| c >= threshold).unwrap_or(0)));
    order
}

/// Each global variable's weight in the estimated cost, by position (0
/// for anything else).
fn table_weights(values: &[Value<'_>]) -> Vec<usize> {
    values
        .iter()
        .map(|v| match v.is_global_variable() && !v.is_declaration() {
            true => sycl_codegen::pieces::table_weight(*v),
            false => 0,
        })
        .collect()
}

/// The ESIMD step on an image (or, when it is off, the image as one SYCL_ONLY
/// part).
fn esimd_step<'c>(
    s: &SplitSettings,
    name: &str,
    image: Module<'c>,
    info: &ImageInfo<'_>,
) -> Result<(DeviceImage<'c>, Vec<String>), PostLinkError> {
    let (mut image, warnings) = match &s.esimd {
        Some(o) => process_image(image, info, s.ep, o, name)?,
        None => {
            let part = ImagePart {
                module: image,
                entry_points: info.entry_points.to_vec(),
                status: EsimdStatus::SyclOnly,
            };
            (DeviceImage::new(vec![part]), Vec::new())
        }
    };
    image.has_virtual_functions = info.has_virtual_functions;
    Ok((image, warnings))
}

type Slot<O> = Option<Result<(O, Vec<String>), PostLinkError>>;

/// What the workers share: the jobs, which one is next, the results in job
/// order and, per global value, how many jobs not yet started define it.
struct Work<'a, S: ImageSink> {
    s: &'a SplitSettings,
    name: &'a str,
    sink: &'a S,
    jobs: Vec<Job>,
    /// The jobs in the order they start (job numbers).
    order: Vec<usize>,
    pending: Vec<AtomicU32>,
    next: AtomicUsize,
    failed: AtomicBool,
    results: Mutex<Vec<Slot<S::Output>>>,
}

impl<'a, S: ImageSink> Work<'a, S> {
    /// The work of `jobs` on a module of `values` global values: every
    /// value's count of the jobs that define it.
    fn new(s: &'a SplitSettings, name: &'a str, sink: &'a S, jobs: Vec<Job>, values: usize) -> Self {
        // How many jobs not yet started define each global value: a worker frees
        // a function body once none does.
        let mut pending = vec![0u32; values];
        for job in &jobs {
            for &d in &job.defs {
                pending[d as usize] += 1;
            }
        }
        let results = Mutex::new((0..jobs.len()).map(|_| None).collect());
        let order = start_order(&jobs, s.costliest_first);
        Work {
            s,
            name,
            sink,
            jobs,
            order,
            pending: pending.into_iter().map(AtomicU32::new).collect(),
            next: AtomicUsize::new(0),
            failed: AtomicBool::new(false),
            results,
        }
    }

    /// The images in job order with their warnings, or the first job's
    /// error in job order.
    fn into_result(self) -> Result<SplitResult<S::Output>, PostLinkError> {
        let results = self
            .results
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
        Ok(SplitResult { images, warnings })
    }

    /// Records an error that is not any job's (a copy of the module that
    /// cannot be read) and stops the workers.
    fn fail(&self, e: PostLinkError) {
        self.failed.store(true, Ordering::SeqCst);
        if let Ok(mut r) = self.results.lock() {
            if let Some(slot) = r.iter_mut().find(|s| s.is_none()) {
                *slot = Some(Err(e));
            }
        }
    }

    /// Takes jobs until none is left, extracting their images from `src`
    /// (this thread's module, used by no other thread). The bodies that no
    /// job left to start defines are freed, so the module shrinks as the
    /// split goes on instead of each worker ending up with a whole loaded
    /// copy of it: after each job, those of its own values; every few jobs,
    /// every body this thread read whose last job has started, whichever
    /// thread ran that job (a helper shared by images built on several
    /// threads would otherwise stay in every copy but the last one's).
    fn run(&self, src: &Module<'_>) {
        let values = src.global_values();
        let extractor = Extractor::new(src);
        // Values this thread's copy may hold the body of, swept every
        // SWEEP_EVERY jobs.
        const SWEEP_EVERY: usize = 16;
        let mut held: Vec<u32> = Vec::new();
        let mut is_held = vec![false; values.len()];
        let mut done = 0usize;
        while !self.failed.load(Ordering::SeqCst) {
            let next = self.next.fetch_add(1, Ordering::SeqCst);
            let Some(&n) = self.order.get(next) else { return };
            let job = &self.jobs[n];
            for &d in &job.defs {
                self.pending[d as usize].fetch_sub(1, Ordering::SeqCst);
            }
            let defs: Vec<Value<'_>> = job.defs.iter().map(|&i| values[i as usize]).collect();
            let result = self.build(n, job, &extractor, &defs);
            if result.is_err() {
                self.failed.store(true, Ordering::SeqCst);
            }
            if let Ok(mut r) = self.results.lock() {
                r[n] = Some(result);
            }
            // A job that defines a value starts before its count reaches 0,
            // so a body freed here is never needed again by this thread.
            for (&d, &v) in job.defs.iter().zip(&defs) {
                if self.pending[d as usize].load(Ordering::SeqCst) == 0 {
                    extractor.release_body(v);
                } else if !is_held[d as usize] {
                    is_held[d as usize] = true;
                    held.push(d);
                }
            }
            done += 1;
            if done.is_multiple_of(SWEEP_EVERY) {
                held.retain(|&d| {
                    let live = self.pending[d as usize].load(Ordering::SeqCst) > 0;
                    if !live {
                        extractor.release_body(values[d as usize]);
                        is_held[d as usize] = false;
                    }
                    live
                });
            }
        }
    }

    /// Extracts, cleans up and saves image `n`.
    fn build<'c>(
        &self,
        n: usize,
        job: &Job,
        extractor: &Extractor<'_, 'c>,
        defs: &[Value<'c>],
    ) -> Result<(S::Output, Vec<String>), PostLinkError> {
        let (s, name) = (self.s, self.name);
        let step = sycl_process::trace::span("Extract", n);
        let image = extractor
            .try_extract(defs)
            .map_err(|e| PostLinkError::new(format!("{name}: {e}")))?;
        drop(step);
        let step = sycl_process::trace::span("Cleanup", n);
        let opts = CleanupOptions {
            dynamic_linking: s.ep.dynamic_linking,
            has_virtual_functions: job.has_virtual_functions,
        };
        cleanup(&image, &job.names, opts).map_err(|e| PostLinkError::new(e.to_string()))?;
        drop(step);
        let mut warnings = undefined_function_warnings(&image, s.ep);
        let info = ImageInfo {
            entry_points: &job.names,
            has_virtual_functions: job.has_virtual_functions,
        };
        let (image, esimd_warnings) = esimd_step(s, name, image, &info)?;
        warnings.extend(esimd_warnings);
        let out = self.sink.save(n, &image)?;
        Ok((out, warnings))
    }
}

/// Makes a split's input module in the context given.
pub type MakeModule<'a> = Box<dyn for<'c> FnOnce(&'c Context) -> Result<MadeModule<'c>, PostLinkError> + 'a>;

/// A split's input module made by its caller.
pub struct MadeModule<'c> {
    /// The module, verified.
    pub module: Module<'c>,
    /// The bitcode the module was read from, where the module is what was
    /// read, changed by [`MadeModule::redo`] only: the threads' copies are
    /// then read from it (as from a bitcode input's own bytes), and none is
    /// written.
    pub bitcode: Option<Vec<u8>>,
    /// What was done to the module after it was read from
    /// [`MadeModule::bitcode`], done again on each copy read from it.
    pub redo: Option<CopyStep>,
    /// The module's function bodies are left to read
    /// ([`sycl_ir::Context::parse_bitcode_module_level`]; it was verified
    /// all the same): the split reads them, or has its threads read them
    /// in shares (see the module documentation).
    pub bodies_left: bool,
}

/// A step done again on each thread's copy of a [`MadeModule`]: given the
/// copy's context and the copy, read lazily, it changes the copy as it
/// changed the module. It must leave the global values in the order it
/// left the module's (jobs name them by position).
pub type CopyStep = for<'c> fn(&'c Context, &Module<'c>) -> Result<(), PostLinkError>;

/// The input's own bitcode, kept while threads may share the split.
struct InputBitcode {
    data: Vec<u8>,
    /// [`MadeModule::redo`].
    redo: Option<CopyStep>,
}

/// The input of a split: bytes to parse (and verify), or a module made in
/// the split's context by its caller (`sycl-link`'s linked module).
pub enum SplitInput<'a> {
    /// LLVM IR, bitcode or text, parsed by the split, and verified unless
    /// `verified`: a read check's worker read it and found it to verify
    /// ([`sycl_codegen::worker::ReadCheck::check`]).
    Bytes {
        /// The IR.
        data: Vec<u8>,
        /// Verified already.
        verified: bool,
    },
    /// Makes the input module in the context given, already verified.
    Module(MakeModule<'a>),
}

/// Parses the input (`input`, named `name`), runs `prepare` on it (pre-split
/// steps and checks; it says whether it changed the module), splits it into
/// device images and saves each with
/// `sink`. `before_extract` sees the groups first (for checks that reject
/// the input). `bodies_needed` says whether those two need the function
/// bodies of the module as read at module level (else, where the bodies
/// are left to read, the threads read them in shares: see the module
/// documentation).
/// The calling thread is one of the workers (see the module
/// documentation); `s.threads - 1` more are started when there are jobs
/// for them.
pub fn split_and_save<S: ImageSink>(
    input: SplitInput<'_>,
    name: &str,
    s: &SplitSettings,
    sink: &S,
    prepare: impl for<'c> FnOnce(&Module<'c>) -> Result<bool, PostLinkError>,
    before_extract: impl for<'c> FnOnce(&Module<'c>, &[EntryPointGroup<'c>]) -> Result<(), PostLinkError>,
    bodies_needed: impl for<'c> FnOnce(&Module<'c>) -> bool,
) -> Result<SplitResult<S::Output>, PostLinkError> {
    let ctx = Context::new();
    let ReadInput {
        module: m,
        bitcode: mut input_bitcode,
        broken,
        bodies_left,
    } = read_input(&ctx, input, name, s.threads)?;
    if let Some(what) = broken {
        return Err(broken_input_error(&m, name, s, before_extract, what));
    }
    let mut in_shares = bodies_left
        && input_bitcode.as_ref().is_some_and(|b| shares_pay(s, &b.data))
        && s.split_given
        && m.functions().into_iter().any(|f| is_entry_point(f, s.ep))
        && !bodies_needed(&m);
    if bodies_left && !in_shares {
        read_bodies(&m, name)?;
    }

    let analysis = sycl_process::trace::span("Analysis", name);
    if prepare(&m)? {
        input_bitcode = None;
        // Changed at module level only (`bodies_needed`): read the rest.
        if in_shares {
            in_shares = false;
            read_bodies(&m, name)?;
        }
    }
    if let (true, Some(input)) = (in_shares, input_bitcode.take()) {
        drop(analysis);
        return split_in_shares(m, &input, name, s, sink, before_extract);
    }
    let groups = group_entry_points(&m, s.mode, s.global_scope, s.ep);
    before_extract(&m, &groups)?;
    let real_split = s.split_given && (groups.len() > 1 || !groups[0].entry_points.is_empty());
    if !real_split {
        let (names, has_virtual_functions) = (groups[0].names(), groups[0].has_virtual_functions);
        return save_whole_module(m, names, has_virtual_functions, name, s, sink);
    }
    let jobs = plan_jobs(&m, &groups, s.ep.dynamic_linking);
    drop(groups);
    let md_kinds = post_split_md_kinds(s, &m);
    register_md_kinds(&m, &md_kinds);
    drop(analysis);

    let threads = useful_threads(
        s.threads.clamp(1, jobs.len().max(1)),
        s.exact_threads,
        &m,
        &jobs,
        input_bitcode.is_none(),
    );
    let work = Work::new(s, name, sink, jobs, m.global_values().len());
    // With one thread, the calling thread extracts from the input module
    // itself. With more, the input module is freed with its context on
    // another thread; every worker, the calling thread included, extracts
    // from its own copy read lazily from bitcode (the input's own, or the
    // module written once with its use-list order: see the module
    // documentation). No thread then holds a whole loaded module, and the
    // memory the input took is given back as the copies start to grow
    // (each thread allocates from its own heap, which could not reuse it).
    let data_layout = m.data_layout_str();
    let (bitcode, m, freeing) = if threads > 1 {
        // The trace says which copy the threads read.
        let step = if input_bitcode.is_some() {
            "Copy for threads (input's bitcode)"
        } else {
            "Copy for threads"
        };
        let _step = sycl_process::trace::span(step, name);
        // The input's own bitcode where the module is still as read from it
        // (no use-list order: an image's use lists follow from how it is
        // built, not from its source's: tested at 1-3 threads); else the
        // module written with its use-list order.
        let bitcode = match input_bitcode.take() {
            Some(input) => WorkerCopy::Input(input),
            None => WorkerCopy::Written(m.to_bitcode_with_use_list_order()),
        };
        // The input module is freed with its context by another thread
        // while the workers start (a tenth of a second and more for a
        // large module), and its memory given back to the system there.
        m.free_with_context();
        (Some(bitcode), None, free_in_background(ctx.into_unused()))
    } else {
        drop(input_bitcode);
        (None, Some(m), None)
    };
    run_workers(
        &work,
        threads,
        bitcode.as_ref(),
        m.as_ref(),
        name,
        &data_layout,
        &md_kinds,
    );
    drop(m);
    if let Some(t) = freeing {
        let _ = t.join();
    }
    work.into_result()
}

/// Frees `ctx` and its modules on a new thread, then gives the allocator's
/// free memory back to the system; `None` where no thread could be
/// started, and `ctx` was freed on this one.
fn free_in_background(ctx: sycl_ir::UnusedContext) -> Option<std::thread::JoinHandle<()>> {
    std::thread::Builder::new()
        .spawn(move || {
            let _step = sycl_process::trace::span("Free input module", "");
            drop(ctx);
            release_free_memory();
        })
        .ok()
}

/// Whether a split on `s.threads` threads pays where the bodies of
/// `bitcode` are left to read: then no thread reads the whole module, the
/// threads read it in shares ([`split_in_shares`]), which is faster than
/// one thread reading it wherever there are two cores and the module takes
/// a while to read (llama.cpp's 6 MB: 0.3-0.6 s on one thread); always
/// with [`SplitSettings::exact_threads`].
fn shares_pay(s: &SplitSettings, bitcode: &[u8]) -> bool {
    /// Below this much bitcode (a few hundredths of a second to read), the
    /// module is read whole and the split threaded only where
    /// [`useful_threads`] says it pays.
    const MIN_BYTES: usize = 256 << 10;
    let cores = crate::settings::machine_cores();
    s.threads > 1 && (s.exact_threads || (cores > 1 && bitcode.len() >= MIN_BYTES))
}

/// How many global values a thread of [`split_in_shares`] summarises at a
/// time.
const SHARE_CHUNK: usize = 16;

/// The split of a module `m` whose function bodies are left to read
/// (prepared: `m` is changed no more), with no thread reading it whole: the
/// threads each read a copy lazily from `input` and between them read
/// every body once for the analysis, each summarising the values it read
/// ([`sycl_split::summary`]). The calling thread then groups the entry
/// points of `m` and plans the jobs from the summaries. Each thread frees
/// the copy it summarised in and makes its images from another one, read
/// lazily as in the other threaded splits: keeping the first, with the
/// bodies read for the analysis, was as fast and took 15% more memory
/// (llama.cpp's relink after an edit on 16 cores: 0.82-0.86 s and 500 MB
/// against 0.77-0.87 s and 418 MB). The images are those of the module read
/// whole: the summaries give the same groups and values (tested in
/// `sycl_split::summary` and at 1-3 threads in `tests/`), and each image is
/// built the same way from a copy.
fn split_in_shares<S: ImageSink>(
    m: Module<'_>,
    input: &InputBitcode,
    name: &str,
    s: &SplitSettings,
    sink: &S,
    before_extract: impl for<'c> FnOnce(&Module<'c>, &[EntryPointGroup<'c>]) -> Result<(), PostLinkError>,
) -> Result<SplitResult<S::Output>, PostLinkError> {
    let md_kinds = post_split_md_kinds(s, &m);
    let copy = CopySource {
        bytes: &input.data,
        redo: input.redo,
        name,
        data_layout: m.data_layout_str(),
        md_kinds: &md_kinds,
        grouping: Grouping {
            mode: s.mode,
            global_scope: s.global_scope,
            ep: s.ep,
        },
    };
    let shares = Shares::new(m.global_values().len());
    let plan: OnceLock<Work<'_, S>> = OnceLock::new();
    // Each thread summarises values in a copy of its own, freed once its
    // part is done (its memory then takes the bodies of the images), then
    // reads the copy it makes images from while the plan is made.
    let worker = || {
        copy.summarize(&shares);
        let ctx = Context::new();
        let wm = copy.read(&ctx);
        shares.wait_for_plan();
        if let Some(work) = plan.get() {
            run_copy(work, wm);
        }
    };
    std::thread::scope(|scope| {
        let mut started = 0;
        for _ in 1..s.threads {
            match std::thread::Builder::new().spawn_scoped(scope, worker) {
                Ok(_) => started += 1,
                Err(_) => break,
            }
        }
        copy.summarize(&shares);
        {
            let _planned = Planned(&shares);
            shares.wait_for_summaries(started + 1);
            let _step = sycl_process::trace::span("Analysis", name);
            match shares
                .take_summaries()
                .and_then(|v| plan_from_summaries(&m, v, s, name, sink, before_extract))
            {
                Ok(work) => drop(plan.set(work)),
                Err(e) => shares.fail(e),
            }
        }
        // The module's part is done (its context, which holds little
        // more, goes when the split does).
        drop(m);
        if let Some(work) = plan.get() {
            let ctx = Context::new();
            run_copy(work, copy.read(&ctx));
        }
    });
    match plan.into_inner() {
        Some(work) => work.into_result(),
        None => Err(shares.into_error()),
    }
}

/// The jobs of [`split_in_shares`], from the summaries of the values of
/// `m` (by position): the groups of its entry points (`before_extract`
/// sees them first) and the values each group's image defines.
fn plan_from_summaries<'a, S: ImageSink>(
    m: &Module<'_>,
    summaries: Vec<ValueSummary>,
    s: &'a SplitSettings,
    name: &'a str,
    sink: &'a S,
    before_extract: impl for<'c> FnOnce(&Module<'c>, &[EntryPointGroup<'c>]) -> Result<(), PostLinkError>,
) -> Result<Work<'a, S>, PostLinkError> {
    // One summary per value: Shares was made for as many.
    let values = m.global_values();
    let position = positions(&values);
    let groups = group_entry_points_by(m, s.ep, |f| {
        position
            .get(&f)
            .and_then(|&p| summaries[p as usize].key.clone())
            .unwrap_or_default()
    });
    before_extract(m, &groups)?;
    let always: Vec<u32> = m
        .globals()
        .into_iter()
        .filter(|g| !g.is_discardable_if_unused())
        .filter_map(|g| position.get(&g).copied())
        .collect();
    let declared = |p: u32| {
        let v = values[p as usize];
        v.is_function() && v.is_declaration()
    };
    let sizes: Vec<Option<usize>> = values
        .iter()
        .zip(&summaries)
        .map(|(v, sum)| (v.is_function() && !v.is_declaration()).then_some(sum.instructions))
        .collect();
    let weights = table_weights(&values);
    let jobs = groups
        .iter()
        .map(|g| {
            let entries: Vec<u32> = g.entry_points.iter().filter_map(|f| position.get(f).copied()).collect();
            let defs = collect(&summaries, &entries, &always, declared);
            Job {
                names: g.names(),
                cost: job_cost(&defs, &sizes, &weights),
                defs,
                has_virtual_functions: g.has_virtual_functions,
            }
        })
        .collect();
    Ok(Work::new(s, name, sink, jobs, values.len()))
}

/// Where the threads of [`split_in_shares`] read their copies from.
struct CopySource<'a> {
    bytes: &'a [u8],
    redo: Option<CopyStep>,
    name: &'a str,
    data_layout: String,
    md_kinds: &'a [&'a str],
    grouping: Grouping,
}

impl CopySource<'_> {
    /// Reads a copy in a context of its own and summarises values in it
    /// until none is left ([`Shares::summarize`]); the copy is then freed.
    fn summarize(&self, shares: &Shares) {
        let _done = Summarized(shares);
        let _step = sycl_process::trace::span("Read in shares", self.name);
        let ctx = Context::new();
        let copy = read_copy(&ctx, self.bytes, self.redo, self.name, &self.data_layout, self.md_kinds);
        match copy {
            Ok(wm) => shares.summarize(&wm, self.grouping, self.name),
            Err(e) => shares.fail(e),
        }
    }

    /// A copy in `ctx` to make images from.
    fn read<'c>(&'c self, ctx: &'c Context) -> Result<Module<'c>, PostLinkError> {
        read_copy(ctx, self.bytes, self.redo, self.name, &self.data_layout, self.md_kinds)
    }
}

/// Runs `work`'s jobs on a thread's copy, or records why it has none.
fn run_copy<S: ImageSink>(work: &Work<'_, S>, copy: Result<Module<'_>, PostLinkError>) {
    match copy {
        Ok(wm) => work.run(&wm),
        Err(e) => work.fail(e),
    }
}

/// The analysis the threads of [`split_in_shares`] share: which values are
/// left to summarise, the summaries, the first error, and where the threads
/// are (every thread summarises, then waits for the plan).
struct Shares {
    values: usize,
    next: AtomicUsize,
    summaries: Mutex<Vec<Option<ValueSummary>>>,
    error: Mutex<Option<PostLinkError>>,
    state: Mutex<ShareState>,
    changed: Condvar,
}

#[derive(Default)]
struct ShareState {
    summarized: usize,
    planned: bool,
}

impl Shares {
    fn new(values: usize) -> Self {
        Shares {
            values,
            next: AtomicUsize::new(0),
            summaries: Mutex::new(vec![None; values]),
            error: Mutex::new(None),
            state: Mutex::new(ShareState::default()),
            changed: Condvar::new(),
        }
    }

    /// Keeps the first error.
    fn fail(&self, e: PostLinkError) {
        self.error
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get_or_insert(e);
    }

    fn failed(&self) -> bool {
        self.error.lock().unwrap_or_else(PoisonError::into_inner).is_some()
    }

    fn into_error(self) -> PostLinkError {
        self.error
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
            .unwrap_or_else(|| PostLinkError::new("internal error: the split's analysis stopped"))
    }

    /// Summarises chunks of values in `copy` until none is left or a thread
    /// failed.
    fn summarize(&self, copy: &Module<'_>, grouping: Grouping, name: &str) {
        let summarizer = Summarizer::new(copy, grouping);
        if summarizer.len() != self.values {
            return self.fail(PostLinkError::new(
                "internal error: a copy of the module has other global values",
            ));
        }
        let mut done: Vec<(usize, ValueSummary)> = Vec::new();
        while !self.failed() {
            let start = self.next.fetch_add(SHARE_CHUNK, Ordering::SeqCst);
            if start >= self.values {
                break;
            }
            for p in start..(start + SHARE_CHUNK).min(self.values) {
                match summarizer.summarize(p as u32) {
                    Ok(summary) => done.push((p, summary)),
                    Err(e) => return self.fail(PostLinkError::new(format!("{name}: {e}"))),
                }
            }
        }
        let mut all = self.summaries.lock().unwrap_or_else(PoisonError::into_inner);
        for (p, summary) in done {
            all[p] = Some(summary);
        }
    }

    /// Every value's summary, once every thread is done.
    fn take_summaries(&self) -> Result<Vec<ValueSummary>, PostLinkError> {
        if self.failed() {
            return Err(PostLinkError::new("the split's analysis failed"));
        }
        let all = std::mem::take(&mut *self.summaries.lock().unwrap_or_else(PoisonError::into_inner));
        all.into_iter()
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| PostLinkError::new("internal error: the split's analysis missed global values"))
    }

    fn update(&self, f: impl FnOnce(&mut ShareState)) {
        f(&mut self.state.lock().unwrap_or_else(PoisonError::into_inner));
        self.changed.notify_all();
    }

    fn wait_until(&self, done: impl Fn(&ShareState) -> bool) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        while !done(&state) {
            state = self.changed.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
    }

    fn wait_for_summaries(&self, threads: usize) {
        self.wait_until(|st| st.summarized >= threads);
    }

    fn wait_for_plan(&self) {
        self.wait_until(|st| st.planned);
    }
}

/// Tells the other threads, when dropped (also on a panic), that this
/// thread is done summarising.
struct Summarized<'a>(&'a Shares);

impl Drop for Summarized<'_> {
    fn drop(&mut self) {
        self.0.update(|st| st.summarized += 1);
    }
}

/// Tells the threads, when dropped (also on a panic), that the plan is made
/// or will not be.
struct Planned<'a>(&'a Shares);

impl Drop for Planned<'_> {
    fn drop(&mut self) {
        self.0.update(|st| st.planned = true);
    }
}

/// The input module as [`read_input`] read it.
struct ReadInput<'c> {
    /// The module.
    module: Module<'c>,
    /// The input's bitcode, kept while threads may share the split.
    bitcode: Option<InputBitcode>,
    /// The verifier's message when the input is broken.
    broken: Option<String>,
    /// The function bodies are left to read ([`MadeModule::bodies_left`]).
    bodies_left: bool,
}

/// Reads the function bodies of `m` left to read.
fn read_bodies(m: &Module<'_>, name: &str) -> Result<(), PostLinkError> {
    let _step = sycl_process::trace::span("Read function bodies", name);
    m.read_function_bodies(name).map_err(|e| input_error(name, e))
}

/// Makes or parses the input module in `ctx`; parsed input is verified
/// unless its read check did (the verifier's complaint is returned, not
/// raised: see [`broken_input_error`]).
fn read_input<'c>(
    ctx: &'c Context,
    input: SplitInput<'_>,
    name: &str,
    threads: usize,
) -> Result<ReadInput<'c>, PostLinkError> {
    let (data, verified) = match input {
        SplitInput::Module(make) => {
            let made = make(ctx)?;
            return Ok(ReadInput {
                module: made.module,
                bitcode: made
                    .bitcode
                    .filter(|_| threads > 1)
                    .map(|data| InputBitcode { data, redo: made.redo }),
                broken: None,
                bodies_left: made.bodies_left,
            });
        }
        SplitInput::Bytes { data, verified } => (data, verified),
    };
    let step = sycl_process::trace::span("Parse", name);
    // Verified bitcode that threads may share is read at module level: its
    // bodies are read later, by the threads where they can.
    let bodies_left = verified && threads > 1 && sycl_ir::is_bitcode(&data);
    let m = match bodies_left {
        true => ctx
            .parse_bitcode_module_level(&data, name)
            .map_err(|e| input_error(name, e))?,
        false => parse_module(ctx, &data, name)?,
    };
    drop(step);
    // The module holds what it needs. Bitcode input is kept while
    // threads may share the split: if the pre-split steps leave the
    // module as read, the workers read their copies from it, and no
    // copy is written.
    let bitcode = (threads > 1 && sycl_ir::is_bitcode(&data)).then_some(InputBitcode { data, redo: None });
    // Every input goes through the verifier (here, or in the read check's
    // worker), whatever SPL_VERIFY_EACH says: nothing runs on broken IR
    // and none is passed through (about 3% of a 4,000-kernel split).
    let broken = match verified {
        true => None,
        false => {
            let _step = sycl_process::trace::span("Verify", name);
            m.verify().err().map(|e| match e {
                sycl_ir::IrError::Verify(first_line) => first_line,
                other => other.to_string(),
            })
        }
    };
    Ok(ReadInput {
        module: m,
        bitcode,
        broken,
        bodies_left,
    })
}

/// The error for a broken input module (`what`: the verifier's message).
/// Upstream does not verify its input, so where a broken input also fails a
/// check of upstream's on the input (the device_image_scope check of
/// `before_extract`; its groups are an analysis, nothing is rewritten),
/// upstream reports that check: so do we, before the verifier's message.
fn broken_input_error(
    m: &Module<'_>,
    name: &str,
    s: &SplitSettings,
    before_extract: impl for<'c> FnOnce(&Module<'c>, &[EntryPointGroup<'c>]) -> Result<(), PostLinkError>,
    what: String,
) -> PostLinkError {
    let groups = group_entry_points(m, s.mode, s.global_scope, s.ep);
    if let Err(e) = before_extract(m, &groups) {
        return e;
    }
    crate::error::err(format!("{name}: input module is broken: {what}"))
}

/// Saves the input module as the one image when it is not split.
/// The module passed through whole is cleaned up like any image
/// (upstream's ModuleCopier), also when it has no entry point at
/// all: then nothing is exported, and only functions marked
/// `sycl-entry-point`, `indirectly-callable` or
/// `referenced-indirectly` and the globals stay.
fn save_whole_module<S: ImageSink>(
    m: Module<'_>,
    names: Vec<String>,
    has_virtual_functions: bool,
    name: &str,
    s: &SplitSettings,
    sink: &S,
) -> Result<SplitResult<S::Output>, PostLinkError> {
    let opts = CleanupOptions {
        dynamic_linking: s.ep.dynamic_linking,
        has_virtual_functions,
    };
    cleanup(&m, &names, opts).map_err(|e| PostLinkError::new(e.to_string()))?;
    let info = ImageInfo {
        entry_points: &names,
        has_virtual_functions,
    };
    let (image, warnings) = esimd_step(s, name, m, &info)?;
    let out = sink.save(0, &image)?;
    Ok(SplitResult {
        images: vec![out],
        warnings,
    })
}

/// Analysis on the input module, then jobs that name values by position:
/// one per group, with the values its image defines.
fn plan_jobs(m: &Module<'_>, groups: &[EntryPointGroup<'_>], dynamic_linking: bool) -> Vec<Job> {
    let graph = DependencyGraph::build(m, dynamic_linking);
    let values = m.global_values();
    let position = positions(&values);
    let sizes: Vec<Option<usize>> = values
        .iter()
        .map(|v| (v.is_function() && !v.is_declaration()).then(|| v.instruction_count()))
        .collect();
    let weights = table_weights(&values);
    groups
        .iter()
        .map(|g| {
            let defs = graph.collect_positions(&g.entry_points, &position);
            Job {
                names: g.names(),
                cost: job_cost(&defs, &sizes, &weights),
                defs,
                has_virtual_functions: g.has_virtual_functions,
            }
        })
        .collect()
}

/// Runs the jobs of `work` on `threads` threads, the calling thread one of
/// them: on `m` where it is given (one thread), else each on its own copy
/// read lazily from `bitcode`, with the input's data layout.
fn run_workers<S: ImageSink>(
    work: &Work<'_, S>,
    threads: usize,
    bitcode: Option<&WorkerCopy>,
    m: Option<&Module<'_>>,
    name: &str,
    data_layout: &str,
    md_kinds: &[&str],
) {
    let copy_worker = || {
        let Some(bitcode) = bitcode else { return };
        let ctx = Context::new();
        let copy = read_copy(&ctx, bitcode.bytes(), bitcode.redo(), name, data_layout, md_kinds);
        match copy {
            Ok(wm) => work.run(&wm),
            Err(e) => work.fail(e),
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(copy_worker);
        }
        match m {
            Some(m) => work.run(m),
            None => copy_worker(),
        }
    });
}

/// A thread's copy of the split's input, read lazily in `ctx` from
/// `bitcode` with `data_layout`, `redo` done on it and `md_kinds`
/// registered.
fn read_copy<'c>(
    ctx: &'c Context,
    bitcode: &'c [u8],
    redo: Option<CopyStep>,
    name: &str,
    data_layout: &str,
    md_kinds: &[&str],
) -> Result<Module<'c>, PostLinkError> {
    let wm = ctx
        .parse_bitcode_lazy(bitcode, name)
        .map_err(|e| PostLinkError::new(e.to_string()))?;
    // The bitcode reader upgrades some data layouts (an empty SPIR layout
    // becomes "G1"); images keep the layout the input was read with.
    wm.set_data_layout(data_layout);
    if let Some(redo) = redo {
        redo(ctx, &wm)?;
    }
    register_md_kinds(&wm, md_kinds);
    Ok(wm)
}

/// The metadata kinds that the steps after the split may attach and the
/// input may not have registered: with `-lower-esimd`, those of
/// `GenXSPIRVWriterAdaptor` where the module has ESIMD code. LLVM's bitcode
/// writer writes every kind registered in the module's context, so a kind
/// first registered while lowering one image would be in the bytes of the
/// images its thread writes later, and not in those of the other threads.
fn post_split_md_kinds(s: &SplitSettings, m: &Module<'_>) -> Vec<&'static str> {
    let lowers_esimd = s.esimd.as_ref().is_some_and(|o| o.lower_esimd);
    if lowers_esimd && m.md_kind(sycl_split::esimd::ESIMD_MARKER_MD) != sycl_ir::MD_KIND_ABSENT {
        sycl_passes::esimd::genx_spirv_writer::WRITTEN_MD_KINDS.to_vec()
    } else {
        Vec::new()
    }
}

/// Registers `kinds` in the context of `m` (see [`post_split_md_kinds`]):
/// every context that builds images has them before the first image.
fn register_md_kinds(m: &Module<'_>, kinds: &[&str]) {
    for kind in kinds {
        m.md_kind_for_write(kind);
    }
}

/// The bitcode the worker threads read their copies from.
enum WorkerCopy {
    /// The input's bytes, unchanged by the pre-split steps.
    Input(InputBitcode),
    /// The module written after the pre-split steps changed it.
    Written(sycl_ir::Bitcode),
}

impl WorkerCopy {
    fn bytes(&self) -> &[u8] {
        match self {
            WorkerCopy::Input(input) => &input.data,
            WorkerCopy::Written(bitcode) => bitcode,
        }
    }

    fn redo(&self) -> Option<CopyStep> {
        match self {
            WorkerCopy::Input(input) => input.redo,
            WorkerCopy::Written(_) => None,
        }
    }
}

/// Gives the allocator's free memory back to the system (glibc keeps it
/// otherwise: the tools set a high trim threshold so that workers do not
/// give memory back after every image).
use sycl_process::alloc::release_free_memory;

#[cfg(test)]
mod tests {
    use super::{start_order, threads_worth_using, Job};

    fn jobs(costs: &[usize]) -> Vec<Job> {
        costs
            .iter()
            .map(|&cost| Job {
                names: Vec::new(),
                defs: Vec::new(),
                has_virtual_functions: false,
                cost,
            })
            .collect()
    }

    /// The jobs of a hundredth of the total cost or more start first,
    /// costliest first; the others, and every job without the setting,
    /// in job order.
    #[test]
    fn the_costliest_images_start_first_and_the_small_ones_in_job_order() {
        let mut costs = vec![1; 300];
        costs[7] = 40;
        costs[250] = 90;
        costs[100] = 40;
        let order = start_order(&jobs(&costs), true);
        assert_eq!(&order[..3], &[250, 7, 100]);
        let rest: Vec<usize> = (0..300).filter(|n| ![7, 100, 250].contains(n)).collect();
        assert_eq!(&order[3..], &rest[..]);
        assert_eq!(start_order(&jobs(&costs), false), (0..300).collect::<Vec<_>>());
        // Thousands of equal small images: job order.
        assert_eq!(start_order(&jobs(&[5; 4000]), true), (0..4000).collect::<Vec<_>>());
    }

    #[test]
    fn threads_are_used_where_images_share_much_code() {
        // Images holding 20 times the module's code (a per-kernel split of
        // a generated module): every thread asked for.
        assert_eq!(threads_worth_using(2, 2, 1000, 20_000, true), 2);
        assert_eq!(threads_worth_using(16, 16, 1000, 5000, true), 16);
        // Real code per source on 16 cores, read from the input's bitcode.
        assert_eq!(threads_worth_using(16, 16, 1000, 1100, false), 16);
    }

    #[test]
    fn one_thread_where_each_function_is_in_about_one_image() {
        // llama.cpp per source: the images hold 1.1 times the module.
        assert_eq!(threads_worth_using(2, 2, 1000, 1100, true), 1);
        assert_eq!(threads_worth_using(2, 2, 1000, 1100, false), 1);
        assert_eq!(threads_worth_using(16, 16, 1000, 1100, true), 1);
        // More threads than cores do not help: one core, one thread.
        assert_eq!(threads_worth_using(8, 1, 1000, 20_000, false), 1);
        assert_eq!(threads_worth_using(4, 4, 0, 0, false), 1);
    }
}
