//! The post-link pipeline: read the linked device module, split it into
//! device images, clean each image up, compute its properties and write the
//! images, symbol files, property files and file tables (reference 3.1).
//!
//! Both the `sycl-post-link` command and the C ABI call [`run`]; the
//! `sycl-module-split` command calls [`run_module_split`].

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use sycl_ir::{Context, MdOperand, Module, Value};
use sycl_passes::properties::{compute_properties, EsimdStatus, PropertyOptions};
use sycl_passes::remove_llvm_used::{remove_device_globals_from_compiler_used, remove_llvm_used};
use sycl_passes::spec_constants::{
    default_value_image, lower_spec_constants, mark_default_value_image, property_sets as spec_property_sets,
    HandlingMode,
};
use sycl_props::file_table::FileTable;
use sycl_props::property_set::{names, PropertyValue};
use sycl_split::entry_points::EntryPointOptions;
use sycl_split::{EntryPointGroup, SplitMode};

use crate::driver::{split_and_save, ImageOutput, ImageSink, SplitSettings};
use crate::error::{err, PostLinkError, Report};
use crate::esimd::{EsimdOptions, INVOKE_SIMD_ERROR};
use crate::image::DeviceImage;
use crate::input::{parse_module, read_input};
use crate::output::{io_reason, Outputs, PendingFile};

/// Specialization-constant lowering mode (`-spec-const=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpecConstMode {
    /// `native` (older spelling `rt`).
    Native,
    /// `emulation` (older spelling `default`).
    Emulation,
}

/// The range that ID queries (`get_global_id`, ...) of the device code fit
/// in (`-id-queries-range=`, forwarded by the driver from
/// `-fsycl-id-queries-range=`; upstream PR #21979).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum IdQueriesRange {
    /// `int`, the default: no property.
    #[default]
    Int,
    /// `uint`: `idQueriesRange=1|1`.
    UInt,
    /// `size_t`: `idQueriesRange=1|2`.
    SizeT,
}

impl IdQueriesRange {
    /// Parses an option value (`int`, `uint`, `size_t`).
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "int" => Some(IdQueriesRange::Int),
            "uint" => Some(IdQueriesRange::UInt),
            "size_t" => Some(IdQueriesRange::SizeT),
            _ => None,
        }
    }

    /// The `idQueriesRange` value upstream writes (0 means none).
    pub fn property_value(self) -> u32 {
        match self {
            IdQueriesRange::Int => 0,
            IdQueriesRange::UInt => 1,
            IdQueriesRange::SizeT => 2,
        }
    }
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
    /// `-split=`; `None` means the default, `auto`.
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
    /// `-id-queries-range=`
    pub id_queries_range: IdQueriesRange,
    /// `-emit-devicelib-req-mask`: also write the `[SYCL/devicelib req mask]`
    /// set that upstream dropped in 2025 (PR #20777), for SYCL runtimes of
    /// that time, which link the fallback device libraries at JIT time from
    /// it. Not an upstream option.
    pub devicelib_req_mask: bool,
}

impl PostLinkOptions {
    /// The split mode in effect: `-split=` or the default, `auto`.
    pub fn split_mode(&self) -> SplitMode {
        self.split.unwrap_or(SplitMode::Auto)
    }
}

