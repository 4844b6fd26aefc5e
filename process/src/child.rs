//! A job run in a child forked from this process, and the memory limit of
//! such a child. A child that runs out of its limit ends with
//! [`OUT_OF_MEMORY_EXIT`], which the parent reads as "out of memory".

use std::io;
use std::process::ExitStatus;
use std::sync::atomic::Ordering;

pub use crate::alloc::{exit_now, OUT_OF_MEMORY_EXIT};

/// The default memory limit of each of `workers` children working at once:
/// the machine's physical memory shared between them, so that together they
/// cannot take more than the machine has, and at least 1 GiB; 0 (no limit)
/// where the system does not say.
pub fn default_memory_limit(workers: usize) -> u64 {
    // SAFETY: sysconf only reads system constants.
    let (page, pages) = unsafe { (libc::sysconf(libc::_SC_PAGESIZE), libc::sysconf(libc::_SC_PHYS_PAGES)) };
    let total = if page > 0 && pages > 0 {
        page as u64 * pages as u64
    } else {
        return 0;
    };
    (total / workers.max(1) as u64).max(1 << 30)
}

/// In a child: limits its address space to what it has now plus `limit`
/// bytes (`RLIMIT_AS`; nothing for 0), and makes a failed allocation
/// through [`crate::alloc::WorkerAllocator`] end it with
/// [`OUT_OF_MEMORY_EXIT`]. `also` runs just before the limit is set, with
/// that status, for other allocators to do the same (LLVM's, C++'s).
pub fn limit_memory(limit: u64, also: impl FnOnce(i32)) {
    if limit == 0 {
        return;
    }
    let current = std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4096);
    let mut r = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: fills a local struct.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut r) } != 0 {
        return;
    }
    let wanted = current.saturating_add(limit).min(r.rlim_max);
    crate::alloc::EXIT_ON_OUT_OF_MEMORY.store(true, Ordering::Relaxed);
    also(OUT_OF_MEMORY_EXIT);
    let new = libc::rlimit {
        rlim_cur: wanted,
        rlim_max: r.rlim_max,
    };
    // SAFETY: reads a local struct; only this process's limit changes.
    unsafe {
        libc::setrlimit(libc::RLIMIT_AS, &new);
    }
}

/// Why a forked child could not be started or said how it ended.
#[derive(Debug)]
pub enum ForkError {
    /// No child could be forked.
    Fork(io::Error),
    /// Waiting for the child failed.
    Wait(io::Error),
}

/// A child forked by [`fork_child`], to be reaped with [`Forked::wait`].
#[derive(Debug)]
#[must_use = "a forked child is reaped with wait"]
pub struct Forked {
    pid: libc::pid_t,
}

/// Runs `job` in a child forked from this process and returns at once in
/// this one. The child exits with 0 when `job` returns true, 3 otherwise.
/// The child dies with this process ([`crate::worker::die_with_parent`]): a
/// worker killed by its own parent (a watchdog, a terminating signal)
/// leaves no compiling child behind. In this process, `job` is dropped
/// without running (what it owns is closed here).
///
/// Only for a single-threaded process (a worker serving requests on its one
/// thread): the child runs Rust code after the fork.
pub fn fork_child(job: impl FnOnce() -> bool) -> Result<Forked, ForkError> {
    let parent = std::process::id();
    // SAFETY: the caller's process is single-threaded, so the child may run
    // Rust and LLVM code; it leaves with _exit, running no destructor of the
    // parent's state.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return Err(ForkError::Fork(io::Error::last_os_error()));
    }
    if pid == 0 {
        crate::worker::die_with_parent(parent);
        let done = job();
        exit_now(if done { 0 } else { 3 });
    }
    Ok(Forked { pid })
}

impl Forked {
    /// Waits for the child to end; `Ok` is how it ended.
    pub fn wait(self) -> Result<ExitStatus, ForkError> {
        let mut status: libc::c_int = 0;
        loop {
            // SAFETY: waits for this child, into a local.
            let r = unsafe { libc::waitpid(self.pid, &mut status, 0) };
            if r == self.pid {
                break;
            }
            let e = io::Error::last_os_error();
            if e.kind() != io::ErrorKind::Interrupted {
                return Err(ForkError::Wait(e));
            }
        }
        use std::os::unix::process::ExitStatusExt;
        Ok(ExitStatus::from_raw(status))
    }
}
