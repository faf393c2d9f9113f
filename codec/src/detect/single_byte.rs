//! Single-byte charsets: every table of `crate::charset` and the detection-only tables of the
//! model, scored by how well their reading of the bytes fits the letter pairs of a language.
//!
//! The input is reduced once to counts of byte pairs (a 256×256 histogram). A charset and a
//! language then cost the sum, over the distinct pairs, of count × the language's cost of the
//! pair of letter classes the charset reads there. Pairs of two ASCII bytes read the same in every
//! charset, so their cost is computed once per language. Charsets that read every byte present
//! the same way are one candidate, scored once.

use std::sync::OnceLock;

use super::language::{self, is_letter, Language, BOUNDARY, DENSE_WIDTH, OTHER_BEYOND_ASCII};
use super::model::EXTRA_CHARSETS;
use super::{figures, order, Scored};
use crate::charset::Charset;

/// A single-byte charset the detector can propose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Source {
    /// One of the codec's charsets.
    Ours(Charset),
    /// A detection-only table of the model, by index.
    Extra(usize),
}

/// The charsets in order of preference: when two read the bytes identically the first one is
/// proposed, as WHATWG's windows-125x supersets are what browsers use for their ISO labels.
const PREFERENCE: [Charset; 33] = [
    Charset::Windows1252,
    Charset::Windows1250,
    Charset::Windows1251,
    Charset::Windows1253,
    Charset::Windows1254,
    Charset::Windows1255,
    Charset::Windows1256,
    Charset::Windows1257,
    Charset::Windows1258,
    Charset::Windows874,
    Charset::Iso8859_1,
    Charset::Iso8859_15,
    Charset::Iso8859_2,
    Charset::Iso8859_3,
    Charset::Iso8859_4,
    Charset::Iso8859_5,
    Charset::Iso8859_6,
    Charset::Iso8859_7,
    Charset::Iso8859_8,
    Charset::Iso8859_9,
    Charset::Iso8859_10,
    Charset::Iso8859_11,
    Charset::Iso8859_13,
    Charset::Iso8859_14,
    Charset::Iso8859_16,
    Charset::Koi8R,
    Charset::Koi8U,
    Charset::Ibm866,
    Charset::Macintosh,
    Charset::Ibm850,
    Charset::Ibm437,
    Charset::Ibm852,
    Charset::XMacCyrillic,
];

/// Every source, in order of preference.
pub(super) fn sources() -> impl Iterator<Item = Source> {
    PREFERENCE
        .iter()
        .map(|&c| Source::Ours(c))
        .chain((0..EXTRA_CHARSETS.len()).map(Source::Extra))
}

impl Source {
    /// The lowercase name.
    pub(super) fn name(self) -> &'static str {
        match self {
            Source::Ours(c) => c.name(),
            Source::Extra(i) => EXTRA_CHARSETS[i].0,
        }
    }

    /// The character of a byte, `None` if undefined.
    pub(super) fn decode(self, byte: u8) -> Option<char> {
        match self {
            Source::Ours(c) => c.decode_byte(byte),
            Source::Extra(_) if byte < 0x80 => Some(char::from(byte)),
            Source::Extra(i) => match EXTRA_CHARSETS[i].1[usize::from(byte - 0x80)] {
                0 => None,
                unit => char::from_u32(u32::from(unit)),
            },
        }
    }

    fn encodes(self, ch: char) -> bool {
        match self {
            Source::Ours(c) => c.encode_char(ch).is_some(),
            Source::Extra(i) => EXTRA_CHARSETS[i]
                .1
                .iter()
                .any(|&u| u32::from(u) == ch as u32),
        }
    }

    /// A small cost in bits that only breaks near-ties: the Windows code pages are the most common
    /// single-byte charsets on the web, DOS and Mac ones the least.
    fn prior_bits(self) -> f64 {
        match self {
            Source::Ours(c) if c.name().starts_with("windows-") => 0.0,
            Source::Ours(c) if c.name().starts_with("iso-8859-") => 1.0,
            Source::Ours(Charset::Koi8R) => 1.0,
            _ => 3.0,
        }
    }
}

