//! Decoding with a candidate's charset, for every charset whose tables the crate has: the Unicode
//! encodings, ASCII, the single-byte charsets of `crate::charset` and the detection-only tables.

use super::single_byte;

/// Decodes `bytes` as `charset`, one of [`CHARSETS`](super::CHARSETS), as the WHATWG `TextDecoder`
/// would (lossy: a malformed sequence or an undefined byte becomes U+FFFD; a leading byte order
/// mark of the charset itself is removed). `None` for the charsets that have no table in the crate:
/// the CJK multi-byte encodings and ISO-2022, which the platform decodes (`TextDecoder` in
/// JavaScript), and names that are not charsets of the detector.
///
/// Unlike `TextDecoder`, `"iso-8859-1"` is ISO-8859-1 (80–9F are C1 controls, not windows-1252),
/// and `"us-ascii"` turns every byte 80–FF into U+FFFD.
///
/// # Examples
///
/// ```
/// use utf8lens::detect::{decode, detect};
///
/// let bytes = b"\xcf\xf0\xe8\xe2\xe5\xf2 \xec\xe8\xf0"; // "Привет мир" in windows-1251
/// let best = detect(bytes).best().clone();
/// assert_eq!(decode(bytes, best.charset()).as_deref(), Some("Привет мир"));
/// assert_eq!(decode(b"\xFF\xFEh\x00i\x00", "utf-16le").as_deref(), Some("hi"));
/// assert_eq!(decode(b"\x8e\xa0", "ibm852").as_deref(), Some("Äá"));
/// assert_eq!(decode(b"\x93\xfa", "shift_jis"), None); // the platform's TextDecoder decodes it
/// ```
pub fn decode(bytes: &[u8], charset: &str) -> Option<String> {
    match charset {
        "utf-8" => Some(
            crate::decode_lossy(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)).into_owned(),
        ),
        "us-ascii" => Some(
            bytes
                .iter()
                .map(|&b| {
                    if b.is_ascii() {
                        char::from(b)
                    } else {
                        char::REPLACEMENT_CHARACTER
                    }
                })
                .collect(),
        ),
        "utf-16le" | "utf-16be" => Some(utf16(bytes, charset == "utf-16le")),
        "utf-32le" | "utf-32be" => Some(utf32(bytes, charset == "utf-32le")),
        _ => {
            let source = single_byte::sources().find(|s| s.name() == charset)?;
            Some(
                bytes
                    .iter()
                    .map(|&b| source.decode(b).unwrap_or(char::REPLACEMENT_CHARACTER))
                    .collect(),
            )
        }
    }
}

/// UTF-16 as `TextDecoder`: lone surrogates and an odd last byte become U+FFFD.
fn utf16(bytes: &[u8], little: bool) -> String {
    let mark: &[u8] = if little { b"\xFF\xFE" } else { b"\xFE\xFF" };
    let body = bytes.strip_prefix(mark).unwrap_or(bytes);
    let pairs = body.chunks_exact(2);
    let odd = !pairs.remainder().is_empty();
    let units = pairs.map(|p| {
        if little {
            u16::from_le_bytes([p[0], p[1]])
        } else {
            u16::from_be_bytes([p[0], p[1]])
        }
    });
    let mut text: String = char::decode_utf16(units)
        .map(|r| r.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect();
    if odd {
        text.push(char::REPLACEMENT_CHARACTER);
    }
    text
}

/// UTF-32: a unit that is not a scalar value, and a truncated last unit, become U+FFFD.
fn utf32(bytes: &[u8], little: bool) -> String {
    let mark: &[u8] = if little {
        b"\xFF\xFE\x00\x00"
    } else {
        b"\x00\x00\xFE\xFF"
    };
    let body = bytes.strip_prefix(mark).unwrap_or(bytes);
    let units = body.chunks_exact(4);
    let odd = !units.remainder().is_empty();
    let mut text: String = units
        .map(|u| {
            let value = if little {
                u32::from_le_bytes([u[0], u[1], u[2], u[3]])
            } else {
                u32::from_be_bytes([u[0], u[1], u[2], u[3]])
            };
            char::from_u32(value).unwrap_or(char::REPLACEMENT_CHARACTER)
        })
        .collect();
    if odd {
        text.push(char::REPLACEMENT_CHARACTER);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::decode;
    use crate::detect::CHARSETS;

    #[test]
    fn unicode_encodings_drop_their_own_mark_only() {
        assert_eq!(decode(b"\xEF\xBB\xBFa", "utf-8").as_deref(), Some("a"));
        assert_eq!(decode(b"\xFE\xFF\x00a", "utf-16be").as_deref(), Some("a"));
        assert_eq!(
            decode(b"\xFF\xFE\x00\x00a\x00\x00\x00", "utf-32le").as_deref(),
            Some("a")
        );
        assert_eq!(
            decode(b"\x00\x00\x00a\x00\x11\x00\x00", "utf-32be").as_deref(),
            Some("a\u{FFFD}")
        );
        assert_eq!(decode(b"a\x00b", "utf-16le").as_deref(), Some("a\u{FFFD}"));
        assert_eq!(decode(b"\x00\xD8", "utf-16le").as_deref(), Some("\u{FFFD}"));
    }

    #[test]
    fn every_charset_without_a_platform_decoder_decodes() {
        let platform = [
            "iso-2022-jp",
            "iso-2022-kr",
            "shift_jis",
            "euc-jp",
            "gb18030",
            "big5",
            "euc-kr",
            "hz-gb-2312",
            "euc-tw",
        ];
        let all: Vec<u8> = (0..=255).collect();
        for name in CHARSETS {
            let decoded = decode(&all, name);
            assert_eq!(decoded.is_none(), platform.contains(&name), "{name}");
        }
        assert_eq!(decode(b"a", "klingon"), None);
    }
}
