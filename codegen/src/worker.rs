//! Code generation in worker processes: what lets SYCLBIN packaging
//! ([`crate::syclbin`]) compile images on every core and survive a back end
//! that crashes.
//!
//! LLVM 22's SPIR-V back end keeps state in statics, so one process compiles
//! one image at a time; and a back-end crash, a stack overflow (a
//! self-referential global initializer sends it into unbounded recursion),
//! a fatal error or running out of memory ends the process it runs in. So
//! images are compiled by worker processes, each compiling many images one
//! after the other: the product's own binary started with [`WORKER_FLAG`]
//! (its `main` is `sycl_process::tool_main`, which calls [`worker_main`] in
//! worker mode). A worker
//! that dies fails only the image it was compiling, with a one-line error;
//! the next image gets a fresh worker. A worker compiles images in
//! children it forks (`sycl_process::serve`), several images each; what
//! the SPIR-V back end keeps from one image to the next is repaired in the
//! output (`sycl_spirv::canonical_ids`), and an image a child that compiled
//! before fails on is compiled again in a fresh child.
//!
//! The protocol, over the worker's standard input and output: a request is
//! its kind ([`Request`], one byte), the unit's name and its LLVM IR (each a
//! little-endian `u64` length and the bytes); the answer is a status byte,
//! then for success the SPIR-V, the kernel names (one per line),
//! `[SYCL/kernel param opt]` as property-set text (empty when none) and the
//! module's triple, for an image cut into pieces ([`crate::pieces`]) the
//! same three and then the renamed symbols and the pieces' bitcode (each a
//! count and the fields), for an image compiled in one piece that the cut
//! does not handle the same as for success and then the reason, for
//! failure the message. The status byte is 0 for success, 1 for failure, 2
//! for an image cut into pieces, 3 for a read check's module that also
//! verified ([`ReadCheck`]) and 4 for success with a reason to stay whole.
//! Before its first request a worker reads one record: its role and its
//! options ([`WorkerRecord`], [`CodegenOptions`]). Nothing is written to
//! disk.
//!
//! The process side (finding and starting worker programs, the fields'
//! framing, forking, memory limits, signals) is `sycl-process`'s; this
//! module says what the requests and answers mean.

use std::io::{self, BufReader, BufWriter, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

pub use sycl_process::child::default_memory_limit;
use sycl_process::child::{ForkError, OUT_OF_MEMORY_EXIT};
use sycl_process::frame::{read_field, read_fields, read_string, write_field, write_fields};
use sycl_process::serve::{Answered, ChildEnd, Handler, Isolation};
pub(crate) use sycl_process::signals::block_sigpipe_on_this_thread;
use sycl_process::timed::Timed;
use sycl_process::worker::{end_worker, spawn_worker};
pub use sycl_process::{WorkerCommand, WORKER_FLAG};

pub use crate::options::DEFAULT_CODEGEN_TIMEOUT;
use crate::options::{CodegenOptions, WorkerRecord, WorkerRole};
use crate::pieces::{Partition, PieceSettings};
use sycl_props::property_set::PropertySetRegistry;

/// An LLVM IR image compiled to SPIR-V, with what packaging reads from the IR.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CompiledIr {
    /// The SPIR-V module (ids numbered canonically, validated if asked).
    pub spirv: Vec<u8>,
    /// The kernels the IR defines, in module order.
    pub kernels: Vec<String>,
    /// `[SYCL/kernel param opt]` when kernels have eliminated arguments.
    pub param_opt: Option<PropertySetRegistry>,
    /// The IR's target triple, if it has one.
    pub triple: Option<String>,
    /// An image cut into pieces instead of compiled (`spirv` is then
    /// empty): each piece is compiled as a [`Request::Piece`] and the
    /// results joined (`sycl_spirv::join_pieces`).
    pub pieces: Option<Partition>,
    /// A read check's answer only ([`ReadCheck`]): the module, read in
    /// shares, also passed LLVM's verifier there.
    pub verified: bool,
    /// Why an image large enough to be cut into pieces was compiled in one
    /// (`crate::pieces::Whole::Unsupported`), for `-v` and the time trace.
    pub whole: Option<String>,
}

