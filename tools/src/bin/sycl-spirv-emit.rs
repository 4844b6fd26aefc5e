//! `sycl-spirv-emit IN.(ll|bc) -o OUT [--ptx=<sm_NN>]`: compiles an LLVM IR
//! module in process with LLVM's SPIR-V back end (the bytes that
//! `llc -mtriple=spirv64-unknown-unknown -filetype=obj` writes), or with
//! `--ptx=<cpu>` to PTX text with the NVPTX back end. No `llc` process.
//! Errors: `sycl-spirv-emit: error: <file>: <what>`, exit status 1, and no
//! output file (it is written under a temporary name and renamed into
//! place, `sycl_postlink::output`).
use std::process::ExitCode;

use sycl_postlink::output::Outputs;

const TOOL: &str = "sycl-spirv-emit";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut input = None;
    let mut output = None;
    let mut ptx = None;
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        if a == "-o" {
            output = it.next();
        } else if let Some(cpu) = a.strip_prefix("--ptx=") {
            ptx = Some(cpu.to_string());
        } else if a.starts_with('-') && a != "-" {
            eprintln!("{TOOL}: error: unknown option '{a}'");
            return ExitCode::from(1);
        } else if input.replace(a).is_some() {
            eprintln!("{TOOL}: error: more than one input file");
            return ExitCode::from(1);
        }
    }
    let (Some(input), Some(output)) = (input, output) else {
        eprintln!("usage: {TOOL} IN.(ll|bc) -o OUT [--ptx=<sm_NN>]");
        return ExitCode::from(1);
    };
    let result = std::fs::read(&input)
        .map_err(|e| format!("{input}: {e}"))
        .and_then(|ir| {
            match &ptx {
                Some(cpu) => sycl_spirv::compile_ir_to_ptx(&ir, &input, cpu),
                None => sycl_spirv::compile_ir(&ir, &input),
            }
            .map_err(|e| {
                // LLVM's diagnostics already start with the file name.
                let e = e.to_string();
                if e.starts_with(&format!("{input}:")) {
                    e
                } else {
                    format!("{input}: {e}")
                }
            })
        })
        .and_then(|bytes| {
            let mut outs = Outputs::new();
            outs.write(&output, &bytes)?;
            outs.commit()
        });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{TOOL}: error: {e}");
            ExitCode::from(1)
        }
    }
}
