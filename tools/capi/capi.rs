//! The C ABI (`tools/include/sycl_post_link.h`): what a C or C++ linker
//! wrapper calls instead of spawning the `sycl-post-link` process.
//!
//! Two ways in: [`sycl_post_link_run`] takes command-line arguments and
//! writes files, as the command does; the in-memory entry points
//! ([`sycl_post_link_run_buffer`], [`sycl_post_link_run_module`],
//! [`sycl_post_link_run_buffer_stream`]) take settings built option by
//! option ([`sycl_post_link_settings_set`], through the command line's own
//! option table and mapping, `cli::set_post_link_option`) and return the
//! device images in memory, writing no file.
//!
//! Every entry point catches panics: none crosses the boundary, errors come
//! back as messages. Handles are plain owned Rust values; a result is only
//! read after it is made, so readers on several threads are safe.

use std::any::Any;
use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Once;

use sycl_codegen::worker::{default_memory_limit, ReadCheck, DEFAULT_CODEGEN_TIMEOUT};
use sycl_postlink::{post_link, run, Image, Input, PostLinkError, PostLinkOptions, Settings};
use sycl_tools::cli::{parse_post_link_input, set_post_link_option, Command};

/// The settings behind a `sycl_post_link_settings *`: the options as the
/// command line would hold them (targets come from `o`).
pub struct CSettings {
    options: PostLinkOptions,
}

/// Bytes handed out as a C string: NUL-terminated, with the size without
/// the NUL.
struct CText(Vec<u8>);

impl CText {
    fn new(s: &str) -> Self {
        let mut v = Vec::with_capacity(s.len() + 1);
        v.extend_from_slice(s.as_bytes());
        v.push(0);
        CText(v)
    }

    fn ptr(&self) -> *const c_char {
        self.0.as_ptr() as *const c_char
    }

    fn len(&self) -> usize {
        self.0.len() - 1
    }
}

/// One image as the C ABI hands it out.
struct CImage {
    number: usize,
    ir: Vec<u8>,
    /// `.prop` text without a target.
    properties: Option<CText>,
    symbols: Option<CText>,
    entry_points: Vec<CText>,
    /// Per target: the `.prop` text of its table, `None` when the table
    /// leaves the image out.
    targets: Vec<Option<CText>>,
    /// Per target: the table lists the image.
    accepted: Vec<bool>,
}

impl CImage {
    fn new(image: Image) -> Self {
        let targets = image
            .targets
            .iter()
            .map(|t| {
                if t.accepted {
                    image.properties_text(&t.target).map(|s| CText::new(&s))
                } else {
                    None
                }
            })
            .collect();
        CImage {
            number: image.number,
            properties: image.properties_text("").map(|s| CText::new(&s)),
            symbols: image.symbols.as_deref().map(CText::new),
            entry_points: image.entry_points.iter().map(|e| CText::new(e)).collect(),
            accepted: image.targets.iter().map(|t| t.accepted).collect(),
            targets,
            ir: image.ir,
        }
    }
}

/// The result behind a `sycl_post_link_result *`.
pub struct CResult {
    images: Vec<CImage>,
    targets: Vec<CText>,
    warnings: Vec<CText>,
}

/// A panic's message, for the error a caller gets instead of the panic.
pub fn panic_message(p: Box<dyn Any + Send>) -> String {
    let what = p
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown".into());
    format!("internal error: {what}")
}

/// C ABI calls in progress in this process.
static CALLS_IN_PROGRESS: AtomicUsize = AtomicUsize::new(0);

/// Counts a call in progress while it lives.
struct InProgress;

impl Drop for InProgress {
    fn drop(&mut self) {
        CALLS_IN_PROGRESS.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Runs `f`, catching a panic, with no panic message printed: a panic
/// (a bug) becomes the caller's error message, and nothing reaches the
/// host's standard error. Rust prints panic messages from a process-wide
/// hook; the first call puts in a hook that stays silent while any C ABI
/// call is in progress (on any thread: the library's worker threads too)
/// and otherwise hands over to the hook that was there before.
pub fn catch_quietly<R>(f: impl FnOnce() -> R) -> std::thread::Result<R> {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if CALLS_IN_PROGRESS.load(Ordering::SeqCst) == 0 {
                previous(info);
            }
        }));
    });
    CALLS_IN_PROGRESS.fetch_add(1, Ordering::SeqCst);
    let _in_progress = InProgress;
    std::panic::catch_unwind(AssertUnwindSafe(f))
}

