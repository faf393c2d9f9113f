//! The detector's letter model lent to other parts of the crate: what a word costs, in bits, in
//! the language it fits best. Mojibake repair uses it to tell a plausible word (`café`) from the
//! letters a wrong charset makes (`cafÃ`).

use super::language::{self, is_letter, lowercase, Language, BOUNDARY};
use super::single_byte::written_in;
use crate::charset::Charset;
use std::cell::RefCell;
use std::thread::LocalKey;

/// How many words each memo of the word costs holds: one a slot, found by the word's hash, the
/// newer word taking the slot of an older one. Repair prices every reading of a text word by word,
/// and the readings share most of their words (a phrase with one em dash has some hundred
/// readings, of which only the dashed word differs), so a few thousand slots hold the words of a
/// text's readings. A table of slots, not a hash map: it adds little to the wasm modules.
const MEMO_SLOTS: usize = 4096;

/// A memo of word costs: [`MEMO_SLOTS`] slots (made at first use), each empty or a word as written
/// with its cost.
type Memo<T> = RefCell<Vec<Option<(Vec<char>, T)>>>;

thread_local! {
    /// [`word_bits`] of the words asked lately.
    static WORD_BITS: Memo<Option<u32>> = const { RefCell::new(Vec::new()) };
    /// [`word_bits_each`] of the words asked lately.
    static WORD_BITS_EACH: Memo<Vec<Option<u32>>> = const { RefCell::new(Vec::new()) };
    /// [`latin_word_bits`] of the words asked lately.
    static LATIN_WORD_BITS: Memo<Vec<u32>> = const { RefCell::new(Vec::new()) };
}

/// The slot of `word` in a memo: FNV-1a over its characters.
fn slot_of(word: &[char]) -> usize {
    let hash = word.iter().fold(0x811C_9DC5_u32, |hash, &ch| {
        (hash ^ u32::from(ch)).wrapping_mul(0x0100_0193)
    });
    hash as usize % MEMO_SLOTS
}

/// What `memo` holds for `word`, or what `compute` makes of it, then kept there: the word models'
/// answers never change, so a word priced once is priced until another word takes its slot.
fn remembered<T: Clone>(
    memo: &'static LocalKey<Memo<T>>,
    word: &[char],
    compute: impl FnOnce() -> T,
) -> T {
    let slot = slot_of(word);
    let found = memo.with(|m| match m.borrow().get(slot) {
        Some(Some((kept, value))) if kept.as_slice() == word => Some(value.clone()),
        _ => None,
    });
    if let Some(value) = found {
        return value;
    }
    let value = compute();
    memo.with(|m| {
        let mut m = m.borrow_mut();
        if m.is_empty() {
            m.resize_with(MEMO_SLOTS, || None);
        }
        if let Some(kept) = m.get_mut(slot) {
            *kept = Some((word.to_vec(), value.clone()));
        }
    });
    value
}

/// The cost in bits of `word` (letters only, as written, any case) between two word boundaries,
/// in the language of the model it fits best, or `None` when no language's alphabet holds its
/// letters' script (CJK, Indic, Georgian... or a word mixing ASCII with another script).
///
/// Languages whose model reads one of the word's letters as a boundary (ASCII letters in a
/// Cyrillic or Greek model) are left out: they would price the word as punctuation.
pub(crate) fn word_bits(word: &[char]) -> Option<u32> {
    remembered(&WORD_BITS, word, || {
        let letters = asked_of_each(word);
        let mut best: Option<u32> = None;
        for lang in language::all() {
            if let Some(bits) = bits_in(lang, &letters, best) {
                best = Some(bits);
            }
        }
        best
    })
}

/// The cost in bits of `word` (letters only, as written, any case) in each language of the
/// model, in the model's order, into `out` (cleared first): what [`word_bits`] takes the least of,
/// kept per language, `None` where that language's alphabet does not hold the word's script, so
/// that a text's words in any script can be priced in one language (Russian `днём` beside
/// Serbian-looking `ДОЈН`).
pub(crate) fn word_bits_each(word: &[char], out: &mut Vec<Option<u32>>) {
    out.clear();
    out.extend(remembered(&WORD_BITS_EACH, word, || {
        let letters = asked_of_each(word);
        language::all()
            .map(|lang| bits_in(lang, &letters, None))
            .collect()
    }));
}

