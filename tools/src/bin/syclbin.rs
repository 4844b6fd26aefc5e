//! `syclbin`: inspect and build SYCLBIN files.
//!
//! ```text
//! syclbin dump <file>
//! syclbin extract <file> -o <dir>
//! syclbin convert <file> -o <out> --format=bare|offload-v1|offload-v2|syclbin-v2 [--triple=<triple>] [--arch=<arch>]
//! syclbin create -o <out> [--state=input|object|executable] [--table=<file table>]...
//!                [--image=<file>[,props=<file>][,sym=<file>][,arch=<arch>][,type=<ir type>][,target=<triple>]]...
//!                [--bare | --offload-images | [--triple=<triple>] [--arch=<arch>]] [--cache-dir=<dir> | --no-cache]
//! syclbin cache [show|clear|prune] [--cache-dir=<dir>] [--cache-policy=<policy>]
//! ```
//!
//! `dump` prints the structure of a SYCLBIN in any form `sycl_props::syclbin::SyclbinFile::read` reads (bare
//! SYCLBIN v1; v1 inside an offload binary of version 1 or 2, as the SYCL runtime writes it; SYCLBIN v2):
//! the offload binaries and their entries, header, abstract modules, state, IR types, targets, native
//! architectures, kernel names, every property set, offsets and sizes; of offload binaries that hold no
//! SYCLBIN (`clang-sycl-linker`'s output), their entries and strings.
//!
//! `convert` reads the same forms and writes the SYCLBIN in the form `--format` names (default
//! `offload-v1`): `bare`, `offload-v1` (SYCLBIN v1 in an offload binary v1), `offload-v2` (in a single-entry
//! offload binary v2, as the runtime's `ext_oneapi_get_content()` writes) or `syclbin-v2` (upstream's
//! multi-entry SYCLBIN v2). `--triple`/`--arch` become strings of the wrapping entry. It writes the
//! images it read as they are, and promises what `create` promises of them: every SPIR-V module passes
//! SPIRV-Tools' validator (unless `--no-validate`), and a module that does not is an error naming it.
//!
//! `create` builds one abstract module per image (`sycl_codegen::syclbin`). `--table` reads a sycl-post-link
//! file table: each row's `Code` file is LLVM IR (bitcode or text), compiled to SPIR-V (by worker processes,
//! this program started with `--sycl-codegen-worker`, one per core; `-spirv-ext=` sets the SPIR-V extensions
//! allowed, DPC++'s by default; every module is validated unless `--no-validate`), or a module
//! of `--ir-type` (default SPIR-V) stored as it is; its `Properties` file (if the column exists) gives all the
//! module's property sets, and `[SYCL/kernel names]` is added when they lack it (the IR's kernels, else the
//! `Symbols` file, else the SPIR-V entry points). `--image` adds one module directly; with `arch=` it is a
//! native device code image, otherwise an image as a table row gives it, of `type=` and `target=`. The output
//! is the SYCLBIN wrapped in an LLVM offload binary (image kind SYCLBIN, offload kind SYCL), as the SYCL
//! runtime reads it, whose `triple` string is `--triple` (default `spir64-unknown-unknown`) and `arch` string
//! `--arch`; `--bare` writes the SYCLBIN alone; `--offload-images` writes no SYCLBIN but one offload binary per
//! module, as LLVM 22's `clang-sycl-linker` does for `clang-linker-wrapper` (`Container::OffloadImages`:
//! `triple` default `spir64`, the kernel names as `symbols`, no property sets). The SPIR-V of an image compiled before is taken from the code
//! cache (`sycl_codegen::code_cache`; `--cache-dir`, `--no-cache`, `--cache-policy`: `sycl_tools::cache_opts`).
//!
//! `cache` prints the code cache's directory, entries, bytes and the hits, misses and stores of the runs that
//! used it (`show`, the default), empties it (`clear`) or prunes it now by its policy (`prune`).
//!
//! Errors: `syclbin: error: <file>: <what>`, exit status 1.

use std::io::IsTerminal;
use std::process::ExitCode;

