//! The options several commands share, each defined once ([`cl::Opt`]):
//! `--threads`/`-j` (every command that runs workers, [`thread_opts`]) and
//! the SYCLBIN code generation options of `sycl-link` and `syclbin create`
//! ([`codegen_opts`]: `--spirv-ext`, `--no-validate`,
//! `--codegen-memory-limit`, the code cache's `--cache-dir`/`--no-cache`/
//! `--cache-policy`, `--codegen-pieces`, `--codegen-opt-level`,
//! `--codegen-timeout`), with what
//! they set ([`SyclbinArgs`]: the code-generation ones straight into its
//! `sycl_codegen::CodegenOptions`) and how that maps onto
//! `sycl_codegen::syclbin::SyclbinOptions` ([`SyclbinArgs::options`]).
//!
//! [`cl::Opt`]: crate::cl::Opt

use sycl_codegen::pieces::PieceSettings;
use sycl_codegen::syclbin::{self, SyclbinOptions};
use sycl_codegen::CodegenOptions;

use crate::cache_opts::CacheArgs;
use crate::cl::{Opt, OptKind, OptSpec};
use crate::env::EnvDefaults;

/// A command's options that hold a thread count (`-j`/`--threads`).
pub trait HasThreads {
    /// The thread count asked for (`None`: the default).
    fn threads_mut(&mut self) -> &mut Option<usize>;
    /// The thread count asked for (`None`: the default).
    fn threads(&self) -> Option<usize>;
}

/// A command's options that hold the SYCLBIN code generation options.
pub trait HasSyclbinArgs {
    /// The SYCLBIN code generation options.
    fn syclbin_args(&mut self) -> &mut SyclbinArgs;
    /// The SYCLBIN code generation options.
    fn syclbin_ref(&self) -> &SyclbinArgs;
}

impl<T: HasSyclbinArgs> HasThreads for T {
    fn threads_mut(&mut self) -> &mut Option<usize> {
        &mut self.syclbin_args().threads
    }

    fn threads(&self) -> Option<usize> {
        self.syclbin_ref().threads
    }
}

/// Help text of `--threads`, shared by every command that runs workers.
const THREADS_HELP: &str = "Number of worker threads, at most (default: SPL_THREADS if set, else all cores; 0 means the default). Output is the same whatever the number";

fn set_threads<T: HasThreads>(t: &mut T, v: &str) -> Result<(), String> {
    // 0 (the default) is `None`.
    *t.threads_mut() = v.parse::<usize>().ok().filter(|&n| n > 0);
    Ok(())
}

fn show_threads<T: HasThreads>(t: &T) -> Option<String> {
    t.threads().map(|n| format!("--threads={n}"))
}

/// `--threads=<N>` (printed in commands as such when given) and its short
/// spelling `-j <N>` (as `make -j`).
pub const fn thread_opts<T: HasThreads>() -> [Opt<T>; 2] {
    const fn spec(name: &'static str, help: &'static str) -> OptSpec {
        OptSpec {
            name,
            kind: OptKind::UInt,
            help,
            value_desc: "N",
        }
    }
    [
        Opt::new(spec("threads", THREADS_HELP), set_threads::<T>).shown(show_threads::<T>),
        Opt::new(spec("j", "Alias for --threads"), set_threads::<T>),
    ]
}

/// What the SYCLBIN code generation options set.
#[derive(Debug, Clone)]
pub struct SyclbinArgs {
    /// `--threads`/`-j`.
    pub threads: Option<usize>,
    /// `--spirv-ext` (DPC++'s list by default), not `--no-validate`,
    /// `--codegen-memory-limit` (in bytes; `Some(0)`: no limit),
    /// `--codegen-pieces` (default: `SPL_CODEGEN_PIECES`, else `auto`),
    /// `--codegen-opt-level`, `--codegen-timeout` (default:
    /// `SPL_CODEGEN_TIMEOUT`, else 30 minutes; `None`: no limit).
    pub codegen: CodegenOptions,
    /// `--cache-dir`, `--no-cache`, `--cache-policy`, the shared and
    /// remote cache's options.
    pub cache: CacheArgs,
}

