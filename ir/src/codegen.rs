//! In-process code generation: a module compiled by one of LLVM's back ends
//! into bytes in memory, as `llc` would write them — a SPIR-V binary from the
//! SPIR-V back end, PTX text from the NVPTX back end. The shim in
//! `llvm-wrapper/CodegenWrapper.cpp` drives the target machine.
//!
//! Error diagnostics of a back end come back as [`CodegenError`], and so does
//! a back end that calls `report_fatal_error` or crashes (it would end the
//! process in `llc`): the compilation runs under LLVM's crash recovery, what
//! it allocated is leaked, and every later compilation in the process fails
//! with a message, since LLVM's state may be inconsistent. SPIR-V
//! compilations are serialized process-wide (the SPIR-V back end keeps
//! module analysis in a static); other targets run in parallel.
//! That static also keeps block-label ids from earlier modules, so SPIR-V
//! from the second compilation on may number ids differently from `llc`;
//! `sycl_spirv::compile_module` repairs and canonicalizes the numbering.

use std::ffi::CString;
use std::ptr;

use crate::ffi;
use crate::module::Module;

/// What to compile for: a target triple, a CPU (`sm_90` for NVPTX, empty for
/// SPIR-V) and a feature string (`+ptx78`, empty for the default).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodegenTarget {
    /// Target triple (`spirv64-unknown-unknown`, `nvptx64-nvidia-cuda`).
    pub triple: String,
    /// Target CPU; empty for the target's default.
    pub cpu: String,
    /// Target features; empty for the default.
    pub features: String,
    /// SPIR-V extensions the SPIR-V back end may use (`llc -spirv-ext=+A,+B`,
    /// but for this compilation alone); ignored for other targets.
    pub spirv_extensions: Vec<String>,
    /// The back end's optimization level, as `llc -O<n>` (0 to 3; 2, the
    /// default, is `llc`'s).
    pub opt_level: u8,
}

impl CodegenTarget {
    /// The SPIR-V back end's 64-bit target, as `llc -mtriple=spirv64-unknown-unknown`.
    pub fn spirv64() -> Self {
        CodegenTarget {
            triple: "spirv64-unknown-unknown".into(),
            cpu: String::new(),
            features: String::new(),
            spirv_extensions: Vec::new(),
            opt_level: 2,
        }
    }

    /// The SPIR-V back end's 64-bit target with `extensions` allowed.
    pub fn spirv64_with(extensions: &[String]) -> Self {
        CodegenTarget {
            spirv_extensions: extensions.to_vec(),
            ..CodegenTarget::spirv64()
        }
    }

    /// The NVPTX back end for CUDA on `cpu` (`sm_90`).
    pub fn nvptx64(cpu: &str) -> Self {
        CodegenTarget {
            triple: "nvptx64-nvidia-cuda".into(),
            cpu: cpu.into(),
            features: String::new(),
            spirv_extensions: Vec::new(),
            opt_level: 2,
        }
    }
}

/// The output of code generation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputKind {
    /// An object file (for SPIR-V: the binary module).
    Object,
    /// Assembly text (for NVPTX: PTX).
    Assembly,
}

/// A back end failed on a module.
///
/// The SPIR-V back end refuses a SPIR-V extension it does not know with
/// `Unknown SPIR-V extension: <name>`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct CodegenError(pub String);

