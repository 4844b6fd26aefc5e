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
//!           [--output-format=syclbin|clang-sycl-linker] [--plugin-opt=O<n>] [-jN]
//! clang-sycl-linker <inputs...> -triple=spirv64-unknown-unknown -arch= -o <out> [options above]
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
//! (`sycl_codegen::code_cache`, `sycl_tools::cache_opts`).
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
//!
//! As LLVM 22's `clang-sycl-linker` (this program run under that file name,
//! or `--output-format=clang-sycl-linker`): the device linker upstream
//! clang's `-fsycl` driver runs (its inner `clang --sycl-link` looks for
//! `clang-sycl-linker` on `PATH`), with every option LLVM 22's takes and the
//! wrapper passes (`-triple=spirv64-unknown-unknown -arch= -o <out>`,
//! `-mllvm=`/`--plugin-opt=` refused by name unless supported, `-jN`,
//! LLVM 23's split values `translation_unit`, `link_unit`). It writes what
//! `clang-linker-wrapper` registers with `__sycl_register_lib`: one offload
//! binary per image, triple `spir64` (what Intel's runtime matches), the
//! kernel names as `symbols` (`sycl_codegen::syclbin::Container::OffloadImages`).
//! Kernels keep clang's names (`_ZTS<N>`, what `__builtin_sycl_unique_stable_name`
//! gives the host) and every image carries what it calls: the wrapper passes
//! no property sets, so no image can import from another.
//! Errors: `sycl-link: error: <what>` (`clang-sycl-linker: error: <what>`
//! under that name), exit status 1, no output file.

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

use sycl_codegen::syclbin::{Container, SyclbinOptions, DEFAULT_TRIPLE, IMAGES_TRIPLE};
use sycl_postlink::device_link::{device_link, find_device_libs, DeviceLinkOptions, ImageDependencies, KernelNames};
use sycl_postlink::output::Outputs;
use sycl_process::trace;
use sycl_props::syclbin::BundleState;
use sycl_split::SplitMode;
use sycl_tools::cl::{self, Opt, Parsed};
use sycl_tools::cli::shell_line;
use sycl_tools::env::EnvDefaults;
use sycl_tools::link_steps;
use sycl_tools::shared_opts::{codegen_opts, thread_opts, HasSyclbinArgs, SyclbinArgs};

/// The program's own name.
const SYCL_LINK: &str = "sycl-link";

/// The name under which upstream clang's driver runs the device linker.
const CLANG_SYCL_LINKER: &str = "clang-sycl-linker";

/// Whether this program runs as LLVM's `clang-sycl-linker`: its file name
/// (`argv[0]`) begins with that name (`clang-sycl-linker`, Debian's
/// `clang-sycl-linker-22`).
fn invoked_as_clang_sycl_linker() -> bool {
    std::env::args_os()
        .next()
        .and_then(|a| {
            Path::new(&a)
                .file_name()
                .map(|n| n.to_string_lossy().starts_with(CLANG_SYCL_LINKER))
        })
        .unwrap_or(false)
}

/// The tool's name in its messages: the name it runs under.
fn tool() -> &'static str {
    match invoked_as_clang_sycl_linker() {
        true => CLANG_SYCL_LINKER,
        false => SYCL_LINK,
    }
}

/// What the command line sets.
struct LinkArgs {
    inputs: Vec<String>,
    output: Option<String>,
    libs: Option<Vec<String>>,
    dirs: Vec<String>,
    arch: Option<String>,
    spirv_dump: Option<String>,
    print_linked: bool,
    /// `--syclbin` (default input).
    state: Option<BundleState>,
    split: SplitMode,
    deps: Option<bool>,
    /// `--kernel-names` (default: auto for a SYCLBIN, mangled for the
    /// clang-sycl-linker output).
    kernel_names: Option<KernelNames>,
    bare: bool,
    /// The clang-sycl-linker output (`--output-format`, or the program's name).
    images: bool,
    verbose: bool,
    dry_run: bool,
    save_temps: bool,
    time_trace: Option<String>,
    syclbin: SyclbinArgs,
}

impl HasSyclbinArgs for LinkArgs {
    fn syclbin_args(&mut self) -> &mut SyclbinArgs {
        &mut self.syclbin
    }

    fn syclbin_ref(&self) -> &SyclbinArgs {
        &self.syclbin
    }
}

fn on(v: &str) -> bool {
    v == "true"
}

