//! Keeping keyboard focus when a view opens another: Enter in the byte map opens bit filling, and
//! "show in byte map" in Errors opens the byte map. The control that was pressed disappears with
//! its view, and the browser drops focus to the page body, so a keyboard user would start again
//! from the top. When that happened, this hook moves focus into the new view: to its element
//! marked `data-autofocus`, else to its roving tab stop (a grid cell with `tabindex="0"`).
//!
//! It only acts when focus was lost, so a click on a tab or a link keeps focus where it is.

use gloo_timers::callback::Timeout;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::prelude::*;

use crate::view::View;

/// How many times to look for the element, a frame apart: the byte map draws its rows only after
/// it has measured its viewport, one render after it mounts.
const TRIES: u32 = 20;
const FRAME_MS: u32 = 16;

/// Moves focus into the view panel after `view` changes, if focus fell to the page body.
#[hook]
pub fn use_focus_view(view: View) {
    let first = use_mut_ref(|| true);
    use_effect_with(view, move |_| {
        // Not on the first render: a page that just loaded keeps the browser's own focus.
        let skip = std::mem::replace(&mut *first.borrow_mut(), false);
        let pending = (!skip && focus_lost()).then(|| try_focus(TRIES));
        move || drop(pending)
    });
}

fn focus_lost() -> bool {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return false;
    };
    match (document.active_element(), document.body()) {
        (None, _) => true,
        (Some(active), Some(body)) => active == *body.unchecked_ref::<web_sys::Element>(),
        (Some(_), None) => false,
    }
}

fn target() -> Option<HtmlElement> {
    let document = web_sys::window()?.document()?;
    ["[data-autofocus]", "[role=\"grid\"] [tabindex=\"0\"]"]
        .iter()
        .find_map(|selector| {
            document
                .query_selector(&format!(".view-panel {selector}"))
                .ok()
                .flatten()
        })
        .and_then(|el| el.dyn_into::<HtmlElement>().ok())
}

/// Focuses the target now if it is drawn, else tries again next frame. The returned timeout, if
/// any, cancels the retries when dropped.
fn try_focus(tries: u32) -> Option<Timeout> {
    if !focus_lost() {
        return None;
    }
    if let Some(el) = target() {
        let _ = el.focus();
        return None;
    }
    let left = tries.checked_sub(1)?;
    Some(Timeout::new(FRAME_MS, move || {
        // The chain keeps itself alive by forgetting each later link; it ends after `tries`.
        if let Some(next) = try_focus(left) {
            next.forget();
        }
    }))
}