/// Whether a language is written in a charset: it encodes at least 80% of the letters of the
/// language's alphabet beyond ASCII (all, for a language with none). Computed once.
fn at_home(source_index: usize, lang: Language) -> bool {
    static HOME: OnceLock<Vec<Vec<bool>>> = OnceLock::new();
    let table = HOME.get_or_init(|| {
        sources()
            .map(|source| {
                language::all()
                    .map(|lang| {
                        let (mut letters, mut encoded) = (0u32, 0u32);
                        for ch in lang.alphabet().filter(|c| !c.is_ascii()) {
                            letters += 1;
                            encoded += u32::from(source.encodes(ch));
                        }
                        encoded * 5 >= letters * 4
                    })
                    .collect()
            })
            .collect()
    });
    table
        .get(source_index)
        .and_then(|row| row.get(lang.index()))
        .copied()
        .unwrap_or(false)
}

/// Whether `lang` is written in the codec's `charset` ([`at_home`]): Turkish is in windows-1254,
/// not in Mac OS Roman, which lacks its `ğ` and `ş`.
pub(super) fn written_in(charset: Charset, lang: Language) -> bool {
    sources()
        .position(|source| source == Source::Ours(charset))
        .is_some_and(|index| at_home(index, lang))
}

/// The byte-pair histogram of an input.
pub(super) struct ByteStats {
    /// Count of each pair `(previous << 8) | byte`; the first byte follows a space.
    pairs: Vec<u32>,
    /// The pairs that occur, each once.
    distinct: Vec<u16>,
    /// Count of each byte value.
    bytes: [u32; 256],
}

impl ByteStats {
    /// Counts the pairs of `input`.
    pub(super) fn new(input: &[u8]) -> ByteStats {
        let mut pairs = vec![0u32; 1 << 16];
        let mut distinct = Vec::new();
        let mut bytes = [0u32; 256];
        let mut prev = b' ';
        for &b in input {
            let key = u16::from_be_bytes([prev, b]);
            let slot = &mut pairs[usize::from(key)];
            if *slot == 0 {
                distinct.push(key);
            }
            *slot = slot.saturating_add(1);
            bytes[usize::from(b)] = bytes[usize::from(b)].saturating_add(1);
            prev = b;
        }
        ByteStats {
            pairs,
            distinct,
            bytes,
        }
    }

    /// Number of bytes 80..=FF.
    pub(super) fn high(&self) -> u64 {
        self.bytes[0x80..].iter().map(|&n| u64::from(n)).sum()
    }

    /// Number of bytes.
    pub(super) fn len(&self) -> u64 {
        self.bytes.iter().map(|&n| u64::from(n)).sum()
    }

    fn count(&self, key: u16) -> u32 {
        self.pairs[usize::from(key)]
    }
}

/// How a charset's reading of the bytes was scored: what the reasons quote.
struct Reading {
    source: Source,
    /// Total cost in bits (lower is better).
    bits: f64,
    language: Option<Language>,
    /// Bits per pair that involves a byte 80..=FF, for the best language.
    per_pair: f64,
    undefined: u64,
    controls: u64,
    symbols: u64,
    equivalents: Vec<&'static str>,
}

/// Every single-byte reading of the input that `stats` describes, best first, with reasons for
/// the first `explain` of them. The cost of a reading is that of the pairs with a byte 80..=FF.
pub(super) fn score(stats: &ByteStats, explain: usize) -> Vec<Scored> {
    let readings = readings(stats);
    let best_bits = readings.first().map_or(0.0, |r| r.bits);
    let runner_up = readings.get(1).map(|r| (r.source.name(), r.per_pair));
    readings
        .iter()
        .enumerate()
        .map(|(rank, r)| Scored {
            charset: r.source.name(),
            bits: r.bits,
            language: r.language.map(Language::code),
            reasons: if rank < explain {
                reasons(stats, r, rank, best_bits, runner_up)
            } else {
                Vec::new()
            },
        })
        .collect()
}

