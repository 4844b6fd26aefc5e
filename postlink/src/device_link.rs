//! The SYCL device linker behind `sycl-link`: what LLVM 22's
//! `clang-sycl-linker` does, plus module splitting, property sets and
//! SYCLBIN output. Device bitcode files are linked into one module, device
//! libraries are linked in for what the module needs (LLVM's
//! `LinkOnlyNeeded`), the linked module goes through the post-link pipeline
//! with the options upstream's SYCLBIN mode gives `sycl-post-link`, and the
//! images are packaged by [`sycl_codegen::syclbin`] (compiled to SPIR-V by worker
//! processes when the options name a worker program, else in process).
//!
//! Everything happens in memory: the linked module's bitcode goes to the
//! in-memory pipeline ([`crate::post_link`]) and each image, as soon as it
//! is made, to the packager's code generation; no file is written but the
//! output. An image that fails stops the split.
//!
//! Device code from upstream clang (`-fsycl-is-device`, kernels declared
//! with `[[clang::sycl_kernel_entry_point(Name)]]`) is prepared before
//! linking, input by input ([`prepare_input`]): functions lacking
//! `sycl-module-id` get it from the input's `source_filename` (upstream
//! clang writes none), and kernels clang names `_ZTS<Name>` are renamed
//! `__sycl_kernel_<Name>`, the name under which Intel's SYCL runtime finds a
//! SYCLBIN kernel by the name a program writes ([`KernelNames`];
//! `docs/upstream-clang.md` gives the rule and the runtime code behind it).
//!
//! Which images depend on which ([`ImageDependencies`]) answers how Intel's
//! SYCL runtime 2026.2 builds a bundle made from a SYCLBIN (intel/llvm
//! `sycl/source/detail/kernel_bundle_impl.hpp`, the newest stored revision):
//! its SYCLBIN constructor makes each image a device image with no
//! dependencies and brings each to the bundle's state on its own, and the
//! constructor of `sycl::build`/`sycl::compile` hands each of those to
//! `ProgramManager::build`/`compile` alone, so an image of an input or
//! executable file that imports a symbol another image of the same file
//! exports fails in the JIT ("Symbols not found"). Only `sycl::link` of
//! object bundles resolves imports: it maps every exported symbol of the
//! images of all the bundles it is given to its image (`CreateLinkGraph`,
//! which throws "Duplicate exported symbol" when two images export one
//! name, and "No exported symbol" for an import nobody exports) and links
//! each image with what it imports.
//!
//! bfloat16 conversions: a linked module that still declares one of the
//! bfloat16 device-library functions (`__devicelib_ConvertFToBF16INTEL`,
//! ...) after the device libraries gets this crate's software definitions
//! (`postlink/devicelib/bf16.ll`, [`link_bf16_devicelib`]), which the split
//! copies into the images that call them. DPC++ leaves them imported and
//! its runtime links a fallback or native bfloat16 device-library image
//! that the application carries; Intel's 2026.2 runtime wheels ship no such
//! library for SPIR-V, so an image that imports them fails to build there
//! ("Symbols not found: \[ __devicelib_ConvertBF16ToFINTEL \]").

use std::path::Path;

use sycl_ir::{Context, Linkage, Module};
use sycl_split::entry_points::{is_bf16_devicelib_function, is_intrinsic_or_builtin, is_kernel, ATTR_MODULE_ID};
use sycl_split::SplitMode;

use crate::driver::{CopyStep, MadeModule};
use crate::error::{PostLinkError, Report};
use crate::kernel_names::rename_kernels;
use crate::pipeline::post_link_module;
pub use crate::settings::KernelNames;
use crate::settings::{ImageOrder, RunTuning, Settings, SpecConstMode};
use sycl_codegen::code_cache::{file_digests, FileDigest};
use sycl_codegen::syclbin::{self, Packager, SyclbinImage, SyclbinOptions};
use sycl_codegen::worker::ReadCheck;
use sycl_props::syclbin::BundleState;

/// What to link and how.
#[derive(Debug, Clone)]
pub struct DeviceLinkOptions {
    /// Device bitcode (or textual IR) files, linked in order.
    pub inputs: Vec<String>,
    /// Device libraries (paths), linked for what the inputs need.
    pub device_libs: Vec<String>,
    /// How the linked module is split into images.
    pub split: SplitMode,
    /// What the images may import from other images.
    pub dependencies: ImageDependencies,
    /// Which kernels are renamed to their free-function kernel name.
    pub kernel_names: KernelNames,
    /// State, container and threads of the SYCLBIN.
    pub syclbin: SyclbinOptions,
    /// How the split is carried out (exact threads, verification); its
    /// thread count is [`RunTuning::streaming_split_threads`] of
    /// [`SyclbinOptions::threads`].
    pub tuning: RunTuning,
}

