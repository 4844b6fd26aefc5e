//! `post_link`'s callback is never called again once it returned an error,
//! whatever the thread count: other workers' images are dropped. (Before,
//! with 2+ threads, images finished meanwhile were still delivered.)

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use sycl_postlink::settings::RunTuning;
use sycl_postlink::{post_link, Input, PostLinkError, Settings, SplitMode};

const INPUT: &str = include_str!("../../lit/capi/Inputs/thirty-kernels.ll");

#[test]
fn no_call_after_the_callback_stops_the_run() {
    for threads in [1, 2, 4, 8] {
        let settings = Settings {
            split: SplitMode::Kernel,
            threads: Some(threads),
            // The threaded path even on this small module (as the test
            // scripts' SPL_EXACT_THREADS=1 did).
            tuning: RunTuning {
                exact_threads: true,
                ..RunTuning::default()
            },
            ..Settings::default()
        };
        for stop_at in [1, 3] {
            let calls = AtomicUsize::new(0);
            let after_stop = AtomicUsize::new(0);
            let result = post_link(&settings, Input::from_bytes(INPUT, "thirty-kernels.ll"), |_image| {
                let n = calls.fetch_add(1, Ordering::SeqCst) + 1;
                if n > stop_at {
                    after_stop.fetch_add(1, Ordering::SeqCst);
                }
                if n >= stop_at {
                    // Let the other workers finish images meanwhile.
                    std::thread::sleep(Duration::from_millis(30));
                    return Err(PostLinkError::new("host says stop"));
                }
                Ok(())
            });
            let e = result.expect_err("the run fails");
            assert_eq!(e.0, "host says stop", "threads {threads}");
            assert_eq!(
                after_stop.load(Ordering::SeqCst),
                0,
                "threads {threads}, stop at {stop_at}"
            );
            assert_eq!(calls.load(Ordering::SeqCst), stop_at);
        }
    }
}
