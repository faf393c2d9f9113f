//! The letter models of the languages: which class a character is in, and what a pair of classes
//! costs. The data is generated (`model.rs`); this file only reads it.

use std::collections::HashMap;
use std::sync::OnceLock;

#[cfg(feature = "frequent-words")]
use super::model::FREQUENT_WORDS;
use super::model::{
    LanguageModel, COMMON_WORDS, COST_STEP, LANGUAGES, LATIN_ASCII_PAIRS, MAX_LEVEL, TINY_WORDS,
};

/// Class 0 of every language: a word boundary (space, punctuation, digits, symbols...).
pub(super) const BOUNDARY: u8 = 0;

/// What a letter outside a language's alphabet costs beyond its class: about one among 2^8.
const OTHER_LETTER_BITS: u32 = 8;

/// The row length of [`Language::dense_costs`]: the classes (at most 64), then
/// [`OTHER_BEYOND_ASCII`].
pub(super) const DENSE_WIDTH: usize = 65;

/// In [`Language::dense_costs`], "any other letter" read from a byte beyond ASCII, which also
/// pays [`OTHER_LETTER_BITS`] (see [`Language::pair_cost`]).
pub(super) const OTHER_BEYOND_ASCII: u8 = 64;

/// The most frequent words beyond ASCII of the Latin-script languages, each with its languages (a
/// bit each at its index among [`all`]): the model's own (feature `frequent-words`), or the lists
/// [`install_frequent_words`] was given.
static FREQUENT: OnceLock<HashMap<String, u64>> = OnceLock::new();

/// The languages, a bit each at its index among [`all`], whose most frequent words of three letters
/// or more with a letter beyond ASCII hold `word` (small letters): `così` is Italian's, `está`
/// Spanish's, Portuguese's and Catalan's. 0 for any other word, and for every word in a build
/// without the lists until they are installed.
pub(super) fn frequent_in(word: &str) -> u64 {
    #[cfg(feature = "frequent-words")]
    let words = Some(FREQUENT.get_or_init(|| {
        let mut words: HashMap<String, u64> = HashMap::new();
        // The model has fewer than 64 languages (36).
        for (index, list) in FREQUENT_WORDS.iter().enumerate().take(64) {
            for word in list.split(' ').filter(|w| !w.is_empty()) {
                *words.entry(word.to_owned()).or_default() |= 1 << index;
            }
        }
        words
    }));
    #[cfg(not(feature = "frequent-words"))]
    let words = FREQUENT.get();
    words.and_then(|w| w.get(word)).copied().unwrap_or(0)
}

/// A line of a frequent-word file that [`install_frequent_words`] cannot take: its number (from 1)
/// and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BadLine {
    pub(crate) line: usize,
    pub(crate) why: &'static str,
}

/// Takes the lists of frequent words beyond ASCII for a build without them (feature
/// `frequent-words` off): one line a language, its ISO 639-1 code then its words in small letters,
/// separated by spaces (`static/frequent-words.txt`). Returns how many words it took, 0 when the
/// lists were there already (built in or installed before). A line with an unknown or non-Latin
/// language or a word that is not small letters is an error, in every build, and then nothing is
/// installed.
pub(crate) fn install_frequent_words(text: &str) -> Result<usize, BadLine> {
    let mut words: HashMap<String, u64> = HashMap::new();
    let mut count = 0;
    for (number, line) in text.lines().enumerate() {
        let mut fields = line.split(' ').filter(|w| !w.is_empty());
        let Some(code) = fields.next() else {
            continue;
        };
        let bad = |why| BadLine {
            line: number + 1,
            why,
        };
        let index = all()
            .find(|lang| lang.code() == code && lang.is_latin())
            .map(Language::index)
            .filter(|&index| index < 64)
            .ok_or_else(|| bad("not a Latin-script language of the model"))?;
        for word in fields {
            if !word.chars().all(|c| is_letter(c) && lowercase(c) == c) {
                return Err(bad("a word that is not small letters"));
            }
            *words.entry(word.to_owned()).or_default() |= 1 << index;
            count += 1;
        }
    }
    if cfg!(feature = "frequent-words") {
        return Ok(0);
    }
    // A build with the lists, or a call that came first, keeps its own.
    Ok(if FREQUENT.set(words).is_ok() {
        count
    } else {
        0
    })
}

