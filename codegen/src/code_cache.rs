//! The code cache: what a relink after an edit saves. The SPIR-V that a
//! code generation worker made of one unit of LLVM IR (an image), with
//! what packaging reads from the IR (kernels, `[SYCL/kernel param opt]`,
//! triple), is kept on disk under a hash of everything that decides those
//! bytes; the next link that hands the same IR bytes to a worker with the
//! same settings takes the entry instead of compiling. Images are
//! deterministic (the same IR bytes whatever the thread count), so an
//! unchanged source hits every time.
//!
//! The key ([`CodeCache::key`]): SHA-256 of the entry format's version, the
//! tool string the caller passes (`tools/src/version.rs`: version and git
//! commit), LLVM's version, the SHA-256 of the code generation worker
//! program's bytes (a rebuilt tool is another tool, even at the same
//! commit; the same program in another folder or on another machine is
//! the same: remembered per path, size, time and inode, so read once per
//! build), the code generation configuration (SPIR-V 64-bit object, the
//! back end's fixed optimization level), the SPIR-V extension list,
//! whether the SPIR-V is validated, and the image's IR bytes as written
//! (which hold its target triple). The memory limit is not in it: it
//! decides whether an image compiles, never its bytes, and only successes
//! are stored.
//!
//! An entry (`<dir>/entries/<first two hex digits>/<key in hex>`): a magic
//! line with the format version, the key, the payload's length, the
//! payload (the worker protocol's answer, `worker::write_answer`)
//! and the HMAC-SHA-256 of all that under the cache's key. An entry whose
//! magic, key, length or MAC does not match (truncated, bit-flipped, of
//! another format, planted by someone without the key) is a miss with a
//! warning naming it ([`CodeCache::take_warnings`]): the image is compiled
//! and the entry written again; it is never packaged. An entry is data only
//! (bytes and text), nothing in it is run. So what the cache gives was made
//! by this tool, validated as the settings in its key say, and a read
//! check's mark was written by a run whose worker read the file.
//!
//! The folder is untrusted: it is held open by descriptor and every name
//! in it is looked up without following a symbolic link; only regular
//! files are opened, without blocking (`sycl_process::dir`), so a link or
//! FIFO planted there neither reaches outside nor blocks. A private cache
//! (the default) has its folders `0700` and files `0600`, is refused in a
//! folder that is another user's or that others may write to, and its key
//! is the random `secret` file in it. A shared cache
//! ([`CacheSettings::shared_key`], `--cache-key-file`) is one a team
//! writes to; its key is the team's secret. A folder this process cannot
//! write to is read only.
//!
//! A whole link is kept too ([`CodeCache::link_key`]): `sycl-link`'s
//! output, under a hash of its options and of the paths and bytes of every
//! file it reads, so that a relink of unchanged files neither reads nor
//! splits them (ccache's model; an edit misses it and finds the images it
//! did not change).
//!
//! The cache also remembers which input files a worker read without
//! crashing (`sycl-link`'s read check, [`worker::ReadCheck`]) and
//! the verifier passed: an entry keyed by the file's bytes, the tool and
//! the memory limit, so that a relink of unchanged files reads them in
//! process at once instead of in a worker first, and does not verify them
//! again ([`CodeCache::read_checked`]).
//!
//! Shared state: entries are written under a temporary name in the same
//! directory and renamed into place, so several processes (parallel
//! builds, a directory on a network file system) use one cache at once; a
//! reader sees a whole entry or none. A cache directory that cannot be
//! created, read or written (full disk, read-only) makes the cache silent,
//! never the build fail. A hit sets the entry's modification time, which
//! pruning reads as its last use: after a run, when `prune_interval` has
//! passed since the last pruning (the `last-prune` file's time), entries
//! unused for `prune_after` are removed, then the least recently used until
//! the cache holds at most `cache_size_bytes` and `cache_size_files`
//! (LLVM's ThinLTO cache policy, `llvm/lib/Support/CachePruning.cpp`, with
//! its spelling: [`CachePolicy::parse`]). Each run that looked entries up
//! appends its hits, misses and stores to the `stats` file ([`usage`]).

use std::fs;
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, SystemTime};

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use sycl_process::dir::{random_bytes, Dir, Kind};
use sycl_process::frame::{read_field, read_fields, write_field, write_fields};

use crate::options::CodegenOptions;
use crate::remote_cache::{Fetched, RemoteCache, RemoteSettings};
use crate::worker::{self, CompiledIr, Request};

/// The entry format; a new one changes every key.
const MAGIC: &[u8; 16] = b"spl-code-cache2\n";

/// The MAC of every entry.
type EntryMac = Hmac<Sha256>;

/// What the back end is asked for (`sycl_spirv::compile_module_with`: a
/// SPIR-V 64-bit object at the back end's default optimization level,
/// canonical ids). Part of every key.
const CODEGEN_CONFIG: &str = "spirv64 object, canonical ids, pieces joined";

/// What the key of a program's remembered digest holds after the magic
/// ([`CodeCache::program_digest`]).
const PROGRAM_DIGEST: &[u8] = b"program digest\n";

/// The payload of a read check's entry ([`CodeCache::read_checked`]).
const READ_CHECKED: &[u8] = b"read check and verifier passed";

/// What a whole link's key holds after the salt ([`CodeCache::link_key`]).
const LINK: &[u8] = b"whole link\n";

/// What a link record's key holds after the salt, and its payload
/// ([`CodeCache::relink_key`]).
const LINKED: &[u8] = b"linked before\n";

/// The subdirectory holding the entries.
const ENTRIES: &str = "entries";
/// The subdirectory holding the digests of worker programs
/// ([`CodeCache::program_digest`]), one file per build of the tool.
const PROGRAMS: &str = "programs";
/// The file each run appends its counts to.
const STATS: &str = "stats";
/// The file whose time is that of the last pruning.
const LAST_PRUNE: &str = "last-prune";
/// A private cache's MAC key: random bytes, readable by its owner alone.
const SECRET: &str = "secret";
/// The bytes of a private cache's key.
const SECRET_LEN: usize = 32;
/// The most warnings one run gives about bad entries (then one line more
/// says how many were left out).
const MAX_WARNINGS: usize = 8;

/// The least work a failed read or write may cost: entries larger than
/// this are never read (a corrupt length is not an allocation).
const MAX_ENTRY: u64 = 1 << 32;

/// When and how far the cache is pruned, as LLVM's ThinLTO cache policy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CachePolicy {
    /// Least time between two prunings; zero prunes after every run.
    pub prune_interval: Duration,
    /// Entries unused for longer are removed; `None`: kept whatever their age.
    pub prune_after: Option<Duration>,
    /// Most bytes the entries may take after pruning; 0 for no limit.
    pub max_bytes: u64,
    /// Most entries kept after pruning; 0 for no limit.
    pub max_files: u64,
}

impl Default for CachePolicy {
    /// ThinLTO's interval (20 minutes) and expiry (a week); 1 GiB and a
    /// million entries (ggml's 225 per-source images take about 20 MiB).
    fn default() -> Self {
        CachePolicy {
            prune_interval: Duration::from_secs(20 * 60),
            prune_after: Some(Duration::from_secs(7 * 24 * 3600)),
            max_bytes: 1 << 30,
            max_files: 1_000_000,
        }
    }
}

