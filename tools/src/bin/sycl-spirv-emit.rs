//! `sycl-spirv-emit IN.(ll|bc) -o OUT [--ptx=<sm_NN>]`: compiles an LLVM IR
//! module in process with LLVM's SPIR-V back end (the bytes that
//! `llc -mtriple=spirv64-unknown-unknown -filetype=obj` writes), or with
//! `--ptx=<cpu>` to PTX text with the NVPTX back end. No `llc` process.
//! `-` reads standard input / writes standard output.
//! Errors: `sycl-spirv-emit: error: <file>: <what>`, exit status 1.
use std::process::ExitCode;

use sycl_postlink::input::read_file_or_stdin;
use sycl_postlink::output::{io_reason, Outputs};
use sycl_tools::cl::{self, Arg, OptKind, OptSpec};

const TOOL: &str = "sycl-spirv-emit";

const SPECS: &[OptSpec] = &[
    OptSpec {
        name: "o",
        kind: OptKind::Value,
        help: "Output file ('-' for standard output)",
        value_desc: "filename",
    },
    OptSpec {
        name: "ptx",
        kind: OptKind::Value,
        help: "Compile to PTX for this NVPTX processor (sm_NN) instead of SPIR-V",
        value_desc: "cpu",
    },
    OptSpec::flag("v", "Print the equivalent llc command"),
];

fn run(args: &[String]) -> Result<(), String> {
    let parsed = cl::parse(TOOL, SPECS, args)?;
    let mut input = None;
    let mut output = None;
    let mut ptx = None;
    let mut verbose = false;
    for a in parsed {
        match a {
            Arg::Help => {
                sycl_tools::out!(
                    "{}",
                    cl::help(
                        "Compiles an LLVM IR module to SPIR-V (or PTX) in process with LLVM's back ends.",
                        "sycl-spirv-emit [options] <input file>",
                        "sycl-spirv-emit options",
                        SPECS
                    )
                );
                return Ok(());
            }
            Arg::Version => {
                sycl_tools::out!("{}", sycl_tools::version::text(TOOL));
                return Ok(());
            }
            Arg::Positional(p) => {
                if input.replace(p).is_some() {
                    return Err("more than one input file".into());
                }
            }
            Arg::Opt("o", v) => output = Some(v),
            Arg::Opt("ptx", v) => ptx = Some(v),
            Arg::Opt("v", v) => verbose = v == "true",
            Arg::Opt(..) => {}
        }
    }
    let Some(input) = input else {
        return Err(format!("no input file.  Try: '{TOOL} --help'"));
    };
    let Some(output) = output else {
        return Err(format!("no output file (-o <file>).  Try: '{TOOL} --help'"));
    };
    if verbose {
        let target = match &ptx {
            Some(cpu) => format!("-mtriple=nvptx64-nvidia-cuda -mcpu={cpu} -filetype=asm"),
            None => "-mtriple=spirv64-unknown-unknown -filetype=obj".into(),
        };
        sycl_tools::errln!("llc-22 {target} {input} -o {output}");
    }
    let (ir, name) = read_file_or_stdin(&input).map_err(|e| {
        let name = if input == "-" { "<stdin>" } else { input.as_str() };
        format!("{name}: {}", io_reason(&e))
    })?;
    let name = name.as_str();
    let bytes = match &ptx {
        Some(cpu) => sycl_spirv::compile_ir_to_ptx(&ir, name, cpu),
        None => sycl_spirv::compile_ir(&ir, name),
    }
    .map_err(|e| {
        // LLVM's diagnostics already start with the file name.
        let e = e.to_string();
        if e.starts_with(&format!("{name}:")) {
            e
        } else {
            format!("{name}: {e}")
        }
    })?;
    let mut outs = Outputs::new();
    outs.write(&output, &bytes)?;
    outs.commit()
}

fn main() -> ExitCode {
    sycl_tools::stdio::init(TOOL);
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => sycl_tools::report_error(TOOL, &e),
    }
}
