//! `sycl-opt`: runs the project's passes (and LLVM's) on one module, as
//! `opt` does; see [`sycl_tools::opt`]. `-v` prints the command.
use std::process::ExitCode;

use sycl_tools::cli::Command;
use sycl_tools::opt::{parse_opt, run};

const TOOL: &str = "sycl-opt";

fn main() -> ExitCode {
    sycl_tools::stdio::init(TOOL);
    let args: Vec<String> = std::env::args().skip(1).collect();
    match parse_opt(&args) {
        Err(e) => sycl_tools::report_error(TOOL, &e),
        Ok(Command::Print(text)) => {
            sycl_tools::out!("{text}");
            ExitCode::SUCCESS
        }
        Ok(Command::Run(o)) => {
            if sycl_tools::verbose_requested(&args) {
                sycl_tools::echo_command(TOOL, &args);
            }
            match run(&o) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => sycl_tools::report_error(TOOL, &e.to_string()),
            }
        }
    }
}
