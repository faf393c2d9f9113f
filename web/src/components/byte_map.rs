//! The byte map: every byte as a cell (offset, hex, binary, role), grouped into the
//! characters or malformed sequences the codec finds.

use std::ops::Range;
use std::rc::Rc;

use utf8lens::{ByteRole, Segment};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    /// The bytes under the lens.
    pub bytes: Rc<[u8]>,
}

#[component]
pub fn ByteMap(props: &Props) -> Html {
    let bytes: &[u8] = &props.bytes;
    let roles = utf8lens::byte_roles(bytes);
    let groups = utf8lens::segments(bytes).map(|segment| {
        let range = segment.range();
        let cells = cells(bytes, &roles, range.clone());
        let offset = range.start.to_string();
        let len = range.len().to_string();
        match segment {
            Segment::Char { ch, .. } => html! {
                <li class="segment segment-char" data-offset={offset} data-len={len}>
                    <p class="segment-head">
                        <span class="code-point">{ format!("U+{:04X}", u32::from(ch)) }</span>
                        <span class="glyph">{ glyph(ch) }</span>
                    </p>
                    { cells }
                </li>
            },
            Segment::Malformed(malformed) => html! {
                <li class="segment segment-malformed"
                    data-offset={offset}
                    data-len={len}
                    data-kind={malformed.kind().as_str()}>
                    <p class="segment-head">
                        <span class="code-point">{ "U+FFFD" }</span>
                        <span class="segment-kind">{ malformed.kind().as_str() }</span>
                    </p>
                    { cells }
                </li>
            },
        }
    });
    html! {
        <section class="byte-map" aria-labelledby="byte-map-heading">
            <h2 id="byte-map-heading">
                { format!("Bytes ({})", bytes.len()) }
            </h2>
            if bytes.is_empty() {
                <p class="empty">{ "No bytes yet: type some text or hex above." }</p>
            } else {
                <ol class="segments">{ for groups }</ol>
            }
        </section>
    }
}

/// The cells for the bytes in `range`, each with its role in context.
fn cells(bytes: &[u8], roles: &[ByteRole], range: Range<usize>) -> Html {
    let offset = range.start;
    let cells = bytes
        .get(range.clone())
        .unwrap_or_default()
        .iter()
        .zip(roles.get(range).unwrap_or_default())
        .enumerate()
        .map(|(i, (&byte, &role))| cell(offset + i, byte, role));
    html! { <ol class="cells">{ for cells }</ol> }
}

fn cell(offset: usize, byte: u8, role: ByteRole) -> Html {
    let role = role.as_str();
    html! {
        <li class={classes!("cell", format!("role-{role}"))}
            data-offset={offset.to_string()}
            data-role={role}>
            <span class="cell-offset" title="byte offset">{ format!("#{offset}") }</span>
            <span class="cell-hex">{ format!("{byte:02X}") }</span>
            <span class="cell-bin">{ format!("{byte:08b}") }</span>
            <span class="cell-role">{ role }</span>
        </li>
    }
}

/// How a character is shown above its bytes: itself, or a word for the invisible ones.
fn glyph(ch: char) -> String {
    match ch {
        ' ' => "space".to_owned(),
        _ if ch.is_control() => "control".to_owned(),
        _ if ch.is_whitespace() => "whitespace".to_owned(),
        _ => ch.to_string(),
    }
}
