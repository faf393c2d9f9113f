//! The verdict on the whole input, always in view: valid or not, how many code points and how
//! many U+FFFD a decoder would show; the four lengths of the text (UTF-8 bytes, UTF-16 units, code
//! points, grapheme clusters); and the teacher's note when the input is one of the examples.
//! When the bytes are not UTF-8 (or are UTF-16/32, whose ASCII is valid UTF-8 with zero bytes),
//! the verdict also says what they most likely are, with a link to the "What is this?" view.

use yew::prelude::*;

use crate::components::detect;
use crate::examples;
use crate::format;
use crate::hooks::{use_inspector, Summary};
use crate::state::Action;
use crate::view::View;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub summary: Summary,
}

#[component]
pub fn Verdict(props: &Props) -> Html {
    let inspector = use_inspector();
    let bytes = &inspector.bytes;
    // Validated once per input, not on every render (a 50 MiB file re-renders as it is counted).
    let valid = use_memo(inspector.bytes.clone(), |b| utf8lens::validate(b));
    let valid = &*valid;
    // The detector's best guess, when it is something else than UTF-8 (or ASCII).
    let likely = use_memo(inspector.bytes.clone(), |b| {
        let unicode_text = utf8lens::validate(b).is_ok() && !b.contains(&0);
        if unicode_text {
            return None;
        }
        detect::detect_bytes(b)
            .into_iter()
            .next()
            .filter(|c| !matches!(c.charset(), "utf-8" | "us-ascii"))
    });
    let on_detect = {
        let inspector = inspector.clone();
        Callback::from(move |_: MouseEvent| inspector.dispatch(Action::SetView(View::Detect)))
    };
    let counts = props.summary.counts();
    let line = match (&valid, counts) {
        (Ok(()), Some(c)) => format!(
            "Valid UTF-8: {}, {}.",
            format::plural(bytes.len(), "byte", "bytes"),
            format::plural(c.chars, "code point", "code points")
        ),
        (Ok(()), None) => format!(
            "Valid UTF-8: {}.",
            format::plural(bytes.len(), "byte", "bytes")
        ),
        (Err(e), Some(c)) => format!(
            "Not valid UTF-8: {} among {}, so a decoder shows {} U+FFFD. The first is at byte {}.",
            format::plural(c.errors, "malformed sequence", "malformed sequences"),
            format::plural(bytes.len(), "byte", "bytes"),
            format::count(c.errors),
            format::count(e.valid_up_to()),
        ),
        (Err(e), None) => format!(
            "Not valid UTF-8: the first malformed sequence is at byte {}.",
            format::count(e.valid_up_to())
        ),
    };
    // While the bytes field holds a mistake, the views keep the last good bytes; the verdict must
    // not call the input valid next to the red error, so it says what is shown instead.
    let stale = inspector.problem.is_some();
    let line = if stale {
        format!(
            "The bytes field has a mistake (see above), so nothing was read from it: the views still show the last good bytes, {}.",
            format::plural(bytes.len(), "byte", "bytes")
        )
    } else {
        line
    };
    let counting = match &props.summary {
        Summary::Counting { done } if !bytes.is_empty() => Some(format!(
            "Counting… {}%",
            done.saturating_mul(100) / bytes.len().max(1)
        )),
        _ => None,
    };
    let example = examples::matching(bytes);
    html! {
        <section class="status" aria-label="Verdict">
            <p class={classes!("verdict", match (stale, valid.is_ok()) {
                    (true, _) => "verdict-stale",
                    (false, true) => "verdict-valid",
                    (false, false) => "verdict-invalid",
                })}
               data-valid={valid.is_ok().to_string()}
               data-stale={stale.to_string()}
               data-errors={counts.map(|c| c.errors.to_string())}
               data-chars={counts.map(|c| c.chars.to_string())}
               aria-live="polite">
                { line }
                if let Some(counting) = counting {
                    <span class="counting">{ " " }{ counting }</span>
                }
            </p>
            if let Some(c) = counts {
                <p class="lengths"
                   data-utf8-bytes={bytes.len().to_string()}
                   data-utf16-units={c.utf16_units.to_string()}
                   data-code-points={c.code_points().to_string()}
                   data-graphemes={c.graphemes.to_string()}>
                    <span class="lengths-title">{ "The same text counted four ways: " }</span>
                    <span class="length" title="UTF-8 bytes: what a file or a network packet holds">
                        { format::plural(bytes.len(), "UTF-8 byte", "UTF-8 bytes") }
                    </span>
                    { " · " }
                    <span class="length" title="UTF-16 code units: what JavaScript's .length, Java and C# count">
                        { format::plural(c.utf16_units, "UTF-16 unit", "UTF-16 units") }
                        <span class="length-note">{ " (JavaScript's .length)" }</span>
                    </span>
                    { " · " }
                    <span class="length" title="Unicode code points (scalar values, and one U+FFFD per malformed sequence): what Python's len() counts">
                        { format::plural(c.code_points(), "code point", "code points") }
                    </span>
                    { " · " }
                    <span class="length" title="Extended grapheme clusters (UAX #29): what a reader calls characters">
                        { format::plural(c.graphemes, "grapheme", "graphemes") }
                        <span class="length-note">{ " (what a reader calls characters)" }</span>
                    </span>
                </p>
            }
            if let Some(candidate) = (*likely).as_ref() {
                <p class="verdict-likely" data-charset={candidate.charset()}>
                    { format!("Most likely {}: ", detect::summary(candidate)) }
                    { candidate.reasons().first().cloned().unwrap_or_default() }
                    { " " }
                    <button type="button" class="link-button" onclick={on_detect}>
                        { "What is this? See every candidate" }
                    </button>
                </p>
            }
            if let Some(example) = example {
                <aside class="teacher-note" aria-label="About this example">
                    <strong>{ format!("{}: ", example.title) }</strong>{ example.note }
                </aside>
            }
        </section>
    }
}
