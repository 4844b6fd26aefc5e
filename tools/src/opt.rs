//! `sycl-opt`: an `opt`-like driver that runs the project's passes by name
//! on one module, handing every other pass name to LLVM's own pass pipeline,
//! so that upstream's pass tests (`opt -passes=globaloffset -S in.ll`, or the
//! legacy spelling `opt -bugpoint-enable-legacy-pm -globaloffset`) run
//! against this project.
//!
//! The module is parsed keeping `!nvvm.annotations` as written (see
//! [`sycl_ir::Context::parse_ir_keeping_nvvm_annotations`]), verified,
//! optionally re-targeted (`-mtriple`), run through the pipeline, verified
//! again and written (`-S` for text, `-o`, `-disable-output`). A `-passes`
//! pipeline is split at its top-level commas; consecutive elements that are
//! not the project's passes go to LLVM together (`Module::run_passes`).
//! Project passes nested inside LLVM's adaptor syntax (`module(...)`) are
//! not recognised and reach LLVM, which rejects them.

use std::fmt;

use sycl_ir::{Context, Module};
use sycl_passes::esimd::genx_spirv_writer::genx_spirv_writer_adaptor;
use sycl_passes::esimd::invoke_simd_lower::lower_invoke_simd;
use sycl_passes::esimd::kernel_wrappers::fixup_esimd_kernel_wrappers;
use sycl_passes::esimd::lower::{lower_esimd, LowerEsimdOptions};
use sycl_passes::esimd::lower_load_store::lower_load_store;
use sycl_passes::esimd::slm_reservation::lower_slm_reservation_calls;
use sycl_passes::esimd::vec_arg_call_conv::optimize_vec_arg_call_conv;
use sycl_passes::global_offset::{global_offset, GlobalOffsetOptions};
use sycl_passes::local_accessor::local_accessor_to_shared_memory;
use sycl_passes::PassError;

use crate::cl::{self, Opt};
use crate::cli::Command;
use sycl_postlink::output::{io_reason, Outputs};

/// The project's passes that `sycl-opt` runs by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SyclPass {
    /// `globaloffset` ([`sycl_passes::global_offset`]).
    GlobalOffset,
    /// `localaccessortosharedmemory` ([`sycl_passes::local_accessor`]).
    LocalAccessorToSharedMemory,
    /// `LowerESIMD` ([`sycl_passes::esimd::lower`]), as upstream's default
    /// `SYCLLowerESIMDPass()` (the module may hold SYCL code).
    LowerEsimd,
    /// `GenXSPIRVWriterAdaptor` ([`sycl_passes::esimd::genx_spirv_writer`]).
    GenXSpirvWriterAdaptor,
    /// `lower-invoke-simd` ([`sycl_passes::esimd::invoke_simd_lower`]).
    LowerInvokeSimd,
    /// `lower-esimd-kernel-attrs` ([`sycl_passes::esimd::kernel_wrappers`]).
    LowerEsimdKernelAttrs,
    /// `esimd-opt-call-conv` ([`sycl_passes::esimd::vec_arg_call_conv`]).
    EsimdOptCallConv,
    /// `ESIMDLowerLoadStore` ([`sycl_passes::esimd::lower_load_store`]).
    EsimdLowerLoadStore,
    /// `ESIMDLowerSLMReservationCalls`
    /// ([`sycl_passes::esimd::slm_reservation`]).
    EsimdLowerSlmReservationCalls,
}

/// Pass names, as upstream registers them (the same for `-passes=` and the
/// legacy `-<name>` flags).
pub const SYCL_PASSES: &[(&str, SyclPass)] = &[
    ("globaloffset", SyclPass::GlobalOffset),
    ("localaccessortosharedmemory", SyclPass::LocalAccessorToSharedMemory),
    ("LowerESIMD", SyclPass::LowerEsimd),
    ("GenXSPIRVWriterAdaptor", SyclPass::GenXSpirvWriterAdaptor),
    ("lower-invoke-simd", SyclPass::LowerInvokeSimd),
    ("lower-esimd-kernel-attrs", SyclPass::LowerEsimdKernelAttrs),
    ("esimd-opt-call-conv", SyclPass::EsimdOptCallConv),
    ("ESIMDLowerLoadStore", SyclPass::EsimdLowerLoadStore),
    ("ESIMDLowerSLMReservationCalls", SyclPass::EsimdLowerSlmReservationCalls),
];

impl SyclPass {
    /// The pass registered under `name`.
    pub fn by_name(name: &str) -> Option<Self> {
        SYCL_PASSES.iter().find(|(n, _)| *n == name).map(|(_, p)| *p)
    }