/// Every language the detector knows, as an index into the model.
pub(super) fn all() -> impl Iterator<Item = Language> {
    (0..LANGUAGES.len()).map(Language)
}

/// One language of the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Language(usize);

impl Language {
    fn model(self) -> &'static LanguageModel {
        &LANGUAGES[self.0]
    }

    /// Its index among [`all`] (for tables indexed by language).
    pub(super) fn index(self) -> usize {
        self.0
    }

    /// Whether it writes the Latin script (ASCII letters are letters of its alphabet).
    pub(super) fn is_latin(self) -> bool {
        self.model().latin
    }

    /// Whether `word` (small ASCII letters) is one of its most frequent words.
    pub(super) fn is_common(self, word: &str) -> bool {
        static LISTS: OnceLock<Vec<Vec<&'static str>>> = OnceLock::new();
        listed(&LISTS, &COMMON_WORDS, self.0, word)
    }

    /// Whether `word` (small letters) is one of its most frequent words of one or two letters with
    /// a letter beyond ASCII (French `à`, Swedish `på`).
    pub(super) fn is_tiny(self, word: &str) -> bool {
        static LISTS: OnceLock<Vec<Vec<&'static str>>> = OnceLock::new();
        listed(&LISTS, &TINY_WORDS, self.0, word)
    }

    /// ISO 639-1 code.
    pub(super) fn code(self) -> &'static str {
        self.model().code
    }

    /// The language's name in English, for reasons.
    pub(super) fn name(self) -> &'static str {
        name_of(self.code())
    }

    /// The letters of its alphabet, lowercase, in class order.
    pub(super) fn alphabet(self) -> impl Iterator<Item = char> {
        self.model().alphabet.chars()
    }

    /// The class of "any other letter".
    pub(super) fn other(self) -> u8 {
        // `classes` is at most 64 (the generator caps the alphabet at 62 letters).
        (self.model().classes - 1) as u8
    }

    /// The class of a character: its letter's index + 1 when the lowercase form is in the
    /// alphabet, [`BOUNDARY`] when it is not a letter.
    pub(super) fn class_of(self, ch: char) -> u8 {
        self.class_with(ch, is_letter(ch))
    }

    /// The classes of the letter and the mark that the model spells `ch` (either case) as, when
    /// the alphabet holds it only apart: Vietnamese `ẻ` is `e` then U+0309, as windows-1258 writes
    /// it, though text is nearly always precomposed.
    #[inline(never)]
    pub(super) fn split(self, ch: char) -> Option<(u8, u8)> {
        self.split_lower(lowercase(ch))
    }

    /// Whether the model spells some of its letters apart ([`Language::split`]): then its
    /// alphabet holds the letters only in part (Vietnamese, whose tone marks the model keeps
    /// apart as windows-1258 writes them).
    pub(super) fn spells_apart(self) -> bool {
        !self.model().splits.is_empty()
    }

    /// [`Language::split`] of a character already in lowercase ([`lowercase`]).
    pub(super) fn split_lower(self, lower: char) -> Option<(u8, u8)> {
        let splits = self.model().splits;
        if splits.is_empty() || lower.is_ascii() {
            return None;
        }
        let &[_, base, mark] = splits.iter().find(|row| row[0] == lower)?;
        Some((self.class_with(base, true), self.class_with(mark, false)))
    }

    /// [`Language::class_of`] when whether `ch` is a letter is known already.
    pub(super) fn class_with(self, ch: char, letter: bool) -> u8 {
        self.class_of_lower(lowercase(ch), letter)
    }

    /// [`Language::class_with`] of a character already in lowercase ([`lowercase`]): what the
    /// letter model asks of every character in every language, so the alphabet is searched by
    /// halving a sorted copy made once, not read letter by letter.
    pub(super) fn class_of_lower(self, lower: char, letter: bool) -> u8 {
        if lower.is_ascii_lowercase() {
            // In a language of another script, ASCII letters are boundaries, as the generator
            // counts them: Latin words and markup say nothing about the script's letter pairs.
            return if self.model().latin {
                lower as u8 - b'a' + 1
            } else {
                BOUNDARY
            };
        }
        static SORTED: OnceLock<Vec<Vec<(char, u8)>>> = OnceLock::new();
        let sorted = SORTED.get_or_init(|| {
            all()
                .map(|lang| {
                    // Each letter goes in its sorted place (a library sort would add to the
                    // WebAssembly module); the first place of a letter is its class.
                    let mut table: Vec<(char, u8)> = Vec::new();
                    for (i, c) in lang.model().alphabet.chars().enumerate() {
                        let at = table.partition_point(|&(seen, _)| seen < c);
                        if table.get(at).is_none_or(|&(seen, _)| seen != c) {
                            table.insert(at, (c, (i + 1) as u8));
                        }
                    }
                    table
                })
                .collect()
        });
        let table = sorted.get(self.0).map(Vec::as_slice).unwrap_or_default();
        if let Ok(at) = table.binary_search_by_key(&lower, |&(c, _)| c) {
            if let Some(&(_, class)) = table.get(at) {
                return class;
            }
        }
        if letter {
            self.other()
        } else {
            BOUNDARY
        }
    }

    /// The cost in bits of class `b` right after class `a`. A letter outside the alphabet that is
    /// not ASCII (`b_beyond_ascii`) also pays for being that letter rather than another of the
    /// hundreds outside: the model counts "another letter" as one class, and runs of them (Cyrillic
    /// read as Latin) would otherwise be cheap. ASCII letters do not: they read the same in every
    /// charset, and Latin words are common in any text.
    pub(super) fn pair_cost(self, a: u8, b: u8, b_beyond_ascii: bool) -> u32 {
        let emission = if b_beyond_ascii && b == self.other() {
            OTHER_LETTER_BITS
        } else {
            0
        };
        u32::from(self.pair_level(a, b)) * COST_STEP + emission
    }

    /// [`Language::pair_cost`] of every pair of classes as one table, `a * DENSE_WIDTH + b`, for
    /// loops over many byte pairs: class [`OTHER_BEYOND_ASCII`] stands for [`Language::other`]
    /// read from a byte beyond ASCII (in both positions; only as `b` does it cost more). Made
    /// once per language, on first use.
    pub(super) fn dense_costs(self) -> &'static [u16] {
        static TABLES: OnceLock<Vec<OnceLock<Vec<u16>>>> = OnceLock::new();
        let tables = TABLES.get_or_init(|| all().map(|_| OnceLock::new()).collect());
        tables[self.0].get_or_init(|| {
            let other = self.other();
            let class = |c: usize| {
                if c == usize::from(OTHER_BEYOND_ASCII) {
                    other
                } else {
                    c as u8
                }
            };
            let mut table = vec![0u16; DENSE_WIDTH * DENSE_WIDTH];
            for a in 0..DENSE_WIDTH {
                for b in 0..DENSE_WIDTH {
                    let beyond = b == usize::from(OTHER_BEYOND_ASCII);
                    // At most 15 levels of COST_STEP bits and OTHER_LETTER_BITS: fits in u16.
                    table[a * DENSE_WIDTH + b] = self.pair_cost(class(a), class(b), beyond) as u16;
                }
            }
            table
        })
    }

    fn pair_level(self, a: u8, b: u8) -> u8 {
        let model = self.model();
        let classes = model.classes;
        let (a, b) = (usize::from(a), usize::from(b));
        if a >= classes || b >= classes {
            return MAX_LEVEL;
        }
        let ascii = |c: usize| (1..=26).contains(&c);
        let index = if model.latin {
            // Stored rows: 0 (all columns), 1..=26 (only non-ASCII columns), then 27.. (all).
            let narrow = classes - 26;
            match (ascii(a), ascii(b)) {
                (true, true) => return nibble(&LATIN_ASCII_PAIRS, (a - 1) * 26 + (b - 1)),
                (true, false) => {
                    let column = if b == 0 { 0 } else { b - 26 };
                    classes + (a - 1) * narrow + column
                }
                (false, _) if a == 0 => b,
                (false, _) => classes + 26 * narrow + (a - 27) * classes + b,
            }
        } else {
            a * classes + b
        };
        nibble(model.pairs, index)
    }
}