/// What the images of a link may import from other images.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageDependencies {
    /// None: only kernels are entry points, and every image carries what it
    /// calls (`--syclbin=executable`'s default, as upstream's SYCLBIN mode
    /// without `-allow-device-image-dependencies`).
    None,
    /// What the link does not define (`sycl-link`'s default for input and
    /// object state; not upstream's): a `SYCL_EXTERNAL` function is an entry
    /// point of its translation unit's image, which exports it
    /// (`[SYCL/exported symbols]`, so that other bundles can import it at
    /// `sycl::link`), and each image that calls it carries its own internal
    /// copy, as the split without dynamic linking makes; only functions the
    /// link declares and does not define are imported
    /// (`[SYCL/imported symbols]`: a library or application that
    /// `sycl::link` joins). The file then holds no import between its own
    /// images, which runtime 2026.2's `sycl::build` and executable state
    /// cannot resolve (module documentation), and exports each name once.
    Undefined,
    /// Dynamic linking (`--allow-device-image-dependencies`, which the
    /// newest DPC++ driver implies for `-fsyclbin=input|object`, intel/llvm
    /// PR #22218): a `SYCL_EXTERNAL` function stays in the image of its
    /// translation unit only, and the images that call it import it, from
    /// an image of the same file too.
    All,
}

/// Prepares one input module for linking (see the module documentation):
/// renames its `_ZTS<N>` kernels as `names` says
/// ([`crate::kernel_names::rename_kernels`]), then stamps
/// `sycl-module-id` = the input's source file name (else `path`) on
/// - every kernel that lacks it;
/// - when no function of the input carries the attribute (upstream clang's
///   output), every other function defined with external linkage, builtins
///   and intrinsics aside: the SYCL_EXTERNAL functions of that input, which
///   then are entry points for per-source split and dynamic linking.
///
/// Returns warnings (kernels left with their mangled name) and whether the
/// module changed.
pub fn prepare_input(m: &Module<'_>, path: &str, names: KernelNames) -> Result<Prepared, PostLinkError> {
    let functions = m.functions();
    let has_module_ids = functions.iter().any(|f| f.has_fn_attr(ATTR_MODULE_ID));
    let renamed = rename_kernels(m, path, names)?;
    let mut changed = renamed.count > 0;
    let source = m.as_inkwell().get_source_file_name().to_string_lossy().into_owned();
    let module_id = if source.is_empty() { path.to_string() } else { source };
    for f in functions
        .iter()
        .filter(|f| !f.is_declaration() && !f.has_fn_attr(ATTR_MODULE_ID))
    {
        let external = !has_module_ids && f.linkage() == Linkage::LLVMExternalLinkage && !is_intrinsic_or_builtin(*f);
        if is_kernel(*f) || external {
            f.add_fn_attr(ATTR_MODULE_ID, &module_id);
            changed = true;
        }
    }
    Ok(Prepared {
        warnings: renamed.warnings,
        changed,
    })
}

/// What [`prepare_input`] did.
#[derive(Debug)]
pub struct Prepared {
    /// Kernels left with their mangled name.
    pub warnings: Vec<String>,
    /// Whether a kernel was renamed or a `sycl-module-id` added.
    pub changed: bool,
}

/// A linked module ([`link_modules`]).
pub struct Linked<'c> {
    /// The module.
    pub module: Module<'c>,
    /// The bitcode the module was read from, where it is a lone input that
    /// neither its preparation nor a device library changed: the split's
    /// threads then read their copies from it instead of a copy written for
    /// them, and link the bfloat16 library in each where it was linked
    /// ([`Linked::bf16`]).
    pub bitcode: Option<Vec<u8>>,
    /// Whether the bfloat16 library was linked ([`link_bf16_devicelib`]).
    pub bf16: bool,
    /// The function bodies of the lone input are left to read
    /// ([`Linked::read_function_bodies`]; the split reads them in shares
    /// where it can: [`MadeModule::bodies_left`]).
    pub bodies_left: bool,
}

impl Linked<'_> {
    /// Reads the function bodies left to read, if any, of the input at
    /// `path`.
    pub fn read_function_bodies(&mut self, path: &str) -> Result<(), PostLinkError> {
        if self.bodies_left {
            let _step = sycl_process::trace::span("Read function bodies", path);
            self.module
                .read_function_bodies(path)
                .map_err(|e| PostLinkError::new(e.to_string()))?;
            self.bodies_left = false;
        }
        Ok(())
    }
}

