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
    // `ir/build.rs`): keep the static constructors of its many files
    // (`.text.startup`) next to each other, so that starting a tool maps a
    // few pages of code instead of the pages around each constructor all
    // over the binary (about 2.5 MB less resident memory per process).
    if std::env::var("SPL_LLVM_LINK").is_ok_and(|v| v == "static") {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,keep-text-section-prefix");
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