/// What every language asks of each letter of a word: the letter, its lowercase, and whether it
/// is a letter.
fn asked_of_each(word: &[char]) -> Vec<(char, char, bool)> {
    word.iter()
        .map(|&ch| (ch, lowercase(ch), is_letter(ch)))
        .collect()
}

/// The cost in bits of a word's `letters` ([`asked_of_each`]) between two word boundaries in
/// `lang`: `None` when the language reads one of them as a boundary (ASCII letters in a Cyrillic
/// or Greek model: it would price the word as punctuation), when its alphabet holds none of them,
/// or when the cost reaches `below`.
fn bits_in(lang: Language, letters: &[(char, char, bool)], below: Option<u32>) -> Option<u32> {
    let over = |bits: u32| below.is_some_and(|b| bits >= b);
    let mut bits = 0u32;
    let mut prev = BOUNDARY;
    let mut in_alphabet = 0usize;
    for &(ch, lower, letter) in letters {
        if let Some((base, mark)) = lang.split_lower(lower) {
            in_alphabet += 1;
            bits += lang.pair_cost(prev, base, false) + lang.pair_cost(base, mark, false);
            prev = mark;
        } else {
            let class = lang.class_of_lower(lower, letter);
            if class == BOUNDARY {
                return None;
            }
            // A letter of the alphabet, not the "any other letter" class.
            in_alphabet +=
                usize::from(ch.is_ascii() || lang.class_of_lower(lower, false) != BOUNDARY);
            bits += lang.pair_cost(prev, class, !ch.is_ascii());
            prev = class;
        }
        if over(bits) {
            return None;
        }
    }
    if in_alphabet == 0 {
        return None;
    }
    bits += lang.pair_cost(prev, BOUNDARY, false);
    (!over(bits)).then_some(bits)
}

/// The cost in bits of `word` (Latin letters only, any case) in each language of the model that
/// writes the Latin script, in the model's order, into `out` (cleared first): what
/// [`word_bits`] takes the least of, kept per language so that a text's words can be priced in
/// its language.
pub(crate) fn latin_word_bits(word: &[char], out: &mut Vec<u32>) {
    out.clear();
    out.extend(remembered(&LATIN_WORD_BITS, word, || latin_bits(word)));
}

/// [`latin_word_bits`], computed.
fn latin_bits(word: &[char]) -> Vec<u32> {
    let mut out = Vec::new();
    let lower: Vec<char> = word.iter().map(|&ch| lowercase(ch)).collect();
    for lang in language::all().filter(|lang| lang.is_latin()) {
        let mut bits = 0u32;
        let mut prev = BOUNDARY;
        for (&ch, &lower) in word.iter().zip(&lower) {
            if let Some((base, mark)) = lang.split_lower(lower) {
                bits += lang.pair_cost(prev, base, false) + lang.pair_cost(base, mark, false);
                prev = mark;
                continue;
            }
            let class = lang.class_of_lower(lower, true);
            bits += lang.pair_cost(prev, class, !ch.is_ascii());
            prev = class;
        }
        out.push(bits + lang.pair_cost(prev, BOUNDARY, false));
    }
    out
}

/// The Latin-script language whose most frequent words the text's words of ASCII letters (small
/// letters, as written) are, as an index into [`latin_word_bits`]'s order: the language with the
/// most of them, at least `min_hits` ([`MIN_COMMON_WORDS`] as a rule) and more than any other has
/// (`j'ai un problème de python. il est sorti de son` is French by `un`, `de`, `il`, `est`, `son`).
pub(crate) fn text_language<'a>(
    words: impl Iterator<Item = &'a str> + Clone,
    min_hits: usize,
) -> Option<usize> {
    match text_languages(words, min_hits).as_slice() {
        &[one] => Some(one),
        _ => None,
    }
}

