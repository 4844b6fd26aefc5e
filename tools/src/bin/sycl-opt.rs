//! `sycl-opt`: runs the project's passes (and LLVM's) on one module, as
//! `opt` does; see [`sycl_tools::opt`]. `-v` prints the command.
use std::process::ExitCode;

use sycl_tools::cli::Command;
use sycl_tools::opt::{parse_opt, run};

const TOOL: &str = "sycl-opt";

sycl_tools::command_main!(TOOL, main_with_args);

fn main_with_args(args: &[String]) -> ExitCode {
    match parse_opt(args) {
        Err(e) => sycl_tools::report_error(TOOL, &e),
        Ok(Command::Print(text)) => {
            sycl_tools::out!("{text}");
            ExitCode::SUCCESS
        }
        Ok(Command::Run(mut o)) => {
            o.read_check = match sycl_tools::entry::start_one_step(TOOL, args) {
                Ok(check) => Some(check),
                Err(code) => return code,
            };
            match run(&o) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => sycl_tools::report_error(TOOL, &e.to_string()),
            }
        }
    }
}
