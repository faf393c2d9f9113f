//! A streaming decoder with the semantics of the WHATWG `TextDecoder` for UTF-8.

use core::fmt;

use crate::byte_class::{second_byte_bounds, sequence_len, ErrorKind};
use crate::decode::{decode_lossy, errors, segments, Segment};
use crate::error::Malformed;

/// A decoding error in fatal mode: where it is in the stream and what it is.
///
/// # Examples
///
/// ```
/// use utf8lens::{ErrorKind, StreamDecoder};
///
/// let mut decoder = StreamDecoder::new(true, false);
/// assert_eq!(decoder.decode(b"ab\xE2", true).unwrap(), "ab");
/// let err = decoder.decode(b"\x41", false).unwrap_err();
/// assert_eq!((err.offset(), err.kind()), (2, ErrorKind::Truncated));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StreamError {
    malformed: Malformed,
}

impl StreamError {
    /// Byte offset of the malformed sequence, counted from the start of the stream (the first call after
    /// construction, after an error or after a call with `stream == false`).
    ///
    /// ```
    /// let mut decoder = utf8lens::StreamDecoder::new(true, false);
    /// decoder.decode(b"abc", true).unwrap();
    /// assert_eq!(decoder.decode(b"\xFF", true).unwrap_err().offset(), 3);
    /// ```
    pub fn offset(&self) -> usize {
        self.malformed.offset()
    }

    /// What is wrong.
    ///
    /// ```
    /// let mut decoder = utf8lens::StreamDecoder::new(true, false);
    /// assert_eq!(decoder.decode(b"\x80", false).unwrap_err().kind(), utf8lens::ErrorKind::UnexpectedContinuation);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.malformed.kind()
    }

    /// The full explanation, with offsets counted from the start of the stream.
    ///
    /// ```
    /// let mut decoder = utf8lens::StreamDecoder::new(true, false);
    /// let err = decoder.decode(b"\xC0\xAF", false).unwrap_err();
    /// assert_eq!(err.malformed().intended().map(|i| i.code_point()), Some(0x2F));
    /// ```
    pub fn malformed(&self) -> &Malformed {
        &self.malformed
    }
}

impl fmt::Display for StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.malformed.fmt(f)
    }
}

impl std::error::Error for StreamError {}

/// Decodes UTF-8 that arrives in chunks, like `new TextDecoder("utf-8", {fatal, ignoreBOM})`.
///
/// * A sequence split across chunks is held back until it completes (`stream == true`).
/// * A call with `stream == false` ends the stream: an unfinished sequence is an error, and the next call
///   starts a new stream.
/// * Unless `ignore_bom` is set, a U+FEFF at the very start of a stream is removed.
/// * In fatal mode the first malformed sequence is returned as [`StreamError`]; the rest of that chunk
///   and any held-back bytes are dropped, as browsers and Node do. A call with `stream == false` then
///   starts a new stream as usual; a streaming call goes on with the same stream (a BOM is removed only
///   if no code point has gone out yet).
///
/// # Examples
///
/// ```
/// use utf8lens::StreamDecoder;
///
/// let mut decoder = StreamDecoder::new(false, false);
/// let mut text = String::new();
/// for chunk in [&b"\xEF\xBB"[..], b"\xBF\xE2\x82", b"\xAC!"] {
///     text += &decoder.decode(chunk, true).unwrap();
/// }
/// text += &decoder.decode(b"\xF0\x9F", false).unwrap(); // unfinished at the end: U+FFFD
/// assert_eq!(text, "€!\u{FFFD}");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StreamDecoder {
    fatal: bool,
    ignore_bom: bool,
    /// Bytes of a sequence not yet complete: always a proper prefix of a well-formed sequence.
    held: [u8; 4],
    held_len: usize,
    /// Whether the first code point of this stream has gone out (after which no BOM is removed).
    bom_seen: bool,
    /// Stream offset of the first held byte (or of the next byte, if none is held).
    offset: usize,
}

impl StreamDecoder {
    /// A decoder; `fatal` makes malformed input an error instead of U+FFFD, `ignore_bom` keeps a leading
    /// byte order mark in the output.
    ///
    /// ```
    /// let decoder = utf8lens::StreamDecoder::new(true, false);
    /// assert!(decoder.fatal() && !decoder.ignore_bom());
    /// ```
    pub fn new(fatal: bool, ignore_bom: bool) -> StreamDecoder {
        StreamDecoder {
            fatal,
            ignore_bom,
            held: [0; 4],
            held_len: 0,
            bom_seen: false,
            offset: 0,
        }
    }

