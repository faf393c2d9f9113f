//! Decoding the byte forms of Unicode other than UTF-8: UTF-16 and UTF-32 in either byte order, as
//! Java, .NET and Windows tools write them, beside UTF-8 itself, behind one streaming decoder.
//!
//! The UTF-16 rules are the WHATWG Encoding Standard's "shared UTF-16 decoder": a lead surrogate
//! (U+D800..=U+DBFF) must be followed by a trail surrogate (U+DC00..=U+DFFF), and a surrogate without
//! its partner is one error (one U+FFFD); a code unit after an unpaired lead is read again as the
//! start of what follows. UTF-32 (not in the WHATWG standard) takes each four bytes as a scalar value;
//! a value above U+10FFFF or in the surrogate range is one error. Bytes left over at the end of the
//! stream that make no whole code unit are one error.

use core::fmt;
use std::borrow::Cow;

use crate::byte_class::ErrorKind;
use crate::stream::{apply_bom_rule, StreamDecoder};

/// A Unicode encoding scheme: UTF-8, or UTF-16 or UTF-32 in a byte order, or (the labels `utf-16`
/// and `utf-32`) in the byte order their byte order mark names, little-endian without one.
///
/// # Examples
///
/// ```
/// use utf8lens::UnicodeEncoding;
///
/// assert_eq!(UnicodeEncoding::from_label(" UTF-16BE "), Some(UnicodeEncoding::Utf16Be));
/// assert_eq!(UnicodeEncoding::from_label("ucs-2"), Some(UnicodeEncoding::Utf16Le));
/// assert_eq!(UnicodeEncoding::Utf32.name(), "utf-32");
/// assert_eq!(UnicodeEncoding::Utf16Be.encode("€"), [0x20, 0xAC]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnicodeEncoding {
    /// UTF-8.
    Utf8,
    /// UTF-16, little-endian.
    Utf16Le,
    /// UTF-16, big-endian.
    Utf16Be,
    /// UTF-16 in the byte order its byte order mark names (`FF FE` or `FE FF`), little-endian
    /// without one.
    Utf16,
    /// UTF-32, little-endian.
    Utf32Le,
    /// UTF-32, big-endian.
    Utf32Be,
    /// UTF-32 in the byte order its byte order mark names (`FF FE 00 00` or `00 00 FE FF`),
    /// little-endian without one.
    Utf32,
}

// Each label (lowercase) and the encoding it names: the WHATWG labels of UTF-8, UTF-16LE and UTF-16BE,
// except that `utf-16` sniffs the byte order mark here (for WHATWG it is UTF-16LE), and UTF-32's.
#[rustfmt::skip]
const LABELS: [(&str, UnicodeEncoding); 17] = [
    ("unicode-1-1-utf-8", UnicodeEncoding::Utf8),
    ("unicode11utf8",     UnicodeEncoding::Utf8),
    ("unicode20utf8",     UnicodeEncoding::Utf8),
    ("utf-8",             UnicodeEncoding::Utf8),
    ("utf8",              UnicodeEncoding::Utf8),
    ("x-unicode20utf8",   UnicodeEncoding::Utf8),
    ("csunicode",         UnicodeEncoding::Utf16Le),
    ("iso-10646-ucs-2",   UnicodeEncoding::Utf16Le),
    ("ucs-2",             UnicodeEncoding::Utf16Le),
    ("unicode",           UnicodeEncoding::Utf16Le),
    ("unicodefeff",       UnicodeEncoding::Utf16Le),
    ("utf-16le",          UnicodeEncoding::Utf16Le),
    ("unicodefffe",       UnicodeEncoding::Utf16Be),
    ("utf-16be",          UnicodeEncoding::Utf16Be),
    ("utf-16",            UnicodeEncoding::Utf16),
    ("utf-32le",          UnicodeEncoding::Utf32Le),
    ("utf-32be",          UnicodeEncoding::Utf32Be),
];

