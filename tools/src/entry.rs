//! The one entry of every command-line tool: what each binary in `src/bin/`
//! gets by being written as [`command_main!`](crate::command_main)`(TOOL,
//! run)`, so that a command added later has it without asking:
//!
//! - start-up: `sycl_process::tool_main!` (the process layer: before Rust's
//!   runtime, standard streams closed by the parent plugged by a descriptor
//!   on which every transfer fails; `SIGPIPE` and `SIGXFSZ` ignored, so that
//!   a closed pipe or a file-size limit is a write error the tool reports and
//!   cleans up after; the allocator tuned for worker threads and
//!   `WorkerAllocator` installed, so that a failed allocation in a worker's
//!   child reads as "out of memory"), the tool named for [`crate::stdio`];
//!   then worker mode, where the process layer moves the bytes and
//!   [`worker_main`] (`sycl-codegen`'s `worker`) says what they
//!   mean: every binary can be its own reading and compiling worker;
//! - reading input ([`read_input`]: a file or standard input, refused when
//!   empty, read once in a worker process first under a memory limit:
//!   [`read_check`]), compiling in worker processes ([`worker`],
//!   [`sycl_codegen::worker::compile_in_worker`]) with the SPIR-V
//!   validated;
//! - writing through [`sycl_postlink::output::Outputs`] (all or nothing) and
//!   printing through [`crate::stdio`] (`out!`, `errln!`), with messages
//!   `<tool>: error: ...` ([`crate::report_error`]).
//!
//! Only binaries use this module: the library and the C ABI never change
//! their host's signals or streams.

use std::process::ExitCode;
pub use sycl_codegen::worker::worker_main;
use sycl_codegen::worker::{default_memory_limit, ReadCheck, WorkerCommand};
use sycl_postlink::input::read_file_or_stdin;
use sycl_postlink::output::io_reason;
pub use sycl_process::tool_main;

/// A binary's `main` and global allocator: `sycl_tools::command_main!(TOOL,
/// run)` with `fn run(args: &[String]) -> ExitCode` (the arguments after
/// the program name). See the module's rules.
#[macro_export]
macro_rules! command_main {
    ($tool:expr, $run:path) => {
        $crate::entry::tool_main!(
            |args: &[String]| -> std::process::ExitCode {
                $crate::stdio::init($tool);
                $run(args)
            },
            $crate::entry::worker_main
        );
    };
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
        timeout: crate::env::codegen_timeout_default()?,
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
    read_input_within(path, crate::env::codegen_timeout_default()?)
}

/// [`read_input`] with the worker's time limit of a command's
/// `--codegen-timeout` (`None`: no limit) instead of the default.
pub fn read_input_within(path: &str, timeout: Option<std::time::Duration>) -> Result<(Vec<u8>, String), String> {
    let (data, name) = read_nonempty(path, "LLVM IR or bitcode")?;
    let check = ReadCheck {
        timeout,
        ..read_check()?
    };
    let threads = crate::env::env_defaults().tuning.thread_count(None);
    check.check(&name, &data, threads).map_err(|e| format!("{name}: {e}"))?;
    Ok((data, name))
}
