//! Error values: the std-shaped [`Utf8Error`] and the explaining [`Malformed`].

use core::fmt;

use crate::byte_class::{
    classify, second_byte_bounds, sequence_at, sequence_len, ByteClass, ErrorKind,
};

/// Where validation stopped, shaped like [`std::str::Utf8Error`].
///
/// # Examples
///
/// ```
/// use utf8lens::validate;
///
/// let err = validate(b"ab\xC3").unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len()), (2, None)); // cut by the end of input
///
/// let err = validate(b"ab\xFFcd").unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len()), (2, Some(1)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Utf8Error {
    valid_up_to: usize,
    error_len: Option<u8>,
}

impl Utf8Error {
    pub(crate) fn new(valid_up_to: usize, error_len: Option<usize>) -> Utf8Error {
        // A maximal subpart is 1 to 3 bytes long, so the narrowing cannot lose anything.
        let error_len = error_len.map(|n| n.min(3) as u8);
        Utf8Error {
            valid_up_to,
            error_len,
        }
    }

    /// The length of the well-formed prefix: every byte before this index is valid UTF-8.
    ///
    /// ```
    /// assert_eq!(utf8lens::validate(b"\xE2\x82\xAC\x80").unwrap_err().valid_up_to(), 3);
    /// ```
    pub fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }

    /// The length of the maximal subpart at `valid_up_to` (1 to 3 bytes), or `None` when the input ended in
    /// the middle of a sequence that more bytes could still complete.
    ///
    /// ```
    /// assert_eq!(utf8lens::validate(b"\xF0\x9F\x98").unwrap_err().error_len(), None);
    /// assert_eq!(utf8lens::validate(b"\xF0\x9F\x98!").unwrap_err().error_len(), Some(3));
    /// ```
    pub fn error_len(&self) -> Option<usize> {
        self.error_len.map(usize::from)
    }
}

impl From<core::str::Utf8Error> for Utf8Error {
    fn from(err: core::str::Utf8Error) -> Utf8Error {
        Utf8Error::new(err.valid_up_to(), err.error_len())
    }
}

impl fmt::Display for Utf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.error_len {
            Some(len) => write!(
                f,
                "invalid UTF-8: {len} malformed byte(s) at offset {}",
                self.valid_up_to
            ),
            None => write!(
                f,
                "invalid UTF-8: incomplete sequence at the end of input, offset {}",
                self.valid_up_to
            ),
        }
    }
}

impl std::error::Error for Utf8Error {}

/// What a malformed sequence would have meant, read as far as its lead byte announces.
///
/// For `C0 AF` the lead announces two bytes, which spell U+002F '/' — the overlong path
/// separator of RFC 3629 §10. Only `C0` is the maximal subpart (one U+FFFD), yet the meaning of the
/// whole would-be sequence is what a reader needs to see.
///
/// # Examples
///
/// ```
/// use utf8lens::errors;
///
/// let e = errors(b"\xED\xA0\x80").next().unwrap();
/// let meant = e.intended().unwrap();
/// assert_eq!((meant.code_point(), meant.len()), (0xD800, 3));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Intended {
    code_point: u32,
    len: u8,
}

impl Intended {
    /// The value the bits of the sequence spell (it may be a surrogate or above U+10FFFF).
    ///
    /// ```
    /// let e = utf8lens::errors(b"\xF4\x90\x80\x80").next().unwrap();
    /// assert_eq!(e.intended().map(|i| i.code_point()), Some(0x11_0000));
    /// ```
    pub fn code_point(&self) -> u32 {
        self.code_point
    }

    /// How many bytes the lead byte announced (2 to 6; 5 and 6 only for RFC 2279 leads `F8..=FD`).
    ///
    /// ```
    /// let e = utf8lens::errors(b"\xC0\xAF").next().unwrap();
    /// assert_eq!(e.intended().map(|i| i.len()), Some(2));
    /// ```
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }
}

/// One malformed sequence: a maximal subpart in the sense of Unicode §3.9, explained.
///
/// Each `Malformed` is exactly one U+FFFD in [`decode_lossy`](crate::decode_lossy), in
/// `String::from_utf8_lossy` and in the WHATWG `TextDecoder`.
///
/// # Examples
///
/// ```
/// use utf8lens::{errors, ErrorKind};
///
/// let e = errors(b"/\xC0\xAF").next().unwrap();
/// assert_eq!((e.offset(), e.len(), e.kind()), (1, 1, ErrorKind::InvalidByte));
/// assert_eq!(e.bytes(), [0xC0]);
/// assert_eq!(e.to_string(),
///     "Byte C0 at offset 1 never appears in UTF-8: it could only start an overlong two-byte form of \
///      an ASCII character (U+0000 to U+007F); C0 AF would be an overlong encoding of U+002F '/' in 2 bytes \
///      instead of 1.");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Malformed {
    offset: usize,
    /// The input from `offset` on, up to 8 bytes: the maximal subpart, the rest of the would-be sequence
    /// (at most 6 bytes) and the byte after the subpart. Everything else is derived from it on demand,
    /// so that finding an error costs little more than classifying it.
    window: [u8; 8],
    window_len: u8,
    len: u8,
    kind: ErrorKind,
}

