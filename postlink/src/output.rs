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
//! Those directories are recorded for a terminating signal's cleanup
//! (`sycl_process::terminate`: a `SIGTERM` or Ctrl-C leaves none), the
//! commit holds off that cleanup until its renames are done, and a run
//! removes the ones a dead run (its process gone) left in a directory it
//! writes to.
//!
//! The file-system work per file is what a many-image split on a disk pays
//! for (bench/HISTORY.md, "Writing the files"): a file costs one `stat` of
//! its destination (a special file such as `/dev/null` is written, not
//! replaced), one create, one write of all its bytes, a close, and one
//! rename that refuses to replace (Linux's `renameat2` with
//! `RENAME_NOREPLACE`); only a destination that exists costs more: a `lstat`
//! (a directory fails the run) and an atomic exchange with the old file,
//! removed once the whole commit succeeded. Nothing is synced to the disk
//! (as upstream's tool and LLVM's `raw_fd_ostream`).
//!
//! The system calls under it (`renameat2`, writing descriptor 1) are
//! `sycl-process`'s; this module owns the temporary names and the commit.

use std::collections::BTreeSet;
use std::fs;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use sycl_process::fs::{rename_with, unsupported, RenameMode};
pub use sycl_process::stdio::io_reason;
use sycl_process::stdio::write_stdout;
use sycl_process::terminate;

/// This process's id, read once: it names every temporary.
fn pid() -> u32 {
    static PID: OnceLock<u32> = OnceLock::new();
    *PID.get_or_init(std::process::id)
}

/// The directory, inside `dir`, where this thread writes temporaries.
fn thread_temp_dir(dir: &Path) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    thread_local! {
        static SLOT: usize = NEXT.fetch_add(1, Ordering::Relaxed);
    }
    let slot = SLOT.with(|s| *s);
    dir.join(format!("{TEMP_PREFIX}{}-{slot}", pid()))
}

/// Creates `path` holding `data`, written with one call; creates its
/// temporary directory first if that is missing ([`make_temp_dir`]).
fn create_with_dir(path: &Path, data: &[u8]) -> std::io::Result<()> {
    let create = || fs::File::create(path).and_then(|mut f| f.write_all(data));
    match create() {
        Err(e) if e.kind() == ErrorKind::NotFound => {
            if let Some(d) = path.parent() {
                make_temp_dir(d)?;
            }
            create()
        }
        r => r,
    }
}

/// Creates the temporary directory `d`, recorded before it exists for a
/// terminating signal's cleanup (`sycl_process::terminate`); the first time
/// in a destination directory, the temporaries of dead runs there go first
/// ([`remove_stale_temporaries`]).
fn make_temp_dir(d: &Path) -> std::io::Result<()> {
    if let Some(dir) = d.parent() {
        remove_stale_temporaries(dir);
    }
    terminate::track_path(d);
    match fs::create_dir(d) {
        Ok(()) => Ok(()),
        // Made earlier by this thread, and recorded then.
        Err(e) if e.kind() == ErrorKind::AlreadyExists => {
            terminate::untrack_path(d);
            Ok(())
        }
        Err(e) => {
            terminate::untrack_path(d);
            Err(e)
        }
    }
}

/// Removes, once per directory and process, the temporary directories in
/// `dir` of runs whose process no longer exists (killed before they could
/// clean up: `SIGKILL`, a crash, a power cut). Those of live processes,
/// this one's included, stay.
fn remove_stale_temporaries(dir: &Path) {
    static DONE: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());
    if !DONE.lock().is_ok_and(|mut d| d.insert(dir.to_path_buf())) {
        return;
    }
    let Ok(entries) = fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(owner) = name.to_str().and_then(temporary_owner) else {
            continue;
        };
        let is_dir = e.file_type().is_ok_and(|t| t.is_dir());
        if is_dir && owner != pid() && !terminate::process_exists(owner) {
            let _ = fs::remove_dir_all(e.path());
        }
    }
}

/// The process id in a temporary directory's name (`.spl-tmp<pid>-<n>`).
fn temporary_owner(name: &str) -> Option<u32> {
    let (pid, slot) = name.strip_prefix(TEMP_PREFIX)?.split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits(pid) && digits(slot)).then(|| pid.parse().ok()).flatten()
}