    /// Whether malformed input is an error.
    ///
    /// ```
    /// assert!(!utf8lens::StreamDecoder::new(false, true).fatal());
    /// ```
    pub fn fatal(&self) -> bool {
        self.fatal
    }

    /// Whether a leading byte order mark is kept.
    ///
    /// ```
    /// assert!(utf8lens::StreamDecoder::new(false, true).ignore_bom());
    /// ```
    pub fn ignore_bom(&self) -> bool {
        self.ignore_bom
    }

    /// How many bytes are held back waiting for the rest of their sequence (0 to 3).
    ///
    /// ```
    /// let mut decoder = utf8lens::StreamDecoder::new(false, false);
    /// decoder.decode(b"\xF0\x9F", true).unwrap();
    /// assert_eq!(decoder.held_bytes(), [0xF0, 0x9F]);
    /// ```
    pub fn held_bytes(&self) -> &[u8] {
        &self.held[..self.held_len.min(4)]
    }

    /// Decodes `chunk`, as `TextDecoder.decode(chunk, {stream})` does.
    ///
    /// # Errors
    ///
    /// In fatal mode, the first malformed sequence. The decoder is then reset to a new stream.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut decoder = utf8lens::StreamDecoder::new(false, true);
    /// assert_eq!(decoder.decode(b"\xEF\xBB\xBFa\xC3", true).unwrap(), "\u{FEFF}a");
    /// assert_eq!(decoder.decode(b"\xA4", false).unwrap(), "ä");
    /// ```
    pub fn decode(&mut self, chunk: &[u8], stream: bool) -> Result<String, StreamError> {
        let chunk_end = self.offset + self.held_len + chunk.len();
        let result = self.decode_inner(chunk, stream);
        if !stream {
            self.reset();
        } else if result.is_err() {
            // The rest of the chunk and any held-back bytes are dropped, but the stream goes on: whether
            // its first code point has gone out (the BOM rule) is kept, as browsers and Node do.
            self.held_len = 0;
            self.offset = chunk_end;
        }
        result
    }

    fn reset(&mut self) {
        let (fatal, ignore_bom) = (self.fatal, self.ignore_bom);
        *self = StreamDecoder::new(fatal, ignore_bom);
    }

    fn decode_inner(&mut self, chunk: &[u8], stream: bool) -> Result<String, StreamError> {
        let mut out = String::with_capacity(chunk.len() + 4);
        let mut rest = chunk;

        // First complete (or give up on) the sequence held back from the previous chunk.
        while self.held_len > 0 {
            let need = sequence_len(self.held[0]);
            if self.held_len >= need {
                let held = self.held;
                for segment in segments(&held[..need.min(4)]) {
                    self.emit(segment, self.offset, &mut out)?;
                }
                self.offset += need;
                self.held_len = 0;
                break;
            }
            match rest.split_first() {
                Some((&b, tail)) if fits(self.held[0], self.held_len, b) => {
                    self.held[self.held_len] = b;
                    self.held_len += 1;
                    rest = tail;
                }
                None if stream => return Ok(self.finish(out)),
                // Cut short by a byte that cannot continue it, or by the end of the stream.
                _ => {
                    let mut probe = [0u8; 9];
                    let held = self.held_len.min(4);
                    probe[..held].copy_from_slice(&self.held[..held]);
                    let extra = rest.len().min(probe.len() - held);
                    probe[held..held + extra].copy_from_slice(&rest[..extra]);
                    let m = Malformed::at(&probe[..held + extra], 0);
                    self.emit(Segment::Malformed(m), self.offset, &mut out)?;
                    self.offset += held;
                    self.held_len = 0;
                }
            }
        }

        // Then the chunk, holding back an unfinished sequence at its end when more may come.
        let body_len = if stream {
            unfinished_tail_start(rest)
        } else {
            rest.len()
        };
        let (body, tail) = rest.split_at(body_len);
        self.emit_body(body, &mut out)?;
        self.offset += body.len();
        self.held[..tail.len()].copy_from_slice(tail);
        self.held_len = tail.len();
        Ok(self.finish(out))
    }

    /// Appends one segment (whose offsets are relative to `base`) or, in fatal mode, fails on a malformed one.
    fn emit(&mut self, segment: Segment, base: usize, out: &mut String) -> Result<(), StreamError> {
        match segment {
            Segment::Char { ch, .. } => out.push(ch),
            Segment::Malformed(m) if self.fatal => {
                return Err(StreamError {
                    malformed: m.with_offset(base + m.offset()),
                });
            }
            Segment::Malformed(_) => out.push(char::REPLACEMENT_CHARACTER),
        }
        Ok(())
    }

