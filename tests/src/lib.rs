//! Integration and property tests across the workspace's crates; the tests
//! live in `tests/tests/`. This library holds the generator of random
//! linked device modules they share.
#![forbid(unsafe_code)]

pub mod features;
pub mod gen;
