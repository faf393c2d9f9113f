//! The inspector's hooks: shared state, the URL fragment, file reading and the input summary.

mod use_file_loader;
mod use_fragment_sync;
mod use_inspector;
mod use_summary;

pub use use_file_loader::use_file_loader;
pub use use_fragment_sync::use_fragment_sync;
pub use use_inspector::{use_inspector, InspectorProvider};
pub use use_summary::{use_summary, Summary};
