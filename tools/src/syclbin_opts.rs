//! The options of `syclbin create` that `sycl-link -v`/`--dry-run` prints
//! its packaging step with, each defined once: `--state`, `--table`,
//! `--bare` and `--offload-images` ([`state_opt`], [`table_opt`],
//! [`bare_opt`], [`offload_images_opt`]; `syclbin` puts
//! them in its table in its `--help` order), what they set ([`CreateArgs`])
//! and the `syclbin create` command line of such arguments
//! ([`create_command`], with [`thread_opts`]'s `--threads`).

use sycl_codegen::syclbin::Container;
use sycl_props::syclbin::BundleState;

use crate::cl::Opt;
use crate::shared_opts::{thread_opts, HasThreads};

/// What `--state`, `--table` and `--bare` of `syclbin create` set.
#[derive(Debug, Clone)]
pub struct CreateArgs {
    /// `--state` (default input).
    pub state: BundleState,
    /// Each `--table`, in order.
    pub tables: Vec<String>,
    /// `--bare` (not `--offload-binary`).
    pub bare: bool,
    /// `--offload-images`: one offload binary per image, no SYCLBIN.
    pub offload_images: bool,
}

impl CreateArgs {
    /// The container these arguments ask for.
    pub fn container(&self) -> Container {
        match (self.offload_images, self.bare) {
            (true, _) => Container::OffloadImages,
            (false, true) => Container::Bare,
            (false, false) => Container::OffloadBinary,
        }
    }
}

impl Default for CreateArgs {
    fn default() -> Self {
        CreateArgs {
            state: BundleState::Input,
            tables: Vec::new(),
            bare: false,
            offload_images: false,
        }
    }
}

/// A command's options that hold [`CreateArgs`].
pub trait HasCreateArgs {
    /// The `syclbin create` arguments.
    fn create_args(&mut self) -> &mut CreateArgs;
    /// The `syclbin create` arguments.
    fn create_ref(&self) -> &CreateArgs;
}

/// `--state=input|object|executable` (printed as such).
pub fn state_opt<T: HasCreateArgs>() -> Opt<T> {
    Opt::one_of(
        "state",
        &["input", "object", "executable"],
        &[
            ("input", "kernel bundle state input (default)"),
            ("object", "kernel bundle state object"),
            ("executable", "kernel bundle state executable"),
        ],
        "Bundle state written to the global metadata (create; default input)",
        |t: &mut T, v| {
            t.create_args().state = BundleState::from_name(v).unwrap_or(BundleState::Input);
            Ok(())
        },
    )
    .shown(|t: &T| Some(format!("--state={}", t.create_ref().state.name())))
}

/// `--table=<file>`, one a file table (printed as such when there is one).
pub fn table_opt<T: HasCreateArgs>() -> Opt<T> {
    Opt::value(
        "table",
        "file",
        "File table [Code|Properties|Symbols] giving one abstract module per row (create)",
        |t: &mut T, v| {
            t.create_args().tables.push(v.to_string());
            Ok(())
        },
    )
    .shown(|t: &T| match t.create_ref().tables.as_slice() {
        [table] => Some(format!("--table={table}")),
        _ => None,
    })
}

/// `--offload-binary` (the default; never printed).
pub fn offload_binary_opt<T: HasCreateArgs>() -> Opt<T> {
    Opt::flag(
        "offload-binary",
        "Wrap the SYCLBIN in an LLVM offload binary (create; the default)",
        |t: &mut T, v| {
            t.create_args().bare &= v != "true";
            Ok(())
        },
    )
}

/// `--bare` (printed when set).
pub fn bare_opt<T: HasCreateArgs>() -> Opt<T> {
    Opt::flag(
        "bare",
        "Write the SYCLBIN alone, without the offload binary the runtime reads (create)",
        |t: &mut T, v| {
            t.create_args().bare = v == "true";
            Ok(())
        },
    )
    .shown(|t: &T| t.create_ref().bare.then(|| "--bare".to_string()))
}

/// `--offload-images` (printed when set).
pub fn offload_images_opt<T: HasCreateArgs>() -> Opt<T> {
    Opt::flag(
        "offload-images",
        "Write no SYCLBIN but one offload binary per image, as LLVM 22's clang-sycl-linker does for \
         clang-linker-wrapper: the SPIR-V, triple (default spir64, the SYCL runtime's), arch and the kernel names \
         as 'symbols'; property sets are not written (create)",
        |t: &mut T, v| {
            t.create_args().offload_images = v == "true";
            Ok(())
        },
    )
    .shown(|t: &T| t.create_ref().offload_images.then(|| "--offload-images".to_string()))
}

/// The arguments of one `syclbin create` step that `sycl-link` prints.
struct CreateStep {
    create: CreateArgs,
    threads: Option<usize>,
}

impl HasCreateArgs for CreateStep {
    fn create_args(&mut self) -> &mut CreateArgs {
        &mut self.create
    }

    fn create_ref(&self) -> &CreateArgs {
        &self.create
    }
}

impl HasThreads for CreateStep {
    fn threads_mut(&mut self) -> &mut Option<usize> {
        &mut self.threads
    }

    fn threads(&self) -> Option<usize> {
        self.threads
    }
}

/// `syclbin create` of one file table in `state` (not printed for
/// [`Container::OffloadImages`], which has none) into `container`, on
/// `threads` threads, writing `output`: its options as their definitions
/// print them, in `syclbin`'s `--help` order.
pub fn create_command(
    state: BundleState,
    table: &str,
    container: Container,
    threads: usize,
    output: &str,
) -> Vec<String> {
    let step = CreateStep {
        create: CreateArgs {
            state,
            tables: vec![table.to_string()],
            bare: container == Container::Bare,
            offload_images: container == Container::OffloadImages,
        },
        threads: Some(threads),
    };
    let [threads_opt, _] = thread_opts::<CreateStep>();
    let mut c = vec!["syclbin".to_string(), "create".to_string()];
    let state = (container != Container::OffloadImages).then(state_opt);
    c.extend(
        state
            .into_iter()
            .chain([table_opt(), bare_opt(), offload_images_opt(), threads_opt])
            .filter_map(|o| o.show.and_then(|show| show(&step))),
    );
    c.extend(["-o".to_string(), output.to_string()]);
    c
}