/// The Latin-script languages, in [`latin_word_bits`]' order, that share the most frequent words
/// among the text's words of ASCII letters, at least `min_hits`: [`text_language`] when only one
/// has the most, and several where close languages share them (`det`, `et`, `med` and `de` are
/// Danish and Norwegian both).
pub(crate) fn text_languages<'a>(
    words: impl Iterator<Item = &'a str> + Clone,
    min_hits: usize,
) -> Vec<usize> {
    let hits: Vec<usize> = language::all()
        .filter(|lang| lang.is_latin())
        .map(|lang| words.clone().filter(|w| lang.is_common(w)).count())
        .collect();
    let most = hits.iter().copied().max().unwrap_or(0);
    if most < min_hits.max(1) {
        return Vec::new();
    }
    (0..hits.len())
        .filter(|&i| hits.get(i) == Some(&most))
        .collect()
}

/// The ISO 639-1 code of the Latin-script language at `index` of [`text_language`]'s order.
pub(crate) fn latin_language_code(index: usize) -> Option<&'static str> {
    language::all()
        .filter(|lang| lang.is_latin())
        .nth(index)
        .map(|lang| lang.code())
}

/// The fewest letters of a word in the lists of [`is_frequent_word`].
pub(crate) const MIN_FREQUENT_LETTERS: usize = 3;

/// Whether `word` (letters, any case) is one of the most frequent words with a letter beyond
/// ASCII of a Latin-script language of the model (the generator's 300 of four letters or more,
/// `così`, `września`, `planète`, and 30 of three, `été`, `più`, `não`), of one written in
/// `charset` when it is given (Turkish's `bazı` is no word of a text in Mac OS Roman, which cannot
/// write Turkish).
pub(crate) fn is_frequent_word(word: &[char], charset: Option<Charset>) -> bool {
    let languages = frequent_among(word);
    languages != 0
        && charset.is_none_or(|charset| {
            language::all()
                .any(|lang| (languages >> lang.index()) & 1 == 1 && written_in(charset, lang))
        })
}

/// The Latin-script languages, as indices of [`text_languages`]' order, among whose most frequent
/// words beyond ASCII ([`is_frequent_word`]) `word` is: `již` is Czech's, `está` Spanish's,
/// Portuguese's and Catalan's. Empty for any other word.
pub(crate) fn frequent_word_languages(word: &[char]) -> Vec<usize> {
    let languages = frequent_among(word);
    language::all()
        .filter(|lang| lang.is_latin())
        .enumerate()
        .filter(|(_, lang)| (languages >> lang.index()) & 1 == 1)
        .map(|(i, _)| i)
        .collect()
}

/// The languages, a bit each at its index among all of them, among whose most frequent words
/// beyond ASCII `word` (letters, any case) is; 0 for a word too short, of ASCII alone or with a
/// character other than a letter.
fn frequent_among(word: &[char]) -> u64 {
    if word.len() < MIN_FREQUENT_LETTERS
        || word.iter().all(char::is_ascii)
        || !word.iter().all(|&ch| is_letter(ch))
    {
        return 0;
    }
    let lower: String = word.iter().map(|&ch| lowercase(ch)).collect();
    language::frequent_in(&lower)
}

/// Whether `word` (letters, any case) is one of the most frequent words of one or two letters with
/// a letter beyond ASCII ([`Language::is_tiny`]) of one of the Latin-script `languages` (indices of
/// [`text_languages`]' order): French `à`, Italian `è`, Swedish `på`.
pub(crate) fn is_tiny_word_of(word: &[char], languages: &[usize]) -> bool {
    if word.is_empty() || word.len() > 2 || word.iter().all(char::is_ascii) {
        return false;
    }
    let lower: String = word.iter().map(|&ch| lowercase(ch)).collect();
    language::all()
        .filter(|lang| lang.is_latin())
        .enumerate()
        .any(|(i, lang)| languages.contains(&i) && lang.is_tiny(&lower))
}

/// The fewest frequent words that tell a text's language.
pub(crate) const MIN_COMMON_WORDS: usize = 2;

/// Whether some language of the model writes `ch` (in either case) as a letter of its alphabet.
/// Letters no language writes (`Ѱ`, `ō`, `ƒ`) are what a wrong charset makes far more often than
/// what people type.
pub(crate) fn in_an_alphabet(ch: char) -> bool {
    ch.is_ascii_alphabetic() || language::all().any(|lang| in_alphabet_of(lang, ch))
}

