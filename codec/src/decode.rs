//! Decoding: validation, segments, every error, and the replacement policies.
//!
//! The well-formed runs are found with `core::str::from_utf8` (the fast path: no positions are tracked
//! inside a run); only where it stops does [`Malformed::at`] look closely at the bytes (the slow path).
//! [`errors`] has a scanner of its own for input with many errors (`error_scan.rs`): 64 bytes at a time,
//! from SIMD bitmasks of the byte classes, with well-formed stretches handed to the SIMD validator.
//! The maximal subpart found there is the one Unicode §3.9 defines, so every [`Malformed`] is exactly one
//! U+FFFD of `String::from_utf8_lossy` and of the WHATWG decoder.

use std::borrow::Cow;

use crate::byte_class::{sequence_at, ErrorKind};
use crate::charset::Charset;
use crate::error::{Malformed, Utf8Error};
use crate::error_scan::Errors;

/// Checks that `bytes` are well-formed UTF-8 (RFC 3629 §4), with the same verdict as
/// [`std::str::from_utf8`].
///
/// # Errors
///
/// The first error, as [`Utf8Error`]: where the valid prefix ends, and how long the malformed part is.
/// Use [`errors`] for every error with its kind.
///
/// # Examples
///
/// ```
/// use utf8lens::validate;
///
/// assert!(validate("Grüße, 世界 😀".as_bytes()).is_ok());
/// let err = validate(b"caf\xE9").unwrap_err(); // Latin-1 'é' is not UTF-8
/// assert_eq!((err.valid_up_to(), err.error_len()), (3, None));
/// ```
pub fn validate(bytes: &[u8]) -> Result<(), Utf8Error> {
    from_utf8(bytes).map(|_| ())
}

/// Views `bytes` as a `&str` if they are well-formed UTF-8.
///
/// # Errors
///
/// The first error, as [`validate`] reports it.
///
/// # Examples
///
/// ```
/// assert_eq!(utf8lens::from_utf8(b"\xE2\x82\xAC"), Ok("€"));
/// assert!(utf8lens::from_utf8(b"\xC0\x80").is_err()); // the overlong NUL of Modified UTF-8
/// ```
pub fn from_utf8(bytes: &[u8]) -> Result<&str, Utf8Error> {
    match crate::simd::as_str(bytes) {
        Some(text) => Ok(text),
        None => slow_from_utf8(bytes),
    }
}

/// Where and why validation failed, once the fast path has said it did.
#[cold]
fn slow_from_utf8(bytes: &[u8]) -> Result<&str, Utf8Error> {
    core::str::from_utf8(bytes).map_err(Utf8Error::from)
}

/// A piece of decoded input: one character, or one malformed sequence.
///
/// # Examples
///
/// ```
/// use utf8lens::{segments, Segment};
///
/// let segs: Vec<Segment> = segments(b"a\xFF\xC3\xA4").collect();
/// assert_eq!(segs[0], Segment::Char { offset: 0, len: 1, ch: 'a' });
/// assert!(matches!(segs[1], Segment::Malformed(e) if e.offset() == 1));
/// assert_eq!(segs[2], Segment::Char { offset: 2, len: 2, ch: 'ä' });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Segment {
    /// A well-formed character.
    Char {
        /// Byte offset of its lead byte.
        offset: usize,
        /// Its length in bytes, 1 to 4.
        len: usize,
        /// The scalar value it encodes.
        ch: char,
    },
    /// A malformed sequence (one maximal subpart).
    Malformed(Malformed),
}

impl Segment {
    /// The byte range the segment covers in the input.
    ///
    /// ```
    /// let ranges: Vec<_> = utf8lens::segments("a€".as_bytes()).map(|s| s.range()).collect();
    /// assert_eq!(ranges, [0..1, 1..4]);
    /// ```
    pub fn range(&self) -> core::ops::Range<usize> {
        match self {
            Segment::Char { offset, len, .. } => *offset..offset + len,
            Segment::Malformed(m) => m.range(),
        }
    }
}

