//! `sycl-post-link`: drop-in replacement for intel/llvm's post-link tool.
//! Besides upstream's options: `-v` (the run as a command to re-run),
//! `-time-trace=<file>` (a Chrome trace of the run's steps), a progress line
//! on standard error when it is a terminal and the run is long.
use std::io::IsTerminal;
use std::process::ExitCode;

use sycl_postlink::output::Outputs;
use sycl_postlink::pipeline::thread_count;
use sycl_postlink::trace;
use sycl_tools::cli::{parse_post_link, post_link_command, shell_line, Command, CommandExtras};

const TOOL: &str = "sycl-post-link";

fn run(o: &sycl_postlink::PostLinkOptions, x: &CommandExtras) -> Result<(), String> {
    if x.verbose {
        eprintln!("{}", shell_line(&post_link_command(o)));
        eprintln!("{TOOL}: {} worker thread(s)", thread_count(o.settings.threads));
    }
    if x.time_trace.is_some() {
        trace::enable_trace();
    }
    if std::io::stderr().is_terminal() {
        trace::enable_progress(TOOL);
    }
    let result = sycl_postlink::run(o);
    trace::finish_progress();
    let report = result.map_err(|e| e.0)?;
    sycl_tools::print_report(&report);
    if x.verbose {
        for out in &o.outputs {
            eprintln!("{TOOL}: wrote {}", out.path);
        }
    }
    if let Some(path) = &x.time_trace {
        let mut outs = Outputs::new();
        outs.write(path, trace::take_chrome_trace(TOOL).as_bytes())?;
        outs.commit()?;
    }
    Ok(())
}

fn main() -> ExitCode {
    sycl_tools::tune_allocator_for_workers();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match parse_post_link(&args) {
        Err(e) => sycl_tools::report_error(TOOL, &e),
        Ok(Command::Print(text)) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Ok(Command::Run((o, x))) => match run(&o, &x) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => sycl_tools::report_error(TOOL, &e),
        },
    }
}
