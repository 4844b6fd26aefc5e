//! The process layer of the tools: every operating-system concern, and no
//! LLVM or SYCL meaning. It owns
//!
//! - worker programs and how they are found ([`worker`]: [`WorkerCommand`],
//!   the program next to a library), the byte framing of the worker
//!   protocol ([`frame`]: length-prefixed fields), a job run in a forked
//!   child under a memory limit ([`child`]), and a worker's serving loop
//!   ([`serve`]: requests read and passed on to forked children, several
//!   to each, answered there by the caller's [`serve::Handler`]);
//! - the allocator: [`alloc::WorkerAllocator`] (a failed allocation in a
//!   limited child reads as "out of memory"), glibc's `mallopt`/`malloc_trim`
//!   tuning;
//! - signals and standard streams ([`signals`], [`stdio`]), and what a
//!   terminating signal takes back ([`terminate`]: temporaries, workers);
//! - pipe ends with a deadline ([`timed`]: a worker's watchdog);
//! - atomic renames of files ([`fs`]: `renameat2`), and a folder held
//!   open in which no link is followed ([`dir`]: a shared cache's);
//! - the one start-up of every binary ([`tool_main()`], [`tool_main!`]),
//!   and what a run shows of itself ([`trace`]: the Chrome trace of its
//!   steps and the progress line, off unless a command turns them on).
//!
//! What the bytes a worker moves mean is the caller's business
//! (`sycl-codegen`'s `worker`). This crate and `sycl-ir` are the
//! only ones with `unsafe` code (besides the C ABI's entry points); every
//! block says why it is sound.

pub mod alloc;
pub mod child;
pub mod dir;
pub mod frame;
pub mod fs;
pub mod serve;
pub mod signals;
pub mod stdio;
pub mod terminate;
pub mod timed;
pub mod trace;
pub mod worker;

pub use worker::{WorkerCommand, WORKER_FLAG};

use std::process::ExitCode;

/// A binary's `main`, global allocator and pre-runtime plug of closed
/// standard streams: `sycl_process::tool_main!(run, worker)` with
/// `fn run(args: &[String]) -> ExitCode` (the arguments after the program
/// name) and `fn worker(args: &[String]) -> i32` (worker mode: the
/// arguments after [`WORKER_FLAG`]; returns the exit status). See
/// [`tool_main()`].
#[macro_export]
macro_rules! tool_main {
    ($run:expr, $worker:expr) => {
        /// A failed allocation in a reading or compiling child reads as
        /// "out of memory".
        #[global_allocator]
        static ALLOCATOR: $crate::alloc::WorkerAllocator = $crate::alloc::WorkerAllocator;

        /// Runs before Rust's runtime, which would open closed standard
        /// streams on `/dev/null` for reading and writing (see
        /// `plug_closed_standard_streams`).
        #[cfg(target_os = "linux")]
        #[used]
        #[link_section = ".init_array"]
        static PLUG_CLOSED_STANDARD_STREAMS: extern "C" fn() = $crate::stdio::plug_closed_standard_streams;

        fn main() -> std::process::ExitCode {
            $crate::tool_main($run, $worker)
        }
    };
}

/// The start-up of a binary, then `run` on the arguments after the program
/// name: `SIGPIPE` and `SIGXFSZ` ignored (a closed pipe or a file-size
/// limit is a write error the tool reports and cleans up after, not a kill
/// in the middle of a write), the allocator tuned for worker threads
/// ([`alloc::tune_allocator_for_workers`]); with [`WORKER_FLAG`] first, the
/// process is a worker: `worker` serves on the rest of the arguments and
/// the process exits with its status (a terminating signal ends it at once:
/// it writes no file). Otherwise `SIGTERM`, `SIGINT` and `SIGHUP` are taken
/// by a thread that removes the run's temporaries and ends its workers
/// ([`terminate::handle_terminating_signals`]).
pub fn tool_main(run: fn(&[String]) -> ExitCode, worker: fn(&[String]) -> i32) -> ExitCode {
    signals::ignore_pipe_and_file_size_signals();
    alloc::tune_allocator_for_workers();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some(WORKER_FLAG) {
        std::process::exit(worker(&args[1..]));
    }
    terminate::handle_terminating_signals();
    run(&args)
}
