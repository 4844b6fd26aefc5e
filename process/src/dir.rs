//! A folder held open by its descriptor ([`Dir`]), in which every name is
//! looked up with the `*at` system calls and no symbolic link is followed:
//! what a folder other people may write to (a shared code cache) needs, so
//! that a link planted in it never makes a read, write, truncation or
//! removal reach a file outside it, and a FIFO or device planted there
//! never blocks or feeds a read (only regular files are opened, and
//! without blocking).

use std::ffi::CString;
use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::path::Path;
use std::time::{Duration, SystemTime};

/// An open folder.
#[derive(Debug)]
pub struct Dir {
    fd: OwnedFd,
}

/// What a name in a [`Dir`] is, as `lstat` says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A regular file.
    File,
    /// A folder.
    Dir,
    /// A symbolic link, FIFO, socket or device.
    Other,
}

/// A name in a [`Dir`] and what `lstat` says of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The name (valid UTF-8 names only: others are never made here).
    pub name: String,
    /// What it is.
    pub kind: Kind,
    /// Its size in bytes.
    pub size: u64,
    /// Its modification time.
    pub modified: SystemTime,
}

/// Who owns a folder and who may write to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Owner {
    /// Its owner is the effective user of this process.
    pub mine: bool,
    /// Its group or others may create files in it (mode `0o022`).
    pub others_may_write: bool,
}

fn c_name(name: &str) -> io::Result<CString> {
    if name.is_empty() || name.contains('/') || name == "." || name == ".." {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "not a plain file name"));
    }
    CString::new(name).map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a NUL in a file name"))
}

fn check(r: libc::c_int) -> io::Result<libc::c_int> {
    if r < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(r)
    }
}

fn kind_of(mode: libc::mode_t) -> Kind {
    match mode & libc::S_IFMT {
        libc::S_IFREG => Kind::File,
        libc::S_IFDIR => Kind::Dir,
        _ => Kind::Other,
    }
}

fn time_of(sec: i64, nsec: i64) -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::new(sec.max(0) as u64, nsec.clamp(0, 999_999_999) as u32)
}

const DIR_FLAGS: libc::c_int = libc::O_RDONLY | libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC;

impl Dir {
    /// Opens the folder at `path`, as the caller names it (links in the
    /// path are followed: the path is the user's choice; what is found
    /// inside the folder is not).
    pub fn open(path: &Path) -> io::Result<Dir> {
        use std::os::unix::ffi::OsStrExt;
        let p = CString::new(path.as_os_str().as_bytes())
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a NUL in a path"))?;
        let flags = libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC;
        // SAFETY: a NUL-terminated path; the descriptor is owned next.
        let fd = check(unsafe { libc::open(p.as_ptr(), flags) })?;
        // SAFETY: a descriptor just opened, owned here alone.
        Ok(Dir {
            fd: unsafe { OwnedFd::from_raw_fd(fd) },
        })
    }

    fn raw(&self) -> RawFd {
        self.fd.as_raw_fd()
    }

    /// Opens the folder `name` in this one (not a link).
    pub fn open_dir(&self, name: &str) -> io::Result<Dir> {
        let n = c_name(name)?;
        // SAFETY: a NUL-terminated name relative to an open folder.
        let fd = check(unsafe { libc::openat(self.raw(), n.as_ptr(), DIR_FLAGS) })?;
        // SAFETY: a descriptor just opened, owned here alone.
        Ok(Dir {
            fd: unsafe { OwnedFd::from_raw_fd(fd) },
        })
    }

