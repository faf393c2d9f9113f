//! The Unicode encodings and the 7-bit ones, which structure alone recognises: byte order marks,
//! UTF-32 and UTF-16 without one, ISO-2022-JP and ISO-2022-KR, ASCII and UTF-8.

use super::{figures, Candidate};

/// The byte order marks, longest first (the UTF-32LE mark begins with the UTF-16LE one).
const BOMS: [(&[u8], &str); 5] = [
    (b"\x00\x00\xFE\xFF", "utf-32be"),
    (b"\xFF\xFE\x00\x00", "utf-32le"),
    (b"\xEF\xBB\xBF", "utf-8"),
    (b"\xFE\xFF", "utf-16be"),
    (b"\xFF\xFE", "utf-16le"),
];

/// The candidate a byte order mark names, if the input starts with one and the rest is valid in
/// that encoding; `Err` with a weaker candidate when the rest is not.
pub(super) fn bom(input: &[u8], truncated: bool) -> Option<Result<Candidate, Candidate>> {
    let (mark, name) = BOMS.iter().find(|(mark, _)| input.starts_with(mark))?;
    let rest = &input[mark.len()..];
    let hex: Vec<String> = mark.iter().map(|b| format!("{b:02X}")).collect();
    let valid = match *name {
        "utf-8" => utf8_errors(rest, truncated, 1) == 0,
        "utf-16le" | "utf-16be" => {
            utf16_units(rest, name.ends_with("le"), truncated, usize::MAX).is_some()
        }
        _ => utf32_valid(rest, name.ends_with("le"), truncated),
    };
    let mut reasons = vec![format!(
        "The input starts with {}, the byte order mark of {}.",
        hex.join(" "),
        name.to_ascii_uppercase()
    )];
    if valid {
        reasons.push(format!(
            "The {} bytes after it are valid {}.",
            rest.len(),
            name.to_ascii_uppercase()
        ));
        Some(Ok(Candidate::new(name, 1.0, None, reasons)))
    } else {
        reasons.push(format!(
            "But the bytes after it are not valid {}.",
            name.to_ascii_uppercase()
        ));
        Some(Err(Candidate::new(name, 0.5, None, reasons)))
    }
}

/// UTF-32 without a byte order mark: every 4-byte unit a scalar value, in one byte order.
pub(super) fn utf32_without_bom(input: &[u8], truncated: bool) -> Option<Candidate> {
    if input.len() < 4 {
        return None;
    }
    for little in [true, false] {
        if utf32_valid(input, little, truncated) {
            let name = if little { "utf-32le" } else { "utf-32be" };
            let units = input.len() / 4;
            let reasons = vec![
                format!(
                    "All {units} four-byte units, read {}, are Unicode scalar values (at most 10FFFF): a pattern of zero bytes that no other encoding produces.",
                    if little { "little-endian" } else { "big-endian" }
                ),
                "There is no byte order mark, so the byte order comes from the units' values.".to_string(),
            ];
            return Some(Candidate::new(name, 0.97, None, reasons));
        }
    }
    None
}

fn utf32_valid(input: &[u8], little: bool, truncated: bool) -> bool {
    if input.len() % 4 != 0 && !truncated {
        return false;
    }
    input.chunks_exact(4).all(|c| {
        let bytes = [c[0], c[1], c[2], c[3]];
        let value = if little {
            u32::from_le_bytes(bytes)
        } else {
            u32::from_be_bytes(bytes)
        };
        char::from_u32(value).is_some()
    })
}

/// What the code units of an input read as UTF-16 in one byte order look like.
struct Units {
    count: usize,
    /// Units 0001..=00FF: ASCII and Latin-1 text has a zero byte in them.
    zero_high: usize,
    /// Units whose low byte is zero and high byte is not (rare in text, frequent in the other
    /// byte order).
    zero_low: usize,
    /// Units in the blocks where text lives (see [`plausible`]), valid surrogate pairs included.
    plausible: usize,
}