    /// The name the pass is registered under.
    pub fn name(self) -> &'static str {
        SYCL_PASSES
            .iter()
            .find(|(_, p)| *p == self)
            .map(|(n, _)| *n)
            .unwrap_or("?")
    }
}

/// One step of the pipeline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// One of the project's passes.
    Sycl(SyclPass),
    /// A pipeline text for LLVM (one or more comma-separated elements).
    Llvm(String),
}

/// What `sycl-opt` was asked to do.
#[derive(Debug, Clone)]
pub struct OptOptions {
    /// Input path, `-` for standard input.
    pub input: String,
    /// Output path; `None` or `-` for standard output.
    pub output: Option<String>,
    /// `-S`: write textual IR instead of bitcode.
    pub assembly: bool,
    /// `-disable-output`: write nothing.
    pub disable_output: bool,
    /// `-mtriple`: the triple to set before running the passes.
    pub triple: Option<String>,
    /// The passes, in order.
    pub steps: Vec<Step>,
    /// `-enable-global-offset`.
    pub global_offset: GlobalOffsetOptions,
    /// `-sycl-enable-local-accessor` (default true; false skips the pass).
    pub local_accessor: bool,
    /// `-lower-esimd-force-stateless-mem` (default true; false makes
    /// accessor arguments of ESIMD kernels surfaces in `LowerESIMD`).
    pub force_stateless_mem: bool,
    /// Verify the module before and after the passes (`-disable-verify`
    /// turns it off).
    pub verify: bool,
    /// Read the input in a worker process first (the binary sets it; see
    /// [`sycl_codegen::worker::ReadCheck`]).
    pub read_check: Option<sycl_codegen::worker::ReadCheck>,
    /// Threads the read check reads bitcode on (the environment's default
    /// thread count; the passes run on one).
    pub threads: usize,
}

impl Default for OptOptions {
    fn default() -> Self {
        OptOptions {
            input: "-".into(),
            output: None,
            assembly: false,
            disable_output: false,
            triple: None,
            steps: Vec::new(),
            global_offset: GlobalOffsetOptions::default(),
            local_accessor: true,
            force_stateless_mem: true,
            verify: true,
            read_check: None,
            threads: 1,
        }
    }
}

/// What a `sycl-opt` command line sets: the options, and the pipeline as
/// `-passes` or the legacy pass flags give it.
#[derive(Debug, Default)]
pub struct OptArgs {
    o: OptOptions,
    pipeline: Option<String>,
    legacy: Vec<SyclPass>,
}

fn on(v: &str) -> bool {
    v == "true"
}

/// A legacy pass flag (`-globaloffset`): the pass, when on.
macro_rules! legacy_pass {
    ($name:literal, $help:literal, $pass:expr) => {
        Opt::flag($name, $help, |a: &mut OptArgs, v| {
            if on(v) {
                a.legacy.push($pass);
            }
            Ok(())
        })
    };
}