/// A successful link: the SYCLBIN bytes and what was done, for `-v`.
#[derive(Debug)]
pub struct DeviceLinkOutput {
    /// The SYCLBIN (in an offload binary unless a bare one was asked for).
    pub bytes: Vec<u8>,
    /// The device images, one per abstract module.
    pub images: usize,
    /// Warnings of the IR linker and the post-link step.
    pub warnings: Vec<String>,
    /// What `-v` says of the images compiled (`Packager::finish_with_notes`).
    pub notes: Vec<String>,
}

/// Finds each device library name in `dirs` (in order); a name with a
/// directory part is used as it is. Errors as `clang-sycl-linker` words them.
pub fn find_device_libs(names: &[String], dirs: &[String]) -> Result<Vec<String>, PostLinkError> {
    let mut out = Vec::new();
    for name in names {
        if name.is_empty() {
            return Err(PostLinkError::new("Number of device library files cannot be zero"));
        }
        let direct = Path::new(name);
        let found = if direct.components().count() > 1 || dirs.is_empty() {
            direct.is_file().then(|| direct.to_path_buf())
        } else {
            dirs.iter().map(|d| Path::new(d).join(name)).find(|p| p.is_file())
        };
        match found {
            Some(p) => out.push(p.to_string_lossy().into_owned()),
            None => {
                let shown = match dirs.first() {
                    Some(d) if direct.components().count() == 1 => Path::new(d).join(name),
                    _ => direct.to_path_buf(),
                };
                return Err(PostLinkError::new(format!(
                    "'{}' SYCL device library file is not found",
                    shown.display()
                )));
            }
        }
    }
    Ok(out)
}

/// The bytes of `path`, standard input for `-`.
fn read(path: &str) -> Result<Vec<u8>, PostLinkError> {
    crate::input::read_input(path).map(|(data, _)| data)
}

/// Links the inputs (each prepared by [`prepare_input`]) and device
/// libraries into one verified module and returns it as bitcode, with the
/// warnings of the preparation and the linker. `check` reads each file in
/// a worker first, bitcode on `threads` threads there.
pub fn link_inputs(
    inputs: &[String],
    device_libs: &[String],
    names: KernelNames,
    check: Option<&ReadCheck>,
    threads: usize,
) -> Result<(Vec<u8>, Vec<String>), PostLinkError> {
    let ctx = Context::new();
    let mut warnings = Vec::new();
    let check = check.map_or(FileCheck::None, |c| FileCheck::Worker(c, threads));
    let mut linked = link_modules(&ctx, inputs, device_libs, names, check, &mut warnings)?;
    if let Some(first) = inputs.first() {
        linked.read_function_bodies(first)?;
    }
    let _step = sycl_process::trace::span("Write bitcode", LINKED_MODULE);
    Ok((linked.module.to_bitcode(), warnings))
}

/// What is known of the files before this process reads them.
#[derive(Debug, Clone, Copy)]
pub enum FileCheck<'a> {
    /// Nothing: each is read here at once, and verified.
    None,
    /// Each is first read in a worker process ([`ReadCheck`]), so that a
    /// crash of LLVM's reader on a corrupt file is an error and not the
    /// end of this process. Where the worker also verified it, it is not
    /// verified again here. Bitcode is read on this many threads there.
    Worker(&'a ReadCheck, usize),
    /// Each passed the read check and the verifier before (the code cache
    /// knows their bytes: [`sycl_codegen::code_cache::CodeCache::read_checked`]).
    Known,
}