/// The units of `input` read as UTF-16, or `None` as soon as the reading cannot be text: a lone
/// surrogate, or more than `max_implausible` units outside [`plausible`]'s blocks. Stopping early
/// answers exactly as the whole walk would (the callers reject any lone surrogate, and more than
/// their share of implausible units), and spares single-byte text most of a walk over 1 MiB.
fn utf16_units(
    input: &[u8],
    little: bool,
    truncated: bool,
    max_implausible: usize,
) -> Option<Units> {
    if input.len() % 2 != 0 && !truncated {
        return None;
    }
    let mut u = Units {
        count: 0,
        zero_high: 0,
        zero_low: 0,
        plausible: 0,
    };
    let units = input.chunks_exact(2).map(|c| {
        if little {
            u16::from_le_bytes([c[0], c[1]])
        } else {
            u16::from_be_bytes([c[0], c[1]])
        }
    });
    let mut pending_high = false;
    for unit in units {
        u.count += 1;
        match unit {
            0xD800..=0xDBFF => {
                if pending_high {
                    return None;
                }
                pending_high = true;
                continue;
            }
            0xDC00..=0xDFFF => {
                if !pending_high {
                    return None;
                }
                u.plausible += 2;
                pending_high = false;
                continue;
            }
            _ => {}
        }
        if pending_high {
            return None;
        }
        if (0x0001..=0x00FF).contains(&unit) {
            u.zero_high += 1;
        } else if unit & 0xFF == 0 && unit != 0 {
            u.zero_low += 1;
        }
        if plausible(unit) {
            u.plausible += 1;
        } else if u.count - u.plausible > max_implausible.saturating_add(1) {
            // A pending high surrogate is the only unit a later one can still make plausible.
            return None;
        }
    }
    if pending_high && !truncated {
        return None;
    }
    Some(u)
}

/// Whether a UTF-16 code unit is in a block where text lives: ASCII's printable characters and
/// line breaks, Latin, Greek, Cyrillic, Hebrew, Arabic, Indic, Thai, Vietnamese, punctuation,
/// kana, CJK ideographs, Hangul and the full-width forms.
fn plausible(unit: u16) -> bool {
    matches!(unit,
        0x0009 | 0x000A | 0x000D
        | 0x0020..=0x007E
        | 0x00A0..=0x024F
        | 0x0300..=0x036F
        | 0x0370..=0x03FF
        | 0x0400..=0x04FF
        | 0x0590..=0x06FF
        | 0x0900..=0x0DFF
        | 0x0E00..=0x0E7F
        | 0x1E00..=0x1EFF
        | 0x2000..=0x206F
        | 0x20A0..=0x20BF
        | 0x3000..=0x30FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xAC00..=0xD7A3
        | 0xFF00..=0xFFEF)
}

/// UTF-16 without a byte order mark. With zero bytes in the input: one byte order whose units are
/// text, many of them ASCII or Latin-1 (a zero high byte). Without any: CJK-looking units only,
/// few spaces and never valid UTF-8 (the caller checks that first).
pub(super) fn utf16_without_bom(
    input: &[u8],
    truncated: bool,
    has_zero: bool,
) -> Option<Candidate> {
    if input.len() < 4 {
        return None;
    }
    let mut best: Option<(bool, Units)> = None;
    // The share of units outside the blocks of text that the tests below allow at most.
    let units = input.len() / 2;
    let max_implausible = if has_zero { units / 10 } else { units / 50 };
    for little in [true, false] {
        let Some(u) = utf16_units(input, little, truncated, max_implausible) else {
            continue;
        };
        if u.count == 0 {
            continue;
        }
        let plausible_enough = if has_zero {
            // Latin text: many ASCII units. CJK text: nearly all units in its blocks, and a
            // few ASCII ones (line breaks, digits) that put the zero bytes in place.
            let latin = u.plausible * 10 >= u.count * 9 && u.zero_high * 5 >= u.count;
            let cjk = u.plausible * 100 >= u.count * 97 && u.zero_high >= 1;
            (latin || cjk) && u.zero_low * 10 <= u.count
        } else {
            let spaces = input.iter().filter(|&&b| b == b' ').count();
            u.count >= 8 && u.plausible * 100 >= u.count * 98 && spaces * 50 <= input.len()
        };
        if plausible_enough && best.as_ref().is_none_or(|(_, b)| u.plausible > b.plausible) {
            best = Some((little, u));
        }
    }
    let (little, u) = best?;
    let name = if little { "utf-16le" } else { "utf-16be" };
    let mut reasons = vec![format!(
        "Read {} as {} two-byte units, {} of them ({}%) are characters of scripts in use, with no lone surrogate.",
        if little { "little-endian" } else { "big-endian" },
        u.count,
        u.plausible,
        figures::fixed(100.0 * u.plausible as f64 / u.count as f64, 0)
    )];
    if has_zero {
        reasons.push(format!(
            "{} units have a zero high byte, as ASCII text in UTF-16 does; no single-byte text has so many zero bytes.",
            u.zero_high
        ));
    }
    reasons.push("There is no byte order mark, so the byte order comes from where the zero bytes and the units fall.".to_string());
    let confidence = if has_zero { 0.95 } else { 0.8 };
    Some(Candidate::new(name, confidence, None, reasons))
}

