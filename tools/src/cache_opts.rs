//! The code cache's settings and environment, shared by the commands that
//! compile (`sycl-link`, `syclbin create`, `syclbin cache`; their options
//! are defined in [`crate::shared_opts`]) and the C ABI:
//! where the cache is (`--cache-dir=DIR`, else `$SPL_CACHE_DIR`, else
//! `$XDG_CACHE_HOME/sycl-post-link`, else `~/.cache/sycl-post-link`),
//! whether it is used (`--no-cache`, `SPL_NO_CACHE=1`), and its pruning
//! policy (`--cache-policy=`, `$SPL_CACHE_POLICY`, in the spelling of
//! `--thinlto-cache-policy`), and a shared cache's key
//! (`--cache-key-file=FILE`, `$SPL_CACHE_KEY_FILE`) and remote cache
//! (`--remote-cache=URL`, `$SPL_REMOTE_CACHE`, `--remote-cache-read-only`,
//! `SPL_REMOTE_CACHE_READ_ONLY=1`). The library itself reads no environment
//! (`sycl_codegen::code_cache`).

use std::path::PathBuf;

use sycl_codegen::code_cache::{CachePolicy, CacheSettings};
use sycl_codegen::remote_cache::{RemoteCache, RemoteSettings, DEFAULT_REMOTE_TIMEOUT};

/// The cache options a command line gave.
#[derive(Debug, Clone, Default)]
pub struct CacheArgs {
    /// `--cache-dir`.
    pub dir: Option<String>,
    /// `--no-cache`.
    pub off: bool,
    /// `--cache-policy`.
    pub policy: Option<String>,
    /// `--cache-key-file`.
    pub key_file: Option<String>,
    /// `--remote-cache`.
    pub remote: Option<String>,
    /// `--remote-cache-read-only`.
    pub remote_read_only: bool,
}

impl CacheArgs {
    /// The cache directory these options and the environment name, used
    /// or not.
    pub fn dir(&self) -> Option<PathBuf> {
        self.dir
            .as_ref()
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
            .or_else(default_dir)
    }

    /// The pruning policy: `--cache-policy`, else `$SPL_CACHE_POLICY`, else
    /// the default.
    pub fn policy(&self) -> Result<CachePolicy, String> {
        match self.policy.clone().or_else(|| env("SPL_CACHE_POLICY")) {
            Some(p) => CachePolicy::parse(&p),
            None => Ok(CachePolicy::default()),
        }
    }

    /// The cache settings of a run: `None` when the cache is off or no
    /// directory is known (no `$HOME`).
    pub fn settings(&self) -> Result<Option<CacheSettings>, String> {
        let policy = self.policy()?;
        let off = self.off || (self.dir.is_none() && env("SPL_NO_CACHE").is_some_and(|v| v != "0"));
        if off {
            return Ok(None);
        }
        let shared_key = self.shared_key()?;
        let remote = self.remote()?;
        if let (Some(r), None) = (&remote, &shared_key) {
            return Err(format!(
                "remote cache {}: needs the team's key: give --cache-key-file=<file> (or SPL_CACHE_KEY_FILE)",
                r.url
            ));
        }
        Ok(self.dir().map(|dir| CacheSettings {
            dir,
            policy,
            tool: crate::version::summary(),
            shared_key,
            remote,
        }))
    }

    /// The remote cache: `--remote-cache`, else `$SPL_REMOTE_CACHE`, read
    /// only with `--remote-cache-read-only` or `SPL_REMOTE_CACHE_READ_ONLY=1`;
    /// its URL checked.
    pub fn remote(&self) -> Result<Option<RemoteSettings>, String> {
        let Some(url) = self.remote.clone().or_else(|| env("SPL_REMOTE_CACHE")) else {
            return Ok(None);
        };
        let settings = RemoteSettings {
            url,
            read_only: self.remote_read_only || env("SPL_REMOTE_CACHE_READ_ONLY").is_some_and(|v| v != "0"),
            timeout: DEFAULT_REMOTE_TIMEOUT,
        };
        RemoteCache::new(&settings)?;
        Ok(Some(settings))
    }

    /// A shared cache's key: the bytes of `--cache-key-file`, else of
    /// `$SPL_CACHE_KEY_FILE`; `None` for a private cache. A file that
    /// cannot be read or holds fewer than 16 bytes is an error.
    pub fn shared_key(&self) -> Result<Option<Vec<u8>>, String> {
        let Some(file) = self.key_file.clone().or_else(|| env("SPL_CACHE_KEY_FILE")) else {
            return Ok(None);
        };
        let key = std::fs::read(&file)
            .map_err(|e| format!("cache key file {file}: {}", sycl_postlink::output::io_reason(&e)))?;
        if key.len() < MIN_KEY_BYTES {
            return Err(format!(
                "cache key file {file}: holds {} bytes, fewer than {MIN_KEY_BYTES} (e.g. head -c 32 /dev/urandom > {file})",
                key.len()
            ));
        }
        Ok(Some(key))
    }
}

/// The least a shared cache's key holds.
const MIN_KEY_BYTES: usize = 16;

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

/// The default cache directory: `$SPL_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/sycl-post-link`, else `$HOME/.cache/sycl-post-link`.
pub fn default_dir() -> Option<PathBuf> {
    if let Some(d) = env("SPL_CACHE_DIR") {
        return Some(d.into());
    }
    let base = env("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| env("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("sycl-post-link"))
}
