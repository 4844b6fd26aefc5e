//! Reading a tool's input: a file, or standard input for `-`.

use std::io::Read;

/// The bytes of `path` (standard input for `-`) and the name LLVM gives the
/// buffer: the path itself, or `<stdin>`.
pub fn read_input(path: &str) -> std::io::Result<(Vec<u8>, String)> {
    if path == "-" {
        let mut data = Vec::new();
        std::io::stdin().read_to_end(&mut data)?;
        return Ok((data, "<stdin>".into()));
    }
    Ok((std::fs::read(path)?, path.to_string()))
}