impl SyclbinArgs {
    /// The defaults of the commands: `--codegen-pieces` from
    /// `SPL_CODEGEN_PIECES` ([`codegen_pieces_default`]), the rest as with no
    /// option.
    pub fn new() -> Result<Self, String> {
        Ok(SyclbinArgs {
            threads: None,
            codegen: CodegenOptions {
                pieces: codegen_pieces_default()?,
                timeout: crate::env::codegen_timeout_default()?,
                ..CodegenOptions::default()
            },
            cache: CacheArgs::default(),
        })
    }

    /// These options in `o` (its other fields as given): the thread count
    /// resolved against `env`, the worker program, the cache settings.
    pub fn options(&self, env: &EnvDefaults, o: SyclbinOptions) -> Result<SyclbinOptions, String> {
        Ok(SyclbinOptions {
            threads: env.tuning.thread_count(self.threads),
            workers: Some(crate::entry::worker()?),
            codegen: self.codegen.clone(),
            cache: self.cache.settings()?,
            ..o
        })
    }
}

/// `--codegen-memory-limit=<MiB>`: the address space in bytes each process
/// compiling an image may take (`0`: no limit).
pub fn codegen_memory_limit(v: &str) -> Result<u64, String> {
    v.parse::<u64>()
        .ok()
        .and_then(|mib| mib.checked_mul(1 << 20))
        .ok_or_else(|| format!("invalid --codegen-memory-limit '{v}': expected a number of MiB (0: no limit)"))
}

/// `--codegen-pieces=auto|off|force|I,F,SIZE,MAX[,COST]`: which images are
/// compiled in pieces (`sycl_codegen::pieces`): `off` none, `auto` the
/// large ones of many functions and the costly ones, `force` every image of
/// two functions or more (for tests), and for tuning, images of at least I
/// instructions and F functions, and images of two functions or more of an
/// estimated cost of at least COST, in pieces of about SIZE, at most MAX.
pub fn codegen_pieces(v: &str) -> Result<PieceSettings, String> {
    match v {
        "auto" => Ok(PieceSettings::default()),
        "off" => Ok(PieceSettings::OFF),
        "force" => Ok(PieceSettings::forced(FORCED_PIECES)),
        _ => PieceSettings::from_arg(v)
            .filter(|s| s.piece_instructions > 0 && s.max_pieces > 0)
            .ok_or_else(|| format!("invalid --codegen-pieces '{v}': expected auto, off, force or I,F,SIZE,MAX[,COST]")),
    }
}

/// The most pieces of an image with `--codegen-pieces=force`.
const FORCED_PIECES: usize = 16;

/// The commands' default of `--codegen-pieces`: `SPL_CODEGEN_PIECES` when
/// set (the tests force pieces on every command that way), else `auto`
/// (`bench/HISTORY.md`, "Images compiled in pieces").
pub fn codegen_pieces_default() -> Result<PieceSettings, String> {
    match std::env::var("SPL_CODEGEN_PIECES") {
        Ok(v) if !v.is_empty() => codegen_pieces(&v).map_err(|e| format!("SPL_CODEGEN_PIECES: {e}")),
        _ => Ok(PieceSettings::default()),
    }
}

/// `--codegen-opt-level=<0..3>`: the SPIR-V back end's optimization level.
pub fn codegen_opt_level(v: &str) -> Result<u8, String> {
    v.parse::<u8>()
        .ok()
        .filter(|l| *l <= 3)
        .ok_or_else(|| format!("invalid --codegen-opt-level '{v}': expected 0, 1, 2 or 3"))
}

fn args<T: HasSyclbinArgs>(t: &mut T) -> &mut SyclbinArgs {
    t.syclbin_args()
}

fn codegen<T: HasSyclbinArgs>(t: &mut T) -> &mut CodegenOptions {
    &mut t.syclbin_args().codegen
}