/// The split modes, with LLVM 23's spellings of two of them
/// (llvm-project#206870: `translation_unit` is `source`, `link_unit` one
/// image for the whole link, `none`).
const SPLIT_VALUES: &[&str] = &["kernel", "source", "auto", "none", "translation_unit", "link_unit"];

fn set_split(a: &mut LinkArgs, v: &str) -> Result<(), String> {
    a.split = match v {
        "translation_unit" => SplitMode::Source,
        "link_unit" => SplitMode::None,
        _ => SplitMode::parse(v).unwrap_or(SplitMode::None),
    };
    Ok(())
}

fn set_output(a: &mut LinkArgs, v: &str) -> Result<(), String> {
    a.output = Some(v.to_string());
    Ok(())
}

fn add_library_path(a: &mut LinkArgs, v: &str) -> Result<(), String> {
    a.dirs.push(v.to_string());
    Ok(())
}

fn refuse_aot(name: &str) -> Result<(), String> {
    Err(format!("--{name}: ahead-of-time compilation is not supported"))
}

/// `--plugin-opt=<v>` (what clang-linker-wrapper makes of `--offload-opt`):
/// `O0`..`O3` sets the SPIR-V back end's optimization level, as
/// `--codegen-opt-level`; any other is refused by name.
fn plugin_opt(a: &mut LinkArgs, v: &str) -> Result<(), String> {
    match v
        .strip_prefix('O')
        .and_then(|l| sycl_tools::shared_opts::codegen_opt_level(l).ok())
    {
        Some(level) => {
            a.syclbin.codegen.opt_level = level;
            Ok(())
        }
        None => Err(format!(
            "--plugin-opt={v}: not supported: the one plugin option taken is O0, O1, O2 or O3 (the SPIR-V back \
             end's optimization level)"
        )),
    }
}