/// Output prefix (directory + stem) of the generated files (reference 2.2).
pub fn output_prefix(first_output: &str, out_dir: Option<&str>) -> String {
    let p = Path::new(first_output);
    let dir = match out_dir {
        Some(d) => d.to_string(),
        None => p.parent().map(|d| d.to_string_lossy().into_owned()).unwrap_or_default(),
    };
    let base = p
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
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
    let base = Path::new(path)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
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
            if mode != SplitMode::Auto && mode != SplitMode::None {
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
    let marker = sycl_split::esimd::EsimdMarker::new(m);
    m.functions().into_iter().any(|f| marker.is_esimd(f))
}

/// Refuses, with a clear message, what this toolkit does not do yet.
/// `esimd` tells whether the tool has the ESIMD step (`sycl-module-split`
/// does not).
fn check_supported(m: &Module<'_>, input: &str, esimd: bool) -> Result<(), PostLinkError> {
    if !esimd && has_esimd_functions(m) {
        return Err(err(format!(
            "{input}: ESIMD functions (sycl_explicit_simd) are not supported yet"
        )));
    }
    Ok(())
}

/// Upstream's `-device-globals` check: a `device_image_scope` device global
/// may be used from the entry points of one image only.
fn check_device_image_scope(m: &Module<'_>, groups: &[EntryPointGroup<'_>]) -> Result<(), PostLinkError> {
    let entry_points: Vec<&[Value<'_>]> = groups.iter().map(|g| g.entry_points.as_slice()).collect();
    sycl_passes::properties::check_device_image_scope(m, &entry_points)
        .map_err(|e| PostLinkError::untagged(e.to_string()))
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

/// Writes what `sycl-post-link` writes for one image: the IR, the symbol
/// file and one property file per table, and returns the table rows.
struct PostLinkSink<'a> {
    o: &'a PostLinkOptions,
    outputs: &'a [OutputSpec],
    prefix: String,
    /// Write the IR even when nothing changed it (an -o was given, the
    /// pre-split steps changed the module or it was split in several
    /// images): upstream's `Modified || -o` before the per-image steps.
    write_unsplit_ir: AtomicBool,
    /// Specialization-constant lowering changed an image.
    spec_modified: AtomicBool,
    /// The ESIMD step split an image into an ESIMD and a SYCL part.
    esimd_modified: AtomicBool,
    /// Default-value images saved so far (images are saved in order when
    /// they are generated: see `run`).
    default_images: AtomicUsize,
    /// The number the next image after all saved ones takes.
    next_number: AtomicUsize,
    /// A saved image declares a bfloat16 device-library function.
    bf16_devicelib_used: AtomicBool,
}

impl ImageSink for PostLinkSink<'_> {
    fn save(&self, n: usize, image: &DeviceImage<'_>) -> Result<ImageOutput, PostLinkError> {
        let o = self.o;
        let mut out = ImageOutput::default();
        // Per part (ESIMD first): sanitizer module-id kernels (upstream's
        // post-split `handleSanitizers`), then specialization constants
        // (reference 3.9), the default-value copy being taken before the part
        // itself is lowered.
        let mut default_images = Vec::new();
        let mut spec_modified = false;
        for part in &image.parts {
            let im = &part.module;
            sycl_passes::sanitizer::add_sanitizer_module_kernels(im);
            if o.default_spec_consts && !o.ir_output_only {
                if let Some((dm, entries)) = default_value_image(im).map_err(|e| err(e.to_string()))? {
                    default_images.push((dm, entries, part.status));
                }
            }
            if let Some(mode) = o.spec_const {
                let mode = match mode {
                    SpecConstMode::Native => HandlingMode::Native,
                    SpecConstMode::Emulation => HandlingMode::Emulation,
                };
                spec_modified |= lower_spec_constants(im, mode).map_err(|e| err(e.to_string()))?;
            }
        }
        if spec_modified {
            self.spec_modified.store(true, Ordering::SeqCst);
        }
        if image.esimd_split {
            self.esimd_modified.store(true, Ordering::SeqCst);
        }
        if o.ir_output_only {
            if image.esimd_split {
                return Err(err("some modules had to be split, '-ir-output-only' can't be used"));
            }
            let Some(part) = image.parts.first() else {
                return Ok(out);
            };
            let im = &part.module;
            im.verify().map_err(|e| err(format!("{}: {e}", im.identifier())))?;
            out.files
                .push(PendingFile::write(&self.outputs[0].path, &serialize(im, o.text)).map_err(err)?);
            return Ok(out);
        }
        // A virtual-functions image whose functions use optional features
        // gets a dummy copy with every body emptied, saved right after it
        // (upstream's `makeDummy`; sycl/doc/design/VirtualFunctions.md).
        let dummy = match image.parts.as_slice() {
            [part] if needs_dummy_image(&part.module, &part.entry_points) => Some(dummy_image(&part.module)),
            _ => None,
        };
        // An image's default-value images (or its dummy image) follow it and
        // take the next number.
        let shift = usize::from(!default_images.is_empty() || dummy.is_some());
        let n = n + self.default_images.fetch_add(shift, Ordering::SeqCst);
        for part in &image.parts {
            let saved = SavedModule {
                module: &part.module,
                entry_points: &part.entry_points,
                status: part.status,
                default_values: false,
                device_lib: None,
                dummy: false,
            };
            // Upstream writes the IR of a split image too only when something
            // changed (else, with no -o, the table names the input).
            self.save_image(&mut out, n, &saved, image.esimd_split || spec_modified)?;
        }
        if let (Some(dm), [part]) = (&dummy, image.parts.as_slice()) {
            let saved = SavedModule {
                module: dm,
                entry_points: &part.entry_points,
                status: part.status,
                default_values: false,
                device_lib: None,
                dummy: true,
            };
            self.save_image(&mut out, n + 1, &saved, true)?;
        }
        for (dm, entries, status) in &default_images {
            let saved = SavedModule {
                module: dm,
                entry_points: entries,
                status: *status,
                default_values: true,
                device_lib: None,
                dummy: false,
            };
            self.save_image(&mut out, n + 1, &saved, true)?;
        }
        Ok(out)
    }
}

