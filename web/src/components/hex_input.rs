//! The hex field: type raw bytes, including ones no text can produce.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::hex::HexError;

#[derive(Properties, PartialEq)]
pub struct Props {
    /// What the field shows.
    pub value: AttrValue,
    /// Why the field's content is not bytes, if it is not.
    pub problem: Option<HexError>,
    /// Called with the field's whole new content on every edit.
    pub on_input: Callback<String>,
}

#[component]
pub fn HexInput(props: &Props) -> Html {
    let Props {
        value,
        problem,
        on_input,
    } = props;
    let oninput = on_input
        .reform(|event: InputEvent| event.target_unchecked_into::<HtmlInputElement>().value());
    html! {
        <div class="field">
            <label for="hex-input">{ "Bytes as hex" }</label>
            <input
                id="hex-input"
                type="text"
                spellcheck="false"
                autocomplete="off"
                autocapitalize="off"
                aria-describedby="hex-input-note"
                aria-invalid={problem.is_some().to_string()}
                value={value.clone()}
                {oninput}
            />
            <p id="hex-input-note" class="field-note" aria-live="polite">
                if let Some(problem) = problem {
                    <span class="hex-problem" role="alert">{ problem.to_string() }</span>
                } else {
                    { "Two hex digits per byte, e.g. E2 82 AC or c0af. Use this to try bytes \
                       that are not valid UTF-8." }
                }
            </p>
        </div>
    }
}