impl UnicodeEncoding {
    /// The encoding a label names, ASCII case and surrounding ASCII whitespace ignored, as the
    /// WHATWG's "get an encoding" reads labels; `None` for a label of no Unicode encoding.
    ///
    /// ```
    /// use utf8lens::UnicodeEncoding;
    /// assert_eq!(UnicodeEncoding::from_label("utf-32"), Some(UnicodeEncoding::Utf32));
    /// assert_eq!(UnicodeEncoding::from_label("latin1"), None);
    /// ```
    pub fn from_label(label: &str) -> Option<UnicodeEncoding> {
        let label = label.trim_matches(|c: char| matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' '));
        if label.eq_ignore_ascii_case("utf-32") {
            return Some(UnicodeEncoding::Utf32);
        }
        LABELS
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(label))
            .map(|&(_, encoding)| encoding)
    }

    /// Its name, lowercase: `utf-8`, `utf-16le`, `utf-16be`, `utf-16`, `utf-32le`, `utf-32be` or
    /// `utf-32`.
    ///
    /// ```
    /// assert_eq!(utf8lens::UnicodeEncoding::Utf16Le.name(), "utf-16le");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            UnicodeEncoding::Utf8 => "utf-8",
            UnicodeEncoding::Utf16Le => "utf-16le",
            UnicodeEncoding::Utf16Be => "utf-16be",
            UnicodeEncoding::Utf16 => "utf-16",
            UnicodeEncoding::Utf32Le => "utf-32le",
            UnicodeEncoding::Utf32Be => "utf-32be",
            UnicodeEncoding::Utf32 => "utf-32",
        }
    }

    /// The bytes of `text` in this encoding. `Utf16` and `Utf32` write a byte order mark, then
    /// little-endian; the others write no mark.
    ///
    /// ```
    /// use utf8lens::UnicodeEncoding;
    /// assert_eq!(UnicodeEncoding::Utf32Le.encode("A"), [0x41, 0, 0, 0]);
    /// assert_eq!(UnicodeEncoding::Utf16.encode("A"), [0xFF, 0xFE, 0x41, 0]);
    /// ```
    pub fn encode(self, text: &str) -> Vec<u8> {
        let mut out = Vec::with_capacity(text.len() * 2);
        match self {
            UnicodeEncoding::Utf8 => out.extend_from_slice(text.as_bytes()),
            UnicodeEncoding::Utf16Le => text
                .encode_utf16()
                .for_each(|u| out.extend(u.to_le_bytes())),
            UnicodeEncoding::Utf16Be => text
                .encode_utf16()
                .for_each(|u| out.extend(u.to_be_bytes())),
            UnicodeEncoding::Utf32Le => text
                .chars()
                .for_each(|c| out.extend(u32::from(c).to_le_bytes())),
            UnicodeEncoding::Utf32Be => text
                .chars()
                .for_each(|c| out.extend(u32::from(c).to_be_bytes())),
            UnicodeEncoding::Utf16 | UnicodeEncoding::Utf32 => {
                let le = self.little_endian();
                out = le.encode("\u{FEFF}");
                out.extend(le.encode(text));
            }
        }
        out
    }

    /// A sniffing encoding's little-endian default; any other itself.
    fn little_endian(self) -> UnicodeEncoding {
        match self {
            UnicodeEncoding::Utf16 => UnicodeEncoding::Utf16Le,
            UnicodeEncoding::Utf32 => UnicodeEncoding::Utf32Le,
            other => other,
        }
    }
}

/// What is wrong with the input at a [`UnicodeError`].
///
/// # Examples
///
/// ```
/// use utf8lens::UnicodeErrorKind;
/// assert_eq!(UnicodeErrorKind::LoneSurrogate.as_str(), "lone-surrogate");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnicodeErrorKind {
    /// Malformed UTF-8, of this kind.
    Utf8(ErrorKind),
    /// UTF-16: a lead surrogate not followed by a trail surrogate (or by the end of the stream), or
    /// a trail surrogate not preceded by a lead.
    LoneSurrogate,
    /// The stream ended inside a code unit: one byte of a UTF-16 code unit, one to three of a UTF-32
    /// one.
    Truncated,
    /// UTF-32: a value above U+10FFFF.
    TooLarge,
    /// UTF-32: a value in the surrogate range U+D800..=U+DFFF, which is no scalar value.
    Surrogate,
}

impl UnicodeErrorKind {
    /// The kind's name, lowercase with hyphens; UTF-8's kinds keep [`ErrorKind::as_str`]'s, and
    /// UTF-32's too large and surrogate values and a truncated code unit share UTF-8's names.
    ///
    /// ```
    /// use utf8lens::{ErrorKind, UnicodeErrorKind};
    /// assert_eq!(UnicodeErrorKind::Utf8(ErrorKind::Overlong).as_str(), "overlong");
    /// assert_eq!(UnicodeErrorKind::TooLarge.as_str(), "too-large");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            UnicodeErrorKind::Utf8(kind) => kind.as_str(),
            UnicodeErrorKind::LoneSurrogate => "lone-surrogate",
            UnicodeErrorKind::Truncated => "truncated",
            UnicodeErrorKind::TooLarge => ErrorKind::TooLarge.as_str(),
            UnicodeErrorKind::Surrogate => ErrorKind::Surrogate.as_str(),
        }
    }
}

