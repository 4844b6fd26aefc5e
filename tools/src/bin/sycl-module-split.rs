//! `sycl-module-split`: the standalone SYCL module splitter. `-v` prints
//! the command.
use std::process::ExitCode;

use sycl_tools::cli::{parse_module_split, Command};

const TOOL: &str = "sycl-module-split";

fn main() -> ExitCode {
    sycl_tools::stdio::init(TOOL);
    sycl_tools::tune_allocator_for_workers();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match parse_module_split(&args) {
        Err(e) => sycl_tools::report_error(TOOL, &e),
        Ok(Command::Print(text)) => {
            sycl_tools::out!("{text}");
            ExitCode::SUCCESS
        }
        Ok(Command::Run(o)) => {
            if sycl_tools::verbose_requested(&args) {
                sycl_tools::echo_command(TOOL, &args);
            }
            match sycl_postlink::run_module_split(&o) {
                Ok(report) => {
                    sycl_tools::print_report(&report);
                    ExitCode::SUCCESS
                }
                Err(e) => sycl_tools::report_post_link_error(TOOL, &e),
            }
        }
    }
}
