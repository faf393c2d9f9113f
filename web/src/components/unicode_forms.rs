//! UTF-8 beside UTF-16 and UTF-32 (`view=forms`): the same text in every Unicode encoding form,
//! with the total size of each, surrogate pairs explained bit by bit, and CESU-8 and Modified
//! UTF-8 (UTF-8 applied to UTF-16's surrogates) to show where those come from.
//!
//! Every byte shown is the codec's: [`UnicodeEncoding::encode`] for the five forms and
//! [`variants::encode`] for the two relatives. The view only lays them out.

use utf8lens::variants::{self, Variant};
use utf8lens::UnicodeEncoding;
use yew::prelude::*;

use crate::format;
use crate::hooks::use_inspector;

/// The forms draw at most this many bytes of the input's UTF-8 (a whole number of characters);
/// the totals are for the whole input.
pub const DRAW_LIMIT: usize = 4096;

/// At most this many astral characters get a surrogate-pair walk-through.
const PAIR_LIMIT: usize = 3;

/// The five forms of the DOM contract, in the order shown, with what each is.
const FORMS: [(UnicodeEncoding, &str, &str); 5] = [
    (
        UnicodeEncoding::Utf8,
        "UTF-8",
        "1 to 4 bytes per character; ASCII stays one byte",
    ),
    (
        UnicodeEncoding::Utf16Le,
        "UTF-16LE",
        "2 bytes per character below U+10000, 4 (a surrogate pair) above; low byte first (Windows, JavaScript engines in memory)",
    ),
    (
        UnicodeEncoding::Utf16Be,
        "UTF-16BE",
        "the same code units, high byte first",
    ),
    (
        UnicodeEncoding::Utf32Le,
        "UTF-32LE",
        "always 4 bytes: the code point itself, low byte first",
    ),
    (
        UnicodeEncoding::Utf32Be,
        "UTF-32BE",
        "the code point itself, high byte first",
    ),
];

/// The longest prefix of `text` of at most `limit` bytes that ends on a character boundary.
pub fn prefix(text: &str, limit: usize) -> &str {
    let mut end = limit.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or_default()
}

/// Bytes as lowercase hex, no separators (the `data-bytes` attribute).
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The total size of `text` in `encoding`, counted without building the whole output.
pub fn total_size(text: &str, encoding: UnicodeEncoding) -> usize {
    match encoding {
        UnicodeEncoding::Utf16Le | UnicodeEncoding::Utf16Be | UnicodeEncoding::Utf16 => {
            2 * text.encode_utf16().count()
        }
        UnicodeEncoding::Utf32Le | UnicodeEncoding::Utf32Be | UnicodeEncoding::Utf32 => {
            4 * text.chars().count()
        }
        UnicodeEncoding::Utf8 => text.len(),
    }
}

/// The size of `text` in a variant, encoded by the codec a slice of code points at a time so that
/// a 50 MiB input never needs its code points all at once. (CESU-8 and Modified UTF-8 encode each
/// code point on its own, so slicing changes nothing.)
pub fn variant_size(text: &str, variant: Variant) -> Result<usize, variants::VariantError> {
    let mut total = 0;
    let mut slice: Vec<u32> = Vec::with_capacity(4096);
    let mut chars = text.chars().peekable();
    while chars.peek().is_some() {
        slice.clear();
        slice.extend(chars.by_ref().take(4096).map(u32::from));
        total += variants::encode(&slice, variant)?.len();
    }
    Ok(total)
}

