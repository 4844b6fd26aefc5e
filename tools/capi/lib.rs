//! The C library `libsycl_post_link` (shared, with SONAME
//! `libsycl_post_link.so.<major>.<minor>`, and static): every C entry point,
//! declared in `tools/include/sycl_post_link.h`. [`capi`]: the post-link
//! step (on argv, and in memory: settings by option name, buffers, an
//! `LLVMModuleRef`, streaming, result accessors); [`capi_syclbin`]: SYCLBIN
//! packaging in memory, over `capi`'s results; `worker`: the code
//! generation worker both use. Option names are `sycl-tools`' command line
//! (`cli`, `cache_opts`).

pub mod capi;
pub mod capi_syclbin;
mod worker;

pub use capi::*;
pub use capi_syclbin::*;
