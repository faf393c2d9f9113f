//! Expectations derived from std (and, for error kinds, from the API's definitions), and the
//! codec checked against them.
//!
//! std is the oracle for *where* input is malformed: `<[u8]>::utf8_chunks` yields, per chunk, a
//! valid run and then at most one invalid part, and each invalid part is exactly one maximal
//! subpart (Unicode §3.9, "U+FFFD substitution of maximal subparts"), the unit that
//! `String::from_utf8_lossy` replaces with one U+FFFD. std knows nothing of error *kinds*, so
//! [`expected_kind`] and [`expected_intended`] restate the API's definitions independently of the
//! codec's code.

use crate::hex;
use std::fmt::Debug;
use utf8lens::{ErrorKind, Malformed, Segment};

/// The byte order mark, which `TextDecoder` strips unless `ignoreBOM` is set.
pub const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// One segment of the input as std sees it: a character, or one maximal subpart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StdSegment {
    /// A well-formed character at `offset`.
    Char { offset: usize, len: usize, ch: char },
    /// One `Utf8Chunk::invalid()` part.
    Invalid { offset: usize, len: usize },
}

impl StdSegment {
    /// The byte range the segment covers.
    pub fn range(&self) -> std::ops::Range<usize> {
        match *self {
            StdSegment::Char { offset, len, .. } | StdSegment::Invalid { offset, len } => {
                offset..offset + len
            }
        }
    }
}

/// Splits `bytes` the way std's `Utf8Chunks` does, one entry per character or maximal subpart.
pub fn std_segments(bytes: &[u8]) -> Vec<StdSegment> {
    let mut out = Vec::new();
    let mut pos = 0;
    for chunk in bytes.utf8_chunks() {
        for (i, ch) in chunk.valid().char_indices() {
            out.push(StdSegment::Char {
                offset: pos + i,
                len: ch.len_utf8(),
                ch,
            });
        }
        pos += chunk.valid().len();
        if !chunk.invalid().is_empty() {
            out.push(StdSegment::Invalid {
                offset: pos,
                len: chunk.invalid().len(),
            });
            pos += chunk.invalid().len();
        }
    }
    out
}

/// The valid parts kept verbatim, each invalid part passed to `replace`.
pub fn decode_with_policy(bytes: &[u8], mut replace: impl FnMut(&[u8], &mut String)) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        if !chunk.invalid().is_empty() {
            replace(chunk.invalid(), &mut out);
        }
    }
    out
}

/// UTF-8b (surrogateescape): valid parts as UTF-16, every byte `b` of an invalid part as
/// U+DC00 + `b`.
pub fn expected_utf8b(bytes: &[u8]) -> Vec<u16> {
    let mut out = Vec::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        out.extend(chunk.valid().encode_utf16());
        out.extend(chunk.invalid().iter().map(|&b| 0xDC00 + u16::from(b)));
    }
    out
}

/// The sequence length a lead byte announces when read RFC 2279 style, counting the leads that
/// RFC 3629 forbids: C0..=DF two, E0..=EF three, F0..=F7 four, F8..=FB five, FC..=FD six.
pub fn announced_len(lead: u8) -> Option<usize> {
    match lead {
        0xC0..=0xDF => Some(2),
        0xE0..=0xEF => Some(3),
        0xF0..=0xF7 => Some(4),
        0xF8..=0xFB => Some(5),
        0xFC..=0xFD => Some(6),
        _ => None,
    }
}

/// Glues the payload bits of a would-be sequence (lead byte, then continuation bytes) into the
/// number it spells, ignoring every well-formedness rule: `C0 AF` spells 0x2F.
pub fn glue_bits(sequence: &[u8]) -> u32 {
    let Some((&lead, rest)) = sequence.split_first() else {
        return 0;
    };
    // The lead of an n-byte sequence has n marker bits and a 0, leaving 7 - n payload bits.
    let payload_mask = 0x7Fu8 >> sequence.len();
    rest.iter().fold(u32::from(lead & payload_mask), |acc, &b| {
        (acc << 6) | u32::from(b & 0x3F)
    })
}

/// The kind of the maximal subpart that starts at `bytes[offset]`, from the API's definitions.
///
/// Continuation byte first: unexpected continuation. C0, C1, F5..=FF: invalid byte. A valid lead
/// followed by a continuation byte outside its allowed second-byte range: overlong (E0 80..9F,
/// F0 80..8F), surrogate (ED A0..BF) or too large (F4 90..BF). Any other valid lead: the
/// sequence stops early (by the end of input or by a byte that does not continue it): truncated.
pub fn expected_kind(bytes: &[u8], offset: usize) -> Option<ErrorKind> {
    let lead = *bytes.get(offset)?;
    let second = bytes.get(offset + 1).copied();
    Some(match lead {
        0x00..=0x7F => return None,
        0x80..=0xBF => ErrorKind::UnexpectedContinuation,
        0xC0 | 0xC1 | 0xF5..=0xFF => ErrorKind::InvalidByte,
        _ => match (lead, second) {
            (0xE0, Some(0x80..=0x9F)) | (0xF0, Some(0x80..=0x8F)) => ErrorKind::Overlong,
            (0xED, Some(0xA0..=0xBF)) => ErrorKind::Surrogate,
            (0xF4, Some(0x90..=0xBF)) => ErrorKind::TooLarge,
            _ => ErrorKind::Truncated,
        },
    })
}

