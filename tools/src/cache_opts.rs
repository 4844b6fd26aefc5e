//! The code cache's settings and environment, shared by the commands that
//! compile (`sycl-link`, `syclbin create`, `syclbin cache`; their options
//! are defined in [`crate::shared_opts`]) and the C ABI:
//! where the cache is (`--cache-dir=DIR`, else `$SPL_CACHE_DIR`, else
//! `$XDG_CACHE_HOME/sycl-post-link`, else `~/.cache/sycl-post-link`),
//! whether it is used (`--no-cache`, `SPL_NO_CACHE=1`), and its pruning
//! policy (`--cache-policy=`, `$SPL_CACHE_POLICY`, in the spelling of
//! `--thinlto-cache-policy`). The library itself reads no environment
//! (`sycl_postlink::code_cache`).

use std::path::PathBuf;

use sycl_postlink::code_cache::{CachePolicy, CacheSettings};

/// The cache options a command line gave.
#[derive(Debug, Clone, Default)]
pub struct CacheArgs {
    /// `--cache-dir`.
    pub dir: Option<String>,
    /// `--no-cache`.
    pub off: bool,
    /// `--cache-policy`.
    pub policy: Option<String>,
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
        Ok(self.dir().map(|dir| CacheSettings {
            dir,
            policy,
            tool: crate::version::summary(),
        }))
    }
}

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
