//! Showing text so that nothing in it hides: characters without a glyph (controls, bidirectional
//! controls, zero-width characters, tags) become labelled badges, and U+FFFD is marked.
//!
//! Everything is rendered as text nodes, never as markup.

use yew::prelude::*;

/// The ASCII abbreviations of the C0 controls (the Control Pictures block would be prettier,
/// but many fonts lack it).
#[rustfmt::skip]
const C0_NAMES: [&str; 32] = [
    "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "TAB", "LF", "VT", "FF", "CR", "SO", "SI",
    "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US",
];

/// A short visible label for a character that shows nothing (or misleads) on its own.
pub fn label(ch: char) -> Option<String> {
    let cp = u32::from(ch);
    let name = match cp {
        0x09 => "TAB",
        0x0A => "LF",
        0x0D => "CR",
        0x20 => return None,
        0x00..=0x1F => return C0_NAMES.get(cp as usize).map(|n| (*n).to_owned()),
        0x7F => "DEL",
        0x80..=0x9F => return Some(format!("U+{cp:04X}")),
        0xA0 => "NBSP",
        0xAD => "SHY",
        0x061C => "ALM",
        0x180E => "MVS",
        0x200B => "ZWSP",
        0x200C => "ZWNJ",
        0x200D => "ZWJ",
        0x200E => "LRM",
        0x200F => "RLM",
        0x2028 => "LSEP",
        0x2029 => "PSEP",
        0x202A => "LRE",
        0x202B => "RLE",
        0x202C => "PDF",
        0x202D => "LRO",
        0x202E => "RLO",
        0x2060 => "WJ",
        0x2061..=0x2064 | 0x206A..=0x206F => return Some(format!("U+{cp:04X}")),
        0x2066 => "LRI",
        0x2067 => "RLI",
        0x2068 => "FSI",
        0x2069 => "PDI",
        0xFE00..=0xFE0F => return Some(format!("VS{}", cp - 0xFE00 + 1)),
        0xFEFF => "BOM",
        0xE0000..=0xE007F => return Some(format!("TAG U+{cp:04X}")),
        0xE0100..=0xE01EF => return Some(format!("VS{}", cp - 0xE0100 + 17)),
        0xFDD0..=0xFDEF => return Some(format!("U+{cp:04X}")),
        _ if cp & 0xFFFE == 0xFFFE => return Some(format!("U+{cp:04X}")),
        _ => return None,
    };
    Some(name.to_owned())
}

/// How a character is shown on its own (above its bytes, in a table cell): itself, its
/// [`label`] if it shows nothing, and `␣` for the space.
pub fn glyph(ch: char) -> String {
    match ch {
        ' ' => "␣".to_owned(),
        _ => match label(ch) {
            Some(label) => label,
            None => ch.to_string(),
        },
    }
}

/// A character quoted in a sentence: `'€'`, or its name when quoting would show nothing, as for
/// the byte order mark: `BOM (U+FEFF)`, `␣ (U+0020)`.
pub fn quoted(ch: char) -> String {
    match ch {
        ' ' => "␣ (U+0020 SPACE)".to_owned(),
        _ => match label(ch) {
            Some(label) => format!("{label} (U+{:04X})", u32::from(ch)),
            None => format!("'{ch}'"),
        },
    }
}

/// The badge for one hidden character.
pub fn badge(ch: char) -> Html {
    match label(ch) {
        Some(text) => html! {
            <span class="hidden-char" title={format!("U+{:04X}", u32::from(ch))}>{ text }</span>
        },
        None => html! { { ch.to_string() } },
    }
}

#[derive(Properties, PartialEq)]
pub struct Props {
    pub text: AttrValue,
    /// Show each space as a `␣` badge too: for short pieces of text (a streamed chunk's output)
    /// where a blank would look like nothing at all.
    #[prop_or_default]
    pub spaces: bool,
}

/// Text with its hidden characters as badges and each U+FFFD marked.
#[component]
pub fn VisibleText(props: &Props) -> Html {
    let mut pieces: Vec<Html> = Vec::new();
    let mut run = String::new();
    for ch in props.text.chars() {
        let special = ch == '\u{FFFD}' || label(ch).is_some() || (props.spaces && ch == ' ');
        if !special {
            run.push(ch);
            continue;
        }
        if !run.is_empty() {
            pieces.push(html! { { std::mem::take(&mut run) } });
        }
        if ch == '\u{FFFD}' {
            pieces.push(html! { <span class="replacement" title="U+FFFD REPLACEMENT CHARACTER">{ "\u{FFFD}" }</span> });
        } else if ch == ' ' {
            pieces.push(html! { <span class="hidden-char" title="U+0020 SPACE">{ "␣" }</span> });
        } else {
            pieces.push(badge(ch));
        }
        // A line break still breaks the line after its badge.
        if matches!(ch, '\n' | '\u{2028}' | '\u{2029}' | '\u{85}') {
            run.push('\n');
        }
    }
    if !run.is_empty() {
        pieces.push(html! { { run } });
    }
    html! { <span class="visible-text">{ for pieces }</span> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        assert_eq!(label('a'), None);
        assert_eq!(label(' '), None);
        assert_eq!(label('\u{0}').as_deref(), Some("NUL"));
        assert_eq!(label('\u{1B}').as_deref(), Some("ESC"));
        assert_eq!(label('\t').as_deref(), Some("TAB"));
        assert_eq!(label('\u{202E}').as_deref(), Some("RLO"));
        assert_eq!(label('\u{FE0F}').as_deref(), Some("VS16"));
        assert_eq!(label('\u{FFFF}').as_deref(), Some("U+FFFF"));
        assert_eq!(label('\u{10FFFE}').as_deref(), Some("U+10FFFE"));
        assert_eq!(label('€'), None);
    }

    #[test]
    fn glyphs() {
        assert_eq!(glyph('€'), "€");
        assert_eq!(glyph(' '), "␣");
        assert_eq!(glyph('\u{200B}'), "ZWSP");
        assert_eq!(glyph('\u{0}'), "NUL");
    }

    #[test]
    fn quotes_never_show_nothing() {
        assert_eq!(quoted('€'), "'€'");
        assert_eq!(quoted('\u{FEFF}'), "BOM (U+FEFF)");
        assert_eq!(quoted(' '), "␣ (U+0020 SPACE)");
    }
}
