//! Pipe ends whose reads and writes fail with `TimedOut` once a deadline
//! has passed ([`Timed`]): how the packaging side gives up on a worker that
//! stopped answering (hung, or stopped by a signal) without a thread of its
//! own to watch it.

use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
use std::time::Instant;

/// A pipe end made non-blocking, whose every read and write waits (in
/// `poll`) at most until its deadline, if it has one.
#[derive(Debug)]
pub struct Timed<T> {
    inner: T,
    deadline: Option<Instant>,
}

impl<T: AsRawFd> Timed<T> {
    /// `inner`, its descriptor made non-blocking (this end only: the
    /// process at the other end of a pipe keeps its own), with no deadline.
    pub fn new(inner: T) -> io::Result<Self> {
        let fd = inner.as_raw_fd();
        // SAFETY: reads and sets the status flags of a descriptor `inner` owns.
        let ok = unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFL);
            flags >= 0 && libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) == 0
        };
        if !ok {
            return Err(io::Error::last_os_error());
        }
        Ok(Timed { inner, deadline: None })
    }

    /// Reads and writes after `deadline` fail with `TimedOut`; `None`: they
    /// wait as long as it takes.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Waits until the descriptor is ready for `events` (`POLLIN`,
    /// `POLLOUT`), or the deadline passes (`TimedOut`).
    fn wait(&self, events: libc::c_short) -> io::Result<()> {
        loop {
            let timeout = match self.deadline {
                None => -1,
                Some(d) => {
                    let left = d.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        return Err(io::Error::from(io::ErrorKind::TimedOut));
                    }
                    // Rounded up, so that the wait never spins at 0 ms.
                    left.as_millis().saturating_add(1).min(i32::MAX as u128) as libc::c_int
                }
            };
            let mut p = libc::pollfd {
                fd: self.inner.as_raw_fd(),
                events,
                revents: 0,
            };
            // SAFETY: polls one descriptor, described by a local.
            match unsafe { libc::poll(&mut p, 1, timeout) } {
                n if n > 0 => return Ok(()),
                0 => {}
                _ => {
                    let e = io::Error::last_os_error();
                    if e.kind() != io::ErrorKind::Interrupted {
                        return Err(e);
                    }
                }
            }
        }
    }
}

impl<T: Read + AsRawFd> Read for Timed<T> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            match self.inner.read(buf) {
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => self.wait(libc::POLLIN)?,
                r => return r,
            }
        }
    }
}

impl<T: Write + AsRawFd> Write for Timed<T> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        loop {
            match self.inner.write(buf) {
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => self.wait(libc::POLLOUT)?,
                r => return r,
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn pipe() -> (std::fs::File, std::fs::File) {
        let mut fds = [0; 2];
        // SAFETY: fills a local array with two new descriptors.
        assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
        use std::os::fd::FromRawFd;
        // SAFETY: the descriptors were just made and are owned here alone.
        unsafe { (std::fs::File::from_raw_fd(fds[0]), std::fs::File::from_raw_fd(fds[1])) }
    }

    #[test]
    fn a_silent_pipe_times_out_and_data_passes_before_the_deadline() {
        let (r, mut w) = pipe();
        let mut r = Timed::new(r).unwrap();
        r.set_deadline(Some(Instant::now() + Duration::from_millis(50)));
        let mut buf = [0u8; 4];
        assert_eq!(r.read(&mut buf).unwrap_err().kind(), io::ErrorKind::TimedOut);
        w.write_all(b"abcd").unwrap();
        r.set_deadline(Some(Instant::now() + Duration::from_secs(5)));
        r.read_exact(&mut buf).unwrap();
        assert_eq!(&buf, b"abcd");
    }

    #[test]
    fn a_full_pipe_times_out_on_write() {
        let (_r, w) = pipe();
        let mut w = Timed::new(w).unwrap();
        w.set_deadline(Some(Instant::now() + Duration::from_millis(50)));
        let big = vec![0u8; 1 << 20];
        assert_eq!(w.write_all(&big).unwrap_err().kind(), io::ErrorKind::TimedOut);
    }
}