/// What a request asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Request {
    /// An image: compiled, or cut into pieces when the settings say so.
    Image = 0,
    /// A piece of an image: compiled alone, not validated (the joined
    /// module is), no kernels read.
    Piece = 1,
}

/// One piece of an image ([`Request::Piece`]) compiled in this process:
/// its SPIR-V, to be joined with the other pieces'.
fn compile_piece(code: &[u8], name: &str, settings: &CodegenOptions) -> Result<CompiledIr, String> {
    let ctx = sycl_ir::Context::new();
    let m = ctx.parse_ir(code, name).map_err(|e| e.to_string())?;
    let spirv =
        sycl_spirv::compile_module_at(&m, &settings.spirv_extensions, settings.opt_level).map_err(|e| e.to_string())?;
    Ok(CompiledIr {
        spirv,
        ..CompiledIr::default()
    })
}

/// The one compilation of an LLVM IR unit, in this process: for an image,
/// parse, verify, read kernels and eliminated arguments, then cut it into
/// pieces ([`CompiledIr::pieces`]) or compile it to SPIR-V and validate;
/// for a piece, compile it. Errors are messages (LLVM's diagnostics start
/// with `name`). Every unit of IR bytes that becomes SPIR-V bytes goes
/// through here.
pub fn compile_unit(
    request: Request,
    code: &[u8],
    name: &str,
    settings: &CodegenOptions,
) -> Result<CompiledIr, String> {
    match request {
        Request::Image => compile_llvm_ir(code, name, settings),
        Request::Piece => compile_piece(code, name, settings),
    }
}

/// [`compile_unit`] of an image.
pub fn compile_llvm_ir(code: &[u8], name: &str, settings: &CodegenOptions) -> Result<CompiledIr, String> {
    use sycl_passes::properties::param_opt;
    let ctx = sycl_ir::Context::new();
    let m = ctx.parse_ir(code, name).map_err(|e| e.to_string())?;
    m.verify().map_err(|e| e.to_string())?;
    let kernels = m
        .functions()
        .into_iter()
        .filter(|f| !f.is_declaration() && f.call_conv().is_kernel())
        .map(|f| f.name())
        .collect();
    let param_opt = (!param_opt::kernel_param_opt_info(&m).is_empty()).then(|| {
        let mut reg = PropertySetRegistry::new();
        param_opt::add_kernel_param_opt(&m, &mut reg);
        reg
    });
    let triple = Some(m.triple()).filter(|t| !t.is_empty());
    // Before any cut: the message names the image's kernel.
    sycl_spirv::check_backend_limits(&m).map_err(|e| e.to_string())?;
    let whole = match crate::pieces::partition(&m, &settings.pieces) {
        Ok(p) => {
            return Ok(CompiledIr {
                spirv: Vec::new(),
                kernels,
                param_opt,
                triple,
                pieces: Some(p),
                verified: false,
                whole: None,
            })
        }
        Err(crate::pieces::Whole::Unsupported(why)) => Some(why),
        Err(crate::pieces::Whole::Small) => None,
    };
    let spirv =
        sycl_spirv::compile_module_at(&m, &settings.spirv_extensions, settings.opt_level).map_err(|e| e.to_string())?;
    if settings.validate {
        sycl_spirv::validate_bytes(&spirv).map_err(|e| e.to_string())?;
    }
    Ok(CompiledIr {
        spirv,
        kernels,
        param_opt,
        triple,
        pieces: None,
        verified: false,
        whole,
    })
}

/// Message prefix of a code generation that ended LLVM's usable state in
/// the process (`sycl-ir`'s recovered fatal error or crash).
const BACK_END_STOPPED: &str = "LLVM's back end stopped";

