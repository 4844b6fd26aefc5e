//! The command-line tools over the post-link library (`sycl-postlink`):
//! LLVM-style command-line parsing ([`cl`], [`cli`]), the options several
//! commands share ([`shared_opts`]), `sycl-opt`'s pass pipeline ([`opt`]),
//! the one `--version` text ([`version`]), the code cache's options
//! ([`cache_opts`]) and the environment the commands read ([`env`](mod@env)); the C
//! library (`tools/capi/`, `sycl-post-link-c`) uses the same definitions.
//!
//! The binaries in `src/bin/` are thin: parse the command line, call one
//! function of this crate, print its diagnostics; each starts through the
//! one entry of every command ([`entry`], `command_main!`).
#![forbid(unsafe_code)]

pub mod cache_opts;
pub mod cl;
pub mod cli;
pub mod entry;
pub mod env;
pub mod link_steps;
pub mod opt;
pub mod shared_opts;
pub mod stdio;
pub mod syclbin_opts;
pub mod version;

use sycl_postlink::{ErrorStyle, PostLinkError, Report};

/// Prints a failed run's error and returns exit code 1: `<tool>: error:
/// <msg>`, except for the few messages upstream prints without `error:`
/// ([`ErrorStyle::Untagged`], e.g. the device_image_scope check), which
/// upstream's tests match exactly: `<tool>: <msg>`.
pub fn report_post_link_error(tool: &str, e: &PostLinkError) -> std::process::ExitCode {
    match e.1 {
        ErrorStyle::Tagged => report_error(tool, &e.0),
        ErrorStyle::Untagged => {
            crate::errln!("{tool}: {}", one_line_per_tool_line(tool, &e.0));
            std::process::ExitCode::from(1)
        }
    }
}

/// Whether a command line asks for `-v` (`-v`, `--v`, `-v=true`, ...), for
/// tools that run one step: their `-v` prints the command itself.
pub fn verbose_requested(args: &[String]) -> bool {
    args.iter().take_while(|a| *a != "--").any(|a| {
        let body = a.strip_prefix("--").or_else(|| a.strip_prefix('-')).unwrap_or("");
        matches!(body, "v" | "v=true" | "v=1" | "v=TRUE" | "v=True")
    })
}

/// `-v` of a tool that runs one step: prints its command line (without
/// `-v`) to standard error, as a command to re-run.
pub fn echo_command(tool: &str, args: &[String]) {
    let shown: Vec<String> = std::iter::once(tool.to_string())
        .chain(args.iter().filter(|a| !matches!(a.as_str(), "-v" | "--v")).cloned())
        .collect();
    crate::errln!("{}", cli::shell_line(&shown));
}

/// Prints `<tool>: error: <msg>` and returns exit code 1. Whatever input
/// text the message quotes, every line printed starts with the tool's name:
/// control characters are written as escapes (`\n`, `\r`), except a line
/// feed that starts a line of the tool's own (`<tool>: Did you mean ...?`
/// after an unknown option, as LLVM's option parser prints it).
pub fn report_error(tool: &str, msg: &str) -> std::process::ExitCode {
    crate::errln!("{tool}: error: {}", one_line_per_tool_line(tool, msg));
    std::process::ExitCode::from(1)
}

/// Prints a run's warnings (`<tool>: warning: <msg>`, every line of a tool
/// names it) and notes to standard error.
pub fn print_report(tool: &str, report: &Report) {
    for w in &report.warnings {
        crate::errln!("{tool}: warning: {w}");
    }
    for n in &report.notes {
        crate::errln!("{n}");
    }
}

/// `msg` with its control characters escaped, except the line feeds before
/// `<tool>: ` (see [`report_error`]).
fn one_line_per_tool_line(tool: &str, msg: &str) -> String {
    let own_line = format!("\n{tool}: ");
    msg.split(own_line.as_str())
        .map(sycl_ir::escape_controls)
        .collect::<Vec<_>>()
        .join(own_line.as_str())
}
