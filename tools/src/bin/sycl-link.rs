//! `sycl-link`: a SYCL device linker on top of the post-link library
//! (`sycl_postlink::device_link`), in the manner of LLVM 22's
//! `clang-sycl-linker`, with module splitting, property sets and a SYCLBIN
//! as output.
//!
//! ```text
//! sycl-link <inputs...> -o <out> [--device-libs=<a.bc,b.bc> | --bc-library=<a.bc>...]
//!           [--library-path=<dir> | -L <dir>]... [--syclbin=input|object|executable]
//!           [--module-split-mode=kernel|source|auto|none] (older: --sycl-module-split-mode)
//!           [--allow-device-image-dependencies] [--kernel-names=auto|free-function|mangled]
//!           [--bare] [-triple=spirv64] [-spirv-ext=<list>] [--no-validate] [-v]
//!           [--cache-dir=<dir> | --no-cache] [--cache-policy=<policy>]
//! ```
//!
//! Inputs are device bitcode (or textual IR) files linked in order; the
//! device libraries are found in the `--library-path` directories and linked
//! for what the inputs need. The output is a SYCLBIN of the given state
//! (default `input`) in an offload binary, SPIR-V compiled by worker
//! processes (this program started with `--sycl-codegen-worker`) as the
//! split makes the images, with DPC++'s SPIR-V extensions (`-spirv-ext=`)
//! and every module validated (unless `--no-validate`); the SPIR-V of an
//! image compiled before is taken from the code cache
//! (`sycl_postlink::code_cache`, `sycl_tools::cache_opts`).
//!
//! In input and object state the images import only what the link does not
//! define: a `SYCL_EXTERNAL` function is exported by its translation unit's
//! image and copied into the images that call it, so that `sycl::build` and
//! executable state of runtime 2026.2, which build each image of a SYCLBIN
//! alone, run the file (`sycl_postlink::device_link::ImageDependencies`).
//! `--allow-device-image-dependencies` asks for dynamic linking between the
//! images (what the newest DPC++ driver implies for `-fsyclbin=input|object`,
//! intel/llvm PR #22218), with a warning when the images import from each
//! other; turning it off for input or object state is an error.
//! Upstream clang's output is
//! prepared before linking (`sycl_postlink::device_link::prepare_input`:
//! module ids, kernel names; `docs/upstream-clang.md`).
//! Errors: `sycl-link: error: <what>`, exit status 1, no output file.

use std::io::IsTerminal;
use std::process::ExitCode;

use sycl_postlink::device_link::{device_link, find_device_libs, DeviceLinkOptions, ImageDependencies, KernelNames};
use sycl_postlink::output::Outputs;
use sycl_postlink::syclbin::{self, Container, SyclbinOptions};
use sycl_postlink::trace;
use sycl_props::syclbin::BundleState;
use sycl_split::SplitMode;
use sycl_tools::cache_opts;
use sycl_tools::cl::{self, Arg, OptKind, OptSpec};
use sycl_tools::cli::shell_line;
use sycl_tools::link_steps;

const TOOL: &str = "sycl-link";

