//! The C library `libsycl_post_link` (shared, with SONAME
//! `libsycl_post_link.so.<major>.<minor>`, and static): every C entry point
//! of `sycl-tools` (`capi`, `capi_syclbin`), declared in
//! `tools/include/sycl_post_link.h`. This crate only links them into one
//! library named after its header.

pub use sycl_tools::capi::*;
pub use sycl_tools::capi_syclbin::*;
