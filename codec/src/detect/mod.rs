//! Charset detection that explains itself: "what encoding is this file?"
//!
//! [`detect`] reads bytes and returns ranked [`Candidate`]s, each with a charset name (lowercase
//! WHATWG or IANA: `"utf-8"`, `"windows-1251"`, `"shift_jis"`...), a confidence in `0..=1`, the
//! language the text seems to be in, and reasons a person can check. [`Detector`] does the same
//! for input that arrives in chunks and stops collecting after a limit, so that a large file is
//! judged by its first megabyte.
//!
//! ```
//! use utf8lens::detect::detect;
//!
//! // "Привет, как дела? Всё хорошо." in windows-1251
//! let bytes = b"\xcf\xf0\xe8\xe2\xe5\xf2, \xea\xe0\xea \xe4\xe5\xeb\xe0? \xc2\xf1\xb8 \xf5\xee\xf0\xee\xf8\xee.";
//! let detection = detect(bytes);
//! let best = detection.best();
//! assert_eq!(best.charset(), "windows-1251");
//! assert_eq!(best.language(), Some("ru"));
//! assert!(!best.reasons().is_empty());
//! ```
//!
//! # What it recognises, and how
//!
//! * Byte order marks (UTF-8, UTF-16LE/BE, UTF-32LE/BE), then UTF-32 and UTF-16 without one, by
//!   their zero bytes and by code units that fall where text lives.
//! * ISO-2022-JP and ISO-2022-KR by their escape sequences; ASCII; UTF-8. Valid UTF-8 with
//!   non-ASCII content wins over every legacy reading.
//! * Every single-byte [`Charset`] of the codec, and two that only the detector
//!   knows (`ibm855`, `x-mac-ce`), by how well each reading of the
//!   bytes fits the letter pairs of 35 languages. The letter statistics come from the `wordfreq`
//!   word lists and Wikipedia text (docs/DETECT.md), generated into a table of a few kilobytes.
//! * Shift_JIS, EUC-JP, GB18030 (GBK), Big5 and EUC-KR by their byte grammar and by the lead and
//!   trail bytes of real text, without their mapping tables: decode those with the platform's
//!   decoder (`TextDecoder` in JavaScript).
//!
//! # Panics and cost
//!
//! No input makes it panic. Time is linear in the bytes examined, at most [`Detector::limit`].
mod decode;
mod figures;
mod language;
mod model;
mod multi_byte;
mod order;
mod single_byte;
mod unicode;
mod words;

pub use decode::decode;
pub(crate) use language::install_frequent_words;
pub(crate) use words::{
    frequent_word_languages, in_an_alphabet, in_latin_alphabet, in_latin_alphabet_of,
    is_frequent_word, is_tiny_word_of, latin_alphabet_whole, latin_language_code, latin_word_bits,
    one_alphabet, text_language, text_languages, word_bits, word_bits_each, MIN_COMMON_WORDS,
    MIN_FREQUENT_LETTERS,
};

use core::fmt;

use crate::charset::Charset;

/// Every charset name a [`Candidate`] can carry.
///
/// # Examples
///
/// ```
/// use utf8lens::detect::{detect, CHARSETS};
///
/// assert!(CHARSETS.contains(&detect(b"caf\xe9").best().charset()));
/// assert!(CHARSETS.contains(&"shift_jis"));
/// ```
pub const CHARSETS: [&str; 50] = [
    "us-ascii",
    "utf-8",
    "utf-16le",
    "utf-16be",
    "utf-32le",
    "utf-32be",
    "iso-2022-jp",
    "iso-2022-kr",
    "shift_jis",
    "euc-jp",
    "gb18030",
    "big5",
    "euc-kr",
    "iso-8859-1",
    "iso-8859-2",
    "iso-8859-3",
    "iso-8859-4",
    "iso-8859-5",
    "iso-8859-6",
    "iso-8859-7",
    "iso-8859-8",
    "iso-8859-9",
    "iso-8859-10",
    "iso-8859-11",
    "iso-8859-13",
    "iso-8859-14",
    "iso-8859-15",
    "iso-8859-16",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "windows-874",
    "koi8-r",
    "koi8-u",
    "ibm866",
    "macintosh",
    "ibm437",
    "ibm850",
    "ibm852",
    "ibm855",
    "x-mac-ce",
    "x-mac-cyrillic",
    // Reserved for encodings the detector may learn; never returned today.
    "hz-gb-2312",
    "euc-tw",
];

