//! The allocator of the binaries: [`WorkerAllocator`], and glibc's malloc
//! tuned for worker threads ([`tune_allocator_for_workers`],
//! [`release_free_memory`]).

use std::sync::atomic::{AtomicBool, Ordering};

/// Exit status of a child that ran out of memory.
pub const OUT_OF_MEMORY_EXIT: i32 = 86;

/// Whether this process is a child with a memory limit, where a failed
/// allocation ends the process ([`crate::child::limit_memory`]).
pub(crate) static EXIT_ON_OUT_OF_MEMORY: AtomicBool = AtomicBool::new(false);

/// The global allocator of the binaries that serve as workers: the
/// system's, except that in a child with a memory limit an allocation that
/// fails ends the child with the status its parent reads as "out of memory"
/// ([`OUT_OF_MEMORY_EXIT`]; Rust's own reaction, an abort,
/// would read as a crash). Elsewhere it is the system allocator unchanged.
pub struct WorkerAllocator;

fn out_of_memory_check(p: *mut u8) -> *mut u8 {
    if p.is_null() && EXIT_ON_OUT_OF_MEMORY.load(Ordering::Relaxed) {
        exit_now(OUT_OF_MEMORY_EXIT);
    }
    p
}

// SAFETY: every call is forwarded to the system allocator.
unsafe impl std::alloc::GlobalAlloc for WorkerAllocator {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        out_of_memory_check(unsafe { std::alloc::System.alloc(layout) })
    }
    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        out_of_memory_check(unsafe { std::alloc::System.alloc_zeroed(layout) })
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        out_of_memory_check(unsafe { std::alloc::System.realloc(ptr, layout, new_size) })
    }
}

/// Tunes the C allocator for worker threads; binaries call it first thing
/// ([`crate::tool_main()`]). Every image is an LLVM module built and destroyed
/// on a worker thread, and glibc's malloc hands the freed memory of each
/// back to the kernel at once (trimming the heap top, unmapping large
/// blocks), so that 16 workers spend more time in the kernel's memory-map
/// locks and TLB shootdowns than building images (measured on 16 cores with
/// 16,000 images: 17 s with 54 s of system time; with this, 7 s). Keeping
/// freed memory for reuse costs no peak memory, which is what it was anyway.
/// The C ABI leaves its host's allocator alone.
pub fn tune_allocator_for_workers() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes allocator parameters; called before any
    // thread is started.
    unsafe {
        libc::mallopt(libc::M_TRIM_THRESHOLD, 1 << 30);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
    }
}

/// Gives the allocator's free memory back to the system (glibc keeps it
/// otherwise: [`tune_allocator_for_workers`] sets a high trim threshold).
pub fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free memory to the system.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Ends this process at once with `code`: no destructor, no buffered
/// output flushed, no `atexit` handler (a forked child or a child that ran
/// out of memory).
pub fn exit_now(code: i32) -> ! {
    // SAFETY: _exit ends the process; nothing runs after it.
    unsafe { libc::_exit(code) }
}
