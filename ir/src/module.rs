//! Contexts and modules: [`Context`] (its diagnostics, reading textual IR
//! and bitcode, [`is_bitcode`]) and every method of [`Module`] except two
//! concerns with files of their own: compiling it with a back end
//! (`codegen.rs`) and linking modules (`link.rs`). Also the bitcode a module
//! is written to ([`Bitcode`]) and [`Extractor`], which extracts
//! sub-modules.

use std::ffi::{CStr, CString};
use std::ptr;

use inkwell::context::Context as InkContext;
use inkwell::module::Module as InkModule;
use llvm_sys::analysis::{LLVMVerifierFailureAction, LLVMVerifyModule};
use llvm_sys::bit_writer::LLVMWriteBitcodeToMemoryBuffer;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::transforms::pass_builder::{LLVMCreatePassBuilderOptions, LLVMDisposePassBuilderOptions, LLVMRunPasses};

use crate::cstr::{bytes_to_string, cname, name_ptr, take_message, take_message_err};
use crate::ffi;
use crate::handles::{Type, Value};
use crate::metadata::{metadata_refs, MdOperand, MD_KIND_ABSENT};
use crate::types::{DataLayout, Types};

/// Errors of the IR layer. Messages are LLVM's own diagnostics where LLVM
/// gives one.
#[derive(Debug, thiserror::Error)]
pub enum IrError {
    /// The input could not be parsed as textual IR or bitcode.
    #[error("{0}")]
    Parse(String),
    /// The module does not pass the LLVM verifier.
    #[error("module verification failed: {0}")]
    Verify(String),
    /// An LLVM pass pipeline failed to parse or run.
    #[error("pass pipeline '{pipeline}': {message}")]
    Passes {
        /// The pipeline text given to LLVM.
        pipeline: String,
        /// LLVM's message.
        message: String,
    },
}

/// How one share of a bitcode read ended ([`Context::read_bitcode_share`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShareRead {
    /// The reader refused the bytes.
    Refused,
    /// Read, and not found to verify (the whole module's verification
    /// decides).
    Read,
    /// Read, and the share passed the verifier.
    Verified,
}

/// An LLVM context. Every module and handle borrows one.
///
/// Every context has a diagnostic handler of its own: LLVM's default
/// one prints to the process's standard error and calls `exit(1)` on an
/// error (a bitcode reader's, a pass's), which would end the host of the
/// library. Here error diagnostics are kept and come back as results;
/// nothing is printed.
pub struct Context {
    inner: InkContext,
    /// The handler's state; declared after `inner` so that it outlives the
    /// LLVM context.
    diagnostics: Box<Diagnostics>,
}

/// The error diagnostics a context received and nobody has taken yet
/// (warnings and remarks are dropped: a library does not print them).
#[derive(Default)]
struct Diagnostics {
    errors: std::cell::Cell<Vec<String>>,
}

/// The diagnostic handler of every [`Context`]: keeps error messages. Cannot
/// unwind (nothing in it panics short of an allocation failure, which
/// aborts).
extern "C" fn keep_diagnostic(info: LLVMDiagnosticInfoRef, state: *mut std::ffi::c_void) {
    if state.is_null() {
        return;
    }
    // SAFETY: `state` is the `Diagnostics` the context was created with
    // (`Context::new`), alive as long as the context; one thread uses a
    // context at a time.
    unsafe {
        if LLVMGetDiagInfoSeverity(info) != llvm_sys::LLVMDiagnosticSeverity::LLVMDSError {
            return;
        }
        // One line per error: the first line of LLVM's text.
        let text = take_message(LLVMGetDiagInfoDescription(info));
        let text = escape_controls(text.lines().find(|l| !l.trim().is_empty()).unwrap_or("error").trim());
        let d = &*(state as *const Diagnostics);
        let mut errors = d.errors.take();
        errors.push(text);
        d.errors.set(errors);
    }
}

