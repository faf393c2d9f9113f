//! Shared helpers for the utf8lens conformance, exhaustive and property tests.
//!
//! The tests under `tests/` never trust the codec to check itself: expectations come from std
//! (`str::from_utf8`, `String::from_utf8_lossy`, `<[u8]>::utf8_chunks`), from the external data in
//! `../shared/conformance`, or from small reference models written here from the specifications.
//!
//! - [`data`] finds the conformance data and applies the CI rule (missing data fails with
//!   `CI=true`, otherwise the test skips with a note on stderr).
//! - [`hex`] reads and writes the hex notation the data files and failure messages use.
//! - [`oracle`] derives expectations from std and checks the codec against them.
//! - [`stream_model`] is a reference model of WHATWG `TextDecoder` call semantics.

pub mod data;
pub mod hex;
pub mod oracle;
pub mod stream_model;

/// Prints one summary line for a suite, e.g. `wpt utf8-decode: 72/72`.
///
/// The line goes to stderr, so `cargo test -- --nocapture` (or a failing run) shows it.
pub fn summary(suite: &str, passed: usize, total: usize) {
    eprintln!("{suite}: {passed}/{total}");
}
