//! Command lines of `sycl-post-link` and `sycl-module-split`: upstream's
//! options, spellings and messages, mapped onto the library's option types.

use sycl_split::SplitMode;

use crate::cl::{self, Arg, OptKind, OptSpec};
use sycl_postlink::{IdQueriesRange, KernelNames, ModuleSplitOptions, OutputSpec, PostLinkOptions, SpecConstMode};

const SPLIT_VALUES: &[&str] = &["source", "kernel", "auto", "none"];
/// `sycl-module-split` has no `none` (without `-split` it does not split).
const MODULE_SPLIT_VALUES: &[&str] = &["source", "kernel", "auto"];
const ID_QUERIES_RANGE_VALUES: &[&str] = &["int", "uint", "size_t"];
const SPEC_CONST_VALUES: &[&str] = &["native", "emulation", "rt", "default"];

/// The options of `sycl-post-link`, in `--help` order.
pub const POST_LINK_OPTIONS: &[OptSpec] = &[
    OptSpec { name: "o", kind: OptKind::Value, help: "Specifies an output file. Multiple output files can be specified. Additionally, a target may be specified alongside an output file, which has the effect that when module splitting is performed, the modules that are in that output table are filtered so those modules are compatible with the target.", value_desc: "target filename pair" },
    OptSpec { name: "out-dir", kind: OptKind::Value, help: "Directory where files listed in the result file table will be output", value_desc: "dirname" },
    OptSpec::flag("f", "Enable binary output on terminals"),
    OptSpec::flag("ir-output-only", "Output single IR file"),
    OptSpec::flag("S", ""), // hidden: "Write output as LLVM assembly"
    OptSpec { name: "split", kind: OptKind::Enum(SPLIT_VALUES), help: "split input module", value_desc: "" },
    OptSpec::flag("split-esimd", "Split SYCL and ESIMD entry points"),
    OptSpec::flag("lower-esimd", "Lower ESIMD constructs (refused, naming the function: __esimd_* intrinsics without a lowering rule here, such as the 2D block access through descriptors)"),
    OptSpec::flag("O0", "Optimization level 0. Similar to clang -O0 (accepted; no effect: the ESIMD lowering no longer reads it)"),
    OptSpec::flag("O1", "Optimization level 1. Similar to clang -O1 (accepted; no effect: the ESIMD lowering no longer reads it)"),
    OptSpec::flag("O2", "Optimization level 2. Similar to clang -O2 (accepted; no effect: the ESIMD lowering no longer reads it)"),
    OptSpec::flag("O3", "Optimization level 3. Similar to clang -O3 (accepted; no effect: the ESIMD lowering no longer reads it)"),
    OptSpec::flag("Os", "Like -O2 with extra optimizations for size. Similar to clang -Os (accepted; no effect: the ESIMD lowering no longer reads it)"),
    OptSpec::flag("Oz", "Like -Os but reduces code size further. Similar to clang -Oz (accepted; no effect: the ESIMD lowering no longer reads it)"),
    OptSpec::flag("force-disable-esimd-opt", ""),
    OptSpec::flag("lower-esimd-force-stateless-mem", ""), // hidden: "Use stateless API for accessor based API." (on unless =false)
    OptSpec::flag("symbols", "generate exported symbol files"),
    OptSpec::flag("properties", "generate module properties files"),
    OptSpec { name: "spec-const", kind: OptKind::Enum(SPEC_CONST_VALUES), help: "lower and generate specialization constants information", value_desc: "" },
    OptSpec::flag("generate-device-image-default-spec-consts", "Generate new device image(s) which is a copy of output images but contain specialization constants replaced with default values from specialization id(s)."),
    OptSpec::flag("emit-param-info", "emit kernel parameter optimization info"),
    OptSpec::flag("emit-program-metadata", "emit SYCL program metadata"),
    OptSpec::flag("emit-kernel-names", "emit kernel names"),
    OptSpec::flag("emit-exported-symbols", "emit exported symbols"),
    OptSpec::flag("emit-imported-symbols", "emit imported symbols"),
    OptSpec::flag("emit-only-kernels-as-entry-points", "Consider only sycl_kernel functions as entry points for device code split"),
    OptSpec::flag("device-globals", "Lower and generate information about device global variables"),
    OptSpec::flag("allow-device-image-dependencies", "Allow dependencies between device images"),
    OptSpec::flag("support-dynamic-linking", "Generate device images that are suitable for dynamic linking"),
    OptSpec::flag("import-undefined-externals", "Without dynamic linking, import the SYCL_EXTERNAL functions the module declares but does not define (listed in [SYCL/imported symbols]); what it defines is copied into the images that call it (not an upstream option; sycl-link's default for input and object state)"),
    OptSpec { name: "device-lib-dir", kind: OptKind::Value, help: "Directory where sycl fallback device libraries reside", value_desc: "dirname" },
    OptSpec { name: "id-queries-range", kind: OptKind::Enum(ID_QUERIES_RANGE_VALUES), help: "Range that SYCL ID queries of the device code fit in (set by -fsycl-id-queries-range=)", value_desc: "" },
    OptSpec { name: "kernel-names", kind: OptKind::Enum(&KernelNames::VALUES), help: "Rename kernels that clang names _ZTS<N> __sycl_kernel_<N>, the name the SYCL runtime finds as \"N\" in a SYCLBIN: mangled (default: none), auto (when no function has sycl-module-id, as upstream clang's output), free-function (all)", value_desc: "" },
    OptSpec::threads(),
    OptSpec::jobs(),
    OptSpec::flag("emit-devicelib-req-mask", "Also emit the [SYCL/devicelib req mask] property set that SYCL runtimes before 2026 use to link device libraries at JIT time (not emitted by default, as upstream)"),
];