/// ISO-2022-JP or ISO-2022-KR: 7-bit text that switches character sets with escape sequences.
pub(super) fn iso2022(input: &[u8]) -> Option<Candidate> {
    if input.iter().any(|&b| b >= 0x80) {
        return None;
    }
    let count = |needle: &[u8]| input.windows(needle.len()).filter(|w| *w == needle).count();
    let jp = count(b"\x1B$B") + count(b"\x1B$@") + count(b"\x1B(J") + count(b"\x1B(I");
    if jp > 0 {
        let reasons = vec![
            format!("Every byte is 7-bit, and {jp} escape sequences (ESC $ B, ESC $ @, ESC ( J, ESC ( I) switch to the JIS X 0208 and JIS X 0201 sets, as ISO-2022-JP does."),
            "Decode it with the platform's decoder: utf8lens has no JIS tables.".to_string(),
        ];
        return Some(Candidate::new("iso-2022-jp", 0.98, Some("ja"), reasons));
    }
    if count(b"\x1B$)C") > 0 && input.contains(&0x0E) {
        let reasons = vec![
            "Every byte is 7-bit, the KS X 1001 set is designated by ESC $ ) C and shifted in with SO (0E), as ISO-2022-KR does.".to_string(),
            "Browsers do not decode ISO-2022-KR (WHATWG maps it to the replacement encoding).".to_string(),
        ];
        return Some(Candidate::new("iso-2022-kr", 0.98, Some("ko"), reasons));
    }
    None
}

/// How the input reads as UTF-8.
pub(super) enum Utf8 {
    /// Every byte is 00..=7F.
    Ascii,
    /// Valid UTF-8 with this many non-ASCII characters.
    Valid(usize),
    /// Invalid, but with this many valid multi-byte characters against this many errors.
    Mostly(usize, usize),
    /// Invalid.
    Invalid,
}

/// Number of maximal-subpart errors in `input` read as UTF-8, counted up to `limit` (an incomplete
/// sequence at the end is none when the input was cut short).
fn utf8_errors(input: &[u8], truncated: bool, limit: usize) -> usize {
    crate::decode::errors(input)
        .take(limit)
        .filter(|e| {
            !(truncated
                && e.offset() + e.len() == input.len()
                && incomplete_tail(input, e.offset()))
        })
        .count()
}

/// Whether the bytes from `offset` to the end are the beginning of a valid sequence.
fn incomplete_tail(input: &[u8], offset: usize) -> bool {
    let tail = &input[offset..];
    tail.len() < 4 && matches!(tail.first(), Some(0xC2..=0xF4))
}