/// How temporary directories are named: `.spl-tmp<pid>-<thread>`.
const TEMP_PREFIX: &str = ".spl-tmp";

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
        let tmp = thread_temp_dir(&dir).join(format!(".{name}.tmp{}", pid()));
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

/// Checks that a file can be written at `path` (its folder takes a new
/// file, and `path` is not a folder) by writing an empty temporary there,
/// removed again: for an output written after the others (a time trace),
/// so that a path that cannot be written fails the run before any other
/// output is written, with the error [`Outputs::commit`] would give.
pub fn check_writable(path: &str) -> Result<(), String> {
    if Path::new(path).is_dir() {
        return Err(format!("{path}: cannot write: Is a directory"));
    }
    PendingFile::write(path, &[]).map(drop)
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
        remove_empty_temp_dir(d);
    }
}

/// Removes the temporary directory `d` if it is empty, and forgets it.
fn remove_empty_temp_dir(d: &Path) {
    if fs::remove_dir(d).is_ok() {
        terminate::untrack_path(d);
    }
}

/// A set of files being written.
#[derive(Default)]
pub struct Outputs {
    pending: Vec<PendingFile>,
}

/// A file put in place by [`Outputs::commit`], and how to take it back.
enum Placed {
    /// Renamed to a destination where nothing was: undoing removes it.
    New(PathBuf),
    /// Exchanged with the file that was at `dest`, which waits at `old`
    /// (the temporary's name) until the commit is over.
    Exchanged { dest: PathBuf, old: PathBuf },
    /// Where the system cannot exchange: the file that was at `dest` was
    /// moved aside to `old` first.
    MovedAside { dest: PathBuf, old: PathBuf },
}

impl Placed {
    /// Takes the new file away and puts back the one it replaced.
    fn undo(&self) {
        match self {
            Placed::New(dest) => {
                let _ = fs::remove_file(dest);
            }
            // One rename puts the old file back over the new one.
            Placed::Exchanged { dest, old } | Placed::MovedAside { dest, old } => {
                let _ = fs::rename(old, dest);
            }
        }
    }

    /// Removes the file it replaced, once the whole commit succeeded.
    fn finish(&self) {
        match self {
            Placed::New(_) => {}
            Placed::Exchanged { old, .. } | Placed::MovedAside { old, .. } => {
                let _ = fs::remove_file(old);
            }
        }
    }
}

