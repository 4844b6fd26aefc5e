//! C strings to and from LLVM's C API: the names handed to LLVM
//! ([`cname`], [`name_ptr`]) and the byte ranges LLVM hands back
//! ([`bytes_to_string`], [`take_message`]). Every file of the crate converts through these.

use std::ffi::{CStr, CString};

use llvm_sys::core::LLVMDisposeMessage;

/// `name` as a C string, its NUL bytes dropped (an LLVM value or type name
/// cannot hold one).
pub(crate) fn cname(name: &str) -> CString {
    CString::new(name.replace('\0', "")).unwrap_or_default()
}

/// `name` as a C string; a name holding a NUL byte becomes the empty string
/// (it names nothing in LLVM's lookups).
pub(crate) fn name_ptr(name: &str) -> CString {
    CString::new(name).unwrap_or_default()
}

/// The `len` bytes at `p` as a string (invalid UTF-8 replaced), empty for a
/// null pointer.
///
/// # Safety
/// `p` must be null or point to `len` readable bytes.
pub(crate) unsafe fn bytes_to_string(p: *const std::os::raw::c_char, len: usize) -> String {
    if p.is_null() || len == 0 {
        return String::new();
    }
    String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned()
}

/// Takes an LLVM-allocated message (`LLVMDisposeMessage`); null is empty.
pub(crate) unsafe fn take_message(msg: *mut std::os::raw::c_char) -> String {
    if msg.is_null() {
        return String::new();
    }
    let s = CStr::from_ptr(msg).to_string_lossy().into_owned();
    LLVMDisposeMessage(msg);
    s
}

/// Takes an LLVM error message (`LLVMDisposeErrorMessage`); null is empty.
pub(crate) unsafe fn take_message_err(msg: *mut std::os::raw::c_char) -> String {
    if msg.is_null() {
        return String::new();
    }
    let s = CStr::from_ptr(msg).to_string_lossy().into_owned();
    llvm_sys::error::LLVMDisposeErrorMessage(msg);
    s
}
