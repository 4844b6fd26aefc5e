//! The post-link pipeline: read the linked device module, split it into
//! device images, clean each image up, compute its properties and write the
//! images, symbol files, property files and file tables (reference 3.1).
//!
//! Both the `sycl-post-link` command and the C ABI call [`run`]; the
//! `sycl-module-split` command calls [`run_module_split`].

use std::path::Path;

use sycl_ir::{Context, MdOperand, Module, Value};
use sycl_passes::cleanup::{cleanup, CleanupOptions};
use sycl_passes::properties::{compute_properties, EsimdStatus, PropertyOptions};
use sycl_passes::remove_llvm_used::{remove_device_globals_from_compiler_used, remove_llvm_used};
use sycl_props::file_table::FileTable;
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};
use sycl_split::entry_points::{is_intrinsic_or_builtin, EntryPointOptions};
use sycl_split::{group_entry_points, DependencyGraph, EntryPointGroup, SplitMode};

use crate::output::{io_reason, Outputs};

/// Specialization-constant lowering mode (`-spec-const=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpecConstMode {
    /// `native` (older spelling `rt`).
    Native,
    /// `emulation` (older spelling `default`).
    Emulation,
}

/// One `-o [target,]file` occurrence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputSpec {
    /// Target name (empty when none).
    pub target: String,
    /// Output file name.
    pub path: String,
}

impl OutputSpec {
    /// Splits `target,file` at the first comma, as upstream does.
    pub fn parse(s: &str) -> Self {
        match s.split_once(',') {
            Some((t, f)) if !f.is_empty() => OutputSpec {
                target: t.to_string(),
                path: f.to_string(),
            },
            Some((t, _)) => OutputSpec {
                target: String::new(),
                path: t.to_string(),
            },
            None => OutputSpec {
                target: String::new(),
                path: s.to_string(),
            },
        }
    }
}

/// Everything `sycl-post-link` can be asked to do.
#[derive(Debug, Clone, Default)]
pub struct PostLinkOptions {
    /// Input path, `-` for standard input.
    pub input: String,
    /// `-o` occurrences, in order.
    pub outputs: Vec<OutputSpec>,
    /// `-out-dir`
    pub out_dir: Option<String>,
    /// `-f`
    pub force: bool,
    /// `-ir-output-only`
    pub ir_output_only: bool,
    /// `-S`
    pub text: bool,
    /// `-split=`
    pub split: Option<SplitMode>,
    /// `-split-esimd`
    pub split_esimd: bool,
    /// `-lower-esimd`
    pub lower_esimd: bool,
    /// `-symbols`
    pub symbols: bool,
    /// `-properties`
    pub properties: bool,
    /// `-spec-const=`
    pub spec_const: Option<SpecConstMode>,
    /// `-generate-device-image-default-spec-consts`
    pub default_spec_consts: bool,
    /// `-emit-param-info`
    pub emit_param_info: bool,
    /// `-emit-program-metadata`
    pub emit_program_metadata: bool,
    /// `-emit-kernel-names`
    pub emit_kernel_names: bool,
    /// `-emit-exported-symbols`
    pub emit_exported_symbols: bool,
    /// `-emit-imported-symbols`
    pub emit_imported_symbols: bool,
    /// `-emit-only-kernels-as-entry-points`
    pub only_kernels_as_entry_points: bool,
    /// `-device-globals`
    pub device_globals: bool,
    /// `-allow-device-image-dependencies` / `-support-dynamic-linking`
    pub dynamic_linking: bool,
    /// `-device-lib-dir`
    pub device_lib_dir: Option<String>,
}

/// What a successful run has to say on standard error.
#[derive(Debug, Default)]
pub struct Report {
    /// `warning: ...` lines (without the prefix).
    pub warnings: Vec<String>,
    /// Notes printed as they are (`sycl-post-link NOTE: ...`).
    pub notes: Vec<String>,
}

/// A failed run: the one-line message (without `sycl-post-link: error: `).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostLinkError(pub String);

impl std::fmt::Display for PostLinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PostLinkError {}

fn err(s: impl Into<String>) -> PostLinkError {
    PostLinkError(s.into())
}

/// Reads the input file (or standard input for `-`). Returns the bytes and
/// the name LLVM gives the buffer.
pub fn read_input(path: &str) -> Result<(Vec<u8>, String), PostLinkError> {
    if path == "-" {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut v)
            .map_err(|e| err(format!("<stdin>: {}", io_reason(&e))))?;
        return Ok((v, "<stdin>".into()));
    }
    let data = std::fs::read(path).map_err(|e| err(format!("{path}: {}", io_reason(&e))))?;
    Ok((data, path.to_string()))
}

