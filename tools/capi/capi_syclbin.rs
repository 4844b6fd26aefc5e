//! The C ABI of SYCLBIN packaging (`sycl_codegen::syclbin`): device images
//! in memory (LLVM IR or SPIR-V, with their property sets) become SYCLBIN
//! bytes in memory, LLVM IR compiled to SPIR-V by worker processes (the
//! `syclbin` program found next to this library, or `$SYCL_CODEGEN_WORKER`),
//! so that a back end that crashes never takes the host with it, from images
//! the caller holds or from the result of an in-memory post-link run
//! (capi.rs); the SPIR-V of images compiled before comes from the code cache
//! (`sycl_syclbin_set_cache`, else the commands' defaults). See the SYCLBIN section of `tools/include/sycl_post_link.h`.
//!
//! ```c
//! sycl_syclbin_image img = {"img_0", code, code_size, props_text, props_size};
//! unsigned char *bin = NULL; size_t size = 0; char *err = NULL;
//! if (sycl_syclbin_create(&img, 1, SYCL_SYCLBIN_INPUT, 0, &bin, &size, &err) == 0) {
//!   fwrite(bin, 1, size, f); sycl_syclbin_free(bin, size);
//! } else { fprintf(stderr, "%s\n", err); sycl_post_link_free(err); }
//! ```

use std::ffi::{c_char, c_int, CStr, CString};
use std::sync::Mutex;

use sycl_codegen::code_cache::CacheSettings;
use sycl_tools::cache_opts::CacheArgs;

use crate::capi::{
    catch_quietly, sycl_post_link_result_image_count, sycl_post_link_result_image_ir,
    sycl_post_link_result_image_number, sycl_post_link_result_image_properties, CResult,
};

use sycl_codegen::syclbin::{package, Container, SyclbinImage, SyclbinOptions};
use sycl_props::property_set::PropertySetRegistry;
use sycl_props::syclbin::BundleState;

/// Bundle state `input` for [`sycl_syclbin_create`].
pub const SYCL_SYCLBIN_INPUT: c_int = 0;
/// Bundle state `object`.
pub const SYCL_SYCLBIN_OBJECT: c_int = 1;
/// Bundle state `executable`.
pub const SYCL_SYCLBIN_EXECUTABLE: c_int = 2;

/// One device image as C passes it (`sycl_syclbin_image` in the header).
#[repr(C)]
pub struct SyclSyclbinImage {
    /// The image's name in messages (NUL-terminated), or null.
    pub name: *const c_char,
    /// LLVM IR (bitcode or text) or a SPIR-V module.
    pub code: *const u8,
    /// Bytes at `code`.
    pub code_size: usize,
    /// Property sets as text (a `.prop` file's contents), or null.
    pub properties: *const c_char,
    /// Bytes at `properties`.
    pub properties_size: usize,
}

unsafe fn set_error(error: *mut *mut c_char, msg: &str) -> c_int {
    if !error.is_null() {
        *error = CString::new(msg.replace('\0', " ")).unwrap_or_default().into_raw();
    }
    1
}

unsafe fn bytes<'a>(p: *const u8, n: usize) -> &'a [u8] {
    if p.is_null() || n == 0 {
        &[]
    } else {
        std::slice::from_raw_parts(p, n)
    }
}

unsafe fn image_from_c(i: usize, img: &SyclSyclbinImage) -> Result<SyclbinImage, String> {
    let name = if img.name.is_null() {
        format!("image {i}")
    } else {
        CStr::from_ptr(img.name).to_string_lossy().into_owned()
    };
    let code = bytes(img.code, img.code_size);
    if code.is_empty() {
        return Err(format!("{name}: no code"));
    }
    let properties = if img.properties.is_null() {
        PropertySetRegistry::new()
    } else {
        let text = std::str::from_utf8(bytes(img.properties as *const u8, img.properties_size))
            .map_err(|_| format!("{name}: property sets are not UTF-8 text"))?;
        PropertySetRegistry::parse_lenient(text).map_err(|e| format!("{name}: property sets: {e}"))?
    };
    Ok(SyclbinImage {
        name,
        code: code.to_vec(),
        properties,
        symbols: None,
    })
}

