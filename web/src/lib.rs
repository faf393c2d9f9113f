//! The utf8lens inspector as a library: `main.rs` mounts [`App`], and the browser tests in
//! `tests/` mount it (or single views) into a test root.
//!
//! * [`app`]: the page layout and the view tabs.
//! * [`state`]: the one `State`, its `Action`s and the reducer; [`fragment`]: the same state as a
//!   URL fragment; [`view`]: the views both of them name.
//! * [`hooks`]: the shared state's context, URL sync, file reading, the input summary.
//! * [`components`]: one file per view.

pub mod app;
mod clusters;
mod code_point;
pub mod components;
#[cfg(test)]
mod conformance;
mod examples;
mod format;
pub mod fragment;
pub mod hooks;
mod lead_ranges;
pub mod normal_forms;
mod notation;
mod rows;
pub mod state;
mod ucd;
pub mod view;
mod visible;

pub use app::App;
