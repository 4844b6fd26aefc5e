//! `sycl_process::serve` with forked children answering several requests
//! each: one child for many requests, a fresh one after a request a child
//! cannot answer well, after a child's crash, and after the batch's limit;
//! a fresh child's failure is the request's. One test: it forks, so it
//! runs alone in its binary.

use std::fs::File;
use std::io::{self, Read, Seek, Write};

use sycl_process::frame::{read_field, write_field};
use sycl_process::serve::{serve, Answered, ChildEnd, Handler, Isolation, BATCH_REQUESTS};

/// Answers a request with this process's id and the request's bytes;
/// `retry` asks for a fresh process where it may, `crash` is killed where it
/// may retry (as a back end spoiled by an earlier module would), `crash!`
/// is killed always, `last` ends the process after answering.
struct Echo;

impl Handler for Echo {
    fn accepts(&self, kind: u8) -> bool {
        kind == 7
    }

    fn answer(
        &self,
        _kind: u8,
        _name: &str,
        bytes: &[u8],
        may_retry: bool,
        out: &mut dyn Write,
    ) -> io::Result<Answered> {
        match bytes {
            b"retry" if may_retry => return Ok(Answered::InFreshProcess),
            b"crash" if may_retry => die(),
            b"crash!" => die(),
            _ => {}
        }
        out.write_all(&[0])?;
        out.write_all(&std::process::id().to_le_bytes())?;
        write_field(&mut &mut *out, bytes)?;
        Ok(if bytes == b"last" {
            Answered::Last
        } else {
            Answered::More
        })
    }

    fn child_failed(&self, end: ChildEnd, out: &mut dyn Write) -> io::Result<()> {
        let signalled =
            matches!(end, ChildEnd::Status(s) if std::os::unix::process::ExitStatusExt::signal(&s).is_some());
        out.write_all(&[if signalled { 1 } else { 2 }])
    }
}

/// Ends this process as a crash would (by a signal), leaving no core file.
fn die() -> ! {
    // SAFETY: kills this process.
    unsafe { libc::kill(libc::getpid(), libc::SIGKILL) };
    unreachable!("killed")
}

/// What came back for one request: the answering process and the bytes,
/// or a child's failure (`true`: it was killed by a signal).
#[derive(Debug, PartialEq)]
enum Reply {
    From(u32, Vec<u8>),
    Failed(bool),
}

fn run(requests: &[&[u8]]) -> Vec<Reply> {
    let mut input = Vec::new();
    for r in requests {
        input.push(7);
        write_field(&mut input, b"name").unwrap();
        write_field(&mut input, r).unwrap();
    }
    // Children write to the same open file as this process.
    let dir = std::env::temp_dir().join(format!("serve-batches-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("out-{}", requests.len()));
    let mut out = File::options()
        .create(true)
        .truncate(true)
        .read(true)
        .write(true)
        .open(&path)
        .unwrap();
    serve(&Echo, &mut input.as_slice(), &mut out, Isolation::Fork).expect("serve");
    out.rewind().unwrap();
    let mut bytes = Vec::new();
    out.read_to_end(&mut bytes).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let mut r = bytes.as_slice();
    let mut replies = Vec::new();
    while let Some((&status, rest)) = r.split_first() {
        r = rest;
        replies.push(match status {
            0 => {
                let mut pid = [0u8; 4];
                r.read_exact(&mut pid).unwrap();
                Reply::From(u32::from_le_bytes(pid), read_field(&mut r).unwrap())
            }
            s => Reply::Failed(s == 1),
        });
    }
    replies
}

fn pid(r: &Reply) -> u32 {
    match r {
        Reply::From(p, _) => *p,
        Reply::Failed(_) => panic!("no answer: {r:?}"),
    }
}

#[test]
fn children_answer_several_requests_and_failures_are_a_fresh_childs() {
    let me = std::process::id();
    let replies = run(&[
        b"a", b"b", b"retry", b"c", b"crash", b"d", b"last", b"e", b"crash!", b"f",
    ]);
    assert_eq!(replies.len(), 10, "{replies:?}");
    let p: Vec<Option<u32>> = replies
        .iter()
        .map(|r| match r {
            Reply::From(p, _) => Some(*p),
            Reply::Failed(_) => None,
        })
        .collect();
    // One child for a and b, none of them this process.
    assert!(p.iter().flatten().all(|&c| c != me));
    assert_eq!(p[0], p[1]);
    // `retry` asked again of a fresh child, which answers it and c.
    assert_eq!(replies[2], Reply::From(pid(&replies[2]), b"retry".to_vec()));
    assert_ne!(p[2], p[1]);
    assert_eq!(p[3], p[2]);
    // A crash after c: asked again of a fresh child, which answers.
    assert_ne!(p[4], p[3]);
    assert_eq!(replies[4], Reply::From(pid(&replies[4]), b"crash".to_vec()));
    assert_eq!(p[5], p[4]);
    // `last` ends its child: e gets a fresh one.
    assert_eq!(p[6], p[5]);
    assert_ne!(p[7], p[6]);
    // A crash in a child that answered before, then again in a fresh one:
    // the request's failure, and f gets another child.
    assert_eq!(replies[8], Reply::Failed(true));
    assert!(p[9].is_some_and(|c| Some(c) != p[7]));

    // A child answers at most BATCH_REQUESTS.
    let many: Vec<&[u8]> = (0..BATCH_REQUESTS + 1).map(|_| b"x".as_slice()).collect();
    let replies = run(&many);
    let pids: Vec<u32> = replies.iter().map(pid).collect();
    assert!(pids[..BATCH_REQUESTS].iter().all(|&c| c == pids[0]));
    assert_ne!(pids[BATCH_REQUESTS], pids[0]);
}