/// The options of `sycl-opt`, each defined once, in `--help` order (legacy
/// pass flags last).
pub const OPT_OPTIONS: &[Opt<OptArgs>] = &[
    Opt::value(
        "passes",
        "pipeline",
        "A textual description of the pass pipeline (project passes by name, anything else for LLVM)",
        |a, v| {
            if a.pipeline.is_some() {
                return Err("for the --passes option: may only occur zero or one times!".into());
            }
            a.pipeline = Some(v.to_string());
            Ok(())
        },
    ),
    Opt::value("o", "filename", "Override output filename", |a, v| {
        a.o.output = Some(v.to_string());
        Ok(())
    }),
    Opt::flag("S", "Write output as LLVM assembly", |a, v| {
        a.o.assembly = on(v);
        Ok(())
    }),
    // Printed by the binary (`entry::start_one_step`).
    Opt::flag("v", "Print the command to standard error", |_, _| Ok(())),
    Opt::flag("disable-output", "Do not write result bitcode or assembly", |a, v| {
        a.o.disable_output = on(v);
        Ok(())
    }),
    Opt::value("mtriple", "triple", "Override target triple for module", |a, v| {
        a.o.triple = Some(v.to_string());
        Ok(())
    }),
    Opt::flag(
        "disable-verify",
        "Do not run the verifier on the input and output modules",
        |a, v| {
            a.o.verify = !on(v);
            Ok(())
        },
    ),
    Opt::flag("f", "Enable binary output on terminals", |_, _| Ok(())),
    Opt::flag(
        "enable-global-offset",
        "Enable SYCL global offset pass (false: only replace offset reads by zeros)",
        |a, v| {
            a.o.global_offset.enable_global_offset = on(v);
            Ok(())
        },
    ),
    Opt::flag(
        "sycl-enable-local-accessor",
        "Enable local accessor to shared memory optimisation",
        |a, v| {
            a.o.local_accessor = on(v);
            Ok(())
        },
    ),
    Opt::flag(
        "lower-esimd-force-stateless-mem",
        "Use stateless API for accessor based API (default true)",
        |a, v| {
            a.o.force_stateless_mem = on(v);
            Ok(())
        },
    ),
    Opt::flag("bugpoint-enable-legacy-pm", "", |_, _| Ok(())),
    Opt::flag("enable-new-pm", "", |_, _| Ok(())),
    legacy_pass!(
        "globaloffset",
        "SYCL Add Implicit Global Offset (legacy spelling of -passes=globaloffset)",
        SyclPass::GlobalOffset
    ),
    legacy_pass!(
        "localaccessortosharedmemory",
        "SYCL Local Accessor to Shared Memory (legacy spelling of -passes=localaccessortosharedmemory)",
        SyclPass::LocalAccessorToSharedMemory
    ),
    legacy_pass!(
        "LowerESIMD",
        "Lower constructs specific to the 'explicit SIMD' extension (legacy spelling of -passes=LowerESIMD)",
        SyclPass::LowerEsimd
    ),
    legacy_pass!(
        "GenXSPIRVWriterAdaptor",
        "GenXSPIRVWriterAdaptor (legacy spelling of -passes=GenXSPIRVWriterAdaptor)",
        SyclPass::GenXSpirvWriterAdaptor
    ),
    legacy_pass!(
        "ESIMDLowerLoadStore",
        "Lower ESIMD reference loads and stores (legacy spelling of -passes=ESIMDLowerLoadStore)",
        SyclPass::EsimdLowerLoadStore
    ),
];

/// Splits a pipeline at its top-level commas (not inside `(...)` or `<...>`).
fn split_pipeline(text: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    for c in text.chars() {
        match c {
            '(' | '<' => depth += 1,
            ')' | '>' => depth -= 1,
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        if depth < 0 {
            return Err(format!("invalid pipeline '{text}': unbalanced parentheses"));
        }
        cur.push(c);
    }
    if depth != 0 {
        return Err(format!("invalid pipeline '{text}': unbalanced parentheses"));
    }
    out.push(cur);
    let out: Vec<String> = out.into_iter().map(|s| s.trim().to_string()).collect();
    if out.iter().any(String::is_empty) {
        return Err(format!("invalid pipeline '{text}': empty pass name"));
    }
    Ok(out)
}

/// The steps of a `-passes=` pipeline: the project's passes by name, runs of
/// other elements joined for LLVM.
pub fn pipeline_steps(text: &str) -> Result<Vec<Step>, String> {
    let mut steps: Vec<Step> = Vec::new();
    for element in split_pipeline(text)? {
        match SyclPass::by_name(&element) {
            Some(p) => steps.push(Step::Sycl(p)),
            None => match steps.last_mut() {
                Some(Step::Llvm(run)) => {
                    run.push(',');
                    run.push_str(&element);
                }
                _ => steps.push(Step::Llvm(element)),
            },
        }
    }
    Ok(steps)
}

/// Parses a `sycl-opt` command line (without the program name). Errors are
/// full messages without the `sycl-opt: ` prefix.
pub fn parse_opt(args: &[String]) -> Result<Command<OptOptions>, String> {
    let parsed = cl::parse("sycl-opt", &cl::specs(OPT_OPTIONS), args)?;
    let mut a = OptArgs::default();
    let mut positional = match cl::apply_or_print(
        OPT_OPTIONS,
        parsed,
        &mut a,
        "sycl-opt",
        [
            "SYCL modular optimizer: runs the project's passes (globaloffset, localaccessortosharedmemory) and LLVM's on one module",
            "sycl-opt [options] <input bitcode file>",
            "sycl-opt options",
        ],
    )? {
        Ok(positional) => positional,
        Err(text) => return Ok(Command::Print(text)),
    };
    let OptArgs {
        mut o,
        pipeline,
        legacy,
    } = a;
    if pipeline.is_some() && !legacy.is_empty() {
        return Err(format!(
            "Cannot specify passes via both -{} and --passes={}",
            legacy[0].name(),
            pipeline.unwrap_or_default()
        ));
    }
    o.steps = match pipeline {
        Some(p) => pipeline_steps(&p)?,
        None => legacy.into_iter().map(Step::Sycl).collect(),
    };
    match positional.len() {
        0 => {}
        1 => o.input = positional.remove(0),
        _ => return Err(
            "Too many positional arguments specified! Can specify at most 1 positional arguments: See: sycl-opt --help"
                .into(),
        ),
    }
    Ok(Command::Run(o))
}

/// Why `sycl-opt` failed; each displays as one line.
#[derive(Debug)]
pub enum OptError {
    /// The input could not be read.
    Read {
        /// The input path.
        file: String,
        /// Why.
        reason: String,
    },
    /// The input is not valid IR (LLVM's diagnostic, with file and position).
    Parse(String),
    /// The input module does not pass the verifier.
    BrokenInput {
        /// The input path.
        file: String,
        /// The verifier's first message.
        message: String,
    },
    /// A pass failed.
    Pass {
        /// The input path.
        file: String,
        /// The project's pass (LLVM's errors name their pipeline).
        pass: Option<&'static str>,
        /// What went wrong.
        error: PassError,
    },
    /// The module does not pass the verifier after the passes.
    BrokenOutput {
        /// The input path.
        file: String,
        /// The verifier's first message.
        message: String,
    },
    /// The output could not be written.
    Write(String),
}

impl fmt::Display for OptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptError::Read { file, reason } => write!(f, "{file}: {reason}"),
            OptError::Parse(diag) => write!(f, "{diag}"),
            OptError::BrokenInput { file, message } => write!(f, "{file}: input module is broken: {message}"),
            OptError::Pass {
                file,
                pass: Some(pass),
                error,
            } => {
                // A pass whose messages already name it (the SLM
                // reservation pass's, as sycl-post-link prints them) is
                // not named twice.
                let message = error.to_string();
                match message.starts_with(&format!("{pass}: ")) {
                    true => write!(f, "{file}: {message}"),
                    false => write!(f, "{file}: {pass}: {message}"),
                }
            }
            OptError::Pass {
                file,
                pass: None,
                error,
            } => write!(f, "{file}: {error}"),
            OptError::BrokenOutput { file, message } => {
                write!(f, "{file}: module verification failed after the passes: {message}")
            }
            OptError::Write(msg) => write!(f, "{msg}"),
        }
    }
}