/// Nibble `i` of a packed table, low nibble first; [`MAX_LEVEL`] past its end.
fn nibble(table: &[u8], i: usize) -> u8 {
    match table.get(i / 2) {
        Some(byte) if i % 2 == 0 => byte & 0x0F,
        Some(byte) => byte >> 4,
        None => MAX_LEVEL,
    }
}

/// The first character of `ch`'s lowercase form, as the alphabets are written (`ch` itself when it
/// has none).
pub(super) fn lowercase(ch: char) -> char {
    ch.to_lowercase().next().unwrap_or(ch)
}

/// Whether a character counts as a letter of some word: alphabetic, or a combining mark (which
/// Vietnamese in windows-1258 and Thai write between letters: the Thai tone marks, U+0E47–U+0E4E,
/// are no alphabetic characters, and the rare ones, `๊` in `บู๊`, are outside the Thai alphabet of
/// the model, which the generator, counting every mark as a letter, makes them "any other letter").
pub(super) fn is_letter(ch: char) -> bool {
    ch.is_alphabetic() || matches!(ch, '\u{0300}'..='\u{036F}' | '\u{0E47}'..='\u{0E4E}')
}

/// English names of the model's languages.
fn name_of(code: &str) -> &'static str {
    match code {
        "en" => "English",
        "fr" => "French",
        "de" => "German",
        "es" => "Spanish",
        "it" => "Italian",
        "pt" => "Portuguese",
        "nl" => "Dutch",
        "ca" => "Catalan",
        "sv" => "Swedish",
        "da" => "Danish",
        "nb" => "Norwegian",
        "fi" => "Finnish",
        "is" => "Icelandic",
        "cs" => "Czech",
        "sk" => "Slovak",
        "pl" => "Polish",
        "hu" => "Hungarian",
        "sl" => "Slovene",
        "hr" => "Croatian",
        "ro" => "Romanian",
        "tr" => "Turkish",
        "lt" => "Lithuanian",
        "lv" => "Latvian",
        "vi" => "Vietnamese",
        "eo" => "Esperanto",
        "ru" => "Russian",
        "uk" => "Ukrainian",
        "bg" => "Bulgarian",
        "mk" => "Macedonian",
        "el" => "Greek",
        "he" => "Hebrew",
        "ar" => "Arabic",
        "fa" => "Persian",
        "ur" => "Urdu",
        "th" => "Thai",
        "et" => "Estonian",
        _ => "an unnamed language",
    }
}

