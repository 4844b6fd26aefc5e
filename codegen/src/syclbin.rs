//! SYCLBIN packaging of device images: what `syclbin create`, `sycl-link`
//! and the C ABI share. Each image (its code, its whole property registry,
//! optionally its symbol table) becomes one abstract module; code that is
//! LLVM IR is compiled to SPIR-V in process (`sycl-spirv`), code that is
//! already SPIR-V (or another IR type) is stored as it is. Every abstract
//! module carries `[SYCL/kernel names]`, as upstream's SYCLBIN mode
//! (`-emit-kernel-names`) gives it, and an LLVM IR image with eliminated
//! kernel arguments `[SYCL/kernel param opt]` (`-emit-param-info`), when its
//! property sets lack them. The result is wrapped in an LLVM offload
//! binary (image kind SYCLBIN, offload kind SYCL), the form the SYCL runtime
//! reads, unless a bare SYCLBIN is asked for.
//!
//! LLVM IR is compiled by worker processes ([`crate::worker`]) when
//! the options name a worker program, else in this process (one image at a
//! time: the SPIR-V back end keeps state in statics). Images stream in
//! ([`Packager`]): each is compiled as soon as it is submitted, while later
//! ones are being made, with at most a few images waiting per worker.
//! Every SPIR-V module is validated (SPIRV-Tools' validator) unless asked
//! not to; the SPIR-V extensions DPC++ allows are allowed by default.
//! Modules are put back in image order, so the bytes depend neither on the
//! thread or worker count nor on timing.
//!
//! A large image is compiled in pieces ([`crate::pieces`],
//! [`CodegenOptions::pieces`]): a worker cuts it, its pieces join the queue
//! ahead of the images waiting, any thread compiles them, and the thread
//! that compiles the last joins their SPIR-V into the image's module
//! (`sycl_spirv::join_pieces`, in this process), which
//! is then validated as any image's.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

use crate::code_cache::{CacheSettings, CodeCache, Key};
use crate::options::{CodegenOptions, WorkerRecord, WorkerRole};
use crate::pieces::PieceSettings;
use crate::worker::{self, CompiledIr, Request, Worker, WorkerCommand};
use sycl_process::trace;
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};
use sycl_props::syclbin::{AbstractModule, BundleState, IrModule, IrType, Syclbin};
pub use sycl_spirv::{
    default_extensions as default_spirv_extensions, parse_extensions as parse_spirv_extensions, DPCPP_EXTENSIONS,
};

/// The offload binary `triple` string written by default.
pub const DEFAULT_TRIPLE: &str = "spir64-unknown-unknown";

/// The `triple` string of [`Container::OffloadImages`]: Intel's SYCL
/// runtime (2026.2) compares a registered image's target with `spir64` (and
/// its ahead-of-time variants) exactly, so an image marked
/// `spirv64-unknown-unknown` (what LLVM 22's `clang-sycl-linker` writes) or
/// `spir64-unknown-unknown` is "incompatible with all devices".
pub const IMAGES_TRIPLE: &str = "spir64";

/// One device image to package.
#[derive(Debug, Clone)]
pub struct SyclbinImage {
    /// The image's name in messages (its file name, for a tool).
    pub name: String,
    /// LLVM IR (bitcode or text) or a module of the options' IR type.
    pub code: Vec<u8>,
    /// The image's property sets, all of which are stored.
    pub properties: PropertySetRegistry,
    /// The image's symbol table (a `.sym` file's lines), used for
    /// `[SYCL/kernel names]` when neither the properties nor LLVM IR give them.
    pub symbols: Option<Vec<String>>,
}

/// What wraps the SYCLBIN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Container {
    /// An LLVM offload binary holding the SYCLBIN: what the SYCL runtime loads.
    #[default]
    OffloadBinary,
    /// The SYCLBIN alone.
    Bare,
    /// No SYCLBIN: one LLVM offload binary (version 1) per image, back to
    /// back, each holding the image's SPIR-V with image kind none, offload
    /// kind SYCL and the strings `triple`, `arch` (empty when none is given)
    /// and `symbols` (the image's kernel names, one per line). That is what
    /// LLVM 22's `clang-sycl-linker` writes and `clang-linker-wrapper` turns
    /// into one `__sycl.tgt_device_image` per binary for
    /// `__sycl_register_lib`. The images' property sets are not written: the
    /// wrapper has no place for them.
    OffloadImages,
}

/// How to package images.
#[derive(Debug, Clone)]
pub struct SyclbinOptions {
    /// The bundle state written to the global metadata.
    pub state: BundleState,
    /// The IR type of modules that are not LLVM IR (LLVM IR becomes SPIR-V).
    pub ir_type: IrType,
    /// The `target` string of every IR module; when `None`, an LLVM IR
    /// image's triple, and none for other images.
    pub target: Option<String>,
    /// Offload binary or bare SYCLBIN.
    pub container: Container,
    /// The offload binary's `triple` string.
    pub triple: String,
    /// The offload binary's `arch` string, if any.
    pub arch: Option<String>,
    /// Images compiled at the same time (at least one): worker processes
    /// when [`SyclbinOptions::workers`] is set, else threads of this
    /// process (which compile one image at a time).
    pub threads: usize,
    /// The program that compiles images in worker processes; `None`
    /// compiles in this process, where a back-end crash or stack overflow
    /// ends the process, and where LLVM 22's SPIR-V back end keeps block
    /// ids from one image to the next: what that does to an image's ids is
    /// repaired, but an image in which it gives two blocks of one function
    /// the same id fails with an error saying so (`sycl_spirv::canonical_ids`).
    pub workers: Option<WorkerCommand>,
    /// How LLVM IR is compiled: extensions, validation, pieces, the back
    /// end's level, the compiling processes' limits.
    pub codegen: CodegenOptions,
    /// A worker whose resident memory passes this many bytes after an image
    /// is replaced by a fresh one.
    pub worker_memory_limit: u64,
    /// The code cache ([`crate::code_cache`]) for LLVM IR compiled by worker
    /// processes: `None` (the library's default) compiles every image. The
    /// commands and the C ABI turn it on in the user's cache directory.
    pub cache: Option<CacheSettings>,
}

