//! The post-link pipeline in memory (reference 3.1): read the linked device
//! module, split it into device images, clean each image up, lower its
//! specialization constants, compute its property sets and symbol table,
//! and hand each image to the caller as an [`Image`] — in table order, as
//! soon as it and every image before it are ready. Nothing here touches the
//! file system (except reading `-device-lib-dir` libraries when asked).
//!
//! [`post_link`] streams images to a callback, [`post_link_images`] collects
//! them. The `sycl-post-link` command ([`crate::files::run`]) and the C ABI
//! are both built on [`post_link`].

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use sycl_ir::{Context, MdOperand, Module, Value};
use sycl_passes::cleanup::{cleanup, CleanupOptions};
use sycl_passes::properties::{compute_properties, EsimdStatus, PropertyOptions};
use sycl_passes::remove_llvm_used::{remove_device_globals_from_compiler_used, remove_llvm_used};
use sycl_passes::spec_constants::{
    default_value_image, lower_spec_constants, mark_default_value_image, property_sets as spec_property_sets,
    HandlingMode,
};
use sycl_props::property_set::PropertySetRegistry;
use sycl_split::entry_points::EntryPointOptions;
use sycl_split::{EntryPointGroup, SplitMode};

use crate::driver::{split_and_save, ImageSink, MadeModule, SplitInput, SplitSettings};
use crate::error::{err, PostLinkError, Report};
use crate::esimd::{EsimdOptions, INVOKE_SIMD_ERROR};
use crate::image::{check_symbol_names, symbols_text, DeviceImage, Image, ImageKind, TargetOutcome};
use crate::input::{parse_module, Input};
use crate::kernel_names::rename_kernels;
use crate::output::io_reason;
use crate::settings::{ImageOrder, KernelNames, Settings, SpecConstMode};

/// Functions carrying `sycl_explicit_simd` metadata.
fn has_esimd_functions(m: &Module<'_>) -> bool {
    let marker = sycl_split::esimd::EsimdMarker::new(m);
    m.functions().into_iter().any(|f| marker.is_esimd(f))
}

/// The warning for a module with kernels and no `sycl-module-id` (upstream
/// clang writes none) split per source.
pub const NO_MODULE_IDS_WARNING: &str = "the module has kernels but no function with the 'sycl-module-id' attribute: \
     per-source split makes one device image and SYCL_EXTERNAL functions are not entry points (sycl-link sets the \
     attribute from each input's source file name)";

/// A module with kernels of which no function carries `sycl-module-id`.
fn lacks_module_ids(m: &Module<'_>) -> bool {
    let functions = m.functions();
    functions
        .iter()
        .any(|f| !f.is_declaration() && sycl_split::is_kernel(*f))
        && !functions
            .iter()
            .any(|f| f.has_fn_attr(sycl_split::entry_points::ATTR_MODULE_ID))
}

/// Refuses, with a clear message, what this toolkit does not do yet.
/// `esimd` tells whether the tool has the ESIMD step (`sycl-module-split`
/// does not).
pub(crate) fn check_supported(m: &Module<'_>, input: &str, esimd: bool) -> Result<(), PostLinkError> {
    if !esimd && has_esimd_functions(m) {
        return Err(err(format!(
            "{input}: ESIMD functions (sycl_explicit_simd) are not supported yet"
        )));
    }
    Ok(())
}

/// Whether the pre-split steps (`prepare` of [`run_pipeline`] and of
/// `sycl-module-split`, [`check_supported`], and with `image_scope_check`
/// the `device_image_scope` check) need the function bodies of `m`, read at
/// module level ([`crate::driver::split_and_save`]). They look at function
/// metadata and uses only where the module has ESIMD code, `invoke_simd`,
/// `llvm.used`, `llvm.compiler.used`, sanitizer metadata or (for the check)
/// `device_image_scope` device globals, each seen at module level (the
/// ESIMD marker's metadata kind is registered by any module that uses it);
/// without them they rename kernels at most.
pub(crate) fn pre_split_needs_bodies(m: &Module<'_>, image_scope_check: bool) -> bool {
    use sycl_passes::properties::device_globals::{has_device_image_scope, is_device_global};
    m.md_kind(sycl_split::esimd::ESIMD_MARKER_MD) != sycl_ir::MD_KIND_ABSENT
        || m.functions()
            .into_iter()
            .any(|f| f.name().starts_with(sycl_split::esimd::INVOKE_SIMD_PREFIX))
        || m.global("llvm.used").is_some()
        || m.global("llvm.compiler.used").is_some()
        || sycl_passes::properties::misc::SANITIZER_METADATA
            .iter()
            .any(|(name, _)| m.global(name).is_some())
        || (image_scope_check
            && m.globals()
                .into_iter()
                .any(|g| is_device_global(g) && has_device_image_scope(g)))
}

