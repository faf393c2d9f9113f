//! Keeps the URL fragment and the state in step: every change of state rewrites the fragment
//! (without adding a history entry), and following a link (`hashchange`) applies it.

use gloo_events::EventListener;
use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::fragment::{current_hash, Fragment};
use crate::state::{Action, State};

#[hook]
pub fn use_fragment_sync(state: &UseReducerHandle<State>) {
    let written = state.fragment().write();
    use_effect_with(written, |written| {
        let wanted = format!("#{written}");
        if current_hash() != wanted && !(written.is_empty() && current_hash().is_empty()) {
            if let Some(window) = web_sys::window() {
                let url = if written.is_empty() {
                    let location = window.location();
                    format!(
                        "{}{}",
                        location.pathname().unwrap_or_default(),
                        location.search().unwrap_or_default()
                    )
                } else {
                    wanted
                };
                if let Ok(history) = window.history() {
                    let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
                }
            }
        }
    });

    let dispatcher = state.dispatcher();
    use_effect_with((), move |_| {
        let listener = web_sys::window().map(|window| {
            EventListener::new(&window, "hashchange", move |_| {
                dispatcher.dispatch(Action::ApplyFragment(Fragment::parse(&current_hash())));
            })
        });
        move || drop(listener)
    });
}