/// Links the inputs (each read, verified and prepared by
/// [`prepare_input`]) and device libraries into one verified module in
/// `ctx`, adding the warnings of the preparation and the linker to
/// `warnings`. A lone input with no device library is the linked module:
/// verifying it once is enough (with the bfloat16 library too: see
/// [`link_bf16_devicelib`]). `check` says how each file is made safe to
/// read and whether it is verified here ([`FileCheck`]).
pub fn link_modules<'c>(
    ctx: &'c Context,
    inputs: &[String],
    device_libs: &[String],
    names: KernelNames,
    check: FileCheck<'_>,
    warnings: &mut Vec<String>,
) -> Result<Linked<'c>, PostLinkError> {
    let Some((first, rest)) = inputs.split_first() else {
        return Err(PostLinkError::new("no input files"));
    };
    // A lone bitcode input that its read check verified is read in two
    // steps: its preparation and the bfloat16 library's link come before
    // its function bodies are read (LLVM's IR linker walks every type its
    // destination uses: 50-80 ms on llama.cpp's device code read whole, 1
    // ms before its bodies are read). `in_steps` asks for that; the third
    // value says whether the bodies are left to read.
    let parse = |path: &str, in_steps: bool| -> Result<(sycl_ir::Module<'c>, Vec<u8>, bool), PostLinkError> {
        let _step = sycl_process::trace::span("Read", path);
        let bytes = read(path)?;
        if bytes.is_empty() {
            return Err(PostLinkError::new(format!(
                "{path}: empty input: expected LLVM IR or bitcode"
            )));
        }
        if !sycl_ir::is_bitcode(&bytes) && std::str::from_utf8(&bytes).is_err() {
            return Err(PostLinkError::new(format!("{path}: Unsupported file type")));
        }
        let in_file = |e: String| PostLinkError::new(format!("{path}: {e}"));
        let verified = match check {
            FileCheck::None => false,
            FileCheck::Known => true,
            FileCheck::Worker(c, threads) => {
                let _step = sycl_process::trace::span("Read check", path);
                c.check(path, &bytes, threads).map_err(in_file)?
            }
        };
        let steps = in_steps && verified && sycl_ir::is_bitcode(&bytes);
        let m = match steps {
            true => ctx.parse_bitcode_module_level(&bytes, path),
            false => ctx.parse_ir(&bytes, path),
        }
        .map_err(|e| in_file(e.to_string()))?;
        // Every input is verified (here, or by the read check's worker)
        // and must be for SPIR-V (sycl-link makes SPIR-V SYCLBINs): a
        // module for another target would be packaged as SPIR-V.
        if !verified {
            let _step = sycl_process::trace::span("Verify", path);
            m.verify()
                .map_err(|e| in_file(format!("input module is broken: {e}")))?;
        }
        sycl_spirv::check_target(&m, sycl_spirv::Backend::Spirv).map_err(|e| in_file(e.to_string()))?;
        Ok((m, bytes, steps))
    };
    let lone = rest.is_empty() && device_libs.is_empty();
    let (linked, bytes, bodies_left) = parse(first, lone)?;
    let prepared = prepare_input(&linked, first, names)?;
    warnings.extend(prepared.warnings);
    let mut bitcode = (!prepared.changed && sycl_ir::is_bitcode(&bytes)).then_some(bytes);
    for path in rest {
        let (m, _, _) = parse(path, false)?;
        bitcode = None;
        warnings.extend(prepare_input(&m, path, names)?.warnings);
        warnings.extend(
            linked
                .link_in(m)
                .map_err(|e| PostLinkError::new(format!("{path}: {e}")))?,
        );
    }
    for path in device_libs {
        let (m, _, _) = parse(path, false)?;
        bitcode = None;
        warnings.extend(
            linked
                .link_in_only_needed(m)
                .map_err(|e| PostLinkError::new(format!("{path}: {e}")))?,
        );
    }
    // The bfloat16 library is this crate's own, verified in its tests; a
    // lone input with it is not verified a second time (0.3 s on
    // llama.cpp's device code, a sixth of a relink after an edit). Linked
    // inputs and device libraries are.
    let bf16 = link_bf16_devicelib(ctx, &linked)?;
    if !lone {
        let _step = sycl_process::trace::span("Verify", LINKED_MODULE);
        linked
            .verify()
            .map_err(|e| PostLinkError::new(format!("linked module: {e}")))?;
    }
    Ok(Linked {
        module: linked,
        bitcode,
        bf16,
        bodies_left,
    })
}

/// The software bfloat16 conversions linked by [`link_bf16_devicelib`].
pub const BF16_DEVICELIB: &str = include_str!("../devicelib/bf16.ll");

/// The name of [`BF16_DEVICELIB`] in messages.
const BF16_DEVICELIB_NAME: &str = "the bfloat16 device library";