impl Module<'_> {
    /// Compiles a copy of this module for `target` and returns the bytes that
    /// `llc -mtriple=<triple> -mcpu=<cpu> -filetype=<obj|asm>` would write.
    /// This module is left unchanged; the copy takes the target's triple and
    /// data layout, as `llc` does with `-mtriple`.
    pub fn emit_to_memory(&self, target: &CodegenTarget, kind: OutputKind) -> Result<Vec<u8>, CodegenError> {
        let c = |s: &str, what: &str| CString::new(s).map_err(|_| CodegenError(format!("NUL in the {what}")));
        let (triple, cpu, features) = (
            c(&target.triple, "triple")?,
            c(&target.cpu, "CPU")?,
            c(&target.features, "features")?,
        );
        let extensions = c(&target.spirv_extensions.join(","), "SPIR-V extensions")?;
        let copy = self.clone_module();
        let mut out: *mut std::os::raw::c_char = ptr::null_mut();
        let mut len = 0usize;
        let mut error: *mut std::os::raw::c_char = ptr::null_mut();
        let failed = unsafe {
            ffi::SyclEmitToMemory(
                copy.raw(),
                triple.as_ptr(),
                cpu.as_ptr(),
                features.as_ptr(),
                i32::from(kind == OutputKind::Assembly),
                extensions.as_ptr(),
                i32::from(target.opt_level),
                &mut out,
                &mut len,
                &mut error,
            ) != 0
        };
        drop(copy);
        if failed {
            let message = unsafe { crate::cstr::take_message(error) };
            let first = message.lines().next().unwrap_or("").trim();
            let first = if first.is_empty() {
                "code generation failed"
            } else {
                first
            };
            return Err(CodegenError(first.to_string()));
        }
        // SAFETY: the shim returned `len` bytes from malloc.
        let bytes = unsafe { std::slice::from_raw_parts(out as *const u8, len).to_vec() };
        // SAFETY: `out` came from malloc and is freed once, here.
        unsafe { libc::free(out as *mut libc::c_void) };
        Ok(bytes)
    }
}

/// For a process that exists to run one job (a code generation child):
/// from now on an allocation that fails in LLVM or in C++ `new` ends the
/// process at once with exit status `code` (no unwinding, no crash
/// recovery, nothing printed), which its parent reads as "out of memory".
pub fn exit_on_out_of_memory(code: i32) {
    // SAFETY: installs process-wide handlers; no pointer is passed.
    unsafe { ffi::SyclExitOnOutOfMemory(code) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Context;

    const KERNEL: &[u8] = b"target triple = \"spir64-unknown-unknown\"\n\
define spir_kernel void @__sycl_kernel_k(ptr addrspace(1) %p) {\n\
  store i32 7, ptr addrspace(1) %p\n\
  ret void\n\
}\n";

    #[test]
    fn emits_a_spirv_binary_and_leaves_the_module_alone() {
        let ctx = Context::new();
        let m = ctx.parse_ir(KERNEL, "k.ll").expect("parse");
        let bytes = m
            .emit_to_memory(&CodegenTarget::spirv64(), OutputKind::Object)
            .expect("codegen");
        assert_eq!(&bytes[..4], &0x0723_0203u32.to_le_bytes());
        assert_eq!(m.triple(), "spir64-unknown-unknown");
        m.verify().expect("verify");
        // Same module, same bytes.
        let again = m
            .emit_to_memory(&CodegenTarget::spirv64(), OutputKind::Object)
            .expect("codegen");
        assert_eq!(bytes, again);
    }

    #[test]
    fn emits_ptx_text() {
        let ctx = Context::new();
        let m = ctx
            .parse_ir(
                b"define ptx_kernel void @k(ptr addrspace(1) %p) {\n  store i32 7, ptr addrspace(1) %p\n  ret void\n}\n",
                "k.ll",
            )
            .expect("parse");
        let ptx = m
            .emit_to_memory(&CodegenTarget::nvptx64("sm_90"), OutputKind::Assembly)
            .expect("codegen");
        let text = String::from_utf8(ptx).expect("utf-8");
        assert!(text.contains(".target sm_90"), "{text}");
        assert!(text.contains(".entry k"), "{text}");
    }

    #[test]
    fn unknown_triples_are_errors() {
        let ctx = Context::new();
        let m = ctx.parse_ir(KERNEL, "k.ll").expect("parse");
        let target = CodegenTarget {
            triple: "nosuch-unknown-unknown".into(),
            cpu: String::new(),
            features: String::new(),
            spirv_extensions: Vec::new(),
            opt_level: 2,
        };
        assert!(m.emit_to_memory(&target, OutputKind::Object).is_err());
    }
}
