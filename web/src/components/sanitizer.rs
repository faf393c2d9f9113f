//! The sanitiser: the input with every finding of the codec's [`utf8lens::sanitize::sanitize`] highlighted
//! and explained, next to the cleaned text and the list of changes. Each flagged element carries
//! `data-issue` naming its kind. A bundled sample page mixes the usual suspects.

use utf8lens::sanitize::{
    Action as Done, Bidi, Bom, Change, Controls, Found, Invalid, Invisible, LineEndings,
    Noncharacters, Policy, VariationSelectors,
};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::format;
use crate::hooks::{use_frequent_words, use_inspector};
use crate::notation::Notation;
use crate::state::Action;
use crate::visible::VisibleText;

/// The sanitiser reads at most this much of a large input.
const LIMIT: usize = 64 * 1024;

/// A comment page of the kind a site receives: good text mixed with every trick the sanitiser
/// knows, including bytes that are not UTF-8.
pub fn sample_page() -> Vec<u8> {
    let mut page = Vec::new();
    let mut text = |s: &str| page.extend_from_slice(s.as_bytes());
    text("\u{FEFF}<h1>Comments</h1>\n");
    text("<p>Great post! Log in at pay\u{200B}pal.com for a refund.</p>\n");
    text("<p>Holiday photo: user\u{202E}gpj.exe</p>\n");
    text("<pre>/* \u{202E} } \u{2066}if (isAdmin)\u{2069} \u{2066} admins only */</pre>\n");
    text("<p>SchÃ¶ne GrÃ¼ÃŸe aus KÃ¶ln!</p>\n");
    text("<p>Caf");
    page.extend_from_slice(b"\xE9 au lait, 3\xA0\x80");
    let mut text = |s: &str| page.extend_from_slice(s.as_bytes());
    text(" (pasted from a Latin-1 file)</p>\n");
    text("<p>Bell\u{7} and \u{1B}[31mred\u{1B}[0m from a terminal log, and a NUL\u{0} byte.</p>\n");
    text("<p>Hidden words in tags: ok\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}; a noncharacter \u{FFFF}.</p>\n");
    text("<p>Fine as they are: 👩\u{200D}💻, ❤\u{FE0F}, Persian می\u{200C}خواهم, שלום.</p>\r\n");
    page
}

