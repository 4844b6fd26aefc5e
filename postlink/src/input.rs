//! The input of a run ([`Input`]: IR bytes and the name they go by), read
//! from a file, standard input, memory or an already-parsed module, and
//! parsing it as LLVM IR (text or bitcode).

use std::io::Read;

use sycl_ir::{Context, Module};

use crate::error::{err, PostLinkError};
use crate::output::io_reason;

/// The linked device module a run starts from: LLVM IR, as bitcode or
/// text, and its name (the module identifier, and the file name in
/// messages).
#[derive(Debug, Clone)]
pub struct Input {
    pub(crate) data: Vec<u8>,
    pub(crate) name: String,
    /// A read check's worker read these bytes and found them to verify
    /// ([`sycl_codegen::worker::ReadCheck::check`]): the run does not
    /// verify them again.
    pub(crate) verified: bool,
}

impl Input {
    /// A module held in memory: bitcode or textual IR, detected from the
    /// bytes.
    pub fn from_bytes(data: impl Into<Vec<u8>>, name: impl Into<String>) -> Self {
        Input {
            data: data.into(),
            name: name.into(),
            verified: false,
        }
    }

    /// A module already parsed: the run works on its bitcode, as
    /// `LLVMWriteBitcodeToFile` writes it, under its identifier; `m` itself
    /// is not changed. The images are those the command makes from that
    /// bitcode file.
    pub fn from_module(m: &Module<'_>) -> Self {
        Input {
            data: m.to_bitcode(),
            name: m.identifier(),
            verified: false,
        }
    }

    /// The file `path`, or standard input for `-` (named `<stdin>`).
    pub fn read(path: &str) -> Result<Self, PostLinkError> {
        let (data, name) = read_input(path)?;
        Ok(Input {
            data,
            name,
            verified: false,
        })
    }

    /// Verifies bitcode input now, in this process, on `threads` threads
    /// (at most `ReadCheck::MAX_THREADS`) that each read and verify a share
    /// of its function bodies: what the read check's worker does
    /// ([`sycl_codegen::worker::ReadCheck`]), without
    /// its protection from a reader that crashes on corrupt bytes, for
    /// bytes the caller trusts (bitcode it wrote). Where every share
    /// verifies, the run does not verify the module again and, on several
    /// threads, never reads it whole: its threads read it in shares. Text,
    /// a module with debug information, or one that does not verify is
    /// left to the run, which verifies it as usual.
    pub fn verify_in_shares(mut self, threads: usize) -> Self {
        let threads = sycl_codegen::worker::ReadCheck::reading_threads(threads);
        self.verified = self.verified
            || (sycl_ir::is_bitcode(&self.data) && sycl_ir::verify_bitcode_in_shares(&self.data, threads));
        self
    }

    /// The name the input goes by.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The input's bytes (LLVM IR, bitcode or text).
    pub fn bytes(&self) -> &[u8] {
        &self.data
    }
}

/// The bytes of `path` (standard input for `-`) and the name LLVM gives the
/// buffer: the path itself, or `<stdin>`.
pub fn read_file_or_stdin(path: &str) -> std::io::Result<(Vec<u8>, String)> {
    if path == "-" {
        let mut data = Vec::new();
        std::io::stdin().read_to_end(&mut data)?;
        return Ok((data, "<stdin>".into()));
    }
    Ok((std::fs::read(path)?, path.to_string()))
}

/// Reads the input file (or standard input for `-`). Returns the bytes and
/// the name LLVM gives the buffer.
pub fn read_input(path: &str) -> Result<(Vec<u8>, String), PostLinkError> {
    read_file_or_stdin(path).map_err(|e| {
        let name = if path == "-" { "<stdin>" } else { path };
        err(format!("{name}: {}", io_reason(&e)))
    })
}

/// Parses IR; errors carry LLVM's diagnostic.
pub fn parse_module<'c>(ctx: &'c Context, data: &[u8], name: &str) -> Result<Module<'c>, PostLinkError> {
    if data.is_empty() {
        return Err(err(format!("{name}: empty input: expected LLVM IR or bitcode")));
    }
    ctx.parse_ir(data, name).map_err(|e| input_error(name, e))
}

/// LLVM's complaint about input `name`, named once (its diagnostics may
/// start with the name already).
pub(crate) fn input_error(name: &str, e: sycl_ir::IrError) -> PostLinkError {
    let s = e.to_string();
    if s.starts_with(name) {
        err(s)
    } else {
        err(format!("{name}: {s}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const IR: &str = "target triple = \"spir64-unknown-unknown\"\n\
        define spir_func i32 @f(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n\
        define spir_kernel void @k() {\n  %v = call spir_func i32 @f(i32 1)\n  ret void\n}\n";

    #[test]
    fn bitcode_verified_in_shares_is_marked_verified() {
        let bitcode = Context::new().parse_ir(IR.as_bytes(), "m").unwrap().to_bitcode();
        assert!(Input::from_bytes(bitcode, "m.bc").verify_in_shares(3).verified);
        // Text is left to the run's own verification.
        assert!(!Input::from_bytes(IR, "m.ll").verify_in_shares(3).verified);
        // So are bytes the reader refuses.
        assert!(
            !Input::from_bytes(b"BC\xc0\xde\x00\x01".to_vec(), "x.bc")
                .verify_in_shares(3)
                .verified
        );
    }
}