/// A decoding error of [`UnicodeDecoder`] in fatal mode: where in the stream and what.
///
/// # Examples
///
/// ```
/// use utf8lens::{UnicodeDecoder, UnicodeEncoding, UnicodeErrorKind};
///
/// let mut decoder = UnicodeDecoder::new(UnicodeEncoding::Utf16Le, true, false);
/// let err = decoder.decode(b"a\x00\x00\xDCb\x00", false).unwrap_err();
/// assert_eq!((err.offset(), err.kind(), err.value()), (2, UnicodeErrorKind::LoneSurrogate, Some(0xDC00)));
/// assert_eq!(err.to_string(), "lone trail surrogate 0xDC00 at byte 2 of utf-16le");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UnicodeError {
    offset: usize,
    kind: UnicodeErrorKind,
    value: Option<u32>,
    encoding: UnicodeEncoding,
}

impl UnicodeError {
    /// Byte offset of the error, from the start of the stream (the first call after construction, or
    /// after a call with `stream == false`).
    ///
    /// ```
    /// use utf8lens::{UnicodeDecoder, UnicodeEncoding};
    /// let mut decoder = UnicodeDecoder::new(UnicodeEncoding::Utf32Be, true, false);
    /// decoder.decode(b"\0\0\0a", true).unwrap();
    /// assert_eq!(decoder.decode(b"\0\x11\0\0", true).unwrap_err().offset(), 4);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// What is wrong.
    ///
    /// ```
    /// use utf8lens::{UnicodeDecoder, UnicodeEncoding, UnicodeErrorKind};
    /// let mut decoder = UnicodeDecoder::new(UnicodeEncoding::Utf16Be, true, false);
    /// assert_eq!(decoder.decode(b"\0a\0", false).unwrap_err().kind(), UnicodeErrorKind::Truncated);
    /// ```
    pub fn kind(&self) -> UnicodeErrorKind {
        self.kind
    }

    /// The code unit (a lone surrogate) or UTF-32 value (too large or a surrogate) in error; `None`
    /// for truncated input and UTF-8 errors.
    ///
    /// ```
    /// use utf8lens::{UnicodeDecoder, UnicodeEncoding};
    /// let mut decoder = UnicodeDecoder::new(UnicodeEncoding::Utf32Le, true, false);
    /// assert_eq!(decoder.decode(b"\x00\xD8\x00\x00", false).unwrap_err().value(), Some(0xD800));
    /// ```
    pub fn value(&self) -> Option<u32> {
        self.value
    }

    /// The encoding that was being decoded (for `utf-16` and `utf-32`, the byte order their BOM
    /// chose).
    ///
    /// ```
    /// use utf8lens::{UnicodeDecoder, UnicodeEncoding};
    /// let mut decoder = UnicodeDecoder::new(UnicodeEncoding::Utf16, true, false);
    /// let err = decoder.decode(b"\xFE\xFF\xD8\x00", false).unwrap_err();
    /// assert_eq!(err.encoding(), UnicodeEncoding::Utf16Be);
    /// ```
    pub fn encoding(&self) -> UnicodeEncoding {
        self.encoding
    }
}

impl fmt::Display for UnicodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (at, name) = (self.offset, self.encoding.name());
        match (self.kind, self.value) {
            (UnicodeErrorKind::LoneSurrogate, Some(unit)) => {
                let which = if unit < 0xDC00 { "lead" } else { "trail" };
                write!(
                    f,
                    "lone {which} surrogate 0x{unit:04X} at byte {at} of {name}"
                )
            }
            (UnicodeErrorKind::TooLarge, Some(value)) => {
                write!(f, "value 0x{value:X} above U+10FFFF at byte {at} of {name}")
            }
            (UnicodeErrorKind::Surrogate, Some(value)) => write!(
                f,
                "surrogate value 0x{value:04X} (no scalar value) at byte {at} of {name}"
            ),
            (UnicodeErrorKind::Truncated, _) => {
                write!(f, "truncated code unit at byte {at} of {name}")
            }
            (kind, _) => write!(f, "invalid {name} ({}) at byte {at}", kind.as_str()),
        }
    }
}

impl std::error::Error for UnicodeError {}

