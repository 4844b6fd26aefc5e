//! The command-line tools and the C ABI over the post-link library
//! (`sycl-postlink`): LLVM-style command-line parsing ([`cl`], [`cli`]),
//! `sycl-opt`'s pass pipeline ([`opt`]) and the C entry points ([`capi`],
//! [`capi_syclbin`] for SYCLBIN packaging).
//!
//! The binaries in `src/bin/` are thin: parse the command line, call one
//! function of this crate, print its diagnostics.

pub mod capi;
pub mod capi_syclbin;
pub mod cl;
pub mod cli;
pub mod opt;

use sycl_postlink::{ErrorStyle, PostLinkError, Report};

/// Prints a failed run's error in the style it asks for (see
/// [`ErrorStyle`]) and returns exit code 1.
pub fn report_post_link_error(tool: &str, e: &PostLinkError) -> std::process::ExitCode {
    match e.1 {
        ErrorStyle::Tagged => report_error(tool, &e.0),
        ErrorStyle::Untagged => {
            eprintln!("{tool}: {}", e.0);
            std::process::ExitCode::from(1)
        }
    }
}

/// Prints `<tool>: error: <msg>` and returns exit code 1.
pub fn report_error(tool: &str, msg: &str) -> std::process::ExitCode {
    eprintln!("{tool}: error: {msg}");
    std::process::ExitCode::from(1)
}

/// Prints a run's warnings and notes to standard error.
pub fn print_report(report: &Report) {
    for w in &report.warnings {
        eprintln!("warning: {w}");
    }
    for n in &report.notes {
        eprintln!("{n}");
    }
}