/// Puts the temporary `tmp` in place at `dest` (the `i`-th file of the
/// commit): one rename where `dest` does not exist; where it does, a
/// directory fails, anything else is exchanged with the new file (or, where
/// the system cannot exchange, moved aside first).
fn place(tmp: &Path, dest: &Path, i: usize) -> std::io::Result<Placed> {
    match rename_with(tmp, dest, RenameMode::NoReplace) {
        Ok(()) => return Ok(Placed::New(dest.to_path_buf())),
        Err(e) if e.kind() == ErrorKind::AlreadyExists => {}
        Err(e) if unsupported(&e) => {}
        Err(e) => return Err(e),
    }
    let exists = match fs::symlink_metadata(dest) {
        Ok(m) if m.is_dir() => return Err(std::io::Error::new(ErrorKind::IsADirectory, "Is a directory")),
        Ok(_) => true,
        Err(e) if e.kind() == ErrorKind::NotFound => false,
        Err(e) => return Err(e),
    };
    if !exists {
        fs::rename(tmp, dest)?;
        return Ok(Placed::New(dest.to_path_buf()));
    }
    match rename_with(tmp, dest, RenameMode::Exchange) {
        Ok(()) => {
            return Ok(Placed::Exchanged {
                dest: dest.to_path_buf(),
                old: tmp.to_path_buf(),
            })
        }
        Err(e) if unsupported(&e) => {}
        Err(e) => return Err(e),
    }
    let old = tmp.with_file_name(format!(".old{}-{i}", pid()));
    fs::rename(dest, &old)?;
    if let Err(e) = fs::rename(tmp, dest) {
        let _ = fs::rename(&old, dest);
        return Err(e);
    }
    Ok(Placed::MovedAside {
        dest: dest.to_path_buf(),
        old,
    })
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

    /// Puts every file in place, all or nothing: each temporary is renamed
    /// into place (a file already at the destination is exchanged with it
    /// and kept until the end; a directory there fails the commit); then
    /// the data for standard output and special files is written. If any
    /// step fails, the files put in place so far are taken away and the
    /// ones they replaced put back, so the destinations are as they were
    /// before the run (only what reached standard output cannot be taken
    /// back). The temporary directories go in every case.
    pub fn commit(mut self) -> Result<(), String> {
        let mut dirs: Vec<PathBuf> = self
            .pending
            .iter()
            .filter(|f| f.stdout.is_none())
            .filter_map(|f| f.tmp.parent().map(Path::to_path_buf))
            .collect();
        dirs.sort();
        dirs.dedup();
        // A terminating signal's cleanup waits for the renames.
        let in_place = terminate::commit_guard();
        let result = self.put_in_place();
        drop(in_place);
        // Temporaries not renamed go with `self`; then their directories.
        drop(self);
        for d in dirs {
            remove_empty_temp_dir(&d);
        }
        result
    }

    fn put_in_place(&mut self) -> Result<(), String> {
        let cannot = |dest: &Path, e: &std::io::Error| format!("{}: cannot write: {}", dest.display(), io_reason(e));
        let mut placed: Vec<Placed> = Vec::new();
        let undo = |placed: &[Placed]| placed.iter().rev().for_each(Placed::undo);
        for (i, f) in self.pending.iter_mut().enumerate() {
            if f.stdout.is_some() {
                continue;
            }
            match place(&f.tmp, &f.dest, i) {
                Ok(p) => {
                    f.done = true;
                    placed.push(p);
                }
                Err(e) => {
                    undo(&placed);
                    return Err(cannot(&f.dest, &e));
                }
            }
        }
        for f in self.pending.iter_mut() {
            if let Some(data) = f.stdout.take() {
                f.done = true;
                let written = if f.dest.as_os_str() == "-" {
                    write_stdout(&data)
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
        placed.iter().for_each(Placed::finish);
        Ok(())
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
    fn a_directory_in_the_way_fails_and_the_files_before_it_go() {
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
    fn a_link_at_a_destination_is_replaced_not_written_through() {
        let d = temp_dir("link");
        fs::write(d.join("target"), b"target").expect("target");
        std::os::unix::fs::symlink(d.join("target"), d.join("b.bc")).expect("link");
        let o = outputs(&d, &[("b.bc", b"new b")], None);
        o.commit().expect("commit");
        assert_eq!(listing(&d), ["a.bc", "b.bc", "target"]);
        assert!(fs::symlink_metadata(d.join("b.bc")).expect("b").is_file());
        assert_eq!(fs::read(d.join("b.bc")).expect("read"), b"new b");
        assert_eq!(fs::read(d.join("target")).expect("read"), b"target");
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

    #[test]
    fn a_dead_runs_temporaries_go_and_a_live_ones_stay() {
        let d = temp_dir("stale");
        // No process has the largest id; this test's own process lives.
        let dead = d.join(format!("{TEMP_PREFIX}{}-0", free_pid()));
        let live = d.join(format!("{TEMP_PREFIX}1-3"));
        let other = d.join(".spl-tmpx-1");
        for p in [&dead, &live, &other] {
            fs::create_dir(p).expect("mkdir");
            fs::write(p.join("f"), b"partial").expect("write");
        }
        let mut o = Outputs::new();
        o.write(d.join("out.bc").to_str().expect("utf-8"), b"x").expect("write");
        o.commit().expect("commit");
        assert!(!dead.exists());
        assert!(live.join("f").exists(), "pid 1 exists");
        assert!(other.join("f").exists(), "not a temporary's name");
        assert_eq!(temporary_owner(".spl-tmp12-0"), Some(12));
        assert_eq!(temporary_owner(".spl-tmp12-"), None);
        assert_eq!(temporary_owner(".spl-tmp-1"), None);
        fs::remove_dir_all(&d).expect("clean up");
    }

    /// A process id no process has: above Linux's largest (2^22).
    fn free_pid() -> u32 {
        (1 << 22) + 17
    }
}