/// Links [`BF16_DEVICELIB`] into `linked` for what it needs (LLVM's
/// `LinkOnlyNeeded`) when `linked` declares one of the bfloat16
/// device-library functions; the library takes the module's triple and
/// data layout. A module that declares one of them with another type than
/// the library's (not SYCL's header) is left as it is, importing them.
/// Returns whether it linked.
pub fn link_bf16_devicelib<'c>(ctx: &'c Context, linked: &Module<'c>) -> Result<bool, PostLinkError> {
    let declared: Vec<_> = linked
        .functions()
        .into_iter()
        .filter(|f| is_bf16_devicelib_function(*f))
        .collect();
    if declared.is_empty() {
        return Ok(false);
    }
    let lib = ctx
        .parse_ir(BF16_DEVICELIB.as_bytes(), BF16_DEVICELIB_NAME)
        .map_err(|e| PostLinkError::new(format!("{BF16_DEVICELIB_NAME}: {e}")))?;
    let same_type = |f: &sycl_ir::Value<'c>| {
        lib.function(&f.name())
            .is_some_and(|d| d.global_value_type() == f.global_value_type())
    };
    if !declared.iter().all(same_type) {
        return Ok(false);
    }
    lib.set_data_layout(&linked.data_layout_str());
    lib.set_triple(&linked.triple());
    linked
        .link_in_only_needed(lib)
        .map_err(|e| PostLinkError::new(format!("{BF16_DEVICELIB_NAME}: {e}")))?;
    Ok(true)
}

/// [`link_bf16_devicelib`] on a split thread's copy of a module it linked
/// ([`CopyStep`]): the same functions, appended in the same order.
fn relink_bf16_devicelib<'c>(ctx: &'c Context, copy: &Module<'c>) -> Result<(), PostLinkError> {
    match link_bf16_devicelib(ctx, copy)? {
        true => Ok(()),
        false => Err(PostLinkError::new(format!(
            "{BF16_DEVICELIB_NAME}: not linked into a copy of the module"
        ))),
    }
}

/// The `sycl-post-link` options of upstream's SYCLBIN mode (clang-linker-wrapper
/// `--syclbin`, clang-sycl-linker): properties, symbols, kernel names,
/// parameter info, exported and imported symbols, device globals, native
/// specialization constants, and only kernels as entry points unless device
/// images may depend on each other ([`ImageDependencies`]). The split's
/// threads: where it `streams` images into code generation (a first link),
/// [`RunTuning::streaming_split_threads`] of the link's thread count, else
/// (a relink, whose images are mostly cache hits, so that its split is most
/// of the work; `--save-temps`) all of them. The bytes are the same either
/// way.
pub fn syclbin_settings(o: &DeviceLinkOptions, streams: bool) -> Settings {
    let deps = o.dependencies;
    Settings {
        split: o.split,
        symbols: true,
        properties: true,
        spec_const: Some(SpecConstMode::Native),
        emit_param_info: true,
        emit_kernel_names: true,
        emit_exported_symbols: true,
        emit_imported_symbols: true,
        device_globals: true,
        only_kernels_as_entry_points: deps == ImageDependencies::None,
        dynamic_linking: deps == ImageDependencies::All,
        import_undefined_externals: deps == ImageDependencies::Undefined,
        threads: Some(match streams {
            true => RunTuning::streaming_split_threads(o.syclbin.threads),
            false => o.syclbin.threads,
        }),
        tuning: o.tuning,
        ..Settings::default()
    }
}

/// The name of the linked module in messages.
pub const LINKED_MODULE: &str = "the linked module";

/// The text of every option of `o` that decides the bytes of its output
/// (the code cache's key of a whole link): not the thread count, memory
/// limits, worker program, cache or verification, which decide at most
/// whether the link succeeds. Every field is named, so that a new one is
/// placed on one side or the other.
fn output_options(o: &DeviceLinkOptions) -> String {
    let DeviceLinkOptions {
        inputs,
        device_libs,
        split,
        dependencies,
        kernel_names,
        syclbin,
        tuning: _,
    } = o;
    let SyclbinOptions {
        state,
        ir_type,
        target,
        container,
        triple,
        arch,
        threads: _,
        workers: _,
        codegen,
        worker_memory_limit: _,
        cache: _,
    } = syclbin;
    format!(
        "{inputs:?} {device_libs:?} {split:?} {dependencies:?} {kernel_names:?} {state:?} {ir_type:?} {target:?} \
         {container:?} {triple:?} {arch:?} {:?}",
        codegen.key_bytes()
    )
}

/// The inputs' and device libraries' absolute paths (each as given where
/// it has none: standard input, a file gone).
fn absolute_paths(o: &DeviceLinkOptions) -> Vec<String> {
    o.inputs
        .iter()
        .chain(&o.device_libs)
        .map(|p| std::fs::canonicalize(p).map_or_else(|_| p.clone(), |a| a.to_string_lossy().into_owned()))
        .collect()
}