/// Upstream's `-device-globals` check: a `device_image_scope` device global
/// may be used from the entry points of one image only.
fn check_device_image_scope(m: &Module<'_>, groups: &[EntryPointGroup<'_>]) -> Result<(), PostLinkError> {
    let entry_points: Vec<&[Value<'_>]> = groups.iter().map(|g| g.entry_points.as_slice()).collect();
    sycl_passes::properties::check_device_image_scope(m, &entry_points)
        .map_err(|e| PostLinkError::untagged(e.to_string()))
}

/// `!sycl-esimd-split-status = !{!{i8 V}}`.
pub(crate) fn add_esimd_status(m: &Module<'_>, status: EsimdStatus) {
    let t = m.types();
    let v = match status {
        EsimdStatus::SyclOnly => 0,
        EsimdStatus::EsimdOnly => 1,
        EsimdStatus::SyclAndEsimd => 2,
    };
    let node = m.md_node(&[MdOperand::Value(t.const_int(t.int(8), v))]);
    m.set_named_metadata("sycl-esimd-split-status", &[node]);
}

/// A module's IR as the settings ask: textual IR or bitcode.
pub(crate) fn serialize(m: &Module<'_>, text: bool) -> Vec<u8> {
    if text {
        m.to_text().into_bytes()
    } else {
        m.to_bitcode()
    }
}

/// Turns each cleaned-up image the driver hands over into [`Image`]s: the
/// image's parts, then its default-value copies.
struct ImageMaker<'a> {
    s: &'a Settings,
    /// The targets of the output tables ([`Settings::tables`]).
    tables: Vec<String>,
    /// The pre-split steps rewrote the input module.
    input_rewritten: AtomicBool,
    /// The split made several images (set before any image is made).
    several_images: AtomicBool,
    /// Specialization-constant lowering changed an image.
    spec_modified: AtomicBool,
    /// The ESIMD step split an image into an ESIMD and a SYCL part.
    esimd_modified: AtomicBool,
    /// Default-value images made so far (each takes the number
    /// after its image, shifting the rest; images are then made one by one,
    /// in order: see [`post_link`]).
    extra_images: AtomicUsize,
    /// The number the next image after all made ones takes.
    next_number: AtomicUsize,
    /// A made image declares a bfloat16 device-library function.
    bf16_devicelib_used: AtomicBool,
}

/// One module to make an [`Image`] of, and what it is.
struct SavedModule<'a, 'c> {
    module: &'a Module<'c>,
    entry_points: &'a [String],
    status: EsimdStatus,
    kind: ImageKind,
}