/// Takes the error diagnostics that the context `ctx` received (empty when
/// its handler is not [`keep_diagnostic`], e.g. a host's context).
fn take_context_errors(ctx: LLVMContextRef) -> Vec<String> {
    unsafe {
        let ours = LLVMContextGetDiagnosticHandler(ctx)
            .is_some_and(|f| std::ptr::fn_addr_eq(f, keep_diagnostic as extern "C" fn(_, _)));
        let state = LLVMContextGetDiagnosticContext(ctx) as *const Diagnostics;
        if !ours || state.is_null() {
            return Vec::new();
        }
        (*state).errors.take()
    }
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

/// A [`Context`] no handle refers to any more, which may therefore be
/// freed on another thread ([`Context::into_unused`]).
pub struct UnusedContext {
    /// Held only to be dropped.
    _ctx: Context,
}

// SAFETY: an UnusedContext is made only from a context owned by value,
// so no module, value or type of it is borrowed anywhere, and its modules
// were given up to it ([`Module::free_with_context`]): nothing else can
// reach it, and the one thread that owns it may free it.
unsafe impl Send for UnusedContext {}

impl Context {
    /// Creates a fresh context.
    pub fn new() -> Self {
        let inner = InkContext::create();
        let diagnostics = Box::<Diagnostics>::default();
        unsafe {
            LLVMContextSetDiagnosticHandler(
                inner.raw(),
                Some(keep_diagnostic),
                &*diagnostics as *const Diagnostics as *mut std::ffi::c_void,
            );
        }
        Context { inner, diagnostics }
    }

    /// Takes the error diagnostics LLVM reported in this context since they
    /// were last taken (the readers and most failing calls already return
    /// them in their errors).
    pub fn take_errors(&self) -> Vec<String> {
        self.diagnostics.errors.take()
    }

    pub(crate) fn raw(&self) -> LLVMContextRef {
        self.inner.raw()
    }

    /// Parses textual IR or bitcode (detected from the bytes). `name` becomes
    /// the module identifier and the file name in diagnostics (`<stdin>` for
    /// standard input, as LLVM tools do). Where LLVM's readers verify the
    /// module (current-version debug information) and would abort the
    /// process if it is broken, a broken module is an error instead
    /// (`llvm-wrapper/ReaderWrapper.cpp`); other modules are verified only
    /// when asked ([`Module::verify`]).
    pub fn parse_ir(&self, data: &[u8], name: &str) -> Result<Module<'_>, IrError> {
        self.read_ir(data, name, false)
    }

    /// Reads bitcode in two steps: its module-level records and metadata
    /// now, its function bodies when [`Module::read_function_bodies`] is
    /// called. In between the module can be changed while it is small:
    /// LLVM's IR linker walks every type its destination uses, so linking a
    /// small library into llama.cpp's device code read whole takes 50-80
    /// ms, and 1 ms before its bodies are read. Once its bodies are read,
    /// the module is what [`Context::parse_ir`] reads, with those changes.
    /// The bytes are copied. Textual IR is read whole.
    pub fn parse_bitcode_module_level(&self, data: &[u8], name: &str) -> Result<Module<'_>, IrError> {
        self.read_ir(data, name, true)
    }

    /// [`Context::parse_ir`], or with `module_level_only`
    /// [`Context::parse_bitcode_module_level`].
    fn read_ir(&self, data: &[u8], name: &str, module_level_only: bool) -> Result<Module<'_>, IrError> {
        let c_name = cname(name);
        unsafe {
            let mut m: LLVMModuleRef = ptr::null_mut();
            let mut msg: *mut std::os::raw::c_char = ptr::null_mut();
            let failed = ffi::SyclParseIR(
                self.raw(),
                data.as_ptr() as *const _,
                data.len(),
                c_name.as_ptr(),
                i32::from(module_level_only),
                &mut m,
                &mut msg,
            ) != 0;
            if failed {
                let text = take_message(msg);
                return Err(IrError::Parse(first_diagnostic_line(&text)));
            }
            Ok(Module::from_raw(m))
        }
    }

    /// This context, for another thread to free with every module in it
    /// (freeing a large module takes a tenth of a second and more, which a
    /// thread that has other work need not wait for).
    pub fn into_unused(self) -> UnusedContext {
        UnusedContext { _ctx: self }
    }

    /// Reads share `index` of `count` of bitcode's function bodies, with
    /// its module-level records and metadata, into a module that is then
    /// freed: one thread's part of a read that `count` threads (each with
    /// its own context) share, every body read by one of them. Each share
    /// is run through LLVM's verifier too: every share
    /// [`ShareRead::Verified`] means the whole module would pass it (the
    /// checks that need every body at once are made across the shares; a
    /// module with debug information is never found verified this way).
    pub fn read_bitcode_share(&self, data: &[u8], index: u32, count: u32) -> ShareRead {
        if count == 0 || index >= count {
            return ShareRead::Refused;
        }
        let status =
            unsafe { ffi::SyclReadBitcodeShare(self.raw(), data.as_ptr() as *const _, data.len(), index, count) };
        match status {
            0 => ShareRead::Verified,
            2 => ShareRead::Read,
            _ => ShareRead::Refused,
        }
    }

    /// Reads bitcode lazily: function bodies are read when first needed
    /// (by [`Extractor::extract`]). `name` becomes the
    /// module identifier. The bytes are not copied: they must outlive the
    /// module, which the shared lifetime `'c` ensures.
    pub fn parse_bitcode_lazy<'c>(&'c self, data: &'c [u8], name: &str) -> Result<Module<'c>, IrError> {
        let c_name = cname(name);
        unsafe {
            let buf = llvm_sys::core::LLVMCreateMemoryBufferWithMemoryRange(
                data.as_ptr() as *const _,
                data.len(),
                c_name.as_ptr(),
                0,
            );
            let mut m: LLVMModuleRef = ptr::null_mut();
            // The module owns the buffer object (not the bytes) from here on.
            if llvm_sys::bit_reader::LLVMGetBitcodeModuleInContext2(self.raw(), buf, &mut m) != 0 {
                // The reader reported why through the context's handler.
                let why = self.take_errors().into_iter().next();
                return Err(IrError::Parse(format!(
                    "{name}: {}",
                    why.as_deref().unwrap_or("invalid bitcode")
                )));
            }
            Ok(Module::from_raw(m))
        }
    }

    /// Creates an empty module.
    pub fn create_module(&self, name: &str) -> Module<'_> {
        Module {
            inner: self.inner.create_module(name),
        }
    }

    /// The ID of metadata kind `name` (`"reqd_work_group_size"`, ...) for
    /// looking up attachments, or [`MD_KIND_ABSENT`] if the context has never
    /// seen it.
    ///
    /// Lookups never register a new kind (see [`Module::md_kind`]).
    pub fn md_kind(&self, name: &str) -> u32 {
        lookup_md_kind(self.raw(), name)
    }

    /// The ID of metadata kind `name`, registering it if needed: for
    /// attaching metadata of that kind.
    pub fn md_kind_for_write(&self, name: &str) -> u32 {
        unsafe { LLVMGetMDKindIDInContext(self.raw(), name.as_ptr() as *const _, name.len() as u32) }
    }

    /// Parses like [`Context::parse_ir`], but keeps textual
    /// `!nvvm.annotations` as written: LLVM 22's parser otherwise upgrades
    /// `!{ptr @f, !"kernel", i32 1}` entries to the `ptx_kernel` calling
    /// convention and drops the named metadata's entries. The named metadata
    /// keeps its place among the module's named metadata. Bitcode is parsed
    /// (and upgraded) as LLVM does.
    pub fn parse_ir_keeping_nvvm_annotations(&self, data: &[u8], name: &str) -> Result<Module<'_>, IrError> {
        let hidden = if is_bitcode(data) {
            None
        } else {
            std::str::from_utf8(data).ok().and_then(hide_nvvm_annotations)
        };
        let Some(text) = hidden else {
            return self.parse_ir(data, name);
        };
        let m = self.parse_ir(text.as_bytes(), name)?;
        m.rename_named_metadata(KEPT_NVVM_ANNOTATIONS, "nvvm.annotations");
        Ok(m)
    }
}

