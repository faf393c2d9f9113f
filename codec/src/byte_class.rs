//! What each of the 256 byte values can be in UTF-8, on its own and in context, and the grammar that
//! puts them together.
//!
//! A byte's *class* is a fact about the value alone (RFC 3629 §1 and §4): `0xC3` is always the lead of a
//! two-byte sequence. Its *role* depends on its neighbours: an `0xC3` followed by `0x41` is part of a
//! malformed sequence, so its role is [`ByteRole::Invalid`]. RFC 3629's grammar (`sequence_at`) reads
//! one sequence and says, for a malformed one, how long its maximal subpart is and which [`ErrorKind`]
//! it is. The error values themselves (`error.rs`) build on this module and not the other way round, as
//! std keeps its grammar in `core::str::validations` apart from the error values of `core::str::error`.

use core::fmt;
use core::ops::RangeInclusive;

/// The class of a byte value, independent of the bytes around it.
///
/// # Examples
///
/// ```
/// use utf8lens::{classify, ByteClass, NeverValid};
///
/// assert_eq!(classify(b'A'), ByteClass::Ascii);
/// assert_eq!(classify(0x80), ByteClass::Continuation);
/// assert!(matches!(classify(0xE2), ByteClass::Lead(lead) if lead.sequence_len() == 3));
/// assert_eq!(classify(0xC0), ByteClass::NeverValid(NeverValid::OverlongOnly));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ByteClass {
    /// `0x00..=0x7F`: a whole character on its own (`UTF8-1 = %x00-7F`).
    Ascii,
    /// `0x80..=0xBF`: the `10xxxxxx` tail of a multi-byte sequence (`UTF8-tail`).
    Continuation,
    /// `0xC2..=0xF4`: the first byte of a 2-, 3- or 4-byte sequence.
    Lead(LeadByte),
    /// `0xC0`, `0xC1` and `0xF5..=0xFF`: bytes that appear in no well-formed UTF-8 at all.
    NeverValid(NeverValid),
}

/// Why a byte value never appears in well-formed UTF-8.
///
/// # Examples
///
/// ```
/// use utf8lens::{classify, ByteClass, NeverValid};
///
/// let ByteClass::NeverValid(why) = classify(0xF5) else { unreachable!() };
/// assert_eq!(why, NeverValid::BeyondUnicode);
/// assert!(why.reason().contains("U+10FFFF"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NeverValid {
    /// `0xC0`, `0xC1`: they could only start a two-byte encoding of U+0000..=U+007F, which is overlong.
    OverlongOnly,
    /// `0xF5..=0xF7`: they would start a four-byte sequence above U+10FFFF.
    BeyondUnicode,
    /// `0xF8..=0xFD`: leads of the 5- and 6-byte forms of RFC 2279, which RFC 3629 removed.
    Rfc2279Only,
    /// `0xFE`, `0xFF`: never part of any UTF-8 form (they would announce 7 or 8 bytes).
    NeverInUtf8,
}

impl NeverValid {
    /// One sentence saying why the byte is never valid.
    ///
    /// ```
    /// use utf8lens::NeverValid;
    /// assert!(NeverValid::OverlongOnly.reason().contains("overlong"));
    /// ```
    pub fn reason(self) -> &'static str {
        match self {
            NeverValid::OverlongOnly => {
                "it could only start an overlong two-byte form of an ASCII character (U+0000 to U+007F)"
            }
            NeverValid::BeyondUnicode => {
                "it would start a four-byte sequence for a value above U+10FFFF, the last code point"
            }
            NeverValid::Rfc2279Only => {
                "it starts a five- or six-byte sequence of the obsolete RFC 2279, which RFC 3629 forbids"
            }
            NeverValid::NeverInUtf8 => "it is not used by any form of UTF-8",
        }
    }
}

/// A lead byte (`0xC2..=0xF4`) and what it announces.
///
/// # Examples
///
/// ```
/// use utf8lens::{classify, ByteClass};
///
/// let ByteClass::Lead(e0) = classify(0xE0) else { unreachable!() };
/// assert_eq!(e0.sequence_len(), 3);
/// assert_eq!(e0.second_byte_range(), 0xA0..=0xBF); // 80..9F would be overlong
/// assert_eq!((e0.first_code_point(), e0.last_code_point()), (0x0800, 0x0FFF));
/// assert_eq!(e0.block(), "Samaritan");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LeadByte {
    byte: u8,
}

