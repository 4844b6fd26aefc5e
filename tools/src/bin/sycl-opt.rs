//! `sycl-opt`: runs the project's passes (and LLVM's) on one module, as
//! `opt` does; see [`sycl_tools::opt`].
use std::process::ExitCode;

use sycl_tools::cli::Command;
use sycl_tools::opt::{parse_opt, run};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match parse_opt(&args) {
        Err(e) => sycl_tools::report_error("sycl-opt", &e),
        Ok(Command::Print(text)) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Ok(Command::Run(o)) => match run(&o) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => sycl_tools::report_error("sycl-opt", &e.to_string()),
        },
    }
}