/// Name under which `!nvvm.annotations` is parsed by
/// [`Context::parse_ir_keeping_nvvm_annotations`].
const KEPT_NVVM_ANNOTATIONS: &str = "sycl.kept.nvvm.annotations";

/// Renames the named metadata `!nvvm.annotations` in textual IR: only
/// top-level definitions (lines that start with it) are touched.
fn hide_nvvm_annotations(text: &str) -> Option<String> {
    const NAME: &str = "!nvvm.annotations";
    let mut out = String::with_capacity(text.len() + 32);
    let mut changed = false;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let rest = trimmed.strip_prefix(NAME);
        let is_definition = rest.is_some_and(|r| r.starts_with([' ', '\t', '=']));
        if is_definition {
            out.push_str(&line[..line.len() - trimmed.len()]);
            out.push('!');
            out.push_str(KEPT_NVVM_ANNOTATIONS);
            out.push_str(rest.unwrap_or_default());
            changed = true;
        } else {
            out.push_str(line);
        }
    }
    changed.then_some(out)
}

/// Whether `data` is LLVM bitcode: its magic number, or the bitcode
/// wrapper's (text IR is not).
pub fn is_bitcode(data: &[u8]) -> bool {
    data.starts_with(b"BC\xC0\xDE") || data.starts_with(&[0xDE, 0xC0, 0x17, 0x0B])
}

/// Reads bitcode once on `threads` threads (at least one), each in its
/// own context and each reading its share of the function bodies
/// ([`Context::read_bitcode_share`]: the module-level records and metadata
/// are read by every thread; the bodies, most of a module's read, once).
/// True where every share passed LLVM's verifier, so that a reader of the
/// same bytes need not verify the module again. The read check's read of
/// untrusted bitcode, and [`Context::read_bitcode_share`]'s caveats hold.
pub fn verify_bitcode_in_shares(data: &[u8], threads: u32) -> bool {
    let n = threads.max(1);
    std::thread::scope(|scope| {
        let others: Vec<_> = (1..n)
            .map(|i| scope.spawn(move || Context::new().read_bitcode_share(data, i, n)))
            .collect();
        let first = Context::new().read_bitcode_share(data, 0, n);
        // Every thread is joined, whatever the first one found.
        let others: Vec<ShareRead> = others
            .into_iter()
            .map(|t| t.join().unwrap_or(ShareRead::Refused))
            .collect();
        first == ShareRead::Verified && others.iter().all(|&r| r == ShareRead::Verified)
    })
}

/// Turns a multi-line SMDiagnostic print-out into one line: the
/// `file:line:col: error: message` line, without the `error: ` tag and the
/// source excerpt.
fn first_diagnostic_line(text: &str) -> String {
    let line = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("invalid input")
        .trim();
    escape_controls(&line.replacen(": error: ", ": ", 1))
}