const SPECS: &[OptSpec] = &[
    OptSpec {
        name: "o",
        kind: OptKind::Value,
        help: "Path to file to write output",
        value_desc: "path",
    },
    OptSpec {
        name: "device-libs",
        kind: OptKind::Value,
        help: "A comma separated list of device libraries that are linked during the device link",
        value_desc: "<value>",
    },
    OptSpec {
        name: "library-path",
        kind: OptKind::Value,
        help: "Set the library path for SYCL device libraries",
        value_desc: "<dir>",
    },
    OptSpec {
        name: "syclbin",
        kind: OptKind::Enum(&["input", "object", "executable"]),
        help: "State of the SYCLBIN written (default input); in input and object state images import only what the link does not define",
        value_desc: "",
    },
    OptSpec {
        name: "module-split-mode",
        kind: OptKind::Enum(&["kernel", "source", "auto", "none"]),
        help: "How the linked module is split into device images (default auto; clang-sycl-linker's default is none)",
        value_desc: "",
    },
    OptSpec {
        name: "sycl-module-split-mode",
        kind: OptKind::Enum(&["kernel", "source", "auto", "none"]),
        help: "Alias for --module-split-mode (the spelling of LLVM 22's clang-sycl-linker)",
        value_desc: "",
    },
    OptSpec {
        name: "output-file",
        kind: OptKind::Value,
        help: "Alias for -o",
        value_desc: "path",
    },
    OptSpec {
        name: "L",
        kind: OptKind::Value,
        help: "Add <dir> to the library search path (as --library-path; also -L<dir>)",
        value_desc: "dir",
    },
    OptSpec {
        name: "bc-library",
        kind: OptKind::Value,
        help: "A device library (bitcode) linked for what the inputs need, found in the -L/--library-path directories; repeatable, added to --device-libs",
        value_desc: "file",
    },
    OptSpec {
        name: "arch",
        kind: OptKind::Value,
        help: "The device architecture: the offload binary's 'arch' string",
        value_desc: "arch",
    },
    OptSpec {
        name: "spirv-dump-device-code",
        kind: OptKind::Value,
        help: "Directory where each device image's SPIR-V is also written (<stem>_<N>.spv)",
        value_desc: "dir",
    },
    OptSpec::flag(
        "print-linked-module",
        "Print the linked module's IR (inputs and device libraries) to standard output",
    ),
    OptSpec {
        name: "ocloc-options",
        kind: OptKind::Value,
        help: "NOT SUPPORTED: ahead-of-time compilation for Intel GPUs (ocloc); refused",
        value_desc: "options",
    },
    OptSpec {
        name: "opencl-aot-options",
        kind: OptKind::Value,
        help: "NOT SUPPORTED: ahead-of-time compilation for Intel CPUs (opencl-aot); refused",
        value_desc: "options",
    },
    OptSpec::flag(
        "allow-device-image-dependencies",
        "SYCL_EXTERNAL functions stay in their image and are imported by others of the same file (dynamic linking; SYCL runtime 2026.2 resolves such imports at sycl::link only)",
    ),
    OptSpec {
        name: "kernel-names",
        kind: OptKind::Enum(&KernelNames::VALUES),
        help: "Rename kernels named _ZTS<N> by clang __sycl_kernel_<N>, the name the SYCL runtime finds as \"N\": \
               auto (default: inputs without sycl-module-id, i.e. upstream clang's), free-function (every input), \
               mangled (none)",
        value_desc: "",
    },
    OptSpec::flag(
        "bare",
        "Write the SYCLBIN alone, without the offload binary the runtime reads",
    ),
    OptSpec {
        name: "triple",
        kind: OptKind::Value,
        help: "Target triple (spirv64, the default, is the one supported)",
        value_desc: "triple",
    },
    OptSpec {
        name: "spirv-ext",
        kind: OptKind::Value,
        help: "SPIR-V extensions code generation may use: +EXT,-EXT change DPC++'s list, plain names replace it",
        value_desc: "list",
    },
    OptSpec::flag("no-validate", "Do not validate the SPIR-V modules"),
    cl::CODEGEN_MEMORY_LIMIT,
    cache_opts::CACHE_DIR,
    cache_opts::NO_CACHE,
    cache_opts::CACHE_POLICY,
    cl::CODEGEN_PIECES,
    cl::CODEGEN_OPT_LEVEL,
    OptSpec::flag("v", "Print each step as a command to re-run, then what is linked and written"),
    OptSpec {
        name: "time-trace",
        kind: OptKind::Value,
        help: "Write a Chrome trace (as LLVM's -ftime-trace) of the link's steps: extract, cleanup, properties and IR, code generation of each image",
        value_desc: "file",
    },
    OptSpec::flag("dry-run", "Print the steps as commands (as -v) without running them"),
    OptSpec::flag(
        "save-temps",
        "Keep the intermediate files beside the output: <stem>.linked.bc, the post-link table <stem>.table with its images, each image's SPIR-V <stem>_<N>.spv",
    ),
    OptSpec::threads(),
    OptSpec::jobs(),
];

/// Descriptions of the enum options' values for `--help` (the alias
/// --sycl-module-split-mode lists its values without them).
const VALUE_HELP: &[(&str, &str, &str)] = &[
    ("syclbin", "input", "kernel bundle state input (default)"),
    ("syclbin", "object", "kernel bundle state object"),
    ("syclbin", "executable", "kernel bundle state executable"),
    ("module-split-mode", "kernel", "1 device image per kernel"),
    (
        "module-split-mode",
        "source",
        "1 device image per source (translation unit)",
    ),
    ("module-split-mode", "auto", "Choose split mode automatically (default)"),
    ("module-split-mode", "none", "No splitting"),
];