/// A worker's life (worker mode of a binary, `sycl_process::tool_main`):
/// `args` are the arguments after [`WORKER_FLAG`] (none); reads its
/// [`WorkerRecord`], then answers requests from standard input until it
/// closes. Returns the process's exit status.
pub fn worker_main(args: &[String]) -> i32 {
    if let Some(a) = args.first() {
        eprintln!("sycl codegen worker: error: unknown worker argument '{a}'");
        return 2;
    }
    let mut input = io::stdin().lock();
    match WorkerRecord::read(&mut input) {
        Ok(record) => match serve_with(&record, &mut input, &mut io::stdout().lock(), Isolation::Fork) {
            Ok(()) => 0,
            Err(_) => 1,
        },
        Err(e) => {
            eprintln!("sycl codegen worker: error: {e}");
            2
        }
    }
}

pub(crate) fn write_answer<W: Write + ?Sized>(out: &mut W, result: &Result<CompiledIr, String>) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    match result {
        Ok(c) => {
            let status = match (&c.pieces, c.verified, &c.whole) {
                (Some(_), _, _) => 2,
                (None, true, _) => 3,
                (None, false, Some(_)) => 4,
                (None, false, None) => 0,
            };
            out.write_all(&[status])?;
            write_field(&mut out, &c.spirv)?;
            write_field(&mut out, c.kernels.join("\n").as_bytes())?;
            let props = c
                .param_opt
                .as_ref()
                .map(PropertySetRegistry::to_text)
                .unwrap_or_default();
            write_field(&mut out, props.as_bytes())?;
            write_field(&mut out, c.triple.as_deref().unwrap_or("").as_bytes())?;
            if let Some(p) = &c.pieces {
                write_fields(&mut out, &p.renamed)?;
                write_fields(&mut out, &p.pieces)?;
            } else if let (Some(why), false) = (&c.whole, c.verified) {
                write_field(&mut out, why.as_bytes())?;
            }
        }
        Err(e) => {
            out.write_all(&[1])?;
            write_field(&mut out, e.as_bytes())?;
        }
    }
    out.flush()
}

/// Reads an answer [`write_answer`] wrote (from a worker, or a code cache
/// entry's payload).
pub(crate) fn read_answer(r: &mut impl Read) -> io::Result<Result<CompiledIr, String>> {
    let mut status = [0u8; 1];
    r.read_exact(&mut status)?;
    if status[0] == 1 {
        return Ok(Err(read_string(r)?));
    }
    let spirv = read_field(r)?;
    let kernels = read_string(r)?;
    let props = read_string(r)?;
    let triple = read_string(r)?;
    let param_opt = if props.is_empty() {
        None
    } else {
        Some(
            PropertySetRegistry::parse(&props)
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e.to_string()))?,
        )
    };
    let pieces = if status[0] == 2 {
        let renamed = read_fields(r)?
            .into_iter()
            .map(|n| String::from_utf8(n).map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8")))
            .collect::<io::Result<_>>()?;
        Some(Partition {
            pieces: read_fields(r)?,
            renamed,
        })
    } else {
        None
    };
    let whole = if status[0] == 4 { Some(read_string(r)?) } else { None };
    Ok(Ok(CompiledIr {
        spirv,
        kernels: kernels.lines().filter(|l| !l.is_empty()).map(str::to_string).collect(),
        param_opt,
        triple: Some(triple).filter(|t| !t.is_empty()),
        pieces,
        verified: status[0] == 3,
        whole,
    }))
}

/// Answers requests until the input closes. With [`Isolation::Fork`]
/// images are compiled in children forked from this process, which never
/// compiles itself, up to `sycl_process::serve::BATCH_REQUESTS` images
/// each: forking a child for every image cost a fifth of the CPU of a link
/// per kernel, most of it page faults (`bench/HISTORY.md`, "A child for
/// several images"). LLVM 22's SPIR-V back end keeps block-label ids keyed
/// by the address of a `MachineFunction` from one module to the next; the
/// ids that gives are renumbered in the output (the bytes are those of a
/// fresh process), and an image where two blocks of one function got one
/// id (a phi's parent would be another block; seen on llama.cpp's kernels)
/// is refused there and compiled again here in a fresh child, as is every
/// image a child that compiled before fails on. A child gives its memory
/// back when it ends, and its crash is its image's error. Forking costs far
/// less than starting `llc` (libLLVM is loaded and relocated once).
fn serve_with(
    record: &WorkerRecord,
    input: &mut impl Read,
    output: &mut impl Write,
    isolation: Isolation,
) -> io::Result<()> {
    sycl_process::serve::serve(&Codegen(record), input, output, isolation)
}

