//! All-or-nothing output: files are written under temporary names next to
//! their destination and renamed into place only when the whole job
//! succeeded; on failure (or drop without commit) the temporaries go away.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A set of files being written.
#[derive(Default)]
pub struct Outputs {
    pending: Vec<(PathBuf, PathBuf)>,
    committed: bool,
}

impl Outputs {
    /// Creates an empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Writes `data` to a temporary file for `path`. Errors name the path.
    pub fn write(&mut self, path: &str, data: &[u8]) -> Result<(), String> {
        let dest = PathBuf::from(path);
        let name = dest.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let dir = dest.parent().filter(|p| !p.as_os_str().is_empty()).map(Path::to_path_buf).unwrap_or_else(|| ".".into());
        let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
        let res = fs::File::create(&tmp).and_then(|mut f| f.write_all(data));
        if let Err(e) = res {
            let _ = fs::remove_file(&tmp);
            return Err(format!("{path}: cannot write: {}", io_reason(&e)));
        }
        self.pending.push((tmp, dest));
        Ok(())
    }

    /// Renames every temporary into place.
    pub fn commit(mut self) -> Result<(), String> {
        for (tmp, dest) in &self.pending {
            if let Err(e) = fs::rename(tmp, dest) {
                return Err(format!("{}: cannot write: {}", dest.display(), io_reason(&e)));
            }
        }
        self.committed = true;
        Ok(())
    }
}

impl Drop for Outputs {
    fn drop(&mut self) {
        if !self.committed {
            for (tmp, _) in &self.pending {
                let _ = fs::remove_file(tmp);
            }
        }
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
