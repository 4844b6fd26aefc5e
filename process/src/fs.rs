//! Atomic renames: the system calls under all-or-nothing output
//! (`sycl-postlink`'s `output`, which owns temporary names and the commit).

use std::io::ErrorKind;
use std::path::Path;

/// How [`rename_with`] may treat an existing destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RenameMode {
    /// Fail with `AlreadyExists` if the destination exists.
    NoReplace,
    /// Swap the two files atomically (both must exist).
    Exchange,
}

/// Renames `from` to `to` as `mode` says, in one system call (Linux's
/// `renameat2`). `Unsupported` or `InvalidInput` where the system or the
/// file system cannot (an old kernel, some network file systems: see
/// [`unsupported`]): the caller then checks and renames in steps.
pub fn rename_with(from: &Path, to: &Path, mode: RenameMode) -> std::io::Result<()> {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        use std::ffi::CString;
        use std::os::unix::ffi::OsStrExt;
        let flags = match mode {
            RenameMode::NoReplace => libc::RENAME_NOREPLACE,
            RenameMode::Exchange => libc::RENAME_EXCHANGE,
        };
        let from = CString::new(from.as_os_str().as_bytes())?;
        let to = CString::new(to.as_os_str().as_bytes())?;
        // SAFETY: two NUL-terminated paths that live across the call.
        let r = unsafe { libc::renameat2(libc::AT_FDCWD, from.as_ptr(), libc::AT_FDCWD, to.as_ptr(), flags) };
        if r == 0 {
            Ok(())
        } else {
            Err(std::io::Error::last_os_error())
        }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        let _ = (from, to, mode);
        Err(std::io::Error::from(ErrorKind::Unsupported))
    }
}

/// Whether [`rename_with`] failed because the system cannot do it that way.
pub fn unsupported(e: &std::io::Error) -> bool {
    matches!(e.kind(), ErrorKind::Unsupported | ErrorKind::InvalidInput)
}