/// Stores `msg` in `*error` (when `error` is not null) and returns 1.
unsafe fn fail(error: *mut *mut c_char, msg: &str) -> c_int {
    if !error.is_null() {
        // One line, whatever the message quotes.
        let line: String = msg
            .chars()
            .map(|c| if matches!(c, '\0' | '\n' | '\r') { ' ' } else { c })
            .collect();
        *error = CString::new(line).unwrap_or_default().into_raw();
    }
    1
}

/// Runs `f`, turning an error or a panic into a message in `*error`.
unsafe fn guarded(error: *mut *mut c_char, f: impl FnOnce() -> Result<(), String>) -> c_int {
    if !error.is_null() {
        *error = std::ptr::null_mut();
    }
    match catch_quietly(f) {
        Ok(Ok(())) => 0,
        Ok(Err(e)) => fail(error, &e),
        Err(p) => fail(error, &panic_message(p)),
    }
}

/// Runs the post-link step with `sycl-post-link` command-line arguments
/// (without the program name), writing files as the command does. Returns 0
/// on success; on failure returns 1 and, if `error` is not null, stores a
/// message to free with [`sycl_post_link_free`].
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
    guarded(error, || {
        if nargs > 0 && args.is_null() {
            return Err("null argument list".into());
        }
        let mut v = Vec::with_capacity(nargs);
        for i in 0..nargs {
            let p = *args.add(i);
            if p.is_null() {
                return Err("null argument".into());
            }
            v.push(CStr::from_ptr(p).to_string_lossy().into_owned());
        }
        match parse_post_link_input(&v)? {
            Command::Print(_) => Ok(()),
            // What the command prints or writes about a run is not for a host.
            Command::Run((_, x, _)) if x != Default::default() => {
                Err("-v, -time-trace and -split-report are options of the sycl-post-link command only".into())
            }
            // The host's standard input is the host's: only an explicit "-" reads it.
            Command::Run((_, _, false)) => Err("no input file (name one, or \"-\" to read the standard input)".into()),
            Command::Run((mut o, _, true)) => {
                o.settings.tuning = sycl_tools::env::env_defaults().tuning;
                o.read_check = read_check();
                run(&o).map(|_| ()).map_err(|e| e.0)
            }
        }
    })
}

/// The library's version: `<version> (git <commit>, LLVM <version>)`, a
/// string that lives as long as the process (see [`sycl_tools::version`]).
#[no_mangle]
pub extern "C" fn sycl_post_link_version() -> *const c_char {
    catch_quietly(|| sycl_tools::version::c_summary().as_ptr()).unwrap_or(c"unknown".as_ptr())
}

/// Frees a message returned through an `error` argument.
///
/// # Safety
/// `msg` must be null or a message this library returned, not yet freed.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_free(msg: *mut c_char) {
    if !msg.is_null() {
        let _ = catch_quietly(|| drop(CString::from_raw(msg)));
    }
}

/// New settings: `sycl-post-link` with no option. Null only if memory ran
/// out.
#[no_mangle]
pub extern "C" fn sycl_post_link_settings_create() -> *mut CSettings {
    catch_quietly(|| {
        let mut options = PostLinkOptions::default();
        options.settings.tuning = sycl_tools::env::env_defaults().tuning;
        Box::into_raw(Box::new(CSettings { options }))
    })
    .unwrap_or(std::ptr::null_mut())
}