/// Every charset of the codec, the most plausible reading of the input first: the order of
/// [`score`], a charset that reads the bytes as another does sharing its place, and all of them
/// in order of preference when no byte is beyond ASCII.
pub(super) fn rank_ours(stats: &ByteStats) -> Vec<Charset> {
    let mut out: Vec<Charset> = Vec::with_capacity(PREFERENCE.len());
    for reading in readings(stats) {
        let names = core::iter::once(reading.source.name()).chain(reading.equivalents);
        out.extend(names.filter_map(|name| PREFERENCE.iter().copied().find(|c| c.name() == name)));
    }
    out.extend(
        PREFERENCE
            .iter()
            .filter(|c| !out.contains(c))
            .collect::<Vec<_>>(),
    );
    out
}

/// Every single-byte reading, scored, best first; none when no byte is beyond ASCII.
fn readings(stats: &ByteStats) -> Vec<Reading> {
    let present: Vec<u8> = (0x80..=0xFFu8)
        .filter(|&b| stats.bytes[usize::from(b)] > 0)
        .collect();
    if present.is_empty() {
        return Vec::new();
    }
    let languages: Vec<Language> = language::all().collect();
    let ascii_classes: Vec<[u8; 128]> = languages
        .iter()
        .map(|&lang| core::array::from_fn(|b| lang.class_of(char::from(b as u8))))
        .collect();
    // Pairs of two ASCII bytes read the same in every charset: they say nothing about the charset,
    // and only they would separate languages whose scripts have no letters there. Left out.
    // Each with its count, read once here rather than once per charset and language.
    let high_pairs: Vec<(u16, u32)> = stats
        .distinct
        .iter()
        .copied()
        .filter(|&key| key & 0x8080 != 0)
        .map(|key| (key, stats.count(key)))
        .collect();
    let high_pair_count: f64 = high_pairs.iter().map(|&(_, n)| f64::from(n)).sum();

    let mut readings: Vec<Reading> = Vec::new();
    let mut seen: Vec<Vec<Option<char>>> = Vec::new();
    for (source_index, source) in sources().enumerate() {
        let key: Vec<Option<char>> = present.iter().map(|&b| source.decode(b)).collect();
        if let Some(i) = seen.iter().position(|k| *k == key) {
            readings[i].equivalents.push(source.name());
            continue;
        }
        seen.push(key);
        readings.push(read_as(
            stats,
            source,
            source_index,
            &present,
            &languages,
            &ascii_classes,
            &high_pairs,
            high_pair_count,
        ));
    }
    order::sort_by_key(&mut readings, |r| r.bits);
    readings
}