/// The default [`SyclbinOptions::worker_memory_limit`]: 1 GiB. LLVM 22's
/// SPIR-V back end takes about 250 MiB for a per-source image of 20 small
/// kernels (as `llc` does); a worker keeps what it took for the next image,
/// which saves the page faults of taking it again, unless it grew past this.
pub const DEFAULT_WORKER_MEMORY_LIMIT: u64 = 1 << 30;

impl SyclbinOptions {
    /// The check that reads untrusted LLVM IR in a worker first
    /// ([`worker::ReadCheck`]), when the options name a worker program,
    /// with the compiling processes' memory limit.
    pub fn read_check(&self) -> Option<worker::ReadCheck> {
        let command = self.workers.clone()?;
        Some(worker::ReadCheck {
            command,
            memory_limit: self.memory_limit(),
            timeout: self.codegen.timeout,
        })
    }

    /// The address space each compiling process may take, in bytes (0:
    /// no limit): [`CodegenOptions::memory_limit`], by default the
    /// machine's memory shared between [`SyclbinOptions::threads`] workers.
    pub fn memory_limit(&self) -> u64 {
        self.codegen
            .memory_limit
            .unwrap_or_else(|| worker::default_memory_limit(self.threads))
    }

    /// The record each worker is started with, or what this process
    /// compiles with: the memory limit resolved, and no pieces without
    /// workers (LLVM 22's SPIR-V back end keeps state between the modules
    /// one process compiles: pieces only in forked workers).
    fn worker_record(&self) -> WorkerRecord {
        WorkerRecord {
            role: WorkerRole::Compile,
            codegen: CodegenOptions {
                pieces: if self.workers.is_some() {
                    self.codegen.pieces
                } else {
                    PieceSettings::OFF
                },
                memory_limit: Some(self.memory_limit()),
                ..self.codegen.clone()
            },
        }
    }
}

impl Default for SyclbinOptions {
    fn default() -> Self {
        SyclbinOptions {
            state: BundleState::Input,
            ir_type: IrType::SpirV,
            target: None,
            container: Container::OffloadBinary,
            triple: DEFAULT_TRIPLE.into(),
            arch: None,
            threads: 1,
            workers: None,
            codegen: CodegenOptions::default(),
            worker_memory_limit: DEFAULT_WORKER_MEMORY_LIMIT,
            cache: None,
        }
    }
}

/// A failure while packaging.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SyclbinPackError {
    /// One image could not be used; `name` is [`SyclbinImage::name`]
    /// (not repeated when `reason`, an LLVM diagnostic, starts with it).
    #[error("{}", image_message(name, reason))]
    Image {
        /// The image.
        name: String,
        /// What is wrong.
        reason: String,
    },
    /// The SYCLBIN or offload binary could not be written.
    #[error("{0}")]
    Format(String),
}

fn image_message(name: &str, reason: &str) -> String {
    if reason.starts_with(&format!("{name}:")) {
        reason.to_string()
    } else {
        format!("{name}: {reason}")
    }
}

fn image_error(image: &SyclbinImage, reason: impl Into<String>) -> SyclbinPackError {
    SyclbinPackError::Image {
        name: image.name.clone(),
        reason: reason.into(),
    }
}

/// The code of an abstract module and the kernel names read from it.
struct Compiled {
    ir_type: IrType,
    bytes: Vec<u8>,
    /// Kernels of the LLVM IR module (`None` when the code was not LLVM IR).
    kernels: Option<Vec<String>>,
    /// `[SYCL/kernel param opt]` of the LLVM IR module, if it has
    /// eliminated arguments.
    param_opt: Option<PropertySetRegistry>,
    /// The LLVM IR module's target triple, if it has one.
    triple: Option<String>,
    /// Why an image large enough for pieces was compiled in one.
    whole: Option<String>,
}

/// Where LLVM IR is compiled: in this process or in a worker process
/// (started when first needed, replaced when it dies or grows).
enum Backend {
    InProcess(CodegenOptions),
    Workers {
        command: WorkerCommand,
        record: WorkerRecord,
        worker: Option<Box<Worker>>,
        memory_limit: u64,
        cache: Option<Arc<CodeCache>>,
    },
}

impl Backend {
    fn new(opts: &SyclbinOptions, cache: Option<Arc<CodeCache>>) -> Self {
        match &opts.workers {
            None => Backend::InProcess(opts.worker_record().codegen),
            Some(command) => Backend::Workers {
                command: command.clone(),
                record: opts.worker_record(),
                worker: None,
                memory_limit: opts.worker_memory_limit,
                cache,
            },
        }
    }

    /// Compiles one unit of LLVM IR (an image or a piece of one) to SPIR-V.
    fn compile_ir(&mut self, request: Request, code: &[u8], name: &str) -> Result<CompiledIr, String> {
        match self {
            Backend::InProcess(codegen) => worker::compile_unit(request, code, name, codegen),
            Backend::Workers {
                command,
                record,
                worker,
                memory_limit,
                cache,
            } => {
                // Only worker results are cached: in this process, the
                // back end's state from an earlier image can change bytes.
                let key = cache.as_ref().map(|c| c.key(request, code, &record.codegen));
                if let Some(hit) = cache.as_ref().zip(key.as_ref()).and_then(|(c, k)| c.lookup(k)) {
                    return Ok(hit);
                }
                let w = match worker {
                    Some(w) => w,
                    None => worker.insert(Box::new(Worker::start(command, record)?)),
                };
                match w.compile(request, name, code) {
                    Ok(c) => {
                        if w.resident_bytes().is_some_and(|b| b > *memory_limit) {
                            *worker = None;
                        }
                        if let Some((cache, key)) = cache.as_ref().zip(key) {
                            cache.store(&key, &c);
                        }
                        Ok(c)
                    }
                    Err((message, alive)) => {
                        if !alive {
                            *worker = None;
                        }
                        Err(message)
                    }
                }
            }
        }
    }

    /// The code cache entry of an image of `code` compiled by workers.
    fn image_entry(&self, code: &[u8]) -> Option<ImageEntry> {
        match self {
            Backend::Workers {
                record,
                cache: Some(cache),
                ..
            } => Some((cache.clone(), cache.key(Request::Image, code, &record.codegen))),
            _ => None,
        }
    }

    fn validate(&self) -> bool {
        match self {
            Backend::InProcess(codegen) => codegen.validate,
            Backend::Workers { record, .. } => record.codegen.validate,
        }
    }
}