/// Sets one option, as `-option=value` on the command line.
///
/// # Safety
/// `s` must be a live settings handle not used by another thread during the
/// call; `option` a NUL-terminated string; `value` null or one; `error` null
/// or writable.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_settings_set(
    s: *mut CSettings,
    option: *const c_char,
    value: *const c_char,
    error: *mut *mut c_char,
) -> c_int {
    guarded(error, || {
        let (Some(s), false) = (s.as_mut(), option.is_null()) else {
            return Err("null settings or option".into());
        };
        let name = CStr::from_ptr(option).to_string_lossy();
        let value = (!value.is_null()).then(|| CStr::from_ptr(value).to_string_lossy());
        set_post_link_option(&mut s.options, &name, value.as_deref())
    })
}

/// Frees settings.
///
/// # Safety
/// `s` must be null or a settings handle not yet freed, in use by no run.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_settings_free(s: *mut CSettings) {
    if !s.is_null() {
        let _ = catch_quietly(|| drop(Box::from_raw(s)));
    }
}

/// The settings of an in-memory run, and the target names of its result.
fn run_settings(s: &CSettings) -> Result<(Settings, Vec<CText>), String> {
    let settings = s.options.run_settings();
    settings.check().map_err(|e| e.0)?;
    let targets = settings.tables().iter().map(|t| CText::new(t)).collect();
    Ok((settings, targets))
}

/// The input of a run on a buffer.
unsafe fn buffer_input(data: *const c_void, size: usize, name: *const c_char) -> Result<Input, String> {
    if data.is_null() && size > 0 {
        return Err("null input buffer".into());
    }
    let bytes = if size == 0 {
        Vec::new()
    } else {
        std::slice::from_raw_parts(data as *const u8, size).to_vec()
    };
    let name = if name.is_null() {
        "<memory>".to_string()
    } else {
        CStr::from_ptr(name).to_string_lossy().into_owned()
    };
    Ok(Input::from_bytes(bytes, name))
}

/// How this library reads untrusted input ([`ReadCheck`]): in the
/// code generation worker it finds (`$SYCL_CODEGEN_WORKER`, or `syclbin`
/// next to the library) first, so that a crash of LLVM's reader on a corrupt
/// buffer or file is an error and not the end of the host. Without a worker
/// program the input is read in process only.
fn read_check() -> Option<ReadCheck> {
    let command = crate::worker::worker_command().ok()?;
    Some(ReadCheck {
        command,
        memory_limit: default_memory_limit(1),
        timeout: Some(DEFAULT_CODEGEN_TIMEOUT),
    })
}

/// `input` once a worker has read it without crashing (see [`read_check`]).
fn checked(input: Input, threads: usize) -> Result<Input, String> {
    if let Some(c) = read_check() {
        let bytes = input.bytes();
        c.check(input.name(), bytes, threads)
            .map_err(|e| format!("{}: {e}", input.name()))?;
    }
    Ok(input)
}

/// Runs the pipeline and collects a result.
fn collect(s: &CSettings, input: Input) -> Result<Box<CResult>, String> {
    let (settings, targets) = run_settings(s)?;
    let mut images = Vec::new();
    let report = post_link(&settings, input, |image| {
        images.push(CImage::new(image));
        Ok(())
    })
    .map_err(|e| e.0)?;
    Ok(Box::new(CResult {
        images,
        targets,
        warnings: report.warnings.iter().map(|w| CText::new(w)).collect(),
    }))
}

/// Stores a result in `*result`.
unsafe fn give_result(result: *mut *mut CResult, r: Box<CResult>) -> Result<(), String> {
    if result.is_null() {
        return Err("null result pointer".into());
    }
    *result = Box::into_raw(r);
    Ok(())
}

/// Runs the pipeline on a module held in memory (bitcode or textual IR).
/// Writes no file.
///
/// # Safety
/// `s` must be a live settings handle; `data` must point to `size` readable
/// bytes; `name` null or a NUL-terminated string; `result` writable; `error`
/// null or writable.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_run_buffer(
    s: *const CSettings,
    data: *const c_void,
    size: usize,
    name: *const c_char,
    result: *mut *mut CResult,
    error: *mut *mut c_char,
) -> c_int {
    if !result.is_null() {
        *result = std::ptr::null_mut();
    }
    guarded(error, || {
        let s = s.as_ref().ok_or("null settings")?;
        let threads = s.options.run_settings().thread_count();
        let r = collect(s, checked(buffer_input(data, size, name)?, threads)?)?;
        give_result(result, r)
    })
}

