//! The character data (`static/ucd-names.txt`, read by `ucd.rs`), fetched once, when the first
//! component that shows names asks for it (`use_lazy_text`). Until it arrives (or if it never
//! does) components get `None` and show code points only.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use super::use_lazy_text;
use crate::ucd::Ucd;

/// Where the data file is, next to the page (Trunk copies it there).
const URL: &str = "ucd-names.txt";

thread_local! {
    /// The data, parsed once from the file (`Some(None)`: it did not parse).
    static PARSED: RefCell<Option<Option<Rc<Ucd>>>> = const { RefCell::new(None) };
}

/// The character data once loaded; asking starts the download.
#[hook]
pub fn use_ucd() -> Option<Rc<Ucd>> {
    let text = use_lazy_text(URL)?;
    PARSED.with(|p| {
        p.borrow_mut()
            .get_or_insert_with(|| Ucd::parse(&text).ok().map(Rc::new))
            .clone()
    })
}
