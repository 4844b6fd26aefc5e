//! All-or-nothing output: files are written under temporary names next to
//! their destination and renamed into place only when the whole job
//! succeeded; on failure the temporaries are removed. Putting the files in
//! place is itself all or nothing ([`Outputs::commit`]): a rename that fails
//! (a directory in the way, standard output full) undoes the ones before it.
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
/// before [`Outputs::commit`] put it in place removes the temporary.
pub struct PendingFile {
    tmp: PathBuf,
    dest: PathBuf,
    done: bool,
    /// The data for a path of `-` (standard output, as LLVM's
    /// `raw_fd_ostream` treats it) or for an existing file that is not a
    /// regular file (`/dev/null`, a pipe): written there on commit, never
    /// replaced by a rename.
    stdout: Option<Vec<u8>>,
}

impl PendingFile {
    /// Writes `data` to a temporary file for `path`. Errors name `path`.
    pub fn write(path: &str, data: &[u8]) -> Result<Self, String> {
        let dest = PathBuf::from(path);
        let special = || fs::metadata(&dest).is_ok_and(|m| !m.is_file() && !m.is_dir());
        if path == "-" || special() {
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

/// A file renamed into place by [`Outputs::commit`], and where the file it
/// replaced waits until the commit is over.
struct Placed {
    dest: PathBuf,
    backup: Option<PathBuf>,
}

impl Placed {
    /// Takes the new file away and puts back the one it replaced.
    fn undo(&self) {
        let _ = fs::remove_file(&self.dest);
        if let Some(b) = &self.backup {
            let _ = fs::rename(b, &self.dest);
        }
    }
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

    /// Puts every file in place, all or nothing: every destination is
    /// checked first (a directory where a file should go fails before any
    /// rename); then each temporary is renamed into place, a file already
    /// at the destination being moved aside first; then the data for
    /// standard output is printed. If any step fails, the files renamed so
    /// far are removed and the ones they replaced put back, so the
    /// destinations are as they were before the run (only what reached
    /// standard output cannot be taken back). The temporary directories go
    /// in every case.
    pub fn commit(mut self) -> Result<(), String> {
        let mut dirs: Vec<PathBuf> = self
            .pending
            .iter()
            .filter(|f| f.stdout.is_none())
            .filter_map(|f| f.tmp.parent().map(Path::to_path_buf))
            .collect();
        dirs.sort();
        dirs.dedup();
        let result = self.put_in_place();
        // Temporaries not renamed go with `self`; then their directories.
        drop(self);
        for d in dirs {
            let _ = fs::remove_dir(d);
        }
        result
    }

    fn put_in_place(&mut self) -> Result<(), String> {
        let cannot = |dest: &Path, e: &std::io::Error| format!("{}: cannot write: {}", dest.display(), io_reason(e));
        for f in self.pending.iter().filter(|f| f.stdout.is_none()) {
            if fs::symlink_metadata(&f.dest).is_ok_and(|m| m.is_dir()) {
                return Err(format!("{}: cannot write: Is a directory", f.dest.display()));
            }
        }
        let mut placed: Vec<Placed> = Vec::new();
        let undo = |placed: &[Placed]| placed.iter().rev().for_each(Placed::undo);
        for (i, f) in self.pending.iter_mut().enumerate() {
            if f.stdout.is_some() {
                continue;
            }
            let mut backup = None;
            if fs::symlink_metadata(&f.dest).is_ok() {
                let b = f.tmp.with_file_name(format!(".old{}-{i}", std::process::id()));
                if let Err(e) = fs::rename(&f.dest, &b) {
                    undo(&placed);
                    return Err(cannot(&f.dest, &e));
                }
                backup = Some(b);
            }
            let entry = Placed {
                dest: f.dest.clone(),
                backup,
            };
            if let Err(e) = fs::rename(&f.tmp, &f.dest) {
                if let Some(b) = &entry.backup {
                    let _ = fs::rename(b, &entry.dest);
                }
                undo(&placed);
                return Err(cannot(&f.dest, &e));
            }
            f.done = true;
            placed.push(entry);
        }
        for f in self.pending.iter_mut() {
            if let Some(data) = f.stdout.take() {
                f.done = true;
                let written = if f.dest.as_os_str() == "-" {
                    let mut out = std::io::stdout().lock();
                    out.write_all(&data).and_then(|()| out.flush())
                } else {
                    fs::OpenOptions::new()
                        .write(true)
                        .open(&f.dest)
                        .and_then(|mut file| file.write_all(&data))
                };
                if let Err(e) = written {
                    undo(&placed);
                    return Err(cannot(&f.dest, &e));
                }
            }
        }
        for p in &placed {
            if let Some(b) = &p.backup {
                let _ = fs::remove_file(b);
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("spl-output-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).expect("temp dir");
        d
    }

    fn listing(d: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(d)
            .expect("read dir")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    /// Outputs writing `files` (name in `d`, data), `d/a.bc` holding
    /// "old a" beforehand; `device` (`/dev/full`, `/dev/zero`) is reached
    /// through a link `d/dev`, written last: were it renamed over, the link
    /// would go, not the system's device.
    fn outputs(d: &Path, files: &[(&str, &[u8])], device: Option<&str>) -> Outputs {
        fs::write(d.join("a.bc"), b"old a").expect("old file");
        let mut o = Outputs::new();
        for (name, data) in files {
            o.write(d.join(name).to_str().expect("utf-8"), data).expect("write");
        }
        if let Some(dev) = device {
            std::os::unix::fs::symlink(dev, d.join("dev")).expect("link");
            o.write(d.join("dev").to_str().expect("utf-8"), b"table")
                .expect("write");
        }
        o
    }

    #[test]
    fn a_directory_in_the_way_fails_before_any_rename() {
        let d = temp_dir("dir");
        fs::create_dir(d.join("t.table")).expect("dir");
        let o = outputs(&d, &[("b.bc", b"b"), ("t.table", b"t")], None);
        let e = o.commit().expect_err("fails");
        assert!(e.ends_with("t.table: cannot write: Is a directory"), "{e}");
        assert_eq!(listing(&d), ["a.bc", "t.table"]);
        fs::remove_dir_all(&d).expect("clean up");
    }

    #[test]
    fn a_failure_after_renames_puts_the_earlier_files_back() {
        let d = temp_dir("undo");
        let o = outputs(&d, &[("a.bc", b"new a"), ("b.bc", b"new b")], Some("/dev/full"));
        let e = o.commit().expect_err("fails");
        assert_eq!(
            e,
            format!("{}: cannot write: No space left on device", d.join("dev").display())
        );
        assert_eq!(listing(&d), ["a.bc", "dev"]);
        assert_eq!(fs::read(d.join("a.bc")).expect("read"), b"old a");
        fs::remove_dir_all(&d).expect("clean up");
    }

    #[test]
    fn a_successful_commit_replaces_and_leaves_no_temporary() {
        let d = temp_dir("ok");
        let o = outputs(&d, &[("a.bc", b"new a"), ("b.bc", b"new b")], Some("/dev/zero"));
        o.commit().expect("commit");
        assert_eq!(listing(&d), ["a.bc", "b.bc", "dev"]);
        assert!(fs::symlink_metadata(d.join("dev"))
            .expect("link")
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(d.join("a.bc")).expect("read"), b"new a");
        fs::remove_dir_all(&d).expect("clean up");
    }
}