/// What a code generation worker's requests mean ([`Request`] kinds, the
/// answers of [`write_answer`]); `sycl-process` moves the bytes.
struct Codegen<'a>(&'a WorkerRecord);

impl Codegen<'_> {
    /// The memory limit of a compiling or reading child, in bytes (0: none).
    fn memory_limit(&self) -> u64 {
        self.0.codegen.memory_limit.unwrap_or(0)
    }
}

impl Handler for Codegen<'_> {
    fn accepts(&self, kind: u8) -> bool {
        kind == Request::Image as u8 || kind == Request::Piece as u8
    }

    fn in_child(&self) {
        sycl_process::child::limit_memory(self.memory_limit(), sycl_ir::exit_on_out_of_memory);
    }

    fn answer(&self, kind: u8, name: &str, code: &[u8], may_retry: bool, out: &mut dyn Write) -> io::Result<Answered> {
        let request = if kind == Request::Piece as u8 {
            Request::Piece
        } else {
            Request::Image
        };
        let result = if let WorkerRole::Read { threads } = self.0.role {
            // A reader's diagnostic is not this check's business: the
            // caller's own read reports it. Only surviving counts, and
            // whether the bitcode's shares verified.
            let verified = if sycl_ir::is_bitcode(code) {
                sycl_ir::verify_bitcode_in_shares(code, threads)
            } else {
                drop(sycl_ir::Context::new().parse_ir(code, name));
                false
            };
            Ok(CompiledIr {
                verified,
                ..CompiledIr::default()
            })
        } else {
            compile_unit(request, code, name, &self.0.codegen)
        };
        if result.is_err() && may_retry {
            // What a process that compiled before fails on (LLVM 22's
            // SPIR-V back end keeps block ids between modules:
            // `sycl_spirv::canonical_ids` refuses what it cannot repair) is
            // asked again of a fresh one, so that every failure is one a
            // fresh process gives.
            return Ok(Answered::InFreshProcess);
        }
        write_answer(out, &result)?;
        // After a failure LLVM's state in this process may be unusable (a
        // back end that stopped): the next request gets a fresh process.
        Ok(if result.is_ok() { Answered::More } else { Answered::Last })
    }

    fn child_failed(&self, end: ChildEnd, out: &mut dyn Write) -> io::Result<()> {
        let step = match self.0.role {
            WorkerRole::Read { .. } => Step::Read,
            WorkerRole::Compile => Step::Codegen,
        };
        let message = match end {
            ChildEnd::Status(status) => describe_exit(status, step, self.memory_limit()),
            ChildEnd::Lost(ForkError::Fork(e)) => format!("cannot fork a code generation process: {e}"),
            ChildEnd::Lost(ForkError::Wait(e)) => {
                format!("code generation failed: the compiling process was lost ({e})")
            }
        };
        write_answer(out, &Err(message))
    }
}

/// What a child does, for the messages on how it ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Compiles an image.
    Codegen,
    /// Reads LLVM IR ([`ReadCheck`]).
    Read,
}

impl Step {
    fn doing(self) -> &'static str {
        match self {
            Step::Codegen => "code generation",
            Step::Read => "reading the module",
        }
    }

    fn who(self) -> &'static str {
        match self {
            Step::Codegen => "LLVM's back end",
            Step::Read => "LLVM's IR reader",
        }
    }
}

/// The message of a child doing `step` that ran out of memory under a
/// limit of `limit` bytes.
fn out_of_memory_message(step: Step, limit: u64) -> String {
    let how = match step {
        Step::Codegen => "--codegen-memory-limit sets it",
        Step::Read => "a corrupt file can ask for that much",
    };
    format!(
        "{} ran out of memory (over its limit of {} MiB; {how})",
        step.doing(),
        limit >> 20
    )
}