impl LeadByte {
    /// The lead byte, or `None` if `byte` is not a lead byte.
    ///
    /// ```
    /// use utf8lens::LeadByte;
    /// assert_eq!(LeadByte::new(0xC3).map(|l| l.byte()), Some(0xC3));
    /// assert_eq!(LeadByte::new(0xC1), None);
    /// ```
    pub fn new(byte: u8) -> Option<LeadByte> {
        matches!(byte, 0xC2..=0xF4).then_some(LeadByte { byte })
    }

    /// The byte value itself.
    ///
    /// ```
    /// use utf8lens::LeadByte;
    /// assert_eq!(LeadByte::new(0xF0).map(|l| l.byte()), Some(0xF0));
    /// ```
    pub fn byte(self) -> u8 {
        self.byte
    }

    /// How many bytes the sequence has, the lead included: 2, 3 or 4.
    ///
    /// ```
    /// use utf8lens::LeadByte;
    /// assert_eq!(LeadByte::new(0xF4).map(|l| l.sequence_len()), Some(4));
    /// ```
    pub fn sequence_len(self) -> usize {
        sequence_len(self.byte)
    }

    /// The bytes allowed right after this lead (RFC 3629 §4).
    ///
    /// Four leads restrict their second byte, so that no overlong form, no surrogate and nothing above
    /// U+10FFFF can be spelled: E0 takes A0–BF, ED takes 80–9F, F0 takes 90–BF and F4 takes 80–8F.
    ///
    /// ```
    /// use utf8lens::LeadByte;
    /// assert_eq!(LeadByte::new(0xED).map(|l| l.second_byte_range()), Some(0x80..=0x9F));
    /// assert_eq!(LeadByte::new(0xC3).map(|l| l.second_byte_range()), Some(0x80..=0xBF));
    /// ```
    pub fn second_byte_range(self) -> RangeInclusive<u8> {
        let (lo, hi) = second_byte_bounds(self.byte);
        lo..=hi
    }

    /// The first scalar value a sequence with this lead can encode.
    ///
    /// ```
    /// use utf8lens::LeadByte;
    /// assert_eq!(LeadByte::new(0xC2).map(|l| l.first_code_point()), Some(0x80));
    /// assert_eq!(LeadByte::new(0xE2).map(|l| l.first_code_point()), Some(0x2000));
    /// ```
    pub fn first_code_point(self) -> u32 {
        let b = u32::from(self.byte);
        match self.byte {
            0xC2..=0xDF => (b & 0x1F) << 6,
            0xE0 => 0x0800,
            0xE1..=0xEF => (b & 0x0F) << 12,
            0xF0 => 0x1_0000,
            _ => (b & 0x07) << 18,
        }
    }

    /// The last scalar value a sequence with this lead can encode.
    ///
    /// ```
    /// use utf8lens::LeadByte;
    /// assert_eq!(LeadByte::new(0xDF).map(|l| l.last_code_point()), Some(0x7FF));
    /// assert_eq!(LeadByte::new(0xF4).map(|l| l.last_code_point()), Some(0x10FFFF));
    /// ```
    pub fn last_code_point(self) -> u32 {
        let b = u32::from(self.byte);
        match self.byte {
            0xC2..=0xDF => ((b & 0x1F) << 6) | 0x3F,
            // ED stops before the surrogates; its range still ends at U+DFFF's neighbour U+D7FF.
            0xED => 0xD7FF,
            0xE0..=0xEF => ((b & 0x0F) << 12) | 0x0FFF,
            0xF4 => 0x10_FFFF,
            _ => ((b & 0x07) << 18) | 0x3_FFFF,
        }
    }

    /// The Unicode block that holds [`first_code_point`](Self::first_code_point).
    ///
    /// ```
    /// use utf8lens::LeadByte;
    /// assert_eq!(LeadByte::new(0xD0).map(|l| l.block()), Some("Cyrillic"));
    /// assert_eq!(LeadByte::new(0xF0).map(|l| l.block()), Some("Linear B Syllabary"));
    /// ```
    pub fn block(self) -> &'static str {
        let index = usize::from(self.byte - 0xC2);
        LEAD_BLOCKS.get(index).copied().unwrap_or("")
    }
}