impl ImageMaker<'_> {
    /// The images of driver image `n`, in table order.
    fn images(&self, n: usize, image: &DeviceImage<'_>) -> Result<Vec<Image>, PostLinkError> {
        let s = self.s;
        // Per part (ESIMD first): sanitizer module-id kernels (upstream's
        // post-split `handleSanitizers`), then specialization constants
        // (reference 3.9), the default-value copy being taken before the part
        // itself is lowered.
        let mut default_images = Vec::new();
        let mut spec_modified = false;
        for part in &image.parts {
            let im = &part.module;
            sycl_passes::sanitizer::add_sanitizer_module_kernels(im);
            if s.default_spec_consts && !s.ir_output_only {
                if let Some((dm, entries)) = default_value_image(im).map_err(|e| err(e.to_string()))? {
                    default_images.push((dm, entries, part.status));
                }
            }
            if let Some(mode) = s.spec_const {
                let mode = match mode {
                    SpecConstMode::Native => HandlingMode::Native,
                    SpecConstMode::Emulation => HandlingMode::Emulation,
                };
                spec_modified |= lower_spec_constants(im, mode).map_err(|e| err(e.to_string()))?;
            }
        }
        // Every module saved is cleaned up once more, after its
        // specialization constants were lowered (upstream's
        // `prepareModuleBeforeSave`, which runs `ModuleDesc::cleanup` on each
        // module and default-value copy, and `-ir-output-only`'s direct
        // `cleanup`): what lowering left dead goes — the
        // `__sycl_get*2020SpecConstantValue` declarations, discardable
        // `specialization_id` globals and the types only they used.
        let copts = CleanupOptions {
            dynamic_linking: s.dynamic_linking,
            has_virtual_functions: image.has_virtual_functions,
        };
        let cleanup_err = |e: sycl_passes::PassError| err(e.to_string());
        for part in &image.parts {
            cleanup(&part.module, &part.entry_points, copts).map_err(cleanup_err)?;
        }
        for (dm, entries, _) in &default_images {
            cleanup(dm, entries, copts).map_err(cleanup_err)?;
        }
        if spec_modified {
            self.spec_modified.store(true, Ordering::SeqCst);
        }
        if image.esimd_split {
            self.esimd_modified.store(true, Ordering::SeqCst);
        }
        // Upstream's `Modified` when it saves an image: the module was
        // rewritten before the split or split into several images, or this
        // image was split into ESIMD and SYCL parts or had its specialization
        // constants lowered. Extracting one image alone is no modification.
        let modified = image.esimd_split
            || image.esimd_lowered
            || spec_modified
            || self.input_rewritten.load(Ordering::SeqCst)
            || self.several_images.load(Ordering::SeqCst);
        if s.ir_output_only {
            if image.esimd_split {
                return Err(err("some modules had to be split, '-ir-output-only' can't be used"));
            }
            let Some(part) = image.parts.first() else {
                return Ok(Vec::new());
            };
            let im = &part.module;
            if s.tuning.verifies() {
                im.verify().map_err(|e| err(format!("{}: {e}", im.identifier())))?;
            }
            return Ok(vec![Image {
                number: n,
                kind: ImageKind::Code,
                esimd_status: part.status,
                shares_number: false,
                modified,
                ir: serialize(im, s.text),
                entry_points: part.entry_points.clone(),
                symbols: None,
                properties: None,
                targets: self.outcomes(im, &part.entry_points, part.status),
            }]);
        }
        // An image's default-value images follow it and take the next number.
        // (A virtual-functions image that uses optional features gets no
        // dummy copy: the newest upstream tool writes none, and its
        // `computeModuleProperties` has no `dummy-image` property; the older
        // `makeDummy` and its test virtual-functions/dummy.ll predate that.)
        let shift = usize::from(!default_images.is_empty());
        let n = n + self.extra_images.fetch_add(shift, Ordering::SeqCst);
        let mut out = Vec::new();
        for part in &image.parts {
            let saved = SavedModule {
                module: &part.module,
                entry_points: &part.entry_points,
                status: part.status,
                kind: ImageKind::Code,
            };
            out.push(self.make(n, &saved, modified)?);
        }
        for (dm, entries, status) in &default_images {
            let saved = SavedModule {
                module: dm,
                entry_points: entries,
                status: *status,
                kind: ImageKind::DefaultSpecConstants,
            };
            out.push(self.make(n + 1, &saved, true)?);
        }
        if image.parts.len() > 1 {
            for i in &mut out {
                i.shares_number = true;
            }
        }
        Ok(out)
    }

    /// Per output table, whether it lists a module: a known target's table
    /// leaves out the images it cannot run (reference 2.5).
    fn outcomes(&self, im: &Module<'_>, entry_points: &[String], status: EsimdStatus) -> Vec<TargetOutcome> {
        let filter = sycl_passes::target_filter::TargetFilter::new(im, entry_points, status);
        self.tables
            .iter()
            .map(|t| TargetOutcome {
                target: t.clone(),
                accepted: filter.accepts(t),
            })
            .collect()
    }

    /// Makes image number `n` of one module: its IR, symbols, properties and
    /// target outcomes.
    fn make(&self, n: usize, saved: &SavedModule<'_, '_>, modified: bool) -> Result<Image, PostLinkError> {
        let _step = sycl_process::trace::span("Properties and IR", n);
        let s = self.s;
        let (im, entry_points) = (saved.module, saved.entry_points);
        self.next_number.fetch_max(n + 1, Ordering::SeqCst);
        let device_lib = match &saved.kind {
            ImageKind::DeviceLibrary(lib) => Some(lib.as_str()),
            _ => None,
        };
        if device_lib.is_none() && sycl_passes::properties::devicelib::uses_bf16_devicelib(im) {
            self.bf16_devicelib_used.store(true, Ordering::SeqCst);
        }
        add_esimd_status(im, saved.status);
        if saved.kind == ImageKind::DefaultSpecConstants {
            mark_default_value_image(im);
        }
        if s.tuning.verifies() {
            im.verify()
                .map_err(|e| err(format!("{}: output module {n}: {e}", im.identifier())))?;
        }
        if s.symbols {
            check_symbol_names(entry_points)
                .map_err(|e| err(format!("{}: output module {n}: {e}", im.identifier())))?;
        }
        let properties = if s.properties {
            let reg = self.properties(saved, device_lib)?;
            reg.check_writable()
                .map_err(|e| err(format!("{}: output module {n}: {e}", im.identifier())))?;
            Some(reg)
        } else {
            None
        };
        Ok(Image {
            number: n,
            kind: saved.kind.clone(),
            esimd_status: saved.status,
            shares_number: false,
            modified,
            ir: serialize(im, s.text),
            entry_points: entry_points.to_vec(),
            symbols: s.symbols.then(|| symbols_text(entry_points)),
            properties,
            targets: self.outcomes(im, entry_points, saved.status),
        })
    }

    /// The property-set registry of one module (without a target).
    fn properties(
        &self,
        saved: &SavedModule<'_, '_>,
        device_lib: Option<&str>,
    ) -> Result<PropertySetRegistry, PostLinkError> {
        let s = self.s;
        let im = saved.module;
        if let Some(lib) = device_lib {
            return Ok(sycl_passes::properties::devicelib::device_lib_properties(im, lib));
        }
        let popts = PropertyOptions {
            param_info: s.emit_param_info,
            program_metadata: s.emit_program_metadata,
            exported_symbols: s.emit_exported_symbols,
            imported_symbols: s.emit_imported_symbols,
            device_globals: s.device_globals,
            kernel_names: s.emit_kernel_names,
            split_none: s.split == SplitMode::None,
            id_queries_range: s.id_queries_range.property_value(),
            devicelib_req_mask: s.devicelib_req_mask,
            dynamic_linking: s.dynamic_linking || s.import_undefined_externals,
            esimd_status: saved.status,
            spec_consts_replaced_with_default: saved.kind == ImageKind::DefaultSpecConstants,
        };
        let reg = compute_properties(im, saved.entry_points, &popts);
        spec_property_sets(im, reg).map_err(|e| err(e.to_string()))
    }
}