/// Runs the pipeline on a module the caller holds as an `LLVMModuleRef`.
/// The module is only read (its bitcode is taken, as
/// `LLVMWriteBitcodeToFile` writes it) and stays the caller's.
///
/// # Safety
/// `module` must be a live module of the same LLVM library this one links,
/// whose context no other thread uses during the call; the rest as for
/// [`sycl_post_link_run_buffer`].
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_run_module(
    s: *const CSettings,
    module: *mut c_void,
    result: *mut *mut CResult,
    error: *mut *mut c_char,
) -> c_int {
    if !result.is_null() {
        *result = std::ptr::null_mut();
    }
    guarded(error, || {
        let s = s.as_ref().ok_or("null settings")?;
        if module.is_null() {
            return Err("null module".into());
        }
        let (data, name) = sycl_ir::borrowed_module_bitcode(module);
        let r = collect(s, Input::from_bytes(data, name))?;
        give_result(result, r)
    })
}

/// The C callback of [`sycl_post_link_run_buffer_stream`].
pub type ImageCallback = unsafe extern "C" fn(user: *mut c_void, image: *const CResult) -> c_int;

/// The callback and its user pointer, moved to whichever worker thread
/// finishes the next image in order.
struct Callback {
    f: ImageCallback,
    user: *mut c_void,
}

// The header tells callers that the callback may run on another thread,
// one call at a time.
unsafe impl Send for Callback {}

impl Callback {
    /// Calls the callback with a one-image result.
    unsafe fn call(&self, one: &CResult) -> c_int {
        (self.f)(self.user, one)
    }
}

/// Runs the pipeline on a buffer and hands each image to `callback` as soon
/// as it and the images before it are ready, as a one-image result (index
/// 0) valid during the call. A non-zero return stops the run.
///
/// # Safety
/// `callback` must be a valid function, callable from any thread; the rest
/// as for [`sycl_post_link_run_buffer`].
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_run_buffer_stream(
    s: *const CSettings,
    data: *const c_void,
    size: usize,
    name: *const c_char,
    callback: Option<ImageCallback>,
    user: *mut c_void,
    error: *mut *mut c_char,
) -> c_int {
    guarded(error, || {
        let s = s.as_ref().ok_or("null settings")?;
        let f = callback.ok_or("null callback")?;
        let threads = s.options.run_settings().thread_count();
        let input = checked(buffer_input(data, size, name)?, threads)?;
        let (settings, targets) = run_settings(s)?;
        let mut one = CResult {
            images: Vec::with_capacity(1),
            targets,
            warnings: Vec::new(),
        };
        let cb = Callback { f, user };
        post_link(&settings, input, move |image| {
            one.images.clear();
            one.images.push(CImage::new(image));
            let rc = cb.call(&one);
            one.images.clear();
            if rc == 0 {
                Ok(())
            } else {
                Err(PostLinkError::new(format!(
                    "stopped by the image callback (it returned {rc})"
                )))
            }
        })
        .map(|_| ())
        .map_err(|e| e.0)
    })
}

/// Frees a result and everything it handed out.
///
/// # Safety
/// `r` must be null or a result not yet freed, read by no other thread.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_result_free(r: *mut CResult) {
    if !r.is_null() {
        let _ = catch_quietly(|| drop(Box::from_raw(r)));
    }
}

/// Image `i` of `r`, if both exist.
unsafe fn image<'a>(r: *const CResult, i: usize) -> Option<&'a CImage> {
    r.as_ref()?.images.get(i)
}

/// Hands out `text` and its size (null and 0 when absent).
unsafe fn give_text(text: Option<&CText>, size: *mut usize) -> *const c_char {
    let (p, n) = text.map_or((std::ptr::null(), 0), |t| (t.ptr(), t.len()));
    if !size.is_null() {
        *size = n;
    }
    p
}

