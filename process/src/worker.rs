//! Worker programs: how one is named ([`WorkerCommand`]) and found (the
//! running binary, or a program next to the library this code was loaded
//! from), and how one is started and ended so that it never outlives its
//! parent ([`spawn_worker`], [`end_worker`], [`die_with_parent`]).

use std::ffi::CStr;
use std::io;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus};

use crate::terminate;

/// The argument that starts a binary as a worker.
pub const WORKER_FLAG: &str = "--sycl-codegen-worker";

/// How to start a worker process: a program (a binary started through
/// [`crate::tool_main()`]) and the arguments before the worker's settings
/// (normally [`WORKER_FLAG`] alone).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkerCommand {
    /// The program.
    pub program: PathBuf,
    /// Its first arguments.
    pub args: Vec<String>,
}

impl WorkerCommand {
    /// The running binary in worker mode.
    pub fn current_exe() -> io::Result<Self> {
        Ok(WorkerCommand {
            program: std::env::current_exe()?,
            args: vec![WORKER_FLAG.to_string()],
        })
    }

    /// `program` in worker mode.
    pub fn program(program: impl Into<PathBuf>) -> Self {
        WorkerCommand {
            program: program.into(),
            args: vec![WORKER_FLAG.to_string()],
        }
    }

    /// The worker for a library: `configured` (a path the caller read from
    /// its settings, e.g. an environment variable; ignored when empty), else
    /// the program `name` in the directory of the file this code was loaded
    /// from (the shared library, or the program the static library is linked
    /// into), or in the one above it (cargo's `deps/`). `Err` says what was
    /// missing, naming `variable` as the way to set it.
    pub fn next_to_library(configured: Option<std::ffi::OsString>, name: &str, variable: &str) -> Result<Self, String> {
        if let Some(p) = configured.filter(|p| !p.is_empty()) {
            return Ok(WorkerCommand::program(p));
        }
        let lib = this_object().ok_or_else(|| format!("cannot find the code generation worker: set {variable}"))?;
        let dir = lib.parent().unwrap_or(Path::new("."));
        let found = [Some(dir), dir.parent()]
            .into_iter()
            .flatten()
            .map(|d| d.join(name))
            .find(|p| p.is_file());
        found.map(WorkerCommand::program).ok_or_else(|| {
            format!(
                "cannot find the code generation worker: no '{name}' next to {}; set {variable}",
                lib.display()
            )
        })
    }
}

/// The file this code was loaded from (the shared library, or the program
/// the static library is linked into).
fn this_object() -> Option<PathBuf> {
    // SAFETY: an all-zero Dl_info is a valid value (null pointers).
    let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
    let anchor = this_object as fn() -> Option<PathBuf>;
    // SAFETY: dladdr only fills `info` for an address of this object.
    let found = unsafe { libc::dladdr(anchor as *const libc::c_void, &mut info) };
    if found == 0 || info.dli_fname.is_null() {
        return None;
    }
    // SAFETY: dladdr gave a NUL-terminated path that lives with the object.
    let name = unsafe { CStr::from_ptr(info.dli_fname) }.to_string_lossy().into_owned();
    let path = PathBuf::from(name);
    // A program's own entry may be its bare name: resolve it.
    if path.is_absolute() {
        Some(path)
    } else {
        std::fs::canonicalize(&path)
            .ok()
            .or_else(|| std::env::current_exe().ok())
    }
}

/// Starts `command` as a worker of the calling thread: the worker is
/// killed when that thread ends, however it ends (`SIGKILL` included:
/// Linux's parent-death signal, [`die_with_parent`]), and by a terminating
/// signal's cleanup ([`terminate::track_child`]). Use it, and end it with
/// [`end_worker`], on the thread that started it.
pub fn spawn_worker(command: &mut Command) -> io::Result<Child> {
    let parent = std::process::id();
    // SAFETY: the closure runs in the child between fork and exec and only
    // makes system calls that are async-signal-safe (prctl, getppid, _exit).
    unsafe {
        command.pre_exec(move || {
            die_with_parent(parent);
            Ok(())
        });
    }
    let child = command.spawn()?;
    terminate::track_child(child.id());
    Ok(child)
}

/// Ends a worker of [`spawn_worker`] (`SIGKILL`, a no-op once it exited)
/// and reaps it: how it ended.
pub fn end_worker(child: &mut Child) -> io::Result<ExitStatus> {
    let _ = child.kill();
    terminate::untrack_child(child.id());
    child.wait()
}

/// In a process just started (between fork and exec, or in a forked
/// child): asks for `SIGKILL` when the thread that started it ends, then
/// ends at once if `parent` (the starter's process id, read before the
/// fork) is already gone, as then no such signal comes. Only
/// async-signal-safe calls.
pub fn die_with_parent(parent: u32) {
    #[cfg(target_os = "linux")]
    // SAFETY: prctl and getppid only concern this process; _exit ends it.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong, 0, 0, 0);
        if libc::getppid() as u32 != parent {
            libc::_exit(1);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = parent;
}
