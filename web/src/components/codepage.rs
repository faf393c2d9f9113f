//! The codepage table: all 256 byte values in a 16×16 grid, coloured by the class the codec gives
//! each ([`utf8lens::classify`]). Lead bytes name the range and Unicode block they start; the
//! restricted leads (E0, ED, F0, F4) and the never-valid bytes (C0, C1, F5–FF) are explained.
//! Selecting a byte shows which bytes can follow it, in the grid and in words.
//!
//! Keyboard: one tab stop; arrow keys move through the grid, Home/End along a row.

use utf8lens::{classify, ByteClass, ErrorKind, LeadByte};
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::prelude::*;

use crate::hooks::use_inspector;
use crate::state::Action;

/// The class name used for colour and for `data-class`.
fn class_name(class: ByteClass) -> &'static str {
    match class {
        ByteClass::Ascii => "ascii",
        ByteClass::Continuation => "continuation",
        ByteClass::Lead(_) => "lead",
        ByteClass::NeverValid(_) => "never-valid",
    }
}

/// Whether a lead restricts its second byte (the codec's range is narrower than 80–BF).
fn restricted(lead: LeadByte) -> bool {
    lead.second_byte_range() != (0x80..=0xBF)
}

/// The bytes that may follow `byte` in well-formed UTF-8.
fn followers(byte: u8) -> Vec<u8> {
    match classify(byte) {
        ByteClass::Lead(lead) => lead.second_byte_range().collect(),
        // After a whole character anything that starts one may follow.
        ByteClass::Ascii => (0..=255u8)
            .filter(|&b| matches!(classify(b), ByteClass::Ascii | ByteClass::Lead(_)))
            .collect(),
        // After a continuation byte: another continuation byte (if the sequence is not complete)
        // or the start of the next character.
        ByteClass::Continuation => (0..=255u8)
            .filter(|&b| !matches!(classify(b), ByteClass::NeverValid(_)))
            .collect(),
        ByteClass::NeverValid(_) => Vec::new(),
    }
}

#[component]
pub fn Codepage() -> Html {
    let inspector = use_inspector();
    let selected = inspector.codepage_byte;
    let grid = use_node_ref();
    let follows: Vec<u8> = selected.map(followers).unwrap_or_default();

    let select = {
        let inspector = inspector.clone();
        move |byte: u8| inspector.dispatch(Action::SelectCodepageByte(Some(byte)))
    };
    let on_click = {
        let select = select.clone();
        Callback::from(move |e: MouseEvent| {
            let byte = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|t| t.closest("[data-byte]").ok().flatten())
                .and_then(|c| c.get_attribute("data-byte"))
                .and_then(|b| u8::from_str_radix(&b, 16).ok());
            if let Some(byte) = byte {
                select(byte);
            }
        })
    };
    let on_key = {
        let grid = grid.clone();
        Callback::from(move |e: KeyboardEvent| {
            let current = selected.unwrap_or(0);
            let target = match e.key().as_str() {
                "ArrowRight" => current.checked_add(1),
                "ArrowLeft" => current.checked_sub(1),
                "ArrowDown" => current.checked_add(16),
                "ArrowUp" => current.checked_sub(16),
                "Home" => Some(current & 0xF0),
                "End" => Some(current | 0x0F),
                _ => return,
            };
            e.prevent_default();
            if let Some(byte) = target {
                select(byte);
                if let Some(cell) = grid
                    .cast::<HtmlElement>()
                    .and_then(|g| {
                        g.query_selector(&format!("[data-byte=\"{byte:02X}\"]"))
                            .ok()
                            .flatten()
                    })
                    .and_then(|c| c.dyn_into::<HtmlElement>().ok())
                {
                    let _ = cell.focus();
                }
            }
        })
    };

    let tab_stop = selected.unwrap_or(0);
    let header = html! {
        <tr>
            <th scope="col"><span class="visually-hidden">{ "high digit" }</span></th>
            { for (0..16).map(|lo| html! { <th scope="col">{ format!("_{lo:X}") }</th> }) }
        </tr>
    };
    let rows = (0..16u8).map(|hi| {
        let cells = (0..16u8).map(|lo| {
            let byte = hi * 16 + lo;
            let class = classify(byte);
            let (tag, title) = short_label(byte, class);
            let is_selected = selected == Some(byte);
            let can_follow = selected.is_some() && follows.contains(&byte);
            html! {
                <td role="gridcell"
                    class={classes!(
                        "cp-cell",
                        format!("class-{}", class_name(class)),
                        matches!(class, ByteClass::Lead(l) if restricted(l)).then_some("restricted"),
                        is_selected.then_some("cp-selected"),
                        can_follow.then_some("cp-follows"),
                    )}
                    tabindex={if byte == tab_stop { "0" } else { "-1" }}
                    aria-selected={is_selected.to_string()}
                    aria-label={if tag.is_empty() { format!("{byte:02X}: {title}") } else { format!("{byte:02X} {tag}: {title}") }}
                    title={format!("{byte:02X}: {title}")}
                    data-byte={format!("{byte:02X}")}
                    data-class={class_name(class)}
                    data-follows={can_follow.then_some("true")}>
                    <span class="cp-hex" aria-hidden="true">{ format!("{byte:02X}") }</span>{ " " }
                    <span class="cp-tag" aria-hidden="true">{ tag }</span>
                </td>
            }
        });
        html! {
            <tr role="row">
                <th scope="row" role="rowheader">{ format!("{hi:X}_") }</th>
                { for cells }
            </tr>
        }
    });

    html! {
        <div class="codepage">
            <ul class="cp-legend" aria-label="Classes">
                <li class="class-ascii"><span class="swatch" aria-hidden="true"></span>{ "ASCII 00–7F: a whole character" }</li>
                <li class="class-continuation"><span class="swatch" aria-hidden="true"></span>{ "continuation 80–BF: never first" }</li>
                <li class="class-lead"><span class="swatch" aria-hidden="true"></span>{ "lead C2–F4: 2B, 3B, 4B; ! = restricted second byte" }</li>
                <li class="class-never-valid"><span class="swatch" aria-hidden="true"></span>{ "never valid: C0, C1, F5–FF (×)" }</li>
            </ul>
            <div class="cp-layout">
                <div class="cp-scroll">
                <table class="cp-grid" role="grid" aria-label="All 256 byte values" ref={grid} onclick={on_click} onkeydown={on_key}>
                    <thead>{ header }</thead>
                    <tbody>{ for rows }</tbody>
                </table>
                </div>
                <div class="cp-detail" aria-live="polite">
                    {
                        match selected {
                            Some(byte) => detail(byte, &follows),
                            None => html! { <p class="empty">{ "Select a byte to see what it is and what can follow it." }</p> },
                        }
                    }
                </div>
            </div>
        </div>
    }
}