/// The name of one output file of image `id` (upstream's `saveModule` since
/// PR #21674, 2026): `<prefix>_<id>`, then `.esimd` for an ESIMD_ONLY module,
/// then `.<target>` for the property file of an `-o <target>,<table>`, then
/// `.<ext>`. The SYCL and ESIMD parts of one image share its ID:
/// `out_0.bc`, `out_0.esimd.bc`, `out_0.intel_gpu_pvc.prop`.
///
/// Upstream replaces `.esimd` by `.<target>`, so that the ESIMD and the SYCL
/// part of one image write the same target property file and the last one
/// wins; here the ESIMD part's is `out_0.esimd.intel_gpu_pvc.prop`.
pub fn output_file_name(prefix: &str, id: usize, status: EsimdStatus, target: &str, ext: &str) -> String {
    let esimd = if status == EsimdStatus::EsimdOnly { ".esimd" } else { "" };
    let target = if target.is_empty() {
        String::new()
    } else {
        format!(".{target}")
    };
    format!("{prefix}_{id}{esimd}{target}.{ext}")
}

/// One module to save and what it is.
struct SavedModule<'a, 'c> {
    module: &'a Module<'c>,
    entry_points: &'a [String],
    status: EsimdStatus,
    /// A default-specialization-constant copy.
    default_values: bool,
    /// A bfloat16 device library (its file name), saved as it is.
    device_lib: Option<&'a str>,
    /// A dummy virtual-functions image (`dummy-image=1`).
    dummy: bool,
}

/// True for an image of virtual functions (every entry point is
/// `indirectly-callable`: an image the split outlined for a set) that uses
/// optional kernel features (aspects): the runtime needs a dummy copy of it
/// for devices that lack those features.
fn needs_dummy_image(m: &Module<'_>, entry_points: &[String]) -> bool {
    let virtual_only = !entry_points.is_empty()
        && entry_points.iter().all(|name| {
            m.function(name)
                .is_some_and(|f| f.has_fn_attr(sycl_split::entry_points::ATTR_INDIRECTLY_CALLABLE))
        });
    virtual_only
        && !sycl_passes::properties::requirements::DeviceRequirements::compute(m, &[])
            .aspects
            .is_empty()
}

/// A copy of `m` whose function definitions only return (their metadata,
/// `sycl_used_aspects` included, goes with the body).
fn dummy_image<'c>(m: &Module<'c>) -> Module<'c> {
    let dm = m.clone_module();
    for f in dm.functions() {
        f.stub_body();
    }
    dm
}

