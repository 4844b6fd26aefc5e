//! `sycl-spirv-emit IN.(ll|bc) -o OUT [--ptx=<sm_NN>] [--no-validate]
//! [--codegen-timeout=<s>]`:
//! compiles an LLVM IR module with LLVM's SPIR-V back end in a worker
//! process (this program; the instructions of
//! `llc -mtriple=spirv64-unknown-unknown -filetype=obj`, ids numbered
//! canonically) and validates the SPIR-V (spirv-val's checks), or with
//! `--ptx=<cpu>` to PTX text with the NVPTX back end, in process. No `llc`
//! process. The input is read once in a worker first.
//! `-` reads standard input / writes standard output.
//! Errors: `sycl-spirv-emit: error: <file>: <what>`, exit status 1.
use std::process::ExitCode;
use std::time::Duration;

use sycl_codegen::pieces::PieceSettings;
use sycl_codegen::worker::compile_in_worker;
use sycl_codegen::CodegenOptions;
use sycl_postlink::output::Outputs;
use sycl_tools::cl::{self, Arg, Opt};

const TOOL: &str = "sycl-spirv-emit";

/// What the command line sets.
#[derive(Default)]
struct Args {
    output: Option<String>,
    ptx: Option<String>,
    verbose: bool,
    no_validate: bool,
    /// `--codegen-timeout` (`None`: not given).
    timeout: Option<Option<Duration>>,
}

/// The options, each defined once.
const OPTIONS: &[Opt<Args>] = &[
    Opt::value("o", "filename", "Output file ('-' for standard output)", |a, v| {
        a.output = Some(v.to_string());
        Ok(())
    }),
    Opt::value(
        "ptx",
        "cpu",
        "Compile to PTX for this NVPTX processor (sm_NN) instead of SPIR-V",
        |a, v| {
            a.ptx = Some(v.to_string());
            Ok(())
        },
    ),
    Opt::flag("v", "Print the equivalent llc command", |a, v| {
        a.verbose = v == "true";
        Ok(())
    }),
    Opt::flag(
        "no-validate",
        "Do not validate the SPIR-V written (spirv-val's checks, on by default)",
        |a, v| {
            a.no_validate = v == "true";
            Ok(())
        },
    ),
    Opt::value(
        "codegen-timeout",
        "seconds",
        "How long the worker may take to compile the module before it is killed and the command fails (default \
         1800, also $SPL_CODEGEN_TIMEOUT; 0: no limit)",
        |a, v| {
            a.timeout = Some(sycl_tools::env::codegen_timeout(v)?);
            Ok(())
        },
    ),
];

fn run(args: &[String]) -> Result<(), String> {
    let parsed = cl::parse(TOOL, &cl::specs(OPTIONS), args)?;
    // A second input is an error where it stands, before a later --help.
    let before_help = parsed.iter().take_while(|a| !matches!(a, Arg::Help | Arg::Version));
    if before_help.filter(|a| matches!(a, Arg::Positional(_))).count() > 1 {
        return Err("more than one input file".into());
    }
    let mut a = Args::default();
    let help = [
        "Compiles an LLVM IR module to SPIR-V (or PTX) in process with LLVM's back ends.",
        "sycl-spirv-emit [options] <input file>",
        "sycl-spirv-emit options",
    ];
    let mut positional = match cl::apply_or_print(OPTIONS, parsed, &mut a, TOOL, help)? {
        Ok(positional) => positional.into_iter(),
        Err(text) => {
            sycl_tools::out!("{}", text);
            return Ok(());
        }
    };
    let Args {
        output,
        ptx,
        verbose,
        no_validate,
        timeout,
    } = a;
    let timeout = match timeout {
        Some(t) => t,
        None => sycl_tools::env::codegen_timeout_default()?,
    };
    let validate = !no_validate;
    let input = positional.next();
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
    // Read once in a worker first (a corrupt file cannot end this process),
    // then in process for the checks whose messages name the module; the
    // SPIR-V back end runs in a worker (a crash or stack overflow of the
    // back end is one line) and its output is validated.
    let (ir, name) = sycl_tools::entry::read_input_within(&input, timeout)?;
    let bytes = compile(&ir, &name, ptx.as_deref(), validate, timeout)?;
    let mut outs = Outputs::new();
    outs.write(&output, &bytes)?;
    outs.commit()
}

/// `ir` (read from `name`) compiled to PTX for `ptx`, else to SPIR-V in a
/// worker (validated when `validate`, killed after `timeout`); errors name
/// the file.
fn compile(
    ir: &[u8],
    name: &str,
    ptx: Option<&str>,
    validate: bool,
    timeout: Option<Duration>,
) -> Result<Vec<u8>, String> {
    let in_file = |e: String| {
        // LLVM's diagnostics already start with the file name.
        if e.starts_with(&format!("{name}:")) {
            e
        } else {
            format!("{name}: {e}")
        }
    };
    Ok(match ptx {
        Some(cpu) => sycl_spirv::compile_ir_to_ptx(ir, name, cpu).map_err(|e| in_file(e.to_string()))?,
        None => {
            let ctx = sycl_ir::Context::new();
            let m = ctx.parse_ir(ir, name).map_err(|e| in_file(e.to_string()))?;
            sycl_spirv::check_target(&m, sycl_spirv::Backend::Spirv).map_err(|e| in_file(e.to_string()))?;
            drop(m);
            let codegen = CodegenOptions {
                spirv_extensions: Vec::new(),
                validate,
                pieces: PieceSettings::OFF,
                memory_limit: None,
                timeout,
                ..CodegenOptions::default()
            };
            compile_in_worker(&sycl_tools::entry::worker()?, &codegen, name, ir)
                .map_err(in_file)?
                .spirv
        }
    })
}

sycl_tools::command_main!(TOOL, main_with_args);

fn main_with_args(args: &[String]) -> ExitCode {
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => sycl_tools::report_error(TOOL, &e),
    }
}
