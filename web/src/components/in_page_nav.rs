//! A small table of contents for a long view (§8.13: mojibake and bit filling run to thousands
//! of pixels). The links scroll to a heading without touching the URL fragment, which holds the
//! page's state: `#matrix-heading` there would be read as a link to the default page.

use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct InPageNavProps {
    /// (element id, label) of each place, in page order.
    pub places: Vec<(&'static str, &'static str)>,
}

#[component]
pub fn InPageNav(props: &InPageNavProps) -> Html {
    html! {
        <nav class="toc" aria-label="On this page">
            <ul>
                { for props.places.iter().map(|&(id, label)| {
                    let onclick = Callback::from(move |e: MouseEvent| {
                        e.prevent_default();
                        let target = web_sys::window()
                            .and_then(|w| w.document())
                            .and_then(|d| d.get_element_by_id(id))
                            .and_then(|el| el.dyn_into::<HtmlElement>().ok());
                        if let Some(el) = target {
                            el.scroll_into_view();
                            // Headings take focus only from script, so keyboard users land there.
                            el.set_tab_index(-1);
                            let _ = el.focus();
                        }
                    });
                    html! { <li><a href={format!("#{id}")} {onclick}>{ label }</a></li> }
                }) }
            </ul>
        </nav>
    }
}
