//! The command-line tools' standard output and standard error: every binary
//! in `src/bin/` prints through [`out!`](crate::out) and
//! [`errln!`](crate::errln) (never `print!`/`eprintln!`, which panic, exit
//! 101, when the stream cannot be written), after the start-up of [`crate::entry`].
//!
//! - Standard output closed by the reader (`syclbin dump big | head`): the
//!   tool ends quietly, killed by `SIGPIPE` as other command-line tools are
//!   (status 141 in a shell), once it knows it has nothing left behind
//!   (printing commands write no file; the library's `Outputs` writes `-o -`
//!   itself, after its files are in place, and reports its own errors).
//! - Any other write error on standard output (`> /dev/full`, or closed
//!   by the parent: `>&-`, see [`crate::entry`]): one line
//!   `<tool>: error: <stdout>: <reason>` on standard error, exit 1.
//! - Standard error that cannot be written (full or closed): the message is
//!   lost, there is nowhere left to report it; the run goes on and its exit
//!   status still says whether it failed.
//!
//! Only binaries use this module: the library and the C ABI never touch
//! their host's standard streams. The system calls are `sycl-process`'s.

use std::fmt;
use std::io::{self, Write};
use std::sync::OnceLock;

static TOOL: OnceLock<&'static str> = OnceLock::new();

/// Names the tool for the one-line errors. Called by the one entry of the
/// binaries ([`crate::command_main!`], through `sycl_process::tool_main`,
/// which also ignores `SIGPIPE`), so that a
/// closed pipe comes back as an `EPIPE` error from the write and the tool
/// decides how it ends rather than dying in the middle of a write.
pub fn init(tool: &'static str) {
    let _ = TOOL.set(tool);
}

/// What a failed write to standard output does (see the module's rules).
fn stdout_failed(e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        sycl_process::signals::end_by_closed_pipe();
    }
    let tool = TOOL.get().copied().unwrap_or("error");
    let reason = sycl_process::stdio::io_reason(e);
    err(format_args!("{tool}: error: <stdout>: {reason}\n"));
    std::process::exit(1)
}

/// Writes `bytes` to standard output and flushes it; on failure ends the
/// process by the module's rules.
pub fn out_bytes(bytes: &[u8]) {
    if let Err(e) = sycl_process::stdio::write_stdout(bytes) {
        stdout_failed(&e);
    }
}

/// Writes formatted text to standard output (see [`out_bytes`]).
pub fn out(args: fmt::Arguments<'_>) {
    match args.as_str() {
        Some(s) => out_bytes(s.as_bytes()),
        None => out_bytes(args.to_string().as_bytes()),
    }
}

/// Writes formatted text to standard error; a failure is ignored (see the
/// module's rules).
pub fn err(args: fmt::Arguments<'_>) {
    let mut e = io::stderr().lock();
    let _ = e.write_fmt(args).and_then(|()| e.flush());
}

/// `print!` for the tools: to standard output through [`stdio::out`](out).
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::stdio::out(format_args!($($arg)*))
    };
}

/// `eprintln!` for the tools: one line to standard error through
/// [`stdio::err`](err).
#[macro_export]
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::stdio::err(format_args!("{}\n", format_args!($($arg)*)))
    };
}