/// Hands images to the caller's callback in table order: the driver's
/// workers finish images in any order; each image waits here until every
/// image before it has been handed over.
struct Delivery<F> {
    /// The driver number of the next image to hand over.
    next: usize,
    /// Finished images waiting for the ones before them.
    waiting: BTreeMap<usize, Vec<Image>>,
    on_image: F,
    /// The callback returned an error: it is never called again (other
    /// workers may still finish images; those are dropped).
    stopped: bool,
    /// Images go to the callback as they are made ([`ImageOrder::AsMade`]).
    as_made: bool,
}

/// The sink the driver calls: makes the images, then delivers them in order.
struct Stream<'a, F> {
    maker: ImageMaker<'a>,
    delivery: Mutex<Delivery<F>>,
}

impl<F> ImageSink for Stream<'_, F>
where
    F: FnMut(Image) -> Result<(), PostLinkError> + Send,
{
    type Output = ();

    fn save(&self, n: usize, image: &DeviceImage<'_>) -> Result<(), PostLinkError> {
        let images = self.maker.images(n, image)?;
        let mut guard = self
            .delivery
            .lock()
            .map_err(|_| err("internal error: an image callback panicked"))?;
        let d = &mut *guard;
        if d.stopped {
            return Err(err("the image callback stopped the run"));
        }
        let ready: Vec<Vec<Image>> = match d.as_made {
            true => vec![images],
            false => {
                d.waiting.insert(n, images);
                let mut ready = Vec::new();
                while let Some(images) = d.waiting.remove(&d.next) {
                    d.next += 1;
                    ready.push(images);
                }
                ready
            }
        };
        for images in ready {
            for image in images {
                if let Err(e) = (d.on_image)(image) {
                    d.stopped = true;
                    d.waiting.clear();
                    return Err(e);
                }
            }
        }
        Ok(())
    }
}