impl CachePolicy {
    /// Parses a policy in the spelling of `--thinlto-cache-policy`:
    /// colon-separated `prune_interval=<dur>`, `prune_after=<dur>`
    /// (durations with a unit: `s`, `m`, `h`; `prune_after=0s` keeps
    /// entries whatever their age), `cache_size_bytes=<n>[k|m|g]` and
    /// `cache_size_files=<n>` (0: no limit), changing the defaults.
    /// ThinLTO's `cache_size=<n>%` (a share of the free space) is not
    /// supported.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut p = CachePolicy::default();
        for part in text.split(':').filter(|s| !s.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("cache policy: '{part}' is not key=value"))?;
            match key {
                "prune_interval" => p.prune_interval = duration(value)?,
                "prune_after" => p.prune_after = Some(duration(value)?).filter(|d| !d.is_zero()),
                "cache_size_bytes" => p.max_bytes = bytes(value)?,
                "cache_size_files" => {
                    p.max_files = value
                        .parse()
                        .map_err(|_| format!("cache policy: '{value}' is not a number of files"))?
                }
                "cache_size" => {
                    return Err(
                        "cache policy: 'cache_size' (a share of the free space) is not supported; use \
                                cache_size_bytes"
                            .into(),
                    )
                }
                _ => return Err(format!("cache policy: unknown key '{key}'")),
            }
        }
        Ok(p)
    }
}

fn duration(v: &str) -> Result<Duration, String> {
    let bad = || format!("cache policy: '{v}' is not a duration (a number and s, m or h)");
    let unit = match v.chars().last() {
        Some('s') => 1,
        Some('m') => 60,
        Some('h') => 3600,
        _ => return Err(bad()),
    };
    let n: u64 = v[..v.len() - 1].parse().map_err(|_| bad())?;
    Ok(Duration::from_secs(n.saturating_mul(unit)))
}

fn bytes(v: &str) -> Result<u64, String> {
    let bad = || format!("cache policy: '{v}' is not a size (a number, optionally k, m or g)");
    let (digits, unit) = match v.chars().last() {
        Some('k' | 'K') => (&v[..v.len() - 1], 1 << 10),
        Some('m' | 'M') => (&v[..v.len() - 1], 1 << 20),
        Some('g' | 'G') => (&v[..v.len() - 1], 1 << 30),
        _ => (v, 1),
    };
    let n: u64 = digits.parse().map_err(|_| bad())?;
    Ok(n.saturating_mul(unit))
}

/// Where the cache is and what identifies the tool: what
/// [`crate::syclbin::SyclbinOptions::cache`] holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CacheSettings {
    /// The cache directory (made when first used).
    pub dir: PathBuf,
    /// Pruning.
    pub policy: CachePolicy,
    /// The tool's version and git commit, part of every key.
    pub tool: String,
    /// A shared cache's secret (the bytes of `--cache-key-file`): the
    /// folder may be one others write to, and every entry carries a MAC
    /// under this key. `None`: a private cache, refused in a folder that
    /// is another user's or that others may write to, whose entries carry
    /// a MAC under a random key of its own (the `secret` file, `0600`).
    pub shared_key: Option<Vec<u8>>,
    /// A remote cache behind the folder ([`crate::remote_cache`]; only
    /// with [`CacheSettings::shared_key`]).
    pub remote: Option<RemoteSettings>,
}

/// A file a link reads, for the keys of the whole link and of the read
/// check: its path and the SHA-256 of its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileDigest {
    /// The path as given.
    pub path: String,
    /// The SHA-256 of the file's bytes.
    bytes: [u8; 32],
}

/// The [`FileDigest`] of each file of `paths`, each read once; `None`
/// when one cannot be read (the link then reports it).
pub fn file_digests(paths: &[String]) -> Option<Vec<FileDigest>> {
    paths
        .iter()
        .map(|p| {
            let code = fs::read(p).ok()?;
            Some(FileDigest {
                path: p.clone(),
                bytes: Sha256::digest(&code).into(),
            })
        })
        .collect()
}

/// A key: the SHA-256 of what decides an entry's bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key([u8; 32]);

impl Key {
    fn hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// An open code cache, shared by the compile threads of one packaging run.
#[derive(Debug)]
pub struct CodeCache {
    /// The folder, as given (for messages).
    dir: PathBuf,
    /// The folder, held open: every name in it is looked up without
    /// following a link (`sycl_process::dir`).
    root: Dir,
    /// Its `entries` folder.
    entries: Dir,
    /// The key of the entries' MACs.
    mac_key: Vec<u8>,
    /// The mode of the folders and files made (`0700`/`0600` for a private
    /// cache; a shared one leaves it to the umask).
    dir_mode: u32,
    file_mode: u32,
    /// Warnings about bad entries, for the run to print.
    warnings: Mutex<Vec<String>>,
    /// The second level, if any.
    remote: Option<RemoteCache>,
    policy: CachePolicy,
    /// The hash of everything in the key but the image and its settings.
    salt: [u8; 32],
    hits: AtomicU64,
    misses: AtomicU64,
    stores: AtomicU64,
    /// Set when a write failed: later stores are skipped.
    unwritable: AtomicBool,
    /// The counts the `stats` file has been given so far.
    reported: std::sync::Mutex<CacheCounts>,
}

/// The counts of one run, or summed over the `stats` file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CacheCounts {
    /// Images taken from the cache.
    pub hits: u64,
    /// Images compiled because no good entry was found.
    pub misses: u64,
    /// Entries written.
    pub stores: u64,
}

