//! Dropping a file anywhere on the page opens it, not only on the input panel: the listeners sit
//! on the window, so a file let go over the byte map or the footer is read as well, and the
//! browser never navigates away to show the file itself.

use gloo_events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::DragEvent;
use yew::prelude::*;

use crate::hooks::use_file_loader;

/// Reads a file dropped anywhere on the page; returns whether a file is being dragged over it.
#[hook]
pub fn use_page_drop() -> bool {
    let load_file = use_file_loader();
    // `_eq`: dragover fires many times a second; only a change should render.
    let dragging = use_state_eq(|| false);
    {
        let dragging = dragging.clone();
        use_effect_with((), move |_| {
            let listeners = web_sys::window().map(|window| {
                let options = EventListenerOptions::enable_prevent_default();
                let over = {
                    let dragging = dragging.clone();
                    EventListener::new_with_options(&window, "dragover", options, move |e| {
                        // Without this the browser would open the file in place of the page.
                        e.prevent_default();
                        dragging.set(true);
                    })
                };
                let leave = {
                    let dragging = dragging.clone();
                    EventListener::new(&window, "dragleave", move |e| {
                        // Leaving one element for another inside the page says nothing; leaving
                        // the window has no element to go to.
                        let left_page = e
                            .dyn_ref::<DragEvent>()
                            .is_none_or(|d| d.related_target().is_none());
                        if left_page {
                            dragging.set(false);
                        }
                    })
                };
                let dropped = EventListener::new_with_options(&window, "drop", options, move |e| {
                    e.prevent_default();
                    dragging.set(false);
                    let file = e
                        .dyn_ref::<DragEvent>()
                        .and_then(DragEvent::data_transfer)
                        .and_then(|dt| dt.files())
                        .and_then(|files| files.get(0));
                    if let Some(file) = file {
                        load_file.emit(file);
                    }
                });
                (over, leave, dropped)
            });
            move || drop(listeners)
        });
    }
    *dragging
}
