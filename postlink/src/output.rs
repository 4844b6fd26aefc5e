//! All-or-nothing output: files are written under temporary names next to
//! their destination and renamed into place only when the whole job
//! succeeded; on failure the temporaries are removed.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

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
        let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
        let res = fs::File::create(&tmp).and_then(|mut f| f.write_all(data));
        if let Err(e) = res {
            let _ = fs::remove_file(&tmp);
            return Err(format!("{path}: cannot write: {}", io_reason(&e)));
        }
        Ok(PendingFile {
            tmp,
            dest,
            done: false,
            stdout: None,
        })
    }

    /// Renames the temporary into place.
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
        }
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
    /// not yet renamed are removed.
    pub fn commit(self) -> Result<(), String> {
        for f in self.pending {
            f.commit()?;
        }
        Ok(())
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