use sycl_codegen::syclbin::{
    self as syclbin_pack, Container, Packager, SyclbinImage, SyclbinOptions, SyclbinPackError,
};
use sycl_postlink::input::read_file_or_stdin;
use sycl_postlink::output::{io_reason, Outputs};
use sycl_process::trace;
use sycl_props::file_table::FileTable;
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};
use sycl_props::syclbin::{self, AbstractModule, IrType, NativeImage, Packaging, Syclbin, SyclbinFile};
use sycl_tools::cache_opts;
use sycl_tools::cl::{self, Opt, Parsed};
use sycl_tools::cli::shell_line;
use sycl_tools::env::EnvDefaults;
use sycl_tools::shared_opts::{codegen_opts, thread_opts, HasSyclbinArgs, SyclbinArgs};
use sycl_tools::syclbin_opts::{
    self, bare_opt, offload_binary_opt, offload_images_opt, state_opt, table_opt, HasCreateArgs,
};

const TOOL: &str = "syclbin";

/// What the command line sets (for `create`, `convert`, `extract`, `cache`).
struct Args {
    output: Option<String>,
    time_trace: Option<String>,
    c: CreateArgs,
}

impl HasSyclbinArgs for Args {
    fn syclbin_args(&mut self) -> &mut SyclbinArgs {
        &mut self.c.syclbin
    }

    fn syclbin_ref(&self) -> &SyclbinArgs {
        &self.c.syclbin
    }
}

impl HasCreateArgs for Args {
    fn create_args(&mut self) -> &mut syclbin_opts::CreateArgs {
        &mut self.c.create
    }

    fn create_ref(&self) -> &syclbin_opts::CreateArgs {
        &self.c.create
    }
}

fn on(v: &str) -> bool {
    v == "true"
}

/// The options of `syclbin`, each defined once, in `--help` order (the
/// SYCLBIN code generation options and the thread count are shared with
/// `sycl-link`: `sycl_tools::shared_opts`).
fn options() -> Vec<Opt<Args>> {
    let mut opts: Vec<Opt<Args>> = vec![
        Opt::value("o", "filename", "Output file (create, convert)", |a, v| {
            a.output = Some(v.to_string());
            Ok(())
        }),
        Opt::one_of(
            "format",
            &["bare", "offload-v1", "offload-v2", "syclbin-v2"],
            &[
                ("bare", "SYCLBIN v1 alone"),
                ("offload-v1", "SYCLBIN v1 in an LLVM offload binary v1 (default)"),
                (
                    "offload-v2",
                    "SYCLBIN v1 in a single-entry offload binary v2 (ext_oneapi_get_content)",
                ),
                ("syclbin-v2", "upstream's multi-entry SYCLBIN v2"),
            ],
            "Form to write (convert; default offload-v1)",
            |a, v| {
                a.c.format = Packaging::from_name(v).unwrap_or(Packaging::OffloadV1);
                Ok(())
            },
        ),
        state_opt(),
        table_opt(),
        Opt::value(
            "image",
            "spec",
            "One abstract module: <file>[,props=<f>][,sym=<f>][,arch=<a>][,type=<t>][,target=<triple>] (create)",
            |a, v| {
                a.c.images.push(parse_image_spec(v).map_err(|f| f.what)?);
                Ok(())
            },
        ),
        Opt::one_of(
            "ir-type",
            &["spirv", "ptx", "amdgcn"],
            &[("spirv", "SPIR-V (default)"), ("ptx", "PTX"), ("amdgcn", "AMDGCN")],
            "IR type of the modules of --table (create; default spirv)",
            |a, v| {
                a.c.ir_type = IrType::from_name(v).unwrap_or(IrType::SpirV);
                Ok(())
            },
        ),
        Opt::value(
            "target",
            "triple",
            "Target of the modules of --table (create)",
            |a, v| {
                a.c.target = Some(v.to_string());
                Ok(())
            },
        ),
        offload_binary_opt(),
        bare_opt(),
        offload_images_opt(),
        Opt::value("triple", "triple", "Offload binary 'triple' string", |a, v| {
            a.c.triple = Some(v.to_string());
            Ok(())
        }),
        Opt::value("arch", "arch", "Offload binary 'arch' string", |a, v| {
            a.c.arch = Some(v.to_string());
            Ok(())
        }),
    ];
    opts.extend(thread_opts());
    opts.extend::<[Opt<Args>; 2]>([
        Opt::flag(
            "v",
            "Print the command, and each image compiled (create) or file written (extract)",
            |a, v| {
                a.c.verbose = on(v);
                Ok(())
            },
        ),
        Opt::value(
            "time-trace",
            "file",
            "Write a Chrome trace (as LLVM's -ftime-trace) of each image's code generation (create)",
            |a, v| {
                a.time_trace = Some(v.to_string());
                Ok(())
            },
        ),
    ]);
    opts.extend(codegen_opts(
        "SPIR-V extensions code generation may use: +EXT,-EXT change DPC++'s list, plain names replace it (create)",
        "Do not validate the SPIR-V modules (create, convert)",
    ));
    opts
}