    /// Appends `body`, which holds whole segments and starts at `self.offset`: with the SIMD
    /// validator and the block decoder, not one segment at a time (the same text: U+FFFD for each
    /// maximal subpart, or in fatal mode the first malformed sequence as the error).
    fn emit_body(&self, body: &[u8], out: &mut String) -> Result<(), StreamError> {
        if let Some(text) = crate::simd::as_str(body) {
            out.push_str(text);
            return Ok(());
        }
        if self.fatal {
            if let Some(m) = errors(body).next() {
                return Err(StreamError {
                    malformed: m.with_offset(self.offset + m.offset()),
                });
            }
        }
        out.push_str(&decode_lossy(body));
        Ok(())
    }

    /// Applies the BOM rule to this call's output.
    fn finish(&mut self, out: String) -> String {
        apply_bom_rule(out, &mut self.bom_seen, self.ignore_bom)
    }
}

/// The BOM rule of the WHATWG streaming decoders, applied to one call's output: the first output of
/// a stream loses a leading U+FEFF unless `ignore_bom`; `bom_seen` records that the first output has
/// been seen (an empty output leaves it unseen). Shared by [`StreamDecoder`] and the UTF-16/32
/// decoder.
pub(crate) fn apply_bom_rule(mut out: String, bom_seen: &mut bool, ignore_bom: bool) -> String {
    if !*bom_seen && !out.is_empty() {
        *bom_seen = true;
        if !ignore_bom && out.starts_with('\u{FEFF}') {
            out.drain(..'\u{FEFF}'.len_utf8());
        }
    }
    out
}

/// Whether `byte` can be byte number `index` (0-based) of a sequence led by `lead`.
fn fits(lead: u8, index: usize, byte: u8) -> bool {
    let (lo, hi) = if index == 1 {
        second_byte_bounds(lead)
    } else {
        (0x80, 0xBF)
    };
    (lo..=hi).contains(&byte)
}

/// Where the unfinished sequence at the end of `bytes` starts (a lead byte and 0 to 2 fitting
/// continuation bytes, fewer than the lead announces), or `bytes.len()` if there is none.
fn unfinished_tail_start(bytes: &[u8]) -> usize {
    let len = bytes.len();
    for back in 1..=3.min(len) {
        let start = len - back;
        let lead = bytes[start];
        match lead {
            0x80..=0xBF => continue,
            0xC2..=0xF4 => {
                let unfinished = sequence_len(lead) > back
                    && bytes[start + 1..]
                        .iter()
                        .enumerate()
                        .all(|(i, &b)| fits(lead, i + 1, b));
                return if unfinished { start } else { len };
            }
            _ => return len,
        }
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_byte_at_a_time(input: &[u8], fatal: bool) -> Result<String, StreamError> {
        let mut decoder = StreamDecoder::new(fatal, true);
        let mut out = String::new();
        for b in input {
            out += &decoder.decode(core::slice::from_ref(b), true)?;
        }
        out += &decoder.decode(&[], false)?;
        Ok(out)
    }

    #[test]
    fn byte_by_byte_equals_one_shot() {
        let inputs: [&[u8]; 6] = [
            b"a\xE2\x82\xAC\xF0\x9F\x98\x80",
            b"\xE0\x80\xAF",
            b"\xF0\x9F\x98A",
            b"\xED\xA0\x80\xED\x9F\xBF",
            b"\xC3",
            b"\xF4\x8F\xBF\xBF\xF4\x90",
        ];
        for input in inputs {
            assert_eq!(
                one_byte_at_a_time(input, false).unwrap(),
                String::from_utf8_lossy(input)
            );
            let whole = StreamDecoder::new(true, true)
                .decode(input, false)
                .map_err(|e| e.offset());
            assert_eq!(
                one_byte_at_a_time(input, true).map_err(|e| e.offset()),
                whole,
                "{input:02X?}"
            );
        }
    }

    #[test]
    fn unfinished_tail() {
        assert_eq!(unfinished_tail_start(b"ab\xE2\x82"), 2);
        assert_eq!(unfinished_tail_start(b"ab\xE0\x80"), 4); // E0 80 can never complete
        assert_eq!(unfinished_tail_start(b"\xC3\xA4"), 2);
        assert_eq!(unfinished_tail_start(b"\xF0\x9F\x98"), 0);
        assert_eq!(unfinished_tail_start(b""), 0);
    }
}