impl std::error::Error for OptError {}

/// Runs the steps of `o` on module `m`, whose diagnostics name `file`.
pub fn run_steps(m: &Module<'_>, o: &OptOptions, file: &str) -> Result<(), OptError> {
    for step in &o.steps {
        let (pass, res) = match step {
            Step::Sycl(p @ SyclPass::GlobalOffset) => (Some(p.name()), global_offset(m, o.global_offset)),
            Step::Sycl(p @ SyclPass::LocalAccessorToSharedMemory) => {
                let res = if o.local_accessor {
                    local_accessor_to_shared_memory(m)
                } else {
                    Ok(false)
                };
                (Some(p.name()), res)
            }
            Step::Sycl(p @ SyclPass::LowerEsimd) => (
                Some(p.name()),
                lower_esimd(
                    m,
                    LowerEsimdOptions {
                        module_contains_scalar_code: true,
                        stateful_accessors: !o.force_stateless_mem,
                    },
                ),
            ),
            Step::Sycl(p @ SyclPass::GenXSpirvWriterAdaptor) => {
                (Some(p.name()), genx_spirv_writer_adaptor(m).map(|()| true))
            }
            Step::Sycl(p @ SyclPass::LowerInvokeSimd) => (Some(p.name()), lower_invoke_simd(m)),
            Step::Sycl(p @ SyclPass::LowerEsimdKernelAttrs) => (Some(p.name()), Ok(fixup_esimd_kernel_wrappers(m))),
            Step::Sycl(p @ SyclPass::EsimdOptCallConv) => (Some(p.name()), optimize_vec_arg_call_conv(m)),
            Step::Sycl(p @ SyclPass::EsimdLowerLoadStore) => (Some(p.name()), lower_load_store(m)),
            Step::Sycl(p @ SyclPass::EsimdLowerSlmReservationCalls) => (Some(p.name()), lower_slm_reservation_calls(m)),
            Step::Llvm(pipeline) => (None, m.run_passes(pipeline).map(|()| true).map_err(PassError::from)),
        };
        res.map_err(|error| OptError::Pass {
            file: file.to_string(),
            pass,
            error,
        })?;
    }
    Ok(())
}

