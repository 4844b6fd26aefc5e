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
//! commit), LLVM's version, the code generation worker program's path, size
//! and modification time (a rebuilt tool is another tool, even at the same
//! commit), the code generation configuration (SPIR-V 64-bit object, the
//! back end's fixed optimization level), the SPIR-V extension list,
//! whether the SPIR-V is validated, and the image's IR bytes as written
//! (which hold its target triple). The memory limit is not in it: it
//! decides whether an image compiles, never its bytes, and only successes
//! are stored.
//!
//! An entry (`<dir>/<first two hex digits>/<key in hex>`): a magic line
//! with the format version, the key, the payload's length, the payload
//! (the worker protocol's answer, `codegen_worker::write_answer`) and the
//! SHA-256 of all that. An entry whose magic, key, length or checksum does
//! not match (truncated, bit-flipped, of another format) is a miss: the
//! image is compiled and the entry written again; it is never packaged. An
//! entry is data only (bytes and text), nothing in it is run.
//!
//! A whole link is kept too ([`CodeCache::link_key`]): `sycl-link`'s
//! output, under a hash of its options and of the paths and bytes of every
//! file it reads, so that a relink of unchanged files neither reads nor
//! splits them (ccache's model; an edit misses it and finds the images it
//! did not change).
//!
//! The cache also remembers which input files a worker read without
//! crashing (`sycl-link`'s read check, [`codegen_worker::ReadCheck`]) and
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

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

use sha2::{Digest, Sha256};

use sycl_process::frame::{read_field, read_fields, write_field, write_fields};

use crate::codegen_worker::{self, CompiledIr, Request, WorkerSettings};

/// The entry format; a new one changes every key.
const MAGIC: &[u8; 16] = b"spl-code-cache1\n";

/// What the back end is asked for (`sycl_spirv::compile_module_with`: a
/// SPIR-V 64-bit object at the back end's default optimization level,
/// canonical ids). Part of every key.
const CODEGEN_CONFIG: &str = "spirv64 object, canonical ids, pieces joined";

/// The payload of a read check's entry ([`CodeCache::read_checked`]).
const READ_CHECKED: &[u8] = b"read check and verifier passed";

/// What a whole link's key holds after the salt ([`CodeCache::link_key`]).
const LINK: &[u8] = b"whole link\n";

/// What a link record's key holds after the salt, and its payload
/// ([`CodeCache::relink_key`]).
const LINKED: &[u8] = b"linked before\n";

