//! The standard streams at the OS level: closed ones plugged before Rust's
//! runtime starts ([`plug_closed_standard_streams`]), standard output
//! written through its descriptor ([`write_stdout`]), and I/O errors worded
//! as LLVM words them ([`io_reason`]).

use std::io::Write;

/// Standard input, output or error closed by the parent: the descriptor is
/// taken by `/dev/null` opened for the other direction, so that files the
/// tool opens never get numbers 0-2 and every read from standard input or
/// write to standard output or error fails with `EBADF` (reported as
/// `<stdin>`/`<stdout>`: "Bad file descriptor"; lost for standard error).
/// [`tool_main!`](crate::tool_main!) runs it from `.init_array`, before
/// Rust's runtime opens such descriptors on `/dev/null` for both directions
/// (where a print would succeed and its output be lost).
pub extern "C" fn plug_closed_standard_streams() {
    for fd in 0..3 {
        // SAFETY: F_GETFD only asks whether the descriptor is open.
        if unsafe { libc::fcntl(fd, libc::F_GETFD) } != -1 {
            continue;
        }
        let flags = if fd == 0 { libc::O_WRONLY } else { libc::O_RDONLY };
        // SAFETY: the lowest free descriptor is `fd` (those below it are
        // open or were just plugged); the path is NUL-terminated.
        unsafe {
            libc::open(c"/dev/null".as_ptr(), flags);
        }
    }
}

/// Writes `data` to standard output (file descriptor 1) and reports every
/// error. Rust's `std::io::stdout` takes a closed standard output (`EBADF`)
/// for success and drops what it was given; a tool whose output went
/// nowhere must say so.
pub fn write_stdout(data: &[u8]) -> std::io::Result<()> {
    // Serialized with other users of standard output; nothing is buffered
    // there (every writer flushes).
    let mut out = std::io::stdout().lock();
    out.flush()?;
    use std::os::unix::io::FromRawFd;
    // SAFETY: descriptor 1 is borrowed for this write and never closed
    // (ManuallyDrop).
    let mut fd1 = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(1) });
    fd1.write_all(data)
}

/// An `io::Error` as LLVM words it (no "(os error N)" suffix).
pub fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "No such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "Permission denied".into(),
        _ => {
            let s = e.to_string();
            match s.find(" (os error") {
                Some(i) => s[..i].to_string(),
                None => s,
            }
        }
    }
}
