//! The input: type text, write bytes in a notation (hex, binary, octal, decimal), or open or drop
//! a file. Invalid bytes can only come from the notation field or a file, and they are the point.

use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::format;
use crate::hooks::{use_file_loader, use_inspector};
use crate::notation::Notation;
use crate::state::{Action, Origin, MAX_FILE};

#[component]
pub fn InputPanel() -> Html {
    let inspector = use_inspector();
    let load_file = use_file_loader();

    let on_text = {
        let inspector = inspector.clone();
        Callback::from(move |e: InputEvent| {
            inspector.dispatch(Action::EditText(
                e.target_unchecked_into::<HtmlTextAreaElement>().value(),
            ))
        })
    };
    let on_notation = {
        let inspector = inspector.clone();
        Callback::from(move |e: InputEvent| {
            inspector.dispatch(Action::EditNotation(
                e.target_unchecked_into::<HtmlInputElement>().value(),
            ))
        })
    };
    let on_notation_kind = {
        let inspector = inspector.clone();
        Callback::from(move |e: Event| {
            let id = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Some(n) = Notation::from_id(&id) {
                inspector.dispatch(Action::SetNotation(n));
            }
        })
    };
    let on_file = {
        let load_file = load_file.clone();
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            if let Some(file) = input.files().and_then(|files| files.get(0)) {
                load_file.emit(file);
            }
            // Opening the same file again must fire `change` again.
            input.set_value("");
        })
    };
    let state = &*inspector;
    let small = state.fields_hold_input();
    let invalid = *use_memo(state.bytes.clone(), |b| utf8lens::validate(b).is_err());
    let text_note = match (&state.origin, small, invalid) {
        (Origin::File(name), false, _) => format!(
            "{name} ({}) is too large to edit here; the views below show all of it. Typing replaces it.",
            format::size(state.bytes.len())
        ),
        (_, false, _) => format!(
            "The input ({}) is too large to edit here; the views below show all of it.",
            format::size(state.bytes.len())
        ),
        (_, true, true) => "The bytes are not valid UTF-8: this box shows how a decoder reads them, \
                            with U+FFFD (\u{FFFD}) for each malformed sequence. Editing the text replaces \
                            the bytes."
            .to_owned(),
        (Origin::File(name), true, false) => format!("The text of {name}. Every character is encoded as UTF-8 below."),
        _ => "Every character you type is encoded as UTF-8 below.".to_owned(),
    };
    let notation = state.notation;

    html! {
        <section
            class="inputs"
            aria-labelledby="input-heading"
        >
            <h2 id="input-heading" class="visually-hidden">{ "Input" }</h2>
            <div class="field">
                <label for="text-input">{ "Text" }</label>
                <textarea
                    id="text-input"
                    rows="2"
                    spellcheck="false"
                    autocomplete="off"
                    aria-describedby="text-input-note"
                    placeholder={(!small).then_some("Type to replace the input")}
                    value={state.text.clone()}
                    oninput={on_text}
                />
                <p id="text-input-note" class="field-note">{ text_note }</p>
            </div>
            <div class="field">
                <div class="field-label-row">
                    <label for="notation-input">{ "Bytes as" }</label>
                    <select id="notation-kind" aria-label="Byte notation" onchange={on_notation_kind}>
                        { for Notation::ALL.iter().map(|n| html! {
                            <option value={n.id()} selected={*n == notation}>{ n.label() }</option>
                        }) }
                    </select>
                </div>
                <input
                    id="notation-input"
                    class="notation-input"
                    type="text"
                    spellcheck="false"
                    autocomplete="off"
                    autocapitalize="off"
                    data-notation={notation.id()}
                    aria-describedby="notation-note"
                    aria-invalid={state.problem.is_some().to_string()}
                    placeholder={(!small).then_some("Type bytes to replace the input")}
                    value={state.notation_text.clone()}
                    oninput={on_notation}
                />
                <p id="notation-note" class="field-note" aria-live="polite">
                    if let Some(problem) = &state.problem {
                        <span class="notation-problem" role="alert">{ problem.to_string() }</span>
                    } else {
                        { notation.hint() }{ " Use this for bytes that are not valid UTF-8." }
                    }
                </p>
            </div>
            <div class="field file-field">
                <label for="file-input" class="file-button">{ "Open a file…" }</label>
                <input id="file-input" type="file" class="visually-hidden" onchange={on_file} />
                <span class="field-note">
                    { format!("or drop one anywhere on the page (up to {}). It is read in the browser and never uploaded.", format::size(MAX_FILE)) }
                </span>
                if let Some(loading) = &state.loading {
                    <div class="loading" role="status">
                        <label for="file-progress">{ format!("Reading {}…", loading.name) }</label>
                        <progress id="file-progress" max={loading.size.max(1).to_string()} value={loading.done.to_string()}>
                            { format!("{} of {}", format::size(loading.done), format::size(loading.size)) }
                        </progress>
                    </div>
                }
                if let Some(error) = &state.load_error {
                    <p class="load-error" role="alert">{ error.clone() }</p>
                }
                if let (Origin::File(name), None) = (&state.origin, &state.loading) {
                    <p class="file-loaded" role="status" data-size={state.bytes.len().to_string()}>
                        { format!("Opened {name}: {}.", format::plural(state.bytes.len(), "byte", "bytes")) }
                    </p>
                }
            </div>
        </section>
    }
}
