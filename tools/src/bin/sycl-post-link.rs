//! `sycl-post-link`: drop-in replacement for intel/llvm's post-link tool.
use std::process::ExitCode;

use sycl_tools::cli::{parse_post_link, Command};

fn main() -> ExitCode {
    sycl_tools::tune_allocator_for_workers();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match parse_post_link(&args) {
        Err(e) => sycl_tools::report_error("sycl-post-link", &e),
        Ok(Command::Print(text)) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Ok(Command::Run(o)) => match sycl_postlink::run(&o) {
            Ok(report) => {
                sycl_tools::print_report(&report);
                ExitCode::SUCCESS
            }
            Err(e) => sycl_tools::report_post_link_error("sycl-post-link", &e),
        },
    }
}