#[component]
pub fn Sanitizer() -> Html {
    let inspector = use_inspector();
    let policy = use_state(Policy::default);
    // The repair of mojibake reads better with them; this view renders again when they arrive.
    use_frequent_words();
    let all = &inspector.bytes;
    let input = all.get(..LIMIT.min(all.len())).unwrap_or_default();
    let result = utf8lens::sanitize::sanitize(input, &policy);

    let load_sample = {
        let inspector = inspector.clone();
        Callback::from(move |_: MouseEvent| inspector.dispatch(Action::SetBytes(sample_page())))
    };
    let set = |apply: fn(&mut Policy, &str)| {
        let policy = policy.clone();
        Callback::from(move |e: Event| {
            let value = e.target_unchecked_into::<HtmlSelectElement>().value();
            let mut next = *policy;
            apply(&mut next, &value);
            policy.set(next);
        })
    };
    let on_repair = {
        let policy = policy.clone();
        Callback::from(move |e: Event| {
            let mut next = *policy;
            next.repair_mojibake = e.target_unchecked_into::<HtmlInputElement>().checked();
            policy.set(next);
        })
    };
    let p = *policy;
    let select = |id: &'static str,
                  label: &'static str,
                  options: &[(&'static str, &'static str, bool)],
                  on: Callback<Event>| {
        html! {
            <div class="policy-option">
                <label for={id}>{ label }</label>
                <select {id} onchange={on}>
                    { for options.iter().map(|(value, text, selected)| html! {
                        <option value={*value} selected={*selected}>{ *text }</option>
                    }) }
                </select>
            </div>
        }
    };

    html! {
        <div class="sanitizer">
            <p class="step-text">
                { "The sanitiser cleans the input above: invalid bytes, controls, byte order marks, \
                   bidirectional controls (Trojan Source), invisible characters, tags, noncharacters, and \
                   on request mojibake. " }
                <button type="button" id="load-sample" onclick={load_sample}>{ "Load the sample page" }</button>
            </p>
            <fieldset class="policy">
                <legend>{ "Policy" }</legend>
                { select("policy-invalid", "Invalid UTF-8", &[("replace", "replace with U+FFFD", p.invalid == Invalid::Replace), ("drop", "drop", p.invalid == Invalid::Drop)],
                    set(|p, v| p.invalid = if v == "drop" { Invalid::Drop } else { Invalid::Replace })) }
                { select("policy-controls", "Controls", &[("remove", "remove", p.controls == Controls::Remove), ("picture", "replace with control pictures", p.controls == Controls::Picture)],
                    set(|p, v| p.controls = if v == "picture" { Controls::Picture } else { Controls::Remove })) }
                { select("policy-bom", "Byte order marks", &[("start", "remove at the start", p.bom == Bom::Start), ("everywhere", "remove everywhere", p.bom == Bom::Everywhere)],
                    set(|p, v| p.bom = if v == "everywhere" { Bom::Everywhere } else { Bom::Start })) }
                { select("policy-bidi", "Bidi controls", &[("remove", "remove", p.bidi == Bidi::Remove), ("balance", "balance", p.bidi == Bidi::Balance)],
                    set(|p, v| p.bidi = if v == "balance" { Bidi::Balance } else { Bidi::Remove })) }
                { select("policy-invisible", "Invisible characters", &[("remove", "remove", p.invisible == Invisible::Remove), ("flag", "only flag", p.invisible == Invisible::Flag)],
                    set(|p, v| p.invisible = if v == "flag" { Invisible::Flag } else { Invisible::Remove })) }
                { select("policy-vs", "Variation selectors", &[
                        ("keep", "keep", p.variation_selectors == VariationSelectors::Keep),
                        ("flag", "flag", p.variation_selectors == VariationSelectors::Flag),
                        ("remove", "remove outside emoji", p.variation_selectors == VariationSelectors::Remove)],
                    set(|p, v| p.variation_selectors = match v { "flag" => VariationSelectors::Flag, "remove" => VariationSelectors::Remove, _ => VariationSelectors::Keep })) }
                { select("policy-nonchar", "Noncharacters", &[("replace", "replace", p.noncharacters == Noncharacters::Replace), ("remove", "remove", p.noncharacters == Noncharacters::Remove)],
                    set(|p, v| p.noncharacters = if v == "remove" { Noncharacters::Remove } else { Noncharacters::Replace })) }
                { select("policy-lines", "Line endings", &[
                        ("keep", "keep", p.line_endings == LineEndings::Keep),
                        ("lf", "LF", p.line_endings == LineEndings::Lf),
                        ("crlf", "CR LF", p.line_endings == LineEndings::CrLf)],
                    set(|p, v| p.line_endings = match v { "lf" => LineEndings::Lf, "crlf" => LineEndings::CrLf, _ => LineEndings::Keep })) }
                <div class="policy-option">
                    <input id="policy-mojibake" type="checkbox" checked={p.repair_mojibake} onchange={on_repair} />
                    <label for="policy-mojibake">{ "Repair mojibake" }</label>
                </div>
            </fieldset>
            if all.len() > LIMIT {
                <p class="note">{ format!("The first {} of {} are sanitised.", format::size(LIMIT), format::size(all.len())) }</p>
            }
            <div class="sanitize-panes">
                <section aria-labelledby="flagged-heading">
                    <h3 id="flagged-heading">{ format!("Input, {} highlighted", format::plural(result.changes.len(), "finding", "findings")) }</h3>
                    <pre class="sanitize-input">{ highlighted(input, &result.changes) }</pre>
                </section>
                <section aria-labelledby="clean-heading">
                    <h3 id="clean-heading">{ "Cleaned" }</h3>
                    <pre class="sanitize-output" data-unchanged={result.is_unchanged().to_string()}>{ result.text.clone() }</pre>
                </section>
            </div>
            <section aria-labelledby="changes-heading">
                <h3 id="changes-heading">{ "Changes" }</h3>
                if result.changes.is_empty() {
                    <p class="empty">{ "Nothing to clean: the text is well-formed and hides nothing." }</p>
                } else {
                    <ol class="change-list">
                        { for result.changes.iter().map(change_html) }
                    </ol>
                }
            </section>
        </div>
    }
}