impl Malformed {
    /// Explains the malformed sequence that starts at `bytes[0]`, which sits at `offset` in the input.
    ///
    /// The caller has established that a malformed sequence starts there; if `bytes` is empty or starts
    /// with a well-formed character the result is still a value (never a panic), just not a meaningful one.
    pub(crate) fn at(bytes: &[u8], offset: usize) -> Malformed {
        let (len, kind) = match sequence_at(bytes, 0) {
            Err(found) => found,
            Ok(_) => (1, ErrorKind::InvalidByte),
        };
        Malformed::from_parts(bytes, offset, len, kind)
    }

    /// A malformed sequence already measured and classified by the scanner; `bytes` starts with it.
    #[inline(always)]
    pub(crate) fn from_parts(
        bytes: &[u8],
        offset: usize,
        len: usize,
        kind: ErrorKind,
    ) -> Malformed {
        let mut window = [0u8; 8];
        let window_len = bytes.len().min(window.len());
        match bytes.first_chunk::<8>() {
            Some(head) => window = *head,
            None => window[..window_len].copy_from_slice(&bytes[..window_len]),
        }
        Malformed {
            offset,
            window,
            window_len: window_len as u8,
            len: len as u8,
            kind,
        }
    }

    /// Byte offset of the first byte of the maximal subpart in the input.
    ///
    /// ```
    /// assert_eq!(utf8lens::errors(b"ab\x80").next().map(|e| e.offset()), Some(2));
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Length of the maximal subpart, 1 to 3 bytes: the bytes one U+FFFD replaces.
    ///
    /// ```
    /// assert_eq!(utf8lens::errors(b"\xF0\x9F\x98").next().map(|e| e.len()), Some(3));
    /// ```
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// The byte range of the maximal subpart in the input.
    ///
    /// ```
    /// assert_eq!(utf8lens::errors(b"ab\xE2\x82").next().map(|e| e.range()), Some(2..4));
    /// ```
    pub fn range(&self) -> core::ops::Range<usize> {
        self.offset..self.offset + self.len()
    }

    /// What is wrong.
    ///
    /// ```
    /// use utf8lens::ErrorKind;
    /// assert_eq!(utf8lens::errors(b"\xED\xA0\x80").next().map(|e| e.kind()), Some(ErrorKind::Surrogate));
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// What the would-be sequence meant, for overlong, surrogate and too-large sequences and for the
    /// never-valid leads `C0`, `C1` and `F5..=FD`, when every byte the lead announced is a continuation byte.
    ///
    /// ```
    /// let e = utf8lens::errors(b"\xE0\x80\xAF").next().unwrap();
    /// assert_eq!(e.intended().map(|i| i.code_point()), Some(0x2F));
    /// assert_eq!(utf8lens::errors(b"\xE0\x80").next().unwrap().intended(), None); // not enough bytes
    /// ```
    pub fn intended(&self) -> Option<Intended> {
        if matches!(
            self.kind,
            ErrorKind::Truncated | ErrorKind::UnexpectedContinuation
        ) {
            return None;
        }
        // Read the would-be sequence as far as the lead announces, RFC 2279 style.
        let lead = self.window[0];
        let announced = match lead {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            0xF8..=0xFB => 5,
            0xFC..=0xFD => 6,
            _ => return None,
        };
        let tail = self.window.get(1..announced)?;
        if announced > usize::from(self.window_len) || tail.iter().any(|&b| b & 0xC0 != 0x80) {
            return None;
        }
        let lead_bits = u32::from(lead) & (0x7F >> announced);
        let code_point = tail
            .iter()
            .fold(lead_bits, |acc, &b| (acc << 6) | u32::from(b & 0x3F));
        Some(Intended {
            code_point,
            len: announced as u8,
        })
    }

    /// The bytes of the maximal subpart.
    ///
    /// ```
    /// assert_eq!(utf8lens::errors(b"\xF0\x9F\x98").next().unwrap().bytes(), [0xF0, 0x9F, 0x98]);
    /// ```
    pub fn bytes(&self) -> &[u8] {
        &self.window[..self.len().min(usize::from(self.window_len))]
    }