/// The subdirectory holding the entries.
const ENTRIES: &str = "entries";
/// The file each run appends its counts to.
const STATS: &str = "stats";
/// The file whose time is that of the last pruning.
const LAST_PRUNE: &str = "last-prune";

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
    entries: PathBuf,
    dir: PathBuf,
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
    /// worker program `worker`; `None` when the directory cannot be made,
    /// which leaves the run uncached.
    pub fn open(settings: &CacheSettings, worker: &Path) -> Option<Self> {
        let entries = settings.dir.join(ENTRIES);
        fs::create_dir_all(&entries).ok()?;
        let mut h = Sha256::new();
        h.update(MAGIC);
        for part in [settings.tool.as_str(), &sycl_ir::llvm_version(), CODEGEN_CONFIG] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part.as_bytes());
        }
        // The worker program as built: a rebuild at the same commit is
        // another code generator.
        let program = worker.as_os_str().as_encoded_bytes();
        h.update((program.len() as u64).to_le_bytes());
        h.update(program);
        let meta = fs::metadata(worker).ok()?;
        let mtime = meta.modified().ok()?.duration_since(SystemTime::UNIX_EPOCH).ok()?;
        h.update(meta.len().to_le_bytes());
        h.update(mtime.as_nanos().to_le_bytes());
        Some(CodeCache {
            entries,
            dir: settings.dir.clone(),
            policy: settings.policy.clone(),
            salt: h.finalize().into(),
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
            stores: AtomicU64::new(0),
            unwritable: AtomicBool::new(false),
            reported: std::sync::Mutex::new(CacheCounts::default()),
        })
    }

    /// The key of compiling `code` as `request` with `settings`: an image
    /// and a piece of the same bytes answer differently (a piece is not
    /// validated and names no kernels), and how images are cut and the back
    /// end's optimization level decide the bytes too.
    pub fn key(&self, request: Request, code: &[u8], settings: &WorkerSettings) -> Key {
        let mut h = Sha256::new();
        h.update(self.salt);
        h.update([request as u8, settings.opt_level]);
        let p = settings.pieces;
        for n in p.numbers() {
            h.update((n as u64).to_le_bytes());
        }
        let exts = settings.spirv_extensions.join(",");
        h.update((exts.len() as u64).to_le_bytes());
        h.update(exts.as_bytes());
        h.update([u8::from(settings.validate)]);
        h.update((code.len() as u64).to_le_bytes());
        h.update(code);
        Key(h.finalize().into())
    }

    fn path(&self, key: &Key) -> PathBuf {
        let hex = key.hex();
        self.entries.join(&hex[..2]).join(hex)
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
        match codegen_worker::read_answer(&mut &payload[..]) {
            Ok(Ok(c)) => Some(c),
            _ => None,
        }
    }

    /// The payload of the sound entry of `key`, whose time is set to now
    /// (its use, for pruning: least recently used go first).
    fn read_payload(&self, key: &Key) -> Option<Vec<u8>> {
        let mut f = File::open(self.path(key)).ok()?;
        let len = f.metadata().ok()?.len();
        if len > MAX_ENTRY {
            return None;
        }
        let mut data = Vec::with_capacity(len as usize);
        f.read_to_end(&mut data).ok()?;
        let payload = entry_payload(&data, key)?.to_vec();
        let _ = f.set_modified(SystemTime::now());
        Some(payload)
    }

    /// Stores `compiled` as the entry of `key`: written under a temporary
    /// name, then renamed into place. Failures are silent.
    pub fn store(&self, key: &Key, compiled: &CompiledIr) {
        let mut payload = Vec::new();
        if codegen_worker::write_answer(&mut payload, &Ok(compiled.clone())).is_ok() && self.write_entry(key, &payload)
        {
            self.stores.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn write_entry(&self, key: &Key, payload: &[u8]) -> bool {
        self.write_entry_parts(key, &[payload])
    }

    /// [`CodeCache::write_entry`] of the payload that `parts` make one
    /// after the other, written as they are (a whole link's SYCLBIN of tens
    /// of megabytes is not copied into an entry first).
    fn write_entry_parts(&self, key: &Key, parts: &[&[u8]]) -> bool {
        if self.unwritable.load(Ordering::Relaxed) {
            return false;
        }
        let path = self.path(key);
        let Some(dir) = path.parent() else { return false };
        let tmp = dir.join(format!(".tmp-{}-{}", std::process::id(), unique()));
        // A terminating signal's cleanup removes it (sycl_process::terminate).
        sycl_process::terminate::track_path(&tmp);
        let written = fs::create_dir_all(dir)
            .and_then(|()| {
                let f = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
                // A small entry in one write; a large part goes past the
                // buffer as it is.
                let mut w = std::io::BufWriter::new(f);
                write_entry_to(&mut w, key, parts)?;
                w.into_inner().map(drop).map_err(|e| e.into_error())
            })
            .and_then(|()| fs::rename(&tmp, &path));
        if written.is_err() {
            let _ = fs::remove_file(&tmp);
            self.unwritable.store(true, Ordering::Relaxed);
        }
        sycl_process::terminate::untrack_path(&tmp);
        written.is_ok()
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
    pub fn lookup_link(&self, key: &Key) -> Option<(Vec<u8>, usize, Vec<String>)> {
        let payload = self.read_payload(key)?;
        let r = &mut &payload[..];
        let bytes = read_field(r).ok()?;
        let images = String::from_utf8(read_field(r).ok()?).ok()?.parse().ok()?;
        let warnings = read_fields(r)
            .ok()?
            .into_iter()
            .map(String::from_utf8)
            .collect::<Result<Vec<_>, _>>()
            .ok()?;
        if !r.is_empty() {
            return None;
        }
        self.hits.fetch_add(1, Ordering::Relaxed);
        Some((bytes, images, warnings))
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

    /// The keys of the read check ([`codegen_worker::ReadCheck`]) of
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
        let line = format!("{} {} {}\n", c.hits, c.misses, c.stores);
        // One short append: whole on a local file system.
        if let Ok(mut f) = OpenOptions::new().append(true).create(true).open(self.dir.join(STATS)) {
            let _ = f.write_all(line.as_bytes());
        }
        if c.stores > 0 && self.prune_due() {
            prune(&self.dir, &self.policy);
        }
    }

    fn prune_due(&self) -> bool {
        let stamp = self.dir.join(LAST_PRUNE);
        let due = match fs::metadata(&stamp).and_then(|m| m.modified()) {
            Ok(t) => SystemTime::now()
                .duration_since(t)
                .is_ok_and(|age| age >= self.policy.prune_interval),
            Err(_) => true,
        };
        if due {
            let _ = File::create(&stamp);
        }
        due
    }
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

/// Writes an entry to `out`: magic, key, payload length, the payload
/// (`parts` one after the other), and a checksum of all that.
fn write_entry_to(mut out: impl Write, key: &Key, parts: &[&[u8]]) -> std::io::Result<()> {
    let len: usize = parts.iter().map(|p| p.len()).sum();
    let mut head = Vec::with_capacity(MAGIC.len() + 32 + 8);
    head.extend_from_slice(MAGIC);
    head.extend_from_slice(&key.0);
    head.extend_from_slice(&(len as u64).to_le_bytes());
    let mut h = Sha256::new();
    for part in std::iter::once(&head[..]).chain(parts.iter().copied()) {
        h.update(part);
        out.write_all(part)?;
    }
    let sum: [u8; 32] = h.finalize().into();
    out.write_all(&sum)
}

/// An entry's bytes ([`write_entry_to`]).
#[cfg(test)]
fn entry_bytes(key: &Key, payload: &[u8]) -> Vec<u8> {
    let mut e = Vec::new();
    write_entry_to(&mut e, key, &[payload]).expect("writes to memory");
    e
}

/// The payload of an entry for `key`, if the entry is whole and sound.
fn entry_payload<'a>(e: &'a [u8], key: &Key) -> Option<&'a [u8]> {
    let head = MAGIC.len() + 32 + 8;
    if e.len() < head + 32 || &e[..MAGIC.len()] != MAGIC || e[MAGIC.len()..MAGIC.len() + 32] != key.0 {
        return None;
    }
    let len = u64::from_le_bytes(e[head - 8..head].try_into().ok()?);
    if len != (e.len() - head - 32) as u64 {
        return None;
    }
    let (body, sum) = e.split_at(e.len() - 32);
    (Sha256::digest(body).as_slice() == sum).then(|| &e[head..e.len() - 32])
}

/// One entry (or leftover temporary file) found while pruning.
struct Found {
    path: PathBuf,
    size: u64,
    used: SystemTime,
    temporary: bool,
}

fn walk(dir: &Path) -> Vec<Found> {
    let mut out = Vec::new();
    let Ok(subdirs) = fs::read_dir(dir.join(ENTRIES)) else {
        return out;
    };
    for sub in subdirs.flatten() {
        let Ok(files) = fs::read_dir(sub.path()) else { continue };
        for f in files.flatten() {
            let Ok(meta) = f.metadata() else { continue };
            if !meta.is_file() {
                continue;
            }
            out.push(Found {
                temporary: f.file_name().to_string_lossy().starts_with(".tmp-"),
                path: f.path(),
                size: meta.len(),
                used: meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
            });
        }
    }
    out
}

/// Removes expired entries, then the least recently used beyond the
/// policy's limits, and temporary files an interrupted writer left (older
/// than an hour). Returns the entries removed.
pub fn prune(dir: &Path, policy: &CachePolicy) -> usize {
    let now = SystemTime::now();
    let age = |t: SystemTime| now.duration_since(t).unwrap_or(Duration::ZERO);
    let mut removed = 0;
    let mut entries = Vec::new();
    for f in walk(dir) {
        let expired = if f.temporary {
            age(f.used) > Duration::from_secs(3600)
        } else {
            policy.prune_after.is_some_and(|limit| age(f.used) > limit)
        };
        if expired {
            removed += usize::from(fs::remove_file(&f.path).is_ok() && !f.temporary);
        } else if !f.temporary {
            entries.push(f);
        }
    }
    // Newest first; what does not fit after them goes.
    entries.sort_by(|a, b| b.used.cmp(&a.used).then_with(|| a.path.cmp(&b.path)));
    let (mut bytes, mut files) = (0u64, 0u64);
    for f in entries {
        bytes += f.size;
        files += 1;
        let over =
            (policy.max_bytes != 0 && bytes > policy.max_bytes) || (policy.max_files != 0 && files > policy.max_files);
        if over && fs::remove_file(&f.path).is_ok() {
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
    for f in walk(dir).into_iter().filter(|f| !f.temporary) {
        u.entries += 1;
        u.bytes += f.size;
    }
    let stats = fs::read_to_string(dir.join(STATS)).unwrap_or_default();
    for line in stats.lines() {
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

/// Empties the cache in `dir`: its entries, counts and pruning time (the
/// directory itself stays). Errors are those of the removal.
pub fn clear(dir: &Path) -> std::io::Result<()> {
    for name in [ENTRIES, STATS, LAST_PRUNE] {
        let p = dir.join(name);
        let r = if p.is_dir() {
            fs::remove_dir_all(&p)
        } else {
            fs::remove_file(&p)
        };
        match r {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
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
        }
    }

    fn worker_settings() -> WorkerSettings {
        WorkerSettings {
            spirv_extensions: vec!["SPV_KHR_a".into()],
            validate: true,
            memory_limit: 0,
            read_only: false,
            pieces: crate::pieces::PieceSettings::OFF,
            opt_level: sycl_spirv::DEFAULT_OPT_LEVEL,
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
        let c = CodeCache::open(&settings(&d), &worker()).expect("opens");
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
        let c = CodeCache::open(&settings(&d), &worker()).expect("opens");
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
        let c = CodeCache::open(&settings(&d), &worker()).expect("opens");
        let k = c.link_key("-o x", &[]);
        let syclbin: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        let warnings = vec!["w1".to_string(), "w2".to_string()];
        c.store_link(&k, &syclbin, 7, &warnings);
        assert_eq!(c.lookup_link(&k), Some((syclbin.clone(), 7, warnings.clone())));
        let mut payload = Vec::new();
        write_field(&mut payload, &syclbin).unwrap();
        write_field(&mut payload, b"7").unwrap();
        write_fields(&mut payload, &warnings).unwrap();
        let on_disk = fs::read(c.path(&k)).expect("entry");
        assert_eq!(on_disk, entry_bytes(&k, &payload));
        fs::write(c.path(&k), &on_disk[..on_disk.len() - 1]).expect("cut");
        assert_eq!(c.lookup_link(&k), None);
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn the_key_holds_code_extensions_validation_and_tool() {
        let d = temp_dir("key");
        let c = CodeCache::open(&settings(&d), &worker()).expect("opens");
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
        s4.memory_limit = 1 << 30;
        assert_eq!(
            k,
            c.key(Request::Image, b"ir", &s4),
            "the memory limit does not change bytes"
        );
        let mut other = settings(&d);
        other.tool = "test 0.1.0 (git def)".into();
        let c2 = CodeCache::open(&other, &worker()).expect("opens");
        assert_ne!(k, c2.key(Request::Image, b"ir", &s));
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn truncated_flipped_or_foreign_entries_are_misses() {
        let d = temp_dir("corrupt");
        let c = CodeCache::open(&settings(&d), &worker()).expect("opens");
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
        fs::write(&path, entry_bytes(&k2, b"\0")).expect("write");
        assert_eq!(c.lookup(&k), None);
        c.store(&k, &compiled());
        assert_eq!(c.lookup(&k), Some(compiled()));
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn an_unwritable_cache_is_silent() {
        let d = temp_dir("unwritable");
        let c = CodeCache::open(&settings(&d), &worker()).expect("opens");
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
        assert!(CodeCache::open(&blocked, &worker()).is_none());
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn pruning_removes_the_least_recently_used_beyond_the_limits() {
        let d = temp_dir("prune");
        let c = CodeCache::open(&settings(&d), &worker()).expect("opens");
        let keys: Vec<Key> = (0..5u8)
            .map(|i| c.key(Request::Image, &[i], &worker_settings()))
            .collect();
        let base = SystemTime::now() - Duration::from_secs(1000);
        for (i, k) in keys.iter().enumerate() {
            c.store(k, &compiled());
            let f = File::options().write(true).open(c.path(k)).expect("entry");
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
        let c = CodeCache::open(&settings(&d), &worker()).expect("opens");
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
