//! A worker's serving loop, which moves bytes and gives them no meaning: a
//! request is a kind (one byte), a name and bytes (each a [`crate::frame`]
//! field); a [`Handler`] (the caller's: `sycl-postlink`'s code generation)
//! says which kinds exist and writes each answer. With [`Isolation::Fork`]
//! each request is answered in a child forked for it
//! ([`crate::child::fork_run`]), so that no request sees what another left
//! in the process, and a child that dies fails only its request.

use std::io::{self, BufReader, Read, Write};
use std::process::ExitStatus;

use crate::child::ForkError;
use crate::frame::{read_field, read_string};

/// Where a worker answers each request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Isolation {
    /// In a child forked for the request (what workers do).
    Fork,
    /// In the serving process itself (tests).
    InProcess,
}

/// How a forked child ended without answering.
#[derive(Debug)]
pub enum ChildEnd {
    /// It exited or was killed (never with status 0).
    Status(ExitStatus),
    /// No child could be forked, or waiting for it failed.
    Lost(ForkError),
}

/// What a worker's requests mean.
pub trait Handler {
    /// Whether `kind` is a request this worker serves; any other kind ends
    /// the serving with an `InvalidData` error before its fields are read.
    fn accepts(&self, kind: u8) -> bool;

    /// Runs first in a forked child, before [`Handler::answer`] (a memory
    /// limit, for example).
    fn in_child(&self) {}

    /// Answers one request in this process, writing the whole answer to
    /// `out`. `Ok(false)`: this process can serve no more (only heeded with
    /// [`Isolation::InProcess`]; a forked child ends anyway).
    fn answer(&self, kind: u8, name: &str, bytes: &[u8], out: &mut dyn Write) -> io::Result<bool>;

    /// Writes the answer of a request whose forked child ended without
    /// answering.
    fn child_failed(&self, end: ChildEnd, out: &mut dyn Write) -> io::Result<()>;
}

/// Answers requests from `input` on `output` until the input closes
/// (`Ok`), the handler says the process can serve no more (`Ok`), or the
/// input or output fails (`Err`).
pub fn serve(
    handler: &impl Handler,
    input: &mut impl Read,
    output: &mut impl Write,
    isolation: Isolation,
) -> io::Result<()> {
    let mut input = BufReader::new(input);
    loop {
        let mut kind = [0u8; 1];
        match input.read_exact(&mut kind) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(()),
            Err(e) => return Err(e),
        }
        let kind = kind[0];
        if !handler.accepts(kind) {
            return Err(io::Error::new(io::ErrorKind::InvalidData, "unknown request"));
        }
        let name = read_string(&mut input)?;
        let bytes = read_field(&mut input)?;
        if isolation == Isolation::InProcess {
            if !handler.answer(kind, &name, &bytes, output)? {
                return Ok(());
            }
            continue;
        }
        output.flush()?;
        let ended = crate::child::fork_run(|| {
            handler.in_child();
            handler.answer(kind, &name, &bytes, output).is_ok()
        });
        match ended {
            Ok(status) if status.success() => {}
            Ok(status) => handler.child_failed(ChildEnd::Status(status), output)?,
            Err(e) => handler.child_failed(ChildEnd::Lost(e), output)?,
        }
    }
}
