//! The verdict and the list of malformed sequences, each as the codec describes it.

use std::rc::Rc;

use utf8lens::Segment;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    /// The bytes under the lens.
    pub bytes: Rc<[u8]>,
}

#[component]
pub fn ErrorList(props: &Props) -> Html {
    let bytes: &[u8] = &props.bytes;
    let chars = utf8lens::segments(bytes)
        .filter(|segment| matches!(segment, Segment::Char { .. }))
        .count();
    let errors: Vec<_> = utf8lens::errors(bytes).collect();
    let verdict = if errors.is_empty() {
        format!("Valid UTF-8: {} bytes, {chars} characters.", bytes.len())
    } else {
        format!(
            "Not valid UTF-8: {} malformed sequence{} among {} bytes; a decoder would show \
             U+FFFD for each.",
            errors.len(),
            if errors.len() == 1 { "" } else { "s" },
            bytes.len(),
        )
    };
    html! {
        <section class="errors" aria-labelledby="errors-heading">
            <h2 id="errors-heading">{ "Verdict" }</h2>
            <p class={classes!("verdict", if errors.is_empty() { "verdict-valid" } else { "verdict-invalid" })}
               data-valid={errors.is_empty().to_string()}>
                { verdict }
            </p>
            if !errors.is_empty() {
                <ol class="error-list">
                    { for errors.iter().map(|malformed| html! {
                        <li class="error"
                            data-kind={malformed.kind().as_str()}
                            data-offset={malformed.offset().to_string()}
                            data-len={malformed.len().to_string()}>
                            <strong class="error-kind">{ malformed.kind().as_str() }</strong>
                            <span class="error-where">
                                { format!(" at byte {}: ", malformed.offset()) }
                            </span>
                            <span class="error-message">{ malformed.to_string() }</span>
                        </li>
                    }) }
                </ol>
            }
        </section>
    }
}
