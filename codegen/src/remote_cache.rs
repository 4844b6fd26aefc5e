//! The code cache's second level: a remote HTTP server that a team's
//! machines share (`--remote-cache=URL`), behind the local folder
//! ([`crate::code_cache`]). Entries are the local ones, byte for byte
//! (each with its HMAC-SHA-256 under the team's key, checked by the code
//! cache as a local entry is), under `<URL>/ac/<key in hex>`: the layout
//! of the Bazel HTTP cache protocol that bazel-remote, ccache's HTTP
//! storage and a WebDAV server (nginx's `dav_methods PUT`) serve.
//! bazel-remote checks what is put under `/ac/` unless started with
//! `--disable_http_ac_validation`, as for ccache.
//!
//! A server that is down, slow, answers errors or sends bad bytes costs a
//! miss: the first failure of a run turns the remote off for the rest of
//! it, with one warning, so that a build is never much slower than a cold
//! one (every request has a short deadline) and never fails for it. Plain
//! `http://` only: an `https://` URL is refused as not supported.

use std::io::Read;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// How to reach a remote cache.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemoteSettings {
    /// The server's base URL (`http://host:port/path`).
    pub url: String,
    /// Only read entries (developer machines, while CI writes them).
    pub read_only: bool,
    /// How long the server may be silent: to connect, and between the
    /// bytes of an answer or of a write. A whole request (a
    /// large entry on a slow line) may take [`REQUEST_LIMIT`].
    pub timeout: Duration,
}

/// The default [`RemoteSettings::timeout`]: a cache on the local network
/// answers in milliseconds; a server silent for a second is treated as
/// down, so a slow one costs a run about a second, once.
pub const DEFAULT_REMOTE_TIMEOUT: Duration = Duration::from_secs(1);

/// The most one request may take, however steadily the bytes come.
pub const REQUEST_LIMIT: Duration = Duration::from_secs(60);

/// An open remote cache, shared by the threads of a run. Writes go to a
/// thread of their own (a compile thread does not wait for the server),
/// and [`RemoteCache::flush`] (or dropping it) waits for them.
#[derive(Debug)]
pub struct RemoteCache {
    shared: Arc<Shared>,
    read_only: bool,
    /// Entries to put, for the writing thread (started with the first).
    uploads: Mutex<Option<Uploads>>,
}

/// An entry to put: its key in hex and its bytes.
type Upload = (String, Vec<u8>);

/// The writing thread and the queue to it.
type Uploads = (SyncSender<Upload>, JoinHandle<()>);

#[derive(Debug)]
struct Shared {
    base: String,
    agent: ureq::Agent,
    /// Set by the first failure: the remote is not asked again this run.
    off: AtomicBool,
    /// The warning of that failure, for the run to print.
    warning: Mutex<Option<String>>,
}

/// Entries waiting for the writing thread; a compile thread that finds
/// the queue full waits (memory stays bounded).
const QUEUED_UPLOADS: usize = 64;

/// What a GET of an entry found.
#[derive(Debug, PartialEq, Eq)]
pub enum Fetched {
    /// The entry's bytes.
    Found(Vec<u8>),
    /// No such entry (404), or the remote is off.
    Missing,
}

impl RemoteCache {
    /// The remote cache of `settings`; `Err` says why the URL is refused.
    pub fn new(settings: &RemoteSettings) -> Result<Self, String> {
        let url = settings.url.trim_end_matches('/');
        if url.starts_with("https://") {
            return Err(format!("remote cache {url}: https is not supported (use http://)"));
        }
        if !url.starts_with("http://") || url.len() <= "http://".len() {
            return Err(format!(
                "remote cache '{}': expected an http://host[:port][/path] URL",
                settings.url
            ));
        }
        let agent = ureq::AgentBuilder::new()
            .timeout_connect(settings.timeout)
            .timeout_read(settings.timeout)
            .timeout_write(settings.timeout)
            .redirects(0)
            .build();
        Ok(RemoteCache {
            shared: Arc::new(Shared {
                base: url.to_string(),
                agent,
                off: AtomicBool::new(false),
                warning: Mutex::new(None),
            }),
            read_only: settings.read_only,
            uploads: Mutex::new(None),
        })
    }

    /// Turns the remote off for the rest of the run, with one warning:
    /// `what` (a read, a write) failed, `why`.
    pub fn fail(&self, what: &str, why: impl std::fmt::Display) {
        self.shared.fail(what, why)
    }

    /// The entry `hex`, at most `max` bytes.
    pub fn get(&self, hex: &str, max: u64) -> Fetched {
        self.shared.get(hex, max)
    }

    /// Puts the entry `hex` (nothing when read only or off), on the
    /// writing thread.
    pub fn put(&self, hex: &str, bytes: Vec<u8>) {
        if self.read_only || self.shared.off.load(Ordering::Relaxed) {
            return;
        }
        let Ok(mut u) = self.uploads.lock() else { return };
        if u.is_none() {
            let (tx, rx) = sync_channel::<Upload>(QUEUED_UPLOADS);
            let shared = self.shared.clone();
            let writer = std::thread::Builder::new().name("remote cache".into()).spawn(move || {
                for (hex, bytes) in rx {
                    shared.put(&hex, &bytes);
                }
            });
            match writer {
                Ok(h) => *u = Some((tx, h)),
                Err(e) => {
                    drop(u);
                    self.fail("a write", e);
                    return;
                }
            }
        }
        let tx = u.as_ref().map(|(tx, _)| tx.clone());
        drop(u);
        if let Some(tx) = tx {
            let _ = tx.send((hex.to_string(), bytes));
        }
    }