/// Decodes UTF-8, UTF-16 or UTF-32 that arrives in chunks, with `TextDecoder`'s semantics.
///
/// * A code unit, a surrogate pair or a UTF-8 sequence split across chunks is held back until it
///   completes (`stream == true`); a call with `stream == false` ends the stream, and what is left
///   unfinished is an error.
/// * `utf-16` and `utf-32` ([`UnicodeEncoding::Utf16`], [`UnicodeEncoding::Utf32`]) read the byte
///   order from the stream's byte order mark, little-endian without one.
/// * Unless `ignore_bom` is set, a U+FEFF at the very start of a stream is removed.
/// * In fatal mode the first error is returned as [`UnicodeError`]; otherwise each error is one
///   U+FFFD. After an error the rest of the chunk is dropped, as [`StreamDecoder`]'s.
///
/// # Examples
///
/// ```
/// use utf8lens::{UnicodeDecoder, UnicodeEncoding};
///
/// // U+1F600 in UTF-16BE with its BOM, split inside the surrogate pair.
/// let mut decoder = UnicodeDecoder::new(UnicodeEncoding::Utf16, false, false);
/// let mut text = decoder.decode(b"\xFE\xFF\x00a\xD8", true).unwrap();
/// text += &decoder.decode(b"\x3D\xDE\x00", false).unwrap();
/// assert_eq!(text, "a😀");
///
/// // Not fatal: a lone surrogate is U+FFFD.
/// let mut decoder = UnicodeDecoder::new(UnicodeEncoding::Utf16Le, false, false);
/// assert_eq!(decoder.decode(b"\x00\xD8a\x00", false).unwrap(), "\u{FFFD}a");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct UnicodeDecoder {
    encoding: UnicodeEncoding,
    fatal: bool,
    ignore_bom: bool,
    /// The byte order in use: `encoding` itself, or for `utf-16`/`utf-32` once their BOM is sniffed.
    resolved: Option<UnicodeEncoding>,
    /// UTF-8 goes to the UTF-8 stream decoder.
    utf8: StreamDecoder,
    /// Bytes of a code unit or surrogate pair not yet complete, or of a BOM not yet sniffed.
    held: [u8; 4],
    held_len: usize,
    /// Whether the first code point of this stream has gone out (after which no BOM is removed).
    bom_seen: bool,
    /// Stream offset of the first held byte (or of the next byte, if none is held).
    offset: usize,
}

impl UnicodeDecoder {
    /// A decoder of `encoding`; `fatal` makes malformed input an error instead of U+FFFD,
    /// `ignore_bom` keeps a leading byte order mark in the output.
    ///
    /// ```
    /// use utf8lens::{UnicodeDecoder, UnicodeEncoding};
    /// let decoder = UnicodeDecoder::new(UnicodeEncoding::Utf32, true, false);
    /// assert_eq!(decoder.encoding(), UnicodeEncoding::Utf32);
    /// assert!(decoder.fatal() && !decoder.ignore_bom());
    /// ```
    pub fn new(encoding: UnicodeEncoding, fatal: bool, ignore_bom: bool) -> UnicodeDecoder {
        let resolved = match encoding {
            UnicodeEncoding::Utf16 | UnicodeEncoding::Utf32 => None,
            other => Some(other),
        };
        UnicodeDecoder {
            encoding,
            fatal,
            ignore_bom,
            resolved,
            utf8: StreamDecoder::new(fatal, ignore_bom),
            held: [0; 4],
            held_len: 0,
            bom_seen: false,
            offset: 0,
        }
    }

    /// The encoding it was made for.
    ///
    /// ```
    /// use utf8lens::{UnicodeDecoder, UnicodeEncoding};
    /// assert_eq!(UnicodeDecoder::new(UnicodeEncoding::Utf16Be, false, false).encoding(), UnicodeEncoding::Utf16Be);
    /// ```
    pub fn encoding(&self) -> UnicodeEncoding {
        self.encoding
    }

    /// Whether malformed input is an error.
    ///
    /// ```
    /// use utf8lens::{UnicodeDecoder, UnicodeEncoding};
    /// assert!(!UnicodeDecoder::new(UnicodeEncoding::Utf8, false, false).fatal());
    /// ```
    pub fn fatal(&self) -> bool {
        self.fatal
    }

    /// Whether a leading byte order mark is kept.
    ///
    /// ```
    /// use utf8lens::{UnicodeDecoder, UnicodeEncoding};
    /// assert!(UnicodeDecoder::new(UnicodeEncoding::Utf8, false, true).ignore_bom());
    /// ```
    pub fn ignore_bom(&self) -> bool {
        self.ignore_bom
    }