/// The Unicode block (Unicode 15.1 Blocks.txt) holding the first code point of each lead byte C2..=F4.
#[rustfmt::skip]
const LEAD_BLOCKS: [&str; 51] = [
    // C2..=C9: U+0080, U+00C0, U+0100, U+0140, U+0180, U+01C0, U+0200, U+0240
    "Latin-1 Supplement", "Latin-1 Supplement", "Latin Extended-A", "Latin Extended-A",
    "Latin Extended-B", "Latin Extended-B", "Latin Extended-B", "Latin Extended-B",
    // CA..=D1: U+0280, U+02C0, U+0300, U+0340, U+0380, U+03C0, U+0400, U+0440
    "IPA Extensions", "Spacing Modifier Letters", "Combining Diacritical Marks",
    "Combining Diacritical Marks", "Greek and Coptic", "Greek and Coptic", "Cyrillic", "Cyrillic",
    // D2..=D9: U+0480, U+04C0, U+0500, U+0540, U+0580, U+05C0, U+0600, U+0640
    "Cyrillic", "Cyrillic", "Cyrillic Supplement", "Armenian", "Armenian", "Hebrew", "Arabic", "Arabic",
    // DA..=DF: U+0680, U+06C0, U+0700, U+0740, U+0780, U+07C0
    "Arabic", "Arabic", "Syriac", "Syriac", "Thaana", "NKo",
    // E0..=E7: U+0800, U+1000, U+2000, U+3000, U+4000, U+5000, U+6000, U+7000
    "Samaritan", "Myanmar", "General Punctuation", "CJK Symbols and Punctuation",
    "CJK Unified Ideographs Extension A", "CJK Unified Ideographs", "CJK Unified Ideographs",
    "CJK Unified Ideographs",
    // E8..=EF: U+8000, U+9000, U+A000, U+B000, U+C000, U+D000, U+E000, U+F000
    "CJK Unified Ideographs", "CJK Unified Ideographs", "Yi Syllables", "Hangul Syllables",
    "Hangul Syllables", "Hangul Syllables", "Private Use Area", "Private Use Area",
    // F0..=F4: U+10000, U+40000, U+80000, U+C0000, U+100000
    "Linear B Syllabary", "No block (plane 4, unassigned)", "No block (plane 8, unassigned)",
    "No block (plane 12, unassigned)", "Supplementary Private Use Area-B",
];

/// The sequence length a byte announces as a lead, RFC 3629 style (0 for bytes that lead nothing).
pub(crate) fn sequence_len(byte: u8) -> usize {
    match byte {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => 0,
    }
}

/// The inclusive bounds of the byte allowed after a lead byte: the `%xA0-BF`, `%x80-9F`, `%x90-BF`
/// and `%x80-8F` of E0, ED, F0 and F4 in RFC 3629's grammar (see [`sequence_at`]), `UTF8-tail`
/// otherwise.
#[rustfmt::skip]
pub(crate) fn second_byte_bounds(lead: u8) -> (u8, u8) {
    match lead {
        0xE0 => (0xA0, 0xBF),
        0xED => (0x80, 0x9F),
        0xF0 => (0x90, 0xBF),
        0xF4 => (0x80, 0x8F),
        _    => (0x80, 0xBF),
    }
}

/// Reads the sequence that starts at `bytes[i]` (which exists): `Ok(length)` of a well-formed character,
/// or `Err((length, kind))` of the maximal subpart there (Unicode §3.9).
///
/// The decoder's scalar path, `Malformed::at` and [`byte_roles`] read bytes through it; the block
/// scanner of `errors` computes the same answers from bitmasks, and the tests hold the two together.
#[inline(always)]
pub(crate) fn sequence_at(bytes: &[u8], i: usize) -> Result<usize, (usize, ErrorKind)> {
    let tail = |k: usize| matches!(bytes.get(i + k), Some(0x80..=0xBF));
    let lead = bytes.get(i).copied().unwrap_or(0);
    // RFC 3629 §4:
    //
    // UTF8-char = UTF8-1 / UTF8-2 / UTF8-3 / UTF8-4
    // UTF8-1    = %x00-7F
    // UTF8-2    = %xC2-DF UTF8-tail
    // UTF8-3    = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) /
    //             %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
    // UTF8-4    = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) /
    //             %xF4 %x80-8F 2( UTF8-tail )
    // UTF8-tail = %x80-BF
    let len = match lead {
        0x00..=0x7F => return Ok(1),
        0x80..=0xBF => return Err((1, ErrorKind::UnexpectedContinuation)),
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return Err((1, ErrorKind::InvalidByte)), // C0, C1, F5..=FF
    };
    let (lo, hi) = second_byte_bounds(lead);
    match bytes.get(i + 1) {
        Some(&second) if (lo..=hi).contains(&second) => {}
        Some(0x80..=0xBF) => {
            let kind = match lead {
                0xED => ErrorKind::Surrogate,
                0xF4 => ErrorKind::TooLarge,
                _ => ErrorKind::Overlong, // E0 and F0: no other lead restricts its second byte
            };
            return Err((1, kind));
        }
        _ => return Err((1, ErrorKind::Truncated)),
    }
    if len == 2 {
        return Ok(2);
    }
    if !tail(2) {
        return Err((2, ErrorKind::Truncated));
    }
    if len == 3 {
        return Ok(3);
    }
    if !tail(3) {
        return Err((3, ErrorKind::Truncated));
    }
    Ok(4)
}