/// The options of `sycl-link`, each defined once, in `--help` order (the
/// SYCLBIN code generation options and the thread count are shared with
/// `syclbin create`: `sycl_tools::shared_opts`).
fn options() -> Vec<Opt<LinkArgs>> {
    let mut opts: Vec<Opt<LinkArgs>> = vec![
        Opt::value("o", "path", "Path to file to write output", set_output),
        Opt::value("device-libs", "<value>", "A comma separated list of device libraries that are linked during the device link", |a, v| {
            a.libs.get_or_insert_with(Vec::new).extend(v.split(',').map(str::to_string));
            Ok(())
        }),
        Opt::value("library-path", "<dir>", "Set the library path for SYCL device libraries", add_library_path),
        Opt::one_of(
            "syclbin",
            &["input", "object", "executable"],
            &[
                ("input", "kernel bundle state input (default)"),
                ("object", "kernel bundle state object"),
                ("executable", "kernel bundle state executable"),
            ],
            "State of the SYCLBIN written (default input); in input and object state images import only what the link does not define",
            |a, v| {
                a.state = Some(BundleState::from_name(v).unwrap_or(BundleState::Input));
                Ok(())
            },
        ),
        Opt::one_of(
            "module-split-mode",
            SPLIT_VALUES,
            &[
                ("kernel", "1 device image per kernel"),
                ("source", "1 device image per source (translation unit)"),
                ("auto", "Choose split mode automatically (default)"),
                ("none", "No splitting"),
                ("translation_unit", "Same as source (LLVM 23's spelling)"),
                ("link_unit", "Same as none (LLVM 23's spelling)"),
            ],
            "How the linked module is split into device images (default auto; clang-sycl-linker's default is none)",
            set_split,
        ),
        // The alias lists its values without descriptions.
        Opt::one_of("sycl-module-split-mode", SPLIT_VALUES, &[], "Alias for --module-split-mode (the spelling of LLVM 22's clang-sycl-linker)", set_split),
        Opt::value("output-file", "path", "Alias for -o", set_output),
        Opt::value("L", "dir", "Add <dir> to the library search path (as --library-path; also -L<dir>)", add_library_path),
        Opt::value("bc-library", "file", "A device library (bitcode) linked for what the inputs need, found in the -L/--library-path directories; repeatable, added to --device-libs", |a, v| {
            a.libs.get_or_insert_with(Vec::new).push(v.to_string());
            Ok(())
        }),
        Opt::value("arch", "arch", "The device architecture: the offload binary's 'arch' string", |a, v| {
            a.arch = Some(v.to_string());
            Ok(())
        }),
        Opt::value("spirv-dump-device-code", "dir", "Directory where each device image's SPIR-V is also written (<stem>_<N>.spv)", |a, v| {
            a.spirv_dump = Some(v.to_string());
            Ok(())
        }),
        Opt::flag("print-linked-module", "Print the linked module's IR (inputs and device libraries) to standard output", |a, v| {
            a.print_linked = on(v);
            Ok(())
        }),
        Opt::value("ocloc-options", "options", "NOT SUPPORTED: ahead-of-time compilation for Intel GPUs (ocloc); refused", |_, _| refuse_aot("ocloc-options")),
        Opt::value("opencl-aot-options", "options", "NOT SUPPORTED: ahead-of-time compilation for Intel CPUs (opencl-aot); refused", |_, _| refuse_aot("opencl-aot-options")),
        Opt::flag("allow-device-image-dependencies", "SYCL_EXTERNAL functions stay in their image and are imported by others of the same file (dynamic linking; SYCL runtime 2026.2 resolves such imports at sycl::link only)", |a, v| {
            a.deps = Some(on(v));
            Ok(())
        }),
        Opt::one_of(
            "kernel-names",
            &KernelNames::VALUES,
            &[],
            "Rename kernels named _ZTS<N> by clang __sycl_kernel_<N>, the name the SYCL runtime finds as \"N\": \
             auto (default: inputs without sycl-module-id, i.e. upstream clang's), free-function (every input), \
             mangled (none)",
            |a, v| {
                a.kernel_names = Some(KernelNames::parse(v).unwrap_or(KernelNames::Auto));
                Ok(())
            },
        ),
        Opt::one_of(
            "output-format",
            &["syclbin", CLANG_SYCL_LINKER],
            &[
                ("syclbin", "A SYCLBIN in an offload binary (default)"),
                (
                    CLANG_SYCL_LINKER,
                    "What LLVM 22's clang-sycl-linker writes for clang-linker-wrapper: one offload binary per image, \
                     triple spir64, the kernel names as 'symbols' (the default when run as clang-sycl-linker)",
                ),
            ],
            "What is written",
            |a, v| {
                a.images = v == CLANG_SYCL_LINKER;
                Ok(())
            },
        ),
        Opt::value("mllvm", "option", "NOT SUPPORTED: LLVM options (clang-linker-wrapper's -mllvm); refused", |_, v| {
            Err(format!(
                "-mllvm={v}: LLVM options are not supported: the SPIR-V back end takes --codegen-opt-level, \
                 --plugin-opt=O<n> and -spirv-ext"
            ))
        }),
        Opt::value("plugin-opt", "option", "O0..O3: the SPIR-V back end's optimization level (clang-linker-wrapper's --offload-opt=-O<n>); others are refused", plugin_opt),
        Opt::flag("bare", "Write the SYCLBIN alone, without the offload binary the runtime reads", |a, v| {
            a.bare = on(v);
            Ok(())
        }),
        Opt::value("triple", "triple", "Target triple (spirv64, the default, is the one supported)", |_, v| {
            let spirv = ["spirv64", "spir64"]
                .iter()
                .any(|t| v == *t || v.strip_prefix(t).is_some_and(|rest| rest.starts_with('-')));
            match spirv {
                true => Ok(()),
                false => Err(format!("target triple '{v}' is not supported (spirv64 only)")),
            }
        }),
    ];
    opts.extend(codegen_opts(
        "SPIR-V extensions code generation may use: +EXT,-EXT change DPC++'s list, plain names replace it",
        "Do not validate the SPIR-V modules",
    ));
    opts.extend::<[Opt<LinkArgs>; 4]>([
        Opt::flag("v", "Print each step as a command to re-run, then what is linked and written", |a, v| {
            a.verbose = on(v);
            Ok(())
        }),
        Opt::value("time-trace", "file", "Write a Chrome trace (as LLVM's -ftime-trace) of the link's steps: extract, cleanup, properties and IR, code generation of each image", |a, v| {
            a.time_trace = Some(v.to_string());
            Ok(())
        }),
        Opt::flag("dry-run", "Print the steps as commands (as -v) without running them", |a, v| {
            a.dry_run = on(v);
            Ok(())
        }),
        Opt::flag("save-temps", "Keep the intermediate files beside the output: <stem>.linked.bc, the post-link table <stem>.table with its images, each image's SPIR-V <stem>_<N>.spv", |a, v| {
            a.save_temps = on(v);
            Ok(())
        }),
    ]);
    opts.extend(thread_opts());
    opts
}