/// What the lead byte's announced sequence would have meant, as `(code point, length)`: present
/// for overlong, surrogate, too-large and invalid-byte errors whose lead announces a length
/// (C0, C1, F5..=FD) when every announced continuation byte is present.
pub fn expected_intended(bytes: &[u8], offset: usize, kind: ErrorKind) -> Option<(u32, usize)> {
    let explains_meaning = matches!(
        kind,
        ErrorKind::InvalidByte | ErrorKind::Overlong | ErrorKind::Surrogate | ErrorKind::TooLarge
    );
    let rest = bytes.get(offset..)?;
    let n = announced_len(*rest.first()?)?;
    let sequence = rest.get(..n)?;
    let complete = sequence[1..].iter().all(|b| (0x80..=0xBF).contains(b));
    (explains_meaning && complete).then(|| (glue_bits(sequence), n))
}

/// Checks one malformed sequence's kind, intended meaning and length bound against the
/// definitions above. `bytes` is the whole input the error was reported for.
pub fn check_malformed(bytes: &[u8], m: &Malformed) -> Result<(), String> {
    let kind = expected_kind(bytes, m.offset());
    if kind != Some(m.kind()) {
        return Err(mismatch(
            bytes,
            &format!("kind of the error at {}", m.offset()),
            kind,
            m.kind(),
        ));
    }
    let intended = expected_intended(bytes, m.offset(), m.kind());
    let got = m.intended().map(|i| (i.code_point(), i.len()));
    if intended != got {
        return Err(mismatch(
            bytes,
            &format!("intended (code point, len) of the error at {}", m.offset()),
            intended,
            got,
        ));
    }
    if !(1..=3).contains(&m.len()) {
        return Err(mismatch(
            bytes,
            "maximal subpart length (1..=3)",
            "1..=3",
            m.len(),
        ));
    }
    Ok(())
}

/// A failure message that names the input in hex.
pub fn mismatch(bytes: &[u8], what: &str, expected: impl Debug, got: impl Debug) -> String {
    format!(
        "input [{}]: {what}: expected {expected:?}, got {got:?}",
        hex::format(bytes)
    )
}

