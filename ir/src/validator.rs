//! SPIR-V validation in process with SPIRV-Tools' validator library (the
//! checks `spirv-val` runs, without starting it): Debian's `spirv-tools`
//! ships `libSPIRV-Tools.a` and its C API (`spirv-tools/libspirv.h`), linked
//! by this crate's build script. The target environment is `spirv-val`'s
//! default, universal SPIR-V 1.6.
//!
//! It lives here because this crate holds the project's foreign (`unsafe`)
//! code; it knows nothing of LLVM.

use std::ffi::CStr;
use std::os::raw::{c_char, c_int, c_void};

/// `spv_position_t`.
#[repr(C)]
struct SpvPosition {
    line: usize,
    column: usize,
    index: usize,
}

/// `spv_diagnostic_t`.
#[repr(C)]
struct SpvDiagnostic {
    position: SpvPosition,
    error: *mut c_char,
    is_text_source: bool,
}

/// `SPV_ENV_UNIVERSAL_1_6` of `spv_target_env`.
const SPV_ENV_UNIVERSAL_1_6: c_int = 24;
/// `SPV_SUCCESS` of `spv_result_t`.
const SPV_SUCCESS: c_int = 0;

/// `spv_validator_limit_max_local_variables` of `spv_validator_limit`.
const LIMIT_MAX_LOCAL_VARIABLES: c_int = 2;
/// SPIR-V's universal limit on a function's local variables.
const MAX_LOCAL_VARIABLES: usize = 524_287;

/// `spv_const_binary_t`.
#[repr(C)]
struct SpvConstBinary {
    code: *const u32,
    word_count: usize,
}

extern "C" {
    fn spvContextCreate(env: c_int) -> *mut c_void;
    fn spvContextDestroy(context: *mut c_void);
    fn spvValidatorOptionsCreate() -> *mut c_void;
    fn spvValidatorOptionsDestroy(options: *mut c_void);
    fn spvValidatorOptionsSetUniversalLimit(options: *mut c_void, limit: c_int, value: u32);
    fn spvValidatorOptionsSetFriendlyNames(options: *mut c_void, val: bool);
    fn spvValidateWithOptions(
        context: *const c_void,
        options: *const c_void,
        binary: *const SpvConstBinary,
        diagnostic: *mut *mut SpvDiagnostic,
    ) -> c_int;
    fn spvDiagnosticDestroy(diagnostic: *mut SpvDiagnostic);
}

/// A module the validator refuses: its first diagnostic, as `spirv-val`
/// words it (without the `error: line N:` prefix), on one line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ValidationError(pub String);

/// The largest number of `Function` variables of one function: `OpVariable`
/// (59) with storage class `Function` (7), counted from each `OpFunction`
/// (54).
fn most_locals_in_a_function(words: &[u32]) -> usize {
    let (mut most, mut here, mut i) = (0usize, 0usize, 5usize);
    while i < words.len() {
        let (count, opcode) = ((words[i] >> 16) as usize, words[i] & 0xffff);
        match opcode {
            54 => here = 0,
            59 if words.get(i + 3) == Some(&7) => {
                here += 1;
                most = most.max(here);
            }
            _ => {}
        }
        i += count.max(1);
    }
    most
}

/// Validates a SPIR-V binary (little-endian words, as LLVM writes it).
///
/// SPIR-V limits each function to 524,287 local variables; SPIRV-Tools
/// (2023.1) counts them over the whole module, which refuses real DPC++
/// images of many kernels (841,839 in all, 691 at most in one function, in
/// one of `../shared/bench/real/`). So the limit is checked here per
/// function and lifted in the validator.
pub fn validate_spirv(bytes: &[u8]) -> Result<(), ValidationError> {
    if !bytes.len().is_multiple_of(4) {
        return Err(ValidationError(format!(
            "the module's size ({} bytes) is not a whole number of words",
            bytes.len()
        )));
    }
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect();
    let locals = most_locals_in_a_function(&words);
    if locals > MAX_LOCAL_VARIABLES {
        return Err(ValidationError(format!(
            "a function has {locals} local variables ('Function' Storage Class), more than the limit ({MAX_LOCAL_VARIABLES})"
        )));
    }
    // Without friendly names first: the validator's naming of every id for
    // messages is a quarter of its time on large modules (dpnp's largest
    // image: 0.8 of 3.2 s). A module it refuses is validated again with
    // them, for the message.
    match run_validator(&words, false) {
        Ok(()) => Ok(()),
        Err(_) => run_validator(&words, true),
    }
}

/// One run of SPIRV-Tools' validator on `words`, with friendly names in
/// its messages or not.
fn run_validator(words: &[u32], friendly_names: bool) -> Result<(), ValidationError> {
    // SAFETY: the context, options and diagnostic are created and destroyed
    // here; the words outlive the call.
    unsafe {
        let context = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
        if context.is_null() {
            return Err(ValidationError("cannot create a SPIRV-Tools context".into()));
        }
        let options = spvValidatorOptionsCreate();
        if options.is_null() {
            spvContextDestroy(context);
            return Err(ValidationError("cannot create SPIRV-Tools validator options".into()));
        }
        spvValidatorOptionsSetUniversalLimit(options, LIMIT_MAX_LOCAL_VARIABLES, u32::MAX);
        spvValidatorOptionsSetFriendlyNames(options, friendly_names);
        let binary = SpvConstBinary {
            code: words.as_ptr(),
            word_count: words.len(),
        };
        let mut diagnostic: *mut SpvDiagnostic = std::ptr::null_mut();
        let result = spvValidateWithOptions(context, options, &binary, &mut diagnostic);
        spvValidatorOptionsDestroy(options);
        let message = if diagnostic.is_null() || (*diagnostic).error.is_null() {
            String::new()
        } else {
            let text = CStr::from_ptr((*diagnostic).error).to_string_lossy().trim().to_string();
            // One line: the validator appends the offending instruction
            // (disassembled) on the following lines.
            let text = text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
                .join(" ");
            text
        };
        if !diagnostic.is_null() {
            spvDiagnosticDestroy(diagnostic);
        }
        spvContextDestroy(context);
        if result == SPV_SUCCESS {
            Ok(())
        } else if message.is_empty() {
            Err(ValidationError(format!("invalid SPIR-V (validator result {result})")))
        } else {
            Err(ValidationError(message))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_a_truncated_module_and_accepts_a_minimal_one() {
        // Header of a SPIR-V 1.0 module with no instructions: the validator
        // wants a memory model.
        let header: Vec<u8> = [0x0723_0203u32, 0x0001_0000, 0, 1, 0]
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect();
        let e = validate_spirv(&header).expect_err("no memory model");
        assert!(!e.0.is_empty());
        assert!(validate_spirv(&header[..18]).is_err());
        // OpCapability Addresses, Linkage, Kernel; OpMemoryModel Physical64 OpenCL.
        let mut ok = header.clone();
        for w in [0x0002_0011u32, 4, 0x0002_0011, 5, 0x0002_0011, 6, 0x0003_000e, 2, 2] {
            ok.extend(w.to_le_bytes());
        }
        validate_spirv(&ok).expect("valid");
    }
}