impl PostLinkSink<'_> {
    /// Writes one module's IR, symbols and property files and adds its rows
    /// (one per table) to `out`; files are named by
    /// [`output_file_name`].
    fn save_image(
        &self,
        out: &mut ImageOutput,
        n: usize,
        saved: &SavedModule<'_, '_>,
        write_ir: bool,
    ) -> Result<(), PostLinkError> {
        let o = self.o;
        let (im, entry_points, default_values) = (saved.module, saved.entry_points, saved.default_values);
        self.next_number.fetch_max(n + 1, Ordering::SeqCst);
        if saved.device_lib.is_none() && sycl_passes::properties::devicelib::uses_bf16_devicelib(im) {
            self.bf16_devicelib_used.store(true, Ordering::SeqCst);
        }
        add_esimd_status(im, saved.status);
        if default_values {
            mark_default_value_image(im);
        }
        im.verify()
            .map_err(|e| err(format!("{}: output module {n}: {e}", im.identifier())))?;
        let ext = if o.text { "ll" } else { "bc" };
        let prefix = &self.prefix;
        let name = |target: &str, ext: &str| output_file_name(prefix, n, saved.status, target, ext);
        let code = if write_ir || self.write_unsplit_ir.load(Ordering::SeqCst) {
            let path = name("", ext);
            out.files
                .push(PendingFile::write(&path, &serialize(im, o.text)).map_err(err)?);
            path
        } else {
            o.input.clone()
        };
        let sym = name("", "sym");
        if o.symbols {
            out.files
                .push(PendingFile::write(&sym, symbols_text(entry_points).as_bytes()).map_err(err)?);
        }
        let props = o.properties.then(|| {
            if let Some(lib) = saved.device_lib {
                return Ok(sycl_passes::properties::devicelib::device_lib_properties(im, lib));
            }
            let popts = PropertyOptions {
                param_info: o.emit_param_info,
                program_metadata: o.emit_program_metadata,
                exported_symbols: o.emit_exported_symbols,
                imported_symbols: o.emit_imported_symbols,
                device_globals: o.device_globals,
                kernel_names: o.emit_kernel_names,
                split_none: o.split_mode() == SplitMode::None,
                id_queries_range: o.id_queries_range.property_value(),
                devicelib_req_mask: o.devicelib_req_mask,
                dynamic_linking: o.dynamic_linking,
                esimd_status: saved.status,
                spec_consts_replaced_with_default: default_values,
            };
            let mut reg = compute_properties(im, entry_points, &popts);
            if saved.dummy {
                reg.add(names::VIRTUAL_FUNCTIONS, "dummy-image", PropertyValue::UInt32(1));
            }
            spec_property_sets(im, reg)
        });
        let props = props.transpose().map_err(|e| err(e.to_string()))?;
        let filter = sycl_passes::target_filter::TargetFilter::new(im, entry_points, saved.status);
        for spec in self.outputs {
            // A known target's table leaves out the images it cannot run
            // (reference 2.5); an empty row keeps the row-to-table order.
            if !filter.accepts(&spec.target) {
                out.rows.push(Vec::new());
                continue;
            }
            let mut row = vec![code.clone()];
            if let Some(reg) = &props {
                let mut reg = reg.clone();
                if !spec.target.is_empty() {
                    reg.add(
                        names::DEVICE_REQUIREMENTS,
                        "compile_target",
                        PropertyValue::string(&spec.target),
                    );
                }
                let prop = name(&spec.target, "prop");
                out.files
                    .push(PendingFile::write(&prop, reg.to_text().as_bytes()).map_err(err)?);
                row.push(prop);
            }
            if o.symbols {
                row.push(sym.clone());
            }
            out.rows.push(row);
        }
        Ok(())
    }
}