/// Parses IR; errors carry LLVM's diagnostic.
pub fn parse_module<'c>(ctx: &'c Context, data: &[u8], name: &str) -> Result<Module<'c>, PostLinkError> {
    if data.is_empty() {
        return Err(err(format!("{name}: empty input: expected LLVM IR or bitcode")));
    }
    ctx.parse_ir(data, name).map_err(|e| {
        let s = e.to_string();
        if s.starts_with(name) {
            err(s)
        } else {
            err(format!("{name}: {s}"))
        }
    })
}

/// Output prefix (directory + stem) of the generated files (reference 2.2).
pub fn output_prefix(first_output: &str, out_dir: Option<&str>) -> String {
    let p = Path::new(first_output);
    let dir = match out_dir {
        Some(d) => d.to_string(),
        None => p.parent().map(|d| d.to_string_lossy().into_owned()).unwrap_or_default(),
    };
    let base = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let stem = match base.rfind('.') {
        Some(i) if i > 0 => base[..i].to_string(),
        _ => base,
    };
    if dir.is_empty() {
        stem
    } else if dir.ends_with('/') {
        format!("{dir}{stem}")
    } else {
        format!("{dir}/{stem}")
    }
}

fn stem_of(path: &str) -> String {
    if path == "-" {
        return "-".into();
    }
    let base = Path::new(path).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    match base.rfind('.') {
        Some(i) if i > 0 => base[..i].to_string(),
        _ => base,
    }
}

/// Checks the option combinations upstream rejects (reference 1.2, 1.3).
pub fn check_options(o: &PostLinkOptions, actions_given: bool) -> Result<(), PostLinkError> {
    if !actions_given {
        return Err(err("no actions specified; try --help for usage info"));
    }
    if o.ir_output_only {
        if let Some(mode) = o.split {
            if mode != SplitMode::Auto {
                return Err(err("-split= can't be used with -ir-output-only"));
            }
        }
        let checks = [
            (o.split_esimd, "-split-esimd"),
            (o.symbols, "-symbols"),
            (o.properties, "-properties"),
            (o.emit_param_info, "-emit-param-info"),
            (o.emit_program_metadata, "-emit-program-metadata"),
            (o.emit_kernel_names, "-emit-kernel-names"),
            (o.emit_exported_symbols, "-emit-exported-symbols"),
            (o.emit_imported_symbols, "-emit-imported-symbols"),
            (o.default_spec_consts, "-generate-device-image-default-spec-consts"),
        ];
        for (on, name) in checks {
            if on {
                return Err(err(format!("{name} can't be used with -ir-output-only")));
            }
        }
    }
    Ok(())
}

/// Functions carrying `sycl_explicit_simd` metadata.
fn has_esimd_functions(m: &Module<'_>) -> bool {
    let k = m.md_kind("sycl_explicit_simd");
    m.functions().into_iter().any(|f| f.metadata(k).is_some())
}

/// Calls to the specialization-constant intrinsics the lowering handles.
fn uses_spec_constants(m: &Module<'_>) -> bool {
    m.functions().into_iter().any(|f| {
        let n = f.name();
        f.is_declaration()
            && !f.has_no_uses()
            && (n.contains("__sycl_getScalar2020SpecConstantValue")
                || n.contains("__sycl_getComposite2020SpecConstantValue")
                || n.contains("__sycl_getScalarSpecConstantValue")
                || n.contains("__sycl_getCompositeSpecConstantValue"))
    })
}

/// Refuses, with a clear message, what this toolkit does not do yet.
fn check_supported(m: &Module<'_>, o: &PostLinkOptions, input: &str) -> Result<(), PostLinkError> {
    if has_esimd_functions(m) {
        return Err(err(format!(
            "{input}: ESIMD functions (sycl_explicit_simd) are not supported yet"
        )));
    }
    if o.spec_const.is_some() && uses_spec_constants(m) {
        return Err(err(format!("{input}: -spec-const: specialization constant lowering is not supported yet")));
    }
    if o.default_spec_consts && uses_spec_constants(m) {
        return Err(err(format!(
            "{input}: -generate-device-image-default-spec-consts is not supported yet"
        )));
    }
    if o.device_lib_dir.is_some()
        && m.functions().into_iter().any(sycl_split::entry_points::is_bf16_devicelib_function)
    {
        return Err(err(format!("{input}: -device-lib-dir: bfloat16 device library images are not supported yet")));
    }
    if ["__AsanKernelMetadata", "__MsanKernelMetadata", "__TsanKernelMetadata"]
        .iter()
        .any(|g| m.globals().iter().any(|v| v.name().starts_with(g)))
    {
        return Err(err(format!("{input}: device sanitizer post-split processing is not supported yet")));
    }
    Ok(())
}