fn usage(opts: &[Opt<LinkArgs>]) -> String {
    cl::help_of(
        "SYCL device linker: links device bitcode and device libraries, splits the module, computes property sets, \
         compiles SPIR-V in worker processes with LLVM's back end and writes a SYCLBIN, or, run as \
         clang-sycl-linker, one offload binary per image for clang-linker-wrapper.",
        &format!("{} [options] <input files>", tool()),
        "sycl-link options",
        opts,
    )
}

/// The command line's options, or `None` when it asked for `--help` or
/// `--version` (printed here).
fn parse_args(args: &[String]) -> Result<Option<LinkArgs>, String> {
    // clang-sycl-linker's joined -L<dir>.
    let args = link_steps::split_joined_library_paths(args);
    let opts = options();
    let parsed = cl::parse(tool(), &cl::specs(&opts), &args)?;
    let mut a = LinkArgs {
        inputs: Vec::new(),
        output: None,
        libs: None,
        dirs: Vec::new(),
        arch: None,
        spirv_dump: None,
        print_linked: false,
        state: None,
        split: SplitMode::Auto,
        deps: None,
        kernel_names: None,
        bare: false,
        images: invoked_as_clang_sycl_linker(),
        verbose: false,
        dry_run: false,
        save_temps: false,
        time_trace: None,
        syclbin: SyclbinArgs::new()?,
    };
    match cl::apply(&opts, parsed, &mut a)? {
        Parsed::Help => sycl_tools::out!("{}", usage(&opts)),
        Parsed::Version => sycl_tools::out!("{}", sycl_tools::version::text(tool())),
        Parsed::Run(positional) => {
            a.inputs = positional;
            return Ok(Some(a));
        }
    }
    Ok(None)
}

/// What the images may import: input and object state may be joined with
/// others by sycl::link, so their images export SYCL_EXTERNAL functions and
/// import what the link does not define (`ImageDependencies::Undefined`),
/// or import from each other when dynamic linking is asked for.
fn dependencies(a: &LinkArgs) -> Result<ImageDependencies, String> {
    if a.images {
        return match a.deps {
            Some(true) => Err(format!(
                "'--allow-device-image-dependencies' is not supported with --output-format={CLANG_SYCL_LINKER}: \
                 clang-linker-wrapper passes no property sets to the SYCL runtime, so no image can import from another"
            )),
            _ => Ok(ImageDependencies::None),
        };
    }
    let state = a.state.unwrap_or(BundleState::Input);
    let linkable = matches!(state, BundleState::Input | BundleState::Object);
    if linkable && a.deps == Some(false) {
        return Err(format!(
            "'--allow-device-image-dependencies=false' contradicts '--syclbin={}': a SYCLBIN in input or object \
             state exports its SYCL_EXTERNAL functions and imports what the link does not define, for sycl::link; \
             use '--syclbin=executable' for a self-contained one",
            state.name()
        ));
    }
    Ok(match a.deps {
        Some(true) => ImageDependencies::All,
        _ if linkable => ImageDependencies::Undefined,
        _ => ImageDependencies::None,
    })
}

/// The container and offload binary `triple` string the command line asks
/// for: for the clang-sycl-linker output, which is no SYCLBIN, options of
/// a SYCLBIN are an error.
fn container(a: &LinkArgs) -> Result<(Container, &'static str), String> {
    if !a.images {
        return Ok(match a.bare {
            true => (Container::Bare, DEFAULT_TRIPLE),
            false => (Container::OffloadBinary, DEFAULT_TRIPLE),
        });
    }
    let syclbin_only = match (a.state, a.bare) {
        (Some(s), _) => Some(format!("--syclbin={}", s.name())),
        (None, true) => Some("--bare".to_string()),
        (None, false) => None,
    };
    match syclbin_only {
        Some(o) => Err(format!(
            "'{o}' is not supported with --output-format={CLANG_SYCL_LINKER}: it writes no SYCLBIN but one offload \
             binary per image"
        )),
        None => Ok((Container::OffloadImages, IMAGES_TRIPLE)),
    }
}

