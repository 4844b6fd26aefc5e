//! The environment variables that tune a run, read in one place for the
//! commands and the C ABI ([`env_defaults`]); the library crates read none
//! and take these through `sycl_postlink::settings::RunTuning`. (The code
//! cache's variables are read by [`crate::cache_opts`], `--codegen-pieces`'
//! default by [`crate::shared_opts::codegen_pieces_default`].) Also here:
//! `SPL_CODEGEN_TIMEOUT` ([`codegen_timeout_default`]), which the read
//! checks of every command take as well as the option's default.

use std::ffi::OsString;
use std::time::Duration;

use sycl_codegen::worker::DEFAULT_CODEGEN_TIMEOUT;
use sycl_postlink::settings::RunTuning;
use sycl_process::trace::DEFAULT_PROGRESS_AFTER;

/// What the environment says about a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnvDefaults {
    /// `SPL_THREADS` (the thread count when none is asked for),
    /// `SPL_EXACT_THREADS`, `SPL_VERIFY_EACH`.
    pub tuning: RunTuning,
    /// `SPL_PROGRESS_AFTER_MS`: how long a run goes before its progress
    /// line appears (default 2 s).
    pub progress_after: Duration,
}

/// Reads [`EnvDefaults`] from this process's environment: `SPL_THREADS`
/// when a positive number; `SPL_EXACT_THREADS` and `SPL_VERIFY_EACH` when
/// set to anything but `0` or the empty string; `SPL_PROGRESS_AFTER_MS`
/// when a number of milliseconds.
pub fn env_defaults() -> EnvDefaults {
    let var = |name: &str| std::env::var(name).ok();
    let on = |v: Option<OsString>| v.is_some_and(|v| !v.is_empty() && v != "0");
    EnvDefaults {
        tuning: RunTuning {
            default_threads: var("SPL_THREADS")
                .and_then(|v| v.parse().ok())
                .filter(|&n: &usize| n > 0),
            exact_threads: on(std::env::var_os("SPL_EXACT_THREADS")),
            verify_each: on(std::env::var_os("SPL_VERIFY_EACH")),
        },
        progress_after: var("SPL_PROGRESS_AFTER_MS")
            .and_then(|v| v.parse().ok())
            .map_or(DEFAULT_PROGRESS_AFTER, Duration::from_millis),
    }
}

/// `--codegen-timeout=<seconds>`: how long a worker may take to compile one
/// image before it is killed (`0`: no limit).
pub fn codegen_timeout(v: &str) -> Result<Option<Duration>, String> {
    v.parse::<u64>()
        .ok()
        .map(|s| (s > 0).then(|| Duration::from_secs(s)))
        .ok_or_else(|| format!("invalid --codegen-timeout '{v}': expected a number of seconds (0: no limit)"))
}

/// The commands' default of `--codegen-timeout`, also the limit of their
/// read checks: `SPL_CODEGEN_TIMEOUT` when set, else
/// [`DEFAULT_CODEGEN_TIMEOUT`] (30 minutes).
pub fn codegen_timeout_default() -> Result<Option<Duration>, String> {
    match std::env::var("SPL_CODEGEN_TIMEOUT") {
        Ok(v) if !v.is_empty() => codegen_timeout(&v).map_err(|e| format!("SPL_CODEGEN_TIMEOUT: {e}")),
        _ => Ok(Some(DEFAULT_CODEGEN_TIMEOUT)),
    }
}
