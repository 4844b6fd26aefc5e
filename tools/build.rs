//! Records the git commit the tools are built from (`SPL_GIT_COMMIT` for
//! `--version` and `sycl_post_link_version()`): the environment variable of
//! that name when set (a packaged build), else `git rev-parse`, else
//! `unknown`. Rebuilds when the checked-out commit changes.
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
        .filter(|s| !s.is_empty())
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=SPL_GIT_COMMIT");
    let commit = std::env::var("SPL_GIT_COMMIT")
        .ok()
        .filter(|s| !s.is_empty())
        .or_else(|| git(&["rev-parse", "--short=12", "HEAD"]))
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=SPL_GIT_COMMIT={commit}");
    // With LLVM linked statically (`SPL_LLVM_LINK=static`, see
    // `ir/build.rs`), the layout of the code decides how much of it is
    // resident: the kernel maps the file pages around every page touched.
    // - The static constructors of LLVM's many files (`.text.startup`) stay
    //   next to each other, so that starting a tool maps a few pages instead
    //   of pages all over the binary (about 2.5 MB).
    // - The functions our tools run (`link-order.txt`, written by
    //   `scripts/link-order.py`) come first, together: a split then has
    //   about 2 MiB of code resident instead of 15 MiB. A name the file
    //   lists that the build lacks is ignored; only the layout changes.
    if std::env::var("SPL_LLVM_LINK").is_ok_and(|v| v == "static") {
        let order = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("link-order.txt");
        println!("cargo:rerun-if-changed={}", order.display());
        println!("cargo:rustc-link-arg-bins=-Wl,-z,keep-text-section-prefix");
        println!(
            "cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={}",
            order.display()
        );
        println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
    }
    println!("cargo:rerun-if-env-changed=SPL_LLVM_LINK");
    // HEAD names a branch whose ref moves with each commit (a loose ref, or
    // packed-refs once git packs it).
    if let Some(dir) = git(&["rev-parse", "--absolute-git-dir"]) {
        println!("cargo:rerun-if-changed={dir}/HEAD");
    }
    if let (Some(common), Some(head)) = (
        git(&["rev-parse", "--path-format=absolute", "--git-common-dir"]),
        git(&["symbolic-ref", "-q", "HEAD"]),
    ) {
        println!("cargo:rerun-if-changed={common}/{head}");
        println!("cargo:rerun-if-changed={common}/packed-refs");
    }
}