/// One possible charset of the input, with how sure the detector is and why.
///
/// # Examples
///
/// ```
/// use utf8lens::detect::detect;
///
/// let detection = detect("naïve café".as_bytes());
/// let best = detection.best();
/// assert_eq!(best.charset(), "utf-8");
/// assert!(best.confidence() > 0.9);
/// assert!(best.reasons()[0].contains("UTF-8"));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    charset: &'static str,
    confidence: f64,
    language: Option<&'static str>,
    reasons: Vec<String>,
}

impl Candidate {
    fn new(
        charset: &'static str,
        confidence: f64,
        language: Option<&'static str>,
        reasons: Vec<String>,
    ) -> Candidate {
        Candidate {
            charset,
            confidence: confidence.clamp(0.0, 1.0),
            language,
            reasons,
        }
    }

    /// The charset's lowercase WHATWG or IANA name, one of [`CHARSETS`].
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(utf8lens::detect::detect(b"\xEF\xBB\xBFhi").best().charset(), "utf-8");
    /// ```
    pub fn charset(&self) -> &'static str {
        self.charset
    }

    /// How sure the detector is, in `0..=1`. The confidences of one detection add up to at most 1.
    ///
    /// # Examples
    ///
    /// ```
    /// let detection = utf8lens::detect::detect(b"plain ASCII");
    /// assert_eq!(detection.best().confidence(), 1.0);
    /// ```
    pub fn confidence(&self) -> f64 {
        self.confidence
    }

    /// The language the text seems to be in (ISO 639-1: `"ru"`, `"ja"`...), if the detector
    /// could tell.
    ///
    /// # Examples
    ///
    /// ```
    /// // "Grüße aus Köln, schöne Größe" in windows-1252
    /// let bytes = b"Gr\xfc\xdfe aus K\xf6ln, sch\xf6ne Gr\xf6\xdfe";
    /// assert_eq!(utf8lens::detect::detect(bytes).best().language(), Some("de"));
    /// ```
    pub fn language(&self) -> Option<&'static str> {
        self.language
    }

    /// Sentences saying why this charset was proposed, each about something a person can check
    /// in the bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// let detection = utf8lens::detect::detect(b"\xFF\xFEh\x00i\x00");
    /// assert!(detection.best().reasons()[0].contains("FF FE"));
    /// ```
    pub fn reasons(&self) -> &[String] {
        &self.reasons
    }

    /// The codec's [`Charset`] of this candidate, when it is one of the single-byte charsets that
    /// [`charset::decode`](crate::charset::decode) decodes.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lens::detect::detect;
    /// use utf8lens::charset::{self, Charset};
    ///
    /// let bytes = b"\xcf\xf0\xe8\xe2\xe5\xf2 \xec\xe8\xf0"; // "Привет мир" in windows-1251
    /// let best = detect(bytes).best().clone();
    /// assert_eq!(best.legacy_charset(), Some(Charset::Windows1251));
    /// assert_eq!(charset::decode(bytes, Charset::Windows1251), "Привет мир");
    /// assert_eq!(detect("日本".as_bytes()).best().legacy_charset(), None);
    /// ```
    pub fn legacy_charset(&self) -> Option<Charset> {
        self.charset.parse().ok()
    }
}

impl fmt::Display for Candidate {
    /// `charset (confidence%, language): reasons`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({}%",
            self.charset,
            figures::fixed(self.confidence * 100.0, 0)
        )?;
        if let Some(lang) = self.language {
            write!(f, ", {lang}")?;
        }
        write!(f, "): {}", self.reasons.join(" "))
    }
}

/// The outcome of a detection: candidates ranked by confidence, best first, never empty.
///
/// # Examples
///
/// ```
/// let detection = utf8lens::detect::detect(b"caf\xe9 cr\xe8me br\xfbl\xe9e");
/// let ranked = detection.candidates();
/// assert!(ranked.windows(2).all(|w| w[0].confidence() >= w[1].confidence()));
/// assert_eq!(detection.best(), &ranked[0]);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Detection {
    candidates: Vec<Candidate>,
    examined: usize,
    total: u64,
}

