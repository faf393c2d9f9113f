//! The text box: type text and see its UTF-8 bytes.

use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    /// What the box shows.
    pub value: AttrValue,
    /// True when the box shows a lossy decoding of bytes typed as hex (U+FFFD stands
    /// in for malformed sequences), so editing it would replace those bytes.
    pub shows_replacements: bool,
    /// Called with the box's whole new content on every edit.
    pub on_input: Callback<String>,
}

#[component]
pub fn TextInput(props: &Props) -> Html {
    let Props {
        value,
        shows_replacements,
        on_input,
    } = props;
    let oninput = on_input
        .reform(|event: InputEvent| event.target_unchecked_into::<HtmlTextAreaElement>().value());
    html! {
        <div class="field">
            <label for="text-input">{ "Text" }</label>
            <textarea
                id="text-input"
                rows="3"
                spellcheck="false"
                autocomplete="off"
                aria-describedby="text-input-note"
                value={value.clone()}
                {oninput}
            />
            <p id="text-input-note" class="field-note">
                if *shows_replacements {
                    { "The bytes are not valid UTF-8: the text above is how a decoder reads \
                       them, with U+FFFD (\u{FFFD}) for each malformed sequence. Editing \
                       the text replaces the bytes." }
                } else {
                    { "Every character you type is encoded as UTF-8 below." }
                }
            </p>
        </div>
    }
}