/// Upstream's `-device-globals` check: a `device_image_scope` device global
/// may be used from the entry points of one image only.
fn check_device_image_scope(m: &Module<'_>, groups: &[EntryPointGroup<'_>]) -> Result<(), PostLinkError> {
    if groups.len() < 2 {
        return Ok(());
    }
    for g in m.globals() {
        if g.global_attr("sycl-device-global-size").is_none() {
            continue;
        }
        match g.global_attr("sycl-device-image-scope") {
            Some(v) if v != "false" => {}
            _ => continue,
        }
        let mut owner: Option<usize> = None;
        let mut seen = std::collections::HashSet::new();
        let mut work: Vec<Value<'_>> = g.users();
        while let Some(u) = work.pop() {
            if !seen.insert(u) {
                continue;
            }
            let f = if u.is_function() { Some(u) } else { u.parent_function() };
            match f {
                Some(f) => {
                    if let Some(i) = groups.iter().position(|gr| gr.entry_points.contains(&f)) {
                        if *owner.get_or_insert(i) != i {
                            return Err(err(format!(
                                "device_global variable '{}' with property \"device_image_scope\" is used in more than one device image.",
                                g.name()
                            )));
                        }
                    }
                    work.extend(f.users());
                }
                None => work.extend(u.users()),
            }
        }
    }
    Ok(())
}

/// `!sycl-esimd-split-status = !{!{i8 V}}`.
fn add_esimd_status(m: &Module<'_>, status: EsimdStatus) {
    let t = m.types();
    let v = match status {
        EsimdStatus::SyclOnly => 0,
        EsimdStatus::EsimdOnly => 1,
        EsimdStatus::SyclAndEsimd => 2,
    };
    let node = m.md_node(&[MdOperand::Value(t.const_int(t.int(8), v))]);
    m.set_named_metadata("sycl-esimd-split-status", &[node]);
}

fn undefined_function_warnings(m: &Module<'_>, report: &mut Report) {
    for f in m.functions() {
        if f.is_declaration() && !f.has_no_uses() && !is_intrinsic_or_builtin(f) {
            report.warnings.push(format!(
                "Undefined function {} found in {}. This may result in runtime errors.",
                f.name(),
                m.identifier()
            ));
        }
    }
}

fn serialize(m: &Module<'_>, text: bool) -> Vec<u8> {
    if text {
        m.to_text().into_bytes()
    } else {
        m.to_bitcode()
    }
}

fn symbols_text(names: &[String]) -> String {
    names.iter().map(|n| format!("{n}\n")).collect()
}

/// One device image produced by the splitter, cleaned up.
struct Image<'c, 'm> {
    module: ImageModule<'c, 'm>,
    entry_points: Vec<String>,
}

enum ImageModule<'c, 'm> {
    Owned(Module<'c>),
    Input(&'m Module<'c>),
}

impl<'c> ImageModule<'c, '_> {
    fn get(&self) -> &Module<'c> {
        match self {
            ImageModule::Owned(m) => m,
            ImageModule::Input(m) => m,
        }
    }
}

/// Split settings shared by `sycl-post-link` and `sycl-module-split`.
struct SplitSettings {
    mode: SplitMode,
    split_given: bool,
    global_scope: bool,
    ep: EntryPointOptions,
}