impl Detection {
    /// The most likely candidate.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(utf8lens::detect::detect(b"").best().charset(), "utf-8");
    /// ```
    pub fn best(&self) -> &Candidate {
        // `candidates` is never empty: every path of `analyse` pushes at least one.
        &self.candidates[0]
    }

    /// Every candidate, best first.
    ///
    /// # Examples
    ///
    /// ```
    /// let detection = utf8lens::detect::detect(b"\xe4\xf6\xfc");
    /// assert!(detection.candidates().len() > 1);
    /// ```
    pub fn candidates(&self) -> &[Candidate] {
        &self.candidates
    }

    /// The candidates, best first, by value.
    ///
    /// # Examples
    ///
    /// ```
    /// let names: Vec<&str> = utf8lens::detect::detect(b"abc")
    ///     .into_candidates()
    ///     .iter()
    ///     .map(|c| c.charset())
    ///     .collect();
    /// assert_eq!(names, ["us-ascii"]);
    /// ```
    pub fn into_candidates(self) -> Vec<Candidate> {
        self.candidates
    }

    /// How many bytes were examined: all of them, or the [`Detector::limit`] first.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lens::detect::Detector;
    ///
    /// let mut detector = Detector::with_limit(4);
    /// detector.feed(b"abcdefgh");
    /// let detection = detector.finish();
    /// assert_eq!((detection.examined(), detection.total()), (4, 8));
    /// ```
    pub fn examined(&self) -> usize {
        self.examined
    }

    /// How many bytes were fed in all.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(utf8lens::detect::detect(b"abc").total(), 3);
    /// ```
    pub fn total(&self) -> u64 {
        self.total
    }
}

/// Detects the charset of `bytes`, examining at most [`Detector::DEFAULT_LIMIT`] of them.
///
/// # Examples
///
/// ```
/// use utf8lens::detect::detect;
///
/// // Shift_JIS: "日本語のテキストです。"
/// let sjis = b"\x93\xfa\x96\x7b\x8c\xea\x82\xcc\x83\x65\x83\x4c\x83\x58\x83\x67\x82\xc5\x82\xb7\x81\x42";
/// assert_eq!(detect(sjis).best().charset(), "shift_jis");
/// assert_eq!(detect(sjis).best().language(), Some("ja"));
/// ```
pub fn detect(bytes: &[u8]) -> Detection {
    let mut detector = Detector::new();
    detector.feed(bytes);
    detector.finish()
}

/// Every legacy single-byte charset of the codec ([`Charset::ALL`]), the most plausible reading of
/// `bytes` first, as the detector's single-byte scorer ranks them (letter pairs of its languages,
/// undefined bytes, controls and symbols where text has letters). Charsets that read the bytes
/// identically sit side by side, in the detector's order of preference (windows-125x before the
/// ISO-8859 charsets they extend); with no byte beyond ASCII that order is all there is. Only the
/// first [`Detector::DEFAULT_LIMIT`] bytes are looked at.
///
/// For a list of readings to show, as the inspector's mojibake view does; [`detect`] answers
/// "which charset is it" with confidences and reasons.
///
/// # Examples
///
/// ```
/// use utf8lens::charset::Charset;
/// use utf8lens::detect::rank_legacy;
///
/// // "Привет, как дела?" in KOI8-R.
/// let bytes = b"\xf0\xd2\xc9\xd7\xc5\xd4, \xcb\xc1\xcb \xc4\xc5\xcc\xc1?";
/// let ranked = rank_legacy(bytes);
/// assert_eq!(ranked[0], Charset::Koi8R);
/// assert_eq!(ranked.len(), Charset::ALL.len());
/// ```
pub fn rank_legacy(bytes: &[u8]) -> Vec<Charset> {
    let bytes = bytes.get(..Detector::DEFAULT_LIMIT).unwrap_or(bytes);
    single_byte::rank_ours(&single_byte::ByteStats::new(bytes))
}

