//! The allocator of the binaries: [`WorkerAllocator`], and glibc's malloc
//! tuned for worker threads ([`tune_allocator_for_workers`],
//! [`release_free_memory`], [`prefault_heap`]).

use std::sync::atomic::{AtomicBool, Ordering};

/// Exit status of a child that ran out of memory.
pub const OUT_OF_MEMORY_EXIT: i32 = 86;

/// Whether this process is a child with a memory limit, where a failed
/// allocation ends the process ([`crate::child::limit_memory`]).
pub(crate) static EXIT_ON_OUT_OF_MEMORY: AtomicBool = AtomicBool::new(false);

/// Whether [`tune_allocator_for_workers`] ran: this is one of the product's
/// binaries, whose allocator keeps freed memory, and not a library's host.
static TUNED: AtomicBool = AtomicBool::new(false);

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
        libc::mallopt(libc::M_TRIM_THRESHOLD, TRIM_THRESHOLD as i32);
        libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD as i32);
        TUNED.store(true, Ordering::Relaxed);
    }
}

/// Free memory at the top of the heap that glibc keeps
/// ([`tune_allocator_for_workers`]).
const TRIM_THRESHOLD: usize = 1 << 30;
/// Blocks this large or larger are mapped on their own, not taken from the
/// heap ([`tune_allocator_for_workers`]).
const MMAP_THRESHOLD: usize = 32 << 20;

/// Makes about `bytes` of this thread's heap present and leaves it free
/// (kept by the allocator: [`tune_allocator_for_workers`]), so that the
/// allocations this thread makes next find their pages mapped instead of
/// faulting each one in: what a thread that is about to read a large module
/// does while it waits (page faults were a quarter of the read of
/// llama.cpp's 6 MB of bitcode on a 16-core machine). At most the trim
/// threshold; nothing where the allocator was not tuned (the library's
/// host keeps its allocator as it is).
pub fn prefault_heap(bytes: usize) {
    if !TUNED.load(Ordering::Relaxed) {
        return;
    }
    // In blocks below the mmap threshold, so that they come from the heap
    // and go back to it when freed (the last one first: each then joins
    // the free top of the heap).
    const BLOCK: usize = MMAP_THRESHOLD / 4;
    // SAFETY: sysconf only reads a system value.
    let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) })
        .unwrap_or(4096)
        .max(1);
    let mut left = bytes.min(TRIM_THRESHOLD);
    let mut blocks = Vec::with_capacity(left / BLOCK + 1);
    while left > 0 {
        let n = BLOCK.min(left);
        // SAFETY: malloc of a non-zero size; null is handled.
        let p = unsafe { libc::malloc(n) } as *mut u8;
        if p.is_null() {
            break;
        }
        for offset in (0..n).step_by(page) {
            // SAFETY: `offset` < `n`, inside the block just allocated; a
            // volatile write so that the page is really touched.
            unsafe { p.add(offset).write_volatile(0) };
        }
        blocks.push(p);
        left -= n;
    }
    for p in blocks.into_iter().rev() {
        // SAFETY: each pointer came from malloc above and is freed once.
        unsafe { libc::free(p as *mut libc::c_void) };
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

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod tests {
    use super::*;

    /// The memory made present stays with the allocator, free, for the
    /// allocations that follow (none of it is given back to the system).
    #[test]
    fn prefaulted_memory_stays_free_in_the_heap() {
        tune_allocator_for_workers();
        // SAFETY: mallinfo2 only reads the allocator's statistics.
        let before = unsafe { libc::mallinfo2() };
        prefault_heap(64 << 20);
        // SAFETY: as above.
        let after = unsafe { libc::mallinfo2() };
        let grown = after.arena.saturating_sub(before.arena);
        let free = after.fordblks.saturating_sub(before.fordblks);
        assert!(grown >= 48 << 20, "heap grew by {grown} bytes");
        assert!(free >= 48 << 20, "free memory grew by {free} bytes");
    }
}
