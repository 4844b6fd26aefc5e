//! `sycl-post-link`: drop-in replacement for intel/llvm's post-link tool.
//! Besides upstream's options: `-v` (the run as a command to re-run),
//! `-time-trace=<file>` (a Chrome trace of the run's steps), a progress line
//! on standard error when it is a terminal and the run is long,
//! `-split-report=<file>|-` (see `sycl_postlink::split_report`).
use std::io::IsTerminal;
use std::process::ExitCode;

use sycl_postlink::output::Outputs;
use sycl_postlink::split_report::split_report;
use sycl_postlink::{Input, PostLinkError};
use sycl_process::trace;
use sycl_split::SplitMode;
use sycl_tools::cli::{parse_post_link, post_link_command, shell_line, Command, CommandExtras};

const TOOL: &str = "sycl-post-link";

/// A failure: a message, or a run's error in its own style.
enum Failure {
    Message(String),
    Run(PostLinkError),
}

impl From<String> for Failure {
    fn from(m: String) -> Self {
        Failure::Message(m)
    }
}

fn run(o: &sycl_postlink::PostLinkOptions, x: &CommandExtras) -> Result<(), Failure> {
    if x.verbose {
        sycl_tools::errln!("{}", shell_line(&post_link_command(o)));
        sycl_tools::errln!("{TOOL}: {} worker thread(s)", o.settings.thread_count());
    }
    if let Some(path) = &x.time_trace {
        // Written last: a path that cannot be written fails before any output.
        sycl_postlink::output::check_writable(path)?;
        trace::enable_trace();
    }
    if std::io::stderr().is_terminal() {
        trace::enable_progress(TOOL, sycl_tools::env::env_defaults().progress_after);
    }
    if let Some(dest) = &x.split_report {
        write_split_report(o, x, dest)?;
        if o.outputs.is_empty() {
            trace::finish_progress();
            return Ok(write_trace(x)?);
        }
    }
    // The input is read in a worker process (this program) first: a crash
    // of LLVM's reader on a corrupt file is then one line, not a crash.
    let mut o = o.clone();
    o.read_check = Some(sycl_tools::entry::read_check()?);
    let o = &o;
    let result = sycl_postlink::run(o);
    trace::finish_progress();
    let report = result.map_err(Failure::Run)?;
    sycl_tools::print_report(TOOL, &report);
    if x.verbose {
        for out in &o.outputs {
            sycl_tools::errln!("{TOOL}: wrote {}", out.path);
        }
    }
    Ok(write_trace(x)?)
}

fn write_trace(x: &CommandExtras) -> Result<(), String> {
    if let Some(path) = &x.time_trace {
        let mut outs = Outputs::new();
        outs.write(path, trace::take_chrome_trace(TOOL).as_bytes())?;
        outs.commit()?;
    }
    Ok(())
}

/// `-split-report=<file>`: JSON to `file`, a readable summary for `-`.
fn write_split_report(o: &sycl_postlink::PostLinkOptions, x: &CommandExtras, dest: &str) -> Result<(), String> {
    if o.input == "-" && !o.outputs.is_empty() {
        return Err("-split-report with -o reads the input twice: give the input as a file".into());
    }
    let modes = if x.split_report_all_modes {
        vec![SplitMode::Source, SplitMode::Kernel, SplitMode::Auto, SplitMode::None]
    } else {
        vec![o.settings.split]
    };
    let _step = trace::span("Split report", &o.input);
    let input = Input::read(&o.input).map_err(|e| e.0)?;
    let mut settings = o.run_settings();
    // The report counts images, not target tables.
    settings.targets.clear();
    let report = split_report(&settings, &input, &modes).map_err(|e| e.0)?;
    let mut outs = Outputs::new();
    if dest == "-" {
        outs.write("-", report.to_text().as_bytes())?;
    } else {
        outs.write(dest, report.to_json().as_bytes())?;
    }
    outs.commit()
}

sycl_tools::command_main!(TOOL, main_with_args);

fn main_with_args(args: &[String]) -> ExitCode {
    match parse_post_link(args) {
        Err(e) => sycl_tools::report_error(TOOL, &e),
        Ok(Command::Print(text)) => {
            sycl_tools::out!("{text}");
            ExitCode::SUCCESS
        }
        Ok(Command::Run((mut o, x))) => {
            o.settings.tuning = sycl_tools::env::env_defaults().tuning;
            match run(&o, &x) {
                Ok(()) => ExitCode::SUCCESS,
                Err(Failure::Message(e)) => sycl_tools::report_error(TOOL, &e),
                Err(Failure::Run(e)) => sycl_tools::report_post_link_error(TOOL, &e),
            }
        }
    }
}