/// Runs `sycl-post-link`.
pub fn run(o: &PostLinkOptions) -> Result<Report, PostLinkError> {
    let mut report = Report::default();
    let (data, name) = read_input(&o.input)?;

    let mode = o.split_mode();
    let settings = SplitSettings {
        mode,
        // `-split=none` passes the module through (upstream's ModuleCopier).
        split_given: mode != SplitMode::None,
        global_scope: mode == SplitMode::None || (o.ir_output_only && mode == SplitMode::Auto),
        ep: EntryPointOptions {
            only_kernels: o.only_kernels_as_entry_points,
            dynamic_linking: o.dynamic_linking,
        },
        // Default-value images shift the numbers of the images after them:
        // save images one by one, in order.
        threads: if o.default_spec_consts { 1 } else { thread_count() },
        esimd: Some(EsimdOptions {
            split_esimd: o.split_esimd,
            lower_esimd: o.lower_esimd,
            per_kernel: mode == SplitMode::Kernel,
        }),
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
    let sink = PostLinkSink {
        o,
        outputs: &outputs,
        prefix: output_prefix(&outputs[0].path, o.out_dir.as_deref()),
        write_unsplit_ir: AtomicBool::new(!o.outputs.is_empty()),
        spec_modified: AtomicBool::new(false),
        esimd_modified: AtomicBool::new(false),
        default_images: AtomicUsize::new(0),
        next_number: AtomicUsize::new(0),
        bf16_devicelib_used: AtomicBool::new(false),
    };
    let prepare = |m: &Module<'_>| {
        check_supported(m, &name, true)?;
        if o.split_esimd && sycl_split::esimd::contains_invoke_simd_calls(m) {
            return Err(PostLinkError::untagged(INVOKE_SIMD_ERROR));
        }
        let mut modified = remove_llvm_used(m).map_err(|e| err(e.to_string()))?;
        modified |= remove_device_globals_from_compiler_used(m);
        modified |= sycl_passes::sanitizer::fix_sanitizer_kernel_metadata(m);
        if modified {
            sink.write_unsplit_ir.store(true, Ordering::SeqCst);
        }
        Ok(())
    };
    let result = split_and_save(data, &name, &settings, &sink, prepare, |m, groups| {
        if o.device_globals {
            check_device_image_scope(m, groups)?;
        }
        if o.ir_output_only && groups.len() > 1 {
            return Err(err("some modules had to be split, '-ir-output-only' can't be used"));
        }
        if groups.len() > 1 {
            sink.write_unsplit_ir.store(true, Ordering::SeqCst);
        }
        Ok(())
    })?;
    report.warnings.extend(result.warnings);
    let mut files = Outputs::new();
    if o.ir_output_only {
        for image in result.images {
            files.extend(image.files);
        }
        files.commit().map_err(err)?;
        return Ok(report);
    }
    if !sink.write_unsplit_ir.load(Ordering::SeqCst)
        && !sink.spec_modified.load(Ordering::SeqCst)
        && !sink.esimd_modified.load(Ordering::SeqCst)
    {
        report
            .notes
            .push("sycl-post-link NOTE: no modifications to the input LLVM IR have been made".into());
    }
    let mut columns = vec!["Code".to_string()];
    if o.properties {
        columns.push("Properties".into());
    }
    if o.symbols {
        columns.push("Symbols".into());
    }
    let mut tables: Vec<FileTable> = outputs.iter().map(|_| FileTable::new(columns.clone())).collect();
    for image in result.images {
        files.extend(image.files);
        // An image followed by its default-value image has two rows per table;
        // an empty row is an image left out of that table.
        for (t, row) in image.rows.into_iter().enumerate() {
            if row.is_empty() {
                continue;
            }
            tables[t % outputs.len()].add_row(row).map_err(|e| err(e.to_string()))?;
        }
    }
    // bfloat16 device libraries (reference 2.7): when an image uses one of
    // their functions and -device-lib-dir names where they are, the
    // fallback and the native library follow the images, saved as they are.
    if let Some(dir) = &o.device_lib_dir {
        if sink.bf16_devicelib_used.load(Ordering::SeqCst) {
            let first = sink.next_number.load(Ordering::SeqCst);
            for (i, lib) in ["libsycl-fallback-bfloat16.bc", "libsycl-native-bfloat16.bc"]
                .iter()
                .enumerate()
            {
                let out = save_device_lib(&sink, dir, lib, first + i)?;
                files.extend(out.files);
                for (t, row) in out.rows.into_iter().enumerate() {
                    if !row.is_empty() {
                        tables[t].add_row(row).map_err(|e| err(e.to_string()))?;
                    }
                }
            }
        }
    }
    for (t, spec) in outputs.iter().enumerate() {
        files.write(&spec.path, tables[t].to_text().as_bytes()).map_err(err)?;
    }
    files.commit().map_err(err)?;
    Ok(report)
}

/// Loads the bfloat16 device library `lib` from `dir` and saves it as image
/// number `n`, without cleanup and with the device-library property sets.
fn save_device_lib(sink: &PostLinkSink<'_>, dir: &str, lib: &str, n: usize) -> Result<ImageOutput, PostLinkError> {
    let path = Path::new(dir).join(lib);
    let path = path.to_string_lossy();
    let data = std::fs::read(path.as_ref()).map_err(|e| {
        err(format!(
            "{path}: failed to load bfloat16 device library modules: {}",
            io_reason(&e)
        ))
    })?;
    let ctx = Context::new();
    let m = parse_module(&ctx, &data, &path)
        .map_err(|e| err(format!("failed to load bfloat16 device library modules: {}", e.0)))?;
    let mut out = ImageOutput::default();
    let saved = SavedModule {
        module: &m,
        entry_points: &[],
        status: EsimdStatus::SyclOnly,
        default_values: false,
        device_lib: Some(lib),
        dummy: false,
    };
    sink.save_image(&mut out, n, &saved, true)?;
    Ok(out)
}

/// Worker threads for image extraction: `SPL_THREADS` if set, else the
/// machine's parallelism. Output is identical whatever the count.
pub fn thread_count() -> usize {
    std::env::var("SPL_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n: &usize| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1))
}

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

struct ModuleSplitSink<'a> {
    o: &'a ModuleSplitOptions,
}