/// Groups, extracts and cleans up images, calling `sink` for each in output
/// order with the image and its group number.
fn for_each_image<'c, F>(
    m: &Module<'c>,
    s: &SplitSettings,
    report: &mut Report,
    mut before_extract: impl FnMut(&[EntryPointGroup<'c>]) -> Result<(), PostLinkError>,
    mut sink: F,
) -> Result<bool, PostLinkError>
where
    F: FnMut(usize, Image<'c, '_>) -> Result<(), PostLinkError>,
{
    let groups = group_entry_points(m, s.mode, s.global_scope, s.ep);
    before_extract(&groups)?;
    let real_split = s.split_given && (groups.len() > 1 || !groups[0].entry_points.is_empty());
    let graph = real_split.then(|| DependencyGraph::build(m, s.ep.dynamic_linking));
    for (n, group) in groups.iter().enumerate() {
        let names = group.names();
        let module = match &graph {
            Some(graph) => ImageModule::Owned(sycl_split::extract_image(m, graph, group, |_| false)),
            None => ImageModule::Input(m),
        };
        let opts = CleanupOptions {
            dynamic_linking: s.ep.dynamic_linking,
            has_virtual_functions: group.has_virtual_functions,
        };
        cleanup(module.get(), &names, opts).map_err(|e| err(e.to_string()))?;
        if real_split && !s.ep.dynamic_linking {
            undefined_function_warnings(module.get(), report);
        }
        sink(
            n,
            Image {
                module,
                entry_points: names,
            },
        )?;
    }
    Ok(real_split)
}

/// Runs `sycl-post-link`.
pub fn run(o: &PostLinkOptions) -> Result<Report, PostLinkError> {
    let mut report = Report::default();
    let (data, name) = read_input(&o.input)?;
    let ctx = Context::new();
    let m = parse_module(&ctx, &data, &name)?;
    check_supported(&m, o, &name)?;

    let mut modified = remove_llvm_used(&m).map_err(|e| err(e.to_string()))?;
    modified |= remove_device_globals_from_compiler_used(&m);

    let split_given = o.split.is_some();
    let mode = o.split.unwrap_or(SplitMode::None);
    let settings = SplitSettings {
        mode,
        split_given,
        global_scope: mode == SplitMode::None || (o.ir_output_only && mode == SplitMode::Auto),
        ep: EntryPointOptions {
            only_kernels: o.only_kernels_as_entry_points,
            dynamic_linking: o.dynamic_linking,
        },
    };

    let outputs: Vec<OutputSpec> = if o.outputs.is_empty() {
        let ext = if o.ir_output_only { "out" } else { "files" };
        vec![OutputSpec {
            target: String::new(),
            path: format!("{}.{ext}", stem_of(&o.input)),
        }]
    } else {
        o.outputs.clone()
    };
    let prefix = output_prefix(&outputs[0].path, o.out_dir.as_deref());
    let mut columns = vec!["Code".to_string()];
    if o.properties {
        columns.push("Properties".into());
    }
    if o.symbols {
        columns.push("Symbols".into());
    }
    let mut tables: Vec<FileTable> = outputs.iter().map(|_| FileTable::new(columns.clone())).collect();
    let mut files = Outputs::new();
    let mut ir_only_written = false;
    let ext = if o.text { "ll" } else { "bc" };
    let write_ir = !(o.outputs.is_empty() && !o.ir_output_only);
    let mut saved: Vec<(usize, Vec<u8>, Vec<String>, PropertySetRegistryPerTable)> = Vec::new();

    let real_split = for_each_image(
        &m,
        &settings,
        &mut report,
        |groups| {
            if o.device_globals {
                check_device_image_scope(&m, groups)?;
            }
            if o.ir_output_only && groups.len() > 1 {
                return Err(err("some modules had to be split, '-ir-output-only' can't be used"));
            }
            Ok(())
        },
        |n, image| {
            let im = image.module.get();
            if o.ir_output_only {
                if !ir_only_written {
                    if let Err(e) = im.verify() {
                        return Err(err(format!("{name}: {e}")));
                    }
                    files.write(&outputs[0].path, &serialize(im, o.text)).map_err(err)?;
                    ir_only_written = true;
                }
                return Ok(());
            }
            add_esimd_status(im, EsimdStatus::SyclOnly);
            if let Err(e) = im.verify() {
                return Err(err(format!("{name}: output module {n}: {e}")));
            }
            let props = if o.properties {
                let popts = PropertyOptions {
                    param_info: o.emit_param_info,
                    program_metadata: o.emit_program_metadata,
                    exported_symbols: o.emit_exported_symbols,
                    imported_symbols: o.emit_imported_symbols,
                    device_globals: o.device_globals,
                    kernel_names: o.emit_kernel_names,
                    split_given,
                    dynamic_linking: o.dynamic_linking,
                    esimd_status: EsimdStatus::SyclOnly,
                    spec_consts_replaced_with_default: false,
                };
                let base = compute_properties(im, &image.entry_points, &popts);
                Some(base)
            } else {
                None
            };
            saved.push((n, serialize(im, o.text), image.entry_points, PropertySetRegistryPerTable(props)));
            Ok(())
        },
    )?;
    modified |= real_split;

    if o.ir_output_only {
        files.commit().map_err(err)?;
        return Ok(report);
    }
    if !write_ir && !modified {
        report.notes.push("sycl-post-link NOTE: no modifications to the input LLVM IR have been made".into());
    }
    for (n, ir, entry_points, props) in saved {
        let code = if write_ir || modified {
            let path = format!("{prefix}_{n}.{ext}");
            files.write(&path, &ir).map_err(err)?;
            path
        } else {
            o.input.clone()
        };
        let sym = format!("{prefix}_{n}.sym");
        if o.symbols {
            files.write(&sym, symbols_text(&entry_points).as_bytes()).map_err(err)?;
        }
        for (t, spec) in outputs.iter().enumerate() {
            let mut row = vec![code.clone()];
            if let Some(reg) = &props.0 {
                let mut reg = reg.clone();
                let prop = if spec.target.is_empty() {
                    format!("{prefix}_{n}.prop")
                } else {
                    reg.add(names::DEVICE_REQUIREMENTS, "compile_target", PropertyValue::string(&spec.target));
                    format!("{prefix}_{}_{n}.prop", spec.target)
                };
                files.write(&prop, reg.to_text().as_bytes()).map_err(err)?;
                row.push(prop);
            }
            if o.symbols {
                row.push(sym.clone());
            }
            tables[t].add_row(row).map_err(|e| err(e.to_string()))?;
        }
    }
    for (t, spec) in outputs.iter().enumerate() {
        files.write(&spec.path, tables[t].to_text().as_bytes()).map_err(err)?;
    }
    files.commit().map_err(err)?;
    Ok(report)
}

/// The property sets of one image, shared by every table.
struct PropertySetRegistryPerTable(Option<PropertySetRegistry>);

/// Options of `sycl-module-split`.
#[derive(Debug, Clone)]
pub struct ModuleSplitOptions {
    /// Input path or `-`.
    pub input: String,
    /// Output prefix (`-o`, default `output`).
    pub prefix: String,
    /// `-split=`; `None` means no split.
    pub split: Option<SplitMode>,
    /// `-S`
    pub text: bool,
}

/// Runs `sycl-module-split`: writes `<prefix>_<N>.ll|.bc`, `<prefix>_<N>.sym`,
/// `<prefix>_<N>.prop` and `<prefix>.table`.
pub fn run_module_split(o: &ModuleSplitOptions) -> Result<Report, PostLinkError> {
    let mut report = Report::default();
    let (data, name) = read_input(&o.input)?;
    let ctx = Context::new();
    let m = parse_module(&ctx, &data, &name)?;
    let mut po = PostLinkOptions::default();
    po.split = o.split;
    check_supported(&m, &po, &name)?;
    remove_llvm_used(&m).map_err(|e| err(e.to_string()))?;
    remove_device_globals_from_compiler_used(&m);
    let mode = o.split.unwrap_or(SplitMode::None);
    let settings = SplitSettings {
        mode,
        split_given: o.split.is_some(),
        global_scope: mode == SplitMode::None,
        ep: EntryPointOptions::default(),
    };
    let mut files = Outputs::new();
    let mut table = FileTable::new(vec!["Code".into(), "Properties".into(), "Symbols".into()]);
    let ext = if o.text { "ll" } else { "bc" };
    for_each_image(
        &m,
        &settings,
        &mut report,
        |_| Ok(()),
        |n, image| {
            let im = image.module.get();
            add_esimd_status(im, EsimdStatus::SyclOnly);
            im.verify().map_err(|e| err(format!("{name}: output module {n}: {e}")))?;
            let code = format!("{}_{n}.{ext}", o.prefix);
            let prop = format!("{}_{n}.prop", o.prefix);
            let sym = format!("{}_{n}.sym", o.prefix);
            files.write(&code, &serialize(im, o.text)).map_err(err)?;
            let popts = PropertyOptions {
                split_given: o.split.is_some(),
                ..Default::default()
            };
            let reg = compute_properties(im, &image.entry_points, &popts);
            files.write(&prop, reg.to_text().as_bytes()).map_err(err)?;
            files.write(&sym, format!("{}\n", image.entry_points.join("\n")).as_bytes()).map_err(err)?;
            table.add_row(vec![code, prop, sym]).map_err(|e| err(e.to_string()))?;
            Ok(())
        },
    )?;
    files.write(&format!("{}.table", o.prefix), table.to_text().as_bytes()).map_err(err)?;
    files.commit().map_err(err)?;
    Ok(report)
}
