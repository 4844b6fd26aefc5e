//! `sycl-module-split`: the standalone SYCL module splitter. `-v` prints
//! the command.
use std::process::ExitCode;

use sycl_tools::cli::{parse_module_split, Command};

const TOOL: &str = "sycl-module-split";

sycl_tools::command_main!(TOOL, main_with_args);

fn main_with_args(args: &[String]) -> ExitCode {
    match parse_module_split(args) {
        Err(e) => sycl_tools::report_error(TOOL, &e),
        Ok(Command::Print(text)) => {
            sycl_tools::out!("{text}");
            ExitCode::SUCCESS
        }
        Ok(Command::Run(mut o)) => {
            o.tuning = sycl_tools::env::env_defaults().tuning;
            o.read_check = match sycl_tools::entry::start_one_step(TOOL, args) {
                Ok(check) => Some(check),
                Err(code) => return code,
            };
            match sycl_postlink::run_module_split(&o) {
                Ok(report) => {
                    sycl_tools::print_report(TOOL, &report);
                    ExitCode::SUCCESS
                }
                Err(e) => sycl_tools::report_post_link_error(TOOL, &e),
            }
        }
    }
}