/// An image compiled, or cut into pieces still to compile.
enum Outcome {
    Done(Compiled),
    Pieces(CompiledIr),
}

fn compile(image: &SyclbinImage, ir_type: IrType, backend: &mut Backend) -> Result<Outcome, SyclbinPackError> {
    let stored = |ir_type| {
        Ok(Outcome::Done(Compiled {
            ir_type,
            bytes: image.code.clone(),
            kernels: None,
            param_opt: None,
            triple: None,
            whole: None,
        }))
    };
    if ir_type != IrType::SpirV {
        // PTX and AMDGCN modules are stored as given: compiling LLVM IR to
        // them needs a target architecture this interface does not take.
        if sycl_ir::is_bitcode(&image.code) {
            return Err(image_error(
                image,
                format!("not supported: LLVM bitcode for IR type {}", ir_type.name()),
            ));
        }
        return stored(ir_type);
    }
    if sycl_spirv::is_spirv(&image.code) {
        if backend.validate() {
            sycl_spirv::validate_bytes(&image.code).map_err(|e| image_error(image, e.to_string()))?;
        }
        return stored(IrType::SpirV);
    }
    if !sycl_spirv::is_llvm_ir(&image.code) {
        return Err(image_error(image, "neither SPIR-V nor LLVM IR"));
    }
    let mut step = trace::span("CodeGen", &image.name);
    let c = backend
        .compile_ir(Request::Image, &image.code, &image.name)
        .map_err(|e| image_error(image, e))?;
    if let Some(why) = &c.whole {
        step.add_detail(format_args!(" (one piece: {})", sycl_props::plain(why)));
    }
    drop(step);
    if c.pieces.is_some() {
        return Ok(Outcome::Pieces(c));
    }
    trace::progress("images compiled");
    Ok(Outcome::Done(compiled_spirv(c)))
}

fn compiled_spirv(c: CompiledIr) -> Compiled {
    Compiled {
        ir_type: IrType::SpirV,
        bytes: c.spirv,
        kernels: Some(c.kernels),
        param_opt: c.param_opt,
        triple: c.triple,
        whole: c.whole,
    }
}

/// Compiles one piece of `image`.
fn compile_piece(image: &SyclbinImage, n: usize, code: &[u8], backend: &mut Backend) -> Result<Vec<u8>, String> {
    let step = trace::span("CodeGen", format!("{} piece {n}", image.name));
    let c = backend.compile_ir(Request::Piece, code, &image.name)?;
    drop(step);
    Ok(c.spirv)
}

/// The image's module from its pieces' SPIR-V (`c` is what cutting it
/// gave), validated when the backend validates; stored in the code cache as
/// the image's entry (`cached`), so that a relink takes it as it is,
/// neither cut nor joined.
fn join(
    image: &SyclbinImage,
    mut c: CompiledIr,
    spirv: &[Vec<u8>],
    validate: bool,
    cached: Option<&ImageEntry>,
) -> Result<Compiled, SyclbinPackError> {
    let renamed = c.pieces.take().map(|p| p.renamed).unwrap_or_default();
    let step = trace::span("JoinPieces", &image.name);
    let joined = sycl_spirv::join_pieces(spirv, &renamed).map_err(|e| image_error(image, e.to_string()))?;
    drop(step);
    if validate {
        let _step = trace::span("Validate", &image.name);
        sycl_spirv::validate_bytes(&joined).map_err(|e| image_error(image, e.to_string()))?;
    }
    trace::progress("images compiled");
    c.spirv = joined;
    if let Some((cache, key)) = cached {
        cache.store(key, &c);
    }
    Ok(compiled_spirv(c))
}

/// An image's entry in the code cache: the cache and the image's key.
type ImageEntry = (Arc<CodeCache>, Key);

/// [`compile`], with the pieces of an image cut into pieces compiled one
/// after the other on `backend`.
fn compile_whole(image: &SyclbinImage, ir_type: IrType, backend: &mut Backend) -> Result<Compiled, SyclbinPackError> {
    match compile(image, ir_type, backend)? {
        Outcome::Done(c) => Ok(c),
        Outcome::Pieces(c) => {
            let pieces = c.pieces.as_ref().map(|p| p.pieces.clone()).unwrap_or_default();
            let spirv = pieces
                .iter()
                .enumerate()
                .map(|(n, code)| compile_piece(image, n, code, backend))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| image_error(image, e))?;
            let entry = backend.image_entry(&image.code);
            join(image, c, &spirv, backend.validate(), entry.as_ref())
        }
    }
}

/// The kernel names of an image: its SPIR-V entry points when the code is a
/// SPIR-V module rspirv reads, else its symbol table.
fn kernel_names_of(image: &SyclbinImage, compiled: &Compiled) -> Vec<String> {
    if let Some(k) = &compiled.kernels {
        return k.clone();
    }
    if let Some(sym) = &image.symbols {
        return sym.clone();
    }
    if compiled.ir_type == IrType::SpirV {
        if let Ok(m) = sycl_spirv::load(&compiled.bytes) {
            return sycl_spirv::entry_points(&m).into_iter().map(|e| e.name).collect();
        }
    }
    Vec::new()
}

/// Makes one abstract module of `image` in this process: its code
/// compiled when it is LLVM IR, its property sets, and `[SYCL/kernel names]`
/// added when missing.
pub fn abstract_module(image: &SyclbinImage, opts: &SyclbinOptions) -> Result<AbstractModule, SyclbinPackError> {
    let mut backend = Backend::InProcess(opts.worker_record().codegen);
    module_of(image, opts.ir_type, opts.target.as_deref(), &mut backend)
}

fn module_of(
    image: &SyclbinImage,
    ir_type: IrType,
    target: Option<&str>,
    backend: &mut Backend,
) -> Result<AbstractModule, SyclbinPackError> {
    let compiled = compile_whole(image, ir_type, backend)?;
    Ok(abstract_module_of(image, compiled, target))
}