    /// Decodes `chunk`, as `TextDecoder.decode(chunk, {stream})` does.
    ///
    /// # Errors
    ///
    /// In fatal mode, the first error. With `stream == false` the decoder then starts a new stream;
    /// with `stream == true` the rest of the chunk and what was held back are dropped and the stream
    /// goes on.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lens::{UnicodeDecoder, UnicodeEncoding, UnicodeErrorKind};
    ///
    /// let mut decoder = UnicodeDecoder::new(UnicodeEncoding::Utf32, true, false);
    /// assert_eq!(decoder.decode(b"\xFF\xFE\x00\x00A\x00", true).unwrap(), "");
    /// assert_eq!(decoder.decode(b"\x00\x00", true).unwrap(), "A");
    /// let err = decoder.decode(b"\x00\x00\x11\x00", false).unwrap_err();
    /// assert_eq!((err.offset(), err.kind()), (8, UnicodeErrorKind::TooLarge));
    /// ```
    pub fn decode(&mut self, chunk: &[u8], stream: bool) -> Result<String, UnicodeError> {
        if self.encoding == UnicodeEncoding::Utf8 {
            return self.utf8.decode(chunk, stream).map_err(|e| UnicodeError {
                offset: e.offset(),
                kind: UnicodeErrorKind::Utf8(e.kind()),
                value: None,
                encoding: UnicodeEncoding::Utf8,
            });
        }
        let chunk_end = self.offset + self.held_len + chunk.len();
        let result = self.decode_inner(chunk, !stream);
        if !stream {
            *self = UnicodeDecoder::new(self.encoding, self.fatal, self.ignore_bom);
        } else if result.is_err() {
            self.held_len = 0;
            self.offset = chunk_end;
        }
        result
    }

    fn decode_inner(&mut self, chunk: &[u8], last: bool) -> Result<String, UnicodeError> {
        let held = self.held_len.min(self.held.len());
        let bytes: Cow<'_, [u8]> = if held == 0 {
            Cow::Borrowed(chunk)
        } else {
            let mut joined = self.held[..held].to_vec();
            joined.extend_from_slice(chunk);
            Cow::Owned(joined)
        };
        let Some(encoding) = self.resolved.or_else(|| self.sniff(&bytes, last)) else {
            return Ok(self.hold(&bytes, 0));
        };
        self.resolved = Some(encoding);
        let mut out = String::with_capacity(bytes.len());
        let mut units = Units {
            bytes: &bytes,
            fatal: self.fatal,
            base: self.offset,
            encoding,
            out: &mut out,
        };
        let used = match encoding {
            UnicodeEncoding::Utf16Le | UnicodeEncoding::Utf16Be => units.utf16(last)?,
            _ => units.utf32(last)?,
        };
        self.hold(&bytes, used);
        Ok(self.finish(out))
    }

    /// The byte order a sniffing decoder reads, once enough bytes for a BOM have come (or the stream
    /// ends); `None` while it must wait.
    fn sniff(&self, bytes: &[u8], last: bool) -> Option<UnicodeEncoding> {
        let (be, be_bom) = match self.encoding {
            UnicodeEncoding::Utf16 => (UnicodeEncoding::Utf16Be, &[0xFE, 0xFF][..]),
            _ => (UnicodeEncoding::Utf32Be, &[0x00, 0x00, 0xFE, 0xFF][..]),
        };
        if bytes.len() < be_bom.len() && !last {
            return None;
        }
        Some(if bytes.starts_with(be_bom) {
            be
        } else {
            self.encoding.little_endian()
        })
    }

    /// Keeps `bytes[used..]` (at most 3 bytes, by the decoders' rules) for the next call and returns
    /// the empty output of a call that completed nothing.
    fn hold(&mut self, bytes: &[u8], used: usize) -> String {
        let rest = bytes.get(used..).unwrap_or_default();
        let n = rest.len().min(self.held.len());
        self.held[..n].copy_from_slice(&rest[..n]);
        self.held_len = n;
        self.offset += used;
        String::new()
    }

    /// Applies the BOM rule to this call's output.
    fn finish(&mut self, out: String) -> String {
        apply_bom_rule(out, &mut self.bom_seen, self.ignore_bom)
    }
}

/// One call's decoding of whole code units into `out`.
struct Units<'a> {
    bytes: &'a [u8],
    fatal: bool,
    /// Stream offset of `bytes[0]`.
    base: usize,
    encoding: UnicodeEncoding,
    out: &'a mut String,
}