/// What is wrong with a malformed sequence.
///
/// The names follow simdutf's error codes where they overlap; [`as_str`](Self::as_str) gives the
/// spelling used by the JavaScript API and the inspector's `data-kind` attributes.
///
/// # Examples
///
/// ```
/// use utf8lens::{errors, ErrorKind};
///
/// let kinds: Vec<ErrorKind> = errors(b"\x80 \xC0 \xE0\x80 \xED\xA0 \xF4\x90 \xE4\xBD").map(|e| e.kind()).collect();
/// assert_eq!(kinds[0], ErrorKind::UnexpectedContinuation);
/// assert_eq!(kinds[1], ErrorKind::InvalidByte);
/// assert_eq!(kinds[2], ErrorKind::Overlong);
/// assert_eq!(ErrorKind::Truncated.as_str(), "truncated");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// A continuation byte (`0x80..=0xBF`) where a character should start.
    UnexpectedContinuation,
    /// A byte that never appears in UTF-8: `0xC0`, `0xC1`, `0xF5..=0xFF`.
    InvalidByte,
    /// `E0` or `F0` followed by a continuation byte that would make the sequence longer than needed
    /// (`E0 80..9F`, `F0 80..8F`).
    Overlong,
    /// `ED` followed by `A0..BF`: the sequence would encode a UTF-16 surrogate, U+D800..=U+DFFF.
    Surrogate,
    /// `F4` followed by `90..BF`: the sequence would encode a value above U+10FFFF.
    TooLarge,
    /// A lead byte and zero or more fitting continuation bytes, cut short by a byte that does not fit
    /// or by the end of input.
    Truncated,
}

impl ErrorKind {
    /// The kebab-case name used by the JavaScript API.
    ///
    /// ```
    /// assert_eq!(utf8lens::ErrorKind::TooLarge.as_str(), "too-large");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::UnexpectedContinuation => "unexpected-continuation",
            ErrorKind::InvalidByte => "invalid-byte",
            ErrorKind::Overlong => "overlong",
            ErrorKind::Surrogate => "surrogate",
            ErrorKind::TooLarge => "too-large",
            ErrorKind::Truncated => "truncated",
        }
    }

    /// Every kind, in declaration order.
    ///
    /// ```
    /// assert_eq!(utf8lens::ErrorKind::ALL.len(), 6);
    /// ```
    pub const ALL: [ErrorKind; 6] = [
        ErrorKind::UnexpectedContinuation,
        ErrorKind::InvalidByte,
        ErrorKind::Overlong,
        ErrorKind::Surrogate,
        ErrorKind::TooLarge,
        ErrorKind::Truncated,
    ];
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The class of `byte` on its own.
///
/// ```
/// use utf8lens::{classify, ByteClass, NeverValid};
/// assert_eq!(classify(0xFF), ByteClass::NeverValid(NeverValid::NeverInUtf8));
/// ```
pub fn classify(byte: u8) -> ByteClass {
    match byte {
        0x00..=0x7F => ByteClass::Ascii,
        0x80..=0xBF => ByteClass::Continuation,
        0xC0 | 0xC1 => ByteClass::NeverValid(NeverValid::OverlongOnly),
        0xC2..=0xF4 => ByteClass::Lead(LeadByte { byte }),
        0xF5..=0xF7 => ByteClass::NeverValid(NeverValid::BeyondUnicode),
        0xF8..=0xFD => ByteClass::NeverValid(NeverValid::Rfc2279Only),
        0xFE | 0xFF => ByteClass::NeverValid(NeverValid::NeverInUtf8),
    }
}

/// How many high-order bits of `byte` are its UTF-8 marker: the run of 1 bits and the 0 that ends it.
///
/// `0xxxxxxx` has 1 (ASCII), `10xxxxxx` 2 (continuation), `110xxxxx` 3, `1110xxxx` 4 and `11110xxx` 5
/// (leads of 2, 3 and 4 bytes); the rest are payload bits. Bytes that never appear in UTF-8 are
/// measured the same way, as RFC 2279 would read them (`C0` has 3, `F8` has 6), and `FE` and `FF`,
/// which have no 0 to end the run, have 8. The inspector sets these bits apart from the payload.
///
/// # Examples
///
/// ```
/// use utf8lens::marker_len;
///
/// assert_eq!(marker_len(b'A'), 1);
/// assert_eq!(marker_len(0x82), 2);
/// assert_eq!(marker_len(0xE2), 4);
/// assert_eq!(marker_len(0xF0), 5);
/// assert_eq!(marker_len(0xFF), 8);
/// ```
pub fn marker_len(byte: u8) -> usize {
    (byte.leading_ones() as usize + 1).min(8)
}

