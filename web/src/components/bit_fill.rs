//! Bit filling: RFC 3629 §3's three steps for one code point, as the codec's [`utf8lens::explain`]
//! lays them out: choose the octet count from the range table, prepare the high-order marker
//! bits, then fill the x bits, the code point's lowest bit into the last octet first. Step through
//! it or play it; below, the same bits read backwards (decoding), and the character's other forms.

use gloo_timers::callback::Timeout;
use utf8lens::{BitFill, Segment, RANGE_TABLE};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::InPageNav;
use crate::code_point;
use crate::hooks::use_inspector;
use crate::state::Action;
use crate::visible::glyph;

/// Milliseconds between animation steps.
const TICK: u32 = 450;

/// Where the code point comes from, so the view can say so.
enum Source {
    Query,
    Selection(usize),
    FirstChar,
    Default,
}

#[component]
pub fn BitFilling() -> Html {
    let inspector = use_inspector();
    let query = inspector.code_point.clone();

    // The code point: typed, else the selected character, else the input's first character.
    let (parsed, source) = if !query.trim().is_empty() || query == " " {
        (code_point::parse(&query), Source::Query)
    } else {
        let from_selection = inspector.selected.and_then(|s| {
            let start = utf8lens::char_start(&inspector.bytes, s)?;
            match utf8lens::segments(inspector.bytes.get(start..)?).next()? {
                Segment::Char { ch, .. } => Some((u32::from(ch), start)),
                Segment::Malformed(_) => None,
            }
        });
        let first = utf8lens::segments(
            inspector
                .bytes
                .get(..8.min(inspector.bytes.len()))
                .unwrap_or_default(),
        )
        .find_map(|s| match s {
            Segment::Char { ch, .. } => Some(u32::from(ch)),
            Segment::Malformed(_) => None,
        });
        match (from_selection, first) {
            (Some((cp, at)), _) => (Ok(cp), Source::Selection(at)),
            (None, Some(cp)) => (Ok(cp), Source::FirstChar),
            (None, None) => (Ok(0x20AC), Source::Default),
        }
    };

    let on_query = {
        let inspector = inspector.clone();
        Callback::from(move |e: InputEvent| {
            inspector.dispatch(Action::SetCodePoint(
                e.target_unchecked_into::<HtmlInputElement>().value(),
            ))
        })
    };
    let source_note = match (&source, &parsed) {
        (Source::Query, _) => {
            "Clear the field to follow the character selected in the byte map.".to_owned()
        }
        (Source::Selection(at), _) => {
            format!("The character selected in the byte map, at byte {at}.")
        }
        (Source::FirstChar, _) => {
            "The input's first character; select another in the byte map, or type one.".to_owned()
        }
        (Source::Default, _) => {
            "The input has no well-formed character here, so this shows U+20AC €.".to_owned()
        }
    };

    // A grapheme of several code points (👨‍👩‍👧): bit filling explains the first; each of the
    // others is one click away.
    let cluster = code_point::cluster(&query).map(|chars| {
        let count = chars.len();
        let picks = chars.into_iter().map(|ch| {
            let cp = format!("U+{:04X}", u32::from(ch));
            let inspector = inspector.clone();
            let query = cp.clone();
            let onclick = Callback::from(move |_: MouseEvent| {
                inspector.dispatch(Action::SetCodePoint(query.clone()))
            });
            html! {
                <li><button type="button" class="link-button" {onclick}>
                    { format!("{cp} {}", glyph(ch)) }
                </button></li>
            }
        });
        html! {
            <div class="cluster-note" data-cluster-size={count.to_string()}>
                <p>{ format!("\"{}\" is one grapheme cluster (what a reader calls one character) made of {count} code points. UTF-8 encodes each code point on its own, so bit filling shows them one at a time: here the first. Pick another:", query.trim()) }</p>
                <ul class="cluster-picks">{ for picks }</ul>
            </div>
        }
    });

    html! {
        <div class="bit-fill">
            <div class="field cp-field">
                <label for="cp-input">{ "Code point" }</label>
                <input id="cp-input" type="text" spellcheck="false" autocomplete="off"
                       placeholder="U+20AC, 8364 or €"
                       aria-describedby="cp-note"
                       value={query.clone()}
                       oninput={on_query} />
                <p id="cp-note" class="field-note">{ source_note }</p>
            </div>
            { cluster.unwrap_or_default() }
            if parsed.is_ok() {
                <InPageNav places={vec![
                    ("cp-input", "Code point"),
                    ("reverse-heading", "In reverse: decoding"),
                    ("forms-heading", "Every form"),
                ]} />
            }
            {
                match parsed {
                    Err(problem) => html! { <p class="cp-problem" role="alert">{ problem.to_string() }</p> },
                    Ok(cp) => match utf8lens::explain(cp) {
                        Ok(fill) => html! { <Explained {cp} fill={fill} /> },
                        Err(why) => unencodable(cp, &why.to_string()),
                    },
                }
            }
        </div>
    }
}

