//! `sycl-opt`: runs the project's passes (and LLVM's) on one module, as
//! `opt` does; see [`sycl_tools::opt`]. `-v` prints the command.
use std::process::ExitCode;

use sycl_codegen::worker::ReadCheck;
use sycl_tools::cli::one_step_main;
use sycl_tools::opt::{parse_opt, OptOptions};

const TOOL: &str = "sycl-opt";

sycl_tools::command_main!(TOOL, main_with_args);

fn main_with_args(args: &[String]) -> ExitCode {
    one_step_main(TOOL, args, parse_opt, run)
}

fn run(mut o: OptOptions, check: ReadCheck) -> ExitCode {
    o.read_check = Some(check);
    o.threads = sycl_tools::env::env_defaults().tuning.thread_count(None);
    match sycl_tools::opt::run(&o) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => sycl_tools::report_error(TOOL, &e.to_string()),
    }
}