/// One running worker process, as the packaging side sees it: started so
/// that it dies with the thread that started it
/// (`sycl_process::worker::spawn_worker`), and given up on, killed, when it
/// does not take a request or answer it within its timeout.
pub(crate) struct Worker {
    child: Child,
    stdin: BufWriter<Timed<ChildStdin>>,
    stdout: BufReader<Timed<ChildStdout>>,
    step: Step,
    timeout: Option<Duration>,
}

impl Worker {
    /// Starts a worker for `record`; its options' timeout is how long one
    /// request may take (`None`: as long as it takes). The record goes out
    /// with the first request.
    pub(crate) fn start(command: &WorkerCommand, record: &WorkerRecord) -> Result<Self, String> {
        let mut child = spawn_worker(
            Command::new(&command.program)
                .args(&command.args)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null()),
        )
        .map_err(|e| {
            format!(
                "cannot start the code generation worker {}: {e}",
                command.program.display()
            )
        })?;
        let pipes = child.stdin.take().zip(child.stdout.take());
        let Some((Ok(stdin), Ok(stdout))) = pipes.map(|(i, o)| (Timed::new(i), Timed::new(o))) else {
            let _ = end_worker(&mut child);
            return Err("cannot talk to the code generation worker".into());
        };
        let mut stdin = BufWriter::new(stdin);
        // Into the buffer (a record is far smaller than it): sent, under
        // the deadline, with the first request.
        if record.write(&mut stdin).is_err() {
            let _ = end_worker(&mut child);
            return Err("cannot talk to the code generation worker".into());
        }
        Ok(Worker {
            child,
            stdin,
            stdout: BufReader::new(stdout),
            step: match record.role {
                WorkerRole::Read { .. } => Step::Read,
                WorkerRole::Compile => Step::Codegen,
            },
            timeout: record.codegen.timeout,
        })
    }

    /// The worker's resident memory in bytes, if the system says.
    pub(crate) fn resident_bytes(&self) -> Option<u64> {
        let statm = std::fs::read_to_string(format!("/proc/{}/statm", self.child.id())).ok()?;
        let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
        Some(pages * 4096)
    }

    /// Compiles one image. `Err((message, alive))`: the image failed; when
    /// `alive` is false the worker is gone and must be replaced.
    pub(crate) fn compile(&mut self, request: Request, name: &str, code: &[u8]) -> Result<CompiledIr, (String, bool)> {
        let deadline = self.timeout.map(|t| Instant::now() + t);
        self.stdin.get_mut().set_deadline(deadline);
        self.stdout.get_mut().set_deadline(deadline);
        let sent = self
            .stdin
            .write_all(&[request as u8])
            .and_then(|()| write_field(&mut self.stdin, name.as_bytes()))
            .and_then(|()| write_field(&mut self.stdin, code))
            .and_then(|()| self.stdin.flush());
        if let Err(e) = sent {
            return Err((self.death(&e), false));
        }
        match read_answer(&mut self.stdout) {
            Ok(Ok(c)) => Ok(c),
            Ok(Err(message)) => {
                let alive = !message.contains(BACK_END_STOPPED);
                Err((message, alive))
            }
            Err(e) => Err((self.death(&e), false)),
        }
    }

    /// Ends a worker that stopped answering (`e`: why talking to it failed)
    /// and says how it ended.
    fn death(&mut self, e: &io::Error) -> String {
        let ended = end_worker(&mut self.child);
        if let (io::ErrorKind::TimedOut, Some(t)) = (e.kind(), self.timeout) {
            return format!(
                "{} stopped: no answer in {} s (--codegen-timeout sets the limit)",
                self.step.doing(),
                t.as_secs()
            );
        }
        match ended {
            Ok(status) => describe_exit(status, self.step, 0),
            Err(e) => format!("{} failed: the worker process was lost ({e})", self.step.doing()),
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // Kill and reap it, so that no zombie remains (what its input still
        // holds is dropped: a write past the deadline fails at once).
        let _ = end_worker(&mut self.child);
    }
}