/// The abstract module of `image` compiled as `compiled`.
fn abstract_module_of(image: &SyclbinImage, compiled: Compiled, target: Option<&str>) -> AbstractModule {
    let mut metadata = image.properties.clone();
    // Upstream's SYCLBIN mode runs sycl-post-link with -emit-param-info: the
    // runtime must know which arguments were eliminated to pass the others.
    if let Some(reg) = &compiled.param_opt {
        if metadata.get(names::KERNEL_PARAM_OPT_INFO).is_none() {
            for (key, value) in reg.get(names::KERNEL_PARAM_OPT_INFO).into_iter().flat_map(|s| s.iter()) {
                metadata.add(names::KERNEL_PARAM_OPT_INFO, key, value.clone());
            }
        }
    }
    if metadata.get(names::KERNEL_NAMES).is_none() {
        let kernels = kernel_names_of(image, &compiled);
        if !kernels.is_empty() {
            let set = metadata.set_mut(names::KERNEL_NAMES);
            for k in kernels.iter().filter(|k| !k.is_empty()) {
                set.insert(k, PropertyValue::UInt32(1));
            }
        }
    }
    let mut am = AbstractModule {
        metadata,
        ..AbstractModule::default()
    };
    // The IR module's target: the one asked for, else the LLVM IR's triple
    // (`spir64-unknown-unknown`), as Intel's toolchain records it.
    let target = target.or(compiled.triple.as_deref());
    am.ir_modules
        .push(IrModule::new(compiled.ir_type, target, compiled.bytes));
    am
}

/// One image to compile, with its IR type and target, or one piece of an
/// image cut into pieces.
struct Job {
    index: usize,
    image: SyclbinImage,
    ir_type: IrType,
    target: Option<String>,
    /// For a piece: its image's pieces and its number among them (`image`
    /// is then the piece's IR under the image's name).
    piece: Option<(Arc<Pieces>, usize)>,
}

/// A piece's SPIR-V, or why it failed.
type PieceResult = Result<Vec<u8>, String>;

/// The pieces of one image being compiled: what cutting it gave, and the
/// pieces' SPIR-V as they come.
struct Pieces {
    /// The image (its code dropped).
    image: SyclbinImage,
    target: Option<String>,
    /// Where the joined module goes in the code cache.
    entry: Option<ImageEntry>,
    cut: Mutex<Option<CompiledIr>>,
    /// Each piece's SPIR-V or error; how many are still out.
    done: Mutex<(Vec<Option<PieceResult>>, usize)>,
}

impl Pieces {
    /// Records piece `n`'s result; the results of all pieces once this was
    /// the last.
    fn finish(&self, n: usize, r: Result<Vec<u8>, String>) -> Option<Vec<Result<Vec<u8>, String>>> {
        let mut d = self.done.lock().ok()?;
        if let Some(slot) = d.0.get_mut(n) {
            *slot = Some(r);
        }
        d.1 -= 1;
        if d.1 > 0 {
            return None;
        }
        Some(
            d.0.iter_mut()
                .map(|r| r.take().unwrap_or_else(|| Err("a piece was lost".into())))
                .collect(),
        )
    }
}

type Slot = Option<Result<AbstractModule, SyclbinPackError>>;

/// Jobs waiting for a compile thread, at most [`Queue::capacity`]; a
/// thread takes the largest (longest-processing-time first: the images
/// that take longest start first, and the small ones fill the cores at the
/// end), the first submitted of equal sizes. Which thread compiles an image
/// does not change its bytes.
struct Queue {
    jobs: Vec<Job>,
    capacity: usize,
    closed: bool,
    /// Images being compiled, which may yet add their pieces.
    cutting: usize,
}

struct Shared {
    queue: Mutex<Queue>,
    /// Signalled when a job is added or the queue closes.
    added: Condvar,
    /// Signalled when a job is taken.
    taken: Condvar,
    results: Mutex<Vec<Slot>>,
    first_error: AtomicUsize,
    /// What `-v` says of the images, by image number.
    notes: Mutex<Vec<(usize, String)>>,
}

impl Shared {
    /// Records what `-v` says of image `index`.
    fn note(&self, index: usize, note: String) {
        if let Ok(mut n) = self.notes.lock() {
            n.push((index, note));
        }
    }

    /// Waits for the next job: `None` once the queue is closed and empty.
    /// Pieces go first (their image is under way), then the largest image.
    fn take(&self) -> Option<Job> {
        let mut q = self.queue.lock().ok()?;
        loop {
            let key = |j: &Job| (j.piece.is_some(), j.image.code.len());
            let largest = q
                .jobs
                .iter()
                .enumerate()
                .max_by(|(_, a), (_, b)| {
                    key(a)
                        .cmp(&key(b))
                        .then(b.index.cmp(&a.index))
                        .then_with(|| piece_number(b).cmp(&piece_number(a)))
                })
                .map(|(i, _)| i);
            if let Some(i) = largest {
                let job = q.jobs.swap_remove(i);
                if job.piece.is_none() {
                    q.cutting += 1;
                }
                self.taken.notify_one();
                return Some(job);
            }
            if q.closed && q.cutting == 0 {
                return None;
            }
            q = self.added.wait(q).ok()?;
        }
    }

    /// Adds an image's pieces (whatever the queue holds) and ends the
    /// image's job.
    fn put_pieces(&self, pieces: Vec<Job>) {
        if let Ok(mut q) = self.queue.lock() {
            q.jobs.extend(pieces);
            q.cutting -= 1;
        }
        self.added.notify_all();
    }

    /// Ends an image's job that added no piece.
    fn image_done(&self) {
        if let Ok(mut q) = self.queue.lock() {
            q.cutting -= 1;
        }
        self.added.notify_all();
    }

    /// Adds a job, waiting while the queue is full. False when the queue
    /// is gone.
    fn put(&self, job: Job) -> bool {
        let Ok(mut q) = self.queue.lock() else {
            return false;
        };
        while q.jobs.len() >= q.capacity && !q.closed {
            q = match self.taken.wait(q) {
                Ok(q) => q,
                Err(_) => return false,
            };
        }
        if q.closed {
            return false;
        }
        q.jobs.push(job);
        self.added.notify_one();
        true
    }

    fn close(&self) {
        if let Ok(mut q) = self.queue.lock() {
            q.closed = true;
        }
        self.added.notify_all();
        self.taken.notify_all();
    }
}

