//! A text file next to the page (Trunk copies it there), fetched once, when the first component
//! that needs it asks. Every component that asked renders again when it arrives; until then (or if
//! it never does: offline on a first visit, a test page without the file) they get `None` and do
//! without it. The character names (`use_ucd`) and the frequent words of mojibake repair
//! (`use_frequent_words`) come this way, so neither weighs on the first load.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

/// What is known of one file.
#[derive(Default)]
struct File {
    /// Its text, once fetched.
    text: Option<Rc<str>>,
    /// Whether the download has started.
    started: bool,
    /// The components to render again when it arrives.
    waiting: Vec<Callback<()>>,
}

thread_local! {
    static FILES: RefCell<HashMap<&'static str, File>> = RefCell::new(HashMap::new());
}

async fn fetch_text(url: &str) -> Option<String> {
    let window = web_sys::window()?;
    let response = JsFuture::from(window.fetch_with_str(url)).await.ok()?;
    let response = response.dyn_into::<web_sys::Response>().ok()?;
    if !response.ok() {
        return None;
    }
    JsFuture::from(response.text().ok()?)
        .await
        .ok()?
        .as_string()
}

fn start_loading(url: &'static str) {
    let started = FILES.with(|f| {
        let mut files = f.borrow_mut();
        let file = files.entry(url).or_default();
        std::mem::replace(&mut file.started, true)
    });
    if started {
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        let Some(text) = fetch_text(url).await else {
            return;
        };
        let waiting = FILES.with(|f| {
            let mut files = f.borrow_mut();
            let file = files.entry(url).or_default();
            file.text = Some(Rc::from(text));
            std::mem::take(&mut file.waiting)
        });
        for callback in waiting {
            callback.emit(());
        }
    });
}

/// The text of the file at `url` (relative to the page) once fetched; asking starts the download.
#[hook]
pub fn use_lazy_text(url: &'static str) -> Option<Rc<str>> {
    let update = use_force_update();
    let text = FILES.with(|f| f.borrow().get(url).and_then(|file| file.text.clone()));
    let missing = text.is_none();
    use_effect_with(missing, move |&missing| {
        if missing {
            FILES.with(|f| {
                f.borrow_mut()
                    .entry(url)
                    .or_default()
                    .waiting
                    .push(Callback::from(move |()| update.force_update()))
            });
            start_loading(url);
        }
    });
    text
}
