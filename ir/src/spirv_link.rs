//! SPIR-V modules linked in process with SPIRV-Tools' linker
//! (`libSPIRV-Tools-link.a`, through `llvm-wrapper/SpirvLinkWrapper.cpp`):
//! what joins the pieces of an image compiled in pieces. It lives here, beside
//! the validator, because this crate holds the project's foreign code; it
//! knows nothing of LLVM or SYCL.

use std::ffi::CStr;

use crate::ffi;

/// The linker refused the modules: its first message, on one line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("SPIR-V link: {0}")]
pub struct SpirvLinkError(pub String);

/// Links SPIR-V binaries (little-endian words, as LLVM writes them) into
/// one module, as `spirv-link --create-library --allow-partial-linkage`:
/// each import with an export of its name becomes that definition; exports
/// are kept, and so are imports nothing exports. Modules are laid out in the
/// order given; ids are compacted. Built-in variables are not linked (the
/// linker leaves one per module).
pub fn link_spirv(modules: &[&[u8]]) -> Result<Vec<u8>, SpirvLinkError> {
    let mut words: Vec<Vec<u32>> = Vec::with_capacity(modules.len());
    for (i, m) in modules.iter().enumerate() {
        if !m.len().is_multiple_of(4) || m.len() < 20 {
            return Err(SpirvLinkError(format!("module {i} is not a SPIR-V binary")));
        }
        words.push(
            m.chunks_exact(4)
                .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
                .collect(),
        );
    }
    let ptrs: Vec<*const u32> = words.iter().map(|w| w.as_ptr()).collect();
    let counts: Vec<usize> = words.iter().map(Vec::len).collect();
    let mut out: *mut u32 = std::ptr::null_mut();
    let mut out_count = 0usize;
    let mut message: *mut std::os::raw::c_char = std::ptr::null_mut();
    // SAFETY: the pointers and counts describe `words`, which outlives the
    // call; what the shim allocates is freed here.
    unsafe {
        let r = ffi::SyclSpirvLink(
            ptrs.as_ptr(),
            counts.as_ptr(),
            ptrs.len(),
            &mut out,
            &mut out_count,
            &mut message,
        );
        if r != 0 {
            let text = if message.is_null() {
                format!("the SPIR-V linker failed (result {r})")
            } else {
                let t = CStr::from_ptr(message).to_string_lossy().into_owned();
                ffi::SyclSpirvLinkFree(message.cast());
                t.split_whitespace().collect::<Vec<_>>().join(" ")
            };
            if !out.is_null() {
                ffi::SyclSpirvLinkFree(out.cast());
            }
            return Err(SpirvLinkError(text));
        }
        let linked = std::slice::from_raw_parts(out, out_count)
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect();
        ffi::SyclSpirvLinkFree(out.cast());
        Ok(linked)
    }
}