/// Packages `count` images into a SYCLBIN of bundle state `state`
/// (`SYCL_SYCLBIN_INPUT`, `_OBJECT`, `_EXECUTABLE`), wrapped in an offload
/// binary unless `bare` is non-zero. LLVM IR images are compiled to SPIR-V.
/// On success returns 0 and stores the bytes (free with
/// [`sycl_syclbin_free`]) and their size; on failure returns 1 and, if
/// `error` is not null, a message to free with `sycl_post_link_free`.
///
/// # Safety
/// `images` must point to `count` valid `sycl_syclbin_image`s whose
/// pointers are valid for their sizes; `out` and `out_size` must be
/// writable; `error` must be null or writable.
#[no_mangle]
pub unsafe extern "C" fn sycl_syclbin_create(
    images: *const SyclSyclbinImage,
    count: usize,
    state: c_int,
    bare: c_int,
    out: *mut *mut u8,
    out_size: *mut usize,
    error: *mut *mut c_char,
) -> c_int {
    if out.is_null() || out_size.is_null() || (images.is_null() && count > 0) {
        return set_error(error, "null argument");
    }
    let state = match state {
        SYCL_SYCLBIN_INPUT => BundleState::Input,
        SYCL_SYCLBIN_OBJECT => BundleState::Object,
        SYCL_SYCLBIN_EXECUTABLE => BundleState::Executable,
        other => return set_error(error, &format!("unknown bundle state {other}")),
    };
    let c_images = if count == 0 {
        &[][..]
    } else {
        std::slice::from_raw_parts(images, count)
    };
    let result = catch_quietly(|| {
        let mut imgs = Vec::with_capacity(count);
        for (i, img) in c_images.iter().enumerate() {
            imgs.push(image_from_c(i, img)?);
        }
        let opts = SyclbinOptions {
            state,
            container: if bare != 0 {
                Container::Bare
            } else {
                Container::OffloadBinary
            },
            threads: sycl_tools::env::env_defaults().tuning.thread_count(None),
            workers: Some(crate::worker::worker_command()?),
            cache: cache_settings()?,
            ..SyclbinOptions::default()
        };
        package(&imgs, &opts).map_err(|e| e.to_string())
    });
    match result {
        Ok(Ok(v)) => {
            let boxed = v.into_boxed_slice();
            *out_size = boxed.len();
            *out = Box::into_raw(boxed) as *mut u8;
            0
        }
        Ok(Err(e)) => set_error(error, &e),
        Err(_) => set_error(error, "internal error"),
    }
}

/// The code cache setting of [`sycl_syclbin_set_cache`]; `None` until it
/// is called (the commands' defaults: `SPL_CACHE_DIR`, `SPL_NO_CACHE`,
/// `SPL_CACHE_POLICY`, the user's cache directory).
static CACHE: Mutex<Option<CacheArgs>> = Mutex::new(None);

fn cache_settings() -> Result<Option<CacheSettings>, String> {
    let args = CACHE.lock().map(|c| c.clone()).unwrap_or_default();
    args.unwrap_or_default().settings()
}

/// Sets the code cache of this process's SYCLBIN packaging: `dir` null
/// for the default directory (as the commands), `""` for no cache,
/// otherwise the directory; `policy` null for the default pruning policy,
/// else one in the spelling of `--thinlto-cache-policy`. Returns 0, or 1
/// with `*error` set (free with `sycl_post_link_free`) for a bad policy.
///
/// # Safety
/// `dir` and `policy` must be null or NUL-terminated; `error` null or writable.
#[no_mangle]
pub unsafe extern "C" fn sycl_syclbin_set_cache(
    dir: *const c_char,
    policy: *const c_char,
    error: *mut *mut c_char,
) -> c_int {
    let text = |p: *const c_char| (!p.is_null()).then(|| CStr::from_ptr(p).to_string_lossy().into_owned());
    let (dir, policy) = (text(dir), text(policy));
    let args = CacheArgs {
        off: dir.as_deref() == Some(""),
        dir,
        policy,
        // A shared cache's key and a remote cache come from the
        // environment (SPL_CACHE_KEY_FILE, SPL_REMOTE_CACHE).
        key_file: None,
        remote: None,
        remote_read_only: false,
    };
    if let Err(e) = args.policy() {
        return set_error(error, &e);
    }
    match CACHE.lock() {
        Ok(mut c) => {
            *c = Some(args);
            0
        }
        Err(_) => set_error(error, "internal error"),
    }
}

