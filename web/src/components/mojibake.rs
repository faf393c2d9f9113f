//! Mojibake: the text's UTF-8 bytes read as every legacy charset the codec knows, each glyph
//! traced back to its byte; the reverse direction (the text in a legacy charset read as UTF-8);
//! double encoding; the repair tool with its steps; and the seeds' reference table. Bytes that are
//! not UTF-8 get the charset detector's proposal, in steps, and their 33 legacy readings ranked
//! by plausibility (`utf8lens::detect::rank_legacy`, the detector's single-byte scorer).

use utf8lens::charset::Charset;
use utf8lens::mojibake::GlyphTrace;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::InPageNav;
use crate::components::detect;
use crate::format;
use crate::hooks::{use_frequent_words, use_inspector};
use crate::notation::Notation;
use crate::state::Action;
use crate::visible::VisibleText;

/// The matrix shows at most this many characters of the text.
const TEXT_LIMIT: usize = 80;
/// Bytes that are not UTF-8 are read as legacy charsets up to this many.
const BYTES_LIMIT: usize = 512;

/// The first `limit` characters of `text`.
fn head(text: &str, limit: usize) -> &str {
    match text.char_indices().nth(limit) {
        Some((i, _)) => text.get(..i).unwrap_or(text),
        None => text,
    }
}

