//! Atomic renames and folders made for an output that may be taken back:
//! the system calls under all-or-nothing output (`sycl-postlink`'s
//! `output`, which owns temporary names and the commit).

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

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

/// The folders [`create_dirs`] made, deepest last, for [`CreatedDirs::remove`].
#[derive(Debug, Default)]
pub struct CreatedDirs(Vec<PathBuf>);

/// Creates `dir` and its missing parents (as `create_dir_all`), and says
/// which it made, so that a failed output can remove them again.
pub fn create_dirs(dir: &Path) -> std::io::Result<CreatedDirs> {
    let mut missing = Vec::new();
    let mut d = Some(dir);
    while let Some(p) = d.filter(|p| !p.as_os_str().is_empty() && std::fs::symlink_metadata(p).is_err()) {
        missing.push(p.to_path_buf());
        d = p.parent();
    }
    missing.reverse();
    let made = CreatedDirs(missing);
    match std::fs::create_dir_all(dir) {
        Ok(()) => Ok(made),
        Err(e) => {
            made.remove();
            Err(e)
        }
    }
}

impl CreatedDirs {
    /// Removes the folders made, deepest first, each only if it is empty
    /// (what another process put there stays).
    pub fn remove(&self) {
        for d in self.0.iter().rev() {
            let _ = std::fs::remove_dir(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_folders_made_are_removed_again_and_only_those() {
        let base = std::env::temp_dir().join(format!("spl-create-dirs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir_all(base.join("kept")).unwrap();
        let made = create_dirs(&base.join("kept/a/b")).unwrap();
        assert!(base.join("kept/a/b").is_dir());
        made.remove();
        assert!(!base.join("kept/a").exists());
        assert!(base.join("kept").is_dir());
        // A folder someone wrote into is left.
        let made = create_dirs(&base.join("kept/c")).unwrap();
        std::fs::write(base.join("kept/c/f"), b"x").unwrap();
        made.remove();
        assert!(base.join("kept/c/f").exists());
        std::fs::remove_dir_all(&base).unwrap();
    }
}