#[allow(clippy::too_many_arguments)] // the precomputed tables of `score`, passed down once
fn read_as(
    stats: &ByteStats,
    source: Source,
    source_index: usize,
    present: &[u8],
    languages: &[Language],
    ascii_classes: &[[u8; 128]],
    high_pairs: &[(u16, u32)],
    high_pair_count: f64,
) -> Reading {
    let mut chars = [None; 128];
    for &b in present {
        chars[usize::from(b - 0x80)] = source.decode(b);
    }
    let char_at = |b: u8| {
        if b < 0x80 {
            Some(char::from(b))
        } else {
            chars[usize::from(b - 0x80)]
        }
    };
    let (mut undefined, mut controls, mut symbols) = (0u64, 0u64, 0u64);
    let mut penalty = 0.0;
    for &b in present {
        let n = u64::from(stats.bytes[usize::from(b)]);
        let (cost, kind) = char_penalty(char_at(b));
        penalty += (n as f64) * f64::from(cost);
        match kind {
            Kind::Undefined => undefined += n,
            Kind::Control => controls += n,
            Kind::Symbol => symbols += n,
            Kind::Fine => {}
        }
    }
    // What each byte reads as, in bits, so that the loops below over byte pairs stay cheap.
    let traits: [u8; 256] = core::array::from_fn(|b| traits_of(b as u8, char_at(b as u8)));
    let has = |b: u8, t: u8| traits[usize::from(b)] & t != 0;
    for &(key, n) in high_pairs {
        let [a, b] = key.to_be_bytes();
        let n = f64::from(n);
        // A capital right after a small letter ("пРИВЕТ") is what a reading with the wrong case
        // layout (KOI8 against windows-1251) produces.
        if has(a, LOWER) && has(b, UPPER) {
            penalty += n * 4.0;
        }
        // A word mixes no scripts: an ASCII letter glued to a Cyrillic, Greek, Arabic... letter
        // is what Latin text read in a charset of another script looks like ("vйritй").
        if (has(a, ASCII_LETTER) && has(b, FOREIGN)) || (has(b, ASCII_LETTER) && has(a, FOREIGN)) {
            penalty += n * 10.0;
        }
        // A symbol inside a word ("g№n", "K÷ln") is what a letter read in the wrong charset
        // becomes; typographic punctuation ("l’homme") is not counted here.
        if (has(a, LETTER) && has(b, SYMBOL)) || (has(b, LETTER) && has(a, SYMBOL)) {
            penalty += n * 4.0;
        }
        // Two non-letters 80..=FF in a row ("–›", "╔╦") are rare in text, and what letters of
        // another script become in a charset full of symbols.
        if has(a, HIGH_NON_LETTER) && has(b, HIGH_NON_LETTER) {
            penalty += n * 6.0;
        }
    }
    // log-sum-exp over the languages at home in this charset (all of them if none is).
    let mut costs: Vec<(f64, Language)> = Vec::new();
    let home: Vec<Language> = languages
        .iter()
        .copied()
        .filter(|&l| at_home(source_index, l))
        .collect();
    let candidates = if home.is_empty() { languages } else { &home };
    for &lang in candidates {
        // Classes as rows and columns of the language's dense table (every byte in `present` is
        // beyond ASCII, so "any other letter" there pays the extra bits of `pair_cost`).
        let mut classes = [BOUNDARY; 256];
        classes[..128].copy_from_slice(&ascii_classes[lang.index()]);
        for &b in present {
            let class = char_at(b).map_or(BOUNDARY, |c| lang.class_with(c, has(b, LETTER)));
            classes[usize::from(b)] = if class == lang.other() {
                OTHER_BEYOND_ASCII
            } else {
                class
            };
        }
        let dense = lang.dense_costs();
        // Integer counts times integer costs: the sum is exact in u64 (and in f64 below 2^53).
        let high: u64 = high_pairs
            .iter()
            .map(|&(key, n)| {
                let [a, b] = key.to_be_bytes();
                let at = usize::from(classes[usize::from(a)]) * DENSE_WIDTH
                    + usize::from(classes[usize::from(b)]);
                u64::from(n) * u64::from(dense[at])
            })
            .sum();
        costs.push((high as f64, lang));
    }
    order::sort_by_key(&mut costs, |c| c.0);
    let (best_cost, best_lang) = costs.first().map_or((0.0, None), |&(c, l)| (c, Some(l)));
    let mixture: f64 = costs.iter().map(|(c, _)| (best_cost - c).exp2()).sum();
    let bits = best_cost - mixture.log2() + penalty + source.prior_bits();
    let per_pair = match best_lang {
        Some(_) if high_pair_count > 0.0 => best_cost / high_pair_count,
        _ => 0.0,
    };
    Reading {
        source,
        bits,
        language: best_lang,
        per_pair,
        undefined,
        controls,
        symbols,
        equivalents: Vec::new(),
    }
}