/// Packages images as they come: each submitted image is compiled as soon
/// as one of [`SyclbinOptions::threads`] threads (each driving a worker
/// process, or compiling in this process) is free, while the caller makes
/// the next; of the images waiting, the largest goes first.
/// [`Packager::submit`] waits while every thread is busy and a few images
/// per thread are queued, so memory does not grow with the images waiting.
/// [`Packager::finish`] gives the abstract modules in image order (the
/// order of submission, or the numbers given to [`Packager::submit_at`]),
/// or the first failing image's error (in that order). After a failure,
/// later images are not compiled.
pub struct Packager {
    opts: Arc<SyclbinOptions>,
    shared: Arc<Shared>,
    threads: Vec<JoinHandle<()>>,
    /// One more than the highest image number used.
    count: usize,
    /// Which image numbers were given.
    given: Vec<bool>,
    cache: Option<Arc<CodeCache>>,
    /// Why the cache folder was refused ([`CodeCache::open`]), if it was.
    cache_refused: Option<String>,
    /// Whether [`Packager::finish`] ends the cache's run
    /// ([`CodeCache::finish`]); see [`Packager::leave_cache_run_open`].
    end_cache_run: bool,
}

/// Images waiting per compile thread.
const QUEUED_PER_THREAD: usize = 4;

impl Packager {
    /// A packager for `opts` (its threads start now; worker processes when
    /// their first image comes).
    pub fn new(opts: &SyclbinOptions) -> Self {
        let opts = Arc::new(opts.clone());
        let threads = opts.threads.max(1);
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue {
                jobs: Vec::new(),
                capacity: threads * QUEUED_PER_THREAD,
                closed: false,
                cutting: 0,
            }),
            added: Condvar::new(),
            taken: Condvar::new(),
            results: Mutex::new(Vec::new()),
            first_error: AtomicUsize::new(usize::MAX),
            notes: Mutex::new(Vec::new()),
        });
        let (cache, cache_refused) = match (&opts.cache, &opts.workers) {
            (Some(settings), Some(w)) => match CodeCache::open(settings, &w.program) {
                Ok(c) => (c.map(Arc::new), None),
                Err(why) => (None, Some(why)),
            },
            _ => (None, None),
        };
        let handles = (0..threads)
            .map(|_| {
                let (opts, shared, cache) = (opts.clone(), shared.clone(), cache.clone());
                std::thread::spawn(move || compile_thread(&opts, &shared, cache))
            })
            .collect();
        Packager {
            opts,
            shared,
            threads: handles,
            count: 0,
            given: Vec::new(),
            cache,
            cache_refused,
            end_cache_run: true,
        }
    }

    /// Adds an image of the options' IR type and target.
    pub fn submit(&mut self, image: SyclbinImage) -> Result<(), SyclbinPackError> {
        let (ir_type, target) = (self.opts.ir_type, self.opts.target.clone());
        self.submit_as(image, ir_type, target)
    }

    /// Adds an image of the options' IR type and target as image number
    /// `index` (see [`Packager::submit_at`]).
    pub fn submit_number(&mut self, index: usize, image: SyclbinImage) -> Result<(), SyclbinPackError> {
        let (ir_type, target) = (self.opts.ir_type, self.opts.target.clone());
        self.submit_at(index, image, ir_type, target)
    }

    /// Adds an image of IR type `ir_type` whose IR module records `target`
    /// (or, when `None`, the LLVM IR's triple), after those submitted so
    /// far. An error here is a packager whose threads are gone.
    pub fn submit_as(
        &mut self,
        image: SyclbinImage,
        ir_type: IrType,
        target: Option<String>,
    ) -> Result<(), SyclbinPackError> {
        self.submit_at(self.count, image, ir_type, target)
    }

    /// Adds image number `index` (its place in the SYCLBIN; numbers are
    /// used once each, a number given again is an error, and every number
    /// below the highest must be given before [`Packager::finish`]): for
    /// callers that submit images out of order.
    pub fn submit_at(
        &mut self,
        index: usize,
        image: SyclbinImage,
        ir_type: IrType,
        target: Option<String>,
    ) -> Result<(), SyclbinPackError> {
        if !self.take_number(index) {
            return Err(image_error(
                &image,
                format!("internal error: image number {index} given twice"),
            ));
        }
        if index > self.shared.first_error.load(Ordering::Relaxed) {
            return Ok(());
        }
        let job = Job {
            index,
            image,
            ir_type,
            target,
            piece: None,
        };
        if self.shared.put(job) {
            Ok(())
        } else {
            Err(lost())
        }
    }

    /// The code cache this packager uses, if any.
    pub fn cache(&self) -> Option<Arc<CodeCache>> {
        self.cache.clone()
    }

    /// What the run should warn of about the code cache (a refused
    /// folder, bad entries found so far: each a miss), one line each, once.
    pub fn cache_warnings(&mut self) -> Vec<String> {
        let mut w: Vec<String> = self.cache_refused.take().into_iter().collect();
        w.extend(self.cache.iter().flat_map(|c| c.take_warnings()));
        w
    }

    /// Leaves the end of the cache's run (its line in the `stats` file,
    /// pruning) to the caller, which uses the cache after
    /// [`Packager::finish`] (`device_link`'s whole-link entry).
    pub fn leave_cache_run_open(&mut self) {
        self.end_cache_run = false;
    }

    /// Whether an image submitted so far has failed (known once compiled).
    pub fn failed(&self) -> bool {
        self.shared.first_error.load(Ordering::Relaxed) != usize::MAX
    }

    /// Adds a module made by the caller (a native image), in its place.
    pub fn push_module(&mut self, module: AbstractModule) {
        self.push_module_at(self.count, module);
    }

    /// Adds a module made by the caller as image number `index` (see
    /// [`Packager::submit_at`]).
    pub fn push_module_at(&mut self, index: usize, module: AbstractModule) {
        let result = match self.take_number(index) {
            true => Ok(module),
            false => Err(SyclbinPackError::Format(format!(
                "internal error: image number {index} given twice"
            ))),
        };
        store(&self.shared.results, index, result);
    }

    /// Marks image number `index` given; false where it was already.
    fn take_number(&mut self, index: usize) -> bool {
        self.count = self.count.max(index + 1);
        if self.given.len() <= index {
            self.given.resize(index + 1, false);
        }
        !std::mem::replace(&mut self.given[index], true)
    }

    /// Waits for every image and gives the modules in image order.
    pub fn finish(self) -> Result<Vec<AbstractModule>, SyclbinPackError> {
        self.finish_with_notes().map(|(modules, _)| modules)
    }

    /// [`Packager::finish`], and what `-v` says of the images, in image
    /// order: those large enough for pieces that were compiled in one, and
    /// why.
    pub fn finish_with_notes(mut self) -> Result<(Vec<AbstractModule>, Vec<String>), SyclbinPackError> {
        self.shared.close();
        for t in self.threads.drain(..) {
            if t.join().is_err() {
                return Err(lost());
            }
        }
        if let Some(c) = self.cache.as_ref().filter(|_| self.end_cache_run) {
            c.finish();
        }
        let results = std::mem::take(&mut *self.shared.results.lock().map_err(|_| lost())?);
        // The first error in image order; images after it may be missing.
        let mut out = Vec::with_capacity(self.count);
        let mut results = results.into_iter();
        for _ in 0..self.count {
            match results.next().flatten() {
                Some(r) => out.push(r?),
                None => return Err(results.flatten().find_map(Result::err).unwrap_or_else(lost)),
            }
        }
        let mut notes = std::mem::take(&mut *self.shared.notes.lock().map_err(|_| lost())?);
        notes.sort();
        Ok((out, notes.into_iter().map(|(_, n)| n).collect()))
    }
}