    /// Opens the folder `name` in this one, made with `mode` (less the
    /// umask) if it is missing.
    pub fn open_or_create_dir(&self, name: &str, mode: u32) -> io::Result<Dir> {
        match self.open_dir(name) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let n = c_name(name)?;
                // SAFETY: a NUL-terminated name relative to an open folder.
                match check(unsafe { libc::mkdirat(self.raw(), n.as_ptr(), mode as libc::mode_t) }) {
                    Err(e) if e.kind() != io::ErrorKind::AlreadyExists => return Err(e),
                    _ => {}
                }
                self.open_dir(name)
            }
            r => r,
        }
    }

    /// Opens `name` with `flags` (plus no-follow, non-blocking, close on
    /// exec) and `mode` for a new file; only a regular file is kept.
    fn open_file(&self, name: &str, flags: libc::c_int, mode: u32) -> io::Result<File> {
        let n = c_name(name)?;
        let flags = flags | libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC;
        // SAFETY: a NUL-terminated name relative to an open folder.
        let fd = check(unsafe { libc::openat(self.raw(), n.as_ptr(), flags, mode as libc::c_uint) })?;
        // SAFETY: a descriptor just opened, owned here alone.
        let f = unsafe { File::from_raw_fd(fd) };
        use std::os::unix::fs::FileTypeExt;
        let t = f.metadata()?.file_type();
        if !t.is_file() || t.is_fifo() {
            return Err(io::Error::new(io::ErrorKind::InvalidData, "not a regular file"));
        }
        Ok(f)
    }

    /// The bytes of the regular file `name`, if it holds at most `max`.
    pub fn read_file(&self, name: &str, max: u64) -> io::Result<Vec<u8>> {
        let mut f = self.open_file(name, libc::O_RDONLY, 0)?;
        let len = f.metadata()?.len();
        if len > max {
            return Err(io::Error::new(io::ErrorKind::InvalidData, "larger than allowed"));
        }
        let mut data = Vec::with_capacity(len as usize);
        Read::by_ref(&mut f).take(max + 1).read_to_end(&mut data)?;
        if data.len() as u64 > max {
            return Err(io::Error::new(io::ErrorKind::InvalidData, "larger than allowed"));
        }
        Ok(data)
    }

    /// Opens the regular file `name` for reading (to set its time, say).
    pub fn open_read(&self, name: &str) -> io::Result<File> {
        self.open_file(name, libc::O_RDONLY, 0)
    }

    /// Creates the file `name`, which must not exist, for writing, with
    /// `mode` (less the umask).
    pub fn create_new(&self, name: &str, mode: u32) -> io::Result<File> {
        self.open_file(name, libc::O_WRONLY | libc::O_CREAT | libc::O_EXCL, mode)
    }

    /// Opens the regular file `name` for appending, made with `mode` if it
    /// is missing.
    pub fn append(&self, name: &str, mode: u32) -> io::Result<File> {
        self.open_file(name, libc::O_WRONLY | libc::O_APPEND | libc::O_CREAT, mode)
    }

    /// Renames `from` to `to`, both in this folder (a link at `to` is
    /// replaced, never followed).
    pub fn rename(&self, from: &str, to: &str) -> io::Result<()> {
        let (f, t) = (c_name(from)?, c_name(to)?);
        // SAFETY: two NUL-terminated names relative to one open folder.
        check(unsafe { libc::renameat(self.raw(), f.as_ptr(), self.raw(), t.as_ptr()) }).map(drop)
    }

    /// Gives `from` the name `to` too, both in this folder, unless `to`
    /// exists (`AlreadyExists`): a file written whole under a temporary
    /// name appears at once, and never over another's.
    pub fn link_no_replace(&self, from: &str, to: &str) -> io::Result<()> {
        let (f, t) = (c_name(from)?, c_name(to)?);
        // SAFETY: two NUL-terminated names relative to one open folder.
        check(unsafe { libc::linkat(self.raw(), f.as_ptr(), self.raw(), t.as_ptr(), 0) }).map(drop)
    }

    /// Writes the file `name` whole: `write` fills a new file `tmp` (made
    /// with `mode`, buffered), which is then renamed to `name` (`replace`:
    /// over whatever has that name, never through it) or linked there only
    /// if `name` is free (`AlreadyExists` otherwise). On any failure `tmp`
    /// is removed; a reader never sees a part of the file.
    pub fn put(
        &self,
        tmp: &str,
        name: &str,
        mode: u32,
        replace: bool,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        let written = self.create_new(tmp, mode).and_then(|f| {
            let mut w = std::io::BufWriter::new(f);
            write(&mut w)?;
            w.into_inner().map(drop).map_err(|e| e.into_error())
        });
        let placed = written.and_then(|()| {
            if replace {
                self.rename(tmp, name)
            } else {
                self.link_no_replace(tmp, name)
            }
        });
        if placed.is_err() || !replace {
            let _ = self.remove_file(tmp);
        }
        placed
    }

    /// Removes the name `name` (a file, or a link itself: never what it
    /// points to).
    pub fn remove_file(&self, name: &str) -> io::Result<()> {
        let n = c_name(name)?;
        // SAFETY: a NUL-terminated name relative to an open folder.
        check(unsafe { libc::unlinkat(self.raw(), n.as_ptr(), 0) }).map(drop)
    }

    /// Removes the empty folder `name`.
    pub fn remove_dir(&self, name: &str) -> io::Result<()> {
        let n = c_name(name)?;
        // SAFETY: a NUL-terminated name relative to an open folder.
        check(unsafe { libc::unlinkat(self.raw(), n.as_ptr(), libc::AT_REMOVEDIR) }).map(drop)
    }

    /// Removes the folder `name` and what it holds, never leaving it:
    /// links in it are removed, not followed.
    pub fn remove_dir_all(&self, name: &str) -> io::Result<()> {
        let d = self.open_dir(name)?;
        for e in d.entries()? {
            match e.kind {
                Kind::Dir => d.remove_dir_all(&e.name)?,
                _ => d.remove_file(&e.name)?,
            }
        }
        self.remove_dir(name)
    }

    /// What `lstat` says of `name`.
    pub fn stat(&self, name: &str) -> io::Result<Entry> {
        let n = c_name(name)?;
        // SAFETY: an all-zero stat is a valid value to fill.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: fills a local from a name relative to an open folder.
        check(unsafe { libc::fstatat(self.raw(), n.as_ptr(), &mut st, libc::AT_SYMLINK_NOFOLLOW) })?;
        Ok(Entry {
            name: name.to_string(),
            kind: kind_of(st.st_mode),
            size: st.st_size as u64,
            modified: time_of(st.st_mtime, st.st_mtime_nsec),
        })
    }

    /// The names in this folder (UTF-8 ones; `.` and `..` left out), with
    /// what `lstat` says of each, sorted by name.
    pub fn entries(&self) -> io::Result<Vec<Entry>> {
        // SAFETY: a new descriptor of the same folder, for fdopendir to own.
        let dup = check(unsafe { libc::fcntl(self.raw(), libc::F_DUPFD_CLOEXEC, 0) })?;
        // SAFETY: fdopendir takes the descriptor over (closed by closedir).
        let dirp = unsafe { libc::fdopendir(dup) };
        if dirp.is_null() {
            let e = io::Error::last_os_error();
            // SAFETY: the descriptor is still ours when fdopendir failed.
            unsafe { libc::close(dup) };
            return Err(e);
        }
        // The stream starts where the descriptor is: at the beginning.
        // SAFETY: a stream just opened.
        unsafe { libc::rewinddir(dirp) };
        let mut names = Vec::new();
        loop {
            // SAFETY: reads the next entry of an open stream; the entry
            // lives until the next call, and its name is copied before.
            let ent = unsafe { libc::readdir(dirp) };
            if ent.is_null() {
                break;
            }
            // SAFETY: d_name is NUL-terminated within the entry.
            let name = unsafe { std::ffi::CStr::from_ptr((*ent).d_name.as_ptr()) };
            if let Ok(n) = name.to_str() {
                if n != "." && n != ".." {
                    names.push(n.to_string());
                }
            }
        }
        // SAFETY: closes the stream (and the duplicated descriptor).
        unsafe { libc::closedir(dirp) };
        names.sort();
        Ok(names.into_iter().filter_map(|n| self.stat(&n).ok()).collect())
    }

    /// Who owns this folder and who may write to it.
    pub fn owner(&self) -> io::Result<Owner> {
        // SAFETY: an all-zero stat is a valid value to fill.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: fills a local from an open descriptor.
        check(unsafe { libc::fstat(self.raw(), &mut st) })?;
        // SAFETY: geteuid cannot fail.
        let me = unsafe { libc::geteuid() };
        Ok(Owner {
            mine: st.st_uid == me,
            others_may_write: st.st_mode & 0o022 != 0,
        })
    }

    /// Whether this process may create files in this folder.
    pub fn writable(&self) -> bool {
        // SAFETY: asks about the open folder itself (empty path).
        unsafe { libc::faccessat(self.raw(), c".".as_ptr(), libc::W_OK, libc::AT_EACCESS) == 0 }
    }
}