/// Packages the images of an in-memory post-link run (`result`, from
/// `sycl_post_link_run_buffer` or `_run_module`; see capi.rs) into a
/// SYCLBIN, as [`sycl_syclbin_create`] does with the same images: each
/// image's IR and `.prop` text (run the post-link step with "properties",
/// and with "emit-kernel-names" as upstream's SYCLBIN mode does).
///
/// # Safety
/// `result` must be a live result; `out`, `out_size` writable; `error` null
/// or writable.
#[no_mangle]
pub unsafe extern "C" fn sycl_syclbin_create_from_result(
    result: *const CResult,
    state: c_int,
    bare: c_int,
    out: *mut *mut u8,
    out_size: *mut usize,
    error: *mut *mut c_char,
) -> c_int {
    if result.is_null() {
        return set_error(error, "null argument");
    }
    let n = sycl_post_link_result_image_count(result);
    let mut names = Vec::with_capacity(n);
    let mut images = Vec::with_capacity(n);
    for i in 0..n {
        let (mut ir_size, mut prop_size) = (0usize, 0usize);
        let ir = sycl_post_link_result_image_ir(result, i, &mut ir_size) as *const u8;
        let props = sycl_post_link_result_image_properties(result, i, &mut prop_size);
        let name = CString::new(format!("image {}", sycl_post_link_result_image_number(result, i))).unwrap_or_default();
        images.push(SyclSyclbinImage {
            name: name.as_ptr(),
            code: ir,
            code_size: ir_size,
            properties: props,
            properties_size: prop_size,
        });
        names.push(name);
    }
    let rc = sycl_syclbin_create(images.as_ptr(), images.len(), state, bare, out, out_size, error);
    drop(names);
    rc
}

/// Frees bytes returned by [`sycl_syclbin_create`] (`size` as returned).
///
/// # Safety
/// `bytes` must be null or a pointer returned by `sycl_syclbin_create` with
/// that `size`, not freed before.
#[no_mangle]
pub unsafe extern "C" fn sycl_syclbin_free(bytes: *mut u8, size: usize) {
    if !bytes.is_null() {
        drop(Box::from_raw(std::ptr::slice_from_raw_parts_mut(bytes, size)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sycl_props::syclbin::Syclbin;

    #[test]
    fn packages_ir_in_memory_and_reports_errors() {
        let ir = b"define spir_kernel void @__sycl_kernel_k(ptr addrspace(1) %p) {\n  ret void\n}\n";
        let props = b"[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n";
        let name = CString::new("img_0").expect("name");
        let img = SyclSyclbinImage {
            name: name.as_ptr(),
            code: ir.as_ptr(),
            code_size: ir.len(),
            properties: props.as_ptr() as *const c_char,
            properties_size: props.len(),
        };
        let (mut out, mut size, mut err) = (std::ptr::null_mut(), 0usize, std::ptr::null_mut());
        let rc = unsafe { sycl_syclbin_create(&img, 1, SYCL_SYCLBIN_OBJECT, 0, &mut out, &mut size, &mut err) };
        assert_eq!(rc, 0);
        let bin = Syclbin::parse_any(unsafe { std::slice::from_raw_parts(out, size) }).expect("syclbin");
        assert_eq!(bin.state(), Some(BundleState::Object));
        assert_eq!(bin.abstract_modules[0].kernel_names(), vec!["__sycl_kernel_k"]);
        unsafe { sycl_syclbin_free(out, size) };

        let bad = b"define void @f( {";
        let img = SyclSyclbinImage {
            code: bad.as_ptr(),
            code_size: bad.len(),
            ..img
        };
        let rc = unsafe { sycl_syclbin_create(&img, 1, SYCL_SYCLBIN_INPUT, 1, &mut out, &mut size, &mut err) };
        assert_eq!(rc, 1);
        let msg = unsafe { CStr::from_ptr(err) }.to_string_lossy().into_owned();
        assert!(msg.starts_with("img_0:"), "{msg}");
        unsafe { crate::capi::sycl_post_link_free(err) };
        let rc = unsafe { sycl_syclbin_create(&img, 1, 7, 1, &mut out, &mut size, std::ptr::null_mut()) };
        assert_eq!(rc, 1);
    }
}
