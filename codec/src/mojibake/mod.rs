//! Mojibake: what happens when text is decoded with the wrong charset, step by step, and how to
//! undo it.
//!
//! Two accidents cover nearly all of it:
//!
//! * **UTF-8 read as a legacy charset** ([`garble`]): each byte of a multi-byte sequence becomes a
//!   character of its own, so `ä` (`C3 A4`) shows as `Ã¤` in windows-1252. It loses nothing
//!   unless the charset leaves a byte undefined, and it can happen again to its own output
//!   ([`garble_rounds`]: `ÃƒÂ¤`).
//! * **Legacy bytes read as UTF-8** ([`misread_as_utf8`]): `Höhe` in ISO-8859-1 is `48 F6 68 65`,
//!   and `F6` can start no UTF-8 sequence, so UTF-8 shows `H�he`.
//!   Characters disappear into U+FFFD, or merge into one character (`Ã¤` becomes `ä`).
//!
//! [`matrix`] shows one text through every charset in both directions, and [`repair`]
//! finds and undoes up to three layers, saying what it did in [`RepairStep`]s.

mod clean_text;
mod legacy_evidence;
mod likelihood;
mod lost_bytes;
mod plausibility;
mod recased;
mod repair;
mod sequences;

use core::fmt;
use core::ops::Range;

pub use self::repair::{repair, Repair, RepairStep};
use crate::byte_class::ErrorKind;
use crate::charset::{decode as decode_legacy, Charset, Encoder, Fallback, Unmappable};
use crate::decode::{segments, Segment};

/// One side of a repair step: UTF-8 or a legacy charset.
///
/// # Examples
///
/// ```
/// use utf8lens::charset::Charset;
/// use utf8lens::mojibake::Encoding;
///
/// assert_eq!(Encoding::Utf8.name(), "utf-8");
/// assert_eq!(Encoding::Legacy(Charset::Windows1252).name(), "windows-1252");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// UTF-8.
    Utf8,
    /// A legacy single-byte charset.
    Legacy(Charset),
}

impl Encoding {
    /// `"utf-8"` or the charset's canonical name.
    ///
    /// ```
    /// assert_eq!(utf8lens::mojibake::Encoding::Legacy(utf8lens::charset::Charset::Koi8R).name(), "koi8-r");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Legacy(cs) => cs.name(),
        }
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The UTF-8 bytes of `text` read as `charset`: the most common mojibake. Bytes the charset leaves
/// undefined become U+FFFD (and the garbling can then no longer be undone exactly).
///
/// # Examples
///
/// ```
/// use utf8lens::charset::Charset;
/// use utf8lens::mojibake::garble;
///
/// assert_eq!(garble("ä", Charset::Windows1252), "Ã¤");
/// assert_eq!(garble("\u{FEFF}", Charset::Windows1252), "ï»¿");
/// assert_eq!(garble("€", Charset::Iso8859_1), "â\u{82}¬");
/// assert_eq!(garble("Привет", Charset::Windows1251), "РџСЂРёРІРµС‚");
/// ```
pub fn garble(text: &str, charset: Charset) -> String {
    decode_legacy(text.as_bytes(), charset)
}

/// One byte of a [`garble_traced`] garbling: which byte of which character became which glyph.
///
/// # Examples
///
/// ```
/// use utf8lens::charset::Charset;
/// use utf8lens::mojibake::garble_traced;
///
/// let g = garble_traced("ä", Charset::Windows1252);
/// let t = &g.trace[1];
/// assert_eq!((t.ch, t.byte_index, t.byte, t.glyph), ('ä', 1, 0xA4, Some('¤')));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GlyphTrace {
    /// Index of the source character, counted in characters.
    pub char_index: usize,
    /// Byte offset of the source character in the UTF-8 text.
    pub char_offset: usize,
    /// The source character.
    pub ch: char,
    /// Which byte of the character's UTF-8 form this is, from 0.
    pub byte_index: usize,
    /// The byte.
    pub byte: u8,
    /// The glyph the charset shows for the byte, or `None` if the byte is undefined there (it is
    /// shown as U+FFFD).
    pub glyph: Option<char>,
}

/// A garbling with its trace; see [`garble_traced`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Garbled {
    /// What the reader sees: the same as [`garble`].
    pub text: String,
    /// One entry per UTF-8 byte of the source text, in order.
    pub trace: Vec<GlyphTrace>,
}