/// `syclbin extract <file> -o <dir>`: every part of a SYCLBIN back out as
/// files, with a file table that `syclbin create --table` reads back:
/// `global.prop` (global metadata); per abstract module `<i>`: `<i>.prop`
/// (its property sets), `<i>.sym` (its kernel names); per IR module `<j>`:
/// `<i>_ir<j>.spv|.ptx|.amdgcn` and `<i>_ir<j>.prop` (type, target); per
/// native image `<k>`: `<i>_native<k>.bin` and `<i>_native<k>.prop` (arch);
/// `extract.table` `[Code|Properties|Symbols]`, one row per IR module.
fn extract(bin: &Syclbin, dir: &str, verbose: bool) -> Result<(), Failure> {
    let path = |name: &str| std::path::Path::new(dir).join(name).to_string_lossy().into_owned();
    let mut files: Vec<(String, Vec<u8>)> = vec![(path("global.prop"), bin.global_metadata.to_text().into_bytes())];
    let mut table = FileTable::new(vec!["Code".into(), "Properties".into(), "Symbols".into()]);
    for (i, am) in bin.abstract_modules.iter().enumerate() {
        let (prop, sym) = (path(&format!("{i}.prop")), path(&format!("{i}.sym")));
        files.push((prop.clone(), am.metadata.to_text().into_bytes()));
        let names: String = am.kernel_names().iter().map(|n| format!("{n}\n")).collect();
        files.push((sym.clone(), names.into_bytes()));
        for (j, ir) in am.ir_modules.iter().enumerate() {
            let ext = match ir.ir_type() {
                Some(IrType::SpirV) => "spv",
                Some(IrType::Ptx) => "ptx",
                Some(IrType::Amdgcn) => "amdgcn",
                None => "bin",
            };
            let code = path(&format!("{i}_ir{j}.{ext}"));
            files.push((code.clone(), ir.bytes.clone()));
            files.push((path(&format!("{i}_ir{j}.prop")), ir.metadata.to_text().into_bytes()));
            table
                .add_row(vec![code, prop.clone(), sym.clone()])
                .map_err(|e| plain(e.to_string()))?;
        }
        for (k, native) in am.native_images.iter().enumerate() {
            files.push((path(&format!("{i}_native{k}.bin")), native.bytes.clone()));
            files.push((
                path(&format!("{i}_native{k}.prop")),
                native.metadata.to_text().into_bytes(),
            ));
        }
    }
    files.push((path("extract.table"), table.to_text().into_bytes()));
    // The folders made here go again when the files cannot all be written.
    let made = sycl_process::fs::create_dirs(std::path::Path::new(dir)).map_err(|e| fail(dir, io_reason(&e)))?;
    let written = write_all(&files, verbose);
    if written.is_err() {
        made.remove();
    }
    written
}

/// Writes every file of `files`, or none.
fn write_all(files: &[(String, Vec<u8>)], verbose: bool) -> Result<(), Failure> {
    let mut outs = Outputs::new();
    for (name, bytes) in files {
        outs.write(name, bytes).map_err(plain)?;
        if verbose {
            sycl_tools::errln!("{TOOL}: extract: {name} ({} bytes)", bytes.len());
        }
    }
    outs.commit().map_err(plain)
}

/// A failure: the file it concerns (if any) and what went wrong.
struct Failure {
    file: Option<String>,
    what: String,
}

fn fail(file: &str, what: impl Into<String>) -> Failure {
    Failure {
        file: Some(file.to_string()),
        what: what.into(),
    }
}