impl ImageSink for ModuleSplitSink<'_> {
    fn save(&self, n: usize, image: &DeviceImage<'_>) -> Result<ImageOutput, PostLinkError> {
        let o = self.o;
        let mut out = ImageOutput::default();
        for part in &image.parts {
            let (im, entry_points) = (&part.module, &part.entry_points);
            add_esimd_status(im, part.status);
            im.verify()
                .map_err(|e| err(format!("{}: output module {n}: {e}", im.identifier())))?;
            let ext = if o.text { "ll" } else { "bc" };
            let name = |ext: &str| output_file_name(&o.prefix, n, part.status, "", ext);
            let code = name(ext);
            let prop = name("prop");
            let sym = name("sym");
            let popts = PropertyOptions {
                split_none: o.split.is_none(),
                esimd_status: part.status,
                ..Default::default()
            };
            let reg = compute_properties(im, entry_points, &popts);
            let symbols = format!("{}\n", entry_points.join("\n"));
            for (path, bytes) in [(&code, serialize(im, o.text)), (&prop, reg.to_text().into_bytes())] {
                out.files.push(PendingFile::write(path, &bytes).map_err(err)?);
            }
            let sym_file = PendingFile::write(&sym, symbols.as_bytes()).map_err(err)?;
            out.files.push(sym_file);
            out.rows.push(vec![code, prop, sym]);
        }
        Ok(out)
    }
}

/// Runs `sycl-module-split`: writes `<prefix>_<N>.ll|.bc`, `<prefix>_<N>.sym`,
/// `<prefix>_<N>.prop` and `<prefix>.table`.
pub fn run_module_split(o: &ModuleSplitOptions) -> Result<Report, PostLinkError> {
    let mut report = Report::default();
    let (data, name) = read_input(&o.input)?;
    let prepare = |m: &Module<'_>| {
        check_supported(m, &name, false)?;
        remove_llvm_used(m).map_err(|e| err(e.to_string()))?;
        remove_device_globals_from_compiler_used(m);
        Ok(())
    };
    let mode = o.split.unwrap_or(SplitMode::None);
    let settings = SplitSettings {
        mode,
        split_given: o.split.is_some(),
        global_scope: mode == SplitMode::None,
        ep: EntryPointOptions::default(),
        threads: thread_count(),
        esimd: None,
    };
    let result = split_and_save(data, &name, &settings, &ModuleSplitSink { o }, prepare, |_, _| Ok(()))?;
    report.warnings.extend(result.warnings);
    let mut files = Outputs::new();
    let mut table = FileTable::new(vec!["Code".into(), "Properties".into(), "Symbols".into()]);
    for image in result.images {
        files.extend(image.files);
        for row in image.rows {
            table.add_row(row).map_err(|e| err(e.to_string()))?;
        }
    }
    files
        .write(&format!("{}.table", o.prefix), table.to_text().as_bytes())
        .map_err(err)?;
    files.commit().map_err(err)?;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_file_names_follow_the_2026_scheme() {
        let name = |status, target, ext| output_file_name("d/out", 3, status, target, ext);
        assert_eq!(name(EsimdStatus::SyclOnly, "", "bc"), "d/out_3.bc");
        assert_eq!(name(EsimdStatus::SyclAndEsimd, "", "sym"), "d/out_3.sym");
        assert_eq!(name(EsimdStatus::EsimdOnly, "", "ll"), "d/out_3.esimd.ll");
        assert_eq!(
            name(EsimdStatus::SyclOnly, "intel_gpu_pvc", "prop"),
            "d/out_3.intel_gpu_pvc.prop"
        );
        assert_eq!(
            name(EsimdStatus::EsimdOnly, "intel_gpu_pvc", "prop"),
            "d/out_3.esimd.intel_gpu_pvc.prop"
        );
    }

    #[test]
    fn id_queries_range_values() {
        assert_eq!(
            IdQueriesRange::parse("int").map(IdQueriesRange::property_value),
            Some(0)
        );
        assert_eq!(
            IdQueriesRange::parse("uint").map(IdQueriesRange::property_value),
            Some(1)
        );
        assert_eq!(
            IdQueriesRange::parse("size_t").map(IdQueriesRange::property_value),
            Some(2)
        );
        assert_eq!(IdQueriesRange::parse("long"), None);
    }

    #[test]
    fn split_defaults_to_auto() {
        let o = PostLinkOptions::default();
        assert_eq!(o.split_mode(), SplitMode::Auto);
    }
}