/// Whether the Latin-script language at `index` of [`latin_word_bits`]' order writes `ch` (in
/// either case) as a letter of its alphabet: German writes `ß` and `ö`, not `á` or `š`.
/// A letter beyond ASCII whose lowercase is an ASCII letter and a mark (`İ`) is in no alphabet.
pub(crate) fn in_latin_alphabet(index: usize, ch: char) -> bool {
    language::all()
        .filter(|lang| lang.is_latin())
        .nth(index)
        .is_some_and(|lang| writes(lang, ch))
}

/// Whether [`in_latin_alphabet`] knows every letter of the Latin-script language at `index`: not
/// Vietnamese, whose letters with tone marks the model spells apart and holds only in part (`ã`).
pub(crate) fn latin_alphabet_whole(index: usize) -> bool {
    language::all()
        .filter(|lang| lang.is_latin())
        .nth(index)
        .is_some_and(|lang| !lang.spells_apart())
}

/// Whether one of the Latin-script languages `codes` names (ISO 639-1) writes `ch`, as
/// [`in_latin_alphabet`] asks of one.
pub(crate) fn in_latin_alphabet_of(codes: &[&str], ch: char) -> bool {
    language::all()
        .filter(|lang| lang.is_latin() && codes.contains(&lang.code()))
        .any(|lang| writes(lang, ch))
}

/// Whether the Latin-script `lang` writes `ch` ([`in_latin_alphabet`]).
fn writes(lang: language::Language, ch: char) -> bool {
    if ch.is_ascii_alphabetic() {
        return true;
    }
    // Turkish `İ`, the capital of its dotted `i` (whose lowercase is `i` and a combining dot):
    // written where the alphabet has the dotless `ı`.
    if ch == 'İ' {
        return writes(lang, 'ı');
    }
    let mut lower = ch.to_lowercase();
    let (Some(lower), None) = (lower.next(), lower.next()) else {
        return false;
    };
    let known = |class: u8| class != BOUNDARY && class != lang.other();
    !lower.is_ascii()
        && (known(lang.class_of_lower(lower, false))
            || lang
                .split_lower(lower)
                .is_some_and(|(base, mark)| known(base) && known(mark)))
}

/// Whether `lang`'s alphabet holds `ch` (either case), as one letter or as a letter and a mark.
fn in_alphabet_of(lang: language::Language, ch: char) -> bool {
    lang.class_with(ch, false) != BOUNDARY || lang.split(ch).is_some()
}