fn plain(what: impl Into<String>) -> Failure {
    Failure {
        file: None,
        what: what.into(),
    }
}

/// The bytes of `path`, standard input for `-`.
fn read(path: &str) -> Result<Vec<u8>, Failure> {
    read_file_or_stdin(path)
        .map(|(data, _)| data)
        .map_err(|e| fail(if path == "-" { "<stdin>" } else { path }, io_reason(&e)))
}

fn read_text(path: &str) -> Result<String, Failure> {
    String::from_utf8(read(path)?).map_err(|_| fail(path, "not valid UTF-8 text"))
}

fn read_props(path: &str) -> Result<PropertySetRegistry, Failure> {
    let text = read_text(path)?;
    PropertySetRegistry::parse_lenient(&text).map_err(|e| match e.line() {
        Some(l) => fail(path, format!("line {l}: {e}")),
        None => fail(path, e.to_string()),
    })
}

/// Adds the symbols of a `.sym` file (one name per line) as `[SYCL/kernel names]`, unless already present.
fn add_kernel_names(reg: &mut PropertySetRegistry, sym_path: &str) -> Result<(), Failure> {
    if reg.get(names::KERNEL_NAMES).is_some() {
        return Ok(());
    }
    let text = read_text(sym_path)?;
    let set = reg.set_mut(names::KERNEL_NAMES);
    for name in text.lines().map(str::trim_end).filter(|l| !l.is_empty()) {
        set.insert(name, PropertyValue::UInt32(1));
    }
    Ok(())
}

struct ImageSpec {
    file: String,
    props: Option<String>,
    sym: Option<String>,
    arch: Option<String>,
    ir_type: IrType,
    target: Option<String>,
}

fn parse_image_spec(raw: &str) -> Result<ImageSpec, Failure> {
    let mut parts = raw.split(',');
    let file = parts.next().unwrap_or("").to_string();
    if file.is_empty() {
        return Err(plain(format!("--image '{raw}': missing file name")));
    }
    let mut spec = ImageSpec {
        file,
        props: None,
        sym: None,
        arch: None,
        ir_type: IrType::SpirV,
        target: None,
    };
    for p in parts {
        let (k, v) = p.split_once('=').unwrap_or((p, ""));
        if v.is_empty() {
            return Err(plain(format!("--image '{raw}': '{p}' is not <key>=<value>")));
        }
        match k {
            "props" => spec.props = Some(v.into()),
            "sym" => spec.sym = Some(v.into()),
            "arch" => spec.arch = Some(v.into()),
            "target" => spec.target = Some(v.into()),
            "type" => {
                spec.ir_type =
                    IrType::from_name(v).ok_or_else(|| plain(format!("--image '{raw}': unknown IR type '{v}'")))?
            }
            _ => return Err(plain(format!("--image '{raw}': unknown key '{k}'"))),
        }
    }
    Ok(spec)
}

/// One abstract module to be: an image for `sycl_codegen::syclbin`, or a native device code image.
enum Entry {
    Image(SyclbinImage),
    Native(AbstractModule),
}

fn entry_from_spec(spec: &ImageSpec) -> Result<Entry, Failure> {
    let mut properties = match &spec.props {
        Some(p) => read_props(p)?,
        None => PropertySetRegistry::new(),
    };
    let code = read(&spec.file)?;
    if code.is_empty() {
        let what = if spec.arch.is_some() {
            "a native image"
        } else {
            "SPIR-V, LLVM IR or bitcode"
        };
        return Err(fail(&spec.file, format!("empty input: expected {what}")));
    }
    if let Some(arch) = &spec.arch {
        if let Some(s) = &spec.sym {
            add_kernel_names(&mut properties, s)?;
        }
        let mut am = AbstractModule {
            metadata: properties,
            ..AbstractModule::default()
        };
        am.native_images.push(NativeImage::new(arch, code));
        return Ok(Entry::Native(am));
    }
    let symbols = match &spec.sym {
        Some(s) => Some(
            read_text(s)?
                .lines()
                .map(str::trim_end)
                .filter(|l| !l.is_empty())
                .map(str::to_string)
                .collect(),
        ),
        None => None,
    };
    Ok(Entry::Image(SyclbinImage {
        name: spec.file.clone(),
        code,
        properties,
        symbols,
    }))
}