/// Runs the post-link pipeline on `input` with `settings`, handing every
/// device image to `on_image` in table order as soon as it and the images
/// before it are ready (or as soon as it is ready:
/// [`Settings::image_order`]).
///
/// `on_image` is called one image at a time, possibly from a worker thread;
/// an error it returns stops the run and is returned, and `on_image` is
/// never called again, whatever the thread count (images other workers
/// finish afterwards are dropped). On an error, images
/// already handed over stay valid but the run as a whole failed (the file
/// sink then writes nothing). Returns the run's warnings and whether the
/// input was modified.
pub fn post_link<F>(settings: &Settings, input: Input, on_image: F) -> Result<Report, PostLinkError>
where
    F: FnMut(Image) -> Result<(), PostLinkError> + Send,
{
    let Input { data, name, verified } = input;
    run_pipeline(settings, SplitInput::Bytes { data, verified }, name, on_image)
}

/// [`post_link`] on a module that `make` builds (and verifies) in the
/// pipeline's own LLVM context, named `name` in messages: what
/// `sycl-link` uses for its linked module, which then is neither written
/// as bitcode nor read and verified again. The images are those
/// [`post_link`] makes from that module's bitcode.
pub fn post_link_module<F, M>(settings: &Settings, name: &str, make: M, on_image: F) -> Result<Report, PostLinkError>
where
    F: FnMut(Image) -> Result<(), PostLinkError> + Send,
    M: for<'c> FnOnce(&'c Context) -> Result<MadeModule<'c>, PostLinkError>,
{
    run_pipeline(settings, SplitInput::Module(Box::new(make)), name.to_string(), on_image)
}