    /// Waits until every entry given to [`RemoteCache::put`] is written (or
    /// the remote is off: the rest are dropped at once).
    pub fn flush(&self) {
        let taken = self.uploads.lock().ok().and_then(|mut u| u.take());
        if let Some((tx, writer)) = taken {
            drop(tx);
            let _ = writer.join();
        }
    }

    /// The warning of this run's failure, if there was one (once).
    pub fn take_warning(&self) -> Option<String> {
        self.shared.warning.lock().ok().and_then(|mut w| w.take())
    }

    /// The server's base URL, for messages.
    pub fn base(&self) -> &str {
        &self.shared.base
    }
}

impl Drop for RemoteCache {
    fn drop(&mut self) {
        self.flush();
    }
}

impl Shared {
    fn url(&self, hex: &str) -> String {
        format!("{}/ac/{hex}", self.base)
    }

    fn fail(&self, what: &str, why: impl std::fmt::Display) {
        if !self.off.swap(true, Ordering::Relaxed) {
            if let Ok(mut w) = self.warning.lock() {
                *w = Some(format!(
                    "remote cache {}: {what} failed ({why}): not used for the rest of this run",
                    self.base
                ));
            }
        }
    }

    fn get(&self, hex: &str, max: u64) -> Fetched {
        if self.off.load(Ordering::Relaxed) {
            return Fetched::Missing;
        }
        match self.agent.get(&self.url(hex)).call() {
            Ok(r) if r.status() == 200 => match read_body(r.into_reader(), max) {
                Ok(data) => Fetched::Found(data),
                Err(why) => {
                    self.fail("a read", why);
                    Fetched::Missing
                }
            },
            Ok(r) => {
                self.fail("a read", format!("status {}", r.status()));
                Fetched::Missing
            }
            Err(ureq::Error::Status(404, _)) => Fetched::Missing,
            Err(ureq::Error::Status(code, _)) => {
                self.fail("a read", format!("status {code}"));
                Fetched::Missing
            }
            Err(e) => {
                self.fail("a read", e.kind());
                Fetched::Missing
            }
        }
    }

    fn put(&self, hex: &str, bytes: &[u8]) {
        if self.off.load(Ordering::Relaxed) {
            return;
        }
        match self.agent.put(&self.url(hex)).send_bytes(bytes) {
            Ok(r) if (200..300).contains(&r.status()) => {}
            Ok(r) => self.fail("a write", format!("status {}", r.status())),
            Err(ureq::Error::Status(code, _)) => self.fail("a write", format!("status {code}")),
            Err(e) => self.fail("a write", e.kind()),
        }
    }
}

/// An answer's body, at most `max` bytes, all within [`REQUEST_LIMIT`]
/// (each read waits at most the agent's read timeout).
fn read_body(mut r: impl Read, max: u64) -> Result<Vec<u8>, String> {
    let start = std::time::Instant::now();
    let mut data = Vec::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        if start.elapsed() > REQUEST_LIMIT {
            return Err(format!("an answer slower than {} s", REQUEST_LIMIT.as_secs()));
        }
        match r.read(&mut buf) {
            Ok(0) => return Ok(data),
            Ok(n) if (data.len() + n) as u64 <= max => data.extend_from_slice(&buf[..n]),
            Ok(_) => return Err("an entry larger than allowed".into()),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(url: &str) -> RemoteSettings {
        RemoteSettings {
            url: url.into(),
            read_only: false,
            timeout: Duration::from_millis(300),
        }
    }

    #[test]
    fn urls_are_checked() {
        assert!(RemoteCache::new(&settings("https://cache:8080"))
            .unwrap_err()
            .contains("not supported"));
        assert!(RemoteCache::new(&settings("cache:8080")).is_err());
        assert!(RemoteCache::new(&settings("http://")).is_err());
        let r = RemoteCache::new(&settings("http://127.0.0.1:9/x/")).expect("a URL");
        assert_eq!(r.shared.url("ab"), "http://127.0.0.1:9/x/ac/ab");
    }

    #[test]
    fn a_server_that_is_down_is_a_miss_and_one_warning() {
        // Port 9 (discard) on loopback: nothing listens in the tests.
        let r = RemoteCache::new(&settings("http://127.0.0.1:9")).expect("a URL");
        assert_eq!(r.get("00", 100), Fetched::Missing);
        r.put("00", b"x".to_vec());
        r.flush();
        assert_eq!(r.get("01", 100), Fetched::Missing);
        let w = r.take_warning().expect("a warning");
        assert!(
            w.contains("http://127.0.0.1:9") && w.contains("not used for the rest of this run"),
            "{w}"
        );
        assert_eq!(r.take_warning(), None);
    }
}