impl CodeCache {
    /// Opens (makes) the cache of `settings` for code generation by the
    /// worker program `worker`. `Ok(None)` when the folder cannot be made
    /// or read, which leaves the run uncached; `Err` is a warning for the
    /// user when the folder is refused: a private cache (no
    /// [`CacheSettings::shared_key`]) in a folder that is another user's or
    /// that others may write to. A folder this process cannot write to is
    /// read only: its entries are used, nothing is stored.
    pub fn open(settings: &CacheSettings, worker: &Path) -> Result<Option<Self>, String> {
        let shared = settings.shared_key.is_some();
        let (dir_mode, file_mode) = if shared { (0o777, 0o666) } else { (0o700, 0o600) };
        {
            use std::os::unix::fs::DirBuilderExt;
            let _ = fs::DirBuilder::new()
                .recursive(true)
                .mode(dir_mode)
                .create(&settings.dir);
        }
        let Ok(root) = Dir::open(&settings.dir) else {
            return Ok(None);
        };
        let refused = |why: &str| {
            Err(format!(
                "code cache {}: not used: {why} (give --cache-key-file=<file> to share a cache)",
                settings.dir.display()
            ))
        };
        let private_check = |d: &Dir| match d.owner() {
            Ok(o) if !o.mine => Some("it belongs to another user"),
            Ok(o) if o.others_may_write => Some("others may write to it"),
            Ok(_) => None,
            Err(_) => Some("its owner cannot be read"),
        };
        if let (false, Some(why)) = (shared, private_check(&root)) {
            return refused(why);
        }
        let writable = root.writable();
        let entries = if writable {
            root.open_or_create_dir(ENTRIES, dir_mode)
        } else {
            root.open_dir(ENTRIES)
        };
        let Ok(entries) = entries else { return Ok(None) };
        if let (false, Some(why)) = (shared, private_check(&entries)) {
            return refused(&format!("its {ENTRIES} folder: {why}"));
        }
        let remote = match (&settings.remote, shared) {
            (None, _) => None,
            (Some(r), true) => Some(RemoteCache::new(r)?),
            (Some(r), false) => {
                return Err(format!(
                    "remote cache {}: not used: a remote cache needs the team's key (--cache-key-file=<file>)",
                    r.url
                ))
            }
        };
        let mac_key = match &settings.shared_key {
            Some(k) => k.clone(),
            None => match private_secret(&root, writable) {
                Some(k) => k,
                None => return Ok(None),
            },
        };
        let mut h = Sha256::new();
        h.update(MAGIC);
        for part in [settings.tool.as_str(), &sycl_ir::llvm_version(), CODEGEN_CONFIG] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part.as_bytes());
        }
        let mut c = CodeCache {
            dir: settings.dir.clone(),
            root,
            entries,
            mac_key,
            dir_mode,
            file_mode,
            warnings: Mutex::new(Vec::new()),
            remote,
            policy: settings.policy.clone(),
            salt: [0; 32],
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
            stores: AtomicU64::new(0),
            unwritable: AtomicBool::new(!writable),
            reported: std::sync::Mutex::new(CacheCounts::default()),
        };
        // The worker program's bytes: a rebuild at the same commit is
        // another code generator; the same program on another machine, in
        // another folder, is the same one (keys a team shares).
        let Some(program) = c.program_digest(worker) else {
            return Ok(None);
        };
        h.update(program);
        c.salt = h.finalize().into();
        Ok(Some(c))
    }

    /// The SHA-256 of the bytes of `program`, remembered in the folder
    /// (never the remote) under its path, size, modification time and
    /// inode, so that it is read once per build of the tool, not per run.
    fn program_digest(&self, program: &Path) -> Option<[u8; 32]> {
        use std::os::unix::fs::MetadataExt;
        let meta = fs::metadata(program).ok()?;
        let mut h = Sha256::new();
        h.update(MAGIC);
        h.update(PROGRAM_DIGEST);
        let path = program.as_os_str().as_encoded_bytes();
        h.update((path.len() as u64).to_le_bytes());
        h.update(path);
        for n in [
            meta.len(),
            meta.mtime() as u64,
            meta.mtime_nsec() as u64,
            meta.ino(),
            meta.dev(),
        ] {
            h.update(n.to_le_bytes());
        }
        let memo = Key(h.finalize().into());
        let name = memo.hex();
        let programs = if self.unwritable.load(Ordering::Relaxed) {
            self.root.open_dir(PROGRAMS)
        } else {
            self.root.open_or_create_dir(PROGRAMS, self.dir_mode)
        };
        let remembered = programs.as_ref().ok().and_then(|d| {
            let f = d.open_read(&name).ok()?;
            let _ = f.set_modified(SystemTime::now());
            let e = d.read_file(&name, 256).ok()?;
            <[u8; 32]>::try_from(entry_payload(&e, &memo, &self.mac_key)?).ok()
        });
        if let Some(d) = remembered {
            return Some(d);
        }
        let mut f = fs::File::open(program).ok()?;
        let mut h = Sha256::new();
        std::io::copy(&mut f, &mut h).ok()?;
        let digest: [u8; 32] = h.finalize().into();
        if let Ok(d) = programs {
            let _ = d.put(&temp_name(), &name, self.file_mode, true, |w| {
                write_entry_to(w, &memo, &[&digest], &self.mac_key)
            });
        }
        Some(digest)
    }

    /// The key of compiling `code` as `request` with `codegen`: an image
    /// and a piece of the same bytes answer differently (a piece is not
    /// validated and names no kernels), and every option that decides the
    /// bytes ([`CodegenOptions::key_bytes`]) is in it.
    pub fn key(&self, request: Request, code: &[u8], codegen: &CodegenOptions) -> Key {
        let mut h = Sha256::new();
        h.update(self.salt);
        h.update([request as u8]);
        let options = codegen.key_bytes();
        h.update((options.len() as u64).to_le_bytes());
        h.update(options);
        h.update((code.len() as u64).to_le_bytes());
        h.update(code);
        Key(h.finalize().into())
    }

    /// Where the entry of `key` is: its folder in `entries` and its name.
    fn place(key: &Key) -> (String, String) {
        let hex = key.hex();
        (hex[..2].to_string(), hex)
    }

    /// The entry's path, for messages and tests.
    fn path(&self, key: &Key) -> PathBuf {
        let (sub, name) = Self::place(key);
        self.dir.join(ENTRIES).join(sub).join(name)
    }

    /// Records a warning about the entry of `key`: it is a miss.
    fn bad_entry(&self, key: &Key, what: &str) {
        self.warn(format!(
            "code cache entry {} {what}: not used, compiled again",
            self.path(key).display()
        ));
    }

    fn warn(&self, w: String) {
        if let Ok(mut v) = self.warnings.lock() {
            if !v.contains(&w) {
                v.push(w);
            }
        }
    }

    /// The warnings of this run so far (bad entries), one line each, and
    /// forgets them.
    pub fn take_warnings(&self) -> Vec<String> {
        let mut v = self
            .warnings
            .lock()
            .map(|mut v| std::mem::take(&mut *v))
            .unwrap_or_default();
        if v.len() > MAX_WARNINGS {
            let more = v.len() - MAX_WARNINGS;
            v.truncate(MAX_WARNINGS);
            v.push(format!("code cache: {more} more bad entries not listed"));
        }
        if let Some(r) = &self.remote {
            // Writes still under way may end with the warning.
            r.flush();
            v.extend(r.take_warning());
        }
        v
    }

    /// The entry of `key`, if one is there whole and sound.
    pub fn lookup(&self, key: &Key) -> Option<CompiledIr> {
        let found = self.read_entry(key);
        let counter = if found.is_some() { &self.hits } else { &self.misses };
        counter.fetch_add(1, Ordering::Relaxed);
        found
    }

    fn read_entry(&self, key: &Key) -> Option<CompiledIr> {
        let payload = self.read_payload(key)?;
        match worker::read_answer(&mut &payload[..]) {
            Ok(Ok(c)) => Some(c),
            _ => None,
        }
    }

    /// The payload of the sound entry of `key`, whose time is set to now
    /// (its use, for pruning: least recently used go first). A missing
    /// entry is a miss; one that is not a regular file, is too large, or
    /// whose form, key or MAC is wrong is a miss with a warning.
    fn read_payload(&self, key: &Key) -> Option<Vec<u8>> {
        self.read_local(key).or_else(|| self.read_remote(key))
    }

    /// The payload of the remote cache's entry of `key`, checked as a local
    /// one is and then kept in the folder (the first level).
    fn read_remote(&self, key: &Key) -> Option<Vec<u8>> {
        let remote = self.remote.as_ref()?;
        let (_, hex) = Self::place(key);
        let Fetched::Found(data) = remote.get(&hex, MAX_ENTRY) else {
            return None;
        };
        let Some(payload) = entry_payload(&data, key, &self.mac_key) else {
            // A server that sends such bytes is not asked again this run.
            remote.fail(
                "a read",
                format!("its entry {hex} is damaged or was not written under this cache's key"),
            );
            return None;
        };
        let payload = payload.to_vec();
        self.write_local(key, |w| w.write_all(&data));
        Some(payload)
    }

    /// The local entry of `key` ([`CodeCache::read_payload`]).
    fn read_local(&self, key: &Key) -> Option<Vec<u8>> {
        let (sub, name) = Self::place(key);
        let found = self.entries.open_dir(&sub).and_then(|d| d.open_read(&name));
        let mut f = match found {
            Ok(f) => f,
            Err(e) if e.kind() == ErrorKind::NotFound => return None,
            Err(_) => {
                self.bad_entry(key, "is not a regular file");
                return None;
            }
        };
        let mut data = Vec::new();
        let read = Read::by_ref(&mut f).take(MAX_ENTRY + 1).read_to_end(&mut data);
        if read.is_err() || data.len() as u64 > MAX_ENTRY {
            self.bad_entry(key, "cannot be read whole");
            return None;
        }
        let Some(payload) = entry_payload(&data, key, &self.mac_key) else {
            self.bad_entry(key, "is damaged or was not written under this cache's key");
            return None;
        };
        let payload = payload.to_vec();
        let _ = f.set_modified(SystemTime::now());
        Some(payload)
    }

    /// Stores `compiled` as the entry of `key`: written under a temporary
    /// name, then renamed into place. Failures are silent.
    pub fn store(&self, key: &Key, compiled: &CompiledIr) {
        let mut payload = Vec::new();
        if worker::write_answer(&mut payload, &Ok(compiled.clone())).is_ok() && self.write_entry(key, &payload) {
            self.stores.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn write_entry(&self, key: &Key, payload: &[u8]) -> bool {
        self.write_entry_parts(key, &[payload])
    }

    /// [`CodeCache::write_entry`] of the payload that `parts` make one
    /// after the other, written as they are (a whole link's SYCLBIN of tens
    /// of megabytes is not copied into an entry first): under a temporary
    /// name in the entry's folder, then renamed over whatever has the
    /// entry's name (a bad entry, a link: replaced, never followed).
    fn write_entry_parts(&self, key: &Key, parts: &[&[u8]]) -> bool {
        let local = self.write_local(key, |w| write_entry_to(w, key, parts, &self.mac_key));
        if let Some(remote) = &self.remote {
            let mut bytes = Vec::new();
            if write_entry_to(&mut bytes, key, parts, &self.mac_key).is_ok() {
                remote.put(&Self::place(key).1, bytes);
            }
        }
        local
    }

    /// Writes the local entry of `key` with `write` (all its bytes).
    fn write_local(&self, key: &Key, write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> bool {
        if self.unwritable.load(Ordering::Relaxed) {
            return false;
        }
        let (sub, name) = Self::place(key);
        let Some(dir) = self.entry_dir(&sub) else {
            self.unwritable.store(true, Ordering::Relaxed);
            return false;
        };
        let tmp = temp_name();
        // A terminating signal's cleanup removes it (sycl_process::terminate).
        let tracked = self.dir.join(ENTRIES).join(&sub).join(&tmp);
        sycl_process::terminate::track_path(&tracked);
        // A small entry in one write; a large part goes past the buffer as
        // it is.
        let written = dir.put(&tmp, &name, self.file_mode, true, write);
        if written.is_err() {
            self.unwritable.store(true, Ordering::Relaxed);
        }
        sycl_process::terminate::untrack_path(&tracked);
        written.is_ok()
    }

    /// The folder `sub` of `entries`, made if missing; something else
    /// there (a file, a link) is removed first.
    fn entry_dir(&self, sub: &str) -> Option<Dir> {
        match self.entries.open_or_create_dir(sub, self.dir_mode) {
            Ok(d) => Some(d),
            Err(_) => {
                let other = self.entries.stat(sub).ok().filter(|e| e.kind != Kind::Dir)?;
                self.entries.remove_file(&other.name).ok()?;
                self.entries.open_or_create_dir(sub, self.dir_mode).ok()
            }
        }
    }

    /// The key of a whole link's output (`sycl-link`'s SYCLBIN): a hash of
    /// `options` (the text of every option that decides the output's bytes)
    /// and of each file the link reads ([`file_digests`]), its path (an
    /// input's name can become a `sycl-module-id`) and its bytes.
    pub fn link_key(&self, options: &str, files: &[FileDigest]) -> Key {
        let mut h = self.options_hasher(LINK, options);
        for f in files {
            h.update((f.path.len() as u64).to_le_bytes());
            h.update(f.path.as_bytes());
            h.update(f.bytes);
        }
        Key(h.finalize().into())
    }

    /// The output of the link of `key`, if its entry is there whole and
    /// sound (counted as one hit): the SYCLBIN, its number of images and
    /// the link's warnings.
    ///
    /// The output is read back as the link would have written it (a
    /// SYCLBIN, bare or in an offload binary, or offload binaries) before it
    /// is taken: an entry that does not hold one is a miss with a warning.
    pub fn lookup_link(&self, key: &Key) -> Option<(Vec<u8>, usize, Vec<String>)> {
        let payload = self.read_payload(key)?;
        let parsed = link_payload(&payload).filter(|(bytes, _, _)| readable_output(bytes));
        if parsed.is_none() {
            self.bad_entry(key, "does not hold a link's output");
            return None;
        }
        self.hits.fetch_add(1, Ordering::Relaxed);
        parsed
    }

    /// Stores the output of the link of `key` ([`CodeCache::lookup_link`]).
    pub fn store_link(&self, key: &Key, bytes: &[u8], images: usize, warnings: &[String]) {
        // The payload is three fields, the SYCLBIN written as it is between
        // its length and the rest.
        let head = (bytes.len() as u64).to_le_bytes();
        let mut tail = Vec::new();
        let written =
            write_field(&mut tail, images.to_string().as_bytes()).and_then(|()| write_fields(&mut tail, warnings));
        if written.is_ok() && self.write_entry_parts(key, &[&head, bytes, &tail]) {
            self.stores.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// The key of a link's record: a hash of `options` alone (which name
    /// the input files: `sycl-link` adds their absolute paths), not of the
    /// files' bytes. A link whose record is
    /// there ([`CodeCache::linked_before`]) ran before, maybe on other
    /// bytes: a relink, most of whose images are expected in the cache.
    pub fn relink_key(&self, options: &str) -> Key {
        Key(self.options_hasher(LINKED, options).finalize().into())
    }

    /// A hash of the salt, `what` the key is of, and `options`.
    fn options_hasher(&self, what: &[u8], options: &str) -> Sha256 {
        let mut h = Sha256::new();
        h.update(self.salt);
        h.update(what);
        h.update((options.len() as u64).to_le_bytes());
        h.update(options.as_bytes());
        h
    }

    /// Whether the link of this [`CodeCache::relink_key`] was recorded.
    /// Not counted as a hit or a miss: it decides no byte of the output.
    pub fn linked_before(&self, key: &Key) -> bool {
        self.marked(key, LINKED)
    }

    /// Records the link of this [`CodeCache::relink_key`].
    pub fn mark_linked(&self, key: &Key) {
        self.write_entry(key, LINKED);
    }

    /// Whether the entry of `key` is there, sound, and holds `marker` (the
    /// payload of an entry that records a fact, not code).
    fn marked(&self, key: &Key, marker: &[u8]) -> bool {
        self.read_payload(key).is_some_and(|p| p == marker)
    }

    /// The keys of the read check ([`worker::ReadCheck`]) of
    /// `files` ([`file_digests`]) under `memory_limit`: a hash of their
    /// bytes, the tool and the limit.
    pub fn read_check_keys(&self, files: &[FileDigest], memory_limit: u64) -> Vec<Key> {
        files
            .iter()
            .map(|f| {
                let mut h = Sha256::new();
                h.update(self.salt);
                h.update(READ_CHECKED);
                h.update(memory_limit.to_le_bytes());
                h.update(f.bytes);
                Key(h.finalize().into())
            })
            .collect()
    }

    /// Whether files of these [`CodeCache::read_check_keys`] all passed
    /// the read check and the verifier before: a worker read them without
    /// crashing, so this process may read them without a worker first, and
    /// need not verify them.
    pub fn read_checked(&self, keys: &[Key]) -> bool {
        keys.iter().all(|k| self.marked(k, READ_CHECKED))
    }

    /// Records that files of these keys passed the read check and the
    /// verifier.
    pub fn mark_read_checked(&self, keys: &[Key]) {
        for k in keys {
            self.write_entry(k, READ_CHECKED);
        }
    }

    /// This run's counts.
    pub fn counts(&self) -> CacheCounts {
        CacheCounts {
            hits: self.hits.load(Ordering::Relaxed),
            misses: self.misses.load(Ordering::Relaxed),
            stores: self.stores.load(Ordering::Relaxed),
        }
    }

    /// Ends a run (or a part of one): appends its counts since the last
    /// call to the `stats` file and prunes when the policy's interval has
    /// passed. Failures are silent.
    pub fn finish(&self) {
        let total = self.counts();
        let Ok(mut reported) = self.reported.lock() else { return };
        let c = CacheCounts {
            hits: total.hits - reported.hits,
            misses: total.misses - reported.misses,
            stores: total.stores - reported.stores,
        };
        *reported = total;
        drop(reported);
        if c == CacheCounts::default() {
            return;
        }
        if self.unwritable.load(Ordering::Relaxed) {
            return;
        }
        let line = format!("{} {} {}\n", c.hits, c.misses, c.stores);
        // One short append: whole on a local file system.
        if let Ok(mut f) = self.root.append(STATS, self.file_mode) {
            let _ = f.write_all(line.as_bytes());
        }
        if c.stores > 0 && self.prune_due() {
            prune_entries(&self.entries, &self.policy);
            prune_programs(&self.root, &self.policy);
        }
    }

    /// Whether `prune_interval` has passed since the last pruning; if so
    /// the `last-prune` file is made anew (renamed over the old one, so
    /// that nothing it may point to is written).
    fn prune_due(&self) -> bool {
        let due = match self.root.stat(LAST_PRUNE) {
            Ok(e) if e.kind == Kind::File => SystemTime::now()
                .duration_since(e.modified)
                .is_ok_and(|age| age >= self.policy.prune_interval),
            _ => true,
        };
        if due {
            let _ = self
                .root
                .put(&temp_name(), LAST_PRUNE, self.file_mode, true, |_| Ok(()));
        }
        due
    }
}

/// A temporary file's name no other of this process has (`.tmp-` names
/// are what pruning takes for leftovers).
fn temp_name() -> String {
    format!(".tmp-{}-{}", std::process::id(), unique())
}

/// A number no other temporary name of this process has.
fn unique() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.subsec_nanos() as u64)
        .unwrap_or(0);
    (NEXT.fetch_add(1, Ordering::Relaxed) << 32) | nanos
}

/// The fields of a whole link's entry ([`CodeCache::store_link`]).
fn link_payload(payload: &[u8]) -> Option<(Vec<u8>, usize, Vec<String>)> {
    let r = &mut &payload[..];
    let bytes = read_field(r).ok()?;
    let images = String::from_utf8(read_field(r).ok()?).ok()?.parse().ok()?;
    let warnings = read_fields(r)
        .ok()?
        .into_iter()
        .map(String::from_utf8)
        .collect::<Result<Vec<_>, _>>()
        .ok()?;
    r.is_empty().then_some((bytes, images, warnings))
}

/// Whether `bytes` read as what a link writes: a SYCLBIN in any of its
/// forms, or offload binaries.
fn readable_output(bytes: &[u8]) -> bool {
    sycl_props::syclbin::SyclbinFile::read(bytes).is_ok()
        || sycl_props::offload_binary::OffloadBinary::parse_all(bytes).is_ok_and(|v| !v.is_empty())
}

/// A private cache's MAC key: the `secret` file of `root` (made, with
/// random bytes and mode `0600`, where it is missing and `writable`);
/// `None` where there is none to be had.
fn private_secret(root: &Dir, writable: bool) -> Option<Vec<u8>> {
    match root.read_file(SECRET, SECRET_LEN as u64) {
        Ok(k) if k.len() == SECRET_LEN => return Some(k),
        Err(e) if e.kind() == ErrorKind::NotFound && writable => {}
        _ => return None,
    }
    // Written whole under a temporary name, then given the name unless
    // another process gave it first (then that one's key is used).
    let key = random_bytes(SECRET_LEN).ok()?;
    match root.put(&temp_name(), SECRET, 0o600, false, |w| w.write_all(&key)) {
        Ok(()) => Some(key),
        Err(e) if e.kind() == ErrorKind::AlreadyExists => root
            .read_file(SECRET, SECRET_LEN as u64)
            .ok()
            .filter(|k| k.len() == SECRET_LEN),
        Err(_) => None,
    }
}

/// Writes an entry to `out`: magic, key, payload length, the payload
/// (`parts` one after the other), and the HMAC-SHA-256 of all that under
/// `mac_key`.
fn write_entry_to(out: &mut dyn Write, key: &Key, parts: &[&[u8]], mac_key: &[u8]) -> std::io::Result<()> {
    let len: usize = parts.iter().map(|p| p.len()).sum();
    let mut head = Vec::with_capacity(MAGIC.len() + 32 + 8);
    head.extend_from_slice(MAGIC);
    head.extend_from_slice(&key.0);
    head.extend_from_slice(&(len as u64).to_le_bytes());
    let mut mac = EntryMac::new_from_slice(mac_key).map_err(|_| std::io::Error::from(ErrorKind::InvalidInput))?;
    for part in std::iter::once(&head[..]).chain(parts.iter().copied()) {
        mac.update(part);
        out.write_all(part)?;
    }
    out.write_all(&mac.finalize().into_bytes())
}

/// An entry's bytes ([`write_entry_to`]).
#[cfg(test)]
fn entry_bytes(key: &Key, payload: &[u8], mac_key: &[u8]) -> Vec<u8> {
    let mut e = Vec::new();
    write_entry_to(&mut e, key, &[payload], mac_key).expect("writes to memory");
    e
}

/// The payload of an entry for `key`, if the entry is whole and its MAC
/// under `mac_key` is right.
fn entry_payload<'a>(e: &'a [u8], key: &Key, mac_key: &[u8]) -> Option<&'a [u8]> {
    let head = MAGIC.len() + 32 + 8;
    if e.len() < head + 32 || &e[..MAGIC.len()] != MAGIC || e[MAGIC.len()..MAGIC.len() + 32] != key.0 {
        return None;
    }
    let len = u64::from_le_bytes(e[head - 8..head].try_into().ok()?);
    if len != (e.len() - head - 32) as u64 {
        return None;
    }
    let (body, tag) = e.split_at(e.len() - 32);
    let mut mac = EntryMac::new_from_slice(mac_key).ok()?;
    mac.update(body);
    mac.verify_slice(tag).ok()?;
    Some(&e[head..e.len() - 32])
}