    /// The bytes of the would-be sequence (the maximal subpart when nothing more is known).
    ///
    /// ```
    /// assert_eq!(utf8lens::errors(b"\xC0\xAF").next().unwrap().sequence_bytes(), [0xC0, 0xAF]);
    /// ```
    pub fn sequence_bytes(&self) -> &[u8] {
        match self.intended() {
            Some(meant) => &self.window[..meant.len()],
            None => self.bytes(),
        }
    }

    /// The byte right after the maximal subpart, or `None` if the input ended there.
    ///
    /// ```
    /// assert_eq!(utf8lens::errors(b"\xE4\xBDx").next().unwrap().following(), Some(b'x'));
    /// ```
    pub fn following(&self) -> Option<u8> {
        let after = self.len();
        (after < usize::from(self.window_len)).then(|| self.window[after])
    }

    /// The rule of RFC 3629 §4's grammar that the bytes fail to match.
    ///
    /// For a lead byte it is the alternative the lead byte selects, whose second-byte range or
    /// continuation bytes are missing. A byte that starts no sequence gets the rule that leaves it
    /// out: a stray continuation byte `UTF8-tail`, which only ever follows a lead; `C0` and `C1`
    /// the `UTF8-2` rule that starts at `%xC2` (they could only begin overlong forms); `F5..=FF`
    /// the last `UTF8-4` alternative, whose `%xF4` is the highest lead byte.
    ///
    /// ```
    /// use utf8lens::errors;
    ///
    /// let rule = |bytes: &[u8]| errors(bytes).next().map(|e| e.abnf_rule());
    /// assert_eq!(rule(b"\xE0\x80\xAF"), Some("UTF8-3 = %xE0 %xA0-BF UTF8-tail"));
    /// assert_eq!(rule(b"\xED\xA0\x80"), Some("UTF8-3 = %xED %x80-9F UTF8-tail"));
    /// assert_eq!(rule(b"\xE4\xBD"), Some("UTF8-3 = %xE1-EC 2( UTF8-tail )"));
    /// assert_eq!(rule(b"\x80"), Some("UTF8-tail = %x80-BF"));
    /// assert_eq!(rule(b"\xC0\x80"), Some("UTF8-2 = %xC2-DF UTF8-tail"));
    /// assert_eq!(rule(b"\xF8"), Some("UTF8-4 = %xF4 %x80-8F 2( UTF8-tail )"));
    /// ```
    #[rustfmt::skip]
    pub fn abnf_rule(&self) -> &'static str {
        // RFC 3629 §4, one alternative per line, as byte_class::sequence_at implements them.
        match self.window[0] {
            0xC2..=0xDF => "UTF8-2 = %xC2-DF UTF8-tail",
            0xE0        => "UTF8-3 = %xE0 %xA0-BF UTF8-tail",
            0xE1..=0xEC => "UTF8-3 = %xE1-EC 2( UTF8-tail )",
            0xED        => "UTF8-3 = %xED %x80-9F UTF8-tail",
            0xEE..=0xEF => "UTF8-3 = %xEE-EF 2( UTF8-tail )",
            0xF0        => "UTF8-4 = %xF0 %x90-BF 2( UTF8-tail )",
            0xF1..=0xF3 => "UTF8-4 = %xF1-F3 3( UTF8-tail )",
            0xF4        => "UTF8-4 = %xF4 %x80-8F 2( UTF8-tail )",
            // 00..7F never starts a malformed sequence. The bytes that start no rule get the one
            // that leaves them out: 80..BF only as a tail, C0 and C1 below UTF8-2's C2, F5..FF
            // above UTF8-4's F4.
            0xC0 | 0xC1 => "UTF8-2 = %xC2-DF UTF8-tail",
            0xF5..=0xFF => "UTF8-4 = %xF4 %x80-8F 2( UTF8-tail )",
            _           => "UTF8-tail = %x80-BF",
        }
    }

    /// Why accepting this sequence would be dangerous, in a sentence or two (after RFC 3629 §10 and
    /// Unicode §3.9): what a lenient decoder would make of it and what that lets through.
    ///
    /// The note depends on what the would-be sequence meant: an overlong NUL (`C0 80`, Java's modified
    /// UTF-8) and an overlong `/`, `\` or `.` (path traversal) get notes of their own.
    ///
    /// ```
    /// use utf8lens::errors;
    ///
    /// let note = |bytes: &[u8]| errors(bytes).next().map(|e| e.security_note()).unwrap_or("");
    /// assert!(note(b"\xC0\x80").contains("NUL"));
    /// assert!(note(b"\xC0\xAF").contains("../"));
    /// assert!(note(b"\xED\xA0\x80").contains("surrogate"));
    /// assert!(note(b"\xE4\xBD\"").contains("quote"));
    /// ```
    pub fn security_note(&self) -> &'static str {
        let meant = self.intended().map(|i| i.code_point());
        match (self.kind, meant) {
            (ErrorKind::Overlong | ErrorKind::InvalidByte, Some(0)) => {
                "An overlong NUL: Java's modified UTF-8 writes U+0000 as C0 80 so that strings hold no 00 byte. \
                 A lenient decoder turns it into a real NUL after every check for NUL has passed, and C code then \
                 cuts the string short there. RFC 3629 forbids overlong forms, so strict decoders reject it."
            }
            (ErrorKind::Overlong | ErrorKind::InvalidByte, Some(0x2E | 0x2F | 0x5C)) => {
                "An overlong '.', '/' or '\\': a path check that looks for \"../\" byte by byte does not see it, \
                 and a lenient decoder turns it back into the real character afterwards. This is how directory \
                 traversal got past web servers around 2000; RFC 3629 §10 requires decoders to reject overlong forms."
            }
            (ErrorKind::Overlong, _) | (ErrorKind::InvalidByte, Some(0..=0x7F)) => {
                "An overlong form spells a character with more bytes than it needs, so a filter that searches the \
                 bytes for that character misses it while a lenient decoder still produces it. RFC 3629 §10 \
                 requires decoders to reject overlong forms."
            }
            (ErrorKind::Surrogate, _) => {
                "UTF-8 must not encode surrogate code points (RFC 3629 §3). A decoder that accepts them (as \
                 CESU-8 and WTF-8 do) gives two byte strings for one text, or lone surrogates that later break \
                 UTF-16 code, so checks made on the bytes no longer hold for the text."
            }
            (ErrorKind::TooLarge, _) | (ErrorKind::InvalidByte, Some(_)) => {
                "Values above U+10FFFF are outside Unicode and UTF-16 cannot hold them. A decoder that accepts \
                 them may overflow a table or buffer sized for U+10FFFF, or pass on characters that the next \
                 component rejects or maps differently."
            }
            (ErrorKind::InvalidByte, None) => {
                "This byte never appears in UTF-8. It must become U+FFFD, not vanish: deleting invalid bytes can \
                 join the bytes around them into something a check already let through, such as \"<scr\" + \"ipt\"."
            }
            (ErrorKind::UnexpectedContinuation, _) => {
                "A stray continuation byte must become U+FFFD on its own. Decoders that skip it, or glue it to a \
                 neighbour, disagree with each other about the text, and a filter that reads differently from \
                 the component behind it can be bypassed."
            }
            (ErrorKind::Truncated, _) => {
                "A decoder that trusts the lead byte's length would swallow the next byte even though it is not a \
                 continuation byte, such as a quote or '<' that an escaping step relies on. Replacing only the \
                 maximal subpart with U+FFFD (Unicode §3.9) keeps the next character."
            }
        }
    }

    /// The same error at another offset: for errors found in a window of a larger input, counted
    /// from the start of that input (as [`StreamError`](crate::StreamError) counts from the start of
    /// the stream).
    ///
    /// ```
    /// let e = utf8lens::errors(b"\xFF").next().unwrap().with_offset(10);
    /// assert_eq!(e.offset(), 10);
    /// assert!(e.to_string().contains("at offset 10"));
    /// ```
    #[must_use]
    pub fn with_offset(mut self, offset: usize) -> Malformed {
        self.offset = offset;
        self
    }
}

