//! What a run takes back when a terminating signal (`SIGTERM`, `SIGINT`,
//! `SIGHUP`) stops it: the folders and files of temporaries it is writing
//! ([`track_path`]) and the worker processes it started ([`track_child`]);
//! the commit that must not be cut in two ([`commit_guard`]); and the
//! binaries' handling of those signals ([`handle_terminating_signals`]).
//!
//! Libraries only record here (a lock and a vector: no signal is touched,
//! so a host keeps its own handling); a binary's start-up
//! ([`crate::tool_main()`]) blocks the three signals in every thread and
//! takes them on a thread of its own, which waits for a commit under way,
//! kills the workers, removes what is tracked and ends the process by the
//! same signal, with its default action: a shell reports `128 + N`, and a
//! build system sees that the job was interrupted, as with a compiler.
//! A signal that was ignored when the program started (`nohup`, a shell's
//! background job) stays ignored.
//!
//! Once a signal is taken, whoever tracks a path or a child waits for the
//! end of the process: so a folder is tracked *before* it is created, and
//! nothing is made after the removal.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, RwLock, RwLockReadGuard};
use std::time::{Duration, Instant};

/// What a signal removes and kills.
struct Tracked {
    /// Folders (removed with what they hold) and files, once per `track_path`.
    paths: Vec<PathBuf>,
    /// Worker process ids.
    children: Vec<u32>,
}

static TRACKED: Mutex<Tracked> = Mutex::new(Tracked {
    paths: Vec::new(),
    children: Vec::new(),
});

/// Held (shared) by every commit of outputs; taken (exclusive) by the
/// signal's cleanup, which so never sees half of a commit.
static COMMIT: RwLock<()> = RwLock::new(());

/// How long the cleanup waits for a commit under way (renames; a commit
/// blocked on a full standard output is not waited for longer).
const COMMIT_WAIT: Duration = Duration::from_secs(2);

fn tracked() -> MutexGuard<'static, Tracked> {
    TRACKED.lock().unwrap_or_else(|e| e.into_inner())
}

/// Records `path` (a folder or a file, which need not exist yet) as one to
/// remove if a terminating signal ends the run. Call it before creating
/// the path, and [`untrack_path`] once it is removed or in place.
pub fn track_path(path: &Path) {
    tracked().paths.push(path.to_path_buf());
}

/// Forgets one [`track_path`] of `path`.
pub fn untrack_path(path: &Path) {
    let mut t = tracked();
    if let Some(i) = t.paths.iter().rposition(|p| p == path) {
        t.paths.swap_remove(i);
    }
}

/// Records a worker process to kill if a terminating signal ends the run.
pub fn track_child(pid: u32) {
    tracked().children.push(pid);
}

/// Forgets a worker: call it after killing it and before reaping it, so
/// that its id, free once reaped, is never signalled.
pub fn untrack_child(pid: u32) {
    let mut t = tracked();
    if let Some(i) = t.children.iter().position(|&p| p == pid) {
        t.children.swap_remove(i);
    }
}

/// Held while outputs are renamed into place: a signal's cleanup waits
/// until it is dropped.
pub fn commit_guard() -> RwLockReadGuard<'static, ()> {
    COMMIT.read().unwrap_or_else(|e| e.into_inner())
}

/// The three signals that end a run with a cleanup.
const SIGNALS: [libc::c_int; 3] = [libc::SIGTERM, libc::SIGINT, libc::SIGHUP];

