//! The one `--version` text of every tool and of the C library: tool name,
//! the toolkit's version, the git commit it was built from, and the version
//! of the LLVM library it runs on.

use std::ffi::CString;
use std::sync::OnceLock;

/// The toolkit's version (the workspace's package version).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The git commit the toolkit was built from (`unknown` outside a checkout).
pub const GIT_COMMIT: &str = env!("SPL_GIT_COMMIT");

/// `<version> (git <commit>, LLVM <llvm version>)`: what
/// `sycl_post_link_version()` returns.
pub fn summary() -> String {
    format!("{VERSION} (git {GIT_COMMIT}, LLVM {})", sycl_ir::llvm_version())
}

/// The `--version` text of `tool`, ending in a newline:
///
/// ```text
/// sycl-post-link (sycl-post-link-rs) 0.1.0
///   git commit 26b361c0b3f4
///   LLVM version 22.1.3
/// ```
pub fn text(tool: &str) -> String {
    format!(
        "{tool} (sycl-post-link-rs) {VERSION}\n  git commit {GIT_COMMIT}\n  LLVM version {}\n",
        sycl_ir::llvm_version()
    )
}

/// [`summary`] as a C string that lives as long as the process.
pub fn c_summary() -> &'static CString {
    static TEXT: OnceLock<CString> = OnceLock::new();
    TEXT.get_or_init(|| CString::new(summary()).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    /// The header's version macros are the package's version.
    #[test]
    fn header_macros_match_the_package() {
        let header = include_str!("../include/sycl_post_link.h");
        for (part, want) in [
            ("MAJOR", env!("CARGO_PKG_VERSION_MAJOR")),
            ("MINOR", env!("CARGO_PKG_VERSION_MINOR")),
            ("PATCH", env!("CARGO_PKG_VERSION_PATCH")),
        ] {
            let line = format!("#define SYCL_POST_LINK_VERSION_{part} {want}\n");
            assert!(header.contains(&line), "header lacks `{}`", line.trim_end());
        }
    }

    #[test]
    fn text_names_tool_commit_and_llvm() {
        let t = super::text("x");
        assert!(t.starts_with(&format!("x (sycl-post-link-rs) {}\n", super::VERSION)));
        assert!(t.contains("\n  git commit "));
        assert!(t.contains("\n  LLVM version 22."));
    }
}