impl Drop for Packager {
    fn drop(&mut self) {
        // Unfinished: let the threads drain and stop their workers.
        self.shared.first_error.store(0, Ordering::Relaxed);
        self.shared.close();
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

fn lost() -> SyclbinPackError {
    SyclbinPackError::Format("a compile thread failed".into())
}

fn store(results: &Mutex<Vec<Slot>>, index: usize, r: Result<AbstractModule, SyclbinPackError>) {
    if let Ok(mut v) = results.lock() {
        if v.len() <= index {
            v.resize_with(index + 1, || None);
        }
        v[index] = Some(r);
    }
}

/// Closes the queue if its compile thread panics, so that no submitter
/// waits for a thread that is gone.
struct CloseOnPanic<'a>(&'a Shared);

impl Drop for CloseOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.close();
        }
    }
}

fn piece_number(j: &Job) -> usize {
    j.piece.as_ref().map_or(0, |(_, n)| *n)
}

fn compile_thread(opts: &SyclbinOptions, shared: &Shared, cache: Option<Arc<CodeCache>>) {
    let _guard = CloseOnPanic(shared);
    worker::block_sigpipe_on_this_thread();
    let mut backend = Backend::new(opts, cache);
    while let Some(job) = shared.take() {
        let skip = job.index > shared.first_error.load(Ordering::Relaxed);
        let r = match job.piece {
            Some((pieces, n)) => {
                let r = if skip {
                    Err(String::new())
                } else {
                    compile_piece(&pieces.image, n, &job.image.code, &mut backend)
                };
                let Some(all) = pieces.finish(n, r) else { continue };
                if skip {
                    continue;
                }
                let cut = pieces.cut.lock().ok().and_then(|mut c| c.take());
                joined_module(&pieces, cut, all, backend.validate())
            }
            None if skip => {
                shared.image_done();
                continue;
            }
            None => match compile(&job.image, job.ir_type, &mut backend) {
                Ok(Outcome::Pieces(c)) => {
                    let entry = backend.image_entry(&job.image.code);
                    shared.put_pieces(piece_jobs(job, c, entry));
                    continue;
                }
                Ok(Outcome::Done(c)) => {
                    shared.image_done();
                    if let Some(why) = &c.whole {
                        // The reason may come from a code cache entry: one line.
                        let why = sycl_props::plain(why);
                        shared.note(job.index, format!("{} compiled in one piece: {why}", job.image.name));
                    }
                    Ok(abstract_module_of(&job.image, c, job.target.as_deref()))
                }
                Err(e) => {
                    shared.image_done();
                    Err(e)
                }
            },
        };
        if r.is_err() {
            shared.first_error.fetch_min(job.index, Ordering::Relaxed);
        }
        store(&shared.results, job.index, r);
    }
}

/// The jobs of an image's pieces (`c`: what cutting it gave).
fn piece_jobs(job: Job, mut c: CompiledIr, entry: Option<ImageEntry>) -> Vec<Job> {
    let codes = c
        .pieces
        .as_mut()
        .map(|p| std::mem::take(&mut p.pieces))
        .unwrap_or_default();
    let image = SyclbinImage {
        code: Vec::new(),
        ..job.image
    };
    let pieces = Arc::new(Pieces {
        image: image.clone(),
        target: job.target.clone(),
        entry,
        done: Mutex::new((vec![None; codes.len()], codes.len())),
        cut: Mutex::new(Some(c)),
    });
    codes
        .into_iter()
        .enumerate()
        .map(|(n, code)| Job {
            index: job.index,
            image: SyclbinImage {
                name: image.name.clone(),
                code,
                properties: PropertySetRegistry::new(),
                symbols: None,
            },
            ir_type: job.ir_type,
            target: None,
            piece: Some((pieces.clone(), n)),
        })
        .collect()
}

/// The module of an image whose pieces are all compiled.
fn joined_module(
    pieces: &Pieces,
    cut: Option<CompiledIr>,
    all: Vec<Result<Vec<u8>, String>>,
    validate: bool,
) -> Result<AbstractModule, SyclbinPackError> {
    let image = &pieces.image;
    let spirv = all
        .into_iter()
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| image_error(image, e))?;
    let cut = cut.ok_or_else(lost)?;
    let compiled = join(image, cut, &spirv, validate, pieces.entry.as_ref())?;
    Ok(abstract_module_of(image, compiled, pieces.target.as_deref()))
}