/// `n` bytes from the kernel's random source (`getrandom`): a secret.
pub fn random_bytes(n: usize) -> io::Result<Vec<u8>> {
    let mut buf = vec![0u8; n];
    let mut filled = 0;
    while filled < n {
        // SAFETY: fills the rest of a local buffer.
        let r = unsafe { libc::getrandom(buf[filled..].as_mut_ptr().cast(), n - filled, 0) };
        if r < 0 {
            let e = io::Error::last_os_error();
            if e.kind() != io::ErrorKind::Interrupted {
                return Err(e);
            }
        } else {
            filled += r as usize;
        }
    }
    Ok(buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("spl-dir-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn links_and_fifos_are_never_followed_or_opened() {
        let base = temp("links");
        let outside = base.join("outside");
        std::fs::create_dir(&outside).unwrap();
        std::fs::write(outside.join("victim"), b"keep").unwrap();
        let cache = base.join("cache");
        std::fs::create_dir(&cache).unwrap();
        std::os::unix::fs::symlink(outside.join("victim"), cache.join("file-link")).unwrap();
        std::os::unix::fs::symlink(&outside, cache.join("dir-link")).unwrap();
        let fifo = CString::new(cache.join("fifo").to_str().unwrap()).unwrap();
        // SAFETY: makes a FIFO at a NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
        let d = Dir::open(&cache).unwrap();
        assert!(d.read_file("file-link", 100).is_err());
        assert!(d.append("file-link", 0o600).is_err());
        assert!(d.open_dir("dir-link").is_err());
        assert!(d.read_file("fifo", 100).is_err(), "a FIFO neither blocks nor is read");
        assert!(d.append("fifo", 0o600).is_err());
        let kinds: Vec<_> = d.entries().unwrap().into_iter().map(|e| (e.name, e.kind)).collect();
        assert_eq!(
            kinds,
            [
                ("dir-link".to_string(), Kind::Other),
                ("fifo".to_string(), Kind::Other),
                ("file-link".to_string(), Kind::Other)
            ]
        );
        d.remove_file("file-link").unwrap();
        assert_eq!(std::fs::read(outside.join("victim")).unwrap(), b"keep");
        std::fs::remove_dir_all(&base).unwrap();
    }

    #[test]
    fn files_are_made_read_renamed_and_removed_inside() {
        let base = temp("files");
        let d = Dir::open(&base).unwrap();
        let sub = d.open_or_create_dir("ab", 0o700).unwrap();
        use std::io::Write;
        sub.create_new("t", 0o600).unwrap().write_all(b"abc").unwrap();
        assert!(sub.create_new("t", 0o600).is_err());
        sub.rename("t", "f").unwrap();
        assert_eq!(sub.read_file("f", 3).unwrap(), b"abc");
        assert!(sub.read_file("f", 2).is_err());
        assert_eq!(sub.stat("f").unwrap().size, 3);
        assert!(d.owner().unwrap().mine);
        assert!(d.writable());
        // Written whole under a temporary name, which never stays.
        d.put(".t1", "p", 0o600, true, |w| w.write_all(b"one")).unwrap();
        d.put(".t2", "p", 0o600, true, |w| w.write_all(b"two")).unwrap();
        assert_eq!(d.read_file("p", 9).unwrap(), b"two");
        let e = d.put(".t3", "p", 0o600, false, |w| w.write_all(b"three")).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert!(d.put(".t4", "q", 0o600, true, |_| Err(io::Error::other("no"))).is_err());
        assert_eq!(d.read_file("p", 9).unwrap(), b"two");
        d.remove_file("p").unwrap();
        d.remove_dir_all("ab").unwrap();
        assert!(d.entries().unwrap().is_empty(), "no temporary left");
        std::fs::remove_dir_all(&base).unwrap();
    }
}