/// One line on how a worker or child doing `step` ended without answering.
fn describe_exit(status: ExitStatus, step: Step, limit: u64) -> String {
    use std::os::unix::process::ExitStatusExt;
    let (doing, who) = (step.doing(), step.who());
    match status.signal() {
        Some(11) => format!("{doing} crashed (SIGSEGV: a stack overflow or an invalid memory access in {who})"),
        Some(9) => format!("{doing} was killed (SIGKILL: out of memory?)"),
        Some(6) => format!("{doing} aborted (SIGABRT in {who})"),
        Some(7) => format!("{doing} crashed (SIGBUS in {who})"),
        Some(s) => format!("{doing} ended by signal {s}"),
        None if status.code() == Some(OUT_OF_MEMORY_EXIT) => out_of_memory_message(step, limit),
        None => format!(
            "{doing} failed: the process doing it exited with status {}",
            status.code().unwrap_or(-1)
        ),
    }
}

/// Reading untrusted LLVM IR (bitcode) where a crash of LLVM's reader
/// cannot reach this process: bit-flipped bitcode can make LLVM 22's
/// reader crash (`MetadataLoader`) or ask for tens of GB and abort with
/// "out of memory", which would end the command, or a library's host. A
/// check reads the bytes once in a worker process (the product's binary,
/// as for code generation) under a memory limit; when it survives, the
/// caller reads them in process. What the check costs: one more read of
/// the module, in another process (bitcode in shares on several threads,
/// `read_bitcode_in_shares`), and that process's start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadCheck {
    /// The worker program.
    pub command: WorkerCommand,
    /// The reading process's memory limit beyond the worker's own (bytes, 0
    /// for none; see [`CodegenOptions::memory_limit`]).
    pub memory_limit: u64,
    /// How long the reading may take before the worker is killed and the
    /// check fails (`None`: as long as it takes).
    pub timeout: Option<Duration>,
}

impl ReadCheck {
    /// The most threads a check reads on: each thread reads the
    /// module-level records again (about 40 MB for dpnp's 20 MB of
    /// bitcode); 16 gained only on llama.cpp per source, for up to 110 MiB
    /// more (`bench/HISTORY.md`, "Reading on every core").
    pub const MAX_THREADS: usize = 8;

    /// The threads a read in shares of a run of `threads` threads uses: at
    /// least one, at most [`ReadCheck::MAX_THREADS`] (the check's, and a
    /// caller's own read of bytes it trusts, `sycl_postlink::Input::verify_in_shares`).
    pub fn reading_threads(threads: usize) -> u32 {
        threads.clamp(1, Self::MAX_THREADS) as u32
    }

    /// Reads `code` (named `name`) in a worker, bitcode on `threads` threads
    /// there (the run's thread count; at most [`ReadCheck::MAX_THREADS`]).
    /// `Err` is one line on how
    /// the reading ended (crash, out of memory) or why no worker could do
    /// it; a module LLVM refuses with a diagnostic passes (the caller's own
    /// read reports it). `Ok(true)` where the worker also found the module
    /// to pass LLVM's verifier (bitcode, read in shares): the caller's own
    /// read of the same bytes need not be verified.
    ///
    /// While the worker reads, this thread makes ready the heap that its
    /// own read of the module will take (`sycl_process::alloc::prefault_heap`:
    /// 16 bytes per bitcode byte, at most 256 MB); the check then runs on a
    /// helper thread.
    pub fn check(&self, name: &str, code: &[u8], threads: usize) -> Result<bool, String> {
        let record = WorkerRecord {
            role: WorkerRole::Read {
                threads: Self::reading_threads(threads),
            },
            codegen: CodegenOptions {
                memory_limit: Some(self.memory_limit),
                timeout: self.timeout,
                ..CodegenOptions::default()
            },
        };
        let check = || run_in_worker(&self.command, &record, name, code).map(|c| c.verified);
        if !sycl_ir::is_bitcode(code) {
            return check();
        }
        std::thread::scope(|scope| match std::thread::Builder::new().spawn_scoped(scope, check) {
            Ok(t) => {
                let estimate = code.len().saturating_mul(MODULE_BYTES_PER_BITCODE_BYTE);
                sycl_process::alloc::prefault_heap(estimate.min(PREFAULT_MAX));
                t.join()
                    .unwrap_or_else(|_| Err("internal error: the read check's thread panicked".into()))
            }
            Err(_) => check(),
        })
    }
}