impl Garbled {
    /// Whether every byte was defined in the charset, so the garbling can be undone exactly.
    ///
    /// ```
    /// use utf8lens::charset::Charset;
    /// use utf8lens::mojibake::garble_traced;
    ///
    /// assert!(garble_traced("ä", Charset::Windows1252).is_reversible());
    /// assert!(!garble_traced("ä", Charset::Iso8859_8).is_reversible()); // C3 is undefined there
    /// ```
    pub fn is_reversible(&self) -> bool {
        self.trace.iter().all(|t| t.glyph.is_some())
    }
}

/// Like [`garble`], and also says which byte of which character became which glyph.
///
/// # Examples
///
/// ```
/// use utf8lens::charset::Charset;
/// use utf8lens::mojibake::garble_traced;
///
/// let g = garble_traced("aß", Charset::Iso8859_1);
/// assert_eq!(g.text, "aÃ\u{9F}");
/// let glyphs: Vec<_> = g.trace.iter().map(|t| (t.char_index, t.byte, t.glyph)).collect();
/// assert_eq!(glyphs, [(0, 0x61, Some('a')), (1, 0xC3, Some('Ã')), (1, 0x9F, Some('\u{9F}'))]);
/// ```
pub fn garble_traced(text: &str, charset: Charset) -> Garbled {
    let mut trace = Vec::with_capacity(text.len());
    for (char_index, (char_offset, ch)) in text.char_indices().enumerate() {
        let mut buf = [0u8; 4];
        for (byte_index, &byte) in ch.encode_utf8(&mut buf).as_bytes().iter().enumerate() {
            trace.push(GlyphTrace {
                char_index,
                char_offset,
                ch,
                byte_index,
                byte,
                glyph: charset.decode_byte(byte),
            });
        }
    }
    Garbled {
        text: garble(text, charset),
        trace,
    }
}

/// The most rounds [`garble_rounds`] runs: each round makes the text about twice as long.
pub const MAX_GARBLE_ROUNDS: usize = 8;

/// The error of [`garble_rounds`] when asked for more than [`MAX_GARBLE_ROUNDS`] rounds.
///
/// # Examples
///
/// ```
/// use utf8lens::charset::Charset;
/// use utf8lens::mojibake::garble_rounds;
///
/// let err = garble_rounds("ä", Charset::Windows1252, 100).unwrap_err();
/// assert_eq!(err.to_string(), "100 rounds of garbling asked for; at most 8 are allowed");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooManyRounds {
    rounds: usize,
}

impl TooManyRounds {
    /// The number of rounds asked for.
    ///
    /// ```
    /// let err = utf8lens::mojibake::garble_rounds("ä", utf8lens::charset::Charset::Windows1252, 9).unwrap_err();
    /// assert_eq!(err.rounds(), 9);
    /// ```
    pub fn rounds(&self) -> usize {
        self.rounds
    }
}

impl fmt::Display for TooManyRounds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} rounds of garbling asked for; at most {MAX_GARBLE_ROUNDS} are allowed",
            self.rounds
        )
    }
}

impl std::error::Error for TooManyRounds {}

/// The error of [`load_frequent_words`]: a line it could not take.
///
/// # Examples
///
/// ```
/// use utf8lens::mojibake::load_frequent_words;
///
/// let err = load_frequent_words("pl września\nxx słowo").unwrap_err();
/// assert_eq!(err.line(), 2);
/// assert_eq!(
///     err.to_string(),
///     "line 2 of the frequent words: not a Latin-script language of the model"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadWordList {
    line: usize,
    why: &'static str,
}

impl BadWordList {
    /// The number of the line, from 1.
    ///
    /// ```
    /// let err = utf8lens::mojibake::load_frequent_words("pl Września").unwrap_err();
    /// assert_eq!(err.line(), 1);
    /// ```
    pub fn line(&self) -> usize {
        self.line
    }
}

impl fmt::Display for BadWordList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {} of the frequent words: {}", self.line, self.why)
    }
}

impl std::error::Error for BadWordList {}