/// Links, post-links and packages (see the module documentation). With the
/// code cache, a link of the same files with the same options is taken
/// whole from it.
pub fn device_link(o: &DeviceLinkOptions) -> Result<DeviceLinkOutput, PostLinkError> {
    let mut packager = Packager::new(&o.syclbin);
    packager.leave_cache_run_open();
    let cache = packager.cache();
    // A refused cache folder; bad entries are added at the end (never to
    // the warnings a whole-link entry keeps).
    let mut cache_warnings = packager.cache_warnings();
    // Each file read and hashed once, for both the link's key and the
    // read check's.
    let files = cache
        .as_ref()
        .and_then(|_| file_digests(&[&o.inputs[..], &o.device_libs[..]].concat()));
    let options = output_options(o);
    let key = cache.as_ref().zip(files.as_ref()).map(|(c, f)| c.link_key(&options, f));
    let hit = cache.as_ref().zip(key.as_ref()).and_then(|(c, k)| c.lookup_link(k));
    let from_cache = hit.is_some();
    // The same link ran before on other bytes: most images will be hits.
    // Its record names the files by their absolute paths, so that another
    // project's link of files of the same relative names is not taken for
    // a relink of this one.
    let record = cache
        .as_ref()
        .map(|c| c.relink_key(&format!("{options} {:?}", absolute_paths(o))));
    let relink = !from_cache
        && cache
            .as_ref()
            .zip(record.as_ref())
            .is_some_and(|(c, k)| c.linked_before(k));
    let out = match hit {
        Some((bytes, images, warnings)) => {
            let _step = sycl_process::trace::span("Cached link", LINKED_MODULE);
            packager.finish().map_err(|e| PostLinkError::new(e.to_string()))?;
            Ok(DeviceLinkOutput {
                bytes,
                images,
                warnings,
                notes: Vec::new(),
            })
        }
        None => link_and_package(o, packager, files.as_deref(), relink),
    };
    if let Some(c) = &cache {
        if let (Ok(out), Some(key), false) = (&out, &key, from_cache) {
            let _step = sycl_process::trace::span("Store link", LINKED_MODULE);
            c.store_link(key, &out.bytes, out.images, &out.warnings);
        }
        if let (Ok(_), Some(record), false) = (&out, &record, relink || from_cache) {
            c.mark_linked(record);
        }
        c.finish();
        cache_warnings.extend(c.take_warnings());
    }
    out.map(|mut out| {
        out.warnings.extend(cache_warnings);
        out
    })
}

/// [`device_link`] without the whole link's cache entry; `files` are the
/// digests of the files it reads, when the code cache is on.
fn link_and_package(
    o: &DeviceLinkOptions,
    mut packager: Packager,
    files: Option<&[FileDigest]>,
    relink: bool,
) -> Result<DeviceLinkOutput, PostLinkError> {
    // The linked module goes to the split as it is, in the split's own
    // context, and images go to code generation as the split makes them.
    let mut warnings = Vec::new();
    let cache = packager.cache();
    let mut images = 0usize;
    // Each image's exported and imported symbols, for the warning of
    // dynamic linking (`import_between_images`).
    let mut symbols: Vec<ImageSymbols> = Vec::new();
    let mut settings = syclbin_settings(o, !relink);
    let _relink = relink.then(|| sycl_process::trace::span("Relink", LINKED_MODULE));
    // Images go to code generation as they are made (each in its place by
    // number): after an edit, the changed image does not wait for the
    // images before it to be made. A first link makes the costliest first,
    // so that the image that takes longest does not start last.
    settings.image_order = match relink {
        true => ImageOrder::AsMade,
        false => ImageOrder::CostliestFirst,
    };
    let report = post_link_module(
        &settings,
        LINKED_MODULE,
        |ctx| {
            let worker = o.syclbin.read_check();
            // Files a worker read before (the code cache knows their
            // bytes: they were read and verified) are read here at once,
            // and not verified again.
            let checked = cache.as_ref().zip(worker.as_ref()).zip(files).map(|((c, rc), f)| {
                let keys = c.read_check_keys(f, rc.memory_limit);
                (c.read_checked(&keys), keys)
            });
            let check = match (&worker, &checked) {
                (_, Some((true, _))) => FileCheck::Known,
                (Some(rc), _) => FileCheck::Worker(rc, o.syclbin.threads),
                (None, _) => FileCheck::None,
            };
            let linked = link_modules(ctx, &o.inputs, &o.device_libs, o.kernel_names, check, &mut warnings)?;
            if let (Some(c), Some((false, keys))) = (&cache, &checked) {
                c.mark_read_checked(keys);
            }
            // Named as the bitcode the steps of `-v` write would be read.
            linked.module.as_inkwell().set_name(LINKED_MODULE);
            Ok(MadeModule {
                module: linked.module,
                bitcode: linked.bitcode,
                redo: linked.bf16.then_some(relink_bf16_devicelib as CopyStep),
                bodies_left: linked.bodies_left,
            })
        },
        |image| {
            if packager.failed() {
                // finish() below names the first failing image.
                return Err(PostLinkError::new("an image failed"));
            }
            images += 1;
            if o.dependencies == ImageDependencies::All {
                symbols.push(ImageSymbols::of(&image));
            }
            // Numbered as made (ImageOrder::AsMade).
            packager
                .submit_number(image.number, SyclbinImage::from(image))
                .map_err(|e| PostLinkError::new(e.to_string()))
        },
    );
    let report = match report {
        Ok(r) => r,
        Err(e) if !packager.failed() => return Err(e),
        Err(_) => Report::default(),
    };
    warnings.extend(report.warnings);
    warnings.extend(import_between_images(symbols, o.syclbin.state));
    let mut bin = sycl_props::syclbin::Syclbin::new(o.syclbin.state);
    let (modules, notes) = packager
        .finish_with_notes()
        .map_err(|e| PostLinkError::new(e.to_string()))?;
    bin.abstract_modules = modules;
    let bytes = syclbin::write(&bin, &o.syclbin).map_err(|e| PostLinkError::new(e.to_string()))?;
    Ok(DeviceLinkOutput {
        bytes,
        images,
        warnings,
        notes,
    })
}