/// Writes bytes as space-separated upper-case hex: `E2 82 AC`.
pub(crate) struct HexBytes<'a>(pub(crate) &'a [u8]);

impl fmt::Display for HexBytes<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, b) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{b:02X}")?;
        }
        Ok(())
    }
}

/// Writes a code point as `U+20AC '€'`, leaving out the glyph for controls and non-characters.
pub(crate) struct CodePointName(pub(crate) u32);

impl fmt::Display for CodePointName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "U+{:04X}", self.0)?;
        match char::from_u32(self.0) {
            Some(c) if !c.is_control() && !c.is_whitespace() => write!(f, " '{c}'"),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for Malformed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lead = self.window[0];
        let at = self.offset;
        match self.kind {
            ErrorKind::UnexpectedContinuation => write!(
                f,
                "Byte {lead:02X} at offset {at} is a continuation byte (10xxxxxx) with no lead byte before it"
            )?,
            ErrorKind::InvalidByte => {
                let reason = match classify(lead) {
                    ByteClass::NeverValid(why) => why.reason(),
                    _ => "it is not a valid lead byte",
                };
                write!(f, "Byte {lead:02X} at offset {at} never appears in UTF-8: {reason}")?;
            }
            ErrorKind::Overlong | ErrorKind::Surrogate | ErrorKind::TooLarge => {
                let what = match self.kind {
                    ErrorKind::Overlong => "an overlong sequence",
                    ErrorKind::Surrogate => "the encoding of a UTF-16 surrogate",
                    _ => "a value above U+10FFFF",
                };
                let (lo, hi) = second_byte_bounds(lead);
                write!(
                    f,
                    "Byte {lead:02X} at offset {at} starts {what}: {lead:02X} must be followed by {lo:02X}–{hi:02X}"
                )?;
                if let Some(next) = self.following() {
                    write!(f, ", not {next:02X}")?;
                }
            }
            ErrorKind::Truncated => {
                let announced = sequence_len(lead);
                write!(
                    f,
                    "{} {} at offset {at} {} an incomplete {announced}-byte sequence, cut short by ",
                    if self.len == 1 { "Byte" } else { "Bytes" },
                    HexBytes(self.bytes()),
                    if self.len == 1 { "is" } else { "are" },
                )?;
                match self.following() {
                    Some(next) => write!(
                        f,
                        "byte {next:02X} at offset {}, which cannot continue it",
                        at + self.len()
                    )?,
                    None => f.write_str("the end of the input")?,
                }
            }
        }
        if let Some(meant) = self.intended() {
            let seq = HexBytes(self.sequence_bytes());
            let cp = meant.code_point;
            if (0xD800..=0xDFFF).contains(&cp) {
                write!(
                    f,
                    "; {seq} would be U+{cp:04X}, a surrogate code point reserved for UTF-16 pairs"
                )?;
            } else if cp > 0x10_FFFF {
                write!(f, "; {seq} would be the value U+{cp:04X}, above U+10FFFF")?;
            } else {
                write!(
                    f,
                    "; {seq} would be an overlong encoding of {} in {} bytes instead of {}",
                    CodePointName(cp),
                    meant.len(),
                    crate::encode::octet_count(cp)
                )?;
            }
        }
        f.write_str(".")
    }
}