/// The `--help` overview, as upstream words it.
const POST_LINK_OVERVIEW: &str = "SYCL post-link device code processing tool.
This is a collection of utilities run on device code's LLVM IR before
handing off to back-end for further compilation or emitting SPIRV.
The utilities are:
- SYCL and ESIMD kernels can be split into separate modules with
  '-split-esimd' option. The option has no effect when there is only
  one type of kernels in the input module. Functions unreachable from
  any entry point (kernels and SYCL_EXTERNAL functions) are
  dropped from the resulting module(s).
- Module splitter to split a big input module into smaller ones.
  Groups kernels using function attribute 'sycl-module-id', i.e.
  kernels with the same values of the 'sycl-module-id' attribute will
  be put into the same module. If -split=kernel option is specified,
  one module per kernel will be emitted.
  '-split=auto' mode automatically selects the best way of splitting
  kernels into modules based on some heuristic. '-split=auto' is the
  default value. 
  The '-split' option is compatible with '-split-esimd'. In this case,
  first input module will be split according to the '-split' option
  processing algorithm, not distinguishing between SYCL and ESIMD
  kernels. Then each resulting module is further split into SYCL and
  ESIMD parts if the module has both kinds of entry points.
- If -symbols options is also specified, then for each produced module
  a text file containing names of all spir kernels in it is generated.
- Specialization constant intrinsic transformer. Replaces symbolic
  ID-based intrinsics to integer ID-based ones to make them friendly
  for the SPIRV translator
When the tool splits input module into regular SYCL and ESIMD kernels,
it performs a set of specific lowering and transformation passes on
ESIMD module, which is enabled by the '-lower-esimd' option. Regular
optimization level options are supported, e.g. -O[0|1|2|3|s|z].
Normally, the tool generates a number of files and \"file table\"
file listing all generated files in a table manner. For example, if
the input file 'example.bc' contains two kernels, then the command
  $ sycl-post-link --properties --split=kernel --symbols \\
    --spec-const=native    -o example.table example.bc
