//! The one entry of every command-line tool: what each binary in `src/bin/`
//! gets by being written as [`command_main!`](crate::command_main)`(TOOL,
//! run)`, so that a command added later has it without asking:
//!
//! - start-up ([`main`] and, before Rust's runtime,
//!   [`plug_closed_standard_streams`]): the process's signals and standard streams set as
//!   the tools need them whatever the shell or parent left (`SIGPIPE` and
//!   `SIGXFSZ` ignored, so that a closed pipe or a file-size limit is a write
//!   error — `EPIPE`, `EFBIG` — that the tool reports and cleans up after,
//!   not a kill in the middle of a write that leaves temporaries behind; a
//!   standard stream closed by the parent (`>&-`) held by a descriptor on
//!   which every transfer fails, so that no file the tool opens takes its
//!   number and a print is an error, not lost output with exit status 0);
//!   the allocator tuned for worker threads
//!   ([`crate::tune_allocator_for_workers`]); then worker mode
//!   ([`serve_if_worker`]): every binary can be its own reading and
//!   compiling worker;
//! - the allocator that makes a failed allocation in a worker's child read
//!   as "out of memory" ([`WorkerAllocator`], installed by the macro);
//! - reading input ([`read_input`]: a file or standard input, refused when
//!   empty, read once in a worker process first under a memory limit:
//!   [`read_check`]), compiling in worker processes ([`worker`],
//!   [`sycl_postlink::codegen_worker::compile_in_worker`]) with the SPIR-V
//!   validated;
//! - writing through [`sycl_postlink::output::Outputs`] (all or nothing) and
//!   printing through [`crate::stdio`] (`out!`, `errln!`), with messages
//!   `<tool>: error: ...` ([`crate::report_error`]).
//!
//! Only binaries use this module: the library and the C ABI never change
//! their host's signals or streams.

use std::process::ExitCode;

pub use sycl_postlink::codegen_worker::WorkerAllocator;
use sycl_postlink::codegen_worker::{default_memory_limit, serve_if_worker, ReadCheck, WorkerCommand};
use sycl_postlink::input::read_file_or_stdin;
use sycl_postlink::output::io_reason;

/// A binary's `main` and global allocator: `sycl_tools::command_main!(TOOL,
/// run)` with `fn run(args: &[String]) -> ExitCode` (the arguments after
/// the program name). See the module's rules.
#[macro_export]
macro_rules! command_main {
    ($tool:expr, $run:path) => {
        /// A failed allocation in a reading or compiling child reads as
        /// "out of memory".
        #[global_allocator]
        static ALLOCATOR: $crate::entry::WorkerAllocator = $crate::entry::WorkerAllocator;

        /// Runs before Rust's runtime, which would open closed standard
        /// streams on `/dev/null` for reading and writing (see
        /// `plug_closed_standard_streams`).
        #[cfg(target_os = "linux")]
        #[used]
        #[link_section = ".init_array"]
        static PLUG_CLOSED_STANDARD_STREAMS: extern "C" fn() = $crate::entry::plug_closed_standard_streams;

        fn main() -> std::process::ExitCode {
            $crate::entry::main($tool, $run)
        }
    };
}

/// Start-up of a binary (see the module's rules), then `run` on the
/// arguments after the program name; in worker mode it serves and exits.
pub fn main(tool: &'static str, run: fn(&[String]) -> ExitCode) -> ExitCode {
    crate::stdio::init(tool);
    set_signals();
    // The split's threads and a worker's children keep freed memory for
    // reuse (see the function).
    crate::tune_allocator_for_workers();
    serve_if_worker();
    let args: Vec<String> = std::env::args().skip(1).collect();
    run(&args)
}

#[cfg(unix)]
extern "C" {
    fn signal(signum: i32, handler: usize) -> usize;
    fn fcntl(fd: i32, cmd: i32, ...) -> i32;
    fn open(path: *const std::os::raw::c_char, flags: i32, ...) -> i32;
}