/// The images a file table names (read one by one when packaged).
fn specs_from_table(path: &str, target: Option<&str>, ir_type: IrType) -> Result<Vec<ImageSpec>, Failure> {
    let table = FileTable::parse(&read_text(path)?).map_err(|e| fail(path, e.to_string()))?;
    let code = table
        .column_index("Code")
        .ok_or_else(|| fail(path, "the table has no 'Code' column"))?;
    let props = table.column_index("Properties");
    let sym = table.column_index("Symbols");
    let mut out = Vec::new();
    for row in table.rows() {
        let spec = ImageSpec {
            file: row[code].clone(),
            props: props.map(|i| row[i].clone()),
            sym: sym.map(|i| row[i].clone()),
            arch: None,
            ir_type,
            target: target.map(str::to_string),
        };
        out.push(spec);
    }
    Ok(out)
}

/// Packages the images as they are read, the largest files first (see
/// `syclbin_pack::largest_first`): each image goes to code generation
/// (worker processes) at once; every image, native ones too, keeps its
/// place in the SYCLBIN. With `verbose`, says which images large enough for
/// pieces were compiled in one, and why.
fn abstract_modules(specs: &[ImageSpec], opts: &SyclbinOptions, verbose: bool) -> Result<Vec<AbstractModule>, Failure> {
    let mut packager = Packager::new(opts);
    let sizes: Vec<u64> = specs
        .iter()
        .map(|s| std::fs::metadata(&s.file).map_or(0, |m| m.len()))
        .collect();
    // After a failure, images after the failing one (in image order) are
    // not compiled (`submit_at`); those before it still are, so that the
    // error reported is the first in image order, whatever the timing.
    for i in syclbin_pack::largest_first(&sizes) {
        let spec = &specs[i];
        match entry_from_spec(spec)? {
            Entry::Native(am) => packager.push_module_at(i, am),
            Entry::Image(img) => packager
                .submit_at(i, img, spec.ir_type, spec.target.clone())
                .map_err(pack_failure)?,
        }
    }
    let mut warnings = packager.cache_warnings();
    let cache = packager.cache();
    let finished = packager.finish_with_notes();
    warnings.extend(cache.iter().flat_map(|c| c.take_warnings()));
    for w in warnings {
        sycl_tools::errln!("{TOOL}: warning: {w}");
    }
    let (modules, notes) = finished.map_err(pack_failure)?;
    if verbose {
        for n in notes {
            sycl_tools::errln!("{TOOL}: {n}");
        }
    }
    Ok(modules)
}

fn pack_failure(e: SyclbinPackError) -> Failure {
    match e {
        // LLVM's diagnostics already start with the file name.
        SyclbinPackError::Image { name, reason } if reason.starts_with(&format!("{name}:")) => plain(reason),
        SyclbinPackError::Image { name, reason } => fail(&name, reason),
        other => plain(other.to_string()),
    }
}

fn usage(opts: &[Opt<Args>]) -> String {
    cl::help_of(
        "Inspect and build SYCLBIN files.\n\n  syclbin dump <file>\n  syclbin convert <file> -o <file> [--format=<form>]\n  syclbin create -o <file> [options]\n  syclbin extract <file> -o <dir>   (images, property sets, kernel names back out as files, with a file table)",
        "syclbin dump <file> | syclbin convert <file> -o <file> [options] | syclbin create -o <file> [options]",
        "syclbin options",
        opts,
    )
}

