//! The code generation worker of the C library, shared by its two halves
//! ([`crate::capi`]'s read check, [`crate::capi_syclbin`]'s packaging):
//! `$SYCL_CODEGEN_WORKER`, else the `syclbin` program next to the library
//! (found by `sycl-process`).

use sycl_process::WorkerCommand;

/// The program compiling images for this library: `$SYCL_CODEGEN_WORKER`,
/// else the `syclbin` binary in the directory of the library (or of the
/// program it is linked into), or the one above it (cargo's `deps/`).
pub(crate) fn worker_command() -> Result<WorkerCommand, String> {
    WorkerCommand::next_to_library(
        std::env::var_os("SYCL_CODEGEN_WORKER"),
        "syclbin",
        "SYCL_CODEGEN_WORKER",
    )
}
