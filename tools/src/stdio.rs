//! The command-line tools' standard output and standard error: every binary
//! in `src/bin/` prints through [`out!`](crate::out) and
//! [`errln!`](crate::errln) (never `print!`/`eprintln!`, which panic, exit
//! 101, when the stream cannot be written), after [`init`] at start-up.
//!
//! - Standard output closed by the reader (`syclbin dump big | head`): the
//!   tool ends quietly, killed by `SIGPIPE` as other command-line tools are
//!   (status 141 in a shell), once it knows it has nothing left behind
//!   (printing commands write no file; the library's `Outputs` writes `-o -`
//!   itself, after its files are in place, and reports its own errors).
//! - Any other write error on standard output (`> /dev/full`): one line
//!   `<tool>: error: <stdout>: <reason>` on standard error, exit 1.
//! - Standard error that cannot be written (full or closed): the message is
//!   lost, there is nowhere left to report it; the run goes on and its exit
//!   status still says whether it failed.
//!
//! Only binaries use this module: the library and the C ABI never touch
//! their host's standard streams.

use std::fmt;
use std::io::{self, Write};
use std::sync::OnceLock;

static TOOL: OnceLock<&'static str> = OnceLock::new();

/// Start-up of a binary: names the tool for the one-line errors and makes
/// sure a closed pipe comes back as an `EPIPE` error from the write (the
/// signal ignored, as Rust's runtime sets it), so that the tool decides how
/// it ends rather than dying in the middle of a write.
pub fn init(tool: &'static str) {
    let _ = TOOL.set(tool);
    #[cfg(unix)]
    {
        extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
        }
        const SIGPIPE: i32 = 13;
        const SIG_IGN: usize = 1;
        // SAFETY: sets the disposition of one signal to "ignore"; called
        // first thing in main, before any thread is started.
        unsafe {
            signal(SIGPIPE, SIG_IGN);
        }
    }
}

/// Ends the process as a closed pipe ends other command-line tools: by
/// `SIGPIPE`, with no message.
fn end_by_closed_pipe() -> ! {
    #[cfg(unix)]
    {
        extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
            fn raise(sig: i32) -> i32;
        }
        const SIGPIPE: i32 = 13;
        const SIG_DFL: usize = 0;
        // SAFETY: restores the default disposition of SIGPIPE and raises it,
        // which ends the process.
        unsafe {
            signal(SIGPIPE, SIG_DFL);
            raise(SIGPIPE);
        }
    }
    std::process::exit(141)
}

/// What a failed write to standard output does (see the module's rules).
fn stdout_failed(e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        end_by_closed_pipe();
    }
    let tool = TOOL.get().copied().unwrap_or("error");
    let reason = sycl_postlink::output::io_reason(e);
    err(format_args!("{tool}: error: <stdout>: {reason}\n"));
    std::process::exit(1)
}

/// Writes `bytes` to standard output and flushes it; on failure ends the
/// process by the module's rules.
pub fn out_bytes(bytes: &[u8]) {
    let mut o = io::stdout().lock();
    if let Err(e) = o.write_all(bytes).and_then(|()| o.flush()) {
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
