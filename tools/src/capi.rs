//! The C ABI: what a C++ linker wrapper calls instead of spawning the
//! `sycl-post-link` process. See `tools/include/sycl_post_link.h`.
//!
//! ```c
//! const char *args[] = {"-split=kernel", "-symbols", "-properties", "-o", "out.table", "in.bc"};
//! char *err = NULL;
//! if (sycl_post_link_run(args, 6, &err) != 0) { fprintf(stderr, "%s\n", err); sycl_post_link_free(err); }
//! ```

use std::ffi::{c_char, c_int, CStr, CString};

use crate::cli::{parse_post_link, Command};
use sycl_postlink::run;

/// Runs the post-link step with `sycl-post-link` command-line arguments
/// (without the program name). Returns 0 on success; on failure returns 1
/// and, if `error` is not null, stores a message to free with
/// [`sycl_post_link_free`].
///
/// # Safety
/// `args` must point to `nargs` valid NUL-terminated strings; `error` must be
/// null or point to writable storage for one pointer.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_run(
    args: *const *const c_char,
    nargs: usize,
    error: *mut *mut c_char,
) -> c_int {
    let mut v = Vec::with_capacity(nargs);
    for i in 0..nargs {
        let p = *args.add(i);
        if p.is_null() {
            return fail(error, "null argument");
        }
        v.push(CStr::from_ptr(p).to_string_lossy().into_owned());
    }
    let result = std::panic::catch_unwind(|| match parse_post_link(&v) {
        Err(e) => Err(e),
        Ok(Command::Print(_)) => Ok(()),
        Ok(Command::Run(o)) => run(&o).map(|_| ()).map_err(|e| e.0),
    });
    match result {
        Ok(Ok(())) => 0,
        Ok(Err(e)) => fail(error, &e),
        Err(_) => fail(error, "internal error"),
    }
}

unsafe fn fail(error: *mut *mut c_char, msg: &str) -> c_int {
    if !error.is_null() {
        *error = CString::new(msg.replace('\0', " ")).unwrap_or_default().into_raw();
    }
    1
}

/// Frees a message returned by [`sycl_post_link_run`].
///
/// # Safety
/// `msg` must be null or a pointer returned through `sycl_post_link_run`.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_free(msg: *mut c_char) {
    if !msg.is_null() {
        drop(CString::from_raw(msg));
    }
}