/// Detection over input that arrives in chunks: [`feed`](Detector::feed) them, then
/// [`finish`](Detector::finish). Only the first [`limit`](Detector::limit) bytes are kept and
/// examined; the rest is counted and dropped.
///
/// # Examples
///
/// ```
/// use utf8lens::detect::Detector;
///
/// let mut detector = Detector::new();
/// for chunk in "Größe, Maß und Gewicht".as_bytes().chunks(3) {
///     detector.feed(chunk); // chunks may split a character
/// }
/// assert_eq!(detector.finish().best().charset(), "utf-8");
/// ```
#[derive(Debug, Clone)]
pub struct Detector {
    buffer: Vec<u8>,
    limit: usize,
    total: u64,
}

impl Default for Detector {
    /// The same as [`Detector::new`].
    fn default() -> Detector {
        Detector::new()
    }
}

impl Detector {
    /// The default number of bytes examined: 1 MiB.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lens::detect::Detector;
    /// assert_eq!(Detector::new().limit(), Detector::DEFAULT_LIMIT);
    /// ```
    pub const DEFAULT_LIMIT: usize = 1 << 20;

    /// A detector that examines the first [`Detector::DEFAULT_LIMIT`] bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut detector = utf8lens::detect::Detector::new();
    /// detector.feed(b"hello");
    /// assert_eq!(detector.finish().best().charset(), "us-ascii");
    /// ```
    pub fn new() -> Detector {
        Detector::with_limit(Detector::DEFAULT_LIMIT)
    }

    /// A detector that examines the first `limit` bytes (at least 1).
    ///
    /// # Examples
    ///
    /// ```
    /// let detector = utf8lens::detect::Detector::with_limit(64 * 1024);
    /// assert_eq!(detector.limit(), 65536);
    /// ```
    pub fn with_limit(limit: usize) -> Detector {
        Detector {
            buffer: Vec::new(),
            limit: limit.max(1),
            total: 0,
        }
    }

    /// The number of bytes this detector examines.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(utf8lens::detect::Detector::with_limit(0).limit(), 1);
    /// ```
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Adds the next chunk of input.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut detector = utf8lens::detect::Detector::with_limit(2);
    /// detector.feed(b"a");
    /// assert!(!detector.is_full());
    /// detector.feed(b"bc");
    /// assert!(detector.is_full());
    /// ```
    pub fn feed(&mut self, chunk: &[u8]) {
        self.total = self.total.saturating_add(chunk.len() as u64);
        let room = self.limit.saturating_sub(self.buffer.len());
        self.buffer
            .extend_from_slice(&chunk[..chunk.len().min(room)]);
    }

    /// Whether the limit is reached: feeding more changes nothing but [`Detection::total`].
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(!utf8lens::detect::Detector::new().is_full());
    /// ```
    pub fn is_full(&self) -> bool {
        self.buffer.len() >= self.limit
    }

    /// Examines what was fed and ranks the candidates.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut detector = utf8lens::detect::Detector::new();
    /// detector.feed(b"\x00\x00\xFE\xFF\x00\x00\x00A");
    /// assert_eq!(detector.finish().best().charset(), "utf-32be");
    /// ```
    pub fn finish(self) -> Detection {
        let truncated = self.total > self.buffer.len() as u64;
        Detection {
            candidates: analyse(&self.buffer, truncated),
            examined: self.buffer.len(),
            total: self.total,
        }
    }
}

/// A reading scored in bits (lower is more likely), before confidences are given.
struct Scored {
    charset: &'static str,
    bits: f64,
    language: Option<&'static str>,
    reasons: Vec<String>,
}

/// How many bits of difference make one candidate twice as likely as another. The models are
/// far from independent letter by letter, so a raw difference of one bit is worth much less.
const TEMPERATURE_BITS: f64 = 4.0;

/// How many candidates get reasons and are returned.
const SHOWN: usize = 6;

