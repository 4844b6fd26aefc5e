//! Reading a tool's input (a file, or standard input for `-`) and parsing
//! it as LLVM IR (text or bitcode).

use std::io::Read;

use sycl_ir::{Context, Module};

use crate::error::{err, PostLinkError};
use crate::output::io_reason;

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