/// The link the command line asks for.
fn link_options(a: &LinkArgs, env: &EnvDefaults) -> Result<DeviceLinkOptions, String> {
    let dependencies = dependencies(a)?;
    let (container, triple) = container(a)?;
    // Upstream clang's kernel names stay for the wrapper, which registers
    // them as the kernels' ids; a SYCLBIN's are found by name.
    let kernel_names = a.kernel_names.unwrap_or(match a.images {
        true => KernelNames::Mangled,
        false => KernelNames::Auto,
    });
    let device_libs = match &a.libs {
        Some(names) => find_device_libs(names, &a.dirs).map_err(|e| e.0)?,
        None => Vec::new(),
    };
    let syclbin = SyclbinOptions {
        state: a.state.unwrap_or(BundleState::Input),
        container,
        triple: triple.to_string(),
        arch: a.arch.clone(),
        ..SyclbinOptions::default()
    };
    Ok(DeviceLinkOptions {
        inputs: a.inputs.clone(),
        device_libs,
        split: a.split,
        dependencies,
        kernel_names,
        syclbin: a.syclbin.options(env, syclbin)?,
        tuning: env.tuning,
    })
}

/// `--save-temps`: the intermediate files, removed again if the link fails.
fn save_temps(
    a: &LinkArgs,
    o: &DeviceLinkOptions,
    temps: &link_steps::Temps,
) -> Result<Option<link_steps::SavedTemps>, String> {
    if !a.save_temps {
        return Ok(None);
    }
    let saved = link_steps::save_temps(o, temps)?;
    if a.verbose {
        for f in saved.files() {
            sycl_tools::errln!("sycl-device-link: saved {f}");
        }
    }
    Ok(Some(saved))
}

/// Links, with the progress line and trace the command line asks for;
/// prints the link's warnings (and with `-v` what was linked).
fn link(a: &LinkArgs, o: &DeviceLinkOptions, env: &EnvDefaults, output: &str) -> Result<Vec<u8>, String> {
    if a.time_trace.is_some() {
        trace::enable_trace();
    }
    if std::io::stderr().is_terminal() {
        trace::enable_progress(tool(), env.progress_after);
    }
    let out = device_link(o).map_err(|e| e.0);
    trace::finish_progress();
    let out = out?;
    for w in &out.warnings {
        sycl_tools::errln!("{}: warning: {w}", tool());
    }
    if a.verbose {
        sycl_tools::errln!(
            "sycl-device-link: inputs: {}  libfiles: {}  output: {output}",
            o.inputs.join(", "),
            o.device_libs.join(", ")
        );
        let written = match o.syclbin.container {
            Container::OffloadImages => "one offload binary per image".to_string(),
            _ => format!("SYCLBIN state {}", o.syclbin.state.name()),
        };
        sycl_tools::errln!(
            "sycl-device-link: {} device image(s), SPIR-V compiled by worker processes, {written}",
            out.images
        );
        for n in &out.notes {
            sycl_tools::errln!("sycl-device-link: {n}");
        }
    }
    Ok(out.bytes)
}

/// Writes the output, the `--spirv-dump-device-code` files and the trace,
/// all or none.
fn write_outputs(a: &LinkArgs, container: Container, output: &str, bytes: &[u8]) -> Result<(), String> {
    let mut outs = Outputs::new();
    let step = trace::span("Write output", output);
    outs.write(output, bytes)?;
    drop(step);
    if let Some(dir) = &a.spirv_dump {
        link_steps::dump_spirv(bytes, container, output, dir, &mut outs)?;
    }
    if let Some(path) = &a.time_trace {
        outs.write(path, trace::take_chrome_trace(tool()).as_bytes())?;
    }
    outs.commit()
}

fn run(args: &[String]) -> Result<(), String> {
    let Some(a) = parse_args(args)? else {
        return Ok(());
    };
    let Some(output) = a.output.clone() else {
        return Err("Output file must be specified".into());
    };
    if a.inputs.is_empty() {
        return Err("no input files".into());
    }
    let env = sycl_tools::env::env_defaults();
    let o = link_options(&a, &env)?;
    if a.print_linked {
        sycl_tools::out!("{}", link_steps::linked_module_text(&o)?);
    }
    let temps = link_steps::Temps::for_output(&output);
    if a.verbose || a.dry_run {
        for c in link_steps::commands(&o, &output, &temps) {
            sycl_tools::errln!("{}", shell_line(&c));
        }
    }
    if a.dry_run {
        return Ok(());
    }
    let saved = save_temps(&a, &o, &temps)?;
    let bytes = link(&a, &o, &env, &output)?;
    write_outputs(&a, o.syclbin.container, &output, &bytes)?;
    if let Some(saved) = saved {
        saved.keep();
    }
    Ok(())
}

sycl_tools::command_main!(tool(), main_with_args);

fn main_with_args(args: &[String]) -> ExitCode {
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => sycl_tools::report_error(tool(), &e),
    }
}