/// The SYCLBIN code generation options, in `--help` order of the table they
/// go in: `--spirv-ext` and `--no-validate` with the commands' own help
/// (`syclbin` says which subcommand takes them), then the rest.
pub fn codegen_opts<T: HasSyclbinArgs>(spirv_ext_help: &'static str, no_validate_help: &'static str) -> [Opt<T>; 12] {
    [
        Opt::value("spirv-ext", "list", spirv_ext_help, |t: &mut T, v| {
            codegen(t).spirv_extensions = syclbin::parse_spirv_extensions(v).map_err(|e| e.to_string())?;
            Ok(())
        }),
        Opt::flag("no-validate", no_validate_help, |t: &mut T, v| {
            codegen(t).validate = v != "true";
            Ok(())
        }),
        Opt::value(
            "codegen-memory-limit",
            "MiB",
            "Memory (MiB of address space) the process compiling one image may take beyond its worker's; an image \
             that needs more fails with 'out of memory' (default: the machine's memory divided by the threads; 0: no limit)",
            |t: &mut T, v| {
                codegen(t).memory_limit = Some(codegen_memory_limit(v)?);
                Ok(())
            },
        ),
        Opt::value(
            "cache-dir",
            "dir",
            "Code cache directory (default: $SPL_CACHE_DIR, else $XDG_CACHE_HOME/sycl-post-link, else \
             ~/.cache/sycl-post-link): SPIR-V of unchanged images is taken from it instead of compiled",
            |t: &mut T, v| {
                args(t).cache.dir = Some(v.to_string());
                Ok(())
            },
        ),
        Opt::flag(
            "no-cache",
            "Compile every image; neither read nor write the code cache (also SPL_NO_CACHE=1)",
            |t: &mut T, v| {
                args(t).cache.off = v == "true";
                Ok(())
            },
        ),
        Opt::value(
            "cache-policy",
            "policy",
            "Code cache pruning, as --thinlto-cache-policy: prune_interval=<dur>:prune_after=<dur>:\
             cache_size_bytes=<n>[k|m|g]:cache_size_files=<n> (default 20m, 168h, 1g, 1000000; also $SPL_CACHE_POLICY)",
            |t: &mut T, v| {
                args(t).cache.policy = Some(v.to_string());
                Ok(())
            },
        ),
        Opt::value(
            "cache-key-file",
            "file",
            "A shared code cache: the folder may be one a team writes to, and each entry carries an HMAC-SHA-256 \
             under the secret in this file (at least 16 bytes; also $SPL_CACHE_KEY_FILE); entries without a valid \
             one are compiled again. Without it the cache is private: refused in a folder others may write to",
            |t: &mut T, v| {
                args(t).cache.key_file = Some(v.to_string());
                Ok(())
            },
        ),
        Opt::value(
            "remote-cache",
            "url",
            "A remote code cache behind the local one, over HTTP in the Bazel cache layout (GET/PUT of \
             <url>/ac/<sha256>: nginx with WebDAV, bazel-remote, ccache's HTTP storage); needs --cache-key-file. \
             A server that is down, slow or answers errors is a miss and one warning (also $SPL_REMOTE_CACHE)",
            |t: &mut T, v| {
                args(t).cache.remote = Some(v.to_string());
                Ok(())
            },
        ),
        Opt::flag(
            "remote-cache-read-only",
            "Only read the remote code cache, never write it: developer machines, while CI fills it (also \
             SPL_REMOTE_CACHE_READ_ONLY=1)",
            |t: &mut T, v| {
                args(t).cache.remote_read_only = v == "true";
                Ok(())
            },
        ),
        Opt::value(
            "codegen-pieces",
            "auto|off|force|I,F,SIZE,MAX[,COST]",
            "Compile large images in pieces on several cores, joined into one module: auto (the default; \
             SPL_CODEGEN_PIECES sets another: images of 2000 instructions and 64 functions or more, and images of \
             two functions or more whose estimated cost, instructions plus three tenths of the functions times the \
             global variables' elements, is 12000 or more, in pieces of about 250, at most 32), off, force (every \
             image of two functions or more), or the numbers",
            |t: &mut T, v| {
                codegen(t).pieces = codegen_pieces(v)?;
                Ok(())
            },
        ),
        Opt::value(
            "codegen-opt-level",
            "0-3",
            "The SPIR-V back end's optimization level, as llc -O<n> (default 2)",
            |t: &mut T, v| {
                codegen(t).opt_level = codegen_opt_level(v)?;
                Ok(())
            },
        ),
        Opt::value(
            "codegen-timeout",
            "seconds",
            "How long a worker may take to compile one image (or one piece of it) before it is killed and the image \
             fails with an error naming this limit (default 1800, also $SPL_CODEGEN_TIMEOUT; 0: no limit)",
            |t: &mut T, v| {
                codegen(t).timeout = crate::env::codegen_timeout(v)?;
                Ok(())
            },
        ),
    ]
}