/// Whether `word` is in the list at `index` of `source` (sorted words separated by spaces), split
/// once into `lists`.
fn listed(
    lists: &'static OnceLock<Vec<Vec<&'static str>>>,
    source: &'static [&'static str],
    index: usize,
    word: &str,
) -> bool {
    lists
        .get_or_init(|| {
            source
                .iter()
                .map(|words| words.split(' ').filter(|w| !w.is_empty()).collect())
                .collect()
        })
        .get(index)
        .is_some_and(|list| list.binary_search(&word).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frequent_words_lists_are_checked_line_by_line() {
        let err = |text| install_frequent_words(text).unwrap_err();
        assert_eq!(
            err("xx słowo"),
            BadLine {
                line: 1,
                why: "not a Latin-script language of the model"
            }
        );
        // Russian is no Latin-script language; a capital is no small letter.
        assert_eq!(err("pl września\nru слово").line, 2);
        assert_eq!(err("pl Września").why, "a word that is not small letters");
        assert_eq!(err("pl wrze-śnia").why, "a word that is not small letters");
    }

    #[test]
    fn the_sorted_alphabet_gives_each_letter_its_first_place() {
        // Every character of every alphabet, in both cases, and a few outside all of them: the
        // search by halving finds the class a search from the start of the alphabet finds.
        for lang in all() {
            let alphabet: Vec<char> = lang.model().alphabet.chars().collect();
            let extra = ['ß', 'Ω', 'ж', '中', '\u{301}', '1', ' '];
            for ch in alphabet.iter().copied().chain(extra) {
                for c in [ch, ch.to_uppercase().next().unwrap_or(ch)] {
                    let lower = lowercase(c);
                    let expected = if lower.is_ascii_lowercase() {
                        if lang.is_latin() {
                            lower as u8 - b'a' + 1
                        } else {
                            BOUNDARY
                        }
                    } else if let Some(i) = alphabet.iter().position(|&a| a == lower) {
                        (i + 1) as u8
                    } else if is_letter(c) {
                        lang.other()
                    } else {
                        BOUNDARY
                    };
                    assert_eq!(lang.class_of(c), expected, "{} {c:?}", lang.code());
                }
            }
        }
    }

    #[test]
    fn every_language_has_a_name_and_a_consistent_table() {
        for lang in all() {
            assert_ne!(lang.name(), "an unnamed language", "{}", lang.code());
            let m = lang.model();
            assert_eq!(m.classes, m.alphabet.chars().count() + 2, "{}", m.code);
            assert!(m.classes <= 64);
            let stored = if m.latin {
                m.classes * m.classes - 26 * 26
            } else {
                m.classes * m.classes
            };
            assert_eq!(m.pairs.len(), stored.div_ceil(2), "{}", m.code);
            if m.latin {
                assert!(m.alphabet.starts_with("abcdefghijklmnopqrstuvwxyz"));
            }
        }
    }

    #[test]
    fn the_dense_tables_hold_every_pair_cost() {
        for lang in all() {
            let dense = lang.dense_costs();
            let classes = lang.model().classes as u8;
            let column = |c: u8| {
                usize::from(if c == lang.other() {
                    OTHER_BEYOND_ASCII
                } else {
                    c
                })
            };
            for a in 0..classes {
                for b in 0..classes {
                    // As the scorer uses them: `b` read from a byte beyond ASCII, "any other
                    // letter" in column OTHER_BEYOND_ASCII; the row of `a` either way.
                    let at = |row: usize| row * DENSE_WIDTH + column(b);
                    let want = u16::try_from(lang.pair_cost(a, b, true)).unwrap();
                    assert_eq!(dense[at(usize::from(a))], want, "{} {a} {b}", lang.code());
                    assert_eq!(dense[at(column(a))], want, "{} {a} {b}", lang.code());
                    // Read from an ASCII byte (never "any other letter"), no extra cost.
                    if b != lang.other() {
                        let plain = dense[usize::from(a) * DENSE_WIDTH + usize::from(b)];
                        assert_eq!(u32::from(plain), lang.pair_cost(a, b, false));
                    }
                }
            }
        }
    }

    #[test]
    fn frequent_pairs_are_cheap_and_unseen_ones_dear() {
        let ru = all().find(|l| l.code() == "ru").unwrap();
        let (s, t, o) = (ru.class_of('с'), ru.class_of('т'), ru.class_of('о'));
        assert!(ru.pair_cost(s, t, true) < ru.pair_cost(t, ru.class_of('ъ'), true));
        assert!(ru.pair_cost(BOUNDARY, o, true) <= 8);
        let cs = all().find(|l| l.code() == "cs").unwrap();
        assert_eq!(cs.class_of('Ř'), cs.class_of('ř'));
        assert!(cs.pair_cost(cs.class_of('ř'), cs.class_of('e'), false) < 10);
        assert_eq!(cs.class_of('7'), BOUNDARY);
        assert_eq!(cs.class_of('ж'), cs.other());
    }
}
