//! Observability of a run, for the commands: a Chrome trace of its steps
//! (`-time-trace=<file>`, the JSON that LLVM's `-ftime-trace` writes, read
//! by chrome://tracing and Perfetto) and a progress line on standard error.
//! Both are off unless a command turns them on ([`enable_trace`],
//! [`enable_progress`]); library callers (the C ABI) never print or record
//! anything. Spans cost one atomic load when tracing is off.

use std::fmt::Display;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

static TRACING: AtomicBool = AtomicBool::new(false);
static EVENTS: Mutex<Vec<Event>> = Mutex::new(Vec::new());
static START: OnceLock<Instant> = OnceLock::new();
static NEXT_TID: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static TID: usize = NEXT_TID.fetch_add(1, Ordering::Relaxed);
}

/// One finished step.
#[derive(Debug, Clone)]
struct Event {
    name: &'static str,
    detail: String,
    tid: usize,
    start: Duration,
    duration: Duration,
}

/// Starts recording spans (for `-time-trace`); the trace's time zero is now.
pub fn enable_trace() {
    START.get_or_init(Instant::now);
    TRACING.store(true, Ordering::SeqCst);
}

/// A step being timed; recorded when dropped.
pub struct Span(Option<(&'static str, String, Instant)>);

/// Times a step named `name` (`Read`, `Split`, `Cleanup`, ...) of `detail`
/// (a file, an image number) until the returned value is dropped.
pub fn span(name: &'static str, detail: impl Display) -> Span {
    if !TRACING.load(Ordering::Relaxed) {
        return Span(None);
    }
    Span(Some((name, detail.to_string(), Instant::now())))
}

impl Span {
    /// Adds `more` to the step's detail (what was learnt while timing it).
    pub fn add_detail(&mut self, more: impl Display) {
        if let Some((_, detail, _)) = self.0.as_mut() {
            detail.push_str(&more.to_string());
        }
    }
}

impl Drop for Span {
    fn drop(&mut self) {
        let Some((name, detail, begin)) = self.0.take() else {
            return;
        };
        let zero = *START.get_or_init(Instant::now);
        let event = Event {
            name,
            detail,
            tid: TID.with(|t| *t),
            start: begin.saturating_duration_since(zero),
            duration: begin.elapsed(),
        };
        if let Ok(mut events) = EVENTS.lock() {
            events.push(event);
        }
    }
}

fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The recorded spans as a Chrome trace (`{"traceEvents": [...]}`, complete
/// events `"ph":"X"` with microsecond times, one `tid` per thread, and a
/// `"Total <name>"` event per step name, as LLVM's time trace has), sorted
/// by start time. Takes the spans: a second call starts from none.
pub fn take_chrome_trace(process: &str) -> String {
    let mut events = EVENTS.lock().map(|mut e| std::mem::take(&mut *e)).unwrap_or_default();
    events.sort_by_key(|e| (e.start, e.tid));
    let mut lines = Vec::new();
    for e in &events {
        lines.push(format!(
            "{{\"pid\":1,\"tid\":{},\"ph\":\"X\",\"ts\":{},\"dur\":{},\"name\":{},\"args\":{{\"detail\":{}}}}}",
            e.tid,
            e.start.as_micros(),
            e.duration.as_micros(),
            json_string(e.name),
            json_string(&e.detail)
        ));
    }
    // Totals per step name, on a thread of their own (as LLVM's).
    let mut totals: Vec<(&str, Duration, usize)> = Vec::new();
    for e in &events {
        match totals.iter_mut().find(|t| t.0 == e.name) {
            Some(t) => {
                t.1 += e.duration;
                t.2 += 1;
            }
            None => totals.push((e.name, e.duration, 1)),
        }
    }
    let total_tid = NEXT_TID.load(Ordering::Relaxed) + 1;
    for (name, dur, count) in totals {
        lines.push(format!(
            "{{\"pid\":1,\"tid\":{total_tid},\"ph\":\"X\",\"ts\":0,\"dur\":{},\"name\":{},\"args\":{{\"count\":{count},\"avg ms\":{}}}}}",
            dur.as_micros(),
            json_string(&format!("Total {name}")),
            dur.as_micros() / 1000 / count as u128
        ));
    }
    lines.push(format!(
        "{{\"cat\":\"\",\"pid\":1,\"tid\":0,\"ts\":0,\"ph\":\"M\",\"name\":\"process_name\",\"args\":{{\"name\":{}}}}}",
        json_string(process)
    ));
    format!(
        "{{\"traceEvents\":[\n{}\n],\n\"beginningOfTime\":0}}\n",
        lines.join(",\n")
    )
}

/// The progress line: on when a command asks for it (standard error is a
/// terminal) and the run has lasted the time it was enabled with
/// ([`DEFAULT_PROGRESS_AFTER`] unless the command says another).
struct Progress {
    tool: String,
    after: Duration,
    start: Instant,
    last: Option<Instant>,
    done: usize,
    shown: bool,
}

static PROGRESS: Mutex<Option<Progress>> = Mutex::new(None);

/// How long a run goes before its progress line appears, unless the
/// command says another (the commands' `SPL_PROGRESS_AFTER_MS`, for tests).
pub const DEFAULT_PROGRESS_AFTER: Duration = Duration::from_secs(2);

/// Turns the progress line on for `tool` (a command calls this when its
/// standard error is a terminal), shown once the run has lasted `after`.
pub fn enable_progress(tool: &str, after: Duration) {
    if let Ok(mut p) = PROGRESS.lock() {
        *p = Some(Progress {
            tool: tool.to_string(),
            after,
            start: Instant::now(),
            last: None,
            done: 0,
            shown: false,
        });
    }
}

/// Counts one more `what` done (an image written, compiled) and, when the
/// run has lasted long enough, redraws the progress line (at most every
/// 200 ms).
pub fn progress(what: &str) {
    let Ok(mut guard) = PROGRESS.lock() else {
        return;
    };
    let Some(p) = guard.as_mut() else {
        return;
    };
    p.done += 1;
    let now = Instant::now();
    if now.duration_since(p.start) < p.after
        || p.last
            .is_some_and(|l| now.duration_since(l) < Duration::from_millis(200))
    {
        return;
    }
    p.last = Some(now);
    p.shown = true;
    let secs = now.duration_since(p.start).as_secs_f64();
    let mut err = std::io::stderr().lock();
    let _ = write!(err, "\r\x1b[K{}: {} {what} ({secs:.1} s)", p.tool, p.done);
    let _ = err.flush();
}

/// Clears the progress line (if it was shown) and turns it off.
pub fn finish_progress() {
    if let Ok(mut guard) = PROGRESS.lock() {
        if guard.take().is_some_and(|p| p.shown) {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[K");
            let _ = err.flush();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_make_a_chrome_trace() {
        enable_trace();
        {
            let _a = span("Read", "in \"x\".bc");
            let _b = span("Split", 3);
        }
        let json = take_chrome_trace("t");
        assert!(json.starts_with("{\"traceEvents\":["));
        assert!(json.contains("\"name\":\"Read\",\"args\":{\"detail\":\"in \\\"x\\\".bc\"}"));
        assert!(json.contains("\"name\":\"Total Split\""));
        assert!(take_chrome_trace("t").matches("\"ph\":\"X\"").count() == 0);
    }
}
