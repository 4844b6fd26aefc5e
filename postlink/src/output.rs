//! All-or-nothing output: files are written under temporary names next to
//! their destination and renamed into place only when the whole job
//! succeeded; on failure the temporaries are removed.
//!
//! Each thread writes its temporaries into its own hidden directory inside
//! the destination directory (`.spl-tmp<pid>-<thread>/`), removed when its
//! files are renamed or dropped: creating thousands of files in one
//! directory from many threads serializes them on that directory's lock.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The directory, inside `dir`, where this thread writes temporaries.
fn thread_temp_dir(dir: &Path) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    thread_local! {
        static SLOT: usize = NEXT.fetch_add(1, Ordering::Relaxed);
    }
    let slot = SLOT.with(|s| *s);
    dir.join(format!(".spl-tmp{}-{slot}", std::process::id()))
}

/// Creates `path` holding `data`; creates its directory (one level) first
/// if that is missing.
fn create_with_dir(path: &Path, data: &[u8]) -> std::io::Result<()> {
    let create = || fs::File::create(path).and_then(|mut f| f.write_all(data));
    match create() {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if let Some(d) = path.parent() {
                match fs::create_dir(d) {
                    Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => return Err(e),
                    _ => {}
                }
            }
            create()
        }
        r => r,
    }
}

/// A file written under a temporary name, waiting to be renamed. Dropping it
/// without [`PendingFile::commit`] removes the temporary.
pub struct PendingFile {
    tmp: PathBuf,
    dest: PathBuf,
    done: bool,
    /// The data for a path of `-` (standard output, as LLVM's
    /// `raw_fd_ostream` treats it), printed on commit.
    stdout: Option<Vec<u8>>,
}

impl PendingFile {
    /// Writes `data` to a temporary file for `path`. Errors name `path`.
    pub fn write(path: &str, data: &[u8]) -> Result<Self, String> {
        let dest = PathBuf::from(path);
        if path == "-" {
            return Ok(PendingFile {
                tmp: PathBuf::new(),
                dest,
                done: false,
                stdout: Some(data.to_vec()),
            });
        }
        let name = dest
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let dir = dest
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map(Path::to_path_buf)
            .unwrap_or_else(|| ".".into());
        let tmp = thread_temp_dir(&dir).join(format!(".{name}.tmp{}", std::process::id()));
        if let Err(e) = create_with_dir(&tmp, data) {
            let _ = fs::remove_file(&tmp);
            remove_temp_dir(&tmp);
            return Err(format!("{path}: cannot write: {}", io_reason(&e)));
        }
        Ok(PendingFile {
            tmp,
            dest,
            done: false,
            stdout: None,
        })
    }

    /// Renames the temporary into place. Its thread's temporary directory
    /// stays (it may hold more files): [`Outputs::commit`] removes it.
    pub fn commit(mut self) -> Result<(), String> {
        if let Some(data) = self.stdout.take() {
            self.done = true;
            let mut out = std::io::stdout().lock();
            return out
                .write_all(&data)
                .and_then(|()| out.flush())
                .map_err(|e| format!("-: cannot write: {}", io_reason(&e)));
        }
        fs::rename(&self.tmp, &self.dest)
            .map_err(|e| format!("{}: cannot write: {}", self.dest.display(), io_reason(&e)))?;
        self.done = true;
        Ok(())
    }
}

impl Drop for PendingFile {
    fn drop(&mut self) {
        if !self.done && self.stdout.is_none() {
            let _ = fs::remove_file(&self.tmp);
            remove_temp_dir(&self.tmp);
        }
    }
}

/// Removes the temporary directory of `tmp` if it is empty.
fn remove_temp_dir(tmp: &Path) {
    if let Some(d) = tmp.parent() {
        let _ = fs::remove_dir(d);
    }
}

/// A set of files being written.
#[derive(Default)]
pub struct Outputs {
    pending: Vec<PendingFile>,
}

impl Outputs {
    /// Creates an empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Writes `data` to a temporary file for `path`.
    pub fn write(&mut self, path: &str, data: &[u8]) -> Result<(), String> {
        self.pending.push(PendingFile::write(path, data)?);
        Ok(())
    }

    /// Adds files written elsewhere (by a worker thread).
    pub fn extend(&mut self, files: impl IntoIterator<Item = PendingFile>) {
        self.pending.extend(files);
    }

    /// Renames every temporary into place. If one rename fails, the files
    /// not yet renamed are removed. The temporary directories go too.
    pub fn commit(self) -> Result<(), String> {
        let mut dirs: Vec<PathBuf> = Vec::new();
        for f in &self.pending {
            if f.stdout.is_none() {
                if let Some(d) = f.tmp.parent() {
                    if dirs.last().is_none_or(|l| l != d) {
                        dirs.push(d.to_path_buf());
                    }
                }
            }
        }
        dirs.sort();
        dirs.dedup();
        // Stops at the first failure; the files not renamed are dropped,
        // which removes them.
        let result = self.pending.into_iter().try_for_each(PendingFile::commit);
        for d in dirs {
            let _ = fs::remove_dir(d);
        }
        result
    }
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