#[component]
pub fn Mojibake() -> Html {
    let inspector = use_inspector();
    let all = &inspector.bytes;
    let window = all
        .get(..(TEXT_LIMIT * 4).min(all.len()))
        .unwrap_or_default();
    let lossy = utf8lens::decode_lossy(window);
    let text = head(&lossy, TEXT_LIMIT).to_owned();
    let valid =
        utf8lens::validate(all.get(..BYTES_LIMIT.min(all.len())).unwrap_or_default()).is_ok();
    let charset = inspector.charset;

    let on_charset = {
        let inspector = inspector.clone();
        Callback::from(move |e: Event| {
            let name = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Ok(cs) = name.parse::<Charset>() {
                inspector.dispatch(Action::SetCharset(cs));
            }
        })
    };

    html! {
        <div class="mojibake">
            <InPageNav places={vec![
                ("matrix-heading", "Every charset"),
                ("trace-heading", "Byte by byte"),
                ("misread-heading", "The other way"),
                ("rounds-heading", "Double encoding"),
                ("repair-heading", "Repair"),
            ]} />
            if !valid {
                <LegacyReadings />
            }
            <div class="field charset-field">
                <label for="charset-select">{ "Charset to trace, garble and misread with" }</label>
                <select id="charset-select" onchange={on_charset}>
                    { for Charset::ALL.iter().map(|cs| html! {
                        <option value={cs.name()} selected={*cs == charset}>{ format!("{} — {}", cs.name(), cs.title()) }</option>
                    }) }
                </select>
            </div>
            if text.is_empty() {
                <p class="empty">{ "Type some text above to see it garbled." }</p>
            } else {
                <Trace text={AttrValue::from(text.clone())} {charset} />
                <Misread text={AttrValue::from(text.clone())} {charset} />
                <Rounds text={AttrValue::from(text.clone())} {charset} />
                <RepairView text={AttrValue::from(text.clone())} {charset} />
                <Matrix text={AttrValue::from(text)} {charset} />
            }
            <SeedsTable />
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct TextProps {
    text: AttrValue,
    charset: Charset,
}

/// Glyphs of one garbling, grouped by the character they came from; hovering a group shows which
/// byte became which glyph.
fn traced_html(trace: &[GlyphTrace]) -> Html {
    let mut groups: Vec<Html> = Vec::new();
    let mut i = 0;
    while let Some(first) = trace.get(i) {
        let run: Vec<&GlyphTrace> = trace[i..]
            .iter()
            .take_while(|t| t.char_index == first.char_index)
            .collect();
        i += run.len();
        let bytes: Vec<u8> = run.iter().map(|t| t.byte).collect();
        let title = format!(
            "{} (U+{:04X}) is {} in UTF-8: {}",
            crate::visible::glyph(first.ch),
            u32::from(first.ch),
            Notation::Hex.format(&bytes),
            run.iter()
                .map(|t| match t.glyph {
                    Some(g) => format!("{:02X} → {}", t.byte, crate::visible::glyph(g)),
                    None => format!("{:02X} → undefined", t.byte),
                })
                .collect::<Vec<_>>()
                .join(", ")
        );
        groups.push(html! {
            <span class={classes!("trace-char", (run.len() > 1).then_some("trace-multi"))}
                  data-char={first.char_index.to_string()} title={title.clone()}>
                { for run.iter().map(|t| html! {
                    <span class="trace-glyph" data-byte={format!("{:02X}", t.byte)}>
                        <VisibleText text={AttrValue::from(t.glyph.unwrap_or('\u{FFFD}').to_string())} />
                    </span>
                }) }
                <span class="visually-hidden">{ format!(" ({title})") }</span>
            </span>
        });
    }
    html! { <span class="traced">{ for groups }</span> }
}

/// Every charset, both directions.
#[component]
fn Matrix(props: &TextProps) -> Html {
    let TextProps { text, charset } = props;
    let rows = use_memo(text.clone(), |t| utf8lens::mojibake::matrix(t));
    html! {
        <section aria-labelledby="matrix-heading">
            <h3 id="matrix-heading">{ "Your text, misread by every charset" }</h3>
            <p class="step-text">
                { "Left: the text's UTF-8 bytes read as the charset (hover a group to trace each byte). \
                   Right: the text encoded in the charset and read as UTF-8." }
            </p>
            <div class="table-scroll">
                <table class="matrix">
                    <thead>
                        <tr>
                            <th scope="col">{ "Charset" }</th>
                            <th scope="col">{ "UTF-8 read as it" }</th>
                            <th scope="col">{ "It read as UTF-8" }</th>
                        </tr>
                    </thead>
                    <tbody>
                        { for rows.iter().map(|row| {
                            let cs = row.charset;
                            let traced = utf8lens::mojibake::garble_traced(text, cs);
                            html! {
                                <tr class={classes!((cs == *charset).then_some("matrix-current"))}>
                                    <th scope="row">
                                        <span class="charset-name">{ cs.name() }</span>
                                        <span class="charset-title">{ cs.title() }</span>
                                    </th>
                                    <td class="garbled" data-charset={cs.name()} data-direction="garbled" data-text={row.garbled.clone()}>
                                        { traced_html(&traced.trace) }
                                        if row.undefined > 0 {
                                            <span class="note">{ format!(" {} undefined", format::count(row.undefined)) }</span>
                                        }
                                    </td>
                                    {
                                        match &row.misread {
                                            Ok(misread) => html! {
                                                <td class="misread" data-charset={cs.name()} data-direction="misread" data-text={misread.clone()}>
                                                    <VisibleText text={AttrValue::from(misread.clone())} />
                                                </td>
                                            },
                                            Err(e) => html! {
                                                <td class="misread unmappable" data-charset={cs.name()} data-direction="misread">
                                                    { format!("cannot encode {}", e.ch().map(crate::visible::quoted).unwrap_or_else(|| format!("U+{:04X}", e.code_point()))) }
                                                </td>
                                            },
                                        }
                                    }
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
            </div>
        </section>
    }
}

/// One charset's garbling, byte by byte.
#[component]
fn Trace(props: &TextProps) -> Html {
    let TextProps { text, charset } = props;
    let garbled = utf8lens::mojibake::garble_traced(text, *charset);
    let mut rows: Vec<Html> = Vec::new();
    let mut i = 0;
    while let Some(first) = garbled.trace.get(i) {
        let run: Vec<&GlyphTrace> = garbled.trace[i..]
            .iter()
            .take_while(|t| t.char_index == first.char_index)
            .collect();
        i += run.len();
        let bytes: Vec<u8> = run.iter().map(|t| t.byte).collect();
        let glyphs: String = run.iter().map(|t| t.glyph.unwrap_or('\u{FFFD}')).collect();
        rows.push(html! {
            <tr data-char={first.char_index.to_string()}>
                <td class="glyph">{ crate::visible::glyph(first.ch) }</td>
                <td class="mono">{ format!("U+{:04X}", u32::from(first.ch)) }</td>
                <td class="mono">{ Notation::Hex.format(&bytes) }</td>
                <td class="trace-out" data-charset={charset.name()}><VisibleText text={AttrValue::from(glyphs)} /></td>
            </tr>
        });
    }
    html! {
        <section aria-labelledby="trace-heading">
            <h3 id="trace-heading">{ format!("Byte by byte in {}", charset.name()) }</h3>
            <p class="step-text">
                { if garbled.is_reversible() {
                    "Every byte is defined in this charset, so the garbling can be undone exactly."
                } else {
                    "Some bytes are undefined in this charset and show as U+FFFD: this garbling loses information."
                } }
            </p>
            <div class="table-scroll">
                <table class="trace-table">
                    <thead><tr><th scope="col">{ "Character" }</th><th scope="col">{ "Code point" }</th><th scope="col">{ "UTF-8 bytes" }</th><th scope="col">{ format!("Shown in {}", charset.name()) }</th></tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
        </section>
    }
}

/// The reverse: the text in the charset, read as UTF-8.
#[component]
fn Misread(props: &TextProps) -> Html {
    let TextProps { text, charset } = props;
    let body = match utf8lens::mojibake::misread_as_utf8(text, *charset) {
        Err(e) => html! {
            <p class="note">{ format!("{} cannot encode {}, so this direction does not arise.", charset.name(),
                e.ch().map(crate::visible::quoted).unwrap_or_else(|| format!("U+{:04X}", e.code_point()))) }</p>
        },
        Ok(m) => html! {
            <>
                <p class="misread-result" data-charset={charset.name()} data-replacements={m.replacements().to_string()}>
                    { format!("{} bytes {} read as UTF-8: ", charset.name(), Notation::Hex.format(&m.bytes)) }
                    <strong><VisibleText text={AttrValue::from(m.text.clone())} /></strong>
                    { format!(" ({} U+FFFD)", m.replacements()) }
                </p>
                <ul class="misread-pieces">
                    { for m.pieces.iter().filter(|p| p.error.is_some() || p.swallowed() > 0).map(|p| {
                        let source: String = text.chars().skip(p.bytes.start).take(p.bytes.len()).collect();
                        let bytes = m.bytes.get(p.bytes.clone()).unwrap_or_default();
                        html! {
                            <li data-kind={p.error.map(|k| k.as_str())}>
                                { format!("“{source}” ({}) became ", Notation::Hex.format(bytes)) }
                                <VisibleText text={AttrValue::from(p.output.to_string())} />
                                { match p.error {
                                    Some(kind) => format!(": malformed ({})", kind.as_str()),
                                    None => String::new(),
                                } }
                                if p.swallowed() > 0 {
                                    { format!("; {} swallowed", format::plural(p.swallowed(), "character was", "characters were")) }
                                }
                            </li>
                        }
                    }) }
                </ul>
            </>
        },
    };
    html! {
        <section aria-labelledby="misread-heading">
            <h3 id="misread-heading">{ format!("The other way: {} bytes read as UTF-8", charset.name()) }</h3>
            { body }
        </section>
    }
}

/// Double and triple encoding.
#[component]
fn Rounds(props: &TextProps) -> Html {
    let TextProps { text, charset } = props;
    let rounds = utf8lens::mojibake::garble_rounds(head(text, 24), *charset, 3).unwrap_or_default();
    html! {
        <section aria-labelledby="rounds-heading">
            <h3 id="rounds-heading">{ "Double encoding" }</h3>
            <p class="step-text">{ format!("Garbled text garbled again: each round reads the previous round's UTF-8 bytes as {}.", charset.name()) }</p>
            <ol class="rounds">
                { for rounds.iter().enumerate().map(|(i, r)| html! {
                    <li data-round={(i + 1).to_string()} data-text={r.clone()}>
                        <span class="round-label">{ format!("{}×: ", i + 1) }</span>
                        <VisibleText text={AttrValue::from(r.clone())} />
                    </li>
                }) }
            </ol>
        </section>
    }
}

/// The repair tool: what the codec's `repair` finds in the text, step by step.
#[component]
fn RepairView(props: &TextProps) -> Html {
    let TextProps { text, charset } = props;
    let inspector = use_inspector();
    // Repaired again when the frequent words arrive (`use_frequent_words`).
    let words = use_frequent_words();
    let fixed = use_memo((text.clone(), words), |(t, _)| {
        utf8lens::mojibake::repair(t)
    });
    let garble_it = {
        let inspector = inspector.clone();
        let garbled = utf8lens::mojibake::garble(text, *charset);
        Callback::from(move |_: MouseEvent| inspector.dispatch(Action::EditText(garbled.clone())))
    };
    let use_fixed = {
        let inspector = inspector.clone();
        let repaired = fixed.text.clone();
        Callback::from(move |_: MouseEvent| inspector.dispatch(Action::EditText(repaired.clone())))
    };
    html! {
        <section aria-labelledby="repair-heading" class="repair">
            <h3 id="repair-heading">{ "Repair" }</h3>
            if fixed.steps.is_empty() {
                <p class="repair-none" data-steps="0">
                    { "No mojibake found in the text: nothing to repair. " }
                    <button type="button" onclick={garble_it}>{ format!("Garble it as {} and try", charset.name()) }</button>
                </p>
            } else {
                <ol class="repair-steps" data-steps={fixed.steps.len().to_string()}>
                    { for fixed.steps.iter().map(|step| html! {
                        <li class="repair-step" data-encode={step.encode.name()} data-decode={step.decode.name()}>
                            <p>{ step.sentence() }</p>
                            <p class="repair-before-after">
                                <VisibleText text={AttrValue::from(step.before.clone())} />
                                <span class="arrow" aria-hidden="true">{ " → " }</span>
                                <VisibleText text={AttrValue::from(step.after.clone())} />
                            </p>
                        </li>
                    }) }
                </ol>
                <p class="repair-result" data-text={fixed.text.clone()}>
                    { "Repaired: " }<strong><VisibleText text={AttrValue::from(fixed.text.clone())} /></strong>
                    { format!(" (confidence {:.0}%) ", fixed.confidence * 100.0) }
                    <button type="button" onclick={use_fixed}>{ "Use the repaired text" }</button>
                </p>
            }
        </section>
    }
}

/// Bytes that are not UTF-8: what the detector proposes (decode them as its best candidate, in
/// steps), then the bytes read as each legacy charset, the most plausible first.
#[component]
fn LegacyReadings() -> Html {
    let inspector = use_inspector();
    let all = &inspector.bytes;
    let bytes = all
        .get(..BYTES_LIMIT.min(all.len()))
        .unwrap_or_default()
        .to_vec();
    let candidates = use_memo(inspector.bytes.clone(), |b| detect::detect_bytes(b));
    let ranked = use_memo(bytes.clone(), |b| utf8lens::detect::rank_legacy(b));
    let best = candidates.first().cloned();
    let proposal = best.as_ref().and_then(|c| {
        let whole = detect::decode_as(all, c.charset())?;
        Some((c.clone(), whole))
    });
    let on_use = {
        let inspector = inspector.clone();
        let text = proposal.as_ref().map(|(_, t)| t.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(text) = &text {
                inspector.dispatch(Action::EditText(text.clone()));
            }
        })
    };
    html! {
        <section aria-labelledby="legacy-heading">
            <h3 id="legacy-heading">{ "These bytes are not UTF-8. Read as a legacy charset they say:" }</h3>
            if let Some((candidate, text)) = proposal {
                <div class="legacy-proposal" data-charset={candidate.charset()}>
                    <p>{ format!("The detector proposes {}.", detect::summary(&candidate)) }</p>
                    <ol class="repair-steps" data-steps="2">
                        <li class="repair-step">
                            { format!("Decode the bytes as {}: ", candidate.charset()) }
                            { candidate.reasons().join(" ") }
                        </li>
                        <li class="repair-step">
                            { format!(
                                "Encode the text as UTF-8: {} become {}.",
                                format::plural(all.len(), "byte", "bytes"),
                                format::plural(text.len(), "byte", "bytes"),
                            ) }
                        </li>
                    </ol>
                    if text.len() <= crate::state::FIELD_LIMIT {
                        <p class="repair-result" data-text={text.clone()}>
                            <VisibleText text={AttrValue::from(text.chars().take(TEXT_LIMIT * 4).collect::<String>())} />
                            { " " }
                            <button type="button" onclick={on_use}>{ "Use the decoded text" }</button>
                        </p>
                    }
                </div>
            }
            <div class="table-scroll">
                <table class="matrix legacy">
                    <tbody>
                        { for ranked.iter().enumerate().map(|(i, cs)| {
                            let text = utf8lens::charset::decode(&bytes, *cs);
                            html! {
                                <tr data-rank={(i + 1).to_string()}>
                                    <th scope="row"><span class="charset-name">{ cs.name() }</span></th>
                                    <td data-charset={cs.name()} data-direction="legacy" data-text={text.clone()}>
                                        <VisibleText text={AttrValue::from(text)} />
                                    </td>
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
            </div>
        </section>
    }
}

/// The seeds' table: German letters in the three Western charsets, 'Höhe' both ways, the BOM.
#[component]
fn SeedsTable() -> Html {
    const CHARSETS: [Charset; 3] = [
        Charset::Iso8859_1,
        Charset::Iso8859_15,
        Charset::Windows1252,
    ];
    let letters = ["ä", "ö", "ü", "ß", "Ä", "Ö", "Ü"];
    let hoehe = utf8lens::mojibake::misread_as_utf8("Höhe", Charset::Iso8859_1).ok();
    html! {
        <section aria-labelledby="seeds-heading" class="seeds">
            <h3 id="seeds-heading">{ "Reference: the classic cases" }</h3>
            <div class="table-scroll">
                <table class="seeds-table">
                    <thead>
                        <tr>
                            <th scope="col">{ "Letter" }</th>
                            <th scope="col">{ "UTF-8" }</th>
                            { for CHARSETS.iter().map(|cs| html! { <th scope="col">{ format!("read as {}", cs.name()) }</th> }) }
                        </tr>
                    </thead>
                    <tbody>
                        { for letters.iter().map(|l| html! {
                            <tr data-letter={*l}>
                                <th scope="row" class="glyph">{ *l }</th>
                                <td class="mono">{ Notation::Hex.format(l.as_bytes()) }</td>
                                { for CHARSETS.iter().map(|cs| {
                                    let g = utf8lens::mojibake::garble(l, *cs);
                                    html! { <td data-charset={cs.name()} data-text={g.clone()}><VisibleText text={AttrValue::from(g)} /></td> }
                                }) }
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
            <ul class="seeds-more">
                <li data-case="hoehe-garbled">
                    { "“Höhe” in UTF-8 (48 C3 B6 68 65) read as ISO-8859-1: " }
                    <strong data-charset="iso-8859-1">{ utf8lens::mojibake::garble("Höhe", Charset::Iso8859_1) }</strong>
                </li>
                if let Some(m) = hoehe {
                    <li data-case="hoehe-misread">
                        { format!("“Höhe” in ISO-8859-1 ({}) read as UTF-8: ", Notation::Hex.format(&m.bytes)) }
                        <strong data-charset="iso-8859-1"><VisibleText text={AttrValue::from(m.text.clone())} /></strong>
                        { " — F6 can start no UTF-8 sequence." }
                    </li>
                }
                <li data-case="bom">
                    { "The byte order mark U+FEFF (EF BB BF) read as windows-1252: " }
                    <strong data-charset="windows-1252">{ utf8lens::mojibake::garble("\u{FEFF}", Charset::Windows1252) }</strong>
                </li>
            </ul>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use utf8lens::charset::Charset;
    use utf8lens::detect::rank_legacy;

    #[test]
    fn the_detectors_candidate_reads_first() {
        // "Привет, как дела? Всё хорошо." in KOI8-R.
        let text = "Привет, как дела? Всё хорошо.";
        let bytes =
            utf8lens::charset::encode(text, Charset::Koi8R, utf8lens::charset::Fallback::Error)
                .unwrap_or_default();
        let ranked = rank_legacy(&bytes);
        assert_eq!(ranked.len(), Charset::ALL.len());
        assert_eq!(ranked[0], Charset::Koi8R);
        let mut sorted = ranked.clone();
        sorted.sort_by_key(|cs| cs.name());
        let mut all = Charset::ALL.to_vec();
        all.sort_by_key(|cs| cs.name());
        assert_eq!(sorted, all, "every charset once");
    }

    #[test]
    fn the_ranking_keeps_the_detectors_order() {
        // Czech in windows-1250: the detector's candidates that are charsets of the codec come
        // in the same order in the ranking, which goes on past them to all 33.
        let text = "Příliš žluťoučký kůň úpěl ďábelské ódy. Čeština má háčky a čárky.";
        let bytes = utf8lens::charset::encode(
            text,
            Charset::Windows1250,
            utf8lens::charset::Fallback::Error,
        )
        .unwrap_or_default();
        let ranked = rank_legacy(&bytes);
        assert_eq!(ranked[0], Charset::Windows1250);
        let places: Vec<usize> = utf8lens::detect::detect(&bytes)
            .candidates()
            .iter()
            .filter_map(|c| c.legacy_charset())
            .map(|cs| ranked.iter().position(|&c| c == cs).unwrap_or(usize::MAX))
            .collect();
        assert!(places.len() >= 3, "{places:?}");
        assert!(
            places.windows(2).all(|w| w[0] < w[1]),
            "{places:?} in {ranked:?}"
        );
    }
}
