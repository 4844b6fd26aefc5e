//! C ABI calls print no panic message: a panic inside a call (or in a
//! worker thread during one) becomes the call's error and reaches no hook
//! that prints; outside calls, the host's own panic hook still runs. Its
//! own test binary: it sets the process's panic hook.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use sycl_post_link::capi::{catch_quietly, panic_message};

#[test]
fn panics_inside_a_call_print_nothing_and_others_reach_the_previous_hook() {
    // The hook a host had: records that it ran (it would print).
    let printed = Arc::new(AtomicBool::new(false));
    let seen = printed.clone();
    std::panic::set_hook(Box::new(move |_| seen.store(true, Ordering::SeqCst)));
    let r = catch_quietly(|| -> u32 { panic!("a bug") });
    assert_eq!(panic_message(r.expect_err("caught")), "internal error: a bug");
    assert!(!printed.load(Ordering::SeqCst), "the panic was printed");
    // A worker thread's panic during a call: silent too.
    let r = catch_quietly(|| std::thread::spawn(|| panic!("in a worker")).join().is_err());
    assert_eq!(r.ok(), Some(true));
    assert!(!printed.load(Ordering::SeqCst), "the worker's panic was printed");
    // Outside any call, the host's hook runs.
    let _ = std::panic::catch_unwind(|| panic!("the host's own"));
    assert!(printed.load(Ordering::SeqCst));
}