/// Classifies the input as UTF-8.
pub(super) fn utf8(input: &[u8], truncated: bool) -> Utf8 {
    if input.is_ascii() {
        return Utf8::Ascii;
    }
    let leads = input.iter().filter(|&&b| b >= 0xC0).count();
    // Counting stops as soon as the errors are too many for "mostly valid": legacy text has an
    // error every few bytes, and counting them all would cost more than the rest of detection.
    let errors = utf8_errors(input, truncated, leads / 3 + 1);
    if errors == 0 {
        return Utf8::Valid(leads);
    }
    let valid = leads.saturating_sub(errors);
    if valid >= 2 && valid >= 3 * errors {
        Utf8::Mostly(valid, errors)
    } else {
        Utf8::Invalid
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use utf8lens_testkit::Rng;

    /// Units outside the blocks of text, as the callers of `utf16_units` count them.
    fn implausible(u: &Units) -> usize {
        u.count - u.plausible
    }

    #[test]
    fn stopping_early_answers_as_the_whole_walk_does() {
        // Inputs near the limits: mostly units of text (ASCII, Cyrillic, CJK), a few others and
        // surrogates, in both byte orders.
        let mut rng = Rng::new(0x5EED_0016);
        let units: [u16; 8] = [
            0x0041, 0x0020, 0x0431, 0x4E2D, 0xD83D, 0xDE00, 0x0001, 0xF8FF,
        ];
        for _ in 0..20_000 {
            let len = rng.below(40);
            let mut input = Vec::new();
            for _ in 0..len {
                let unit = if rng.below(4) == 0 {
                    *rng.pick(&units)
                } else {
                    *rng.pick(&units[..4])
                };
                input.extend_from_slice(&unit.to_le_bytes());
            }
            let max = rng.below(6);
            let truncated = rng.below(2) == 0;
            for little in [true, false] {
                let whole = utf16_units(&input, little, truncated, usize::MAX);
                let early = utf16_units(&input, little, truncated, max);
                match (&whole, &early) {
                    (Some(w), Some(e)) => {
                        assert_eq!(
                            (w.count, w.plausible, w.zero_high, w.zero_low),
                            (e.count, e.plausible, e.zero_high, e.zero_low)
                        );
                    }
                    // The early walk may stop only where the whole one fails the callers' test.
                    (Some(w), None) => assert!(implausible(w) > max, "{input:02X?} {max}"),
                    (None, Some(_)) => panic!("{input:02X?}: whole walk None, early Some"),
                    (None, None) => {}
                }
            }
        }
    }

    #[test]
    fn boms_are_recognised_longest_first() {
        let ok = |bytes: &[u8]| bom(bytes, false).unwrap().unwrap().charset();
        assert_eq!(ok(b"\xFF\xFE\x00\x00a\x00\x00\x00"), "utf-32le");
        assert_eq!(ok(b"\xFF\xFEa\x00"), "utf-16le");
        assert_eq!(ok(b"\xFE\xFF\x00a"), "utf-16be");
        assert_eq!(ok(b"\x00\x00\xFE\xFF\x00\x00\x00a"), "utf-32be");
        assert_eq!(ok(b"\xEF\xBB\xBFcaf\xC3\xA9"), "utf-8");
        assert!(bom(b"\xEF\xBB\xBF\xFF", false).unwrap().is_err());
        assert!(bom(b"abc", false).is_none());
    }

    #[test]
    fn utf16_and_utf32_without_bom() {
        let text = "Grüße aus Köln, 2024";
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(
            utf16_without_bom(&le, false, true).unwrap().charset(),
            "utf-16le"
        );
        assert_eq!(
            utf16_without_bom(&be, false, true).unwrap().charset(),
            "utf-16be"
        );
        let le32: Vec<u8> = text
            .chars()
            .flat_map(|c| (c as u32).to_le_bytes())
            .collect();
        assert_eq!(
            utf32_without_bom(&le32, false).unwrap().charset(),
            "utf-32le"
        );
        assert!(utf32_without_bom(b"abcdefgh", false).is_none());
    }

    #[test]
    fn utf8_classes() {
        assert!(matches!(utf8(b"plain", false), Utf8::Ascii));
        assert!(matches!(utf8("café".as_bytes(), false), Utf8::Valid(1)));
        assert!(matches!(utf8(b"caf\xC3", true), Utf8::Valid(1)));
        assert!(matches!(utf8(b"caf\xC3", false), Utf8::Invalid));
        assert!(matches!(utf8(b"caf\xE9", false), Utf8::Invalid));
    }
}