/// A binary's handling of `SIGTERM`, `SIGINT` and `SIGHUP` (each unless
/// ignored at start): blocked in this thread and so in every thread it
/// starts, and taken by a thread of their own, which cleans up
/// ([`clean_up`]) and ends the process by the signal. Call it first in
/// `main`, before any thread is started; libraries never call it. (Rust's
/// `Command` clears the signal mask in the programs it starts.)
pub fn handle_terminating_signals() {
    // SAFETY: an all-zero sigset_t is a valid value, emptied next.
    let mut set: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: the set is a local.
    unsafe { libc::sigemptyset(&mut set) };
    let mut any = false;
    for sig in SIGNALS {
        if !ignored(sig) {
            // SAFETY: adds a valid signal number to a local set.
            unsafe { libc::sigaddset(&mut set, sig) };
            any = true;
        }
    }
    if !any {
        return;
    }
    // SAFETY: blocks the signals in this thread's mask only.
    unsafe { libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()) };
    let waiter = move || loop {
        let mut sig: libc::c_int = 0;
        // SAFETY: waits for a signal of the local set, into a local.
        if unsafe { libc::sigwait(&set, &mut sig) } == 0 {
            clean_up();
            end_by(sig);
        }
    };
    if std::thread::Builder::new()
        .name("signals".into())
        .spawn(waiter)
        .is_err()
    {
        // No thread to take them: the signals keep their default action.
        // SAFETY: unblocks what was just blocked in this thread.
        unsafe { libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut()) };
    }
}

/// Whether `sig`'s disposition is "ignore" (set by whoever started us).
fn ignored(sig: libc::c_int) -> bool {
    // SAFETY: an all-zero sigaction is a valid value to read into.
    let mut old: libc::sigaction = unsafe { std::mem::zeroed() };
    // SAFETY: only reads the disposition (no new action is given).
    let r = unsafe { libc::sigaction(sig, std::ptr::null(), &mut old) };
    r == 0 && old.sa_sigaction == libc::SIG_IGN
}

/// What a terminating signal does before the process ends: waits for a
/// commit under way (at most 2 s), kills every tracked worker
/// and removes every tracked path, then holds the records' lock for ever,
/// so that no thread tracks (and then creates) anything more.
pub fn clean_up() {
    let start = Instant::now();
    let commit = loop {
        match COMMIT.try_write() {
            Ok(g) => break Some(g),
            Err(std::sync::TryLockError::Poisoned(e)) => break Some(e.into_inner()),
            Err(std::sync::TryLockError::WouldBlock) if start.elapsed() < COMMIT_WAIT => {
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(std::sync::TryLockError::WouldBlock) => break None,
        }
    };
    let t = tracked();
    for &pid in &t.children {
        if let Ok(pid) = libc::pid_t::try_from(pid) {
            // SAFETY: signals a child this process started and has not reaped.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    }
    for p in t.paths.iter().rev() {
        remove(p);
    }
    std::mem::forget(t);
    std::mem::forget(commit);
}

/// Removes a folder with what it holds, or a file; a few times, as other
/// threads may still be adding a file to a folder.
fn remove(p: &Path) {
    for _ in 0..5 {
        let r = match std::fs::symlink_metadata(p) {
            Err(_) => return,
            Ok(m) if m.is_dir() => std::fs::remove_dir_all(p),
            Ok(_) => std::fs::remove_file(p),
        };
        if r.is_ok() {
            return;
        }
    }
}

/// Ends the process by `sig` with its default action (from this thread,
/// the only one where it is unblocked); `128 + sig` if it did not end it.
fn end_by(sig: libc::c_int) -> ! {
    // SAFETY: restores the default action and unblocks the signal in this
    // thread only; raise sends it to this thread, which ends the process.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, sig);
        libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::raise(sig);
    }
    crate::alloc::exit_now(128 + sig)
}

/// Whether a process of id `pid` exists (in this process's pid namespace):
/// a temporary named by a pid that does not is an earlier run's, left by a
/// kill that gave it no time to clean up.
pub fn process_exists(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    if pid <= 0 {
        return false;
    }
    // SAFETY: signal 0 only checks that the process exists.
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tracked_paths_are_forgotten_one_by_one() {
        let p = Path::new("/nonexistent/spl-terminate-test");
        track_path(p);
        track_path(p);
        untrack_path(p);
        assert_eq!(tracked().paths.iter().filter(|q| q.as_path() == p).count(), 1);
        untrack_path(p);
        assert!(!tracked().paths.iter().any(|q| q.as_path() == p));
    }

    #[test]
    fn this_process_exists_and_a_free_id_does_not() {
        assert!(process_exists(std::process::id()));
        assert!(!process_exists(0));
        assert!(!process_exists(u32::MAX));
    }
}