will produce 'example.table' file with the following content:
  [Code|Properties|Symbols]
  example_0.bc|example_0.prop|example_0.sym
  example_1.bc|example_1.prop|example_1.sym
When only specialization constant processing is needed, the tool can
output a single transformed IR file if --ir-output-only is specified:
  $ sycl-post-link --ir-output-only --spec-const=emulation \\
    -o example_p.bc example.bc
will produce single output file example_p.bc suitable for SPIRV
translation.
--ir-output-only option is not not compatible with split modes other
than 'auto' or 'none'.
";

/// Descriptions of enum option values for `--help` (older spellings `rt`
/// and `default` are accepted but not listed, as upstream no longer has them).
const POST_LINK_VALUE_HELP: &[(&str, &str, &str)] = &[
    ("split", "source", "1 output module per source (translation unit)"),
    ("split", "kernel", "1 output module per kernel"),
    ("split", "auto", "Choose split mode automatically"),
    ("split", "none", "No splitting"),
    (
        "id-queries-range",
        "int",
        "ID queries fit in int (default; no property)",
    ),
    ("id-queries-range", "uint", "ID queries fit in unsigned int"),
    ("id-queries-range", "size_t", "ID queries fit in size_t"),
    (
        "spec-const",
        "native",
        "lower spec constants to native spirv instructions so that these values could be set at runtime",
    ),
    (
        "spec-const",
        "emulation",
        "remove specialization constants and replace it with emulation",
    ),
];

/// Options of the `sycl-post-link` command that the library and the C ABI
/// do not take: they concern what the command prints and writes about a
/// run.
pub const POST_LINK_COMMAND_OPTIONS: &[OptSpec] = &[
    OptSpec::flag("v", "Print the run as a command to re-run, the thread count, and each file table written"),
    OptSpec { name: "time-trace", kind: OptKind::Value, help: "Write a Chrome trace (as LLVM's -ftime-trace) of the run's steps: read, extract, cleanup, properties and IR of each image, write", value_desc: "file" },
    OptSpec { name: "split-report", kind: OptKind::Value, help: "Write a report of the split: per image its entry points, functions, instructions and bytes; functions in several images and their cost; why each function is in an image. JSON, or a readable summary on standard output for '-'. Without -o, only the report is written", value_desc: "file" },
    OptSpec { name: "split-report-modes", kind: OptKind::Enum(&["current", "all"]), help: "Split modes the report covers: the one of the run (default), or all of them side by side", value_desc: "" },
];

/// What the `sycl-post-link` command does besides the run itself.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CommandExtras {
    /// `-v`
    pub verbose: bool,
    /// `-time-trace=<file>`
    pub time_trace: Option<String>,
    /// `-split-report=<file>` (`-` for a readable summary on standard output).
    pub split_report: Option<String>,
    /// `-split-report-modes=all`: the report covers every split mode.
    pub split_report_all_modes: bool,
}