fn run(args: &[String]) -> Result<(), Failure> {
    let opts = options();
    let parsed = cl::parse(TOOL, &cl::specs(&opts), args).map_err(plain)?;
    let mut a = Args {
        output: None,
        time_trace: None,
        c: CreateArgs {
            create: syclbin_opts::CreateArgs::default(),
            images: Vec::new(),
            ir_type: IrType::SpirV,
            target: None,
            triple: None,
            arch: None,
            format: Packaging::OffloadV1,
            verbose: false,
            syclbin: SyclbinArgs::new().map_err(plain)?,
        },
    };
    let positional = match cl::apply(&opts, parsed, &mut a).map_err(plain)? {
        Parsed::Help => {
            sycl_tools::out!("{}", usage(&opts));
            return Ok(());
        }
        Parsed::Version => {
            sycl_tools::out!("{}", sycl_tools::version::text("syclbin"));
            return Ok(());
        }
        Parsed::Run(positional) => positional,
    };
    let Args { output, time_trace, c } = a;
    if c.verbose {
        let shown: Vec<String> = std::iter::once(TOOL.to_string())
            .chain(args.iter().filter(|a| !matches!(a.as_str(), "-v" | "--v")).cloned())
            .collect();
        sycl_tools::errln!("{}", shell_line(&shown));
    }
    let env = sycl_tools::env::env_defaults();
    if let Some(path) = &time_trace {
        // Written last: a path that cannot be written fails before any output.
        sycl_postlink::output::check_writable(path).map_err(plain)?;
        trace::enable_trace();
    }
    if std::io::stderr().is_terminal() {
        trace::enable_progress(TOOL, env.progress_after);
    }
    let result = run_command(positional, output, c, &env);
    trace::finish_progress();
    result?;
    if let Some(path) = time_trace {
        write_file(&path, trace::take_chrome_trace(TOOL).as_bytes())?;
    }
    Ok(())
}

/// What `create` and `convert` were given.
struct CreateArgs {
    /// `--state`, `--table`, `--bare`.
    create: syclbin_opts::CreateArgs,
    images: Vec<ImageSpec>,
    ir_type: IrType,
    target: Option<String>,
    triple: Option<String>,
    arch: Option<String>,
    format: Packaging,
    verbose: bool,
    syclbin: SyclbinArgs,
}

fn run_command(
    positional: Vec<String>,
    output: Option<String>,
    c: CreateArgs,
    env: &EnvDefaults,
) -> Result<(), Failure> {
    let mut positional = positional.into_iter();
    match positional.next().as_deref() {
        Some("extract") => {
            let (Some(file), None) = (positional.next(), positional.next()) else {
                return Err(plain(format!("extract takes exactly one file.  Try: '{TOOL} --help'")));
            };
            let Some(dir) = output else {
                return Err(plain("extract needs an output directory (-o <dir>)"));
            };
            let name = if file == "-" { "<stdin>" } else { file.as_str() };
            let bin = SyclbinFile::read(&read(&file)?)
                .map_err(|e| fail(name, e.to_string()))?
                .syclbin;
            extract(&bin, &dir, c.verbose)
        }
        Some("dump") => {
            let (Some(file), None) = (positional.next(), positional.next()) else {
                return Err(plain(format!("dump takes exactly one file.  Try: '{TOOL} --help'")));
            };
            let text = syclbin::dump(&read(&file)?).map_err(|e| fail(&file, e.to_string()))?;
            sycl_tools::out!("{text}");
            Ok(())
        }
        Some("convert") => {
            let (Some(file), None) = (positional.next(), positional.next()) else {
                return Err(plain(format!("convert takes exactly one file.  Try: '{TOOL} --help'")));
            };
            let Some(output) = output else {
                return Err(plain("convert needs an output file (-o <file>)"));
            };
            let bin = SyclbinFile::read(&read(&file)?)
                .map_err(|e| fail(&file, e.to_string()))?
                .syclbin;
            if c.syclbin.codegen.validate {
                validate_images(&bin).map_err(|e| fail(&file, e))?;
            }
            let strings = [("triple", c.triple.as_deref()), ("arch", c.arch.as_deref())];
            let bytes = bin
                .write_as(c.format, strings.iter().filter_map(|(k, v)| Some((*k, (*v)?))))
                .map_err(|e| fail(&output, e.to_string()))?;
            write_file(&output, &bytes)
        }
        Some("create") => {
            if let Some(extra) = positional.next() {
                return Err(plain(format!("create takes no positional argument, got '{extra}'")));
            }
            let Some(output) = output else {
                return Err(plain("create needs an output file (-o <file>)"));
            };
            if c.create.tables.is_empty() && c.images.is_empty() {
                return Err(plain("create needs at least one --table or --image"));
            }
            create(c, &output, env)
        }
        Some("cache") => cache_command(positional.next().as_deref(), positional.next(), &c.syclbin.cache),
        Some(other) => Err(plain(format!("unknown command '{other}'.  Try: '{TOOL} --help'"))),
        None => Err(plain(format!("no command given.  Try: '{TOOL} --help'"))),
    }
}

