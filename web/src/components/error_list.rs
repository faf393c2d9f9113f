//! The errors view: each malformed sequence as the codec explains it: where it is, the grammar
//! rule of RFC 3629 it breaks, what the would-be sequence meant, and why accepting it would be
//! dangerous. Each error carries `data-kind` (the npm `kind` names).

use utf8lens::{ErrorKind, Malformed};
use yew::prelude::*;

use crate::format;
use crate::hooks::{use_inspector, Summary};
use crate::notation::Notation;
use crate::state::Action;

/// The most errors listed; a 50 MiB file of noise has millions.
const LIST_LIMIT: usize = 500;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub summary: Summary,
}

#[component]
pub fn ErrorList(props: &Props) -> Html {
    let inspector = use_inspector();
    let bytes = inspector.bytes.clone();
    let listed = use_memo(bytes.clone(), |b| {
        utf8lens::errors(b)
            .take(LIST_LIMIT)
            .collect::<Vec<Malformed>>()
    });
    let counts = props.summary.counts();

    if listed.is_empty() {
        return html! {
            <div class="errors">
                <p class="no-errors" data-errors="0">
                    { "No errors: every byte belongs to a well-formed character. Try one of the examples with malformed bytes, such as C0 AF or ED A0 80." }
                </p>
            </div>
        };
    }

    let totals = counts.map(|c| {
        let parts: Vec<String> = ErrorKind::ALL
            .iter()
            .zip(c.by_kind)
            .filter(|(_, n)| *n > 0)
            .map(|(k, n)| format!("{} {}", format::count(n), k.as_str()))
            .collect();
        format!(
            "{}: {}. A decoder shows one U+FFFD for each.",
            format::plural(c.errors, "malformed sequence", "malformed sequences"),
            parts.join(", ")
        )
    });
    let more = counts.map_or(0, |c| c.errors.saturating_sub(listed.len()));

    let show = {
        let inspector = inspector.clone();
        move |offset: usize| {
            let inspector = inspector.clone();
            Callback::from(move |_: MouseEvent| {
                inspector.dispatch(Action::ShowInByteMap(offset));
            })
        }
    };

    html! {
        <div class="errors">
            if let Some(totals) = totals {
                <p class="error-totals">{ totals }</p>
            }
            <ol class="error-list">
                { for listed.iter().enumerate().map(|(i, m)| {
                    let owner = i.checked_sub(1).and_then(|j| would_be_owner(&listed[..=j], m));
                    error_html(m, owner, inspector.selected, show(m.offset()))
                }) }
            </ol>
            if more > 0 {
                <p class="error-more">{ format!("…and {} more, not listed.", format::count(more)) }</p>
            }
        </div>
    }
}

/// The earlier error whose would-be sequence (as its lead byte announced it) covers this stray
/// continuation byte: `ED A0 80` is one surrogate to a reader, three U+FFFD to a decoder.
fn would_be_owner(earlier: &[Malformed], m: &Malformed) -> Option<usize> {
    if m.kind() != ErrorKind::UnexpectedContinuation {
        return None;
    }
    earlier
        .iter()
        .rev()
        .take(3)
        .find(|e| (e.offset()..e.offset() + e.sequence_bytes().len()).contains(&m.offset()))
        .map(|e| e.offset())
}

fn error_html(
    m: &Malformed,
    owner: Option<usize>,
    selected: Option<usize>,
    on_show: Callback<MouseEvent>,
) -> Html {
    let meaning = m.intended().map(|i| {
        let cp = i.code_point();
        let what = match char::from_u32(cp) {
            _ if (0xD800..=0xDFFF).contains(&cp) => format!("U+{cp:04X}, a UTF-16 surrogate"),
            _ if cp > 0x10_FFFF => format!("the value U+{cp:04X}, beyond Unicode"),
            Some(c) => format!("U+{cp:04X} ‘{}’", crate::visible::glyph(c)),
            None => format!("U+{cp:04X}"),
        };
        format!(
            "{} would mean {what}, in {} bytes.",
            Notation::Hex.format(m.sequence_bytes()),
            i.len()
        )
    });
    let here = selected.is_some_and(|s| m.range().contains(&s));
    html! {
        <li class={classes!("error", here.then_some("error-selected"))}
            data-kind={m.kind().as_str()}
            data-offset={m.offset().to_string()}
            data-len={m.len().to_string()}>
            <p class="error-head">
                <strong class="error-kind">{ m.kind().as_str() }</strong>
                <span class="error-where">{ format!(" at byte {}: ", m.offset()) }</span>
                <span class="error-bytes mono">{ Notation::Hex.format(m.bytes()) }</span>
                // The name starts with the visible text (WCAG 2.5.3, axe's label-content-name-mismatch):
                // a voice user says what they see.
                <button type="button" class="link-button" onclick={on_show}
                        aria-label={format!("Show in byte map: byte {}", m.offset())}>
                    { "show in byte map" }
                </button>
            </p>
            <p class="error-message">{ m.to_string() }</p>
            if let Some(owner) = owner {
                <p class="error-owner">
                    { format!("It belongs to the would-be sequence at byte {owner}: the lead byte there announced it, \
                               but a decoder that rejected the lead must reject its continuation bytes one by one.") }
                </p>
            }
            <dl class="error-facts">
                <dt>{ "Rule broken" }</dt>
                <dd><code class="abnf">{ m.abnf_rule() }</code></dd>
                if let Some(meaning) = meaning {
                    <dt>{ "Meant" }</dt>
                    <dd class="error-meaning">
                        { meaning }
                        if let Some(cp) = m.intended().map(|i| i.code_point()) {
                            { " " }<super::CharName {cp} />
                        }
                    </dd>
                }
                <dt>{ "Security" }</dt>
                <dd class="security-note">{ m.security_note() }</dd>
            </dl>
        </li>
    }
}
