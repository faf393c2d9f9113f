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
//!
//! # Running
//!
//! `cargo test -p utf8lens-tests -- --nocapture` shows one summary line per suite
//! (`wpt utf8-decode: 72/72`). With `CI=true`, missing conformance data fails the test that
//! needs it; otherwise that test skips with a `SKIPPED:` note on stderr.
//!
//! The four-byte sweep checks all 83,886,080 inputs with leads F0..=F4 only when this crate is
//! compiled with optimisations (`build.rs` reads the profile's `OPT_LEVEL`): give the workspace
//! root `[profile.test.package.utf8lens-tests]` and `[profile.test.package.utf8lens]` an
//! `opt-level = 3`, or pass `--config 'profile.test.package.utf8lens-tests.opt-level=3'` (and the
//! same for `utf8lens`). Unoptimised it checks a class-complete subset of 1,536,000 and says so.
//!
//! Property tests draw a fresh seed per run and print it; `UTF8LENS_PROPTEST_SEED=<n>` replays one.

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