fn run_pipeline<F>(
    settings: &Settings,
    input: SplitInput<'_>,
    name: String,
    on_image: F,
) -> Result<Report, PostLinkError>
where
    F: FnMut(Image) -> Result<(), PostLinkError> + Send,
{
    let s = settings;
    s.check()?;
    let mode = s.split;
    let as_made = s.image_order != ImageOrder::Table && !s.default_spec_consts && !s.split_esimd;
    let split = SplitSettings {
        mode,
        // `-split=none` passes the module through (upstream's ModuleCopier).
        split_given: mode != SplitMode::None,
        global_scope: mode == SplitMode::None || (s.ir_output_only && mode == SplitMode::Auto),
        ep: EntryPointOptions {
            only_kernels: s.only_kernels_as_entry_points,
            dynamic_linking: s.dynamic_linking,
            import_undefined: s.import_undefined_externals,
        },
        threads: s.split_threads(),
        exact_threads: s.tuning.exact_threads,
        costliest_first: as_made && s.image_order == ImageOrder::CostliestFirst,
        esimd: Some(EsimdOptions {
            split_esimd: s.split_esimd,
            lower_esimd: s.lower_esimd,
            force_disable_opt: s.force_disable_esimd_opt,
            stateful_accessors: s.esimd_stateful_accessors,
        }),
    };
    let sink = Stream {
        maker: ImageMaker {
            s,
            tables: s.tables(),
            input_rewritten: AtomicBool::new(false),
            several_images: AtomicBool::new(false),
            spec_modified: AtomicBool::new(false),
            esimd_modified: AtomicBool::new(false),
            extra_images: AtomicUsize::new(0),
            next_number: AtomicUsize::new(0),
            bf16_devicelib_used: AtomicBool::new(false),
        },
        delivery: Mutex::new(Delivery {
            next: 0,
            waiting: BTreeMap::new(),
            on_image,
            stopped: false,
            as_made,
        }),
    };
    let no_module_ids = AtomicBool::new(false);
    let rename_warnings = Mutex::new(Vec::new());
    let prepare = |m: &Module<'_>| {
        check_supported(m, &name, true)?;
        let mut changed = false;
        if matches!(mode, SplitMode::Source | SplitMode::Auto) && lacks_module_ids(m) {
            no_module_ids.store(true, Ordering::SeqCst);
        }
        if s.kernel_names != KernelNames::Mangled {
            let renamed = rename_kernels(m, &name, s.kernel_names)?;
            if renamed.count > 0 {
                sink.maker.input_rewritten.store(true, Ordering::SeqCst);
                changed = true;
            }
            if let Ok(mut w) = rename_warnings.lock() {
                w.extend(renamed.warnings);
            }
        }
        if s.split_esimd && sycl_split::esimd::contains_invoke_simd_calls(m) {
            return Err(PostLinkError::untagged(INVOKE_SIMD_ERROR));
        }
        // Upstream's pre-split passes, in its order (reference 3.1).
        let mut modified = sycl_passes::esimd::kernel_wrappers::fixup_esimd_kernel_wrappers(m);
        modified |= remove_llvm_used(m).map_err(|e| err(e.to_string()))?;
        modified |= remove_device_globals_from_compiler_used(m);
        modified |= sycl_passes::sanitizer::fix_sanitizer_kernel_metadata(m);
        modified |=
            sycl_passes::esimd::invoke_simd_lower::lower_invoke_simd(m).map_err(|e| err(format!("{name}: {e}")))?;
        if modified {
            sink.maker.input_rewritten.store(true, Ordering::SeqCst);
        }
        Ok(changed || modified)
    };
    let result = split_and_save(
        input,
        &name,
        &split,
        &sink,
        prepare,
        |m, groups| {
            if s.device_globals {
                check_device_image_scope(m, groups)?;
            }
            if s.ir_output_only && groups.len() > 1 {
                return Err(err("some modules had to be split, '-ir-output-only' can't be used"));
            }
            if groups.len() > 1 {
                sink.maker.several_images.store(true, Ordering::SeqCst);
            }
            Ok(())
        },
        |m| pre_split_needs_bodies(m, s.device_globals),
    )?;
    let maker = &sink.maker;
    let mut warnings = rename_warnings.into_inner().unwrap_or_default();
    if no_module_ids.load(Ordering::SeqCst) {
        warnings.insert(0, format!("{name}: {NO_MODULE_IDS_WARNING}"));
    }
    warnings.extend(result.warnings);
    let report = Report {
        warnings,
        notes: Vec::new(),
        input_modified: maker.several_images.load(Ordering::SeqCst)
            || maker.input_rewritten.load(Ordering::SeqCst)
            || maker.spec_modified.load(Ordering::SeqCst)
            || maker.esimd_modified.load(Ordering::SeqCst),
    };
    // bfloat16 device libraries (reference 2.7): when an image uses one of
    // their functions and -device-lib-dir names where they are, the
    // fallback and the native library follow the images, saved as they are.
    if let (Some(dir), false) = (&s.device_lib_dir, s.ir_output_only) {
        if maker.bf16_devicelib_used.load(Ordering::SeqCst) {
            let first = maker.next_number.load(Ordering::SeqCst);
            let mut libs = Vec::new();
            for (i, lib) in ["libsycl-fallback-bfloat16.bc", "libsycl-native-bfloat16.bc"]
                .iter()
                .enumerate()
            {
                libs.push(device_lib_image(maker, dir, lib, first + i)?);
            }
            let mut delivery = sink
                .delivery
                .into_inner()
                .map_err(|_| err("internal error: an image callback panicked"))?;
            for image in libs {
                (delivery.on_image)(image)?;
            }
        }
    }
    Ok(report)
}

/// Runs [`post_link`] and collects its images, in table order.
pub fn post_link_images(settings: &Settings, input: Input) -> Result<(Vec<Image>, Report), PostLinkError> {
    let mut images = Vec::new();
    let report = post_link(settings, input, |image| {
        images.push(image);
        Ok(())
    })?;
    Ok((images, report))
}

/// Loads the bfloat16 device library `lib` from `dir` and makes it image
/// number `n`, without cleanup and with the device-library property sets.
fn device_lib_image(maker: &ImageMaker<'_>, dir: &str, lib: &str, n: usize) -> Result<Image, PostLinkError> {
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
    let saved = SavedModule {
        module: &m,
        entry_points: &[],
        status: EsimdStatus::SyclOnly,
        kind: ImageKind::DeviceLibrary(lib.to_string()),
    };
    maker.make(n, &saved, true)
}