/// A value UTF-8 cannot encode: what the codec says, and what the old RFC 2279 would have written.
fn unencodable(cp: u32, why: &str) -> Html {
    let rfc2279 = utf8lens::variants::encode(&[cp], utf8lens::variants::Variant::Rfc2279).ok();
    let hex = rfc2279
        .as_ref()
        .map(|b| crate::notation::Notation::Hex.format(b));
    let link = hex
        .as_ref()
        .map(|h| format!("#hex={}&view=errors", h.replace(' ', "")));
    html! {
        <div class="unencodable" data-code-point={format!("{cp:04X}")}>
            <p class="cp-problem" role="alert">{ format!("{why}.") }</p>
            if let (Some(hex), Some(link)) = (hex, link) {
                <p>
                    { format!("The obsolete RFC 2279 would still write it as {hex}. ") }
                    <a href={link}>{ "See what a strict decoder says about those bytes." }</a>
                </p>
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct ExplainedProps {
    cp: u32,
    fill: BitFill,
}

#[component]
fn Explained(props: &ExplainedProps) -> Html {
    let ExplainedProps { cp, fill } = props;
    let payload = fill.payload_bits() as usize;
    // 0: step 1; 1: step 2; 2 + k: step 3 with k bits placed.
    let last = 2 + payload;
    // A new code point opens at step 1: the view teaches the steps in order; "Result »" jumps.
    let progress = use_state(|| 0);
    let playing = use_state(|| false);
    {
        let progress = progress.clone();
        let playing = playing.clone();
        use_effect_with(*cp, move |_| {
            progress.set(0);
            playing.set(false);
        });
    }
    {
        let progress = progress.clone();
        let playing = playing.clone();
        use_effect_with((*playing, *progress), move |&(is_playing, at)| {
            let timeout = (is_playing && at < last).then(|| {
                Timeout::new(TICK, move || {
                    progress.set(at + 1);
                    if at + 1 >= last {
                        playing.set(false);
                    }
                })
            });
            move || drop(timeout)
        });
    }
    let at = (*progress).min(last);
    let placed = at.saturating_sub(2);
    let step = match at {
        0 => 1,
        1 => 2,
        _ => 3,
    };
    let set = |value: usize| {
        let progress = progress.clone();
        let playing = playing.clone();
        Callback::from(move |_: MouseEvent| {
            playing.set(false);
            progress.set(value.min(last));
        })
    };
    let on_play = {
        let progress = progress.clone();
        let playing = playing.clone();
        Callback::from(move |_: MouseEvent| {
            if *playing {
                playing.set(false);
            } else {
                if *progress >= last {
                    progress.set(0);
                }
                playing.set(true);
            }
        })
    };

    let row = fill.row();
    let octets = fill.octets();
    let n = octets.len();
    let cp_label = format!("U+{cp:04X}");
    let ch = char::from_u32(*cp).map(glyph).unwrap_or_default();
    let status = match step {
        1 => format!("Step 1 of 3: {cp_label} lies between U+{:04X} and U+{:04X}, so it takes {n} octet{}.", row.first, row.last, if n == 1 { "" } else { "s" }),
        2 => format!("Step 2 of 3: the high-order bits of each octet are set: {}.", row.template),
        _ => format!("Step 3 of 3: {placed} of {payload} bits of {cp_label} placed, lowest bit first into the last octet."),
    };

    // Which octet each code point bit goes to, for colouring both ends alike.
    let octet_of_bit = |bit: u8| -> Option<usize> {
        octets
            .iter()
            .position(|o| o.bit_sources().contains(&Some(bit)))
    };
    let cp_bits: String = fill.code_point_bits();

    html! {
        <div class="explained" data-code-point={format!("{cp:04X}")} data-step={step.to_string()} data-placed={placed.to_string()}>
            <p class="bit-fill-title">
                <span class="code-point">{ cp_label.clone() }</span>
                <span class="glyph big-glyph">{ ch }</span>
                <span class="bit-fill-bytes">{ format!("→ {}", crate::notation::Notation::Hex.format(fill.bytes())) }</span>
                <super::CharName cp={*cp} />
            </p>
            // Sticky, so that on a short screen (1366×768) the controls stay in view beside the bits
            // they change.
            <div class="step-bar">
            <div class="step-controls" role="group" aria-label="Step through the encoding">
                <button type="button" onclick={set(0)} disabled={at == 0}>{ "« Start" }</button>
                <button type="button" onclick={set(at.saturating_sub(1))} disabled={at == 0} id="step-back">{ "◀ Back" }</button>
                <button type="button" onclick={set(at + 1)} disabled={at >= last} id="step-next" data-autofocus="true">{ "Next ▶" }</button>
                <button type="button" onclick={on_play} id="step-play" aria-pressed={(*playing).to_string()}>
                    { if *playing { "❚❚ Pause" } else { "▶ Play" } }
                </button>
                <button type="button" onclick={set(last)} disabled={at >= last}>{ "Result »" }</button>
            </div>
            <p class="step-status" aria-live="polite">{ status }</p>
            </div>

            <ol class="steps">
                <li class={classes!("step", (step == 1).then_some("step-current"))}>
                    <h3>{ "1. Choose the number of octets" }</h3>
                    <table class="range-table">
                        <thead><tr><th scope="col">{ "Code points" }</th><th scope="col">{ "Octets" }</th><th scope="col">{ "Template" }</th></tr></thead>
                        <tbody>
                            { for RANGE_TABLE.iter().map(|r| {
                                let active = r == row;
                                html! {
                                    <tr class={classes!(active.then_some("range-active"))} data-active={active.to_string()}>
                                        <td>{ format!("U+{:04X} – U+{:04X}", r.first, r.last) }</td>
                                        <td>{ r.octets }</td>
                                        <td class="mono">{ r.template }</td>
                                    </tr>
                                }
                            }) }
                        </tbody>
                    </table>
                </li>
                <li class={classes!("step", (step == 2).then_some("step-current"))}>
                    <h3>{ "2. Prepare the high-order bits" }</h3>
                    <p class="step-text">{ "Each octet starts with its marker: " }
                        { match n { 1 => "0 for a one-octet character.", 2 => "110 in the first octet (two octets), 10 in the other.", 3 => "1110 in the first octet (three octets), 10 in the others.", _ => "11110 in the first octet (four octets), 10 in the others." } }
                        { " The x bits are left for the code point." }</p>
                </li>
                <li class={classes!("step", (step == 3).then_some("step-current"))}>
                    <h3>{ "3. Fill the x bits" }</h3>
                    <p class="step-text">{ format!("{cp_label} in binary, {payload} bits, numbered from the lowest:") }</p>
                    // Screen readers get the bits as one sentence; the drawn bits are for the eye.
                    <p class="visually-hidden">{ format!("{cp_label} in binary: {cp_bits}; {placed} of {payload} bits placed.") }</p>
                    <div class="cp-bits" aria-hidden="true">
                        { for cp_bits.chars().enumerate().map(|(i, c)| {
                            let bit = (payload - 1 - i) as u8;
                            let target = octet_of_bit(bit).unwrap_or(0);
                            let used = usize::from(bit) < placed;
                            html! {
                                <span class={classes!("bit", format!("to-octet-{target}"), used.then_some("bit-used"))} aria-hidden="true">
                                    <span class="bit-value">{ c }</span>
                                    <span class="bit-index">{ bit }</span>
                                </span>
                            }
                        }) }
                    </div>
                </li>
            </ol>

            <div class="octets" role="list" aria-label="The octets">
                { for octets.iter().enumerate().map(|(j, octet)| {
                    let template = octet.template().as_bytes();
                    let value = octet.value();
                    // What the eye sees in this octet at this step, as one sentence for screen
                    // readers: marker bits, placed bits, x for bits still to fill.
                    let spoken: String = (0..8)
                        .map(|i| match octet.bit_sources()[i] {
                            None if at >= 1 => char::from(b'0' + ((value >> (7 - i)) & 1)),
                            Some(k) if usize::from(k) < placed => char::from(b'0' + ((value >> (7 - i)) & 1)),
                            Some(_) if at >= 1 => 'x',
                            _ => '·',
                        })
                        .collect();
                    let bits = (0..8).map(|i| {
                        let actual = (value >> (7 - i)) & 1;
                        match octet.bit_sources()[i] {
                            None if at >= 1 => html! { <span class="bit bit-marker"><span class="bit-value">{ actual }</span></span> },
                            None => html! { <span class="bit bit-empty"><span class="bit-value">{ "·" }</span></span> },
                            Some(k) if usize::from(k) < placed => html! {
                                <span class={classes!("bit", format!("to-octet-{j}"), "bit-used")}>
                                    <span class="bit-value">{ actual }</span>
                                    <span class="bit-index">{ k }</span>
                                </span>
                            },
                            Some(_) => html! {
                                <span class="bit bit-x"><span class="bit-value">{ if at >= 1 { char::from(template[i]) } else { '·' } }</span></span>
                            },
                        }
                    });
                    let done = at == last;
                    html! {
                        <div class="octet" data-octet={j.to_string()} role="listitem"
                             aria-label={format!("Octet {} of {n}: {spoken}{}", j + 1, if done { format!(", {value:02X}") } else { String::new() })}>
                            <div class="octet-bits" aria-hidden="true">{ for bits }</div>
                            <div class="octet-value">
                                if done { { format!("{value:02X}") } } else { { "…" } }
                            </div>
                        </div>
                    }
                }) }
            </div>

            <Reverse fill={fill.clone()} />
            <Forms cp={*cp} fill={fill.clone()} />
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct FillProps {
    fill: BitFill,
}

/// Decoding: the same octets read backwards. Drop each marker, join the payload bits.
#[component]
fn Reverse(props: &FillProps) -> Html {
    // The decoding direction, straight from the bytes.
    let Some(fill) = utf8lens::explain_sequence(props.fill.bytes()) else {
        return html! {};
    };
    let pieces: Vec<(String, String)> = fill
        .octets()
        .iter()
        .map(|o| {
            let bits = format!("{:08b}", o.value());
            let (m, p) = bits.split_at(o.marker_len().min(8));
            (m.to_owned(), p.to_owned())
        })
        .collect();
    let joined: String = pieces.iter().map(|(_, p)| p.as_str()).collect();
    html! {
        <section class="reverse" aria-labelledby="reverse-heading">
            <h3 id="reverse-heading">{ "In reverse: decoding" }</h3>
            <p class="step-text">{ "A decoder reads the lead byte's marker to know how many octets follow, drops every marker and joins the payload bits, highest first:" }</p>
            <p class="reverse-line mono">
                { for pieces.iter().map(|(m, p)| html! {
                    <span class="reverse-octet"><s class="bits-marker" aria-label={format!("marker {m}, dropped")}>{ m.clone() }</s><span class="bits-payload">{ p.clone() }</span></span>
                }) }
                <span class="arrow" aria-hidden="true">{ " → " }</span>
                <span class="reverse-joined">{ joined }</span>
                <span class="arrow" aria-hidden="true">{ " → " }</span>
                <span class="code-point">{ format!("U+{:04X}", fill.code_point()) }</span>
            </p>
        </section>
    }
}

/// Each octet's payload bits (its marker dropped), as binary digits.
pub fn payload_bits(fill: &BitFill) -> Vec<String> {
    fill.octets()
        .iter()
        .map(|o| {
            let bits = format!("{:08b}", o.value());
            bits.get(o.marker_len().min(8)..)
                .unwrap_or_default()
                .to_owned()
        })
        .collect()
}

#[derive(Properties, PartialEq)]
struct FormsProps {
    cp: u32,
    fill: BitFill,
}

/// The character's numbers in every form a reader meets.
#[component]
fn Forms(props: &FormsProps) -> Html {
    use crate::notation::Notation;
    let FormsProps { cp, fill } = props;
    let bytes = fill.bytes();
    let mut units = [0u16; 2];
    let utf16: Vec<u16> = char::from_u32(*cp)
        .map(|c| c.encode_utf16(&mut units).to_vec())
        .unwrap_or_default();
    let js: String = utf16.iter().map(|u| format!("\\u{u:04X}")).collect();
    let grouped = payload_bits(fill);
    let utf16_note = if utf16.len() == 2 {
        "a UTF-16 surrogate pair: two code units"
    } else {
        "one UTF-16 code unit"
    };
    let rows: Vec<(&str, String, String)> = vec![
        (
            "Code point, hex",
            format!("U+{cp:04X}"),
            "how Unicode names it".into(),
        ),
        (
            "Code point, decimal",
            cp.to_string(),
            format!("HTML's &#{cp}; uses it"),
        ),
        ("Code point, octal", format!("{cp:o}"), String::new()),
        (
            "Code point, binary",
            grouped.join(" "),
            "grouped as the octets take it".into(),
        ),
        (
            "UTF-8 bytes, hex",
            Notation::Hex.format(bytes),
            String::new(),
        ),
        (
            "UTF-8 bytes, octal",
            Notation::Octal.format(bytes),
            "a lead byte is 3xx, a continuation byte 2yy, ASCII 0yy or 1yy: the top bits 11, 10 \
             and 0 make the first digit"
                .into(),
        ),
        (
            "UTF-8 bytes, binary",
            Notation::Binary.format(bytes),
            String::new(),
        ),
        (
            "UTF-8 bytes, decimal",
            Notation::Decimal.format(bytes),
            String::new(),
        ),
        (
            "C / Python bytes",
            bytes.iter().map(|b| format!("\\x{b:02X}")).collect(),
            String::new(),
        ),
        (
            "URL",
            bytes.iter().map(|b| format!("%{b:02X}")).collect(),
            "percent-encoded UTF-8".into(),
        ),
        ("HTML", format!("&#x{cp:X};"), String::new()),
        ("JavaScript / JSON", js, utf16_note.into()),
    ];
    html! {
        <section class="forms" aria-labelledby="forms-heading">
            <h3 id="forms-heading">{ "Every form" }</h3>
            <table class="forms-table">
                <tbody>
                    { for rows.into_iter().map(|(what, value, note)| html! {
                        <tr data-form={what}>
                            <th scope="row">{ what }</th>
                            <td class="mono">{ value }</td>
                            <td class="form-note">{ note }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
        </section>
    }
}
