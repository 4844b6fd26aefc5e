//! What a post-link run is asked to do, as a typed value: every
//! `sycl-post-link` option that changes the device images, and none that
//! only says where files go (input path, `-o` file names, `-out-dir`: those
//! belong to the file sink, [`crate::files::PostLinkOptions`]) — and how
//! a run is carried out ([`RunTuning`]: the thread count's default, exact
//! thread counts, verifying every module), which the commands and the C ABI
//! take from the environment; the library reads no environment variable.

use sycl_split::SplitMode;

use crate::error::{err, PostLinkError};

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

/// Which kernels get the name Intel's SYCL runtime finds a SYCLBIN kernel
/// by (`-kernel-names=` of `sycl-post-link`, `--kernel-names=` of
/// `sycl-link`): a kernel upstream clang names `_ZTS<N>` becomes
/// `__sycl_kernel_<N>`, found as `"N"` by `ext_oneapi_get_kernel`
/// ([`crate::kernel_names`], `docs/upstream-clang.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum KernelNames {
    /// Kernels of a module (for `sycl-link`: of an input) in which no
    /// function carries `sycl-module-id`: upstream clang's output. DPC++
    /// writes the attribute on every kernel, so its input is never renamed.
    /// `sycl-link`'s default.
    Auto,
    /// Every `_ZTS<N>` kernel.
    FreeFunction,
    /// None: names stay as the compiler wrote them. `sycl-post-link`'s
    /// default.
    #[default]
    Mangled,
}

impl KernelNames {
    /// The option values, in `--help` order.
    pub const VALUES: [&'static str; 3] = ["auto", "free-function", "mangled"];

    /// The value named `s` (one of [`Self::VALUES`]).
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "auto" => Some(Self::Auto),
            "free-function" => Some(Self::FreeFunction),
            "mangled" => Some(Self::Mangled),
            _ => None,
        }
    }
}

/// The settings of a post-link run. `Settings::default()` is
/// `sycl-post-link` with no option: `-split=auto` (the default since
/// upstream PR #21257), no properties, symbols or spec-constant lowering.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    /// `-S`: images as textual IR instead of bitcode.
    pub text: bool,
    /// `-ir-output-only`: one transformed module, no properties or symbols.
    pub ir_output_only: bool,
    /// `-split=`: `auto` by default; [`SplitMode::None`] passes the module
    /// through as one image.
    pub split: SplitMode,
    /// `-kernel-names=`: kernels renamed before splitting (none by default).
    pub kernel_names: KernelNames,
    /// `-split-esimd`: keep ESIMD and SYCL parts of an image apart.
    pub split_esimd: bool,
    /// `-lower-esimd`: run the ESIMD lowering pipeline on ESIMD modules.
    pub lower_esimd: bool,
    /// `-force-disable-esimd-opt`: no SROA/EarlyCSE/InstCombine/DCE in the
    /// ESIMD lowering pipeline.
    pub force_disable_esimd_opt: bool,
    /// `-lower-esimd-force-stateless-mem=false`: accessor kernel arguments
    /// of ESIMD kernels are surfaces (`buffer_t`) rather than stateless
    /// pointers (upstream's default, `true`, is kept when the option is
    /// absent).
    pub esimd_stateful_accessors: bool,
    /// `-symbols`: a symbol table per image.
    pub symbols: bool,
    /// `-properties`: a property-set registry per image.
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
    /// `-import-undefined-externals` (not an upstream option): without
    /// dynamic linking, the SYCL_EXTERNAL functions the module declares but
    /// does not define are imported (`[SYCL/imported symbols]`) by the
    /// images that call them, and no "Undefined function" warning names
    /// them; what the module defines is copied into each image that calls
    /// it. `sycl-link`'s default for input and object state
    /// ([`crate::device_link`]).
    pub import_undefined_externals: bool,
    /// `-device-lib-dir`: where the bfloat16 device libraries are.
    pub device_lib_dir: Option<String>,
    /// `-id-queries-range=`
    pub id_queries_range: IdQueriesRange,
    /// `-emit-devicelib-req-mask`: also write the `[SYCL/devicelib req mask]`
    /// set that upstream dropped in 2025 (PR #20777), for SYCL runtimes of
    /// that time, which link the fallback device libraries at JIT time from
    /// it. Not an upstream option.
    pub devicelib_req_mask: bool,
    /// Device targets, one per output table (the `target` of
    /// `-o target,file`; empty for none). Each image says, per target,
    /// whether that target's table lists it. No targets means one table
    /// without a target.
    pub targets: Vec<String>,
    /// `-j N` / `--threads=N`: worker threads making the images. `None`
    /// (or `Some(0)`): [`RunTuning::default_threads`], else every core
    /// ([`Settings::thread_count`]). Output is the same bytes whatever the
    /// count.
    pub threads: Option<usize>,
    /// How the images reach the caller's callback ([`ImageOrder`]).
    pub image_order: ImageOrder,
    /// How the run is carried out (not what it makes): the commands and the
    /// C ABI fill it from the environment.
    pub tuning: RunTuning,
}

