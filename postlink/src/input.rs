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
    /// ([`crate::codegen_worker::ReadCheck::check`]): the run does not
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
    ctx.parse_ir(data, name).map_err(|e| {
        let s = e.to_string();
        if s.starts_with(name) {
            err(s)
        } else {
            err(format!("{name}: {s}"))
        }
    })
}
