//! Page layout: the two inputs, then the views of the bytes they produce.

use yew::prelude::*;

use crate::components::{ByteMap, ErrorList, HexInput, Legend, TextInput};
use crate::state::{Action, Source, State};

#[component]
pub fn App() -> Html {
    let state = use_reducer(State::default);
    let on_text = {
        let state = state.clone();
        Callback::from(move |text| state.dispatch(Action::EditText(text)))
    };
    let on_hex = {
        let state = state.clone();
        Callback::from(move |notation| state.dispatch(Action::EditHex(notation)))
    };
    let shows_replacements =
        state.source == Source::Hex && utf8lens::validate(&state.bytes).is_err();
    html! {
        <>
            <header class="masthead">
                <h1>{ "utf8lens" }</h1>
                <p class="tagline">{ "How text becomes UTF-8 bytes, one byte at a time." }</p>
            </header>
            <main>
                <section class="inputs" aria-label="Input">
                    <TextInput
                        value={AttrValue::from(state.text.clone())}
                        {shows_replacements}
                        on_input={on_text}
                    />
                    <HexInput
                        value={AttrValue::from(state.hex.clone())}
                        problem={state.hex_problem.clone()}
                        on_input={on_hex}
                    />
                </section>
                <Legend />
                <ByteMap bytes={state.bytes.clone()} />
                <ErrorList bytes={state.bytes.clone()} />
            </main>
        </>
    }
}