/// Checks every one-shot decoding view of `bytes` against std:
///
/// - `validate` and `from_utf8` give std's verdict, `valid_up_to` and `error_len`;
/// - `segments()` yields exactly std's characters and maximal subparts, in order, so the
///   segment lengths add up to the input length; `errors()` yields the same `Malformed` values
///   as the malformed segments, each with the kind and intended meaning the API defines;
/// - `decode_lossy` equals `String::from_utf8_lossy`, and the number of malformed segments
///   equals the number of U+FFFD that `from_utf8_lossy` produced (its output's U+FFFD minus
///   those already in the input).
pub fn check_against_std(bytes: &[u8]) -> Result<(), String> {
    let std_verdict = std::str::from_utf8(bytes)
        .map(|_| ())
        .map_err(|e| (e.valid_up_to(), e.error_len()));
    let verdict = utf8lens::validate(bytes).map_err(|e| (e.valid_up_to(), e.error_len()));
    if verdict != std_verdict {
        return Err(mismatch(
            bytes,
            "validate (valid_up_to, error_len)",
            std_verdict,
            verdict,
        ));
    }
    match (utf8lens::from_utf8(bytes), std_verdict) {
        (Ok(s), Ok(())) if s.as_bytes() == bytes => {}
        (Err(e), Err(want)) if (e.valid_up_to(), e.error_len()) == want => {}
        (got, want) => return Err(mismatch(bytes, "from_utf8", want, got)),
    }

    let mut segments = utf8lens::segments(bytes);
    let mut errors = utf8lens::errors(bytes);
    let mut pos = 0;
    let mut malformed = 0;
    let mut fffd_in_input = 0;
    for chunk in bytes.utf8_chunks() {
        for (i, ch) in chunk.valid().char_indices() {
            let want = (pos + i, ch.len_utf8(), ch);
            match segments.next() {
                Some(Segment::Char {
                    offset,
                    len,
                    ch: got,
                }) if (offset, len, got) == want => {}
                got => return Err(mismatch(bytes, "segment (char offset, len, ch)", want, got)),
            }
            fffd_in_input += usize::from(ch == char::REPLACEMENT_CHARACTER);
        }
        pos += chunk.valid().len();
        let invalid = chunk.invalid();
        if invalid.is_empty() {
            continue;
        }
        let m = match segments.next() {
            Some(Segment::Malformed(m)) if (m.offset(), m.len()) == (pos, invalid.len()) => m,
            got => {
                let want = format!("Malformed at {pos} len {}", invalid.len());
                return Err(mismatch(bytes, "segment", want, got));
            }
        };
        match errors.next() {
            Some(e) if e == m => {}
            got => {
                return Err(mismatch(
                    bytes,
                    "errors() item equal to the malformed segment",
                    m,
                    got,
                ))
            }
        }
        check_malformed(bytes, &m)?;
        malformed += 1;
        pos += invalid.len();
    }
    // Every byte is in exactly one segment: the segment lengths add up to the input length.
    if pos != bytes.len() {
        return Err(mismatch(bytes, "total segment length", bytes.len(), pos));
    }
    if let Some(extra) = segments.next() {
        return Err(mismatch(
            bytes,
            "segments() after the last byte",
            "None",
            extra,
        ));
    }
    if let Some(extra) = errors.next() {
        return Err(mismatch(
            bytes,
            "errors() after the last error",
            "None",
            extra,
        ));
    }

    let lossy = String::from_utf8_lossy(bytes);
    let ours = utf8lens::decode_lossy(bytes);
    if *ours != *lossy {
        return Err(mismatch(bytes, "decode_lossy", &lossy, &ours));
    }
    let produced = lossy
        .chars()
        .filter(|&c| c == char::REPLACEMENT_CHARACTER)
        .count()
        - fffd_in_input;
    if produced != malformed {
        return Err(mismatch(
            bytes,
            "malformed segments = U+FFFD produced by from_utf8_lossy",
            produced,
            malformed,
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! The oracle's own definitions, checked on hand-worked examples.
    use super::*;

    #[test]
    fn glue_bits_reads_payload_bits_only() {
        assert_eq!(glue_bits(&[0xC0, 0xAF]), 0x2F); // 110_00000 10_101111
        assert_eq!(glue_bits(&[0xE0, 0x80, 0xAF]), 0x2F);
        assert_eq!(glue_bits(&[0xED, 0xA0, 0x80]), 0xD800); // 1101 100000 000000
        assert_eq!(glue_bits(&[0xF4, 0x90, 0x80, 0x80]), 0x11_0000); // 100 010000 ...
        assert_eq!(glue_bits(&[0xF5, 0x80, 0x80, 0x80]), 0x14_0000); // 101 << 18
        assert_eq!(
            glue_bits(&[0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]),
            0x7FFF_FFFF
        );
        assert_eq!(glue_bits(&[0xE2, 0x82, 0xAC]), 0x20AC);
    }

    #[test]
    fn expected_kinds_of_hand_worked_inputs() {
        assert_eq!(
            expected_kind(b"a\x80", 1),
            Some(ErrorKind::UnexpectedContinuation)
        );
        assert_eq!(expected_kind(b"\xC1\xBF", 0), Some(ErrorKind::InvalidByte));
        assert_eq!(expected_kind(b"\xE0\x9F", 0), Some(ErrorKind::Overlong));
        assert_eq!(expected_kind(b"\xE0\xA0", 0), Some(ErrorKind::Truncated));
        assert_eq!(expected_kind(b"\xED\xA0", 0), Some(ErrorKind::Surrogate));
        assert_eq!(expected_kind(b"\xF4\x90", 0), Some(ErrorKind::TooLarge));
        assert_eq!(expected_kind(b"\xF4\x8F", 0), Some(ErrorKind::Truncated));
        assert_eq!(expected_kind(b"\xC2A", 0), Some(ErrorKind::Truncated));
        assert_eq!(expected_kind(b"A", 0), None);
        assert_eq!(
            expected_intended(b"\xF0\x80\x80", 0, ErrorKind::Overlong),
            None
        );
        assert_eq!(
            expected_intended(b"\xF0\x80\x80\xAF", 0, ErrorKind::Overlong),
            Some((0x2F, 4))
        );
        assert_eq!(
            expected_intended(b"\xFE\x80", 0, ErrorKind::InvalidByte),
            None
        );
    }

    #[test]
    fn std_segments_follow_the_maximal_subpart_rule() {
        let segments: Vec<_> = std_segments(b"\xE2\x82A\xF0\x80")
            .iter()
            .map(|s| s.range())
            .collect();
        assert_eq!(segments, [0..2, 2..3, 3..4, 4..5]);
        assert_eq!(expected_utf8b(b"a\xFF"), [0x61, 0xDCFF]);
    }
}
