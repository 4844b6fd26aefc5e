//! `sycl-module-split`: the standalone SYCL module splitter. `-v` prints
//! the command.
use std::process::ExitCode;

use sycl_codegen::worker::ReadCheck;
use sycl_postlink::ModuleSplitOptions;
use sycl_tools::cli::{one_step_main, parse_module_split};

const TOOL: &str = "sycl-module-split";

sycl_tools::command_main!(TOOL, main_with_args);

fn main_with_args(args: &[String]) -> ExitCode {
    one_step_main(TOOL, args, parse_module_split, run)
}

fn run(mut o: ModuleSplitOptions, check: ReadCheck) -> ExitCode {
    o.tuning = sycl_tools::env::env_defaults().tuning;
    o.read_check = Some(check);
    match sycl_postlink::run_module_split(&o) {
        Ok(report) => {
            sycl_tools::print_report(TOOL, &report);
            ExitCode::SUCCESS
        }
        Err(e) => sycl_tools::report_post_link_error(TOOL, &e),
    }
}