/// The `sycl-post-link` options that give `s` (the inverse of
/// [`apply_post_link_option`] for the settings: `-split=`, flags that are on,
/// values that are set), in [`POST_LINK_OPTIONS`] order. Targets are not
/// included (they come from `-o`).
pub fn settings_args(s: &sycl_postlink::Settings) -> Vec<String> {
    let mut v = Vec::new();
    let split = match s.split {
        SplitMode::None => "none",
        SplitMode::Source => "source",
        SplitMode::Kernel => "kernel",
        SplitMode::Auto => "auto",
    };
    v.push(format!("-split={split}"));
    let flags = [
        (s.ir_output_only, "-ir-output-only"),
        (s.text, "-S"),
        (s.split_esimd, "-split-esimd"),
        (s.lower_esimd, "-lower-esimd"),
        (s.symbols, "-symbols"),
        (s.properties, "-properties"),
    ];
    v.extend(flags.iter().filter(|(on, _)| *on).map(|(_, f)| f.to_string()));
    if let Some(m) = s.spec_const {
        v.push(format!(
            "-spec-const={}",
            if m == SpecConstMode::Native {
                "native"
            } else {
                "emulation"
            }
        ));
    }
    let flags = [
        (s.default_spec_consts, "-generate-device-image-default-spec-consts"),
        (s.emit_param_info, "-emit-param-info"),
        (s.emit_program_metadata, "-emit-program-metadata"),
        (s.emit_kernel_names, "-emit-kernel-names"),
        (s.emit_exported_symbols, "-emit-exported-symbols"),
        (s.emit_imported_symbols, "-emit-imported-symbols"),
        (s.only_kernels_as_entry_points, "-emit-only-kernels-as-entry-points"),
        (s.device_globals, "-device-globals"),
        (s.dynamic_linking, "-allow-device-image-dependencies"),
        (s.import_undefined_externals, "-import-undefined-externals"),
    ];
    v.extend(flags.iter().filter(|(on, _)| *on).map(|(_, f)| f.to_string()));
    if let Some(d) = &s.device_lib_dir {
        v.push(format!("-device-lib-dir={d}"));
    }
    match s.id_queries_range {
        IdQueriesRange::Int => {}
        IdQueriesRange::UInt => v.push("-id-queries-range=uint".into()),
        IdQueriesRange::SizeT => v.push("-id-queries-range=size_t".into()),
    }
    if s.devicelib_req_mask {
        v.push("-emit-devicelib-req-mask".into());
    }
    if let Some(n) = s.threads {
        v.push(format!("--threads={n}"));
    }
    v
}

/// The full `sycl-post-link` command line that runs `o`.
pub fn post_link_command(o: &PostLinkOptions) -> Vec<String> {
    let mut v = vec!["sycl-post-link".to_string()];
    v.extend(settings_args(&o.settings));
    if o.force {
        v.push("-f".into());
    }
    if let Some(d) = &o.out_dir {
        v.push(format!("-out-dir={d}"));
    }
    for out in &o.outputs {
        v.push("-o".into());
        v.push(if out.target.is_empty() {
            out.path.clone()
        } else {
            format!("{},{}", out.target, out.path)
        });
    }
    v.push(o.input.clone());
    v
}