const LETTER: u8 = 1;
const ASCII_LETTER: u8 = 2;
const FOREIGN: u8 = 4;
const SYMBOL: u8 = 8;
const LOWER: u8 = 16;
const UPPER: u8 = 32;
const HIGH_NON_LETTER: u8 = 64;

/// What byte `b` read as `ch` is, as bits: a letter (`LETTER`), an ASCII one (`ASCII_LETTER`), a
/// letter beyond ASCII of a script other than Latin (`FOREIGN`), a symbol beyond ASCII that text
/// rarely holds (`SYMBOL`), small or capital (`LOWER`, `UPPER`), a character 80..=FF that is no
/// letter (`HIGH_NON_LETTER`).
fn traits_of(b: u8, ch: Option<char>) -> u8 {
    let Some(c) = ch else { return 0 };
    let letter = is_letter(c);
    let mut t = 0;
    if letter {
        t |= LETTER;
        if c.is_ascii() {
            t |= ASCII_LETTER;
        } else if !is_latin(c) {
            t |= FOREIGN;
        }
    } else if b >= 0x80 {
        t |= HIGH_NON_LETTER;
    }
    if !c.is_ascii() && char_penalty(Some(c)).1 == Kind::Symbol {
        t |= SYMBOL;
    }
    if c.is_lowercase() {
        t |= LOWER;
    }
    if c.is_uppercase() {
        t |= UPPER;
    }
    t
}

/// Whether a letter beyond ASCII is Latin: Latin-1's letters, Latin Extended-A and -B, Latin
/// Extended Additional (Vietnamese), and the combining diacritics that windows-1258 writes.
fn is_latin(c: char) -> bool {
    matches!(c, 'ª' | 'µ' | 'º' | '\u{00C0}'..='\u{024F}' | '\u{0300}'..='\u{036F}' | '\u{1E00}'..='\u{1EFF}')
}

/// What a character read from a byte 80..=FF says about the reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Fine,
    Symbol,
    Control,
    Undefined,
}

/// The cost in bits of reading a byte 80..=FF as this character, beyond what the letter pairs
/// say: nothing for a letter, a little for the punctuation of running text, more for symbols
/// that text rarely holds, much more for a control character or an undefined byte.
fn char_penalty(ch: Option<char>) -> (u32, Kind) {
    const TYPOGRAPHY: &str = "\u{A0}«»‹›“”„‘’‚–—…•€£°§©®™·¡¿";
    match ch {
        None => (20, Kind::Undefined),
        Some(c) if c.is_control() => (16, Kind::Control),
        Some(c) if is_letter(c) => (0, Kind::Fine),
        Some(c) if TYPOGRAPHY.contains(c) => (3, Kind::Fine),
        Some('\u{2500}'..='\u{25FF}') => (10, Kind::Symbol),
        Some(_) => (7, Kind::Symbol),
    }
}

