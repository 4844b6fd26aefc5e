//! Gives the shared library its SONAME, `libsycl_post_link.so.<major>.<minor>`
//! (a 0.x release breaks its ABI with each minor version), so that programs
//! linked against it record the release they need.
fn main() {
    let major = std::env::var("CARGO_PKG_VERSION_MAJOR").unwrap_or_else(|_| "0".into());
    let minor = std::env::var("CARGO_PKG_VERSION_MINOR").unwrap_or_else(|_| "0".into());
    let soname = if major == "0" {
        format!("libsycl_post_link.so.0.{minor}")
    } else {
        format!("libsycl_post_link.so.{major}")
    };
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,{soname}");
    println!("cargo:rustc-env=SPL_SONAME={soname}");
}
