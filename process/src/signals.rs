//! Signals: the dispositions the binaries set at start-up, `SIGPIPE`
//! blocked on a thread that talks to workers, and the end by a closed pipe.

/// `SIGPIPE` and `SIGXFSZ` ignored: writes report `EPIPE` and `EFBIG`.
/// Called first thing in a binary's `main` ([`crate::tool_main()`]), before
/// any thread is started; libraries never call it.
pub fn ignore_pipe_and_file_size_signals() {
    // SAFETY: sets the disposition of two signals to "ignore".
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// Changes `how` (`SIG_BLOCK`, `SIG_UNBLOCK`) `SIGPIPE` in the calling
/// thread's signal mask.
fn mask_sigpipe(how: libc::c_int) {
    // SAFETY: an all-zero sigset_t is a valid value, emptied next.
    let mut set: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: the set is a local; only this thread's mask changes.
    unsafe {
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, libc::SIGPIPE);
        libc::pthread_sigmask(how, &set, std::ptr::null_mut());
    }
}

/// Blocks `SIGPIPE` on the calling thread, so that writing to a worker that
/// died is an error (`EPIPE`) and not the end of a host process that left
/// the signal's default action in place.
pub fn block_sigpipe_on_this_thread() {
    mask_sigpipe(libc::SIG_BLOCK);
}

/// Ends the process as a closed pipe ends other command-line tools: by
/// `SIGPIPE`, with no message (status 141 in a shell). The signal is
/// unblocked on this thread first ([`block_sigpipe_on_this_thread`]).
pub fn end_by_closed_pipe() -> ! {
    // SAFETY: restores the default disposition of SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    mask_sigpipe(libc::SIG_UNBLOCK);
    // SAFETY: raising SIGPIPE with its default action ends the process.
    unsafe {
        libc::raise(libc::SIGPIPE);
    }
    std::process::exit(141)
}