/// What a finding looks like in the highlighted input.
fn shown(input: &[u8], change: &Change) -> Html {
    let bytes = input.get(change.input.clone()).unwrap_or_default();
    match &change.found {
        Found::Malformed(_) => html! { { format!("⟨{}⟩", Notation::Hex.format(bytes)) } },
        Found::UnclosedBidi(c) => {
            let closer = if matches!(u32::from(*c), 0x2066..=0x2068) {
                "PDI"
            } else {
                "PDF"
            };
            html! { { format!("+{closer}") } }
        }
        _ => {
            html! { <VisibleText text={AttrValue::from(utf8lens::decode_lossy(bytes).into_owned())} /> }
        }
    }
}

/// The input with each finding marked, its kind in `data-issue` and its reason as a title.
fn highlighted(input: &[u8], changes: &[Change]) -> Html {
    let mut ordered: Vec<&Change> = changes.iter().collect();
    ordered.sort_by_key(|c| (c.input.start, c.input.end));
    let mut pieces: Vec<Html> = Vec::new();
    let mut cursor = 0;
    for change in ordered {
        if change.input.start < cursor {
            continue; // inside a finding already shown (a repaired stretch holds others)
        }
        if let Some(plain) = input
            .get(cursor..change.input.start)
            .filter(|p| !p.is_empty())
        {
            pieces.push(html! { <VisibleText text={AttrValue::from(utf8lens::decode_lossy(plain).into_owned())} /> });
        }
        let kind = change.found.kind();
        let title = format!(
            "{} ({}): {}",
            change.found,
            change.action.as_str(),
            change.reason()
        );
        let inserted = change.input.is_empty();
        pieces.push(html! {
            <mark class={classes!("issue", format!("issue-{kind}"), inserted.then_some("issue-inserted"))}
                  data-issue={kind}
                  data-action={change.action.as_str()}
                  data-offset={change.input.start.to_string()}
                  title={title.clone()}>
                { shown(input, change) }
                <span class="visually-hidden">{ format!(" [{title}]") }</span>
            </mark>
        });
        cursor = change.input.end.max(cursor);
    }
    if let Some(rest) = input.get(cursor..).filter(|r| !r.is_empty()) {
        pieces.push(html! { <VisibleText text={AttrValue::from(utf8lens::decode_lossy(rest).into_owned())} /> });
    }
    html! { <>{ for pieces }</> }
}

fn change_html(change: &Change) -> Html {
    let kind = change.found.kind();
    let action = match change.action {
        Done::Removed => "removed",
        Done::Replaced => "replaced",
        Done::Inserted => "inserted",
        Done::Flagged => "flagged",
        Done::Repaired => "repaired",
        Done::Normalized => "normalised",
    };
    html! {
        <li class={classes!("change", format!("issue-{kind}"))} data-issue={kind} data-action={change.action.as_str()}>
            <p class="change-head">
                <strong>{ change.found.to_string() }</strong>
                { format!(" {action}, at input byte {} (output byte {})", change.input.start, change.output.start) }
            </p>
            <p class="change-reason">{ change.reason().into_owned() }</p>
        </li>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_page_shows_every_common_issue() {
        let result = utf8lens::sanitize::sanitize(&sample_page(), &Policy::default());
        let kinds: Vec<&str> = result.changes.iter().map(|c| c.found.kind()).collect();
        for kind in [
            "bom",
            "invisible",
            "bidi-control",
            "malformed",
            "control",
            "nul",
            "tag",
            "noncharacter",
        ] {
            assert!(kinds.contains(&kind), "{kind} in {kinds:?}");
        }
        // The emoji's joiner and selector and the Persian ZWNJ stay.
        assert!(result.text.contains("👩\u{200D}💻") && result.text.contains("❤\u{FE0F}"));
        assert!(result.text.contains("می\u{200C}خواهم"));
        let repaired = utf8lens::sanitize::sanitize(
            &sample_page(),
            &Policy {
                repair_mojibake: true,
                ..Policy::default()
            },
        );
        assert!(repaired.text.contains("Schöne Grüße aus Köln"));
    }
}