/// The order in which a run hands its images to the caller.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ImageOrder {
    /// Table order.
    #[default]
    Table,
    /// As they are made: for a caller that puts each image in its place by
    /// its number ([`crate::Image::number`]; `sycl-link`'s packager, so
    /// that an image starts compiling without waiting for the images before
    /// it). Table order all the same where images are not numbered as they
    /// are made: with [`Settings::default_spec_consts`] (whose images shift
    /// the numbers after them) or [`Settings::split_esimd`] (whose parts
    /// share their image's number).
    AsMade,
    /// As they are made, the split making the costliest images
    /// (`sycl_codegen::pieces::estimated_cost`: those of a hundredth of the total
    /// or more) first and the others in job order: for a caller
    /// that compiles them, so that the image that takes longest does not
    /// start last (`sycl-link`'s first link; a relink, whose images are
    /// mostly cache hits, keeps [`ImageOrder::AsMade`]). The same images
    /// and numbers as the other orders.
    CostliestFirst,
}

/// How a run is carried out rather than what it makes: the images are the
/// same bytes whatever these say. The commands and the C ABI fill it from
/// the environment (`SPL_THREADS`, `SPL_EXACT_THREADS`, `SPL_VERIFY_EACH`;
/// `sycl_tools::env`); the library reads no environment variable.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RunTuning {
    /// Worker threads when a run asks for none (`None` or `Some(0)`): the
    /// commands' `SPL_THREADS`. `None`: every core.
    pub default_threads: Option<usize>,
    /// Use exactly the worker threads asked for, even where the split
    /// expects fewer to be faster (`crate::driver`'s `useful_threads`): the
    /// commands' `SPL_EXACT_THREADS`. The tests that compare the bytes made
    /// at several thread counts set it, so that the threaded path runs on
    /// their small modules.
    pub exact_threads: bool,
    /// Run every module written through the LLVM verifier first (LLVM's
    /// `-verify-each` habit): the commands' `SPL_VERIFY_EACH`. Debug builds
    /// always verify ([`RunTuning::verifies`]).
    pub verify_each: bool,
}

impl RunTuning {
    /// The worker threads of a run that asks for `requested` (`-j N`,
    /// `--threads=N`): `requested` when given and not 0; else
    /// [`RunTuning::default_threads`] when given and not 0; else the
    /// machine's parallelism (all cores). The one place a thread count is
    /// decided; output is identical whatever the count. What a run does
    /// with it: [`Settings::split_threads`] for the split, and the read
    /// check reads on the same count.
    pub fn thread_count(&self, requested: Option<usize>) -> usize {
        requested
            .filter(|&n| n > 0)
            .or(self.default_threads.filter(|&n| n > 0))
            .unwrap_or_else(machine_cores)
    }