/// One entry (or leftover temporary file) found while pruning.
struct Found {
    /// Its folder in `entries`, and its name there.
    sub: String,
    name: String,
    size: u64,
    used: SystemTime,
    temporary: bool,
}

/// The files in the folders of `entries`. What is neither a folder there
/// nor a regular file in one (a link, a FIFO: not this tool's) is removed,
/// never followed.
fn walk(entries: &Dir) -> Vec<Found> {
    let mut out = Vec::new();
    for sub in entries.entries().unwrap_or_default() {
        if sub.kind != Kind::Dir {
            let _ = entries.remove_file(&sub.name);
            continue;
        }
        let Ok(d) = entries.open_dir(&sub.name) else { continue };
        for f in d.entries().unwrap_or_default() {
            if f.kind != Kind::File {
                if f.kind == Kind::Other {
                    let _ = d.remove_file(&f.name);
                }
                continue;
            }
            out.push(Found {
                temporary: f.name.starts_with(".tmp-"),
                sub: sub.name.clone(),
                name: f.name,
                size: f.size,
                used: f.modified,
            });
        }
    }
    out
}

/// Removes a file [`walk`] found.
fn remove_found(entries: &Dir, f: &Found) -> bool {
    entries.open_dir(&f.sub).and_then(|d| d.remove_file(&f.name)).is_ok()
}