fn reasons(
    stats: &ByteStats,
    r: &Reading,
    rank: usize,
    best_bits: f64,
    runner_up: Option<(&'static str, f64)>,
) -> Vec<String> {
    let name = r.source.name();
    let mut out = Vec::new();
    let mut frequent: Vec<(u32, u8)> = (0x80..=0xFFu8)
        .map(|b| (stats.bytes[usize::from(b)], b))
        .filter(|&(n, _)| n > 0)
        .collect();
    // Most frequent first, then by byte value: the bytes come in ascending order, and the sort is
    // stable.
    order::sort_by_key(&mut frequent, |&(n, _)| -f64::from(n));
    let shown: Vec<String> = frequent
        .iter()
        .take(4)
        .map(|&(_, b)| match r.source.decode(b) {
            Some(c) if !c.is_control() => format!("{b:02X} as '{c}'"),
            Some(c) => format!("{b:02X} as control U+{:04X}", c as u32),
            None => format!("{b:02X} as nothing (undefined)"),
        })
        .collect();
    out.push(format!(
        "{} of {} bytes are in 80–FF; {name} reads the most frequent of them: {}.",
        stats.high(),
        stats.len(),
        shown.join(", ")
    ));
    if let Some(lang) = r.language {
        let fit = if r.per_pair <= 5.0 {
            "pair like"
        } else if r.per_pair <= 9.0 {
            "pair somewhat like"
        } else {
            "pair poorly even with"
        };
        let mut sentence = format!(
            "Read as {name}, they {fit} {} letters ({} bits per byte pair",
            lang.name(),
            figures::fixed(r.per_pair, 1)
        );
        match (rank, runner_up) {
            (0, Some((other, per_pair))) => {
                sentence += &format!(
                    "; as {other}, the runner-up, {} bits",
                    figures::fixed(per_pair, 1)
                )
            }
            (0, None) => {}
            _ => {
                sentence += &format!(
                    "; {} bits more in all than the best",
                    figures::fixed(r.bits - best_bits, 0)
                )
            }
        }
        sentence += ").";
        out.push(sentence);
    }
    if r.undefined > 0 {
        out.push(format!(
            "{} {} undefined in {name}.",
            r.undefined,
            if r.undefined == 1 {
                "byte is"
            } else {
                "bytes are"
            }
        ));
    }
    if r.controls > 0 {
        out.push(format!(
            "{} {} as C1 control characters in {name}, which text does not contain.",
            r.controls,
            bytes_read(r.controls)
        ));
    }
    if r.symbols > 0 {
        out.push(format!(
            "{} {} as symbols that text rarely holds.",
            r.symbols,
            bytes_read(r.symbols)
        ));
    }
    if !r.equivalents.is_empty() {
        out.push(format!(
            "{} read{} these bytes exactly as {name} does.",
            r.equivalents.join(", "),
            if r.equivalents.len() == 1 { "s" } else { "" }
        ));
    }
    out
}

/// "byte reads" or "bytes read", to agree with a count.
fn bytes_read(count: u64) -> &'static str {
    if count == 1 {
        "byte reads"
    } else {
        "bytes read"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn best(bytes: &[u8]) -> (&'static str, Option<&'static str>) {
        let scored = score(&ByteStats::new(bytes), 1);
        (scored[0].charset, scored[0].language)
    }

    #[test]
    fn cyrillic_charsets_are_told_apart() {
        let text = "Съешь же ещё этих мягких французских булок, да выпей чаю. Широкая электрификация южных губерний даст мощный толчок подъёму сельского хозяйства.";
        for charset in [
            Charset::Windows1251,
            Charset::Koi8R,
            Charset::Ibm866,
            Charset::Iso8859_5,
        ] {
            let bytes =
                crate::charset::encode(text, charset, crate::charset::Fallback::Error).unwrap();
            assert_eq!(best(&bytes), (charset.name(), Some("ru")), "{charset:?}");
        }
    }

    #[test]
    fn central_european_charsets_are_told_apart() {
        let text = "Zażółć gęślą jaźń. Pchnąć w tę łódź jeża lub ośm skrzyń fig. Źródło światła.";
        let bytes =
            crate::charset::encode(text, Charset::Iso8859_2, crate::charset::Fallback::Error)
                .unwrap();
        assert_eq!(best(&bytes), ("iso-8859-2", Some("pl")));
        let bytes =
            crate::charset::encode(text, Charset::Windows1250, crate::charset::Fallback::Error)
                .unwrap();
        assert_eq!(best(&bytes), ("windows-1250", Some("pl")));
    }

    #[test]
    fn every_source_has_a_home_language() {
        for (i, source) in sources().enumerate() {
            assert!(
                language::all().any(|l| at_home(i, l) && !l.alphabet().all(|c| c.is_ascii())),
                "{}",
                source.name()
            );
        }
    }
}