    /// Threads of a split that streams its images into `compilers` code
    /// generation threads (`sycl-link`). Code generation takes 5-30 times
    /// the CPU time of making an image (llama.cpp's device code per source:
    /// 2.8 s of split, 15 s of SPIR-V back end), so one split thread keeps
    /// about four compilers busy; a split at one thread also saves the copy
    /// of the module each thread would read, written while no image is ready
    /// yet (0.5-1 s on llama.cpp's code). The images do not depend on it.
    pub fn streaming_split_threads(compilers: usize) -> usize {
        compilers.div_ceil(4).max(1)
    }

    /// Whether every module written is verified first: always in debug
    /// builds, else when [`RunTuning::verify_each`] is set.
    pub fn verifies(&self) -> bool {
        cfg!(debug_assertions) || self.verify_each
    }
}

/// The machine's parallelism (cores this process may run on), read once.
/// The split also asks it whether reading in shares pays
/// (`crate::driver`): never more threads than decided, fewer where the
/// machine has fewer cores.
pub fn machine_cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

impl Settings {
    /// The worker threads of this run ([`RunTuning::thread_count`] of
    /// [`Settings::threads`]).
    pub fn thread_count(&self) -> usize {
        self.tuning.thread_count(self.threads)
    }

    /// The threads of this run's split: [`Settings::thread_count`], but one
    /// where default-value spec-constant images are made (each shifts the
    /// numbers of the images after it: images are made one by one, in
    /// order). The split uses at most this many (`crate::driver`'s
    /// `useful_threads` uses fewer where more would not pay).
    pub fn split_threads(&self) -> usize {
        if self.default_spec_consts {
            1
        } else {
            self.thread_count()
        }
    }

    /// Checks the combinations upstream rejects with `-ir-output-only`
    /// (reference 1.2). The messages are upstream's.
    pub fn check(&self) -> Result<(), PostLinkError> {
        if !self.ir_output_only {
            return Ok(());
        }
        if self.split != SplitMode::Auto && self.split != SplitMode::None {
            return Err(err("-split= can't be used with -ir-output-only"));
        }
        let checks = [
            (self.split_esimd, "-split-esimd"),
            (self.symbols, "-symbols"),
            (self.properties, "-properties"),
            (self.emit_param_info, "-emit-param-info"),
            (self.emit_program_metadata, "-emit-program-metadata"),
            (self.emit_kernel_names, "-emit-kernel-names"),
            (self.emit_exported_symbols, "-emit-exported-symbols"),
            (self.emit_imported_symbols, "-emit-imported-symbols"),
            (self.default_spec_consts, "-generate-device-image-default-spec-consts"),
        ];
        match checks.iter().find(|(on, _)| *on) {
            Some((_, name)) => Err(err(format!("{name} can't be used with -ir-output-only"))),
            None => Ok(()),
        }
    }

    /// The targets, one per output table: [`Settings::targets`], or one
    /// empty target when there are none.
    pub fn tables(&self) -> Vec<String> {
        if self.targets.is_empty() {
            vec![String::new()]
        } else {
            self.targets.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn id_queries_range_values() {
        let value = |s| IdQueriesRange::parse(s).map(IdQueriesRange::property_value);
        assert_eq!(value("int"), Some(0));
        assert_eq!(value("uint"), Some(1));
        assert_eq!(value("size_t"), Some(2));
        assert_eq!(IdQueriesRange::parse("long"), None);
    }

    #[test]
    fn thread_count_order() {
        let t = RunTuning {
            default_threads: Some(3),
            ..RunTuning::default()
        };
        assert_eq!(t.thread_count(Some(2)), 2);
        assert_eq!(t.thread_count(Some(0)), 3);
        assert_eq!(t.thread_count(None), 3);
        assert!(RunTuning::default().thread_count(None) >= 1);
    }

    #[test]
    fn split_defaults_to_auto() {
        assert_eq!(Settings::default().split, SplitMode::Auto);
    }
}