impl std::error::Error for Malformed {}

#[cfg(test)]
mod tests {
    use crate::{errors, ErrorKind};

    #[test]
    fn every_rule_is_a_line_of_the_rfc_3629_grammar() {
        const GRAMMAR: &str = "UTF8-char = UTF8-1 / UTF8-2 / UTF8-3 / UTF8-4
UTF8-2 = %xC2-DF UTF8-tail
UTF8-3 = %xE0 %xA0-BF UTF8-tail
UTF8-3 = %xE1-EC 2( UTF8-tail )
UTF8-3 = %xED %x80-9F UTF8-tail
UTF8-3 = %xEE-EF 2( UTF8-tail )
UTF8-4 = %xF0 %x90-BF 2( UTF8-tail )
UTF8-4 = %xF1-F3 3( UTF8-tail )
UTF8-4 = %xF4 %x80-8F 2( UTF8-tail )
UTF8-tail = %x80-BF";
        for lead in 0x80..=0xFFu8 {
            for next in [None, Some(0x41), Some(0x80), Some(0xA0), Some(0x90)] {
                let mut input = vec![lead];
                input.extend(next);
                for e in errors(&input) {
                    assert!(GRAMMAR.lines().any(|l| l == e.abnf_rule()), "{input:02X?}");
                    assert!(!e.security_note().is_empty());
                }
            }
        }
    }

    #[test]
    fn security_notes_follow_what_the_bytes_meant() {
        let note = |bytes: &[u8]| errors(bytes).next().map(|e| (e.kind(), e.security_note()));
        let (kind, nul) = note(b"\xC0\x80").unwrap_or((ErrorKind::Truncated, ""));
        assert_eq!(kind, ErrorKind::InvalidByte);
        assert!(nul.contains("C0 80"));
        assert!(note(b"\xE0\x80\xAE").unwrap().1.contains("traversal"));
        let (_, overlong_a) = note(b"\xE0\x81\x81").unwrap();
        assert!(overlong_a.starts_with("An overlong form"));
        assert!(note(b"\xF4\x90\x80\x80").unwrap().1.contains("U+10FFFF"));
        assert!(note(b"\xF5\x80\x80\x80").unwrap().1.contains("U+10FFFF"));
        assert!(note(b"\xFF").unwrap().1.contains("never appears"));
        assert!(note(b"\x80").unwrap().1.contains("stray"));
    }
}