/// `args` as one line a POSIX shell runs as the same command: arguments
/// with characters the shell treats specially are single-quoted.
pub fn shell_line(args: &[String]) -> String {
    args.iter()
        .map(|a| {
            let plain = !a.is_empty() && a.chars().all(|c| c.is_ascii_alphanumeric() || "-_=./,:+@%".contains(c));
            if plain {
                a.clone()
            } else {
                format!("'{}'", a.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the command line asked for.
pub enum Command<T> {
    /// Run with these options.
    Run(T),
    /// Print this text and exit 0.
    Print(String),
}

fn truthy(v: &str) -> bool {
    v == "true"
}

/// Applies one `sycl-post-link` option, `name` as in [`POST_LINK_OPTIONS`]
/// and `v` as [`cl`] checked it (flags `"true"`/`"false"`), to `o`: the one
/// mapping from option text to [`PostLinkOptions`], shared by the command
/// line and the C ABI. Returns whether the option is an action (upstream
/// requires at least one on the command line).
pub fn apply_post_link_option(o: &mut PostLinkOptions, name: &str, v: String) -> bool {
    let s = &mut o.settings;
    let on = truthy(&v);
    match name {
        "o" => o.outputs.push(OutputSpec::parse(&v)),
        "out-dir" => o.out_dir = Some(v),
        "f" => o.force = on,
        "ir-output-only" => s.ir_output_only = on,
        "S" => s.text = on,
        "split" => s.split = SplitMode::parse(&v).unwrap_or_default(),
        "split-esimd" => s.split_esimd = on,
        "lower-esimd" => s.lower_esimd = on,
        "force-disable-esimd-opt" => s.force_disable_esimd_opt = on,
        "lower-esimd-force-stateless-mem" => s.esimd_stateful_accessors = !on,
        "symbols" => s.symbols = on,
        "properties" => s.properties = on,
        "spec-const" => {
            s.spec_const = Some(match v.as_str() {
                "native" | "rt" => SpecConstMode::Native,
                _ => SpecConstMode::Emulation,
            })
        }
        "generate-device-image-default-spec-consts" => s.default_spec_consts = on,
        "emit-param-info" => s.emit_param_info = on,
        "emit-program-metadata" => s.emit_program_metadata = on,
        "emit-kernel-names" => s.emit_kernel_names = on,
        "emit-exported-symbols" => s.emit_exported_symbols = on,
        "emit-imported-symbols" => s.emit_imported_symbols = on,
        "emit-only-kernels-as-entry-points" => s.only_kernels_as_entry_points = on,
        "device-globals" => s.device_globals = on,
        "allow-device-image-dependencies" | "support-dynamic-linking" => s.dynamic_linking = on,
        "import-undefined-externals" => s.import_undefined_externals = on,
        "device-lib-dir" => s.device_lib_dir = Some(v),
        "id-queries-range" => s.id_queries_range = IdQueriesRange::parse(&v).unwrap_or_default(),
        "emit-devicelib-req-mask" => s.devicelib_req_mask = on,
        "kernel-names" => s.kernel_names = KernelNames::parse(&v).unwrap_or_default(),
        "threads" | "j" => s.threads = cl::threads_value(&v),
        // -O levels: upstream's ESIMD lowering no longer reads them (only
        // -force-disable-esimd-opt turns its optimizations off).
        _ => {}
    }
    // Upstream's actions: any occurrence of these, or -symbols/-properties
    // when on. Splitting (the default, `auto`) is one too, unless
    // `-split=none`: the caller checks the split mode in effect.
    match name {
        "symbols" | "properties" => on,
        "split-esimd"
        | "lower-esimd"
        | "spec-const"
        | "emit-param-info"
        | "emit-program-metadata"
        | "emit-kernel-names"
        | "emit-exported-symbols"
        | "emit-imported-symbols"
        | "device-globals" => true,
        _ => false,
    }
}

/// Sets one `sycl-post-link` option by name (no dashes) on `o`, checked
/// against [`POST_LINK_OPTIONS`] as the command line checks it: what the C
/// ABI's `sycl_post_link_settings_set` does. `value` is the text after `=`;
/// `None` sets a flag.
pub fn set_post_link_option(o: &mut PostLinkOptions, name: &str, value: Option<&str>) -> Result<(), String> {
    match cl::parse_one(POST_LINK_OPTIONS, name, value)? {
        Arg::Opt(name, v) => {
            apply_post_link_option(o, name, v);
            Ok(())
        }
        _ => Err(format!("Unknown command line argument '-{name}'.")),
    }
}

/// Parses a `sycl-post-link` command line (without the program name).
/// Errors are full messages without the `sycl-post-link: ` prefix. Without
/// an input file the command reads standard input (`-`), as upstream's.
pub fn parse_post_link(args: &[String]) -> Result<Command<(PostLinkOptions, CommandExtras)>, String> {
    parse_post_link_input(args).map(|c| match c {
        Command::Run((o, x, _)) => Command::Run((o, x)),
        Command::Print(t) => Command::Print(t),
    })
}

/// [`parse_post_link`], also saying whether the command line names its input
/// (a path or an explicit `-`): the C ABI, which must not read its host's
/// standard input unless asked, refuses a command line without one.
pub fn parse_post_link_input(args: &[String]) -> Result<Command<(PostLinkOptions, CommandExtras, bool)>, String> {
    let specs: Vec<OptSpec> = POST_LINK_OPTIONS
        .iter()
        .chain(POST_LINK_COMMAND_OPTIONS)
        .copied()
        .collect();
    let parsed = cl::parse("sycl-post-link", &specs, args)?;
    let mut o = PostLinkOptions {
        input: "-".into(),
        ..Default::default()
    };
    let mut x = CommandExtras::default();
    let mut positional = Vec::new();
    let mut actions = false;
    for a in parsed {
        match a {
            Arg::Help => {
                return Ok(Command::Print(cl::help_with_values(
                    POST_LINK_OVERVIEW,
                    "sycl-post-link [options] <input bitcode file>",
                    "sycl-post-link options",
                    &specs,
                    POST_LINK_VALUE_HELP,
                )))
            }
            Arg::Version => return Ok(Command::Print(crate::version::text("sycl-post-link"))),
            Arg::Positional(p) => positional.push(p),
            Arg::Opt("v", v) => x.verbose = truthy(&v),
            Arg::Opt("time-trace", v) => x.time_trace = Some(v),
            Arg::Opt("split-report", v) => x.split_report = Some(v),
            Arg::Opt("split-report-modes", v) => x.split_report_all_modes = v == "all",
            Arg::Opt(name, v) => actions |= apply_post_link_option(&mut o, name, v),
        }
    }
    let input_given = !positional.is_empty();
    match positional.len() {
        0 => {}
        1 => o.input = positional.remove(0),
        _ => return Err("Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: sycl-post-link --help".to_string()),
    }
    // Splitting is an action unless -split=none (the default is auto).
    actions |= o.settings.split != SplitMode::None;
    // A split report is an action of its own.
    actions |= x.split_report.is_some();
    sycl_postlink::files::check_options(&o, actions).map_err(|e| e.0)?;
    Ok(Command::Run((o, x, input_given)))
}

/// The options of `sycl-module-split`.
pub const MODULE_SPLIT_OPTIONS: &[OptSpec] = &[
    OptSpec {
        name: "o",
        kind: OptKind::Value,
        help: "output filename prefix",
        value_desc: "filename prefix",
    },
    OptSpec::flag("S", "Write output as LLVM assembly"),
    OptSpec {
        name: "split",
        kind: OptKind::Enum(MODULE_SPLIT_VALUES),
        help: "split input module",
        value_desc: "",
    },
    OptSpec::threads(),
    OptSpec::jobs(),
    OptSpec::flag("v", "Print the command to standard error"),
];

/// Parses a `sycl-module-split` command line.
pub fn parse_module_split(args: &[String]) -> Result<Command<ModuleSplitOptions>, String> {
    let parsed = cl::parse("sycl-module-split", MODULE_SPLIT_OPTIONS, args)?;
    let mut o = ModuleSplitOptions {
        input: "-".into(),
        prefix: "output".into(),
        split: None,
        text: false,
        threads: None,
        // The binary's: from the environment (`crate::env`).
        tuning: Default::default(),
        read_check: None,
    };
    let mut positional = Vec::new();
    for a in parsed {
        match a {
            Arg::Help => {
                return Ok(Command::Print(cl::help_with_values(
                    "SYCL Module Splitter",
                    "sycl-module-split [options] <input file>",
                    "Split options",
                    MODULE_SPLIT_OPTIONS,
                    &POST_LINK_VALUE_HELP[..3],
                )))
            }
            Arg::Version => return Ok(Command::Print(crate::version::text("sycl-module-split"))),
            Arg::Positional(p) => positional.push(p),
            Arg::Opt("o", v) => o.prefix = v,
            Arg::Opt("S", v) => o.text = truthy(&v),
            Arg::Opt("split", v) => o.split = SplitMode::parse(&v),
            Arg::Opt("threads" | "j", v) => o.threads = cl::threads_value(&v),
            Arg::Opt(..) => {}
        }
    }
    match positional.len() {
        0 => {}
        1 => o.input = positional.remove(0),
        _ => return Err("Too many positional arguments specified!".into()),
    }
    Ok(Command::Run(o))
}