/// The number of images.
///
/// # Safety
/// `r` must be null or a live result.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_result_image_count(r: *const CResult) -> usize {
    r.as_ref().map_or(0, |r| r.images.len())
}

/// Image `i`'s IR (bitcode, or text with `S`); null past the end.
///
/// # Safety
/// `r` must be null or a live result; `size` null or writable.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_result_image_ir(
    r: *const CResult,
    i: usize,
    size: *mut usize,
) -> *const c_void {
    let (p, n) = image(r, i).map_or((std::ptr::null(), 0), |im| {
        (im.ir.as_ptr() as *const c_void, im.ir.len())
    });
    if !size.is_null() {
        *size = n;
    }
    p
}

/// Image `i`'s `.prop` text (no target); null without `properties`.
///
/// # Safety
/// `r` must be null or a live result; `size` null or writable.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_result_image_properties(
    r: *const CResult,
    i: usize,
    size: *mut usize,
) -> *const c_char {
    give_text(image(r, i).and_then(|im| im.properties.as_ref()), size)
}

/// Image `i`'s `.sym` text; null without `symbols`.
///
/// # Safety
/// `r` must be null or a live result; `size` null or writable.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_result_image_symbols(
    r: *const CResult,
    i: usize,
    size: *mut usize,
) -> *const c_char {
    give_text(image(r, i).and_then(|im| im.symbols.as_ref()), size)
}

/// Image `i`'s number in the command's file names.
///
/// # Safety
/// `r` must be null or a live result.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_result_image_number(r: *const CResult, i: usize) -> usize {
    image(r, i).map_or(0, |im| im.number)
}

/// The number of image `i`'s entry points.
///
/// # Safety
/// `r` must be null or a live result.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_result_image_entry_point_count(r: *const CResult, i: usize) -> usize {
    image(r, i).map_or(0, |im| im.entry_points.len())
}

/// Entry point `j` of image `i`; null past the end.
///
/// # Safety
/// `r` must be null or a live result.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_result_image_entry_point(
    r: *const CResult,
    i: usize,
    j: usize,
) -> *const c_char {
    give_text(image(r, i).and_then(|im| im.entry_points.get(j)), std::ptr::null_mut())
}

/// The number of targets (output tables): one per `o` option, or one empty
/// target without any.
///
/// # Safety
/// `r` must be null or a live result.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_result_target_count(r: *const CResult) -> usize {
    r.as_ref().map_or(0, |r| r.targets.len())
}

/// Target `t`'s name ("" for none); null past the end.
///
/// # Safety
/// `r` must be null or a live result.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_result_target(r: *const CResult, t: usize) -> *const c_char {
    give_text(r.as_ref().and_then(|r| r.targets.get(t)), std::ptr::null_mut())
}

/// 1 when target `t`'s table lists image `i`, else 0.
///
/// # Safety
/// `r` must be null or a live result.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_result_image_in_target(r: *const CResult, i: usize, t: usize) -> c_int {
    c_int::from(image(r, i).is_some_and(|im| im.accepted.get(t).copied().unwrap_or(false)))
}

/// Image `i`'s `.prop` text in target `t`'s table (with `compile_target`
/// for a named target); null when the table leaves the image out or
/// without `properties`.
///
/// # Safety
/// `r` must be null or a live result; `size` null or writable.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_result_image_target_properties(
    r: *const CResult,
    i: usize,
    t: usize,
    size: *mut usize,
) -> *const c_char {
    give_text(image(r, i).and_then(|im| im.targets.get(t)?.as_ref()), size)
}

/// The number of warnings of the run.
///
/// # Safety
/// `r` must be null or a live result.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_result_warning_count(r: *const CResult) -> usize {
    r.as_ref().map_or(0, |r| r.warnings.len())
}

/// Warning `k` (without `warning: `); null past the end.
///
/// # Safety
/// `r` must be null or a live result.
#[no_mangle]
pub unsafe extern "C" fn sycl_post_link_result_warning(r: *const CResult, k: usize) -> *const c_char {
    give_text(r.as_ref().and_then(|r| r.warnings.get(k)), std::ptr::null_mut())
}
