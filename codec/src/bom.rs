//! Byte order marks: which Unicode encoding scheme a text's first bytes name.

use crate::unicode_forms::UnicodeEncoding;

// The byte order mark U+FEFF in each encoding scheme. UTF-32LE's begins with UTF-16LE's, so it is
// looked for first: FF FE 00 00 is read as UTF-32LE, as the WHATWG and Python's `utf-32` codec do
// (it could also be UTF-16LE's BOM followed by U+0000, which no real text starts with).
#[rustfmt::skip]
const MARKS: [(&[u8], UnicodeEncoding); 5] = [
    (&[0xFF, 0xFE, 0x00, 0x00], UnicodeEncoding::Utf32Le),
    (&[0x00, 0x00, 0xFE, 0xFF], UnicodeEncoding::Utf32Be),
    (&[0xEF, 0xBB, 0xBF],       UnicodeEncoding::Utf8),
    (&[0xFF, 0xFE],             UnicodeEncoding::Utf16Le),
    (&[0xFE, 0xFF],             UnicodeEncoding::Utf16Be),
];

/// The encoding scheme whose byte order mark `bytes` start with, or `None`.
///
/// UTF-32LE's mark (`FF FE 00 00`) wins over UTF-16LE's (`FF FE`), which it begins with. The answer
/// is never a sniffing label ([`UnicodeEncoding::Utf16`], [`UnicodeEncoding::Utf32`]).
///
/// # Examples
///
/// ```
/// use utf8lens::{sniff_bom, UnicodeEncoding};
///
/// assert_eq!(sniff_bom(b"\xEF\xBB\xBFhi"), Some(UnicodeEncoding::Utf8));
/// assert_eq!(sniff_bom(b"\xFF\xFEh\x00"), Some(UnicodeEncoding::Utf16Le));
/// assert_eq!(sniff_bom(b"\xFF\xFE\x00\x00"), Some(UnicodeEncoding::Utf32Le));
/// assert_eq!(sniff_bom(b"\x00\x00\xFE\xFF"), Some(UnicodeEncoding::Utf32Be));
/// assert_eq!(sniff_bom(b"hi"), None);
/// ```
pub fn sniff_bom(bytes: &[u8]) -> Option<UnicodeEncoding> {
    MARKS
        .iter()
        .find(|(mark, _)| bytes.starts_with(mark))
        .map(|&(_, encoding)| encoding)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_encoding_s_own_bom_is_sniffed_back() {
        for encoding in [
            UnicodeEncoding::Utf8,
            UnicodeEncoding::Utf16Le,
            UnicodeEncoding::Utf16Be,
            UnicodeEncoding::Utf32Le,
            UnicodeEncoding::Utf32Be,
        ] {
            let bom = encoding.encode("\u{FEFF}");
            assert_eq!(sniff_bom(&bom), Some(encoding), "{encoding:?}");
        }
    }

    #[test]
    fn short_or_absent_marks() {
        assert_eq!(sniff_bom(b""), None);
        assert_eq!(sniff_bom(b"\xFF"), None);
        assert_eq!(sniff_bom(b"\xEF\xBB"), None);
        assert_eq!(sniff_bom(b"\xFF\xFE\x00"), Some(UnicodeEncoding::Utf16Le));
        assert_eq!(sniff_bom(b"\x00\x00\xFE"), None);
        assert_eq!(
            sniff_bom(b"\xFE\xFF\x00\x00"),
            Some(UnicodeEncoding::Utf16Be)
        );
    }
}
