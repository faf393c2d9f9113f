//! Normalisation side by side: NFC, NFD, NFKC and NFKD of the text (`normal_forms.rs`), each with
//! its code points and UTF-8 bytes, and why two texts that look the same can compare unequal.
//! `é` typed on most keyboards is one code point (2 bytes); the same letter as `e` plus a
//! combining acute accent is two (3 bytes), and a byte or code-point comparison says they differ.

use yew::prelude::*;

use super::CharName;
use crate::format;
use crate::hooks::use_inspector;
use crate::normal_forms::normal_forms;
use crate::notation::Notation;
use crate::visible::VisibleText;

/// The view reads at most this much of a large input.
const LIMIT: usize = 4096;

#[component]
pub fn Normalize() -> Html {
    let inspector = use_inspector();
    let bytes = inspector
        .bytes
        .get(..LIMIT.min(inspector.bytes.len()))
        .unwrap_or_default();
    let text = utf8lens::decode_lossy(bytes).into_owned();
    if text.is_empty() {
        return html! { <p class="empty">{ "No text yet: type some above, or try the example é, then its decomposed form (e and U+0301)." }</p> };
    }
    let forms = normal_forms(&text);
    let same_as_input: Vec<&str> = forms
        .iter()
        .filter(|f| f.text == text)
        .map(|f| f.name)
        .collect();
    let verdict = if same_as_input.is_empty() {
        "The text is in none of the four forms: each of them changes its bytes.".to_owned()
    } else if same_as_input.len() == 4 {
        "The text is already in all four forms: normalising changes nothing (plain ASCII always is). Try é followed by e + U+0301, or ﬁ, ² or Ａ.".to_owned()
    } else {
        format!(
            "The text is in {}; the other forms change its bytes.",
            same_as_input.join(", ")
        )
    };
    let cut = (bytes.len() < inspector.bytes.len()).then(|| {
        format!(
            "Only the first {} are shown.",
            format::plural(LIMIT, "byte", "bytes")
        )
    });
    html! {
        <div class="normalize">
            <p class="normalize-intro">
                { "Unicode often has more than one way to write what a reader sees as the same text: é is one code point, U+00E9 (2 bytes in UTF-8), \
                   or two, e followed by U+0301 COMBINING ACUTE ACCENT (3 bytes). Comparing bytes or code points says they differ. \
                   Normalising both sides to one form first (UAX #15) makes them compare equal; NFC is the usual choice." }
            </p>
            <p class="normalize-verdict" role="status">{ verdict }</p>
            if let Some(cut) = cut { <p class="note">{ cut }</p> }
            <div class="normal-forms">
                <NormalRow name="Input" what="the text as it is" text={AttrValue::from(text.clone())} same={true} />
                { for forms.iter().map(|f| html! {
                    <NormalRow name={f.name} what={f.what} text={AttrValue::from(f.text.clone())} same={f.text == text} />
                }) }
            </div>
            <p class="normalize-why">
                { "Why it matters: a file name, a password or a search term typed on one system can reach another in a different form. \
                   Compare after normalising (NFC), and keep NFKC for identifiers and search only: it folds characters that merely look alike or mean \
                   something slightly different (ﬁ and fi, ² and 2), so it loses information." }
            </p>
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct RowProps {
    name: &'static str,
    what: &'static str,
    text: AttrValue,
    /// Equal to the input, code point for code point.
    same: bool,
}

#[component]
fn NormalRow(props: &RowProps) -> Html {
    let text = props.text.as_str();
    let hex = Notation::Hex.format(text.as_bytes());
    let code_points = text.chars().count();
    html! {
        <section class={classes!("normal-form", props.same.then_some("normal-form-same"))}
                 data-normal-form={props.name}
                 data-bytes={hex.clone()}
                 data-code-points={code_points.to_string()}
                 aria-label={format!("{}: {}", props.name, props.what)}>
            <h3 class="normal-form-name">
                { props.name }
                <span class="normal-form-sizes">
                    { format!(" {} · {}{}", format::plural(code_points, "code point", "code points"),
                              format::plural(text.len(), "byte", "bytes"),
                              if props.name == "Input" { "" } else if props.same { " · same as the input" } else { " · differs from the input" }) }
                </span>
            </h3>
            <p class="normal-form-what">{ props.what }</p>
            <p class="normal-form-text"><VisibleText text={props.text.clone()} /></p>
            <ol class="normal-form-chars">
                { for text.chars().take(64).map(|c| html! {
                    <li>
                        <span class="code-point">{ format!("U+{:04X}", u32::from(c)) }</span>
                        <span class="mono">{ format!(" {} ", Notation::Hex.format(c.encode_utf8(&mut [0; 4]).as_bytes())) }</span>
                        <CharName cp={u32::from(c)} />
                    </li>
                }) }
            </ol>
        </section>
    }
}