#[component]
pub fn UnicodeForms() -> Html {
    let inspector = use_inspector();
    let text = use_memo(inspector.bytes.clone(), |bytes| {
        (
            utf8lens::decode_lossy(bytes).into_owned(),
            utf8lens::validate(bytes).is_ok(),
        )
    });
    let (text, valid) = (&text.0, text.1);
    let drawn = prefix(text, DRAW_LIMIT);
    let capped = drawn.len() < text.len();
    let code_points: Vec<u32> = drawn.chars().map(u32::from).collect();

    let form_rows = FORMS.iter().map(|&(encoding, label, about)| {
        let bytes = encoding.encode(drawn);
        let total = total_size(text, encoding);
        html! {
            <ByteForm id={encoding.name()} label={label} about={about} total={total}
                      bytes={bytes} text={AttrValue::from(drawn.to_owned())} encoding={Some(encoding)} />
        }
    });
    let relatives = [
        (
            Variant::Cesu8,
            "CESU-8",
            "UTF-8 applied to UTF-16 code units: a character above U+FFFF becomes its two surrogates, each written as a 3-byte sequence (6 bytes). Oracle databases and some Java serialisations",
        ),
        (
            Variant::Mutf8,
            "Modified UTF-8",
            "CESU-8, and U+0000 written C0 80 so that no 00 byte appears: Java's DataOutput.writeUTF, JNI and class files",
        ),
    ]
    .into_iter()
    .map(|(variant, label, about)| match variants::encode(&code_points, variant) {
        Ok(bytes) => {
            let total = if capped {
                variant_size(text, variant).unwrap_or(bytes.len())
            } else {
                bytes.len()
            };
            html! {
                <ByteForm id={variant.name()} label={label} about={about} total={total}
                          bytes={bytes} text={AttrValue::from(drawn.to_owned())} encoding={None::<UnicodeEncoding>} />
            }
        }
        Err(e) => html! { <p class="note">{ format!("{label}: {e}") }</p> },
    });

    let astral: Vec<char> = {
        let mut seen: Vec<char> = Vec::new();
        for c in drawn.chars().filter(|c| u32::from(*c) > 0xFFFF) {
            if !seen.contains(&c) {
                seen.push(c);
            }
            if seen.len() == PAIR_LIMIT {
                break;
            }
        }
        seen
    };
    let own = !astral.is_empty();
    let pairs = if own { astral } else { vec!['😀'] };

    let utf8 = text.len();
    let utf16 = total_size(text, UnicodeEncoding::Utf16Le);
    let comparison = if utf8 == 0 {
        String::new()
    } else if utf8 < utf16 {
        format!(
            "UTF-8 is the smallest here: {} against UTF-16's {}. ASCII-heavy text (markup, code, most European languages) is why.",
            format::size(utf8),
            format::size(utf16)
        )
    } else if utf8 > utf16 {
        format!(
            "UTF-16 is smaller here: {} against UTF-8's {}. Characters U+0800–U+FFFF (most Asian scripts) take 3 bytes in UTF-8 and 2 in UTF-16.",
            format::size(utf16),
            format::size(utf8)
        )
    } else {
        format!(
            "UTF-8 and UTF-16 are the same size here: {}.",
            format::size(utf8)
        )
    };

    html! {
        <div class="unicode-forms">
            <p class="view-intro">
                { "The same text in each Unicode encoding form. The code points are the same; only how they become bytes differs." }
            </p>
            if !valid {
                <p class="note warning" role="note">
                    { "The input is not valid UTF-8: shown is the text a decoder reads, with U+FFFD for each malformed sequence." }
                </p>
            }
            <p class="forms-comparison" data-utf8-size={utf8.to_string()} data-utf16-size={utf16.to_string()}>{ comparison }</p>
            if capped {
                <p class="note" role="note">
                    { format!("The bytes drawn are those of the first {} of the text ({} characters); the totals are for all of it.",
                        format::size(drawn.len()), format::count(drawn.chars().count())) }
                </p>
            }
            <section aria-labelledby="forms-encodings-heading">
                <h3 id="forms-encodings-heading">{ "Encoding forms" }</h3>
                <div class="form-list">{ for form_rows }</div>
            </section>
            <section aria-labelledby="surrogates-heading">
                <h3 id="surrogates-heading">{ "Surrogate pairs, bit by bit" }</h3>
                if !own {
                    <p class="note">{ "Your text has no character above U+FFFF, so here is 😀 U+1F600. Type an emoji to see your own." }</p>
                }
                { for pairs.into_iter().map(|c| html! { <SurrogatePair ch={c} /> }) }
            </section>
            <section aria-labelledby="relatives-heading">
                <h3 id="relatives-heading">{ "Relatives: CESU-8 and Modified UTF-8" }</h3>
                <p class="step-text">{ "Both come from systems that were built on UTF-16 and encoded its code units, not the code points, with UTF-8's patterns. They differ from UTF-8 only above U+FFFF (and Modified UTF-8 at U+0000)." }</p>
                <div class="form-list">{ for relatives }</div>
            </section>
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct ByteFormProps {
    id: &'static str,
    label: &'static str,
    about: &'static str,
    total: usize,
    bytes: Vec<u8>,
    text: AttrValue,
    /// For the five forms: how many bytes each character takes (to group them). `None` for the
    /// variants, which are drawn as one run.
    encoding: Option<UnicodeEncoding>,
}

/// One form: its name, total size, and its bytes grouped by character.
#[component]
fn ByteForm(props: &ByteFormProps) -> Html {
    let mut groups: Vec<(String, &[u8])> = Vec::new();
    let mut rest: &[u8] = &props.bytes;
    match props.encoding {
        Some(encoding) => {
            for g in props.text.chars() {
                let n = encoding.encode(g.encode_utf8(&mut [0; 4])).len();
                let (head, tail) = rest.split_at(n.min(rest.len()));
                groups.push((format!("U+{:04X}", u32::from(g)), head));
                rest = tail;
            }
        }
        None => groups.push((String::new(), rest)),
    }
    let heading = format!("{}-heading", props.id);
    html! {
        <div class="byte-form" data-form={props.id} data-bytes={hex(&props.bytes)}
             data-total={props.total.to_string()} role="group" aria-labelledby={heading.clone()}>
            <div class="byte-form-head">
                <span class="byte-form-name" id={heading}>{ props.label }</span>
                <span class="byte-form-total">{ format::size(props.total) }</span>
            </div>
            <p class="form-note">{ props.about }</p>
            <p class="byte-form-bytes mono">
                { for groups.into_iter().filter(|(_, b)| !b.is_empty()).map(|(cp, b)| html! {
                    <span class="byte-group" title={cp.clone()}>
                        if !cp.is_empty() { <span class="visually-hidden">{ format!("{cp}: ") }</span> }
                        { spaced(b) }
                    </span>
                }) }
            </p>
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct PairProps {
    ch: char,
}

/// One supplementary character's way into UTF-16: subtract 0x10000, split the 20 bits in two
/// halves of ten, add D800 to the high half and DC00 to the low half. The units shown at the end
/// are the codec's UTF-16BE bytes, so the arithmetic is checked against the encoder.
#[component]
fn SurrogatePair(props: &PairProps) -> Html {
    let cp = u32::from(props.ch);
    let v = cp.wrapping_sub(0x10000);
    let high_bits = v >> 10;
    let low_bits = v & 0x3FF;
    let be = UnicodeEncoding::Utf16Be.encode(props.ch.encode_utf8(&mut [0; 4]));
    let units: Vec<u16> = be
        .chunks(2)
        .map(|p| {
            u16::from_be_bytes([
                p.first().copied().unwrap_or(0),
                p.get(1).copied().unwrap_or(0),
            ])
        })
        .collect();
    let (high, low) = (
        units.first().copied().unwrap_or(0),
        units.get(1).copied().unwrap_or(0),
    );
    let le = UnicodeEncoding::Utf16Le.encode(props.ch.encode_utf8(&mut [0; 4]));
    let cesu = variants::encode(&[cp], Variant::Cesu8).unwrap_or_default();
    let b20 = format!("{v:020b}");
    let (hb, lb) = b20.split_at(10);
    html! {
        <ol class="surrogate-steps" data-code-point={format!("{cp:X}")}
            data-high={format!("{high:04X}")} data-low={format!("{low:04X}")}
            aria-label={format!("{} U+{cp:04X} as a surrogate pair", props.ch)}>
            <li>
                <span class="step-label">{ format!("{} U+{cp:04X} is above U+FFFF: one 16-bit unit cannot hold it.", props.ch) }</span>
            </li>
            <li>
                { "Subtract 0x10000: " }
                <span class="mono">{ format!("0x{cp:X} − 0x10000 = 0x{v:05X}") }</span>
                { ", which fits in 20 bits: " }
                <span class="mono"><span class="bits-high">{ hb }</span>{ " " }<span class="bits-low">{ lb }</span></span>
            </li>
            <li>
                { "High ten bits " }
                <span class="mono bits-high">{ hb }</span>
                { format!(" = 0x{high_bits:03X}; + 0xD800 = ") }
                <strong class="mono">{ format!("0x{high:04X}") }</strong>
                { " (the high, or lead, surrogate: D800–DBFF)" }
            </li>
            <li>
                { "Low ten bits " }
                <span class="mono bits-low">{ lb }</span>
                { format!(" = 0x{low_bits:03X}; + 0xDC00 = ") }
                <strong class="mono">{ format!("0x{low:04X}") }</strong>
                { " (the low, or trail, surrogate: DC00–DFFF)" }
            </li>
            <li>
                { "As bytes: UTF-16BE " }<span class="mono">{ spaced(&be) }</span>
                { ", UTF-16LE " }<span class="mono">{ spaced(&le) }</span>
                { ". UTF-8 writes the code point itself in 4 bytes: " }
                <span class="mono">{ spaced(props.ch.encode_utf8(&mut [0; 4]).as_bytes()) }</span>
                { "; CESU-8 writes each surrogate as a 3-byte sequence: " }
                <span class="mono">{ spaced(&cesu) }</span>
                { ". A decoder reverses it: (high − D800) × 400 + (low − DC00) + 10000." }
            </li>
        </ol>
    }
}

/// Bytes as the notation field writes them: `E2 82 AC`.
pub fn spaced(bytes: &[u8]) -> String {
    crate::notation::Notation::Hex.format(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_ends_on_a_character_boundary() {
        assert_eq!(prefix("a€b", 2), "a");
        assert_eq!(prefix("a€b", 4), "a€");
        assert_eq!(prefix("a€b", 100), "a€b");
    }

    #[test]
    fn totals_match_the_codecs_bytes() {
        for text in ["", "A", "Añ€😀", "日本語", "👨‍👩‍👧‍👦"] {
            for (encoding, _, _) in FORMS {
                assert_eq!(
                    total_size(text, encoding),
                    encoding.encode(text).len(),
                    "{text} {encoding:?}"
                );
            }
        }
        // std as the oracle for UTF-16.
        assert_eq!(
            total_size("😀", UnicodeEncoding::Utf16Le),
            2 * "😀".encode_utf16().count()
        );
    }

    #[test]
    fn variant_sizes_in_slices_match_one_encode() {
        let text = "a😀\0€".repeat(3000);
        let cps: Vec<u32> = text.chars().map(u32::from).collect();
        for variant in [Variant::Cesu8, Variant::Mutf8] {
            let whole = variants::encode(&cps, variant).map(|b| b.len());
            assert_eq!(variant_size(&text, variant).ok(), whole.ok());
        }
    }

    #[test]
    fn hex_is_lowercase_and_unseparated() {
        assert_eq!(hex(&[0xE2, 0x82, 0xAC]), "e282ac");
        assert_eq!(spaced(&[0xD8, 0x3D]), "D8 3D");
    }
}