/// The tag under the hex digits, and a title for screen readers.
fn short_label(byte: u8, class: ByteClass) -> (String, String) {
    match class {
        ByteClass::Ascii => {
            let ch = char::from(byte);
            let tag = if ch.is_ascii_graphic() {
                ch.to_string()
            } else {
                crate::visible::label(ch).unwrap_or_default()
            };
            (tag, "ASCII".to_owned())
        }
        ByteClass::Continuation => ("cont".to_owned(), "continuation byte".to_owned()),
        ByteClass::Lead(lead) => {
            let n = lead.sequence_len();
            let mark = if restricted(lead) { "!" } else { "" };
            (
                format!("{n}B{mark}"),
                format!(
                    "lead of {n} bytes, U+{:04X}–U+{:04X}: {}",
                    lead.first_code_point(),
                    lead.last_code_point(),
                    crate::lead_ranges::notable(lead)
                ),
            )
        }
        ByteClass::NeverValid(why) => ("×".to_owned(), format!("never valid: {}", why.reason())),
    }
}

/// The byte in words.
fn detail(byte: u8, follows: &[u8]) -> Html {
    let class = classify(byte);
    let follow_text = describe_ranges(follows);
    let body = match class {
        ByteClass::Ascii => html! {
            <>
                <p>{ format!("An ASCII byte: on its own it is the whole character U+{byte:04X} ") }
                   <span class="glyph">{ crate::visible::glyph(char::from(byte)) }</span>
                   { ". Its top bit is 0 (template 0xxxxxxx)." }</p>
                <p>{ format!("Next may come the start of any character: {follow_text}.") }</p>
            </>
        },
        ByteClass::Continuation => html! {
            <>
                <p>{ "A continuation byte, 10xxxxxx: it carries six bits of a multi-byte character and can never start one. A decoder that meets it first reports an unexpected continuation byte." }</p>
                <p>{ format!("Next may come another continuation byte, if the character is not complete, or the start of the next character: {follow_text}.") }</p>
            </>
        },
        ByteClass::Lead(lead) => {
            let n = lead.sequence_len();
            let range = lead.second_byte_range();
            let excluded = restriction(lead);
            html! {
                <>
                    <p>{ format!(
                        "A lead byte of a {n}-byte sequence. It starts the code points U+{:04X} to U+{:04X}: {}.",
                        lead.first_code_point(), lead.last_code_point(), crate::lead_ranges::notable(lead)
                    ) }</p>
                    <p>{ format!("Next must come {:02X}–{:02X}{}.", range.start(), range.end(),
                        if n > 2 { format!(", then {} more continuation byte{} (80–BF)", n - 2, if n == 3 { "" } else { "s" }) } else { String::new() }) }</p>
                    if let Some(text) = excluded {
                        <p class="restricted-note"><strong>{ "Restricted. " }</strong>{ text }</p>
                    }
                </>
            }
        }
        ByteClass::NeverValid(why) => html! {
            <>
                <p>{ format!("Never valid: {}.", why.reason()) }</p>
                <p>{ "Nothing can follow it in UTF-8: a decoder replaces it with U+FFFD at once." }</p>
            </>
        },
    };
    let link = format!("#hex={byte:02x}&view=errors");
    html! {
        <div class="cp-detail-body" data-byte={format!("{byte:02X}")}>
            <h3>{ format!("Byte {byte:02X}") }<span class="cp-detail-bits mono">{ format!(" {byte:08b} · {byte} · {byte:03o}") }</span></h3>
            { body }
            <p><a href={link}>{ "Try this byte on its own" }</a></p>
        </div>
    }
}

