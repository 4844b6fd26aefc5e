//! Command lines of `sycl-post-link` and `sycl-module-split`: upstream's
//! options, spellings and messages, each option defined once ([`cl::Opt`]:
//! spelling, help, values, and what it sets), mapped onto the library's
//! option types.

use sycl_split::SplitMode;

use crate::cl::{self, Opt};
use crate::shared_opts::{thread_opts, HasThreads};
use sycl_postlink::{IdQueriesRange, KernelNames, ModuleSplitOptions, OutputSpec, PostLinkOptions, SpecConstMode};

const SPLIT_VALUES: &[&str] = &["source", "kernel", "auto", "none"];
/// `sycl-module-split` has no `none` (without `-split` it does not split).
const MODULE_SPLIT_VALUES: &[&str] = &["source", "kernel", "auto"];
const ID_QUERIES_RANGE_VALUES: &[&str] = &["int", "uint", "size_t"];
const SPEC_CONST_VALUES: &[&str] = &["native", "emulation", "rt", "default"];

/// Descriptions of `-split=`'s values for `--help`.
const SPLIT_VALUE_HELP: &[(&str, &str)] = &[
    ("source", "1 output module per source (translation unit)"),
    ("kernel", "1 output module per kernel"),
    ("auto", "Choose split mode automatically"),
    ("none", "No splitting"),
];

/// What a `sycl-post-link` command line sets: the run's options, what the
/// command does besides the run, and whether upstream's "actions" were
/// asked for (at least one is required).
#[derive(Debug, Clone, Default)]
pub struct PostLinkArgs {
    /// The run.
    pub o: PostLinkOptions,
    /// The command's own options.
    pub x: CommandExtras,
    /// An action was given: any occurrence of `-split-esimd`,
    /// `-lower-esimd`, `-spec-const`, `-emit-*` (but
    /// `-emit-only-kernels-as-entry-points` and `-emit-devicelib-req-mask`),
    /// `-device-globals`; `-symbols`/`-properties` when on. (Splitting and
    /// a split report are actions too: the caller checks those.)
    pub actions: bool,
}

impl HasThreads for PostLinkArgs {
    fn threads_mut(&mut self) -> &mut Option<usize> {
        &mut self.o.settings.threads
    }

    fn threads(&self) -> Option<usize> {
        self.o.settings.threads
    }
}

fn on(v: &str) -> bool {
    v == "true"
}

/// A flag of `sycl-post-link` setting `Settings::$field`; `shown`: printed
/// in commands (`-name`) when on; `action`: any occurrence is an action;
/// `action_when_on`: an action when on. Actions are printed in commands.
macro_rules! setting_flag {
    ($name:literal, $help:expr, $field:ident) => {
        Opt::flag($name, $help, |a: &mut PostLinkArgs, v| {
            a.o.settings.$field = on(v);
            Ok(())
        })
    };
    ($name:literal, $help:expr, $field:ident, shown) => {
        setting_flag!($name, $help, $field).shown(|a| a.o.settings.$field.then(|| concat!("-", $name).to_string()))
    };
    ($name:literal, $help:expr, $field:ident, action) => {
        Opt::flag($name, $help, |a: &mut PostLinkArgs, v| {
            a.o.settings.$field = on(v);
            a.actions = true;
            Ok(())
        })
        .shown(|a| a.o.settings.$field.then(|| concat!("-", $name).to_string()))
    };
    ($name:literal, $help:expr, $field:ident, action_when_on) => {
        Opt::flag($name, $help, |a: &mut PostLinkArgs, v| {
            a.o.settings.$field = on(v);
            a.actions |= on(v);
            Ok(())
        })
        .shown(|a| a.o.settings.$field.then(|| concat!("-", $name).to_string()))
    };
}

/// An `-O<n>` flag: accepted, no effect (upstream's ESIMD lowering no
/// longer reads them; only `-force-disable-esimd-opt` turns its
/// optimizations off).
macro_rules! opt_level_flag {
    ($name:literal, $help:literal) => {
        Opt::flag(
            $name,
            concat!($help, " (accepted; no effect: the ESIMD lowering no longer reads it)"),
            |_: &mut PostLinkArgs, _| Ok(()),
        )
    };
}

const THREADS: [Opt<PostLinkArgs>; 2] = thread_opts();

