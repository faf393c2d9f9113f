//! Decoders side by side: the same bytes as each decoder the codec offers reads them. Strict
//! UTF-8 stops at the first error; the lossy ones replace, drop, escape or reinterpret the
//! malformed bytes; the variants (CESU-8, Modified UTF-8, WTF-8, RFC 2279) accept what UTF-8
//! forbids.

use utf8lens::variants::Variant;
use utf8lens::Replacement;
use yew::prelude::*;

use crate::format;
use crate::hooks::use_inspector;
use crate::visible::VisibleText;

/// Decoders read at most this much of a large input.
const LIMIT: usize = 4096;

struct Row {
    id: &'static str,
    name: &'static str,
    about: &'static str,
    result: Result<Html, String>,
    /// How many U+FFFD the output holds, for the lossy decoders.
    replacements: Option<usize>,
}

/// Code points (which may be surrogates or beyond Unicode) as text and badges.
fn code_points_html(cps: &[u32]) -> Html {
    let mut text = String::new();
    let mut pieces: Vec<Html> = Vec::new();
    for &cp in cps {
        match char::from_u32(cp) {
            Some(c) => text.push(c),
            None => {
                if !text.is_empty() {
                    let t = std::mem::take(&mut text);
                    pieces.push(html! { <VisibleText text={AttrValue::from(t)} /> });
                }
                let label = if cp > 0x10_FFFF {
                    format!("0x{cp:X}")
                } else {
                    format!("U+{cp:04X}")
                };
                pieces.push(html! { <span class="hidden-char lone" title="not a Unicode scalar value">{ label }</span> });
            }
        }
    }
    if !text.is_empty() {
        pieces.push(html! { <VisibleText text={AttrValue::from(text)} /> });
    }
    // The numbers too, for characters the reader's fonts may not have.
    let listed: Vec<String> = cps
        .iter()
        .take(8)
        .map(|&cp| {
            if cp > 0x10_FFFF {
                format!("0x{cp:X}")
            } else {
                format!("U+{cp:04X}")
            }
        })
        .collect();
    let more = if cps.len() > 8 { " …" } else { "" };
    html! {
        <>
            { for pieces }
            if !cps.is_empty() {
                <span class="code-point-list">{ format!(" ({}{more})", listed.join(" ")) }</span>
            }
        </>
    }
}

fn text_row(id: &'static str, name: &'static str, about: &'static str, text: String) -> Row {
    let output = if text.is_empty() {
        html! { <em class="note">{ "(nothing)" }</em> }
    } else {
        html! { <VisibleText text={AttrValue::from(text)} /> }
    };
    Row {
        id,
        name,
        about,
        result: Ok(output),
        replacements: None,
    }
}

#[component]
pub fn Decoders() -> Html {
    let inspector = use_inspector();
    let all = &inspector.bytes;
    let bytes = all.get(..LIMIT.min(all.len())).unwrap_or_default();

    let mut rows: Vec<Row> = Vec::new();
    rows.push(Row {
        id: "strict",
        name: "Strict UTF-8",
        about: "std::str::from_utf8, TextDecoder with fatal: true: the first error stops it",
        result: match utf8lens::from_utf8(bytes) {
            Ok(text) => Ok(html! { <VisibleText text={AttrValue::from(text.to_owned())} /> }),
            Err(e) => Err(format!("Error: {e}.")),
        },
        replacements: None,
    });
    let mut fffd = text_row(
        "fffd",
        "WHATWG replacement",
        "TextDecoder, String::from_utf8_lossy: one U+FFFD per maximal subpart",
        utf8lens::decode_with(bytes, Replacement::Fffd).into_owned(),
    );
    fffd.replacements = Some(utf8lens::errors(bytes).count());
    rows.push(fffd);
    rows.push(text_row(
        "drop",
        "Drop",
        "malformed bytes removed: the text loses evidence, and neighbours may join",
        utf8lens::decode_with(bytes, Replacement::Drop).into_owned(),
    ));
    let utf8b = utf8lens::decode_utf8b(bytes);
    let escaped: Vec<u32> = char::decode_utf16(utf8b.iter().copied())
        .map(|r| {
            r.map(u32::from)
                .unwrap_or_else(|e| u32::from(e.unpaired_surrogate()))
        })
        .collect();
    let lossless = utf8lens::encode_utf8b(&utf8b) == bytes;
    rows.push(Row {
        id: "utf8b",
        name: "UTF-8B (surrogateescape)",
        about: if lossless {
            "Python's surrogateescape: each malformed byte becomes U+DC80–U+DCFF, and encoding gives the exact bytes back"
        } else {
            "Python's surrogateescape: each malformed byte becomes U+DC80–U+DCFF"
        },
        result: Ok(code_points_html(&escaped)),
        replacements: None,
    });
    rows.push(text_row(
        "latin1",
        "Latin-1 fallback",
        "each malformed byte read as ISO-8859-1, the code point with the byte's value",
        utf8lens::decode_with(bytes, Replacement::Latin1).into_owned(),
    ));
    rows.push(text_row(
        "windows-1252",
        "windows-1252 fallback",
        "each malformed byte read as windows-1252, as browsers read pages that are not UTF-8",
        utf8lens::decode_with(bytes, Replacement::Windows1252).into_owned(),
    ));
    for variant in Variant::ALL {
        let (name, about) = match variant {
            Variant::Cesu8 => (
                "CESU-8",
                "supplementary characters as two 3-byte surrogates; no 4-byte sequences",
            ),
            Variant::Mutf8 => (
                "Modified UTF-8",
                "Java: CESU-8 with U+0000 as C0 80 and lone surrogates allowed",
            ),
            Variant::Wtf8 => (
                "WTF-8",
                "UTF-8 plus lone surrogates, for ill-formed UTF-16 such as JavaScript strings",
            ),
            Variant::Rfc2279 => (
                "RFC 2279",
                "the original UTF-8: up to 6 bytes, values to 0x7FFFFFFF, surrogates allowed",
            ),
        };
        rows.push(Row {
            id: variant.name(),
            name,
            about,
            result: match utf8lens::variants::decode(bytes, variant) {
                Ok(cps) => Ok(code_points_html(&cps)),
                Err(e) => Err(format!("Error: {e}.")),
            },
            replacements: None,
        });
    }

    html! {
        <div class="decoders">
            if all.len() > LIMIT {
                <p class="note">{ format!("The first {} of {} are decoded.", format::size(LIMIT), format::size(all.len())) }</p>
            }
            <table class="decoder-table">
                <thead>
                    <tr><th scope="col">{ "Decoder" }</th><th scope="col">{ "Reads" }</th></tr>
                </thead>
                <tbody>
                    { for rows.into_iter().map(|row| {
                        let ok = row.result.is_ok();
                        html! {
                            <tr class={classes!("decoder", (!ok).then_some("decoder-failed"))}
                                data-decoder={row.id}
                                data-ok={ok.to_string()}
                                data-replacements={row.replacements.map(|n| n.to_string())}>
                                <th scope="row">
                                    <span class="decoder-name">{ row.name }</span>
                                    <span class="decoder-about">{ row.about }</span>
                                </th>
                                <td>
                                    {
                                        match row.result {
                                            Ok(output) => html! { <span class="decoder-output">{ output }</span> },
                                            Err(message) => html! { <span class="decoder-error">{ message }</span> },
                                        }
                                    }
                                    if let Some(n) = row.replacements {
                                        <span class="decoder-count">{ format!(" ({} U+FFFD)", format::count(n)) }</span>
                                    }
                                </td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
        </div>
    }
}
