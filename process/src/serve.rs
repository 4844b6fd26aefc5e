//! A worker's serving loop, which moves bytes and gives them no meaning: a
//! request is a kind (one byte), a name and bytes (each a [`crate::frame`]
//! field); a [`Handler`] (the caller's: `sycl-codegen`'s code generation)
//! says which kinds exist and writes each answer.
//!
//! With [`Isolation::Fork`] requests are answered in children forked from
//! the serving process, which itself answers none. A child answers
//! requests one after another, as the serving process passes them on
//! through a pipe, until the handler ends it, it has answered
//! [`BATCH_REQUESTS`] or it has grown by [`BATCH_GROWTH`] bytes; the next
//! request then gets a fresh child. What a child that has answered before
//! does not answer well (the handler says so, or the child dies) is asked
//! again of a fresh child, and only a fresh child's failure is the
//! request's: every failure is what a process that served nothing before
//! gives, as when each request had a child of its own.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::os::fd::AsRawFd;
use std::process::ExitStatus;

use crate::child::{ForkError, Forked};
use crate::frame::{read_field, read_string, write_field};

/// Where a worker answers each request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Isolation {
    /// In children forked from the serving process, several requests each
    /// (what workers do).
    Fork,
    /// In the serving process itself (tests).
    InProcess,
}

/// The most requests one forked child answers.
pub const BATCH_REQUESTS: usize = 64;

/// A forked child whose own resident memory (not the pages of libLLVM it
/// shares) has grown by more than this many bytes since it was forked
/// answers no more requests: memory the back end left behind goes back to
/// the system with the child.
pub const BATCH_GROWTH: u64 = 64 << 20;

/// How a forked child ended without answering.
#[derive(Debug)]
pub enum ChildEnd {
    /// It exited or was killed (never with status 0).
    Status(ExitStatus),
    /// No child could be forked, or waiting for it failed.
    Lost(ForkError),
}

/// What a handler made of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answered {
    /// Answered; this process may answer more.
    More,
    /// Answered; this process must answer no more (its state may be
    /// spoiled).
    Last,
    /// Not answered and nothing written: the request is to be asked
    /// again of a process that has answered none before. Only where the
    /// handler was told it may retry.
    InFreshProcess,
}

/// What a worker's requests mean.
pub trait Handler {
    /// Whether `kind` is a request this worker serves; any other kind ends
    /// the serving with an `InvalidData` error before its fields are read.
    fn accepts(&self, kind: u8) -> bool;

    /// Runs first in a forked child, before its first [`Handler::answer`]
    /// (a memory limit, for example).
    fn in_child(&self) {}

    /// Answers one request in this process, writing the whole answer to
    /// `out`, or, where `may_retry`, writes nothing and says
    /// [`Answered::InFreshProcess`]. `may_retry`: this process has answered
    /// requests before and a fresh one can be had (false for a process's
    /// first request, and with [`Isolation::InProcess`]).
    fn answer(&self, kind: u8, name: &str, bytes: &[u8], may_retry: bool, out: &mut dyn Write) -> io::Result<Answered>;

    /// Writes the answer of a request whose forked child ended without
    /// answering.
    fn child_failed(&self, end: ChildEnd, out: &mut dyn Write) -> io::Result<()>;
}

/// Answers requests from `input` on `output` until the input closes
/// (`Ok`), the handler says the process can serve no more (`Ok`, only with
/// [`Isolation::InProcess`]), or the input or output fails (`Err`).
pub fn serve(
    handler: &impl Handler,
    input: &mut impl Read,
    output: &mut impl Write,
    isolation: Isolation,
) -> io::Result<()> {
    let mut input = BufReader::new(input);
    let mut child: Option<Batch> = None;
    loop {
        let mut kind = [0u8; 1];
        match input.read_exact(&mut kind) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => break,
            Err(e) => return Err(e),
        }
        let kind = kind[0];
        if !handler.accepts(kind) {
            return Err(io::Error::new(io::ErrorKind::InvalidData, "unknown request"));
        }
        let name = read_string(&mut input)?;
        let bytes = read_field(&mut input)?;
        if isolation == Isolation::InProcess {
            match handler.answer(kind, &name, &bytes, false, output)? {
                Answered::More => continue,
                Answered::Last => return Ok(()),
                Answered::InFreshProcess => {
                    return Err(io::Error::other(
                        "a handler asked for a fresh process it was not offered",
                    ))
                }
            }
        }
        let request = Request {
            kind,
            name: &name,
            bytes: &bytes,
        };
        child = answer_in_children(handler, child, &request, output)?;
    }
    if let Some(c) = child {
        c.end();
    }
    Ok(())
}

/// One request, as the serving process passes it on to a child.
struct Request<'a> {
    kind: u8,
    name: &'a str,
    bytes: &'a [u8],
}

