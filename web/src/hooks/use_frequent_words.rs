//! The frequent words beyond ASCII that mojibake repair takes as evidence
//! (`static/frequent-words.txt`, written by `scripts/generate-detect-model.py`; docs/MOJIBAKE.md,
//! rule 45). The inspector builds the codec without them (its feature `frequent-words`) to keep
//! about 26 KB gzip out of its first load, and hands them to `mojibake::load_frequent_words` when
//! the first view that repairs asks (`use_lazy_text`). Until then `repair` does without them.

use std::cell::Cell;

use yew::prelude::*;

use super::use_lazy_text;

/// Where the word file is, next to the page (Trunk copies it there).
const URL: &str = "frequent-words.txt";

thread_local! {
    /// Whether the words were handed to the codec.
    static LOADED: Cell<bool> = const { Cell::new(false) };
}

/// Whether `repair` has the frequent words; asking starts the download. A view that repairs keys
/// its memo on it, so that it repairs again once they arrive.
#[hook]
pub fn use_frequent_words() -> bool {
    let Some(text) = use_lazy_text(URL) else {
        return false;
    };
    LOADED.with(|loaded| {
        if !loaded.get() {
            // A file that does not parse leaves repair as it was (the codec checks every line).
            loaded.set(utf8lens::mojibake::load_frequent_words(&text).is_ok());
        }
        loaded.get()
    })
}