/// Splits `bytes` into characters and malformed sequences, covering every byte exactly once.
///
/// # Examples
///
/// ```
/// use utf8lens::{segments, Segment, ErrorKind};
///
/// // E4 BD is 你 (E4 BD A0) cut short by the end of input.
/// let segs: Vec<Segment> = segments(b"\xE4\xBD").collect();
/// assert!(matches!(segs[..], [Segment::Malformed(e)] if e.kind() == ErrorKind::Truncated && e.len() == 2));
/// ```
pub fn segments(bytes: &[u8]) -> Segments<'_> {
    Segments {
        bytes,
        pos: 0,
        run: "".char_indices(),
        run_start: 0,
        pending: None,
    }
}

/// Iterator over the [`Segment`]s of a byte slice; see [`segments`].
#[derive(Debug, Clone)]
pub struct Segments<'a> {
    bytes: &'a [u8],
    /// Where the next unexamined byte is.
    pos: usize,
    /// The well-formed run being walked, and where it starts in `bytes`.
    run: core::str::CharIndices<'a>,
    run_start: usize,
    /// The malformed sequence that ends the current run.
    pending: Option<Malformed>,
}

impl Iterator for Segments<'_> {
    type Item = Segment;

    fn next(&mut self) -> Option<Segment> {
        loop {
            if let Some((i, ch)) = self.run.next() {
                return Some(Segment::Char {
                    offset: self.run_start + i,
                    len: ch.len_utf8(),
                    ch,
                });
            }
            if let Some(m) = self.pending.take() {
                return Some(Segment::Malformed(m));
            }
            let rest = self.bytes.get(self.pos..).filter(|r| !r.is_empty())?;
            // Valid input (the common case) is settled by one pass of the fast path.
            let fast = if self.pos == 0 {
                crate::simd::as_str(rest)
            } else {
                None
            };
            let (run, malformed) = match fast {
                Some(run) => (run, None),
                None => split_valid_run(rest, self.pos),
            };
            self.run = run.char_indices();
            self.run_start = self.pos;
            self.pos += run.len() + malformed.map_or(0, |m| m.len());
            self.pending = malformed;
        }
    }
}

impl core::iter::FusedIterator for Segments<'_> {}

/// Splits `rest` (which starts at `offset` in the input) into its longest well-formed prefix and the
/// malformed sequence that ends it, if any.
fn split_valid_run(rest: &[u8], offset: usize) -> (&str, Option<Malformed>) {
    match next_error_at(rest, 0) {
        None => (core::str::from_utf8(rest).unwrap_or_default(), None),
        Some((end, len, kind)) => {
            let (valid, bad) = rest.split_at(end);
            // The scanner has accepted `valid`, so from_utf8 cannot fail here (the tests compare the two).
            let run = core::str::from_utf8(valid).unwrap_or_default();
            (
                run,
                Some(Malformed::from_parts(bad, offset + end, len, kind)),
            )
        }
    }
}

/// The first malformed sequence in `bytes` at or after `from` (which must be the start of a segment):
/// its offset, length and kind, or `None`. A scalar walk over RFC 3629's grammar with an
/// eight-bytes-at-a-time ASCII skip; unlike `core::str::from_utf8` it costs nothing to call again right
/// after an error, which keeps [`errors`] fast on input with an error every few bytes.
#[inline]
fn next_error_at(bytes: &[u8], from: usize) -> Option<(usize, usize, ErrorKind)> {
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
    let mut i = from;
    while let Some(&lead) = bytes.get(i) {
        if lead < 0x80 {
            i += 1;
            while let Some(word) = bytes.get(i..i + 8) {
                let word = u64::from_le_bytes(word.try_into().unwrap_or([0x80; 8]));
                if word & HIGH_BITS != 0 {
                    break;
                }
                i += 8;
            }
            continue;
        }
        match sequence_at(bytes, i) {
            Ok(len) => i += len,
            Err((len, kind)) => return Some((i, len, kind)),
        }
    }
    None
}