/// About how many bytes of memory a module read in full takes per byte
/// of its bitcode, at the least: 20 to 23 for llama.cpp's device code, the
/// dpnp libraries and a generated 4,000-kernel module (`opt-22`'s peak
/// memory less that of an empty module).
const MODULE_BYTES_PER_BITCODE_BYTE: usize = 16;

/// The most heap a read check makes present ahead of the caller's read:
/// bitcode that is mostly constant data reads into far less than
/// [`MODULE_BYTES_PER_BITCODE_BYTE`] times its size, and the memory made
/// present stays with the process until its next trim.
const PREFAULT_MAX: usize = 256 << 20;

/// Compiles one LLVM IR image (named `name`) as [`compile_llvm_ir`] does,
/// in a worker process started for it (its forked child does the work): a
/// back end that crashes, overflows its stack or runs out of
/// `codegen.memory_limit` (`None`: the machine's memory) is this call's
/// one-line error, not the end of the caller, and so is a worker that takes
/// longer than `codegen.timeout`. For commands that compile one module
/// (`sycl-spirv-emit`, `sycl-link --save-temps`); many images go through
/// [`crate::syclbin`]'s pool instead.
pub fn compile_in_worker(
    command: &WorkerCommand,
    codegen: &CodegenOptions,
    name: &str,
    code: &[u8],
) -> Result<CompiledIr, String> {
    let record = WorkerRecord {
        role: WorkerRole::Compile,
        codegen: CodegenOptions {
            // One module in, one SPIR-V module out: never cut into pieces here.
            pieces: PieceSettings::OFF,
            memory_limit: Some(codegen.memory_limit.unwrap_or_else(|| default_memory_limit(1))),
            ..codegen.clone()
        },
    };
    run_in_worker(command, &record, name, code)
}

/// One image through a worker started for it.
fn run_in_worker(
    command: &WorkerCommand,
    record: &WorkerRecord,
    name: &str,
    code: &[u8],
) -> Result<CompiledIr, String> {
    block_sigpipe_on_this_thread();
    let mut w = Worker::start(command, record)?;
    w.compile(Request::Image, name, code).map_err(|(message, _)| message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_protocol_round_trips_through_serve() {
        let record = WorkerRecord {
            role: WorkerRole::Compile,
            codegen: CodegenOptions {
                spirv_extensions: Vec::new(),
                pieces: PieceSettings::OFF,
                memory_limit: Some(0),
                ..CodegenOptions::default()
            },
        };
        let mut request = Vec::new();
        let ir = b"target triple = \"spir64-unknown-unknown\"\n\
define spir_kernel void @__sycl_kernel_k(ptr addrspace(1) %p) {\n  store i32 1, ptr addrspace(1) %p\n  ret void\n}\n";
        request.push(Request::Image as u8);
        write_field(&mut request, b"k.ll").unwrap();
        write_field(&mut request, ir).unwrap();
        request.push(Request::Image as u8);
        write_field(&mut request, b"bad.ll").unwrap();
        write_field(&mut request, b"define void @f( {").unwrap();
        let mut answer = Vec::new();
        serve_with(&record, &mut request.as_slice(), &mut answer, Isolation::InProcess).expect("serve");
        let mut r = answer.as_slice();
        let mut status = [0u8];
        r.read_exact(&mut status).unwrap();
        assert_eq!(status[0], 0);
        let spirv = read_field(&mut r).unwrap();
        assert!(sycl_spirv::is_spirv(&spirv));
        assert_eq!(read_string(&mut r).unwrap(), "__sycl_kernel_k");
        assert_eq!(read_string(&mut r).unwrap(), "");
        assert_eq!(read_string(&mut r).unwrap(), "spir64-unknown-unknown");
        r.read_exact(&mut status).unwrap();
        assert_eq!(status[0], 1);
        assert!(read_string(&mut r).unwrap().starts_with("bad.ll:1:"));
        assert!(r.is_empty());
    }
}
