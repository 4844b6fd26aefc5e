//! `sycl-link`: a SYCL device linker on top of the post-link library
//! (`sycl_postlink::device_link`), in the manner of LLVM 22's
//! `clang-sycl-linker`, with module splitting, property sets and a SYCLBIN
//! as output.
//!
//! ```text
//! sycl-link <inputs...> -o <out> [--device-libs=<a.bc,b.bc> [--library-path=<dir>]...]
//!           [--syclbin=input|object|executable] [--sycl-module-split-mode=kernel|source|auto|none]
//!           [--allow-device-image-dependencies] [--bare] [-triple=spirv64] [-spirv-ext=<list>]
//!           [--no-validate] [-v]
//! ```
//!
//! Inputs are device bitcode (or textual IR) files linked in order; the
//! device libraries are found in the `--library-path` directories and linked
//! for what the inputs need. The output is a SYCLBIN of the given state
//! (default `input`) in an offload binary, SPIR-V compiled by worker
//! processes (this program started with `--sycl-codegen-worker`) as the
//! split makes the images, with DPC++'s SPIR-V extensions (`-spirv-ext=`)
//! and every module validated (unless `--no-validate`).
//! Errors: `sycl-link: error: <what>`, exit status 1, no output file.

use std::process::ExitCode;

use sycl_postlink::codegen_worker::{serve_if_worker, WorkerCommand};
use sycl_postlink::device_link::{device_link, find_device_libs, DeviceLinkOptions};
use sycl_postlink::output::Outputs;
use sycl_postlink::pipeline::thread_count;
use sycl_postlink::syclbin::{self, Container, SyclbinOptions};
use sycl_props::syclbin::BundleState;
use sycl_split::SplitMode;
use sycl_tools::cl::{self, Arg, OptKind, OptSpec};

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
        help: "State of the SYCLBIN written (default input)",
        value_desc: "",
    },
    OptSpec {
        name: "sycl-module-split-mode",
        kind: OptKind::Enum(&["kernel", "source", "auto", "none"]),
        help: "How the linked module is split into device images (default auto)",
        value_desc: "",
    },
    OptSpec::flag(
        "allow-device-image-dependencies",
        "SYCL_EXTERNAL functions stay in their image and are imported by others (dynamic linking)",
    ),
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
    OptSpec::flag("v", "Print what is linked and written"),
];

fn usage() -> String {
    cl::help(
        "SYCL device linker: links device bitcode and device libraries, splits the module, computes property sets, \
         compiles SPIR-V in process and writes a SYCLBIN.",
        "sycl-link [options] <input files>",
        "sycl-link options",
        SPECS,
    )
}

fn run(args: &[String]) -> Result<(), String> {
    let parsed = cl::parse(TOOL, SPECS, args)?;
    let mut inputs = Vec::new();
    let mut output = None;
    let mut libs: Option<Vec<String>> = None;
    let mut dirs = Vec::new();
    let mut state = BundleState::Input;
    let mut split = SplitMode::Auto;
    let mut deps = false;
    let mut bare = false;
    let mut verbose = false;
    let mut spirv_extensions = syclbin::default_spirv_extensions();
    let mut validate = true;
    for a in parsed {
        match a {
            Arg::Help => {
                print!("{}", usage());
                return Ok(());
            }
            Arg::Version => {
                println!("sycl-link (sycl-post-link-rs) {}", env!("CARGO_PKG_VERSION"));
                return Ok(());
            }
            Arg::Positional(p) => inputs.push(p),
            Arg::Opt("o", v) => output = Some(v),
            Arg::Opt("device-libs", v) => libs = Some(v.split(',').map(str::to_string).collect()),
            Arg::Opt("library-path", v) => dirs.push(v),
            Arg::Opt("syclbin", v) => state = BundleState::from_name(&v).unwrap_or(BundleState::Input),
            Arg::Opt("sycl-module-split-mode", v) => split = SplitMode::parse(&v).unwrap_or(SplitMode::None),
            Arg::Opt("allow-device-image-dependencies", v) => deps = v == "true",
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
            Arg::Opt("spirv-ext", v) => {
                spirv_extensions = syclbin::parse_spirv_extensions(&v).map_err(|e| e.to_string())?
            }
            Arg::Opt("no-validate", v) => validate = v != "true",
            Arg::Opt(_, _) => {}
        }
    }
    let Some(output) = output else {
        return Err("Output file must be specified".into());
    };
    if inputs.is_empty() {
        return Err("no input files".into());
    }
    let device_libs = match &libs {
        Some(names) => find_device_libs(names, &dirs).map_err(|e| e.0)?,
        None => Vec::new(),
    };
    let o = DeviceLinkOptions {
        inputs: inputs.clone(),
        device_libs: device_libs.clone(),
        split,
        allow_device_image_dependencies: deps,
        syclbin: SyclbinOptions {
            state,
            container: if bare {
                Container::Bare
            } else {
                Container::OffloadBinary
            },
            threads: thread_count(),
            workers: Some(WorkerCommand::current_exe().map_err(|e| format!("cannot find this program: {e}"))?),
            spirv_extensions,
            validate,
            ..SyclbinOptions::default()
        },
    };
    let out = device_link(&o).map_err(|e| e.0)?;
    for w in &out.warnings {
        eprintln!("warning: {w}");
    }
    if verbose {
        eprintln!(
            "sycl-device-link: inputs: {}  libfiles: {}  output: {output}",
            inputs.join(", "),
            device_libs.join(", ")
        );
        eprintln!(
            "sycl-device-link: {} device image(s), SPIR-V compiled by worker processes, SYCLBIN state {}",
            out.images,
            state.name()
        );
    }
    let mut outs = Outputs::new();
    outs.write(&output, &out.bytes)?;
    outs.commit()
}

fn main() -> ExitCode {
    // Also for a code generation worker: it keeps the memory of one image
    // for the next (no page faults per image).
    sycl_tools::tune_allocator_for_workers();
    serve_if_worker();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => sycl_tools::report_error(TOOL, &e),
    }
}