/// Whether one language of the model writes every letter of `word` (in either case) but at most
/// `outside` of them: `привет` and `Größe` fit one alphabet, `ЕЃіњы` (letters of four Cyrillic
/// alphabets) does not.
pub(crate) fn one_alphabet(word: &[char], outside: usize) -> bool {
    language::all()
        .any(|lang| word.iter().filter(|&&ch| !in_alphabet_of(lang, ch)).count() <= outside)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(word: &str) -> u32 {
        let chars: Vec<char> = word.chars().collect();
        word_bits(&chars).unwrap_or(u32::MAX)
    }

    #[test]
    fn tiny_words_are_those_of_the_languages_asked() {
        let latin = |code: &str| {
            (0..64)
                .find(|&i| latin_language_code(i) == Some(code))
                .unwrap_or(usize::MAX)
        };
        let (fr, it, sv, de) = (latin("fr"), latin("it"), latin("sv"), latin("de"));
        let chars = |word: &str| word.chars().collect::<Vec<char>>();
        assert!(is_tiny_word_of(&chars("à"), &[fr]));
        assert!(is_tiny_word_of(&chars("À"), &[de, fr]));
        assert!(is_tiny_word_of(&chars("è"), &[it]));
        assert!(is_tiny_word_of(&chars("på"), &[sv]));
        assert!(!is_tiny_word_of(&chars("à"), &[de, it]));
        assert!(!is_tiny_word_of(&chars("på"), &[fr]));
        // Words of ASCII letters and longer words are not asked about.
        assert!(!is_tiny_word_of(&chars("la"), &[fr]));
        assert!(!is_tiny_word_of(&chars("été"), &[fr]));
    }

    #[test]
    fn real_words_cost_less_than_their_mojibake() {
        assert!(bits("café") < bits("cafÃ"));
        assert!(bits("Привет") + 20 < bits("РџСЂРёРІРµС‚"));
        assert!(bits("Ελληνικά") < 60);
    }

    #[cfg(feature = "frequent-words")]
    #[test]
    fn frequent_words_beyond_ascii() {
        let frequent =
            |word: &str, charset| is_frequent_word(&word.chars().collect::<Vec<char>>(), charset);
        assert!(frequent("così", None) && frequent("Września", None));
        assert!(frequent("planète", Some(Charset::Ibm437)));
        // Turkish is written in windows-1254, not in Mac OS Roman (no `ğ`, `ş`).
        assert!(frequent("bazı", Some(Charset::Windows1254)));
        assert!(!frequent("bazı", Some(Charset::Macintosh)));
        // The most frequent words of three letters are listed too.
        assert!(frequent("già", None) && frequent("été", None) && frequent("não", None));
        // ASCII words, words under three letters and words with a sign are never listed.
        assert!(!frequent("cosi", None) && !frequent("où", None) && !frequent("cos“", None));
    }

    #[test]
    fn alphabets() {
        assert!(in_an_alphabet('Ж') && in_an_alphabet('ő') && in_an_alphabet('a'));
        assert!(!in_an_alphabet('Ѱ') && !in_an_alphabet('ō') && !in_an_alphabet('日'));
        let word = |w: &str| one_alphabet(&w.chars().collect::<Vec<_>>(), 0);
        assert!(word("привет") && word("Größe") && word("Ελληνικά"));
        assert!(!word("ЕЃіњы") && !word("cafУ"));
        assert!(!one_alphabet(&"ЕЃіњы".chars().collect::<Vec<_>>(), 1));
        // Vietnamese's precomposed letters, which its model spells apart as windows-1258 does.
        assert!(in_an_alphabet('ẻ') && in_an_alphabet('Ừ') && !in_an_alphabet('ǹ'));
        assert!(word("Nguyễn") && word("Hẻm") && word("phố"));
    }

    #[test]
    fn precomposed_vietnamese_costs_what_its_windows_1258_spelling_does() {
        assert_eq!(bits("Hẻm"), bits("He\u{309}m"));
        assert_eq!(bits("Nguyễn"), bits("Nguyê\u{303}n"));
        assert!(bits("Hẻm") + 10 < bits("Háº»m"));
    }

    #[test]
    fn a_text_s_language_from_its_frequent_words() {
        let latin: Vec<&str> = language::all()
            .filter(|l| l.is_latin())
            .map(|l| l.code())
            .collect();
        let of = |text: &str| {
            text_language(text.split(' '), MIN_COMMON_WORDS).and_then(|i| latin.get(i).copied())
        };
        assert_eq!(of("ai un de python il est sorti de son"), Some("fr"));
        assert_eq!(of("the cat is on the mat"), Some("en"));
        assert_eq!(of("das ist nicht mit der"), Some("de"));
        // One frequent word, or none, tells nothing.
        assert_eq!(of("python"), None);
        assert_eq!(of("de"), None);
        // Close languages share their small words: one language is not told, both are.
        let all = |text: &str| -> Vec<&str> {
            text_languages(text.split(' '), MIN_COMMON_WORDS)
                .into_iter()
                .filter_map(|i| latin.get(i).copied())
                .collect()
        };
        assert_eq!(of("det et med de to"), None);
        let shared = all("det et med de to");
        assert!(
            shared.contains(&"da") && shared.contains(&"nb"),
            "{shared:?}"
        );
        assert_eq!(all("the cat is on the mat"), ["en"]);
        assert!(all("python").is_empty());
    }

    #[test]
    fn scripts_without_a_model_have_no_cost() {
        assert_eq!(word_bits(&['日', '本']), None);
        assert_eq!(word_bits(&[]), None);
    }
}
