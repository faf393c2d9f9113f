//! The inspector's hooks: shared state, the URL fragment, file reading (opened or dropped anywhere on the page), the input summary, the
//! character names and the frequent words of mojibake repair (fetched when first needed), the byte map's virtual scrolling, and focus kept when one view opens another.

mod use_file_loader;
mod use_focus_view;
mod use_fragment_sync;
mod use_frequent_words;
mod use_inspector;
mod use_lazy_text;
mod use_page_drop;
mod use_summary;
mod use_ucd;
mod use_virtual_rows;

pub use use_file_loader::use_file_loader;
pub use use_focus_view::use_focus_view;
pub use use_fragment_sync::use_fragment_sync;
pub use use_frequent_words::use_frequent_words;
pub use use_inspector::{use_inspector, InspectorProvider};
pub use use_lazy_text::use_lazy_text;
pub use use_page_drop::use_page_drop;
#[cfg(test)]
pub(crate) use use_summary::count_all;
pub use use_summary::{use_summary, Summary};
pub use use_ucd::use_ucd;
pub use use_virtual_rows::{use_virtual_rows, VirtualRows};