/// The role a byte plays in a particular input.
///
/// # Examples
///
/// ```
/// use utf8lens::{byte_roles, ByteRole};
///
/// // 'A', then € (E2 82 AC), then a lone continuation byte.
/// let roles = byte_roles(&[0x41, 0xE2, 0x82, 0xAC, 0x80]);
/// assert_eq!(roles, [ByteRole::Ascii, ByteRole::Lead, ByteRole::Continuation,
///                    ByteRole::Continuation, ByteRole::Invalid]);
/// assert_eq!(ByteRole::Lead.as_str(), "lead");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ByteRole {
    /// A one-byte character.
    Ascii,
    /// The first byte of a well-formed multi-byte character.
    Lead,
    /// A later byte of a well-formed multi-byte character.
    Continuation,
    /// Part of a malformed sequence (one U+FFFD in lossy decoding).
    Invalid,
}

impl ByteRole {
    /// The role's name as the inspector and the JavaScript API spell it.
    ///
    /// ```
    /// use utf8lens::ByteRole;
    /// assert_eq!(ByteRole::Continuation.as_str(), "continuation");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            ByteRole::Ascii => "ascii",
            ByteRole::Lead => "lead",
            ByteRole::Continuation => "continuation",
            ByteRole::Invalid => "invalid",
        }
    }
}

/// The role of every byte of `bytes`, one entry per byte.
///
/// ```
/// use utf8lens::{byte_roles, ByteRole};
/// // E4 BD is a truncated three-byte sequence: both bytes are invalid.
/// assert_eq!(byte_roles(&[0xE4, 0xBD]), [ByteRole::Invalid, ByteRole::Invalid]);
/// ```
pub fn byte_roles(bytes: &[u8]) -> Vec<ByteRole> {
    let mut roles = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        // Each step reads one segment: a character or a maximal subpart, never zero bytes.
        let len = match sequence_at(bytes, i) {
            Ok(1) => {
                roles.push(ByteRole::Ascii);
                1
            }
            Ok(len) => {
                roles.push(ByteRole::Lead);
                roles.extend(core::iter::repeat_n(ByteRole::Continuation, len - 1));
                len
            }
            Err((len, _)) => {
                roles.extend(core::iter::repeat_n(ByteRole::Invalid, len));
                len
            }
        };
        i += len;
    }
    roles
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marker_len_agrees_with_the_bit_fill_templates() {
        for cp in [0x41, 0x20AC, 0xE4, 0x1F600] {
            if let Ok(fill) = crate::explain(cp) {
                for octet in fill.octets() {
                    assert_eq!(marker_len(octet.value()), octet.marker_len(), "U+{cp:04X}");
                }
            }
        }
        assert_eq!(marker_len(0xC0), 3);
        assert_eq!(marker_len(0xFC), 7);
    }

    #[test]
    fn every_byte_has_exactly_one_class_consistent_with_std() {
        for b in 0..=255u8 {
            let alone_is_valid = core::str::from_utf8(&[b]).is_ok();
            assert_eq!(alone_is_valid, classify(b) == ByteClass::Ascii, "{b:#04x}");
            if let ByteClass::Lead(lead) = classify(b) {
                // The first and last code points really start with this lead byte.
                for cp in [lead.first_code_point(), lead.last_code_point()] {
                    let ch = char::from_u32(cp).expect("scalar");
                    let mut buf = [0; 4];
                    let enc = ch.encode_utf8(&mut buf).as_bytes();
                    assert_eq!((enc[0], enc.len()), (b, lead.sequence_len()), "{b:#04x}");
                }
                // The second-byte range is exactly the set std accepts.
                let range = lead.second_byte_range();
                for second in 0..=255u8 {
                    let seq = [b, second, 0x80, 0x80];
                    let ok = core::str::from_utf8(&seq[..lead.sequence_len()]).is_ok();
                    assert_eq!(ok, range.contains(&second), "{b:#04x} {second:#04x}");
                }
                assert!(!lead.block().is_empty());
            }
        }
    }
}