/// Gives [`repair`] the most frequent words beyond ASCII of each Latin-script language, for a build
/// without the feature `frequent-words` (on by default), which leaves them out to make the
/// WebAssembly smaller: the inspector loads them when a view that repairs is first opened. The text
/// is that of `static/frequent-words.txt` (written by `scripts/generate-detect-model.py`): one line
/// a language, its ISO 639-1 code then its words in small letters, separated by spaces. A reading
/// that turns a spoilt word into one of them is evidence of mojibake (`wrzeœnia` → `września`;
/// docs/MOJIBAKE.md, rule 45); without them `repair` does without that evidence.
///
/// Returns how many words it took: 0 when `repair` has them already, built in or loaded before.
///
/// # Errors
///
/// [`BadWordList`] for a line whose language is no Latin-script language of the detector's model,
/// or with a word that is not small letters. Then nothing is loaded.
///
/// # Examples
///
/// ```
/// use utf8lens::mojibake::{load_frequent_words, repair};
///
/// // This build has the feature `frequent-words`: the lists are built in, nothing more is taken.
/// assert_eq!(load_frequent_words("pl września").unwrap(), 0);
/// assert_eq!(repair("21 wrzeœnia 1461 w Krakowie)").text, "21 września 1461 w Krakowie)");
/// assert!(load_frequent_words("pl WRZEŚNIA").is_err());
/// ```
pub fn load_frequent_words(text: &str) -> Result<usize, BadWordList> {
    crate::detect::install_frequent_words(text).map_err(|bad| BadWordList {
        line: bad.line,
        why: bad.why,
    })
}

/// [`garble`] applied `rounds` times (double and triple encoding): the text after each round.
///
/// # Examples
///
/// ```
/// use utf8lens::charset::Charset;
/// use utf8lens::mojibake::garble_rounds;
///
/// let rounds = garble_rounds("ä", Charset::Windows1252, 3).unwrap();
/// assert_eq!(rounds, ["Ã¤", "ÃƒÂ¤", "ÃƒÆ’Ã‚Â¤"]);
/// assert!(garble_rounds("ä", Charset::Windows1252, 0).unwrap().is_empty());
/// ```
pub fn garble_rounds(
    text: &str,
    charset: Charset,
    rounds: usize,
) -> Result<Vec<String>, TooManyRounds> {
    if rounds > MAX_GARBLE_ROUNDS {
        return Err(TooManyRounds { rounds });
    }
    let mut out: Vec<String> = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let next = garble(out.last().map_or(text, String::as_str), charset);
        out.push(next);
    }
    Ok(out)
}

/// One piece of a [`misread_as_utf8`]: the bytes that UTF-8 read as one character, or as one
/// U+FFFD.
///
/// Each source character is exactly one byte in a single-byte charset, so [`bytes`](Self::bytes)
/// is also the range of source characters (counted in characters).
///
/// # Examples
///
/// ```
/// use utf8lens::charset::Charset;
/// use utf8lens::mojibake::misread_as_utf8;
///
/// let m = misread_as_utf8("Ã¤!", Charset::Windows1252).unwrap();
/// assert_eq!(m.text, "ä!");
/// assert_eq!(m.pieces[0].bytes, 0..2);
/// assert_eq!(m.pieces[0].swallowed(), 1); // '¤' vanished into 'ä'
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisreadPiece {
    /// The bytes, which are also the source characters, that make up this piece.
    pub bytes: Range<usize>,
    /// What UTF-8 shows for them: a character, or U+FFFD for a malformed sequence.
    pub output: char,
    /// Why the bytes are malformed, when [`output`](Self::output) is a U+FFFD for an error.
    pub error: Option<ErrorKind>,
}

impl MisreadPiece {
    /// How many source characters vanished into this piece beyond the first: they were swallowed
    /// by a multi-byte sequence or by its U+FFFD.
    ///
    /// ```
    /// use utf8lens::charset::Charset;
    /// use utf8lens::mojibake::misread_as_utf8;
    ///
    /// // ä (E4) announces a three-byte sequence; ¶ (B6) continues it; the text ends: one U+FFFD.
    /// let m = misread_as_utf8("ä¶", Charset::Iso8859_1).unwrap();
    /// assert_eq!(m.text, "\u{FFFD}");
    /// assert_eq!(m.pieces[0].swallowed(), 1);
    /// ```
    pub fn swallowed(&self) -> usize {
        self.bytes.len().saturating_sub(1)
    }
}

/// Text encoded in a legacy charset and read as UTF-8; see [`misread_as_utf8`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Misread {
    /// What the reader sees.
    pub text: String,
    /// The bytes in the legacy charset, one per source character.
    pub bytes: Vec<u8>,
    /// The pieces UTF-8 made of the bytes, in order, covering every byte once.
    pub pieces: Vec<MisreadPiece>,
}

impl Misread {
    /// How many U+FFFD the reader sees.
    ///
    /// ```
    /// let m = utf8lens::mojibake::misread_as_utf8("Höhe", utf8lens::charset::Charset::Iso8859_1).unwrap();
    /// assert_eq!(m.replacements(), 1);
    /// ```
    pub fn replacements(&self) -> usize {
        self.pieces.iter().filter(|p| p.error.is_some()).count()
    }
}