/// Answers `request` in `child` (or a child forked for it), and again in a
/// fresh child where one that had answered before did not answer it.
/// Returns the child that may answer the next request.
fn answer_in_children(
    handler: &impl Handler,
    mut child: Option<Batch>,
    request: &Request<'_>,
    output: &mut impl Write,
) -> io::Result<Option<Batch>> {
    loop {
        let mut c = match child.take() {
            Some(c) => c,
            None => {
                output.flush()?;
                match Batch::fork(handler, output) {
                    Ok(c) => c,
                    Err(e) => {
                        handler.child_failed(ChildEnd::Lost(e), output)?;
                        output.flush()?;
                        return Ok(None);
                    }
                }
            }
        };
        let fresh = c.answered == 0;
        match c.ask(request) {
            // The child counts its requests and its growth, and says
            // `Last` when it has reached either limit.
            Some(Reply::More) => {
                c.answered += 1;
                return Ok(Some(c));
            }
            Some(Reply::Last) => {
                c.end();
                return Ok(None);
            }
            Some(Reply::InFreshProcess) | None if !fresh => c.end(),
            // A fresh child asked for a fresh process or ended without
            // answering: that is the request's failure.
            Some(Reply::InFreshProcess) | None => {
                let end = match c.wait() {
                    Ok(status) if status.success() => {
                        ChildEnd::Lost(ForkError::Wait(io::Error::other("the child ended without answering")))
                    }
                    Ok(status) => ChildEnd::Status(status),
                    Err(e) => ChildEnd::Lost(e),
                };
                handler.child_failed(end, output)?;
                output.flush()?;
                return Ok(None);
            }
        }
    }
}

/// What a child says after a request (one byte on its status pipe).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reply {
    More = 1,
    Last = 2,
    InFreshProcess = 3,
}

impl Reply {
    fn from_byte(b: u8) -> Option<Reply> {
        [Reply::More, Reply::Last, Reply::InFreshProcess]
            .into_iter()
            .find(|r| *r as u8 == b)
    }
}

/// A forked child that answers requests, with the pipes the serving
/// process passes requests and reads its replies through (its answers go
/// to the serving process's output, which it shares).
struct Batch {
    child: Forked,
    requests: BufWriter<File>,
    replies: File,
    answered: usize,
}

impl Batch {
    fn fork(handler: &impl Handler, output: &mut impl Write) -> Result<Batch, ForkError> {
        let (request_read, request_write) = pipe().map_err(ForkError::Fork)?;
        let (reply_read, reply_write) = pipe().map_err(ForkError::Fork)?;
        // The child closes this process's ends, so that it sees the end of
        // the requests when this process closes its own.
        let ours = [request_write.as_raw_fd(), reply_read.as_raw_fd()];
        let child = crate::child::fork_child(|| {
            for fd in ours {
                // SAFETY: closes this child's copies of the serving
                // process's ends; nothing in the child uses them.
                unsafe { libc::close(fd) };
            }
            child_loop(handler, request_read, reply_write, output)
        })?;
        Ok(Batch {
            child,
            requests: BufWriter::new(request_write),
            replies: reply_read,
            answered: 0,
        })
    }

    /// Passes `request` on and waits for the child's reply; `None` when
    /// the child ended (or closed its pipes) without one.
    fn ask(&mut self, request: &Request<'_>) -> Option<Reply> {
        let sent = self
            .requests
            .write_all(&[request.kind])
            .and_then(|()| write_field(&mut self.requests, request.name.as_bytes()))
            .and_then(|()| write_field(&mut self.requests, request.bytes))
            .and_then(|()| self.requests.flush());
        if sent.is_err() {
            return None;
        }
        let mut reply = [0u8; 1];
        match self.replies.read_exact(&mut reply) {
            Ok(()) => Reply::from_byte(reply[0]),
            Err(_) => None,
        }
    }

    /// Tells the child that no request follows and reaps it.
    fn end(self) {
        let _ = self.wait();
    }

    /// Reaps a child that has ended (or is ending), for how it ended.
    fn wait(self) -> Result<ExitStatus, ForkError> {
        let Batch { child, requests, .. } = self;
        drop(requests);
        child.wait()
    }
}

/// A pipe, both ends closed on exec.
fn pipe() -> io::Result<(File, File)> {
    let (r, w) = io::pipe()?;
    Ok((
        File::from(std::os::fd::OwnedFd::from(r)),
        File::from(std::os::fd::OwnedFd::from(w)),
    ))
}

/// What a forked child does: answers the requests read from `requests`
/// until the pipe closes, the handler ends it, or it has answered
/// [`BATCH_REQUESTS`] or grown by [`BATCH_GROWTH`]; one reply byte per
/// request. Returns whether it ended well.
fn child_loop(handler: &impl Handler, requests: File, mut replies: File, output: &mut impl Write) -> bool {
    handler.in_child();
    let start = private_bytes();
    let mut requests = BufReader::new(requests);
    let mut answered = 0usize;
    loop {
        let mut kind = [0u8; 1];
        if requests.read_exact(&mut kind).is_err() {
            return true;
        }
        let (Ok(name), Ok(bytes)) = (read_string(&mut requests), read_field(&mut requests)) else {
            return false;
        };
        let reply = match handler.answer(kind[0], &name, &bytes, answered > 0, output) {
            Ok(a) => a,
            Err(_) => return false,
        };
        if output.flush().is_err() {
            return false;
        }
        answered += 1;
        let grown = private_bytes().saturating_sub(start) > BATCH_GROWTH;
        let reply = match reply {
            Answered::More if grown || answered >= BATCH_REQUESTS => Reply::Last,
            Answered::More => Reply::More,
            Answered::Last => Reply::Last,
            Answered::InFreshProcess => Reply::InFreshProcess,
        };
        if replies.write_all(&[reply as u8]).is_err() || reply != Reply::More {
            return true;
        }
    }
}

/// This process's resident memory that is its own (anonymous: heap and
/// stacks, not the pages of libLLVM it shares), in bytes; 0 where it
/// cannot be read.
fn private_bytes() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let mut fields = statm.split_whitespace().skip(1).map(|f| f.parse::<u64>().unwrap_or(0));
    let (resident, shared) = (fields.next().unwrap_or(0), fields.next().unwrap_or(0));
    resident.saturating_sub(shared) * 4096
}