impl Units<'_> {
    /// One error at `bytes[at]`: the `Err` in fatal mode, else a U+FFFD.
    fn error(
        &mut self,
        at: usize,
        kind: UnicodeErrorKind,
        value: Option<u32>,
    ) -> Result<(), UnicodeError> {
        if self.fatal {
            return Err(UnicodeError {
                offset: self.base + at,
                kind,
                value,
                encoding: self.encoding,
            });
        }
        self.out.push(char::REPLACEMENT_CHARACTER);
        Ok(())
    }

    fn unit16(&self, at: usize) -> Option<u16> {
        match *self.bytes.get(at..at + 2)? {
            [a, b] if self.encoding == UnicodeEncoding::Utf16Be => Some(u16::from_be_bytes([a, b])),
            [a, b] => Some(u16::from_le_bytes([a, b])),
            _ => None,
        }
    }

    /// Decodes UTF-16 and returns how many bytes it used: all of them at the end of the stream, else
    /// all but an unfinished code unit or a lead surrogate that waits for its trail.
    //
    // The shared UTF-16 decoder of the WHATWG Encoding Standard, by code units:
    //   pair  = lead trail        ; lead = D800-DBFF, trail = DC00-DFFF
    //   other = 0000-D7FF / E000-FFFF
    //   a lead not followed by a trail, or a trail on its own, is one error; the unit after a lone
    //   lead is read again. At the end, an unfinished unit (after a lead or not) is one error.
    fn utf16(&mut self, last: bool) -> Result<usize, UnicodeError> {
        let len = self.bytes.len();
        let mut i = 0;
        while let Some(unit) = self.unit16(i) {
            match unit {
                0xD800..=0xDBFF => match self.unit16(i + 2) {
                    Some(trail @ 0xDC00..=0xDFFF) => {
                        let value = 0x10000
                            + ((u32::from(unit) - 0xD800) << 10)
                            + (u32::from(trail) - 0xDC00);
                        self.push(value);
                        i += 4;
                        continue;
                    }
                    Some(_) => self.error(i, UnicodeErrorKind::LoneSurrogate, Some(unit.into()))?,
                    None if !last => return Ok(i),
                    None => {
                        // The stream ends after the lead (perhaps with one more byte): one error.
                        self.error(i, UnicodeErrorKind::LoneSurrogate, Some(unit.into()))?;
                        return Ok(len);
                    }
                },
                0xDC00..=0xDFFF => {
                    self.error(i, UnicodeErrorKind::LoneSurrogate, Some(unit.into()))?
                }
                _ => self.push(unit.into()),
            }
            i += 2;
        }
        self.end(i, last)
    }

    /// Decodes UTF-32 and returns how many bytes it used, as [`Units::utf16`].
    //
    //   unit = 00000000-0000D7FF / 0000E000-0010FFFF   ; a scalar value
    //   a surrogate value (D800-DFFF) or one above 10FFFF is one error per unit.
    fn utf32(&mut self, last: bool) -> Result<usize, UnicodeError> {
        let big_endian = self.encoding == UnicodeEncoding::Utf32Be;
        let mut i = 0;
        while let Some(&[a, b, c, d]) = self.bytes.get(i..i + 4) {
            let value = if big_endian {
                u32::from_be_bytes([a, b, c, d])
            } else {
                u32::from_le_bytes([a, b, c, d])
            };
            match value {
                0xD800..=0xDFFF => self.error(i, UnicodeErrorKind::Surrogate, Some(value))?,
                0x11_0000.. => self.error(i, UnicodeErrorKind::TooLarge, Some(value))?,
                _ => self.push(value),
            }
            i += 4;
        }
        self.end(i, last)
    }

    /// What follows the last whole unit at `i`: an error at the end of the stream, else held.
    fn end(&mut self, i: usize, last: bool) -> Result<usize, UnicodeError> {
        let len = self.bytes.len();
        if last && i < len {
            self.error(i, UnicodeErrorKind::Truncated, None)?;
            return Ok(len);
        }
        Ok(i)
    }

    fn push(&mut self, value: u32) {
        self.out
            .push(char::from_u32(value).unwrap_or(char::REPLACEMENT_CHARACTER));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sniff_bom;

    /// std's UTF-16 decoding (the oracle), U+FFFD for each unpaired surrogate.
    fn std_utf16(units: &[u16]) -> String {
        char::decode_utf16(units.iter().copied())
            .map(|r| r.unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect()
    }

    fn le_bytes(units: &[u16]) -> Vec<u8> {
        units.iter().flat_map(|u| u.to_le_bytes()).collect()
    }

    fn decode_all(
        encoding: UnicodeEncoding,
        fatal: bool,
        bytes: &[u8],
    ) -> Result<String, UnicodeError> {
        UnicodeDecoder::new(encoding, fatal, true).decode(bytes, false)
    }

    /// Decodes in chunks of `size` bytes (the last call ends the stream).
    fn decode_split(
        encoding: UnicodeEncoding,
        fatal: bool,
        bytes: &[u8],
        size: usize,
    ) -> Result<String, UnicodeError> {
        let mut decoder = UnicodeDecoder::new(encoding, fatal, true);
        let mut text = String::new();
        for chunk in bytes.chunks(size) {
            text += &decoder.decode(chunk, true)?;
        }
        Ok(text + &decoder.decode(b"", false)?)
    }

    #[test]
    fn every_pair_of_code_units_against_std() {
        // Every u16 pair (2^32) is too many for a unit test; every pair whose units come from the
        // classes that matter (each boundary and a stride through the rest) covers each rule.
        let mut units: Vec<u16> = (0..=0xFFFF_u32).step_by(97).map(|u| u as u16).collect();
        units.extend([
            0, 0x7F, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFEFF, 0xFFFD, 0xFFFF,
        ]);
        for &a in &units {
            for &b in &units {
                let pair = [a, b];
                let expected = std_utf16(&pair);
                for encoding in [UnicodeEncoding::Utf16Le, UnicodeEncoding::Utf16Be] {
                    let bytes: Vec<u8> = match encoding {
                        UnicodeEncoding::Utf16Le => le_bytes(&pair),
                        _ => pair.iter().flat_map(|u| u.to_be_bytes()).collect(),
                    };
                    assert_eq!(
                        decode_all(encoding, false, &bytes).unwrap(),
                        expected,
                        "{pair:04X?}"
                    );
                    for size in 1..4 {
                        assert_eq!(
                            decode_split(encoding, false, &bytes, size).unwrap(),
                            expected
                        );
                    }
                    let strict = String::from_utf16(&pair).ok();
                    assert_eq!(
                        decode_all(encoding, true, &bytes).ok(),
                        strict,
                        "{pair:04X?}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_scalar_value_in_utf16_and_utf32_round_trips() {
        let text: String = (0..=0x10FFFF).filter_map(char::from_u32).collect();
        for encoding in [
            UnicodeEncoding::Utf8,
            UnicodeEncoding::Utf16Le,
            UnicodeEncoding::Utf16Be,
            UnicodeEncoding::Utf32Le,
            UnicodeEncoding::Utf32Be,
        ] {
            let bytes = encoding.encode(&text);
            assert_eq!(
                decode_all(encoding, true, &bytes).unwrap(),
                text,
                "{encoding:?}"
            );
            assert_eq!(
                decode_split(encoding, true, &bytes, 4093).unwrap(),
                text,
                "{encoding:?}"
            );
        }
    }

    #[test]
    fn every_utf32_value_class_against_from_u32() {
        let values = (0..=0x10FFFF_u32)
            .chain([0x110000, 0x1FFFFF, 0xFFFF_FFFF, 0x8000_0000])
            .collect::<Vec<_>>();
        let mut bytes = Vec::with_capacity(values.len() * 4);
        let mut expected = String::new();
        for &v in &values {
            bytes.extend(v.to_le_bytes());
            expected.push(char::from_u32(v).unwrap_or(char::REPLACEMENT_CHARACTER));
        }
        assert_eq!(
            decode_all(UnicodeEncoding::Utf32Le, false, &bytes).unwrap(),
            expected
        );
        for &v in &values {
            let result = decode_all(UnicodeEncoding::Utf32Be, true, &v.to_be_bytes());
            match char::from_u32(v) {
                Some(c) => assert_eq!(result.unwrap(), c.to_string()),
                None => {
                    let err = result.unwrap_err();
                    let kind = if (0xD800..=0xDFFF).contains(&v) {
                        UnicodeErrorKind::Surrogate
                    } else {
                        UnicodeErrorKind::TooLarge
                    };
                    assert_eq!((err.offset(), err.kind(), err.value()), (0, kind, Some(v)));
                }
            }
        }
    }

    #[test]
    fn truncated_code_units_at_the_end() {
        for (encoding, bytes, text) in [
            (UnicodeEncoding::Utf16Le, &b"a\x00b"[..], "a\u{FFFD}"),
            (UnicodeEncoding::Utf16Le, b"\x3D\xD8\x00", "\u{FFFD}"),
            (
                UnicodeEncoding::Utf32Le,
                b"a\x00\x00\x00b\x00\x00",
                "a\u{FFFD}",
            ),
            (UnicodeEncoding::Utf32Be, b"\x00", "\u{FFFD}"),
        ] {
            assert_eq!(decode_all(encoding, false, bytes).unwrap(), text);
            assert_eq!(decode_split(encoding, false, bytes, 1).unwrap(), text);
        }
        let err =
            decode_all(UnicodeEncoding::Utf32Le, true, b"a\x00\x00\x00b\x00\x00").unwrap_err();
        assert_eq!(
            (err.offset(), err.kind(), err.value()),
            (4, UnicodeErrorKind::Truncated, None)
        );
    }

    #[test]
    fn errors_count_from_the_start_of_the_stream() {
        let mut decoder = UnicodeDecoder::new(UnicodeEncoding::Utf16Be, true, false);
        assert_eq!(decoder.decode(b"\x00a\x00", true).unwrap(), "a");
        let err = decoder.decode(b"b\xDC\x00", true).unwrap_err();
        assert_eq!(
            (err.offset(), err.kind()),
            (4, UnicodeErrorKind::LoneSurrogate)
        );
        // The stream goes on after the rest of that chunk.
        assert_eq!(decoder.decode(b"\x00c", true).unwrap(), "c");
        assert_eq!(decoder.decode(b"\xD8\x00", false).unwrap_err().offset(), 8);
        // A new stream.
        assert_eq!(decoder.decode(b"\xFE\xFF\x00d", false).unwrap(), "d");
    }

    #[test]
    fn bom_sniffing_and_removal() {
        let cases: [(UnicodeEncoding, &[u8], &str); 8] = [
            (UnicodeEncoding::Utf16, b"\xFF\xFEa\x00", "a"),
            (UnicodeEncoding::Utf16, b"\xFE\xFF\x00a", "a"),
            (UnicodeEncoding::Utf16, b"a\x00", "a"),
            (UnicodeEncoding::Utf16, b"\xFF\xFE\x00\x00", "\0"),
            (
                UnicodeEncoding::Utf32,
                b"\x00\x00\xFE\xFF\x00\x00\x00a",
                "a",
            ),
            (UnicodeEncoding::Utf32, b"a\x00\x00\x00", "a"),
            (UnicodeEncoding::Utf16Le, b"\xFE\xFFa\x00", "\u{FFFE}a"),
            (UnicodeEncoding::Utf16Be, b"\xFE\xFF\xFE\xFF", "\u{FEFF}"),
        ];
        for (encoding, bytes, text) in cases {
            for size in 1..=bytes.len() {
                let mut decoder = UnicodeDecoder::new(encoding, true, false);
                let mut out = String::new();
                for chunk in bytes.chunks(size) {
                    out += &decoder.decode(chunk, true).unwrap();
                }
                out += &decoder.decode(b"", false).unwrap();
                assert_eq!(out, text, "{encoding:?} {bytes:02X?} in chunks of {size}");
            }
        }
        // ignore_bom keeps it, and the sniffed byte order still applies.
        let mut decoder = UnicodeDecoder::new(UnicodeEncoding::Utf16, false, true);
        assert_eq!(
            decoder.decode(b"\xFE\xFF\x00a", false).unwrap(),
            "\u{FEFF}a"
        );
        // A short stream under utf-32 is read little-endian at its end.
        let mut decoder = UnicodeDecoder::new(UnicodeEncoding::Utf32, false, false);
        assert_eq!(decoder.decode(b"\x00\x00", false).unwrap(), "\u{FFFD}");
        assert_eq!(
            sniff_bom(&UnicodeEncoding::Utf32.encode("x")),
            Some(UnicodeEncoding::Utf32Le)
        );
    }

    #[test]
    fn utf8_is_the_stream_decoder() {
        let mut decoder = UnicodeDecoder::new(UnicodeEncoding::Utf8, true, false);
        assert_eq!(decoder.decode(b"\xEF\xBB\xBFa\xE2\x82", true).unwrap(), "a");
        assert_eq!(decoder.decode(b"\xAC", true).unwrap(), "€");
        let err = decoder.decode(b"\xFF", false).unwrap_err();
        assert_eq!(
            (err.offset(), err.kind()),
            (7, UnicodeErrorKind::Utf8(ErrorKind::InvalidByte))
        );
        assert_eq!(err.to_string(), "invalid utf-8 (invalid-byte) at byte 7");
    }

    #[test]
    fn labels() {
        for (label, name) in LABELS {
            assert_eq!(
                UnicodeEncoding::from_label(&label.to_ascii_uppercase()),
                Some(name)
            );
        }
        assert_eq!(
            UnicodeEncoding::from_label("\tutf-16\n"),
            Some(UnicodeEncoding::Utf16)
        );
        assert_eq!(UnicodeEncoding::from_label("utf-7"), None);
        // UTF-8's labels are WHATWG's.
        let mut utf8: Vec<_> = LABELS
            .iter()
            .filter(|(_, e)| *e == UnicodeEncoding::Utf8)
            .map(|(l, _)| *l)
            .collect();
        let mut whatwg = crate::charset::encoding_labels("UTF-8");
        utf8.sort_unstable();
        whatwg.sort_unstable();
        assert_eq!(utf8, whatwg);
    }
}