fn usage() -> String {
    cl::help_with_values(
        "SYCL device linker: links device bitcode and device libraries, splits the module, computes property sets, \
         compiles SPIR-V in process and writes a SYCLBIN.",
        "sycl-link [options] <input files>",
        "sycl-link options",
        SPECS,
        VALUE_HELP,
    )
}

fn run(args: &[String]) -> Result<(), String> {
    // clang-sycl-linker's joined -L<dir>.
    let args = link_steps::split_joined_library_paths(args);
    let parsed = cl::parse(TOOL, SPECS, &args)?;
    let (mut arch, mut spirv_dump, mut print_linked) = (None, None, false);
    let mut inputs = Vec::new();
    let mut output = None;
    let mut libs: Option<Vec<String>> = None;
    let mut dirs = Vec::new();
    let mut state = BundleState::Input;
    let mut split = SplitMode::Auto;
    let mut deps: Option<bool> = None;
    let mut kernel_names = KernelNames::Auto;
    let mut bare = false;
    let mut verbose = false;
    let mut threads = None;
    let (mut dry_run, mut save_temps, mut time_trace) = (false, false, None);
    let mut spirv_extensions = syclbin::default_spirv_extensions();
    let mut validate = true;
    let mut codegen_memory_limit = None;
    let mut cache = cache_opts::CacheArgs::default();
    let mut pieces = cl::codegen_pieces_default()?;
    let mut opt_level = sycl_spirv::DEFAULT_OPT_LEVEL;
    for a in parsed {
        match a {
            Arg::Help => {
                sycl_tools::out!("{}", usage());
                return Ok(());
            }
            Arg::Version => {
                sycl_tools::out!("{}", sycl_tools::version::text("sycl-link"));
                return Ok(());
            }
            Arg::Positional(p) => inputs.push(p),
            Arg::Opt("o" | "output-file", v) => output = Some(v),
            Arg::Opt("device-libs", v) => libs
                .get_or_insert_with(Vec::new)
                .extend(v.split(',').map(str::to_string)),
            Arg::Opt("bc-library", v) => libs.get_or_insert_with(Vec::new).push(v),
            Arg::Opt("library-path" | "L", v) => dirs.push(v),
            Arg::Opt("arch", v) => arch = Some(v),
            Arg::Opt("spirv-dump-device-code", v) => spirv_dump = Some(v),
            Arg::Opt("print-linked-module", v) => print_linked = v == "true",
            Arg::Opt(name @ ("ocloc-options" | "opencl-aot-options"), _) => {
                return Err(format!("--{name}: ahead-of-time compilation is not supported"))
            }
            Arg::Opt("syclbin", v) => state = BundleState::from_name(&v).unwrap_or(BundleState::Input),
            Arg::Opt("module-split-mode" | "sycl-module-split-mode", v) => {
                split = SplitMode::parse(&v).unwrap_or(SplitMode::None)
            }
            Arg::Opt("allow-device-image-dependencies", v) => deps = Some(v == "true"),
            Arg::Opt("kernel-names", v) => kernel_names = KernelNames::parse(&v).unwrap_or(KernelNames::Auto),
            Arg::Opt("bare", v) => bare = v == "true",
            Arg::Opt("triple", v) => {
                if !matches!(
                    v.as_str(),
                    "spirv64" | "spirv64-unknown-unknown" | "spir64" | "spir64-unknown-unknown"
                ) {
                    return Err(format!("target triple '{v}' is not supported (spirv64 only)"));
                }
            }
            Arg::Opt("v", v) => verbose = v == "true",
            Arg::Opt("dry-run", v) => dry_run = v == "true",
            Arg::Opt("save-temps", v) => save_temps = v == "true",
            Arg::Opt("time-trace", v) => time_trace = Some(v),
            Arg::Opt("threads" | "j", v) => threads = cl::threads_value(&v),
            Arg::Opt("spirv-ext", v) => {
                spirv_extensions = syclbin::parse_spirv_extensions(&v).map_err(|e| e.to_string())?
            }
            Arg::Opt("no-validate", v) => validate = v != "true",
            Arg::Opt("codegen-memory-limit", v) => codegen_memory_limit = Some(cl::codegen_memory_limit(&v)?),
            Arg::Opt("codegen-pieces", v) => pieces = cl::codegen_pieces(&v)?,
            Arg::Opt("codegen-opt-level", v) => opt_level = cl::codegen_opt_level(&v)?,
            Arg::Opt(name, v) => {
                cache.take(name, &v);
            }
        }
    }
    let Some(output) = output else {
        return Err("Output file must be specified".into());
    };
    if inputs.is_empty() {
        return Err("no input files".into());
    }
    // Input and object state may be joined with others by sycl::link: their
    // images export SYCL_EXTERNAL functions and import what the link does
    // not define (ImageDependencies::Undefined), or import from each other
    // when dynamic linking is asked for.
    let linkable = matches!(state, BundleState::Input | BundleState::Object);
    if linkable && deps == Some(false) {
        return Err(format!(
            "'--allow-device-image-dependencies=false' contradicts '--syclbin={}': a SYCLBIN in input or object \
             state exports its SYCL_EXTERNAL functions and imports what the link does not define, for sycl::link; \
             use '--syclbin=executable' for a self-contained one",
            state.name()
        ));
    }
    let dependencies = match deps {
        Some(true) => ImageDependencies::All,
        _ if linkable => ImageDependencies::Undefined,
        _ => ImageDependencies::None,
    };
    let device_libs = match &libs {
        Some(names) => find_device_libs(names, &dirs).map_err(|e| e.0)?,
        None => Vec::new(),
    };
    let env = sycl_tools::env::env_defaults();
    let o = DeviceLinkOptions {
        inputs: inputs.clone(),
        device_libs: device_libs.clone(),
        split,
        dependencies,
        kernel_names,
        syclbin: SyclbinOptions {
            state,
            container: if bare {
                Container::Bare
            } else {
                Container::OffloadBinary
            },
            threads: env.tuning.thread_count(threads),
            arch,
            workers: Some(sycl_tools::entry::worker()?),
            spirv_extensions,
            validate,
            codegen_memory_limit,
            cache: cache.settings()?,
            pieces,
            opt_level,
            ..SyclbinOptions::default()
        },
        tuning: env.tuning,
    };
    if print_linked {
        sycl_tools::out!("{}", link_steps::linked_module_text(&o)?);
    }
    let temps = link_steps::Temps::for_output(&output);
    if verbose || dry_run {
        for c in link_steps::commands(&o, &output, &temps) {
            sycl_tools::errln!("{}", shell_line(&c));
        }
    }
    if dry_run {
        return Ok(());
    }
    // The saved temporaries are removed again if the link fails.
    let saved = if save_temps {
        let saved = link_steps::save_temps(&o, &temps)?;
        if verbose {
            for f in saved.files() {
                sycl_tools::errln!("sycl-device-link: saved {f}");
            }
        }
        Some(saved)
    } else {
        None
    };
    if time_trace.is_some() {
        trace::enable_trace();
    }
    if std::io::stderr().is_terminal() {
        trace::enable_progress(TOOL, env.progress_after);
    }
    let out = device_link(&o).map_err(|e| e.0);
    trace::finish_progress();
    let out = out?;
    for w in &out.warnings {
        sycl_tools::errln!("{TOOL}: warning: {w}");
    }
    if verbose {
        sycl_tools::errln!(
            "sycl-device-link: inputs: {}  libfiles: {}  output: {output}",
            inputs.join(", "),
            device_libs.join(", ")
        );
        sycl_tools::errln!(
            "sycl-device-link: {} device image(s), SPIR-V compiled by worker processes, SYCLBIN state {}",
            out.images,
            state.name()
        );
    }
    let mut outs = Outputs::new();
    outs.write(&output, &out.bytes)?;
    if let Some(dir) = &spirv_dump {
        link_steps::dump_spirv(&out.bytes, &output, dir, &mut outs)?;
    }
    if let Some(path) = &time_trace {
        outs.write(path, trace::take_chrome_trace(TOOL).as_bytes())?;
    }
    outs.commit()?;
    if let Some(saved) = saved {
        saved.keep();
    }
    Ok(())
}

sycl_tools::command_main!(TOOL, main_with_args);

fn main_with_args(args: &[String]) -> ExitCode {
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => sycl_tools::report_error(TOOL, &e),
    }
}