/// Every malformed sequence in `bytes`, in order: exactly the U+FFFDs of lossy decoding.
///
/// Well-formed stretches are skipped with the SIMD validator; elsewhere the input is scanned 64 bytes at a
/// time, without a branch per byte or per error kind (see [`Errors`]).
///
/// # Examples
///
/// ```
/// use utf8lens::{errors, ErrorKind};
///
/// let found: Vec<(usize, usize, ErrorKind)> =
///     errors(b"\xF0\x80\x80\x41").map(|e| (e.offset(), e.len(), e.kind())).collect();
/// // F0 80 is overlong: F0 alone is the maximal subpart, then two stray continuation bytes.
/// assert_eq!(found, [(0, 1, ErrorKind::Overlong),
///                    (1, 1, ErrorKind::UnexpectedContinuation),
///                    (2, 1, ErrorKind::UnexpectedContinuation)]);
/// ```
pub fn errors(bytes: &[u8]) -> Errors<'_> {
    Errors::new(bytes)
}

/// What to put in place of a malformed sequence when decoding to a string.
///
/// UTF-8B (surrogateescape) cannot be expressed in a Rust `String`; see [`decode_utf8b`].
///
/// # Examples
///
/// ```
/// use utf8lens::{decode_with, Replacement};
///
/// let bytes = b"H\xF6he"; // 'Höhe' in ISO-8859-1, read as UTF-8
/// assert_eq!(decode_with(bytes, Replacement::Fffd), "H\u{FFFD}he");
/// assert_eq!(decode_with(bytes, Replacement::Drop), "Hhe");
/// assert_eq!(decode_with(bytes, Replacement::Latin1), "Höhe");
/// assert_eq!(decode_with(b"\x93hi\x94", Replacement::Windows1252), "“hi”");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Replacement {
    /// One U+FFFD per maximal subpart (Unicode §3.9, WHATWG, `String::from_utf8_lossy`).
    #[default]
    Fffd,
    /// Remove the malformed bytes.
    Drop,
    /// Read each malformed byte as ISO-8859-1, i.e. as the code point with the byte's value.
    Latin1,
    /// Read each malformed byte as windows-1252, the fallback HTML5 uses for pages that are not UTF-8.
    Windows1252,
}

/// Decodes `bytes`, replacing each malformed sequence with U+FFFD.
///
/// Byte for byte the same as [`String::from_utf8_lossy`] and `TextDecoder`'s default mode; borrows when
/// the input is already valid.
///
/// # Examples
///
/// ```
/// use utf8lens::decode_lossy;
///
/// assert_eq!(decode_lossy(b"\xF1\x80\x80\xE1\x80\xC2"), "\u{FFFD}\u{FFFD}\u{FFFD}");
/// assert!(matches!(decode_lossy(b"fine"), std::borrow::Cow::Borrowed("fine")));
/// ```
pub fn decode_lossy(bytes: &[u8]) -> Cow<'_, str> {
    decode_with(bytes, Replacement::Fffd)
}

/// Decodes `bytes`, handling each malformed sequence as `policy` says.
///
/// # Examples
///
/// ```
/// use utf8lens::{decode_with, Replacement};
/// assert_eq!(decode_with(b"a\xC3(b", Replacement::Latin1), "aÃ(b");
/// ```
pub fn decode_with(bytes: &[u8], policy: Replacement) -> Cow<'_, str> {
    if let Some(text) = crate::simd::as_str(bytes) {
        return Cow::Borrowed(text);
    }
    let mut rest = bytes;
    let mut offset = 0;
    let mut out = String::new();
    loop {
        let (run, malformed) = split_valid_run(rest, offset);
        let Some(m) = malformed else {
            if out.is_empty() {
                return Cow::Borrowed(run);
            }
            out.push_str(run);
            return Cow::Owned(out);
        };
        if out.capacity() == 0 {
            out.reserve(bytes.len() + 2);
        }
        out.push_str(run);
        match policy {
            Replacement::Fffd => out.push(char::REPLACEMENT_CHARACTER),
            Replacement::Drop => {}
            Replacement::Latin1 => out.extend(m.bytes().iter().map(|&b| char::from(b))),
            Replacement::Windows1252 => out.extend(m.bytes().iter().map(|&b| windows_1252(b))),
        }
        let consumed = run.len() + m.len();
        rest = rest.get(consumed..).unwrap_or_default();
        offset += consumed;
        if rest.is_empty() {
            return Cow::Owned(out);
        }
    }
}

