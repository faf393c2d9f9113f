//! Page layout: the examples, the input and its verdict, then one view at a time behind tabs.
//! The open view is part of the state (and of the URL), so a link opens the same view.

use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::prelude::*;

use crate::components::{
    BitFilling, ByteMap, Codepage, Decoders, DetectView, ErrorList, ExampleList, InputPanel,
    Mojibake, Normalize, Sanitizer, Streaming, Verdict,
};
use crate::components::{Practice, Properties, UnicodeForms};
use crate::hooks::{use_focus_view, use_inspector, use_page_drop, use_summary, InspectorProvider};
use crate::state::Action;
use crate::view::View;

#[component]
pub fn App() -> Html {
    html! {
        <InspectorProvider>
            <Page />
        </InspectorProvider>
    }
}

#[component]
fn Page() -> Html {
    let inspector = use_inspector();
    let summary = use_summary(&inspector.bytes);
    let view = inspector.view;
    use_focus_view(view);
    let dragging = use_page_drop();
    let panel = match view {
        View::Bytes => html! { <ByteMap /> },
        View::Bits => html! { <BitFilling /> },
        View::Codepage => html! { <Codepage /> },
        View::Errors => html! { <ErrorList summary={summary.clone()} /> },
        View::Decoders => html! { <Decoders /> },
        View::Mojibake => html! { <Mojibake /> },
        View::Stream => html! { <Streaming /> },
        View::Sanitize => html! { <Sanitizer /> },
        View::Detect => html! { <DetectView /> },
        View::Normalize => html! { <Normalize /> },
        View::Forms => html! { <UnicodeForms /> },
        View::Properties => html! { <Properties /> },
        View::Practice => html! { <Practice /> },
    };
    html! {
        <>
            <a class="skip-link" href="#views">{ "Skip to the views" }</a>
            <header class="masthead">
                <h1>{ "utf8lens" }</h1>
                <p class="tagline">{ "How text becomes UTF-8 bytes, one byte at a time." }</p>
                <ProjectorToggle />
            </header>
            <main class={classes!(dragging.then_some("dragging-file"))}>
                if dragging {
                    <p class="drop-hint" role="status">{ "Drop the file anywhere to read it (nothing is uploaded)." }</p>
                }
                <ExampleList />
                <InputPanel />
                <Verdict summary={summary} />
                <div id="views" class="views">
                    <Tabs current={view} />
                    <section class="view-panel"
                             id={format!("panel-{}", view.id())}
                             role="tabpanel"
                             data-view={view.id()}
                             aria-labelledby={format!("tab-{}", view.id())}>
                        <h2 class="visually-hidden">{ view.label() }</h2>
                        { panel }
                    </section>
                </div>
            </main>
            <footer class="footer">
                <p>{ "utf8lens runs entirely in your browser: nothing you type or open leaves the page. After the first visit it works offline." }</p>
            </footer>
        </>
    }
}

#[derive(Properties, PartialEq)]
struct TabsProps {
    current: View,
}

/// The view tabs: a tab list with arrow-key navigation (the WAI-ARIA tabs pattern).
#[component]
fn Tabs(props: &TabsProps) -> Html {
    let inspector = use_inspector();
    let list = use_node_ref();
    let current = props.current;
    let on_key = {
        let inspector = inspector.clone();
        let list = list.clone();
        Callback::from(move |e: KeyboardEvent| {
            // Arrows move from the focused tab (WAI-ARIA tabs), which need not be the open view's.
            let focused = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|t| t.get_attribute("data-view"))
                .and_then(|id| View::from_id(&id))
                .unwrap_or(current);
            let index = View::ALL.iter().position(|v| *v == focused).unwrap_or(0);
            let count = View::ALL.len();
            let next = match e.key().as_str() {
                "ArrowRight" => (index + 1) % count,
                "ArrowLeft" => (index + count - 1) % count,
                "Home" => 0,
                "End" => count - 1,
                _ => return,
            };
            e.prevent_default();
            let view = View::ALL[next];
            inspector.dispatch(Action::SetView(view));
            if let Some(tab) = list
                .cast::<HtmlElement>()
                .and_then(|l| {
                    l.query_selector(&format!("#tab-{}", view.id()))
                        .ok()
                        .flatten()
                })
                .and_then(|t| t.dyn_into::<HtmlElement>().ok())
            {
                let _ = tab.focus();
            }
        })
    };
    html! {
        <div class="tabs" role="tablist" aria-label="Views" ref={list} onkeydown={on_key}>
            { for View::ALL.iter().map(|&view| {
                let selected = view == current;
                let inspector = inspector.clone();
                html! {
                    <button type="button"
                            role="tab"
                            class="tab"
                            id={format!("tab-{}", view.id())}
                            data-view={view.id()}
                            aria-selected={selected.to_string()}
                            aria-controls={format!("panel-{}", view.id())}
                            tabindex={if selected { "0" } else { "-1" }}
                            onclick={Callback::from(move |_: MouseEvent| inspector.dispatch(Action::SetView(view)))}>
                        { view.label() }
                    </button>
                }
            }) }
        </div>
    }
}

/// Projector mode, for teaching from a screen at the front of a room: everything larger, with
/// stronger contrast. It is a class on the root element, so every size in rem grows with it, and it
/// is remembered in this browser's local storage (never sent anywhere).
#[component]
fn ProjectorToggle() -> Html {
    const KEY: &str = "utf8lens.projector";
    let storage = || web_sys::window().and_then(|w| w.local_storage().ok().flatten());
    let on = use_state_eq(|| {
        storage()
            .and_then(|s| s.get_item(KEY).ok().flatten())
            .is_some_and(|v| v == "1")
    });
    use_effect_with(*on, move |&on| {
        if let Some(root) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = root.class_list().toggle_with_force("projector", on);
        }
        if let Some(s) = storage() {
            let _ = if on {
                s.set_item(KEY, "1")
            } else {
                s.remove_item(KEY)
            };
        }
    });
    let onclick = {
        let on = on.clone();
        Callback::from(move |_: MouseEvent| on.set(!*on))
    };
    html! {
        <button type="button" class="projector-toggle" id="projector-toggle"
                aria-pressed={on.to_string()} {onclick}>
            { "Projector mode" }
        </button>
    }
}