fn analyse(input: &[u8], truncated: bool) -> Vec<Candidate> {
    if input.is_empty() {
        return vec![Candidate::new(
            "utf-8",
            1.0,
            None,
            vec!["The input is empty: every charset reads it as the empty text, and UTF-8 is the default.".to_string()],
        )];
    }
    let mut fallback = None;
    match unicode::bom(input, truncated) {
        Some(Ok(candidate)) => return vec![candidate],
        Some(Err(weak)) => fallback = Some(weak),
        None => {}
    }
    let has_zero = input.contains(&0);
    if has_zero {
        if let Some(candidate) = unicode::utf32_without_bom(input, truncated) {
            return vec![candidate];
        }
        if let Some(candidate) = unicode::utf16_without_bom(input, truncated, true) {
            return vec![candidate];
        }
    }
    if let Some(candidate) = unicode::iso2022(input) {
        return vec![candidate];
    }
    let mut utf8_candidate = None;
    match unicode::utf8(input, truncated) {
        unicode::Utf8::Ascii => {
            return vec![Candidate::new(
                "us-ascii",
                1.0,
                None,
                vec![format!(
                    "All {} bytes are in 00–7F: ASCII, which UTF-8 and every charset here read the same way.",
                    input.len()
                )],
            )];
        }
        unicode::Utf8::Valid(chars) => {
            return vec![Candidate::new(
                "utf-8",
                if chars >= 2 { 0.99 } else { 0.95 },
                None,
                vec![
                    format!("All bytes are valid UTF-8, with {chars} non-ASCII characters."),
                    "Legacy text almost never forms valid UTF-8 sequences by chance, so valid UTF-8 with non-ASCII content wins over every legacy reading.".to_string(),
                ],
            )];
        }
        unicode::Utf8::Mostly(valid, errors) => {
            let confidence = valid as f64 / (valid + 4 * errors) as f64;
            utf8_candidate = Some(Candidate::new(
                "utf-8",
                confidence,
                None,
                vec![format!(
                    "{valid} multi-byte sequences are valid UTF-8 but {errors} are not: UTF-8 damaged in places, or another charset whose bytes happen to form UTF-8."
                )],
            ));
        }
        unicode::Utf8::Invalid => {}
    }
    let stats = single_byte::ByteStats::new(input);
    let mut scored = single_byte::score(&stats, SHOWN);
    let cjk = multi_byte::score(input, truncated, stats.high());
    // UTF-16 without zero bytes (CJK text with no ASCII at all) looks like CJK legacy bytes:
    // consider it only when no CJK grammar fits.
    if !has_zero && cjk.is_empty() {
        if let Some(candidate) = unicode::utf16_without_bom(input, truncated, false) {
            return vec![candidate];
        }
    }
    scored.extend(cjk);
    rank(scored, utf8_candidate, fallback)
}

/// Turns scored readings into candidates: confidences from the differences in bits, best first,
/// the first [`SHOWN`] kept.
fn rank(
    mut scored: Vec<Scored>,
    utf8: Option<Candidate>,
    fallback: Option<Candidate>,
) -> Vec<Candidate> {
    order::sort_by_key(&mut scored, |s| s.bits);
    let best = scored.first().map_or(0.0, |s| s.bits);
    let weights: Vec<f64> = scored
        .iter()
        .map(|s| ((best - s.bits) / TEMPERATURE_BITS).exp2())
        .collect();
    let total: f64 = weights.iter().sum();
    // Damaged UTF-8 and a byte order mark whose rest is invalid each keep their own confidence,
    // scaled down together where they would add up to more than 1 (`FF FE` before UTF-8 text).
    let reserved: f64 = utf8
        .iter()
        .chain(fallback.iter())
        .map(|c| c.confidence)
        .sum::<f64>();
    let scale = if reserved > 1.0 { 1.0 / reserved } else { 1.0 };
    let scaled = |candidate: Option<Candidate>| {
        candidate.map(|mut c| {
            c.confidence *= scale;
            c
        })
    };
    let (utf8, fallback) = (scaled(utf8), scaled(fallback));
    let share = (1.0 - reserved * scale).max(0.0);
    let mut out: Vec<Candidate> = scored
        .into_iter()
        .zip(weights)
        .take(SHOWN)
        .map(|(s, w)| {
            let confidence = if total > 0.0 { share * w / total } else { 0.0 };
            Candidate::new(s.charset, confidence, s.language, s.reasons)
        })
        .collect();
    out.extend(utf8);
    out.extend(fallback);
    order::sort_by_key(&mut out, |c| -c.confidence);
    if out.is_empty() {
        out.push(Candidate::new(
            "windows-1252",
            0.0,
            None,
            vec!["No reading fits; windows-1252 decodes every byte.".to_string()],
        ));
    }
    out
}