/// `text` with its control characters other than tab written as escapes
/// (`\r`, `\u{1}`): LLVM's messages quote input bytes (`unknown specifier
/// '\r'`), and a message is one line of plain text.
pub fn escape_controls(text: &str) -> String {
    let escape = |c: char| c.is_control() && c != '\t';
    text.chars()
        .map(|c| {
            if escape(c) {
                c.escape_default().collect()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// An owned LLVM module.
pub struct Module<'c> {
    inner: InkModule<'c>,
}

impl<'c> Module<'c> {
    pub(crate) unsafe fn from_raw(m: LLVMModuleRef) -> Self {
        Module {
            inner: InkModule::new(m),
        }
    }

    pub(crate) fn raw(&self) -> LLVMModuleRef {
        self.inner.as_mut_ptr()
    }

    /// Gives the module up to its context, which frees it with itself
    /// (LLVM's context deletes the modules it still owns), instead of
    /// freeing it now.
    pub fn free_with_context(self) {
        std::mem::forget(self);
    }

    /// Reads the function bodies of a module that
    /// [`Context::parse_bitcode_module_level`] read (named `name` there),
    /// and ends the read as [`Context::parse_ir`] does. A module with every
    /// body read is left as it is.
    pub fn read_function_bodies(&self, name: &str) -> Result<(), IrError> {
        let c_name = cname(name);
        unsafe {
            let mut msg: *mut std::os::raw::c_char = ptr::null_mut();
            if ffi::SyclReadFunctionBodies(self.raw(), c_name.as_ptr(), &mut msg) != 0 {
                let text = take_message(msg);
                return Err(IrError::Parse(first_diagnostic_line(&text)));
            }
        }
        Ok(())
    }

    /// The inkwell view of this module.
    pub fn as_inkwell(&self) -> &InkModule<'c> {
        &self.inner
    }

    fn ctx_raw(&self) -> LLVMContextRef {
        unsafe { LLVMGetModuleContext(self.raw()) }
    }

    /// Module identifier (the input path, or `<stdin>`).
    pub fn identifier(&self) -> String {
        unsafe {
            let mut len = 0usize;
            let p = LLVMGetModuleIdentifier(self.raw(), &mut len);
            bytes_to_string(p, len)
        }
    }

    /// Target triple string.
    pub fn triple(&self) -> String {
        unsafe {
            let p = LLVMGetTarget(self.raw());
            if p.is_null() {
                String::new()
            } else {
                CStr::from_ptr(p).to_string_lossy().into_owned()
            }
        }
    }

    /// The module's global values in CloneModule order (global variables,
    /// functions, aliases): the canonical numbering used to name the same
    /// value in two copies of a module.
    pub fn global_values(&self) -> Vec<Value<'c>> {
        let mut v = self.globals();
        v.extend(self.functions());
        v.extend(self.aliases());
        v
    }

    /// The data layout string.
    pub fn data_layout_str(&self) -> String {
        unsafe {
            let p = LLVMGetDataLayoutStr(self.raw());
            if p.is_null() {
                String::new()
            } else {
                CStr::from_ptr(p).to_string_lossy().into_owned()
            }
        }
    }

    /// Sets the data layout string (as written, no upgrade).
    pub fn set_data_layout(&self, layout: &str) {
        let c = name_ptr(layout);
        unsafe { LLVMSetDataLayout(self.raw(), c.as_ptr()) }
    }

    /// Functions in module order.
    pub fn functions(&self) -> Vec<Value<'c>> {
        let mut v = Vec::new();
        unsafe {
            let mut f = LLVMGetFirstFunction(self.raw());
            while !f.is_null() {
                v.push(Value::from_raw(f));
                f = LLVMGetNextFunction(f);
            }
        }
        v
    }

    /// Global variables in module order.
    pub fn globals(&self) -> Vec<Value<'c>> {
        let mut v = Vec::new();
        unsafe {
            let mut g = LLVMGetFirstGlobal(self.raw());
            while !g.is_null() {
                v.push(Value::from_raw(g));
                g = LLVMGetNextGlobal(g);
            }
        }
        v
    }

    /// Global aliases in module order.
    pub fn aliases(&self) -> Vec<Value<'c>> {
        let mut v = Vec::new();
        unsafe {
            let mut a = LLVMGetFirstGlobalAlias(self.raw());
            while !a.is_null() {
                v.push(Value::from_raw(a));
                a = LLVMGetNextGlobalAlias(a);
            }
        }
        v
    }

    /// The function named `name`, if any.
    pub fn function(&self, name: &str) -> Option<Value<'c>> {
        let c = CString::new(name).ok()?;
        unsafe { Value::from_raw_opt(LLVMGetNamedFunction(self.raw(), c.as_ptr())) }
    }

    /// The global variable named `name`, if any.
    pub fn global(&self, name: &str) -> Option<Value<'c>> {
        let c = CString::new(name).ok()?;
        unsafe { Value::from_raw_opt(LLVMGetNamedGlobal(self.raw(), c.as_ptr())) }
    }

    /// Operands (metadata nodes, as values) of the named metadata `name`.
    pub fn named_metadata(&self, name: &str) -> Vec<Value<'c>> {
        unsafe {
            let n = LLVMGetNamedMetadataNumOperands(self.raw(), name_ptr(name).as_ptr());
            let mut ops = vec![ptr::null_mut(); n as usize];
            if n > 0 {
                LLVMGetNamedMetadataOperands(self.raw(), name_ptr(name).as_ptr(), ops.as_mut_ptr());
            }
            ops.into_iter().map(|o| Value::from_raw(o)).collect()
        }
    }

    /// True if the module has named metadata `name` (even with no operands).
    pub fn has_named_metadata(&self, name: &str) -> bool {
        unsafe { !LLVMGetNamedMetadata(self.raw(), name.as_ptr() as *const _, name.len()).is_null() }
    }

    /// Replaces the operands of named metadata `name`; an empty list erases it.
    pub fn set_named_metadata(&self, name: &str, nodes: &[Value<'c>]) {
        let mut raw: Vec<LLVMValueRef> = nodes.iter().map(|v| v.raw()).collect();
        unsafe {
            ffi::SyclSetNamedMetadata(
                self.raw(),
                name.as_ptr() as *const _,
                name.len(),
                raw.as_mut_ptr(),
                raw.len(),
            )
        }
    }

    /// Appends one node to named metadata `name` (creating it).
    pub fn add_named_metadata(&self, name: &str, node: Value<'c>) {
        unsafe { LLVMAddNamedMetadataOperand(self.raw(), name_ptr(name).as_ptr(), node.raw()) }
    }

    /// Builds an MDNode from operands (see [`crate::MdOperand`]) and returns it as a value.
    pub fn md_node(&self, ops: &[MdOperand<'c>]) -> Value<'c> {
        crate::metadata::build_node(self.ctx_raw(), ops)
    }

    /// Textual IR, as `opt -S` prints it.
    pub fn to_text(&self) -> String {
        self.inner.print_to_string().to_string()
    }

    /// Bitcode, as LLVM's standard writer produces it.
    pub fn to_bitcode(&self) -> Vec<u8> {
        unsafe {
            let buf = LLVMWriteBitcodeToMemoryBuffer(self.raw());
            let start = LLVMGetBufferStart(buf) as *const u8;
            let len = LLVMGetBufferSize(buf);
            let v = std::slice::from_raw_parts(start, len).to_vec();
            LLVMDisposeMemoryBuffer(buf);
            v
        }
    }

    /// Bitcode that also records the order of every value's use list, so
    /// that a copy read back iterates users exactly as this module does.
    pub fn to_bitcode_with_use_list_order(&self) -> Bitcode {
        let mut len = 0usize;
        let ptr = unsafe { ffi::SyclWriteBitcodeWithUseListOrder(self.raw(), &mut len) } as *mut u8;
        Bitcode { ptr, len }
    }

    /// Runs the LLVM verifier.
    pub fn verify(&self) -> Result<(), IrError> {
        unsafe {
            let mut msg = ptr::null_mut();
            let bad = LLVMVerifyModule(self.raw(), LLVMVerifierFailureAction::LLVMReturnStatusAction, &mut msg);
            let text = take_message(msg);
            if bad != 0 {
                return Err(IrError::Verify(text.lines().next().unwrap_or("").to_string()));
            }
        }
        Ok(())
    }

    /// Runs GlobalDCE, StripDeadDebugInfo and StripDeadPrototypes, in that
    /// order (the dead-code part of a device image's cleanup); the same as
    /// `run_passes("globaldce,strip-dead-debug-info,strip-dead-prototypes")`
    /// without building a pass pipeline per call.
    pub fn remove_dead_globals(&self) {
        unsafe { ffi::SyclRunImageCleanupPasses(self.raw()) }
    }

    /// Runs a new-pass-manager pipeline (`"globaldce,strip-dead-prototypes"`).
    pub fn run_passes(&self, pipeline: &str) -> Result<(), IrError> {
        let c = CString::new(pipeline).map_err(|_| IrError::Passes {
            pipeline: pipeline.into(),
            message: "NUL in pipeline".into(),
        })?;
        unsafe {
            let opts = LLVMCreatePassBuilderOptions();
            let err = LLVMRunPasses(self.raw(), c.as_ptr(), ptr::null_mut(), opts);
            LLVMDisposePassBuilderOptions(opts);
            // A pass that reports an error diagnostic (LLVM's default handler
            // would have ended the process) fails the run.
            if let Some(message) = take_context_errors(self.ctx_raw()).into_iter().next() {
                if !err.is_null() {
                    llvm_sys::error::LLVMConsumeError(err);
                }
                return Err(IrError::Passes {
                    pipeline: pipeline.into(),
                    message,
                });
            }
            if !err.is_null() {
                let m = llvm_sys::error::LLVMGetErrorMessage(err);
                let message = take_message_err(m);
                return Err(IrError::Passes {
                    pipeline: pipeline.into(),
                    message,
                });
            }
        }
        Ok(())
    }

    /// A new module, in the same context, that defines exactly `defs`
    /// (functions, global variables, aliases of this module) and declares
    /// what they reference, in this module's order. Named metadata, module
    /// flags, triple and data layout are copied; the cost is proportional to
    /// what the new module contains.
    /// For many extractions from one module, use an [`Extractor`].
    pub fn extract(&self, defs: &[Value<'c>]) -> Module<'c> {
        Extractor::new(self).extract(defs)
    }

    /// A complete copy of this module (LLVMCloneModule).
    pub fn clone_module(&self) -> Module<'c> {
        unsafe { Module::from_raw(LLVMCloneModule(self.raw())) }
    }

    /// The ID of metadata kind `name` for looking up attachments, or
    /// [`MD_KIND_ABSENT`] (which no attachment has) when the context does not
    /// know the kind. It never registers a kind: the registered kinds are
    /// written into every bitcode file, so registering while looking would
    /// make an image's bytes depend on what ran before in its context.
    pub fn md_kind(&self, name: &str) -> u32 {
        lookup_md_kind(self.ctx_raw(), name)
    }

    /// The ID of metadata kind `name`, registering it if needed: for
    /// attaching metadata of that kind.
    pub fn md_kind_for_write(&self, name: &str) -> u32 {
        unsafe { LLVMGetMDKindIDInContext(self.ctx_raw(), name.as_ptr() as *const _, name.len() as u32) }
    }

    /// Adds a function declaration `name` of type `ty`.
    pub fn add_function(&self, name: &str, ty: Type<'c>) -> Value<'c> {
        let c = name_ptr(name);
        unsafe { Value::from_raw(LLVMAddFunction(self.raw(), c.as_ptr(), ty.raw())) }
    }

    /// Adds a global variable `name` of type `ty` in address space `addr_space`.
    pub fn add_global(&self, name: &str, ty: Type<'c>, addr_space: u32) -> Value<'c> {
        let c = name_ptr(name);
        unsafe {
            Value::from_raw(LLVMAddGlobalInAddressSpace(
                self.raw(),
                ty.raw(),
                c.as_ptr(),
                addr_space,
            ))
        }
    }

    /// Common types of this module's context.
    pub fn types(&self) -> Types<'c> {
        Types::new(self.ctx_raw())
    }

    /// The module's data layout.
    pub fn data_layout(&self) -> DataLayout<'_> {
        unsafe { DataLayout::of(self.raw()) }
    }

    /// Creates named metadata `name` if absent, keeping it even with no
    /// operands (`Module::getOrInsertNamedMetadata`).
    pub fn get_or_insert_named_metadata(&self, name: &str) {
        unsafe {
            LLVMGetOrInsertNamedMetadata(self.raw(), name.as_ptr() as *const _, name.len());
        }
    }

    /// The function `name`, declared with type `fn_ty` if absent
    /// (`Module::getOrInsertFunction`; an existing function is returned as
    /// it is, whatever its type).
    pub fn get_or_insert_function(&self, name: &str, fn_ty: Type<'c>) -> Value<'c> {
        match self.function(name) {
            Some(f) => f,
            None => self.add_function(name, fn_ty),
        }
    }

    /// Sets the target triple.
    pub fn set_triple(&self, triple: &str) {
        let c = cname(triple);
        unsafe { LLVMSetTarget(self.raw(), c.as_ptr()) }
    }

    /// The address space of `alloca`s in the module's data layout.
    pub fn alloca_addr_space(&self) -> u32 {
        unsafe { ffi::SyclAllocaAddrSpace(self.raw()) }
    }

    /// Renames named metadata `from` to `to`, keeping its position among the
    /// module's named metadata. False if `from` is absent or `to` exists.
    pub fn rename_named_metadata(&self, from: &str, to: &str) -> bool {
        unsafe {
            ffi::SyclRenameNamedMetadata(
                self.raw(),
                from.as_ptr() as *const _,
                from.len(),
                to.as_ptr() as *const _,
                to.len(),
            ) != 0
        }
    }

    /// Builds a distinct `MDNode` (`distinct !{...}`) and returns it as a value.
    pub fn md_node_distinct(&self, ops: &[MdOperand<'c>]) -> Value<'c> {
        let mut mds = metadata_refs(ops);
        unsafe {
            let ctx = LLVMGetModuleContext(self.raw());
            Value::from_raw(ffi::SyclMDNodeDistinct(ctx, mds.as_mut_ptr(), mds.len()))
        }
    }

    /// The declaration of LLVM intrinsic `name` (`llvm.fma`) overloaded on
    /// `types`, with LLVM's own attributes; `None` for an unknown name.
    pub fn intrinsic_declaration(&self, name: &str, types: &[Type<'c>]) -> Option<Value<'c>> {
        let mut raw: Vec<LLVMTypeRef> = types.iter().map(|t| t.raw()).collect();
        unsafe {
            let id = LLVMLookupIntrinsicID(name.as_ptr() as *const _, name.len());
            if id == 0 {
                return None;
            }
            Value::from_raw_opt(LLVMGetIntrinsicDeclaration(self.raw(), id, raw.as_mut_ptr(), raw.len()))
        }
    }

    /// The preferred alignment of `ty` in the module's data layout
    /// (`DataLayout::getPrefTypeAlign`).
    pub fn pref_align(&self, ty: Type<'c>) -> u32 {
        unsafe {
            llvm_sys::target::LLVMPreferredAlignmentOfType(
                llvm_sys::target::LLVMGetModuleDataLayout(self.raw()),
                ty.raw(),
            )
        }
    }
}

/// Extracts sub-modules from one module, indexing it once (see
/// [`Module::extract`]). The module must not gain or lose global values
/// while the extractor lives.
pub struct Extractor<'m, 'c> {
    index: *mut std::ffi::c_void,
    _module: &'m Module<'c>,
}

impl<'m, 'c> Extractor<'m, 'c> {
    /// Indexes `m`.
    pub fn new(m: &'m Module<'c>) -> Self {
        Extractor {
            index: unsafe { ffi::SyclSourceIndexCreate(m.raw()) },
            _module: m,
        }
    }

    /// A new module defining exactly `defs` (see [`Module::extract`]).
    /// Fails only when a lazily loaded function body cannot be read.
    pub fn try_extract(&self, defs: &[Value<'c>]) -> Result<Module<'c>, IrError> {
        let mut raw: Vec<LLVMValueRef> = defs.iter().map(|v| v.raw()).collect();
        let m = unsafe { ffi::SyclExtractModule(self.index, raw.as_mut_ptr(), raw.len()) };
        if m.is_null() {
            return Err(IrError::Parse("cannot read a function body from the bitcode".into()));
        }
        Ok(unsafe { Module::from_raw(m) })
    }

    /// Frees the body of `f`, a function of the source module that no later
    /// extraction will define (it may still be referenced: extractions
    /// declare it as they would have). Returns `false`, keeping the body,
    /// for anything but a loaded function definition, and where freeing could
    /// change what later extractions produce (block addresses taken, prefix
    /// or prologue data).
    pub fn release_body(&self, f: Value<'c>) -> bool {
        unsafe { ffi::SyclReleaseFunctionBody(f.raw()) != 0 }
    }

    /// A new module defining exactly `defs`, from a fully loaded module.
    pub fn extract(&self, defs: &[Value<'c>]) -> Module<'c> {
        self.try_extract(defs)
            .expect("extraction from a materialized module cannot fail")
    }
}

impl Drop for Extractor<'_, '_> {
    fn drop(&mut self) {
        unsafe { ffi::SyclSourceIndexDispose(self.index) }
    }
}

/// The bitcode (as LLVM's standard writer produces it, like
/// [`Module::to_bitcode`]) and the identifier of a module this crate does
/// not own: an `LLVMModuleRef` a C caller holds. The module is only read.
///
/// # Safety
/// `m` must be a valid `LLVMModuleRef` created by the same LLVM library this
/// crate links, and no other thread may use its context during the call.
pub unsafe fn borrowed_module_bitcode(m: *mut std::ffi::c_void) -> (Vec<u8>, String) {
    let m = m as LLVMModuleRef;
    let buf = LLVMWriteBitcodeToMemoryBuffer(m);
    let start = LLVMGetBufferStart(buf) as *const u8;
    let len = LLVMGetBufferSize(buf);
    let data = std::slice::from_raw_parts(start, len).to_vec();
    LLVMDisposeMemoryBuffer(buf);
    let mut id_len = 0usize;
    let id = LLVMGetModuleIdentifier(m, &mut id_len);
    (data, bytes_to_string(id, id_len))
}

fn lookup_md_kind(ctx: LLVMContextRef, name: &str) -> u32 {
    let id = unsafe { ffi::SyclLookupMDKind(ctx, name.as_ptr() as *const _, name.len()) };
    u32::try_from(id).unwrap_or(MD_KIND_ABSENT)
}

/// A bitcode buffer written by LLVM (see
/// [`Module::to_bitcode_with_use_list_order`]), kept where the writer put it
/// rather than copied.
pub struct Bitcode {
    ptr: *mut u8,
    len: usize,
}

// The buffer is plain bytes owned by this value.
unsafe impl Send for Bitcode {}
unsafe impl Sync for Bitcode {}

impl std::ops::Deref for Bitcode {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl Drop for Bitcode {
    fn drop(&mut self) {
        // SAFETY: the buffer was allocated with malloc (by LLVM) and is
        // freed once, here.
        unsafe { libc::free(self.ptr as *mut libc::c_void) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NUL_ATTRIBUTE: &str =
        "define void @k() #0 { ret void }\nattributes #0 = { \"sycl-module-id\"=\"b.cp\\00p\" }\n";

    #[test]
    fn unreadable_bitcode_is_an_error_not_an_exit() {
        // LLVM's default diagnostic handler would print and call exit(1) here.
        let ctx = Context::new();
        let mut bytes = b"BC\xC0\xDE".to_vec();
        bytes.extend_from_slice(&[0x35, 0x14, 0, 0, 5, 0, 0, 0, 0x62, 0x0c, 0x30, 0x24]);
        let e = ctx.parse_bitcode_lazy(&bytes, "broken.bc").err().expect("an error");
        assert!(e.to_string().starts_with("broken.bc: "), "{e}");
        assert!(!e.to_string().contains('\n'));
        assert!(ctx.take_errors().is_empty(), "the error was taken");
    }

    #[test]
    fn bitcode_of_a_nul_string_attribute_is_refused_by_the_lazy_reader() {
        // What a worker thread reads when the input holds such an attribute:
        // made through the API, since the text reader refuses it.
        let ctx = Context::new();
        let m = ctx.create_module("m");
        let t = m.types();
        let f = m.add_function("k", t.function(t.void(), &[], false));
        f.add_fn_attr("sycl-module-id", "b.cp\0p");
        let bc = m.to_bitcode();
        let other = Context::new();
        let e = other.parse_bitcode_lazy(&bc, "copy").err().expect("an error");
        assert!(e.to_string().contains("Invalid attribute group entry"), "{e}");
    }

    #[test]
    fn control_characters_in_a_parse_error_are_escaped() {
        // The data layout parser quotes the bad character, here a carriage
        // return (written `\0D` in the IR string).
        let ctx = Context::new();
        let e = ctx
            .parse_ir(b"target datalayout = \"\\0De-i64:64\"\n", "cr.ll")
            .err()
            .expect("an error");
        assert_eq!(e.to_string(), "cr.ll:1:21: unknown specifier '\\r'");
    }

    #[test]
    fn text_with_a_nul_in_a_string_attribute_is_refused() {
        let ctx = Context::new();
        let e = ctx.parse_ir(NUL_ATTRIBUTE.as_bytes(), "a.ll").err().expect("an error");
        assert_eq!(
            e.to_string(),
            "a.ll: string attribute \"sycl-module-id\"=\"b.cp\\00p\" of function 'k' holds a NUL byte, \
             which LLVM bitcode cannot hold"
        );
        let call = "declare void @g()\ndefine void @k() {\n  call void @g() \"a\\00\"\n  ret void\n}\n";
        let e = ctx.parse_ir(call.as_bytes(), "b.ll").err().expect("an error");
        assert!(e.to_string().contains("of a call in function 'k'"), "{e}");
        let global = "@g = global i32 0 #0\nattributes #0 = { \"x\"=\"\\00\" }\n";
        let e = ctx.parse_ir(global.as_bytes(), "c.ll").err().expect("an error");
        assert!(e.to_string().contains("of global variable 'g'"), "{e}");
    }

    #[test]
    fn bitcode_read_in_shares_reads_what_one_read_reads() {
        let text = include_str!("../../examples/example.ll");
        let ctx = Context::new();
        let bc = ctx.parse_ir(text.as_bytes(), "example.ll").expect("parse").to_bitcode();
        for count in 1..4 {
            assert!((0..count).all(|i| Context::new().read_bitcode_share(&bc, i, count) == ShareRead::Verified));
        }
        assert_eq!(ctx.read_bitcode_share(&bc, 2, 2), ShareRead::Refused);
        // Cut bitcode is refused by at least one share, and never ends the
        // process; the same bytes read whole are refused too.
        for n in (4..bc.len()).step_by(7) {
            let cut = &bc[..n];
            let shares = (0..3).all(|i| Context::new().read_bitcode_share(cut, i, 3) != ShareRead::Refused);
            let whole = Context::new().parse_ir(cut, "cut.bc").is_ok();
            assert!(!whole || shares, "{n} bytes: read whole but refused in shares");
        }
    }

    /// Bitcode read in two steps is the module read at once, with what was
    /// done between the steps: a library linked for the declarations it
    /// defines and a function renamed, before the bodies that call them
    /// are read, give the module that doing the same after reading it
    /// whole gives. Cut bitcode is an error at one step or the other.
    #[test]
    fn bitcode_read_in_two_steps_is_the_module_read_at_once() {
        let text = "declare i32 @lib(i32)\n\
define i32 @f(i32 %x) {\n  %y = call i32 @lib(i32 %x)\n  ret i32 %y\n}\n\
define i32 @g(i32 %x) {\n  %y = call i32 @f(i32 %x)\n  ret i32 %y\n}\n";
        let lib = "define i32 @lib(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n\
define i32 @unused(i32 %x) {\n  ret i32 %x\n}\n";
        let bc = Context::new()
            .parse_ir(text.as_bytes(), "t.ll")
            .expect("parse")
            .to_bitcode();
        fn change<'c>(ctx: &'c Context, m: &Module<'c>, lib: &str) {
            let l = ctx.parse_ir(lib.as_bytes(), "lib.ll").expect("lib");
            m.link_in_only_needed(l).expect("links");
            m.function("f").expect("f").set_name("renamed");
        }
        let whole_ctx = Context::new();
        let whole = whole_ctx.parse_ir(&bc, "t.bc").expect("whole");
        change(&whole_ctx, &whole, lib);
        let steps_ctx = Context::new();
        let steps = steps_ctx.parse_bitcode_module_level(&bc, "t.bc").expect("module level");
        change(&steps_ctx, &steps, lib);
        steps.read_function_bodies("t.bc").expect("bodies");
        assert!(steps.verify().is_ok());
        assert_eq!(steps.to_text(), whole.to_text());
        assert!(steps.function("unused").is_none());
        // Unchanged, the same bitcode as one read.
        let plain = Context::new();
        let m = plain.parse_bitcode_module_level(&bc, "t.bc").expect("module level");
        m.read_function_bodies("t.bc").expect("bodies");
        assert_eq!(
            m.to_bitcode(),
            Context::new().parse_ir(&bc, "t.bc").expect("whole").to_bitcode()
        );
        for n in (4..bc.len()).step_by(5) {
            let ctx = Context::new();
            let read = ctx
                .parse_bitcode_module_level(&bc[..n], "cut.bc")
                .and_then(|m| m.read_function_bodies("cut.bc"));
            let whole = Context::new().parse_ir(&bc[..n], "cut.bc").is_ok();
            assert_eq!(read.is_ok(), whole, "{n} bytes");
        }
    }

    /// A module the verifier refuses is never found verified in shares,
    /// whichever share holds the fault: a body's, or an intrinsic's address
    /// taken in one function (the verifier looks for it only in a module
    /// read whole). A module with debug information is not verified in
    /// shares (a subprogram attached to two functions cannot be seen across
    /// shares), even where it is valid.
    #[test]
    fn a_broken_module_is_not_verified_in_shares() {
        let fillers = "define void @a() {\n  ret void\n}\ndefine void @b() {\n  ret void\n}\n";
        let self_use = "define i32 @f(i32 %x) {\n  %y = add i32 %y, 1\n  ret i32 %y\n}\n";
        let intrinsic = "declare void @llvm.donothing()\n\
define void @f(ptr %p) {\n  store ptr @llvm.donothing, ptr %p\n  ret void\n}\n";
        for (name, body) in [("self use", self_use), ("intrinsic", intrinsic)] {
            for order in [format!("{body}{fillers}"), format!("{fillers}{body}")] {
                let ctx = Context::new();
                let m = ctx.parse_ir(order.as_bytes(), "broken.ll").expect("parse");
                assert!(m.verify().is_err(), "{name}: verifies whole");
                let bc = m.to_bitcode();
                for count in 1..4 {
                    let verified =
                        (0..count).all(|i| Context::new().read_bitcode_share(&bc, i, count) == ShareRead::Verified);
                    assert!(!verified, "{name}: verified in {count} shares");
                }
            }
        }
        // Valid, with debug information: its own verification decides.
        let fine = "define void @f() !dbg !3 {\n  ret void\n}\n\
!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!4}\n\
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)\n\
!1 = !DIFile(filename: \"t.c\", directory: \"/\")\n!2 = !DISubroutineType(types: !{})\n\
!3 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, type: !2, unit: !0, spFlags: DISPFlagDefinition)\n\
!4 = !{i32 2, !\"Debug Info Version\", i32 3}\n";
        let ctx = Context::new();
        let m = ctx.parse_ir(fine.as_bytes(), "fine.ll").expect("parse");
        assert!(m.verify().is_ok());
        assert_eq!(
            Context::new().read_bitcode_share(&m.to_bitcode(), 0, 1),
            ShareRead::Read
        );
    }

    /// Generated test of the lazy reader the worker threads use: every
    /// truncation of a module's bitcode (and bytes overwritten at every
    /// 16th position) is read header first, then every function body is
    /// read by extraction; each step is a result, never an exit.
    #[test]
    fn cut_and_overwritten_bitcode_is_an_error_or_a_module() {
        let text = include_str!("../../examples/example.ll");
        let ctx = Context::new();
        let bc = ctx.parse_ir(text.as_bytes(), "example.ll").expect("parse").to_bitcode();
        let mut inputs: Vec<Vec<u8>> = (0..bc.len()).step_by(3).map(|n| bc[..n].to_vec()).collect();
        for at in (0..bc.len()).step_by(16) {
            let mut m = bc.clone();
            m[at] ^= 0x5a;
            inputs.push(m);
        }
        let (mut read, mut refused) = (0, 0);
        for bytes in &inputs {
            let ctx = Context::new();
            match ctx.parse_bitcode_lazy(bytes, "cut.bc") {
                Ok(m) => {
                    read += 1;
                    let extractor = Extractor::new(&m);
                    for f in m.functions() {
                        let _ = extractor.try_extract(&[f]);
                    }
                }
                Err(e) => {
                    refused += 1;
                    assert!(!e.to_string().contains('\n'), "{e}");
                }
            };
        }
        assert!(read > 0 && refused > bc.len() / 4, "{read} read, {refused} refused");
    }

    #[test]
    fn only_definitions_are_renamed() {
        let text = "; !nvvm.annotations in a comment\n!nvvm.annotations = !{!0}\n!nvvm.annotationsx = !{}\n";
        let out = hide_nvvm_annotations(text).unwrap();
        assert!(out.contains("; !nvvm.annotations in a comment"));
        assert!(out.contains("!sycl.kept.nvvm.annotations = !{!0}"));
        assert!(out.contains("!nvvm.annotationsx = !{}"));
        assert!(hide_nvvm_annotations("define void @f() {\n  ret void\n}\n").is_none());
    }

    #[test]
    fn annotations_survive_the_parse_in_place() {
        let ctx = Context::new();
        let src = "target triple = \"nvptx64-nvidia-cuda\"\ndefine void @k() {\n  ret void\n}\n\
                   !nvvm.annotations = !{!0}\n!nvvmir.version = !{!1}\n\
                   !0 = !{ptr @k, !\"kernel\", i32 1}\n!1 = !{i32 1, i32 4}\n";
        let m = ctx.parse_ir_keeping_nvvm_annotations(src.as_bytes(), "t.ll").unwrap();
        let text = m.to_text();
        let annotations = text.find("!nvvm.annotations = !{!0}").expect("annotations kept");
        let version = text.find("!nvvmir.version = !{!1}").expect("version kept");
        assert!(annotations < version, "{text}");
        assert!(text.contains("define void @k()"), "{text}");
        // The plain parse upgrades the annotation to the calling convention.
        let upgraded = ctx.parse_ir(src.as_bytes(), "t.ll").unwrap().to_text();
        assert!(upgraded.contains("define ptx_kernel void @k()"), "{upgraded}");
    }
}