/// `SIGPIPE` and `SIGXFSZ` ignored: writes report `EPIPE` and `EFBIG`.
fn set_signals() {
    #[cfg(unix)]
    {
        const SIGPIPE: i32 = 13;
        const SIGXFSZ: i32 = 25;
        const SIG_IGN: usize = 1;
        // SAFETY: sets the disposition of two signals to "ignore"; called
        // first thing in main, before any thread is started.
        unsafe {
            signal(SIGPIPE, SIG_IGN);
            signal(SIGXFSZ, SIG_IGN);
        }
    }
}

/// Standard input, output or error closed by the parent: the descriptor is
/// taken by `/dev/null` opened for the other direction, so that files the
/// tool opens never get numbers 0-2 and every read from standard input or
/// write to standard output or error fails with `EBADF` (reported as
/// `<stdin>`/`<stdout>`: "Bad file descriptor"; lost for standard error).
/// [`command_main!`](crate::command_main) runs it from `.init_array`,
/// before Rust's runtime opens such descriptors on `/dev/null` for both
/// directions (where a print would succeed and its output be lost).
pub extern "C" fn plug_closed_standard_streams() {
    #[cfg(unix)]
    {
        const F_GETFD: i32 = 1;
        const O_RDONLY: i32 = 0;
        const O_WRONLY: i32 = 1;
        for fd in 0..3 {
            // SAFETY: F_GETFD only asks whether the descriptor is open.
            if unsafe { fcntl(fd, F_GETFD) } != -1 {
                continue;
            }
            let flags = if fd == 0 { O_WRONLY } else { O_RDONLY };
            // SAFETY: the lowest free descriptor is `fd` (those below it are
            // open or were just plugged); the path is NUL-terminated.
            unsafe {
                open(c"/dev/null".as_ptr(), flags);
            }
        }
    }
}

/// This program as a worker (reading checks, code generation).
pub fn worker() -> Result<WorkerCommand, String> {
    WorkerCommand::current_exe().map_err(|e| format!("cannot find this program: {e}"))
}

/// Reading untrusted LLVM IR in a worker process of this program first,
/// with one process's share of the machine's memory as its limit.
pub fn read_check() -> Result<ReadCheck, String> {
    Ok(ReadCheck {
        command: worker()?,
        memory_limit: default_memory_limit(1),
    })
}

/// The start of a command that runs one step on one module
/// (`sycl-module-split`, `sycl-opt`): `-v` prints the command line, and the
/// check that reads its input in a worker first. `Err` is the exit code of
/// the error already printed.
pub fn start_one_step(tool: &str, args: &[String]) -> Result<ReadCheck, ExitCode> {
    if crate::verbose_requested(args) {
        crate::echo_command(tool, args);
    }
    read_check().map_err(|e| crate::report_error(tool, &e))
}

/// The name of `path` in messages: `<stdin>` for `-`.
pub fn input_name(path: &str) -> &str {
    if path == "-" {
        "<stdin>"
    } else {
        path
    }
}

/// The bytes of `path` (standard input for `-`) and the name LLVM gives the
/// buffer; an empty input is an error (`what` names what was expected, as
/// "LLVM IR or bitcode").
pub fn read_nonempty(path: &str, what: &str) -> Result<(Vec<u8>, String), String> {
    let (data, name) = read_file_or_stdin(path).map_err(|e| format!("{}: {}", input_name(path), io_reason(&e)))?;
    if data.is_empty() {
        return Err(format!("{name}: empty input: expected {what}"));
    }
    Ok((data, name))
}

/// Untrusted LLVM IR from `path`: read, refused when empty, then read once
/// in a worker ([`read_check`]) so that a reader crash or a corrupt file
/// asking for tens of GB is a one-line error here; the caller then parses
/// the bytes in process.
pub fn read_input(path: &str) -> Result<(Vec<u8>, String), String> {
    let (data, name) = read_nonempty(path, "LLVM IR or bitcode")?;
    read_check()?.check(&name, &data).map_err(|e| format!("{name}: {e}"))?;
    Ok((data, name))
}