/// Why a restricted lead excludes part of 80–BF, as the codec classifies the excluded bytes.
fn restriction(lead: LeadByte) -> Option<String> {
    if !restricted(lead) {
        return None;
    }
    let allowed = lead.second_byte_range();
    let excluded: Vec<u8> = (0x80..=0xBFu8).filter(|b| !allowed.contains(b)).collect();
    let (first, last) = (*excluded.first()?, *excluded.last()?);
    // Ask the codec what the excluded pair would be: overlong, surrogate or too large.
    let probe = [lead.byte(), first, 0x80, 0x80];
    let error = utf8lens::errors(&probe).next()?;
    let meaning = match error.kind() {
        ErrorKind::Overlong => {
            "they would spell a code point that fits in fewer bytes (an overlong form)"
        }
        ErrorKind::Surrogate => {
            "they would spell the UTF-16 surrogates U+D800 to U+DFFF, which are not characters"
        }
        ErrorKind::TooLarge => "they would spell values above U+10FFFF, the last code point",
        _ => "they are not allowed there",
    };
    Some(format!(
        "{:02X} may not be followed by {first:02X}–{last:02X}: {meaning}.",
        lead.byte()
    ))
}

/// "00–7F, C2–F4".
fn describe_ranges(bytes: &[u8]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while let Some(&start) = bytes.get(i) {
        let mut end = start;
        while bytes
            .get(i + 1)
            .is_some_and(|&b| Some(b) == end.checked_add(1))
        {
            i += 1;
            end = bytes[i];
        }
        out.push(if start == end {
            format!("{start:02X}")
        } else {
            format!("{start:02X}–{end:02X}")
        });
        i += 1;
    }
    out.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_follows_the_restricted_leads() {
        assert_eq!(describe_ranges(&followers(0xE0)), "A0–BF");
        assert_eq!(describe_ranges(&followers(0xED)), "80–9F");
        assert_eq!(describe_ranges(&followers(0xF0)), "90–BF");
        assert_eq!(describe_ranges(&followers(0xF4)), "80–8F");
        assert_eq!(describe_ranges(&followers(0xC3)), "80–BF");
        assert_eq!(describe_ranges(&followers(b'A')), "00–7F, C2–F4");
        assert!(followers(0xC0).is_empty());
    }

    #[test]
    fn restrictions_are_explained_by_the_codec_kinds() {
        let text = |b| LeadByte::new(b).and_then(restriction).unwrap_or_default();
        assert!(text(0xE0).contains("80–9F") && text(0xE0).contains("overlong"));
        assert!(text(0xED).contains("A0–BF") && text(0xED).contains("surrogates"));
        assert!(text(0xF0).contains("80–8F") && text(0xF0).contains("overlong"));
        assert!(text(0xF4).contains("90–BF") && text(0xF4).contains("U+10FFFF"));
        assert_eq!(LeadByte::new(0xC3).and_then(restriction), None);
    }
}