/// Reads, transforms, verifies and writes one module as `o` says.
pub fn run(o: &OptOptions) -> Result<(), OptError> {
    let (data, file) = sycl_postlink::input::read_file_or_stdin(&o.input).map_err(|e| OptError::Read {
        file: o.input.clone(),
        reason: io_reason(&e),
    })?;
    if data.is_empty() {
        return Err(OptError::Read {
            file,
            reason: "empty input: expected LLVM IR or bitcode".into(),
        });
    }
    if let Some(c) = &o.read_check {
        c.check(&file, &data, o.threads).map_err(|reason| OptError::Read {
            file: file.clone(),
            reason,
        })?;
    }
    let ctx = Context::new();
    let m = ctx
        .parse_ir_keeping_nvvm_annotations(&data, &file)
        .map_err(|e| OptError::Parse(e.to_string()))?;
    if o.verify {
        m.verify().map_err(|e| OptError::BrokenInput {
            file: file.clone(),
            message: verifier_message(e),
        })?;
    }
    if let Some(t) = &o.triple {
        m.set_triple(t);
    }
    run_steps(&m, o, &file)?;
    if o.verify {
        m.verify().map_err(|e| OptError::BrokenOutput {
            file: file.clone(),
            message: verifier_message(e),
        })?;
    }
    if o.disable_output {
        return Ok(());
    }
    let bytes = if o.assembly {
        m.to_text().into_bytes()
    } else {
        m.to_bitcode()
    };
    match o.output.as_deref() {
        None | Some("-") => {
            crate::stdio::out_bytes(&bytes);
            Ok(())
        }
        Some(path) => {
            let mut outputs = Outputs::new();
            outputs.write(path, &bytes).map_err(OptError::Write)?;
            outputs.commit().map_err(OptError::Write)
        }
    }
}

fn verifier_message(e: sycl_ir::IrError) -> String {
    match e {
        sycl_ir::IrError::Verify(m) => m,
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    fn run_opts(a: &[&str]) -> OptOptions {
        match parse_opt(&args(a)).unwrap() {
            Command::Run(o) => o,
            Command::Print(_) => panic!("expected a run"),
        }
    }

    #[test]
    fn pipelines_mix_project_and_llvm_passes() {
        let steps = pipeline_steps("globaloffset,instcombine,function(dce,sroa),localaccessortosharedmemory").unwrap();
        assert_eq!(
            steps,
            vec![
                Step::Sycl(SyclPass::GlobalOffset),
                Step::Llvm("instcombine,function(dce,sroa)".into()),
                Step::Sycl(SyclPass::LocalAccessorToSharedMemory),
            ]
        );
        assert!(pipeline_steps("globaloffset,,dce").is_err());
        assert!(pipeline_steps("function(dce").is_err());
    }

    #[test]
    fn legacy_spellings() {
        let o = run_opts(&["-bugpoint-enable-legacy-pm", "-globaloffset", "in.ll", "-S", "-o", "-"]);
        assert_eq!(o.steps, vec![Step::Sycl(SyclPass::GlobalOffset)]);
        assert!(o.assembly);
        assert_eq!(o.output.as_deref(), Some("-"));
        assert_eq!(o.input, "in.ll");
        let o = run_opts(&[
            "-enable-new-pm=0",
            "--localaccessortosharedmemory",
            "-sycl-enable-local-accessor",
        ]);
        assert_eq!(o.steps, vec![Step::Sycl(SyclPass::LocalAccessorToSharedMemory)]);
        let o = run_opts(&[
            "-globaloffset",
            "-enable-global-offset=false",
            "-mtriple",
            "nvptx64-nvidia-cuda",
        ]);
        assert!(!o.global_offset.enable_global_offset);
        assert_eq!(o.triple.as_deref(), Some("nvptx64-nvidia-cuda"));
    }

    fn parse_error(a: &[&str]) -> String {
        match parse_opt(&args(a)) {
            Err(e) => e,
            Ok(_) => panic!("expected an error for {a:?}"),
        }
    }

    #[test]
    fn command_line_errors() {
        assert!(parse_error(&["-globaloffset", "-passes=dce"]).contains("Cannot specify passes"));
        assert!(parse_error(&["-bogus"]).contains("Unknown command line argument '-bogus'"));
        assert!(parse_error(&["a.ll", "b.ll"]).contains("Too many positional arguments"));
        assert!(parse_error(&["-passes=dce", "-passes=dce"]).contains("may only occur zero or one times"));
    }
}
