//! The character data (`static/ucd-names.txt`, read by `ucd.rs`), fetched once, when the first
//! component that shows names asks for it. Every component using the hook renders again when it
//! arrives; until then (or if it never does: offline on a first visit, a test page without the
//! file) they get `None` and show code points only.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use crate::ucd::Ucd;

/// Where the data file is, next to the page (Trunk copies it there).
const URL: &str = "ucd-names.txt";

thread_local! {
    static LOADED: RefCell<Option<Rc<Ucd>>> = const { RefCell::new(None) };
    static STARTED: Cell<bool> = const { Cell::new(false) };
    static WAITING: RefCell<Vec<Callback<()>>> = const { RefCell::new(Vec::new()) };
}

async fn fetch_text() -> Option<String> {
    let window = web_sys::window()?;
    let response = JsFuture::from(window.fetch_with_str(URL)).await.ok()?;
    let response = response.dyn_into::<web_sys::Response>().ok()?;
    if !response.ok() {
        return None;
    }
    JsFuture::from(response.text().ok()?)
        .await
        .ok()?
        .as_string()
}

fn start_loading() {
    if STARTED.with(|s| s.replace(true)) {
        return;
    }
    wasm_bindgen_futures::spawn_local(async {
        let ucd = fetch_text().await.and_then(|t| Ucd::parse(&t).ok());
        let Some(ucd) = ucd else {
            return;
        };
        LOADED.with(|l| *l.borrow_mut() = Some(Rc::new(ucd)));
        for waiting in WAITING.with(|w| std::mem::take(&mut *w.borrow_mut())) {
            waiting.emit(());
        }
    });
}

/// The character data once loaded; asking starts the download.
#[hook]
pub fn use_ucd() -> Option<Rc<Ucd>> {
    let update = use_force_update();
    let loaded = LOADED.with(|l| l.borrow().clone());
    let missing = loaded.is_none();
    use_effect_with(missing, move |&missing| {
        if missing {
            WAITING.with(|w| {
                w.borrow_mut()
                    .push(Callback::from(move |()| update.force_update()))
            });
            start_loading();
        }
    });
    loaded
}