/// A malformed byte read as windows-1252 (WHATWG's table, which defines every byte: the five that
/// Microsoft left undefined, 81, 8D, 8F, 90 and 9D, pass through as C1 controls).
fn windows_1252(byte: u8) -> char {
    Charset::Windows1252
        .decode_byte(byte)
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// Decodes `bytes` to UTF-16 with UTF-8B ("surrogateescape", PEP 383): each byte of a malformed
/// sequence becomes the lone surrogate U+DC00 + byte (U+DC80..=U+DCFF), so nothing is lost.
///
/// [`encode_utf8b`] turns the result back into the very same bytes.
///
/// # Examples
///
/// ```
/// use utf8lens::{decode_utf8b, encode_utf8b};
///
/// let units = decode_utf8b(b"a\xFFb");
/// assert_eq!(units, [0x61, 0xDCFF, 0x62]);
/// assert_eq!(encode_utf8b(&units), b"a\xFFb");
/// ```
pub fn decode_utf8b(bytes: &[u8]) -> Vec<u16> {
    let mut out = Vec::with_capacity(bytes.len());
    for segment in segments(bytes) {
        match segment {
            Segment::Char { ch, .. } => {
                let mut buf = [0; 2];
                out.extend_from_slice(ch.encode_utf16(&mut buf));
            }
            Segment::Malformed(m) => out.extend(m.bytes().iter().map(|&b| 0xDC00 | u16::from(b))),
        }
    }
    out
}

/// Encodes UTF-16 to UTF-8, turning the lone surrogates U+DC80..=U+DCFF back into the bytes 80..=FF
/// (the inverse of [`decode_utf8b`]). Other lone surrogates become U+FFFD.
///
/// # Examples
///
/// ```
/// use utf8lens::encode_utf8b;
/// assert_eq!(encode_utf8b(&[0xDCC0, 0xDCAF]), b"\xC0\xAF");
/// assert_eq!(encode_utf8b(&[0xD800]), "\u{FFFD}".as_bytes());
/// ```
pub fn encode_utf8b(units: &[u16]) -> Vec<u8> {
    let mut out = Vec::with_capacity(units.len());
    for unit in char::decode_utf16(units.iter().copied()) {
        match unit {
            Ok(ch) => {
                let mut buf = [0; 4];
                out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
            }
            Err(lone) => match lone.unpaired_surrogate() {
                escaped @ 0xDC80..=0xDCFF => out.push((escaped & 0xFF) as u8),
                _ => out.extend_from_slice("\u{FFFD}".as_bytes()),
            },
        }
    }
    out
}

/// Self-synchronisation: the offset where the segment holding byte `offset` starts.
///
/// Backs up over at most three continuation bytes to a lead byte, as RFC 3629 §1 promises is enough, and
/// checks that the sequence found really reaches `offset`; a stray continuation byte is a segment of its
/// own. Returns `None` if `offset` is past the end.
///
/// # Examples
///
/// ```
/// use utf8lens::char_start;
///
/// let text = "a€b".as_bytes(); // 61 E2 82 AC 62
/// assert_eq!(char_start(text, 3), Some(1));
/// assert_eq!(char_start(text, 4), Some(4));
/// assert_eq!(char_start(b"\x80\x80", 1), Some(1));
/// assert_eq!(char_start(text, 5), None);
/// ```
pub fn char_start(bytes: &[u8], offset: usize) -> Option<usize> {
    bytes.get(offset)?;
    let window_start = offset.saturating_sub(3);
    // The segment holding `offset` starts at one of the four bytes up to it; segmenting from the earliest
    // non-continuation byte in that window finds it, since no segment is longer than four bytes.
    let from = (window_start..=offset)
        .find(|&i| !matches!(bytes.get(i), Some(0x80..=0xBF)))
        .unwrap_or(offset);
    let window = bytes.get(from..(offset + 4).min(bytes.len()))?;
    segments(window)
        .map(|s| s.range())
        .find(|r| r.contains(&(offset - from)))
        .map(|r| from + r.start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    /// The expected (offset, len, kind) of one error.
    type Expected = (usize, usize, ErrorKind);

    /// (input, expected errors).
    #[rustfmt::skip]
    const ERROR_TESTS: &[(&[u8], &[Expected])] = &[
        (b"", &[]),
        (b"plain", &[]),
        (b"\x80", &[(0, 1, ErrorKind::UnexpectedContinuation)]),
        (b"\xC0\xAF", &[(0, 1, ErrorKind::InvalidByte), (1, 1, ErrorKind::UnexpectedContinuation)]),
        (b"\xE0\x80\xAF", &[(0, 1, ErrorKind::Overlong), (1, 1, ErrorKind::UnexpectedContinuation),
                            (2, 1, ErrorKind::UnexpectedContinuation)]),
        (b"\xED\xA0\x80", &[(0, 1, ErrorKind::Surrogate), (1, 1, ErrorKind::UnexpectedContinuation),
                            (2, 1, ErrorKind::UnexpectedContinuation)]),
        (b"\xF4\x90\x80\x80", &[(0, 1, ErrorKind::TooLarge), (1, 1, ErrorKind::UnexpectedContinuation),
                                (2, 1, ErrorKind::UnexpectedContinuation), (3, 1, ErrorKind::UnexpectedContinuation)]),
        (b"\xE4\xBD", &[(0, 2, ErrorKind::Truncated)]),
        (b"\xE4\xBDx", &[(0, 2, ErrorKind::Truncated)]),
        (b"\xF0\x9F\x98\xF0\x9F\x98\x80", &[(0, 3, ErrorKind::Truncated)]),
        (b"\xF5\x80", &[(0, 1, ErrorKind::InvalidByte), (1, 1, ErrorKind::UnexpectedContinuation)]),
    ];

    #[test]
    fn error_table() {
        for (input, expected) in ERROR_TESTS {
            let got: Vec<_> = errors(input)
                .map(|e| (e.offset(), e.len(), e.kind()))
                .collect();
            assert_eq!(got, *expected, "{input:02X?}");
            let from_segments: Vec<_> = segments(input)
                .filter_map(|s| match s {
                    Segment::Malformed(e) => Some((e.offset(), e.len(), e.kind())),
                    Segment::Char { .. } => None,
                })
                .collect();
            assert_eq!(from_segments, *expected, "{input:02X?}");
            assert_eq!(decode_lossy(input), String::from_utf8_lossy(input));
        }
    }

    #[test]
    fn char_start_matches_segments_for_every_offset() {
        let input = b"a\xE2\x82\xAC\x80\xF0\x9F\x98\x80\xE4\xBD\xC3";
        for seg in segments(input) {
            for i in seg.range() {
                assert_eq!(char_start(input, i), Some(seg.range().start), "offset {i}");
            }
        }
    }

    #[test]
    fn the_windows_1252_policy_is_the_charset_table() {
        for byte in 0x80..=0xFFu8 {
            // A byte of 80..FF alone is always one malformed sequence.
            let expected = Charset::Windows1252.decode_byte(byte).map(String::from);
            assert_eq!(
                Some(decode_with(&[byte], Replacement::Windows1252).into_owned()),
                expected,
                "{byte:02X}"
            );
        }
    }

    #[test]
    fn windows_1252_keeps_latin1_above_9f() {
        assert_eq!(windows_1252(0xE4), 'ä');
        assert_eq!(windows_1252(0x80), '€');
        // The five bytes Microsoft left undefined pass through as C1 controls, as in WHATWG's table.
        for byte in [0x81, 0x8D, 0x8F, 0x90, 0x9D] {
            assert_eq!(windows_1252(byte), char::from(byte));
        }
    }
}
