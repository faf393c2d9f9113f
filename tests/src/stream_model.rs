//! A reference model of `TextDecoder("utf-8")` call semantics, built on std.
//!
//! The model keeps every byte since the last reset and re-derives each call's output from std:
//! a call emits the characters completed so far, holding back a sequence that is cut short by the
//! end of the chunk only when `stream` is true (it may still be completed), and strips one
//! leading byte order mark after a reset unless `ignore_bom`. With `fatal`, a call fails as soon
//! as the bytes seen contain an error that more input cannot repair, or at a flush that leaves a
//! sequence unfinished; the rest of that chunk and any held-back bytes are dropped. A failing
//! streaming call keeps the stream going (offsets keep counting, and a BOM is stripped only if no
//! code point has gone out yet), as Node and Chromium do; a flush (`stream == false`) resets it. The model is itself checked against every WPT
//! streaming vector before it serves as an oracle for random chunk splits.

use crate::oracle::{expected_kind, BOM};
use utf8lens::ErrorKind;

/// What one `decode` call should return.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Call {
    /// The text emitted by the call.
    Text(String),
    /// A fatal error at `offset` bytes after the last reset.
    Error { offset: usize, kind: ErrorKind },
}

/// The model decoder; see the module documentation.
#[derive(Debug, Clone)]
pub struct ModelDecoder {
    fatal: bool,
    ignore_bom: bool,
    /// Every byte since the last reset.
    seen: Vec<u8>,
    /// How many of `seen` have been turned into output (or dropped after an error).
    emitted: usize,
    /// Whether a code point has gone out since the last reset (after which no BOM is stripped).
    bom_seen: bool,
}

impl ModelDecoder {
    /// A fresh decoder with `TextDecoder`'s two options.
    pub fn new(fatal: bool, ignore_bom: bool) -> Self {
        ModelDecoder {
            fatal,
            ignore_bom,
            seen: Vec::new(),
            emitted: 0,
            bom_seen: false,
        }
    }

    /// The model of `TextDecoder.decode(chunk, { stream })`.
    pub fn decode(&mut self, chunk: &[u8], stream: bool) -> Call {
        self.seen.extend_from_slice(chunk);
        let end = if stream {
            self.emitted + start_of_unfinished_tail(&self.seen[self.emitted..])
        } else {
            self.seen.len()
        };
        if self.fatal {
            if let Err(e) = std::str::from_utf8(&self.seen[self.emitted..end]) {
                let offset = self.emitted + e.valid_up_to();
                let kind = expected_kind(&self.seen, offset)
                    .expect("std reports errors at non-ASCII bytes");
                if stream {
                    self.emitted = self.seen.len();
                } else {
                    self.reset();
                }
                return Call::Error { offset, kind };
            }
        }
        let mut start = self.emitted;
        let strip = !self.bom_seen && !self.ignore_bom && self.seen[start..end].starts_with(&BOM);
        if strip {
            start += BOM.len();
        }
        let text = String::from_utf8_lossy(&self.seen[start..end]).into_owned();
        self.bom_seen |= strip || !text.is_empty();
        self.emitted = end;
        if !stream {
            self.reset();
        }
        Call::Text(text)
    }

    fn reset(&mut self) {
        self.seen.clear();
        self.emitted = 0;
        self.bom_seen = false;
    }
}

/// Where a sequence that the end of input cuts short (and more input could complete) starts, or
/// `bytes.len()` if the input does not end in one. Such a tail is a lead byte and at most two
/// fitting continuation bytes, so it is one of the last three suffixes; std reports it as an
/// error with `error_len() == None` and `valid_up_to() == 0`.
pub fn start_of_unfinished_tail(bytes: &[u8]) -> usize {
    for k in 1..=3.min(bytes.len()) {
        let tail = &bytes[bytes.len() - k..];
        if let Err(e) = std::str::from_utf8(tail) {
            if e.valid_up_to() == 0 && e.error_len().is_none() {
                return bytes.len() - k;
            }
        }
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unfinished_tails() {
        assert_eq!(start_of_unfinished_tail(b"ab\xE2\x82"), 2);
        assert_eq!(start_of_unfinished_tail(b"ab\xF0\x9F\x98"), 2);
        assert_eq!(start_of_unfinished_tail(b"ab\xE0\x80"), 4); // E0 80 can never be completed
        assert_eq!(start_of_unfinished_tail(b"\xE2\x82\xAC"), 3);
        assert_eq!(start_of_unfinished_tail(b""), 0);
    }

    #[test]
    fn model_holds_strips_and_resets() {
        let mut d = ModelDecoder::new(false, false);
        assert_eq!(d.decode(b"\xEF\xBB", true), Call::Text(String::new()));
        assert_eq!(d.decode(b"\xBFa\xE2", true), Call::Text("a".into()));
        assert_eq!(d.decode(b"", false), Call::Text("\u{FFFD}".into()));
        assert_eq!(d.decode(b"\xEF\xBB\xBFb", false), Call::Text("b".into()));
        let mut f = ModelDecoder::new(true, false);
        assert_eq!(
            f.decode(b"ab\xC0", true),
            Call::Error {
                offset: 2,
                kind: ErrorKind::InvalidByte
            }
        );
        assert_eq!(f.decode(b"\xE2\x82", true), Call::Text(String::new()));
        // The stream went on after the error: E2 82 sit at offsets 3 and 4.
        assert_eq!(
            f.decode(b"", false),
            Call::Error {
                offset: 3,
                kind: ErrorKind::Truncated
            }
        );
    }
}