/// Every SPIR-V module of `bin` through SPIRV-Tools' validator (`convert`
/// promises valid images, as `create` does): the first that fails, named
/// by its abstract module and IR module.
fn validate_images(bin: &Syclbin) -> Result<(), String> {
    for (i, am) in bin.abstract_modules.iter().enumerate() {
        for (j, ir) in am.ir_modules.iter().enumerate() {
            if ir.ir_type() == Some(IrType::SpirV) {
                sycl_spirv::validate_bytes(&ir.bytes)
                    .map_err(|e| format!("abstract module {i}, IR module {j}: {e}"))?;
            }
        }
    }
    Ok(())
}

/// `syclbin create`: the SYCLBIN of the tables and images `c` names,
/// written to `output`.
fn create(c: CreateArgs, output: &str, env: &EnvDefaults) -> Result<(), Failure> {
    let create = SyclbinOptions {
        state: c.create.state,
        ir_type: c.ir_type,
        target: c.target.clone(),
        container: c.create.container(),
        triple: c.triple.unwrap_or_else(|| {
            match c.create.container() {
                Container::OffloadImages => syclbin_pack::IMAGES_TRIPLE,
                _ => syclbin_pack::DEFAULT_TRIPLE,
            }
            .to_string()
        }),
        arch: c.arch,
        ..SyclbinOptions::default()
    };
    let opts = c.syclbin.options(env, create).map_err(plain)?;
    let mut specs = Vec::new();
    for t in &c.create.tables {
        specs.extend(specs_from_table(t, c.target.as_deref(), c.ir_type)?);
    }
    specs.extend(c.images);
    let mut bin = Syclbin::new(c.create.state);
    bin.abstract_modules = abstract_modules(&specs, &opts, c.verbose)?;
    let bytes = syclbin_pack::write(&bin, &opts).map_err(|e| fail(output, e.to_string()))?;
    write_file(output, &bytes)
}

/// Writes `bytes` to `path`, all or nothing.
fn write_file(path: &str, bytes: &[u8]) -> Result<(), Failure> {
    let mut outs = Outputs::new();
    outs.write(path, bytes).map_err(plain)?;
    outs.commit().map_err(plain)
}

/// `syclbin cache [show|clear|prune]`: the code cache's directory, entries,
/// bytes and the hits, misses and stores of the runs recorded; or empties
/// it; or prunes it now by its policy.
fn cache_command(what: Option<&str>, extra: Option<String>, args: &cache_opts::CacheArgs) -> Result<(), Failure> {
    use sycl_codegen::code_cache;
    if let Some(extra) = extra {
        return Err(plain(format!(
            "cache takes one of show, clear, prune, got '{extra}' too"
        )));
    }
    let Some(dir) = args.dir() else {
        return Err(plain(
            "no cache directory: set --cache-dir, SPL_CACHE_DIR, XDG_CACHE_HOME or HOME",
        ));
    };
    let shown = dir.display().to_string();
    match what.unwrap_or("show") {
        "show" => {
            let u = code_cache::usage(&dir);
            sycl_tools::out!(
                "cache directory: {shown}\nentries: {}\nbytes: {}\nruns: {}\nhits: {}\nmisses: {}\nstores: {}\n",
                u.entries,
                u.bytes,
                u.runs,
                u.counts.hits,
                u.counts.misses,
                u.counts.stores
            );
            Ok(())
        }
        "clear" => code_cache::clear(&dir).map_err(|e| fail(&shown, io_reason(&e))),
        "prune" => {
            let policy = args.policy().map_err(plain)?;
            let removed = code_cache::prune(&dir, &policy);
            sycl_tools::out!("removed {removed} entries from {shown}\n");
            Ok(())
        }
        other => Err(plain(format!("unknown cache command '{other}' (show, clear, prune)"))),
    }
}

sycl_tools::command_main!(TOOL, main_with_args);

fn main_with_args(args: &[String]) -> ExitCode {
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure { file: Some(f), what }) => sycl_tools::report_error(TOOL, &format!("{f}: {what}")),
        Err(Failure { file: None, what }) => sycl_tools::report_error(TOOL, &what),
    }
}