/// `text` encoded in `charset` and read as UTF-8: the other direction of mojibake. Fails with
/// [`Unmappable`] if the charset cannot encode a character of `text`.
///
/// # Examples
///
/// ```
/// use utf8lens::ErrorKind;
/// use utf8lens::charset::Charset;
/// use utf8lens::mojibake::misread_as_utf8;
///
/// let m = misread_as_utf8("Höhe", Charset::Iso8859_1).unwrap();
/// assert_eq!(m.text, "H\u{FFFD}he");
/// assert_eq!(m.bytes, b"H\xF6he");
/// // F6 (ö) can start no UTF-8 sequence (F5..FF never can): one U+FFFD, and 'h' survives.
/// assert_eq!(m.pieces[1].bytes, 1..2);
/// assert_eq!(m.pieces[1].error, Some(ErrorKind::InvalidByte));
/// assert_eq!(m.pieces[2].output, 'h');
///
/// assert!(misread_as_utf8("日本", Charset::Iso8859_1).is_err());
/// ```
pub fn misread_as_utf8(text: &str, charset: Charset) -> Result<Misread, Unmappable> {
    let mut bytes = Vec::with_capacity(text.len());
    Encoder::new(charset).encode_into(
        text.char_indices().map(|(i, c)| (i, u32::from(c))),
        Fallback::Error,
        &mut bytes,
    )?;
    let mut out = String::with_capacity(bytes.len());
    let mut pieces = Vec::new();
    for segment in segments(&bytes) {
        let (output, error) = match segment {
            Segment::Char { ch, .. } => (ch, None),
            Segment::Malformed(m) => (char::REPLACEMENT_CHARACTER, Some(m.kind())),
        };
        out.push(output);
        pieces.push(MisreadPiece {
            bytes: segment.range(),
            output,
            error,
        });
    }
    Ok(Misread {
        text: out,
        bytes,
        pieces,
    })
}

/// One charset's row of [`matrix`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatrixRow {
    /// The charset.
    pub charset: Charset,
    /// The text's UTF-8 bytes read as this charset ([`garble`]).
    pub garbled: String,
    /// How many of those bytes the charset leaves undefined (each shown as U+FFFD); 0 means the
    /// garbling can be undone exactly.
    pub undefined: usize,
    /// The text encoded in this charset and read as UTF-8 ([`misread_as_utf8`]'s text), or the
    /// first character the charset cannot encode.
    pub misread: Result<String, Unmappable>,
}

/// One text through every charset, in both directions: the table the inspector shows.
///
/// # Examples
///
/// ```
/// use utf8lens::charset::Charset;
/// use utf8lens::mojibake;
///
/// let rows = mojibake::matrix("Höhe");
/// assert_eq!(rows.len(), Charset::ALL.len());
/// let latin1 = rows.iter().find(|r| r.charset == Charset::Iso8859_1).unwrap();
/// assert_eq!(latin1.garbled, "HÃ¶he");
/// assert_eq!(latin1.misread.as_deref(), Ok("H\u{FFFD}he"));
/// let koi8 = rows.iter().find(|r| r.charset == Charset::Koi8R).unwrap();
/// assert!(koi8.misread.is_err()); // KOI8-R has no 'ö'
/// ```
pub fn matrix(text: &str) -> Vec<MatrixRow> {
    Charset::ALL
        .into_iter()
        .map(|charset| MatrixRow {
            charset,
            garbled: garble(text, charset),
            undefined: text
                .bytes()
                .filter(|&b| charset.decode_byte(b).is_none())
                .count(),
            misread: misread_as_utf8(text, charset).map(|m| m.text),
        })
        .collect()
}

/// The build without the feature `frequent-words` (the inspector's); `scripts/test.sh` runs these
/// without the feature.
#[cfg(all(test, not(feature = "frequent-words")))]
mod tests {
    use super::*;

    /// Such a build repairs without the lists until they are loaded, and with them after.
    #[test]
    fn frequent_words_loaded_at_run_time() {
        let spoilt = "21 wrzeœnia 1461 w Krakowie)";
        assert_eq!(repair(spoilt).text, spoilt);
        // The file the inspector fetches, as scripts/generate-detect-model.py writes it.
        let file = include_str!("../../../static/frequent-words.txt");
        assert!(load_frequent_words(file).is_ok_and(|words| words > 6_000));
        assert_eq!(repair(spoilt).text, "21 września 1461 w Krakowie)");
        // Loaded once.
        assert_eq!(load_frequent_words("pl września"), Ok(0));
    }
}