/// The options of `sycl-post-link` (and of the C ABI's
/// `sycl_post_link_settings_set`), in `--help` order.
pub const POST_LINK_OPTIONS: &[Opt<PostLinkArgs>] = &[
    Opt::value("o", "target filename pair", "Specifies an output file. Multiple output files can be specified. Additionally, a target may be specified alongside an output file, which has the effect that when module splitting is performed, the modules that are in that output table are filtered so those modules are compatible with the target.", |a, v| {
        a.o.outputs.push(OutputSpec::parse(v));
        Ok(())
    }),
    Opt::value("out-dir", "dirname", "Directory where files listed in the result file table will be output", |a, v| {
        a.o.out_dir = Some(v.to_string());
        Ok(())
    }),
    Opt::flag("f", "Enable binary output on terminals", |a, v| {
        a.o.force = on(v);
        Ok(())
    }),
    // Printed first in commands, always.
    Opt::one_of("split", SPLIT_VALUES, SPLIT_VALUE_HELP, "split input module", |a: &mut PostLinkArgs, v| {
        a.o.settings.split = SplitMode::parse(v).unwrap_or_default();
        Ok(())
    })
    .shown(|a| {
        Some(format!(
            "-split={}",
            match a.o.settings.split {
                SplitMode::None => "none",
                SplitMode::Source => "source",
                SplitMode::Kernel => "kernel",
                SplitMode::Auto => "auto",
            }
        ))
    }),
    setting_flag!("ir-output-only", "Output single IR file", ir_output_only, shown),
    setting_flag!("S", "", text, shown), // hidden: "Write output as LLVM assembly"
    setting_flag!("split-esimd", "Split SYCL and ESIMD entry points", split_esimd, action),
    setting_flag!("lower-esimd", "Lower ESIMD constructs (refused, naming the function: __esimd_* intrinsics without a lowering rule here, such as the 2D block access through descriptors)", lower_esimd, action),
    opt_level_flag!("O0", "Optimization level 0. Similar to clang -O0"),
    opt_level_flag!("O1", "Optimization level 1. Similar to clang -O1"),
    opt_level_flag!("O2", "Optimization level 2. Similar to clang -O2"),
    opt_level_flag!("O3", "Optimization level 3. Similar to clang -O3"),
    opt_level_flag!("Os", "Like -O2 with extra optimizations for size. Similar to clang -Os"),
    opt_level_flag!("Oz", "Like -Os but reduces code size further. Similar to clang -Oz"),
    setting_flag!("force-disable-esimd-opt", "", force_disable_esimd_opt),
    // hidden: "Use stateless API for accessor based API." (on unless =false)
    Opt::flag("lower-esimd-force-stateless-mem", "", |a, v| {
        a.o.settings.esimd_stateful_accessors = !on(v);
        Ok(())
    }),
    setting_flag!("symbols", "generate exported symbol files", symbols, action_when_on),
    setting_flag!("properties", "generate module properties files", properties, action_when_on),
    Opt::one_of(
        "spec-const",
        SPEC_CONST_VALUES,
        // Older spellings `rt` and `default` are accepted but not listed,
        // as upstream no longer has them.
        &[
            ("native", "lower spec constants to native spirv instructions so that these values could be set at runtime"),
            ("emulation", "remove specialization constants and replace it with emulation"),
        ],
        "lower and generate specialization constants information",
        |a: &mut PostLinkArgs, v| {
            a.o.settings.spec_const = Some(match v {
                "native" | "rt" => SpecConstMode::Native,
                _ => SpecConstMode::Emulation,
            });
            a.actions = true;
            Ok(())
        },
    )
    .shown(|a| {
        a.o.settings.spec_const.map(|m| match m {
            SpecConstMode::Native => "-spec-const=native".to_string(),
            SpecConstMode::Emulation => "-spec-const=emulation".to_string(),
        })
    }),
    setting_flag!("generate-device-image-default-spec-consts", "Generate new device image(s) which is a copy of output images but contain specialization constants replaced with default values from specialization id(s).", default_spec_consts, shown),
    setting_flag!("emit-param-info", "emit kernel parameter optimization info", emit_param_info, action),
    setting_flag!("emit-program-metadata", "emit SYCL program metadata", emit_program_metadata, action),
    setting_flag!("emit-kernel-names", "emit kernel names", emit_kernel_names, action),
    setting_flag!("emit-exported-symbols", "emit exported symbols", emit_exported_symbols, action),
    setting_flag!("emit-imported-symbols", "emit imported symbols", emit_imported_symbols, action),
    setting_flag!("emit-only-kernels-as-entry-points", "Consider only sycl_kernel functions as entry points for device code split", only_kernels_as_entry_points, shown),
    setting_flag!("device-globals", "Lower and generate information about device global variables", device_globals, action),
    setting_flag!("allow-device-image-dependencies", "Allow dependencies between device images", dynamic_linking, shown),
    setting_flag!("support-dynamic-linking", "Generate device images that are suitable for dynamic linking", dynamic_linking),
    setting_flag!("import-undefined-externals", "Without dynamic linking, import the SYCL_EXTERNAL functions the module declares but does not define (listed in [SYCL/imported symbols]); what it defines is copied into the images that call it (not an upstream option; sycl-link's default for input and object state)", import_undefined_externals, shown),
    Opt::value("device-lib-dir", "dirname", "Directory where sycl fallback device libraries reside", |a: &mut PostLinkArgs, v| {
        a.o.settings.device_lib_dir = Some(v.to_string());
        Ok(())
    })
    .shown(|a| a.o.settings.device_lib_dir.as_ref().map(|d| format!("-device-lib-dir={d}"))),
    Opt::one_of(
        "id-queries-range",
        ID_QUERIES_RANGE_VALUES,
        &[
            ("int", "ID queries fit in int (default; no property)"),
            ("uint", "ID queries fit in unsigned int"),
            ("size_t", "ID queries fit in size_t"),
        ],
        "Range that SYCL ID queries of the device code fit in (set by -fsycl-id-queries-range=)",
        |a: &mut PostLinkArgs, v| {
            a.o.settings.id_queries_range = IdQueriesRange::parse(v).unwrap_or_default();
            Ok(())
        },
    )
    .shown(|a| match a.o.settings.id_queries_range {
        IdQueriesRange::Int => None,
        IdQueriesRange::UInt => Some("-id-queries-range=uint".into()),
        IdQueriesRange::SizeT => Some("-id-queries-range=size_t".into()),
    }),
    setting_flag!("emit-devicelib-req-mask", "Also emit the [SYCL/devicelib req mask] property set that SYCL runtimes before 2026 use to link device libraries at JIT time (not emitted by default, as upstream)", devicelib_req_mask, shown),
    Opt::one_of("kernel-names", &KernelNames::VALUES, &[], "Rename kernels that clang names _ZTS<N> __sycl_kernel_<N>, the name the SYCL runtime finds as \"N\" in a SYCLBIN: mangled (default: none), auto (when no function has sycl-module-id, as upstream clang's output), free-function (all)", |a, v| {
        a.o.settings.kernel_names = KernelNames::parse(v).unwrap_or_default();
        Ok(())
    }),
    THREADS[0],
    THREADS[1],
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

/// Options of the `sycl-post-link` command that the library and the C ABI
/// do not take: they concern what the command prints and writes about a
/// run.
pub const POST_LINK_COMMAND_OPTIONS: &[Opt<PostLinkArgs>] = &[
    Opt::flag("v", "Print the run as a command to re-run, the thread count, and each file table written", |a, v| {
        a.x.verbose = on(v);
        Ok(())
    }),
    Opt::value("time-trace", "file", "Write a Chrome trace (as LLVM's -ftime-trace) of the run's steps: read, extract, cleanup, properties and IR of each image, write", |a, v| {
        a.x.time_trace = Some(v.to_string());
        Ok(())
    }),
    Opt::value("split-report", "file", "Write a report of the split: per image its entry points, functions, instructions and bytes; functions in several images and their cost; why each function is in an image. JSON, or a readable summary on standard output for '-'. Without -o, only the report is written", |a, v| {
        a.x.split_report = Some(v.to_string());
        Ok(())
    }),
    Opt::one_of("split-report-modes", &["current", "all"], &[], "Split modes the report covers: the one of the run (default), or all of them side by side", |a, v| {
        a.x.split_report_all_modes = v == "all";
        Ok(())
    }),
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

/// The `sycl-post-link` options that give `s`, as each option's definition
/// in [`POST_LINK_OPTIONS`] prints it ([`cl::Opt::show`]: `-split=`, flags
/// that are on, values that are set), in that order. Targets are not
/// included (they come from `-o`), nor the file options (`-f`, `-out-dir`,
/// `-o`: [`post_link_command`]).
pub fn settings_args(s: &sycl_postlink::Settings) -> Vec<String> {
    let a = PostLinkArgs {
        o: PostLinkOptions {
            settings: s.clone(),
            ..PostLinkOptions::default()
        },
        ..PostLinkArgs::default()
    };
    POST_LINK_OPTIONS
        .iter()
        .filter_map(|o| o.show.and_then(|show| show(&a)))
        .collect()
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

/// Sets one `sycl-post-link` option by name (no dashes) on `o`, checked
/// against [`POST_LINK_OPTIONS`] as the command line checks it and applied
/// by its definition there: what the C ABI's `sycl_post_link_settings_set`
/// does. `value` is the text after `=`; `None` sets a flag.
pub fn set_post_link_option(o: &mut PostLinkOptions, name: &str, value: Option<&str>) -> Result<(), String> {
    let mut a = PostLinkArgs {
        o: std::mem::take(o),
        ..PostLinkArgs::default()
    };
    let result = cl::set_one(POST_LINK_OPTIONS, &mut a, name, value);
    *o = a.o;
    result
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
    let opts: Vec<Opt<PostLinkArgs>> = POST_LINK_OPTIONS
        .iter()
        .chain(POST_LINK_COMMAND_OPTIONS)
        .copied()
        .collect();
    let parsed = cl::parse("sycl-post-link", &cl::specs(&opts), args)?;
    let mut a = PostLinkArgs::default();
    a.o.input = "-".into();
    let mut positional = match cl::apply_or_print(
        &opts,
        parsed,
        &mut a,
        "sycl-post-link",
        [
            POST_LINK_OVERVIEW,
            "sycl-post-link [options] <input bitcode file>",
            "sycl-post-link options",
        ],
    )? {
        Ok(positional) => positional,
        Err(text) => return Ok(Command::Print(text)),
    };
    let PostLinkArgs { mut o, x, mut actions } = a;
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

impl HasThreads for ModuleSplitOptions {
    fn threads_mut(&mut self) -> &mut Option<usize> {
        &mut self.threads
    }

    fn threads(&self) -> Option<usize> {
        self.threads
    }
}

const MODULE_SPLIT_THREADS: [Opt<ModuleSplitOptions>; 2] = thread_opts();

/// The options of `sycl-module-split`.
pub const MODULE_SPLIT_OPTIONS: &[Opt<ModuleSplitOptions>] = &[
    Opt::value("o", "filename prefix", "output filename prefix", |o, v| {
        o.prefix = v.to_string();
        Ok(())
    }),
    Opt::flag("S", "Write output as LLVM assembly", |o, v| {
        o.text = on(v);
        Ok(())
    }),
    Opt::one_of(
        "split",
        MODULE_SPLIT_VALUES,
        SPLIT_VALUE_HELP.split_at(3).0,
        "split input module",
        |o, v| {
            o.split = SplitMode::parse(v);
            Ok(())
        },
    ),
    MODULE_SPLIT_THREADS[0],
    MODULE_SPLIT_THREADS[1],
    // Printed by the binary (`entry::start_one_step`).
    Opt::flag("v", "Print the command to standard error", |_, _| Ok(())),
];

/// Parses a `sycl-module-split` command line.
pub fn parse_module_split(args: &[String]) -> Result<Command<ModuleSplitOptions>, String> {
    let parsed = cl::parse("sycl-module-split", &cl::specs(MODULE_SPLIT_OPTIONS), args)?;
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
    let mut positional = match cl::apply_or_print(
        MODULE_SPLIT_OPTIONS,
        parsed,
        &mut o,
        "sycl-module-split",
        [
            "SYCL Module Splitter",
            "sycl-module-split [options] <input file>",
            "Split options",
        ],
    )? {
        Ok(positional) => positional,
        Err(text) => return Ok(Command::Print(text)),
    };
    match positional.len() {
        0 => {}
        1 => o.input = positional.remove(0),
        _ => return Err("Too many positional arguments specified!".into()),
    }
    Ok(Command::Run(o))
}

/// The `main` of a command that runs one step on one module
/// (`sycl-module-split`, `sycl-opt`): `parse` the command line (an error is
/// printed as `<tool>: error: ...`), print `--help`/`--version`, or start
/// the step (`entry::start_one_step`: `-v`, the input read in a worker
/// first) and `run` it with that check.
pub fn one_step_main<T>(
    tool: &str,
    args: &[String],
    parse: fn(&[String]) -> Result<Command<T>, String>,
    run: fn(T, sycl_codegen::worker::ReadCheck) -> std::process::ExitCode,
) -> std::process::ExitCode {
    match parse(args) {
        Err(e) => crate::report_error(tool, &e),
        Ok(Command::Print(text)) => {
            crate::out!("{text}");
            std::process::ExitCode::SUCCESS
        }
        Ok(Command::Run(o)) => match crate::entry::start_one_step(tool, args) {
            Ok(check) => run(o, check),
            Err(code) => code,
        },
    }
}