/// The `entries` folder of the cache in `dir`, if there is one.
fn open_entries(dir: &Path) -> Option<(Dir, Dir)> {
    let root = Dir::open(dir).ok()?;
    let entries = root.open_dir(ENTRIES).ok()?;
    Some((root, entries))
}

/// Removes expired entries, then the least recently used beyond the
/// policy's limits, and temporary files an interrupted writer left (older
/// than an hour). Returns the entries removed. Nothing outside the
/// folder is touched: no link in it is followed.
pub fn prune(dir: &Path, policy: &CachePolicy) -> usize {
    open_entries(dir).map_or(0, |(_, entries)| prune_entries(&entries, policy))
}

/// Removes the digests of programs not run for `prune_after` (a week by
/// default): tools rebuilt since.
fn prune_programs(root: &Dir, policy: &CachePolicy) {
    let (Some(limit), Ok(d)) = (policy.prune_after, root.open_dir(PROGRAMS)) else {
        return;
    };
    let now = SystemTime::now();
    for e in d.entries().unwrap_or_default() {
        if now.duration_since(e.modified).is_ok_and(|age| age > limit) {
            let _ = d.remove_file(&e.name);
        }
    }
}

fn prune_entries(entries: &Dir, policy: &CachePolicy) -> usize {
    let now = SystemTime::now();
    let age = |t: SystemTime| now.duration_since(t).unwrap_or(Duration::ZERO);
    let mut removed = 0;
    let mut kept = Vec::new();
    for f in walk(entries) {
        let expired = if f.temporary {
            age(f.used) > Duration::from_secs(3600)
        } else {
            policy.prune_after.is_some_and(|limit| age(f.used) > limit)
        };
        if expired {
            removed += usize::from(remove_found(entries, &f) && !f.temporary);
        } else if !f.temporary {
            kept.push(f);
        }
    }
    // Newest first; what does not fit after them goes.
    kept.sort_by(|a, b| {
        b.used
            .cmp(&a.used)
            .then_with(|| (&a.sub, &a.name).cmp(&(&b.sub, &b.name)))
    });
    let (mut bytes, mut files) = (0u64, 0u64);
    for f in kept {
        bytes += f.size;
        files += 1;
        let over =
            (policy.max_bytes != 0 && bytes > policy.max_bytes) || (policy.max_files != 0 && files > policy.max_files);
        if over && remove_found(entries, &f) {
            removed += 1;
        }
    }
    removed
}