/// The order in which to submit images of these code sizes so that the
/// largest are compiled first: image numbers by size, largest first, the
/// lower number first among equal sizes.
pub fn largest_first(sizes: &[u64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    order.sort_by(|&a, &b| sizes[b].cmp(&sizes[a]).then(a.cmp(&b)));
    order
}

/// The abstract modules of `images`, in order, compiled on up to
/// `opts.threads` threads, the largest images first. The first failing
/// image (in image order) is the error.
pub fn abstract_modules(
    images: &[SyclbinImage],
    opts: &SyclbinOptions,
) -> Result<Vec<AbstractModule>, SyclbinPackError> {
    let mut o = opts.clone();
    o.threads = opts.threads.clamp(1, images.len().max(1));
    let mut p = Packager::new(&o);
    let sizes: Vec<u64> = images.iter().map(|i| i.code.len() as u64).collect();
    for i in largest_first(&sizes) {
        p.submit_at(i, images[i].clone(), o.ir_type, o.target.clone())?;
    }
    p.finish()
}

/// Serializes `bin` in the container `opts` asks for.
pub fn write(bin: &Syclbin, opts: &SyclbinOptions) -> Result<Vec<u8>, SyclbinPackError> {
    let format = |e: &dyn std::fmt::Display| SyclbinPackError::Format(e.to_string());
    match opts.container {
        Container::Bare => bin.to_bytes().map_err(|e| format(&e)),
        Container::OffloadBinary => {
            let mut strings = vec![("triple", opts.triple.as_str())];
            if let Some(a) = &opts.arch {
                strings.push(("arch", a.as_str()));
            }
            let ob = bin.to_offload_binary(strings).map_err(|e| format(&e))?;
            ob.to_bytes().map_err(|e| format(&e))
        }
        Container::OffloadImages => offload_images(bin, opts),
    }
}

/// [`Container::OffloadImages`] of `bin`: one offload binary per abstract
/// module, in order. An abstract module must hold one SPIR-V module and no
/// native image (what the wrapper registers is SPIR-V the runtime compiles).
fn offload_images(bin: &Syclbin, opts: &SyclbinOptions) -> Result<Vec<u8>, SyclbinPackError> {
    use sycl_props::offload_binary::{ImageKind, OffloadBinary, OffloadKind};
    let mut out = Vec::new();
    for (n, am) in bin.abstract_modules.iter().enumerate() {
        let ir = match am.ir_modules.as_slice() {
            [ir] if am.native_images.is_empty() && ir.ir_type() == Some(IrType::SpirV) => ir,
            _ => {
                return Err(SyclbinPackError::Format(format!(
                "image {n}: not one SPIR-V module: an offload binary for clang-linker-wrapper holds one SPIR-V image \
                     (native images are not supported)"
            )))
            }
        };
        // Image kind none: the runtime reads the image format from the
        // kind (0 none, 1 native, 2 SPIR-V, ...), not LLVM's numbers
        // (SPIR-V is 6 there), and detects SPIR-V by its magic number.
        let mut ob = OffloadBinary::new(ImageKind::NONE, OffloadKind::SYCL, ir.bytes.clone());
        ob.strings.insert("triple".into(), opts.triple.clone());
        ob.strings.insert("arch".into(), opts.arch.clone().unwrap_or_default());
        ob.strings.insert("symbols".into(), am.kernel_names().join("\n"));
        out.extend(ob.to_bytes().map_err(|e| SyclbinPackError::Format(e.to_string()))?);
    }
    Ok(out)
}

/// Packages `images` into SYCLBIN bytes (see the module documentation).
pub fn package(images: &[SyclbinImage], opts: &SyclbinOptions) -> Result<Vec<u8>, SyclbinPackError> {
    let mut bin = Syclbin::new(opts.state);
    bin.abstract_modules = abstract_modules(images, opts)?;
    write(&bin, opts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sycl_props::offload_binary::{ImageKind, OffloadBinary, OffloadKind};

    const TWO_KERNELS: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func void @helper() {
  ret void
}
define spir_kernel void @__sycl_kernel_a(ptr addrspace(1) %p) {
  store i32 1, ptr addrspace(1) %p
  ret void
}
define spir_kernel void @__sycl_kernel_b(ptr addrspace(1) %p) !sycl_kernel_omit_args !0 {
  store i32 2, ptr addrspace(1) %p
  ret void
}
!0 = !{i1 false, i1 true, i1 false}
"#;

    fn image(code: &[u8], props: PropertySetRegistry) -> SyclbinImage {
        SyclbinImage {
            name: "img_0.ll".into(),
            code: code.to_vec(),
            properties: props,
            symbols: None,
        }
    }

    #[test]
    fn ir_becomes_spirv_in_an_offload_binary_with_kernel_names_and_all_properties() {
        let mut props = PropertySetRegistry::new();
        props.add(names::DEVICE_REQUIREMENTS, "aspects", PropertyValue::u32_array(&[2]));
        let images = vec![image(TWO_KERNELS.as_bytes(), props.clone())];
        let opts = SyclbinOptions {
            threads: 4,
            ..SyclbinOptions::default()
        };
        let bytes = package(&images, &opts).expect("package");
        let entries = OffloadBinary::parse_all(&bytes).expect("offload binary");
        let [ob] = entries.as_slice() else {
            panic!("expected one offload entry, got {}", entries.len())
        };
        assert_eq!(
            (ob.image_kind, ob.offload_kind),
            (ImageKind::SYCLBIN, OffloadKind::SYCL)
        );
        assert_eq!(ob.triple(), DEFAULT_TRIPLE);
        let bin = Syclbin::parse_any(&bytes).expect("syclbin");
        let am = &bin.abstract_modules[0];
        assert_eq!(am.kernel_names(), vec!["__sycl_kernel_a", "__sycl_kernel_b"]);
        assert!(am.metadata.get(names::DEVICE_REQUIREMENTS).is_some());
        let param_opt = am.metadata.get(names::KERNEL_PARAM_OPT_INFO).expect("param opt");
        assert_eq!(
            param_opt.iter().map(|(k, _)| k).collect::<Vec<_>>(),
            vec!["__sycl_kernel_b"]
        );
        let spirv = &am.ir_modules[0];
        assert_eq!(spirv.ir_type(), Some(IrType::SpirV));
        assert_eq!(spirv.target(), Some("spir64-unknown-unknown"));
        sycl_spirv::validate_bytes(&spirv.bytes).expect("spirv-val");
        // Same input, same bytes, whatever the thread count.
        let one = SyclbinOptions::default();
        assert_eq!(bytes, package(&images, &one).expect("package"));
    }

    #[test]
    fn offload_images_are_one_binary_per_image_with_kernel_names_as_symbols() {
        let second = TWO_KERNELS.replace("__sycl_kernel_", "_ZTS1");
        let images = vec![
            image(TWO_KERNELS.as_bytes(), PropertySetRegistry::new()),
            image(second.as_bytes(), PropertySetRegistry::new()),
        ];
        let opts = SyclbinOptions {
            container: Container::OffloadImages,
            triple: IMAGES_TRIPLE.into(),
            ..SyclbinOptions::default()
        };
        let bytes = package(&images, &opts).expect("package");
        let entries = OffloadBinary::parse_all(&bytes).expect("offload binaries");
        assert_eq!(entries.len(), 2);
        for (ob, symbols) in entries
            .iter()
            .zip(["__sycl_kernel_a\n__sycl_kernel_b", "_ZTS1a\n_ZTS1b"])
        {
            assert_eq!((ob.image_kind, ob.offload_kind), (ImageKind::NONE, OffloadKind::SYCL));
            let strings: Vec<(&str, &str)> = ob.strings.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            assert_eq!(strings, vec![("triple", "spir64"), ("arch", ""), ("symbols", symbols)]);
            sycl_spirv::validate_bytes(&ob.image).expect("spirv-val");
        }
        // No SYCLBIN: the container holds SPIR-V only, and nothing for no image.
        assert!(Syclbin::parse_any(&bytes).is_err());
        let empty = Syclbin::new(BundleState::Input);
        assert_eq!(write(&empty, &opts).expect("write"), Vec::<u8>::new());
    }

    #[test]
    fn an_image_number_given_twice_is_an_error() {
        let mut p = Packager::new(&SyclbinOptions::default());
        p.submit_number(1, image(TWO_KERNELS.as_bytes(), PropertySetRegistry::new()))
            .expect("first");
        let again = p.submit_number(1, image(TWO_KERNELS.as_bytes(), PropertySetRegistry::new()));
        assert!(again.is_err_and(|e| e.to_string().contains("image number 1 given twice")));
        p.submit_number(0, image(TWO_KERNELS.as_bytes(), PropertySetRegistry::new()))
            .expect("0");
        assert_eq!(p.finish().expect("finish").len(), 2);
    }

    #[test]
    fn parallel_compilation_gives_the_same_bytes() {
        let images: Vec<SyclbinImage> = (0..8)
            .map(|i| {
                let text = TWO_KERNELS.replace("__sycl_kernel_a", &format!("__sycl_kernel_a{i}"));
                image(text.as_bytes(), PropertySetRegistry::new())
            })
            .collect();
        let serial = package(&images, &SyclbinOptions::default()).expect("serial");
        for _ in 0..4 {
            let opts = SyclbinOptions {
                threads: 8,
                ..SyclbinOptions::default()
            };
            assert_eq!(serial, package(&images, &opts).expect("parallel"));
        }
    }

    #[test]
    fn spirv_is_kept_and_bare_output_is_a_syclbin() {
        let spirv = sycl_spirv::compile_ir(TWO_KERNELS.as_bytes(), "k.ll").expect("compile");
        let opts = SyclbinOptions {
            container: Container::Bare,
            state: BundleState::Object,
            ..SyclbinOptions::default()
        };
        let bytes = package(&[image(&spirv, PropertySetRegistry::new())], &opts).expect("package");
        assert!(!OffloadBinary::has_magic(&bytes));
        let bin = Syclbin::parse(&bytes).expect("bare syclbin");
        assert_eq!(bin.state(), Some(BundleState::Object));
        assert_eq!(bin.abstract_modules[0].ir_modules[0].bytes, spirv);
        // Kernel names from the SPIR-V entry points.
        assert_eq!(
            bin.abstract_modules[0].kernel_names(),
            vec!["__sycl_kernel_a", "__sycl_kernel_b"]
        );
    }

    #[test]
    fn largest_images_go_first_and_keep_their_place() {
        assert_eq!(largest_first(&[3, 10, 10, 1, 0]), vec![1, 2, 0, 3, 4]);
        // Sizes that differ: image 2 is compiled first, yet stays third.
        let images: Vec<SyclbinImage> = (0..4)
            .map(|i| {
                let extra: String = (0..i * 3)
                    .map(|j| format!("define spir_func void @f{j}() {{\n  ret void\n}}\n"))
                    .collect();
                let text = TWO_KERNELS.replace("__sycl_kernel_a", &format!("__sycl_kernel_a{i}")) + &extra;
                image(text.as_bytes(), PropertySetRegistry::new())
            })
            .collect();
        let one = package(&images, &SyclbinOptions::default()).expect("one thread");
        let three = SyclbinOptions {
            threads: 3,
            ..SyclbinOptions::default()
        };
        assert_eq!(one, package(&images, &three).expect("three threads"));
        let bin = Syclbin::parse_any(&one).expect("syclbin");
        let first_kernels: Vec<String> = bin
            .abstract_modules
            .iter()
            .map(|am| am.kernel_names()[0].to_string())
            .collect();
        assert_eq!(
            first_kernels,
            [
                "__sycl_kernel_a0",
                "__sycl_kernel_a1",
                "__sycl_kernel_a2",
                "__sycl_kernel_a3"
            ]
        );
    }

    #[test]
    fn the_first_failing_image_in_image_order_is_the_error() {
        // The larger bad image is compiled first; the smaller one, before
        // it in image order, is the error reported.
        let mut small = image(b"define void @f( {", PropertySetRegistry::new());
        small.name = "small.ll".into();
        let mut large = image(
            b"define void @g( { ; a longer broken module",
            PropertySetRegistry::new(),
        );
        large.name = "large.ll".into();
        for threads in [1, 2] {
            let opts = SyclbinOptions {
                threads,
                ..SyclbinOptions::default()
            };
            let e = package(&[small.clone(), large.clone()], &opts).expect_err("bad IR");
            assert!(e.to_string().starts_with("small.ll:"), "{e}");
        }
    }

    #[test]
    fn bad_images_are_named() {
        let e = package(
            &[image(b"define void @f( {", PropertySetRegistry::new())],
            &SyclbinOptions::default(),
        )
        .expect_err("bad IR");
        // LLVM's diagnostic names the image: not repeated.
        assert!(e.to_string().starts_with("img_0.ll:1:"), "{e}");
        let e = package(
            &[image(&[0, 1, 2, 3, 0xff], PropertySetRegistry::new())],
            &SyclbinOptions::default(),
        )
        .expect_err("binary junk");
        assert_eq!(e.to_string(), "img_0.ll: neither SPIR-V nor LLVM IR");
    }
}