/// The exported and imported symbols of one image, by its number.
#[derive(Debug)]
struct ImageSymbols {
    number: usize,
    exported: Vec<String>,
    imported: Vec<String>,
}

impl ImageSymbols {
    fn of(image: &crate::Image) -> Self {
        let names = |set: &str| -> Vec<String> {
            image
                .properties
                .as_ref()
                .and_then(|r| r.get(set))
                .map(|s| s.iter().map(|(n, _)| n.to_string()).collect())
                .unwrap_or_default()
        };
        ImageSymbols {
            number: image.number,
            exported: names(sycl_props::property_set::names::EXPORTED_SYMBOLS),
            imported: names(sycl_props::property_set::names::IMPORTED_SYMBOLS),
        }
    }
}

/// The one warning of a file whose images import from each other (dynamic
/// linking): the first import, in image then import order, that another
/// image of the file exports, and why runtime 2026.2 will not resolve it
/// (module documentation).
fn import_between_images(mut images: Vec<ImageSymbols>, state: BundleState) -> Option<String> {
    images.sort_by_key(|i| i.number);
    let exporter = |name: &str, not: usize| {
        images
            .iter()
            .find(|i| i.number != not && i.exported.iter().any(|e| e == name))
            .map(|i| i.number)
    };
    let (importer, name, from) = images.iter().find_map(|i| {
        i.imported
            .iter()
            .find_map(|n| exporter(n, i.number).map(|from| (i.number, n, from)))
    })?;
    let how = match state {
        BundleState::Input => {
            "sycl::build of SYCL runtime 2026.2 builds each image of a SYCLBIN alone and will not resolve it \
             (sycl::compile then sycl::link does)"
        }
        BundleState::Object => {
            "SYCL runtime 2026.2 resolves it at sycl::link only: sycl::build of such images in input state \
             builds each alone and will not"
        }
        BundleState::Executable => {
            "SYCL runtime 2026.2 builds each image of an executable-state SYCLBIN alone and will not resolve it"
        }
    };
    Some(format!(
        "device image {importer} imports '{name}', which device image {from} of the same file exports: {how}; \
         without --allow-device-image-dependencies each image carries its own copy"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What lets [`link_modules`] skip verifying a lone input again after
    /// the bfloat16 library is linked: the library's every function, linked
    /// into a module that declares them all, leaves a module that verifies.
    #[test]
    fn bf16_devicelib_links_into_a_verified_module() {
        let mut ir = String::from("target triple = \"spir64-unknown-unknown\"\n");
        for line in BF16_DEVICELIB.lines().filter(|l| l.starts_with("define weak_odr ")) {
            let sig = &line["define weak_odr ".len()..line.rfind(" #").expect("attributes")];
            ir.push_str(&format!("declare {sig}\n"));
        }
        let ctx = Context::new();
        let m = ctx.parse_ir(ir.as_bytes(), "uses-bf16.ll").expect("parses");
        let declared = m
            .functions()
            .into_iter()
            .filter(|f| is_bf16_devicelib_function(*f))
            .count();
        assert_eq!(declared, sycl_split::entry_points::BF16_DEVICELIB_FUNCTIONS.len());
        assert!(link_bf16_devicelib(&ctx, &m).expect("links"));
        assert!(m.functions().into_iter().all(|f| !is_bf16_devicelib_function(f)));
        m.verify().expect("the linked module verifies");
    }

    #[test]
    fn upstream_clang_input_prepared() {
        let ctx = Context::new();
        let ir = b"source_filename = \"a.cpp\"\n\
            define spir_func i32 @_Z5scalei(i32 %x) { ret i32 %x }\n\
            define linkonce_odr spir_func i32 @_Z6helperi(i32 %x) { ret i32 %x }\n\
            define spir_kernel void @_ZTS1K() { ret void }\n";
        let m = ctx.parse_ir(ir, "a.ll").expect("parses");
        let prepared = prepare_input(&m, "a.ll", KernelNames::Auto).expect("prepared");
        assert!(prepared.warnings.is_empty() && prepared.changed);
        let k = m.function("__sycl_kernel_K").expect("renamed");
        assert_eq!(k.fn_attr(ATTR_MODULE_ID).as_deref(), Some("a.cpp"));
        let scale = m.function("_Z5scalei").expect("kept");
        assert_eq!(scale.fn_attr(ATTR_MODULE_ID).as_deref(), Some("a.cpp"));
        let helper = m.function("_Z6helperi").expect("kept");
        assert!(!helper.has_fn_attr(ATTR_MODULE_ID));
    }

    #[test]
    fn dpcpp_input_left_alone() {
        let ctx = Context::new();
        let ir = b"define spir_func i32 @helper(i32 %x) { ret i32 %x }\n\
            define spir_kernel void @_ZTS1K() #0 { ret void }\n\
            define spir_kernel void @_ZTS1L() { ret void }\n\
            attributes #0 = { \"sycl-module-id\"=\"a.cpp\" }\n";
        let m = ctx.parse_ir(ir, "a.ll").expect("parses");
        assert!(prepare_input(&m, "a.ll", KernelNames::Auto).expect("prepared").changed);
        assert!(m.function("_ZTS1K").is_some());
        // A kernel without the attribute gets the input's name; other
        // functions of a module that has module ids do not.
        let l = m.function("_ZTS1L").expect("kept");
        assert_eq!(l.fn_attr(ATTR_MODULE_ID).as_deref(), Some("a.ll"));
        assert!(!m.function("helper").expect("kept").has_fn_attr(ATTR_MODULE_ID));
        // Prepared once, the module is left as it is.
        let again = prepare_input(&m, "a.ll", KernelNames::Auto).expect("prepared");
        assert!(!again.changed && again.warnings.is_empty());
    }

    fn symbols(number: usize, exported: &[&str], imported: &[&str]) -> ImageSymbols {
        let own = |v: &[&str]| v.iter().map(|s| s.to_string()).collect();
        ImageSymbols {
            number,
            exported: own(exported),
            imported: own(imported),
        }
    }

    #[test]
    fn one_warning_names_the_first_import_between_images() {
        // Images arrive in any order; the warning follows image numbers.
        let images = vec![
            symbols(2, &[], &["_Z1gi", "_Z1fi"]),
            symbols(0, &["_Z1fi"], &["_Z6remotei"]),
            symbols(1, &["_Z1gi"], &["_Z1fi"]),
        ];
        let w = import_between_images(images, BundleState::Input).expect("a warning");
        assert!(
            w.starts_with("device image 1 imports '_Z1fi', which device image 0 of the same file exports: sycl::build"),
            "{w}"
        );
        let w = import_between_images(
            vec![symbols(0, &[], &["_Z1fi"]), symbols(1, &["_Z1fi"], &[])],
            BundleState::Executable,
        )
        .expect("a warning");
        assert!(w.contains("executable-state SYCLBIN"), "{w}");
        let w = import_between_images(
            vec![symbols(0, &[], &["_Z1fi"]), symbols(1, &["_Z1fi"], &[])],
            BundleState::Object,
        )
        .expect("a warning");
        assert!(w.contains("resolves it at sycl::link only"), "{w}");
    }

    #[test]
    fn no_warning_without_imports_between_images() {
        // An image's own export and an import no image of the file exports
        // (another bundle's, joined by sycl::link) are not warned about.
        let images = vec![symbols(0, &["_Z1fi"], &["_Z1fi"]), symbols(1, &[], &["_Z6remotei"])];
        assert_eq!(import_between_images(images, BundleState::Object), None);
    }
}