/// What `syclbin cache` prints: the entries and their bytes, and the
/// counts summed over the runs recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CacheUsage {
    /// Entries.
    pub entries: u64,
    /// Their bytes.
    pub bytes: u64,
    /// Runs that looked entries up.
    pub runs: u64,
    /// Their counts, summed.
    pub counts: CacheCounts,
}

/// The usage of the cache in `dir` (zeros where there is none).
pub fn usage(dir: &Path) -> CacheUsage {
    let mut u = CacheUsage::default();
    let Some((root, entries)) = open_entries(dir) else {
        return u;
    };
    for f in walk(&entries).into_iter().filter(|f| !f.temporary) {
        u.entries += 1;
        u.bytes += f.size;
    }
    let stats = root.read_file(STATS, MAX_ENTRY).unwrap_or_default();
    for line in String::from_utf8_lossy(&stats).lines() {
        let n: Vec<u64> = line.split(' ').filter_map(|x| x.parse().ok()).collect();
        if let [hits, misses, stores] = n[..] {
            u.runs += 1;
            u.counts.hits += hits;
            u.counts.misses += misses;
            u.counts.stores += stores;
        }
    }
    u
}

/// Empties the cache in `dir`: its entries, programs' digests, counts and pruning time (the
/// directory itself and its key stay). Errors are those of the removal.
/// A link in the folder is removed, never followed.
pub fn clear(dir: &Path) -> std::io::Result<()> {
    let root = match Dir::open(dir) {
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(()),
        r => r?,
    };
    for name in [ENTRIES, PROGRAMS, STATS, LAST_PRUNE] {
        let r = match root.stat(name) {
            Err(e) if e.kind() == ErrorKind::NotFound => continue,
            Err(e) => Err(e),
            Ok(e) if e.kind == Kind::Dir => root.remove_dir_all(name),
            Ok(_) => root.remove_file(name),
        };
        match r {
            Err(e) if e.kind() != ErrorKind::NotFound => return Err(e),
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(dir: &Path) -> CacheSettings {
        CacheSettings {
            dir: dir.to_path_buf(),
            policy: CachePolicy::default(),
            tool: "test 0.1.0 (git abc)".into(),
            shared_key: None,
            remote: None,
        }
    }

    /// The cache of `s`, which must open.
    fn open(s: &CacheSettings) -> CodeCache {
        CodeCache::open(s, &worker()).expect("not refused").expect("opens")
    }

    fn worker_settings() -> CodegenOptions {
        CodegenOptions {
            spirv_extensions: vec!["SPV_KHR_a".into()],
            pieces: crate::pieces::PieceSettings::OFF,
            ..CodegenOptions::default()
        }
    }

    fn compiled() -> CompiledIr {
        let mut reg = sycl_props::property_set::PropertySetRegistry::new();
        reg.add(
            sycl_props::property_set::names::KERNEL_PARAM_OPT_INFO,
            "k",
            sycl_props::property_set::PropertyValue::UInt32(3),
        );
        CompiledIr {
            spirv: vec![3, 2, 0x23, 7, 1, 2, 3, 4],
            kernels: vec!["k".into(), "l".into()],
            param_opt: Some(reg),
            triple: Some("spir64-unknown-unknown".into()),
            pieces: None,
            verified: false,
            whole: None,
        }
    }

    fn temp_dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("spl-code-cache-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    }

    fn worker() -> PathBuf {
        std::env::current_exe().expect("test binary")
    }

    #[test]
    fn a_stored_entry_is_found_whole_and_counted() {
        let d = temp_dir("roundtrip");
        let c = open(&settings(&d));
        let k = c.key(Request::Image, b"ir bytes", &worker_settings());
        assert_eq!(c.lookup(&k), None);
        c.store(&k, &compiled());
        assert_eq!(c.lookup(&k), Some(compiled()));
        assert_eq!(
            c.counts(),
            CacheCounts {
                hits: 1,
                misses: 1,
                stores: 1
            }
        );
        c.finish();
        let u = usage(&d);
        assert_eq!((u.entries, u.runs, u.counts), (1, 1, c.counts()));
        clear(&d).expect("clears");
        assert_eq!(usage(&d), CacheUsage::default());
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn an_image_cut_into_pieces_is_stored_with_its_pieces() {
        let d = temp_dir("partition");
        let c = open(&settings(&d));
        let k = c.key(Request::Image, b"image", &worker_settings());
        let cut = CompiledIr {
            pieces: Some(crate::pieces::Partition {
                pieces: vec![b"piece 0".to_vec(), b"piece 1".to_vec()],
                renamed: vec!["helper".into(), String::new()],
            }),
            ..compiled()
        };
        c.store(&k, &cut);
        assert_eq!(c.lookup(&k), Some(cut));
        let _ = fs::remove_dir_all(&d);
    }

    /// A whole link's entry is written in parts (the SYCLBIN as it is) and
    /// is the entry its payload written whole would be; cut short by a
    /// byte, it is not taken.
    #[test]
    fn a_link_is_stored_in_parts_as_one_entry() {
        let d = temp_dir("link");
        let c = open(&settings(&d));
        let k = c.link_key("-o x", &[]);
        use sycl_props::offload_binary::{ImageKind, OffloadBinary, OffloadKind};
        let image: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        let syclbin = OffloadBinary::new(ImageKind::SPIRV, OffloadKind::SYCL, image)
            .to_bytes()
            .expect("an offload binary");
        let warnings = vec!["w1".to_string(), "w2".to_string()];
        c.store_link(&k, &syclbin, 7, &warnings);
        assert_eq!(c.lookup_link(&k), Some((syclbin.clone(), 7, warnings.clone())));
        let mut payload = Vec::new();
        write_field(&mut payload, &syclbin).unwrap();
        write_field(&mut payload, b"7").unwrap();
        write_fields(&mut payload, &warnings).unwrap();
        let on_disk = fs::read(c.path(&k)).expect("entry");
        assert_eq!(on_disk, entry_bytes(&k, &payload, &c.mac_key));
        fs::write(c.path(&k), &on_disk[..on_disk.len() - 1]).expect("cut");
        assert_eq!(c.lookup_link(&k), None);
        // An entry under this cache's key that holds no link output (bytes
        // another run of this tool would never store) is not taken either.
        c.store_link(&k, b"300 random bytes", 1, &[]);
        assert_eq!(c.lookup_link(&k), None);
        assert_eq!(
            c.take_warnings().len(),
            2,
            "the cut entry and the one holding no output"
        );
        let _ = fs::remove_dir_all(&d);
    }

    /// What another user with write access to the folder could plant: an
    /// entry in the old checksummed form (its SHA-256 recomputed), or under
    /// another key; each is a miss with a warning naming it.
    #[test]
    fn entries_without_this_caches_mac_are_misses_with_a_warning() {
        let d = temp_dir("forged");
        let c = open(&settings(&d));
        let k = c.key(Request::Image, b"ir", &worker_settings());
        c.store(&k, &compiled());
        let good = fs::read(c.path(&k)).expect("entry");
        let (body, _) = good.split_at(good.len() - 32);
        let mut resummed = body.to_vec();
        resummed.extend_from_slice(&Sha256::digest(body));
        fs::write(c.path(&k), &resummed).expect("write");
        assert_eq!(c.lookup(&k), None);
        let other_key = entry_bytes(&k, &good[MAGIC.len() + 40..good.len() - 32], b"another team's key");
        fs::write(c.path(&k), other_key).expect("write");
        assert_eq!(c.lookup(&k), None);
        let w = c.take_warnings();
        assert_eq!(w.len(), 1, "one warning per entry: {w:?}");
        assert!(w[0].contains(&c.path(&k).display().to_string()) && w[0].contains("compiled again"));
        // The next store replaces it.
        c.store(&k, &compiled());
        assert_eq!(c.lookup(&k), Some(compiled()));
        // A second cache folder has another key: its entries are not ours.
        let d2 = temp_dir("forged-2");
        let c2 = open(&settings(&d2));
        assert_ne!(c.mac_key, c2.mac_key);
        let _ = fs::remove_dir_all(&d);
        let _ = fs::remove_dir_all(&d2);
    }

    /// Links, FIFOs and folders planted in the cache: nothing outside it is
    /// read, written, truncated or removed, and no lookup blocks.
    #[test]
    fn nothing_planted_in_the_folder_reaches_outside_it() {
        use std::os::unix::fs::symlink;
        let d = temp_dir("planted");
        let outside = temp_dir("planted-outside");
        fs::create_dir_all(&outside).expect("mkdir");
        fs::write(outside.join("victim"), b"keep me").expect("write");
        fs::write(outside.join("ab"), b"keep me too").expect("write");
        let c = open(&settings(&d));
        let keys: Vec<Key> = (0..40u8)
            .map(|i| c.key(Request::Image, &[i], &worker_settings()))
            .collect();
        // last-prune and stats point outside.
        symlink(outside.join("victim"), d.join(LAST_PRUNE)).expect("link");
        symlink(outside.join("victim"), d.join(STATS)).expect("link");
        // One entry's folder points outside; another entry is a FIFO.
        let (sub, _) = CodeCache::place(&keys[0]);
        symlink(&outside, d.join(ENTRIES).join(&sub)).expect("link");
        let (sub1, name1) = CodeCache::place(&keys[1]);
        fs::create_dir_all(d.join(ENTRIES).join(&sub1)).expect("mkdir");
        let made = std::process::Command::new("mkfifo")
            .arg(d.join(ENTRIES).join(&sub1).join(&name1))
            .status()
            .expect("mkfifo");
        assert!(made.success());
        assert_eq!(c.lookup(&keys[1]), None, "a FIFO is a miss, at once");
        assert_eq!(c.lookup(&keys[0]), None);
        for k in &keys {
            c.store(k, &compiled());
        }
        c.finish();
        let policy = CachePolicy {
            max_files: 2,
            prune_after: Some(Duration::ZERO),
            ..CachePolicy::default()
        };
        prune(&d, &policy);
        clear(&d).expect("clears");
        assert_eq!(fs::read(outside.join("victim")).expect("kept"), b"keep me");
        assert_eq!(fs::read(outside.join("ab")).expect("kept"), b"keep me too");
        // The entries folder itself a link: the cache is not used, and
        // pruning it removes nothing there.
        let d3 = temp_dir("planted-entries");
        fs::create_dir_all(&d3).expect("mkdir");
        symlink(&outside, d3.join(ENTRIES)).expect("link");
        assert!(matches!(CodeCache::open(&settings(&d3), &worker()), Ok(None)));
        assert_eq!(prune(&d3, &policy), 0);
        assert!(outside.join("victim").exists());
        let _ = fs::remove_dir_all(&d);
        let _ = fs::remove_dir_all(&d3);
        let _ = fs::remove_dir_all(&outside);
    }

    /// Keys two machines share: the same program in another folder (and
    /// another cache folder of the team) gives the same keys; a program of
    /// other bytes gives others.
    #[test]
    fn keys_name_the_programs_bytes_not_its_path() {
        let d = temp_dir("portable");
        let elsewhere = temp_dir("portable-bin");
        fs::create_dir_all(&elsewhere).expect("mkdir");
        let copy = elsewhere.join("worker");
        fs::copy(worker(), &copy).expect("copy");
        let shared = CacheSettings {
            shared_key: Some(b"a team's secret of some length".to_vec()),
            ..settings(&d)
        };
        let other_machine = CacheSettings {
            dir: temp_dir("portable-2"),
            ..shared.clone()
        };
        let c = open(&shared);
        let c2 = CodeCache::open(&other_machine, &copy)
            .expect("not refused")
            .expect("opens");
        let s = worker_settings();
        assert_eq!(c.key(Request::Image, b"ir", &s), c2.key(Request::Image, b"ir", &s));
        // Remembered: the second open reads no program bytes, same key.
        let again = CodeCache::open(&other_machine, &copy)
            .expect("not refused")
            .expect("opens");
        assert_eq!(again.key(Request::Image, b"ir", &s), c2.key(Request::Image, b"ir", &s));
        let mut bytes = fs::read(&copy).expect("read");
        bytes.push(0);
        fs::write(&copy, bytes).expect("write");
        let c3 = CodeCache::open(&other_machine, &copy)
            .expect("not refused")
            .expect("opens");
        assert_ne!(c.key(Request::Image, b"ir", &s), c3.key(Request::Image, b"ir", &s));
        for p in [&d, &elsewhere, &other_machine.dir] {
            let _ = fs::remove_dir_all(p);
        }
    }

    #[test]
    fn a_private_cache_is_refused_where_others_may_write_and_a_shared_one_is_not() {
        use std::os::unix::fs::PermissionsExt;
        let d = temp_dir("perms");
        fs::create_dir_all(&d).expect("mkdir");
        fs::set_permissions(&d, fs::Permissions::from_mode(0o777)).expect("chmod");
        let e = CodeCache::open(&settings(&d), &worker()).expect_err("refused");
        assert!(
            e.contains("others may write to it") && e.contains("--cache-key-file"),
            "{e}"
        );
        let shared = CacheSettings {
            shared_key: Some(b"a team's secret of some length".to_vec()),
            ..settings(&d)
        };
        let c = open(&shared);
        let k = c.key(Request::Image, b"ir", &worker_settings());
        c.store(&k, &compiled());
        assert_eq!(c.lookup(&k), Some(compiled()));
        // Another machine of the team, same key: a hit.
        assert_eq!(open(&shared).lookup(&k), Some(compiled()));
        // A private cache's folder and its files are its owner's alone.
        let p = temp_dir("perms-private");
        let c = open(&settings(&p));
        c.store(&k, &compiled());
        let mode = |f: &Path| fs::metadata(f).expect("stat").permissions().mode() & 0o777;
        assert_eq!(mode(&p), 0o700);
        assert_eq!(mode(&p.join(SECRET)), 0o600);
        assert_eq!(mode(&c.path(&k)), 0o600);
        let _ = fs::remove_dir_all(&d);
        let _ = fs::remove_dir_all(&p);
    }

    #[test]
    fn the_key_holds_code_extensions_validation_and_tool() {
        let d = temp_dir("key");
        let c = open(&settings(&d));
        let s = worker_settings();
        let k = c.key(Request::Image, b"ir", &s);
        assert_eq!(k, c.key(Request::Image, b"ir", &s));
        assert_ne!(k, c.key(Request::Image, b"ir2", &s));
        let mut s2 = s.clone();
        s2.validate = false;
        assert_ne!(k, c.key(Request::Image, b"ir", &s2));
        let mut s3 = s.clone();
        s3.spirv_extensions.push("SPV_KHR_b".into());
        assert_ne!(k, c.key(Request::Image, b"ir", &s3));
        assert_ne!(k, c.key(Request::Piece, b"ir", &s), "a piece answers differently");
        let mut s5 = s.clone();
        s5.opt_level = 0;
        assert_ne!(k, c.key(Request::Image, b"ir", &s5));
        let mut s6 = s.clone();
        s6.pieces = crate::pieces::PieceSettings::forced(16);
        assert_ne!(k, c.key(Request::Image, b"ir", &s6));
        let mut s4 = s.clone();
        s4.memory_limit = Some(1 << 30);
        s4.timeout = None;
        assert_eq!(k, c.key(Request::Image, b"ir", &s4), "the limits do not change bytes");
        let mut other = settings(&d);
        other.tool = "test 0.1.0 (git def)".into();
        let c2 = open(&other);
        assert_ne!(k, c2.key(Request::Image, b"ir", &s));
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn truncated_flipped_or_foreign_entries_are_misses() {
        let d = temp_dir("corrupt");
        let c = open(&settings(&d));
        let k = c.key(Request::Image, b"ir", &worker_settings());
        c.store(&k, &compiled());
        let path = c.path(&k);
        let good = fs::read(&path).expect("entry");
        let mut cases: Vec<Vec<u8>> = Vec::new();
        for cut in [0, 10, good.len() / 2, good.len() - 1] {
            cases.push(good[..cut].to_vec());
        }
        for i in [0, 20, MAGIC.len() + 40, good.len() - 40, good.len() - 1] {
            let mut b = good.clone();
            b[i] ^= 0x10;
            cases.push(b);
        }
        let mut longer = good.clone();
        longer.push(0);
        cases.push(longer);
        for bad in cases {
            fs::write(&path, &bad).expect("write");
            assert_eq!(c.lookup(&k), None, "{} bytes accepted", bad.len());
        }
        // Another key's (sound) entry under this key's name.
        let k2 = c.key(Request::Image, b"other ir", &worker_settings());
        fs::write(&path, entry_bytes(&k2, b"\0", &c.mac_key)).expect("write");
        assert_eq!(c.lookup(&k), None);
        c.store(&k, &compiled());
        assert_eq!(c.lookup(&k), Some(compiled()));
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn an_unwritable_cache_is_silent() {
        let d = temp_dir("unwritable");
        let c = open(&settings(&d));
        // A file where an entry's directory must go.
        fs::remove_dir_all(d.join(ENTRIES)).expect("rm");
        fs::write(d.join(ENTRIES), b"x").expect("write");
        let k = c.key(Request::Image, b"ir", &worker_settings());
        c.store(&k, &compiled());
        assert_eq!(c.lookup(&k), None);
        assert_eq!(c.counts().stores, 0);
        c.finish();
        // A cache directory that cannot be made.
        let blocked = settings(&d.join(ENTRIES).join("below"));
        assert!(matches!(CodeCache::open(&blocked, &worker()), Ok(None)));
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn pruning_removes_the_least_recently_used_beyond_the_limits() {
        let d = temp_dir("prune");
        let c = open(&settings(&d));
        let keys: Vec<Key> = (0..5u8)
            .map(|i| c.key(Request::Image, &[i], &worker_settings()))
            .collect();
        let base = SystemTime::now() - Duration::from_secs(1000);
        for (i, k) in keys.iter().enumerate() {
            c.store(k, &compiled());
            let f = fs::File::options().write(true).open(c.path(k)).expect("entry");
            f.set_modified(base + Duration::from_secs(i as u64 * 10)).expect("time");
        }
        // A hit makes the oldest the newest.
        assert!(c.lookup(&keys[0]).is_some());
        let policy = CachePolicy {
            max_files: 3,
            ..CachePolicy::default()
        };
        assert_eq!(prune(&d, &policy), 2);
        let kept: Vec<bool> = keys.iter().map(|k| c.path(k).exists()).collect();
        assert_eq!(kept, [true, false, false, true, true]);
        let entry = fs::metadata(c.path(&keys[0])).expect("entry").len();
        let by_size = CachePolicy {
            max_bytes: entry,
            ..CachePolicy::default()
        };
        assert_eq!(prune(&d, &by_size), 2);
        assert!(c.path(&keys[0]).exists());
        let expiring = CachePolicy {
            prune_after: Some(Duration::ZERO),
            ..CachePolicy::default()
        };
        std::thread::sleep(Duration::from_millis(10));
        assert_eq!(prune(&d, &expiring), 1);
        assert_eq!(usage(&d).entries, 0);
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn read_checks_are_remembered_per_file_bytes_and_limit() {
        let d = temp_dir("readcheck");
        let c = open(&settings(&d));
        fs::write(d.join("a.bc"), b"first").expect("write");
        let files = vec![d.join("a.bc").to_string_lossy().into_owned()];
        let keys = c.read_check_keys(&file_digests(&files).expect("read"), 1 << 30);
        assert!(!c.read_checked(&keys));
        c.mark_read_checked(&keys);
        assert!(c.read_checked(&keys));
        assert_ne!(
            c.read_check_keys(&file_digests(&files).expect("read"), 1 << 20),
            keys,
            "another limit"
        );
        fs::write(d.join("a.bc"), b"edited").expect("write");
        let edited = c.read_check_keys(&file_digests(&files).expect("read"), 1 << 30);
        assert!(!c.read_checked(&edited));
        // A mark is not an image entry, nor an image entry a mark.
        assert_eq!(c.lookup(&keys[0]), None);
        let k = c.key(Request::Image, b"ir", &worker_settings());
        c.store(&k, &compiled());
        assert!(!c.read_checked(&[k]));
        assert!(file_digests(&[d.join("missing").to_string_lossy().into_owned()]).is_none());
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn policies_parse_in_thinlto_spelling() {
        let p = CachePolicy::parse("prune_interval=30s:prune_after=2h:cache_size_bytes=64m:cache_size_files=9")
            .expect("parses");
        assert_eq!(p.prune_interval, Duration::from_secs(30));
        assert_eq!(p.prune_after, Some(Duration::from_secs(7200)));
        assert_eq!((p.max_bytes, p.max_files), (64 << 20, 9));
        assert_eq!(CachePolicy::parse("prune_after=0s").expect("parses").prune_after, None);
        assert_eq!(CachePolicy::parse("").expect("parses"), CachePolicy::default());
        for bad in [
            "cache_size=50%",
            "prune_interval=5",
            "x=1",
            "cache_size_bytes=lots",
            "nokey",
        ] {
            assert!(CachePolicy::parse(bad).is_err(), "{bad}");
        }
    }
}
