//! What a reading of a text's bytes in one legacy charset as another does to its words: the
//! evidence `repair` weighs before such a reading may compete. A legacy-to-legacy reading has no
//! UTF-8 structure to back it, so each test here compares the text with the reading, word by word
//! (`ErzsÈbet` → `Erzsébet` changes only letters of a word; `Tento èlánek patøí` reads better as
//! Czech; `Canad‡` ends a word with a sign), or looks for the words that show damage at all, and
//! the links whose addresses spell the words the text garbled.

use super::likelihood::{
    at_hyphenation_point, between_letters, dash_letter, elides, ellipsis_letter, inclusive_ending,
    low_quote_closing_a_word, nbsp_closing_a_word, quote_letter, sign_opening_a_word,
    text_languages_of, CONTRACTION_ENDINGS, FRACTIONS, LONGEST_WORD, WINDOWS_CAPITALS,
    WINDOWS_LETTERS,
};
use super::plausibility::{classify, letter_at, Class, Script};

/// The script of a letter of a script other than Latin.
pub(super) fn beyond_latin(c: char) -> Option<Script> {
    match classify(c) {
        Class::Letter(script) if script != Script::Latin => Some(script),
        _ => None,
    }
}

/// The fewest frequent words of its language a text needs for [`words_into_its_alphabet`].
pub(super) const MIN_ALPHABET_LANGUAGE_WORDS: usize = 3;

/// The least a word that [`words_into_its_alphabet`] counts must gain in the text's language.
pub(super) const MIN_ALPHABET_WORD_GAIN: u32 = 4;

/// Whether `ch` is a C1 control (U+0080–U+009F): what ISO-8859-1 shows bytes 80–9F as.
pub(super) fn is_c1(ch: char) -> bool {
    matches!(ch, '\u{80}'..='\u{9F}')
}

/// The words with letters beyond ASCII that the text's percent-encoded UTF-8 spells, in lowercase:
/// a link keeps its address in ASCII whatever charset showed the page, so `[Deneme
/// tahtasý](/wiki/Deneme_tahtas%C4%B1)` (windows-1254 shown as windows-1252) says which word its
/// text was: `tahtası`. So does a mail header's encoded word beside the text it encodes
/// ([`q_encoded_words`]): `To: b\u{A0}z` next to `=?unknown-8bit?q?b=C3=A1z?=` is `báz` (code
/// page 437's `á`, A0, shown as Latin-1).
pub(super) fn url_words(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    if !text.contains('%') && !text.contains("=?") {
        return out;
    }
    for run in text.split(|c: char| c.is_whitespace() || !c.is_ascii()) {
        let mut spelt: Vec<Vec<u8>> = q_encoded_words(run);
        if run.contains('%') {
            spelt.push(crate::percent_decode(run));
        }
        for bytes in spelt {
            let decoded = String::from_utf8_lossy(&bytes);
            for word in decoded.split(|c: char| !c.is_alphabetic()) {
                let word = word.to_lowercase();
                if !word.is_ascii() && !out.contains(&word) {
                    out.push(word);
                }
            }
        }
    }
    out
}

/// The bytes of each encoded word of RFC 2047 in `run` that is in the Q encoding
/// (`=?utf-8?q?b=C3=A1z?=`): `=` and two hex digits stand for a byte, `_` for a space. The base64
/// encoding (`?b?`) is not read.
fn q_encoded_words(run: &str) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut rest = run;
    while let Some(start) = rest.find("=?") {
        let mut parts = rest.get(start + 2..).unwrap_or_default().splitn(3, '?');
        let (Some(_charset), Some(encoding), Some(tail)) =
            (parts.next(), parts.next(), parts.next())
        else {
            break;
        };
        let Some(end) = tail.find("?=") else {
            break;
        };
        if encoding.eq_ignore_ascii_case("q") {
            let encoded = tail.get(..end).unwrap_or_default();
            out.push(crate::percent_decode(
                &encoded
                    .replace('%', "%25")
                    .replace('=', "%")
                    .replace('_', " "),
            ));
        }
        rest = tail.get(end + 2..).unwrap_or_default();
    }
    out
}

/// How many distinct words with letters beyond ASCII a reading that maps characters one to one
/// makes out of other words, each one the text's own links spell ([`url_words`]).
pub(super) fn words_its_links_spell(text: &str, decoded: &str) -> usize {
    let spelt = url_words(text);
    if spelt.is_empty() {
        return 0;
    }
    let before: Vec<char> = text.chars().collect();
    let after: Vec<char> = decoded.chars().collect();
    if before.len() != after.len() {
        return 0;
    }
    let mut found: Vec<String> = Vec::new();
    for (at, word) in words(&after) {
        let old = before.get(at..at + word.len()).unwrap_or_default();
        let new: String = word.iter().collect::<String>().to_lowercase();
        if old != word && spelt.contains(&new) && !found.contains(&new) {
            found.push(new);
        }
    }
    found.len()
}

/// How many distinct words a reading that maps characters one to one makes of letters the text's
/// own links hold in UTF-8 ([`url_words`]), each changed character one they do not hold made one
/// they hold (`* [Ýþ birliði projesi](/wiki/Vikipedi:%C4%B0%C5%9F_birli%C4%9Fi_projes`: Turkish
/// in windows-1254 shown as windows-1252, whose link holds `İ`, `ş` and `ğ`), and after which
/// every letter beyond ASCII of the text is one of them. 0 when any of that fails.
pub(super) fn words_of_its_links_letters(text: &str, decoded: &str) -> usize {
    let spelt = url_words(text);
    if spelt.is_empty() {
        return 0;
    }
    let held = |c: char| holds(&spelt, c);
    // The links' letters beyond ASCII, which must be of one alphabet: each letter a reading
    // changes is one no alphabet writes beside them (Vietnamese `lũng` beside a link to
    // `Chương trình` is no `lưng`: one alphabet writes `ũ`, `ư`, `ơ` and `ì`).
    let mut letters: Vec<char> = Vec::new();
    for c in spelt.iter().flat_map(|w| w.chars()) {
        if !c.is_ascii() && c.is_alphabetic() && !letters.contains(&c) {
            letters.push(c);
        }
    }
    if !crate::detect::one_alphabet(&letters, 0) {
        return 0;
    }
    let foreign = |a: char| {
        let beside: Vec<char> = letters.iter().copied().chain([a]).collect();
        !a.is_alphabetic() || !crate::detect::one_alphabet(&beside, 0)
    };
    let before: Vec<char> = text.chars().collect();
    let after: Vec<char> = decoded.chars().collect();
    let letter = |c: &char| c.is_alphabetic() && !c.is_ascii();
    if before.len() != after.len() || !after.iter().filter(|c| letter(c)).all(|&c| held(c)) {
        return 0;
    }
    for (&a, &b) in before.iter().zip(&after) {
        if a != b && !(letter(&b) && held(b) && !held(a) && foreign(a)) {
            return 0;
        }
    }
    let mut made: Vec<&[char]> = Vec::new();
    for (at, word) in words(&after) {
        let old = before.get(at..at + word.len()).unwrap_or_default();
        if old != word && !made.contains(&word) {
            made.push(word);
        }
    }
    made.len()
}

/// Whether the text's links hold letters beyond ASCII in UTF-8 ([`url_words`]) and the text has
/// a word with letters beyond ASCII that they do not hold (`[÷ëì.](/wiki/%CE%A7%CE%B9%CE%BB…`:
/// Greek `χλμ.` in windows-1253 shown as windows-1252 beside its link to `Χιλιόμετρο`): what lets
/// a short text try the legacy readings, where only [`words_of_its_links_letters`] (or another
/// rule of [`Gate::Language`]) lets one compete.
pub(super) fn word_its_links_do_not_write(text: &str, chars: &[char]) -> bool {
    let spelt = url_words(text);
    !spelt.is_empty()
        && words(chars).any(|(_, word)| word.iter().any(|&c| !c.is_ascii() && !holds(&spelt, c)))
}

/// Whether one of the words `spelt` (in small letters) holds `ch`, in either case.
pub(super) fn holds(spelt: &[String], ch: char) -> bool {
    let lower: String = ch.to_lowercase().collect();
    spelt.iter().any(|word| word.contains(lower.as_str()))
}

/// Whether a reading changes a word with letters beyond ASCII that the text's own links spell
/// ([`url_words`]): the page shows it as its address has it. Unless the reading makes more such
/// words than it changes: in a long page garbled whole, a few short words come out as words by
/// chance (KOI8-R's `Он` shown as windows-1251 is `пО`, Russian `по`), and the right reading makes
/// hundreds that its links spell.
pub(super) fn changes_a_word_its_links_spell(text: &str, decoded: &str) -> bool {
    let spelt = url_words(text);
    if spelt.is_empty() {
        return false;
    }
    let before: Vec<char> = text.chars().collect();
    let after: Vec<char> = decoded.chars().collect();
    let mut changed: Vec<String> = Vec::new();
    for (at, word) in words(&before) {
        let new = after.get(at..at + word.len()).unwrap_or_default();
        let old = word.iter().collect::<String>().to_lowercase();
        if new != word && spelt.contains(&old) && !changed.contains(&old) {
            changed.push(old);
        }
    }
    !changed.is_empty() && words_its_links_spell(text, decoded) <= changed.len()
}

/// Whether a legacy-to-legacy reading changes a letter of a word of three letters or more, not all
/// the same, all of them but one (in words of four letters or more) in the alphabet of one language. Such a
/// reading has no UTF-8 structure to back it: its evidence is the words it makes, and a string of
/// symbols read in another charset (`µ£ˆ˙Î` as `Áú÷·Ù`, or as `ЕЃіњы`, letters of four
/// Cyrillic alphabets) makes none.
pub(super) fn changes_a_word(text: &str, decoded: &str) -> bool {
    let after: Vec<char> = decoded.chars().collect();
    let mut start = 0;
    let mut changed = false;
    for (i, (a, b)) in text.chars().zip(after.iter().copied()).enumerate() {
        if b.is_alphabetic() {
            changed |= a != b;
        } else {
            start = i + 1;
            changed = false;
        }
        let ends = !after.get(i + 1).is_some_and(|c| c.is_alphabetic());
        let word = after.get(start..=i).unwrap_or_default();
        let outside = usize::from(word.len() >= 4);
        // One letter repeated is no word (`—————` of a Markdown rule read as `ССССС`).
        let letters_differ = word.iter().any(|&c| Some(c) != word.first().copied());
        // Or a table of letters in code point order (`ßàáâãäå…`).
        if ends
            && changed
            && word.len() >= 3
            && letters_differ
            && (crate::detect::one_alphabet(word, outside)
                || super::likelihood::letters_in_order(word))
        {
            return true;
        }
    }
    false
}

/// What a legacy-to-legacy reading must show before it competes.
#[derive(Clone, Copy)]
pub(super) enum Gate {
    /// The text carries fingerprints clean text never has; with few of them (`strict`), the
    /// reading may change only letters and controls.
    Fingerprints { strict: bool },
    /// The text carries none: the reading must change only letters and characters wedged between
    /// letters, make a word, and then win on the letter model alone.
    Words,
    /// The text carries none, but a word reads badly in the language of the others
    /// ([`has_word_odd_in_its_language`]): the reading must change only Latin letters into Latin
    /// letters and read better as words of one language ([`reads_better_as_words`]).
    Language,
}

/// The longest text that gets legacy readings without fingerprints ([`Gate::Words`]): a longer
/// text that is mojibake shows fingerprints (two capitals inside words, words of accented letters
/// only) and gets them through [`Gate::Fingerprints`]; trying 32 charsets on every long clean text
/// with one odd word would double the time `repair` takes on Cyrillic text.
pub(super) const MAX_CHARS_WORDS_GATE: usize = 2000;

/// The shortest word a reading of a text without fingerprints may change.
pub(super) const MIN_WORD_CHANGED: usize = 4;

/// The signs of windows-1252 (80–9F) that no clean text puts between two letters: low quotation
/// marks, daggers, the per mille sign and single guillemets. [`changes_only_latin_words`] takes
/// them for letters in words of three letters too.
pub(super) const WEDGED_IN_SHORT_WORDS: &str = "„‚†‡‰‹›";

/// The spacing accents of windows-1252 and Mac OS Roman (`ˆ` 88 and `˜` 98 of windows-1252; `˘`,
/// `˙`, `˚`, `¸`, `˝`, `˛` and `ˇ` F9–FF of Mac OS Roman, windows-1252's `ù` to `ÿ`; `¯` F8):
/// no clean text puts one between letters or at the end of a word, where a misread letter
/// stands (`f¸r`, `localitˆ`).
pub(super) const SPACING_ACCENTS: &str = "ˆ˜˘˙˚¸˝˛ˇ¯";

/// Whether every character a legacy-to-legacy reading changes is a letter in the text, or a
/// character wedged between two letters (`Horv·th`, `b¿nder`), and becomes a Latin letter in a
/// word of [`MIN_WORD_CHANGED`] letters or more: the misreadings between the Western charsets of
/// Windows, the Mac and DOS (`ErzsÈbet`, `Sˆren`, `marÁo`). Readings into another script need
/// fingerprints; a short word (`bœr`, a test string) may be anything.
pub(super) fn changes_only_latin_words(text: &str, decoded: &str) -> bool {
    let before: Vec<char> = text.chars().collect();
    let after: Vec<char> = decoded.chars().collect();
    let word_len = |i: usize| word_around(&after, i).len();
    let mut misread = false;
    // A sign the reading turns into a letter, outside the places `letter` allows (`£t` is code
    // page 437's `út`): allowed once the same reading reads another character, a misread letter,
    // in a word of [`MIN_WORD_CHANGED`] letters or more, as one charset explains both. The same
    // sign between letters vouches for nothing (`,·om·den·finns`: a separator, repeated).
    let mut vouchers: Vec<char> = Vec::new();
    let mut signs: Vec<char> = Vec::new();
    // A letter of a short word read as a sign, which only a sign or accent may vouch for.
    let mut short_letter = false;
    for (i, (&a, &b)) in before.iter().zip(&after).enumerate() {
        if a == b {
            continue;
        }
        // A sign that ends a word (`Janov·`) may be its last letter too.
        let ends_word = letter_at(&before, i.checked_sub(1))
            && !a.is_ascii()
            && !before.get(i + 1).is_some_and(|c| c.is_alphanumeric());
        // Windows-1252's quotation marks and daggers wedged between two letters are another
        // charset's letters in a word of any length (`b„r`: code page 437's `bär`).
        // So are the spacing accents windows-1252 shows Mac OS Roman's letters as, and the other
        // way, between letters or ending a word (`f¸r`, `pi˘`: German `für`, Italian `più`).
        // So is a capital beyond ASCII between two small letters that the reading makes a small
        // letter (`fŸr`: Mac OS Roman's `für`, 9F, shown as windows-1252).
        let wedged = (WEDGED_IN_SHORT_WORDS.contains(a) && between_letters(&before, i))
            || (SPACING_ACCENTS.contains(a) && (between_letters(&before, i) || ends_word))
            || capital_between_small(&before, i) && b.is_lowercase();
        let letter = matches!(classify(b), Class::Letter(Script::Latin))
            && (a.is_alphabetic()
                || between_letters(&before, i)
                || ends_word
                || sign_opening_a_word(&before, i))
            && (word_len(i) >= MIN_WORD_CHANGED || (wedged && word_len(i) >= 3))
            // A no-break space between letters is code page 437's `á` only where it joins one
            // word (`Istv\u{A0}n`); in text from the web it separates words (`tar\u{A0}xzf`).
            && (!(a.is_whitespace() && between_letters(&before, i))
                || joins_words(&before, &after, i));
        let quote = (quote_letter(&before, i) && after.get(i).copied().is_some_and(is_quote))
            || (ellipsis_letter(&before, i) && b == '…')
            || (dash_letter(&before, i) && matches!(b, '—' | '–'));
        // An exponent after a unit (`m/sý` is code page 437's `m/s²`): the same reading's misread
        // letters vouch for it.
        let exponent = unit_exponent(&before, &after, i);
        // The word of the reading around `i`.
        let word_here = || {
            words(&after)
                .find(|&(at, word)| (at..at + word.len()).contains(&i))
                .map(|(_, word)| word)
        };
        let word_made = || {
            word_here()
                .and_then(bits_per_letter)
                .is_some_and(|b| b <= READABLE_BITS_PER_LETTER)
        };
        if exponent {
            continue;
        }
        if !(letter || quote || apostrophe(&before, &after, i)) {
            // Into a word the letter model reads, its end counted as one more letter (short
            // words pay most for their ends): a sign that separates words (`·om·den·finns`) is
            // no letter of them. A letter beyond ASCII in a short word counts as such a sign
            // (`pÂ Kullahalvˆn`: Swedish `på Kullahalvön`, windows-1252 shown as Mac OS Roman):
            // a short word may be anything, so it needs the same voucher, and no capital may
            // follow a small letter in the word it makes (`øC` is code page 437's `°C`, no `żC`).
            let cased = || {
                word_here().is_some_and(|word| {
                    !word
                        .windows(2)
                        .any(|p| matches!(p, [x, y] if x.is_lowercase() && y.is_uppercase()))
                })
            };
            // Any Latin letter beyond ASCII in a word shorter than that, where a sign wedged
            // between letters vouches for it (`miesi¹c idê`: windows-1250's Polish `miesiąc idę`
            // shown as windows-1252, whose `ą` shows as `¹`); not a capital (`Ÿ` opening a word)
            // nor a no-break space (`par\u{A0}jour\u{A0}*[µSv]` is French typography).
            let short = matches!(classify(a), Class::Letter(Script::Latin))
                && word_len(i) < MIN_WORD_CHANGED;
            let misread_at = misread_letter(&before, i);
            let into_a_word = ((!a.is_alphanumeric() && !a.is_whitespace())
                || (a.is_alphabetic() && !a.is_ascii() && (misread_at || short) && cased()))
                && matches!(classify(b), Class::Letter(Script::Latin))
                && word_here().is_some_and(|word| {
                    crate::detect::word_bits(word).is_some_and(|bits| {
                        bits as f32 <= READABLE_BITS_PER_LETTER * (word.len() + 1) as f32
                    })
                });
            let alone = one_character_word(&before, i, b);
            if !(into_a_word || alone) {
                return false;
            }
            signs.push(a);
            short_letter |= short && !alone && !misread_at;
            continue;
        }
        let misread_here = misread_letter(&before, i)
            || low_quote_ending_a_long_word(&before, i)
            || capital_opening_a_word(&before, i);
        if letter && misread_here && (word_len(i) >= MIN_WORD_CHANGED || wedged) {
            vouchers.push(a);
        }
        misread |= misread_here
            || accent_ending_a_word(&before, i)
            || quote
            || (letter_of_another_script(&before, i) && word_made());
    }
    misread
        && (signs.is_empty() || vouchers.iter().any(|v| !signs.contains(v)))
        && (!short_letter
            || vouchers
                .iter()
                .any(|v| !v.is_uppercase() && !v.is_whitespace()))
}

/// Whether the character at `i` is a low quotation mark glued to the end of a word
/// ([`low_quote_closing_a_word`]) of [`MIN_WORD_CHANGED`] letters or more: code page 437's and
/// 850's `é` and `ä` (82, 84) shown as windows-1252 (`bless‚`, `suppos‚`, `kyll„`), evidence
/// that lets a legacy reading compete. A shorter word may be anything (`bar„`).
pub(super) fn low_quote_ending_a_long_word(chars: &[char], i: usize) -> bool {
    low_quote_closing_a_word(chars, i) && word_around(chars, i).len() >= MIN_WORD_CHANGED
}

/// The capitals beyond ASCII that open hardly any word of four letters or more in the languages
/// of the letter model: the graves (Italian sets them on a word's last vowel), `Û`, `Ð` (Icelandic
/// and Faroese never open a word with `ð`), `Ý`, `Ã` and `Ñ` (Portuguese and Spanish write them
/// inside words), `Ë` and `Ï` (French and Dutch set the diaeresis on a vowel after another).
/// Capitals that open many clean words (`École`, `Über`, `Škoda`, `Ørsted`) are left out: every
/// text holding one would try every legacy reading, and `repair` took a fifth longer on the set.
pub(super) const RARE_OPENING_CAPITALS: &str = "ÈÌÒÙÛÐÝÃÑËÏ";

/// Whether the character at `i` is one of the [`RARE_OPENING_CAPITALS`] opening a word of
/// [`MIN_WORD_CHANGED`] letters or more, before a small letter: where a Western charset's letter
/// read in another shows one (`que a Ûrbita`: windows-1252's `ó`, F3, shown as Mac OS Roman;
/// `Ðajos`: windows-1257's `Š`, D0, shown as windows-1252). It only lets a reading compete: the
/// letter model must still prefer it.
pub(super) fn capital_opening_a_word(chars: &[char], i: usize) -> bool {
    chars
        .get(i)
        .is_some_and(|&a| RARE_OPENING_CAPITALS.contains(a))
        && !letter_at(chars, i.checked_sub(1))
        && chars.get(i + 1).is_some_and(|c| c.is_lowercase())
        && word_around(chars, i).len() >= MIN_WORD_CHANGED
}

/// Whether the character at `i` is one of windows-1252's capitals at 80–9F
/// ([`WINDOWS_CAPITALS`]) between two small letters (`fŸr`), where no word has a capital.
fn capital_between_small(chars: &[char], i: usize) -> bool {
    let small = |k: Option<usize>| {
        k.and_then(|k| chars.get(k))
            .is_some_and(|c| c.is_lowercase())
    };
    chars.get(i).is_some_and(|&c| WINDOWS_CAPITALS.contains(c))
        && small(i.checked_sub(1))
        && small(Some(i + 1))
}

/// Where the run of letters around `i` starts and ends, found from `i` (empty when the character
/// at `i` is no letter and neither neighbour is one).
pub(super) fn word_around(chars: &[char], i: usize) -> std::ops::Range<usize> {
    let i = i.min(chars.len());
    let head = chars
        .get(i.saturating_sub(LONGEST_WORD)..i)
        .unwrap_or_default();
    let start = i - head.iter().rev().take_while(|c| c.is_alphabetic()).count();
    let tail = chars.get(i..).unwrap_or_default();
    let end = i + tail
        .iter()
        .take(LONGEST_WORD)
        .take_while(|c| c.is_alphabetic())
        .count();
    start..end
}

/// Whether the reading's word around `i` costs the letter model at most [`JOINED_SPACE_BITS`] more
/// for each break it joins than the runs of letters the text has in its place cost apart:
/// `István` (26 bits) against `Istv` and `n` (24), where code page 437's `á` was shown as a
/// no-break space; not `taráxzfájdk` (76) against `tar`, `xzf` and `jdk` (60), a command line
/// from the web whose no-break spaces separate words. Every break between two runs counts, a
/// sign as well as a space: each run pays for its own ends (`kódját` against `k`, `dj` and `t`
/// in `k˘dj\u{A0}t`, code page 852's Hungarian shown as windows-1250). A word glued to a digit
/// or an underscore is part of a name (`BRANCH\u{A0}r4574`, `gdb\u{A0}your_exe`), not a word the
/// space was inside.
pub(super) fn joins_words(before: &[char], after: &[char], i: usize) -> bool {
    let std::ops::Range { start: at, end } = word_around(after, i);
    let word = after.get(at..end).unwrap_or_default();
    let name = |c: Option<&char>| c.is_some_and(|c| c.is_ascii_digit() || *c == '_');
    if word.is_empty() || name(at.checked_sub(1).and_then(|p| after.get(p))) || name(after.get(end))
    {
        return false;
    }
    let Some(joined) = crate::detect::word_bits(word) else {
        return false;
    };
    let parts = before.get(at..at + word.len()).unwrap_or_default();
    let breaks = (0..parts.len())
        .filter(|&k| !letter_at(parts, Some(k)) && (k == 0 || letter_at(parts, k.checked_sub(1))))
        .count() as u32;
    let apart: Option<u32> = words(parts)
        .map(|(_, part)| crate::detect::word_bits(part))
        .sum();
    apart.is_some_and(|apart| joined <= apart + JOINED_SPACE_BITS * breaks)
}

/// What a word made by joining runs of letters at a no-break space ([`joins_words`]) may cost
/// beyond the runs apart, for each break between them: the runs pay for their own ends, about 6
/// bits each (`n` alone costs 6), and a misread letter inside a word costs a few bits more than
/// the letters around it.
pub(super) const JOINED_SPACE_BITS: u32 = 4;

/// Whether a reading turns the letter at `i`, glued to a unit of ASCII letters (`m/sý`, `cmü`),
/// into a superscript digit ending it (`m/s²`, `cm³`: code page 437 and 850 read as windows-1252
/// and Latin-1).
pub(super) fn unit_exponent(before: &[char], after: &[char], i: usize) -> bool {
    let head = before.get(..i).unwrap_or_default();
    let unit = head
        .iter()
        .rev()
        .take_while(|c| c.is_ascii_alphabetic() || **c == '/')
        .count();
    after.get(i).is_some_and(|c| matches!(c, '²' | '³'))
        && before
            .get(i)
            .is_some_and(|c| c.is_alphabetic() && !c.is_ascii())
        && (1..=4).contains(&unit)
        && head.last().is_some_and(char::is_ascii_alphabetic)
        && !before.get(i + 1).is_some_and(|c| c.is_alphanumeric())
}

/// Whether the character at `i` is a word of one character beyond ASCII, a letter or a sign,
/// between spaces, ASCII punctuation or the text's ends, that a reading turns into `b`, another
/// letter or sign beyond ASCII (`milh›es á ao` is Mac OS Roman's `milhões · ao`, `BailÌs-”` its
/// `Bailís-Ó`): alone it could be anything, so [`changes_only_latin_words`] takes it only with a
/// voucher, like a sign. A run of signs (`µ£ˆ˙Î`) is none.
#[inline(never)]
pub(super) fn one_character_word(chars: &[char], i: usize, b: char) -> bool {
    let apart =
        |c: Option<&char>| c.is_none_or(|c| c.is_ascii_whitespace() || c.is_ascii_punctuation());
    chars
        .get(i)
        .is_some_and(|a| !a.is_ascii() && !a.is_whitespace())
        && !b.is_ascii()
        && !b.is_whitespace()
        && !b.is_control()
        && (b.is_alphabetic() || !b.is_alphanumeric())
        && apart(i.checked_sub(1).and_then(|p| chars.get(p)))
        && apart(chars.get(i + 1))
}

/// The shortest word [`has_unreadable_word`] looks at.
pub(super) const MIN_READ_WORD: usize = 5;

/// The shortest word [`reads_as_words`] looks at: one of four letters beyond ASCII, unreadable,
/// that reads as a word of another script (`ÃåéÜ`, windows-1253's Greek `Γειά`, and `Èâàí`,
/// windows-1251's `Иван`, shown as windows-1252; `õî÷ó`, `хочу`, has one sign), where a
/// misreading's three-letter words are chance (a string of Mac OS Roman's signs, `ƒÎÓ`, reads as
/// windows-1251's `Дло`).
pub(super) const MIN_READ_SHORT_WORD: usize = 4;

/// The most a word may cost per letter in the letter model to read as a word of its language
/// (`персийски` 4.0, `српски` 5.7, `Ρωσικά` 5.0; `АЮДИХЩЖУ` 7.3, `БЭКОС` 6.4).
pub(super) const READABLE_BITS_PER_LETTER: f32 = 5.8;

/// The least a word made of letters beyond ASCII must cost per letter to be unreadable as it is
/// (`ïåðñèéñêè` 14.4, windows-1251 shown as windows-1252).
pub(super) const UNREADABLE_BITS_PER_LETTER: f32 = 8.0;

/// The letter model's cost of `word` per letter, if some language's alphabet holds it.
pub(super) fn bits_per_letter(word: &[char]) -> Option<f32> {
    let bits = crate::detect::word_bits(word)?;
    Some(bits as f32 / word.len().max(1) as f32)
}

/// Whether `word` is written in small letters, in capitals, or in small letters after a capital.
pub(super) fn cased_like_a_word(word: &[char]) -> bool {
    let tail = word.get(1..).unwrap_or_default();
    tail.iter().all(|c| !c.is_uppercase()) || word.iter().all(|c| !c.is_lowercase())
}

/// The words of `chars`: runs of letters.
pub(super) fn words(chars: &[char]) -> impl Iterator<Item = (usize, &[char])> {
    let mut start = 0;
    chars
        .split(|c| !c.is_alphabetic())
        .map(move |word| {
            let at = start;
            start += word.len() + 1;
            (at, word)
        })
        .filter(|(_, word)| !word.is_empty())
}

/// Whether the text has a word of [`MIN_READ_WORD`] letters or more, all beyond ASCII, that no
/// language of the letter model reads (`ïåðñèéñêè`): what a whole word in another script looks
/// like when its bytes are shown in the wrong charset.
pub(super) fn has_unreadable_word(chars: &[char]) -> bool {
    has_word_read_badly(chars, MIN_READ_WORD, true, UNREADABLE_BITS_PER_LETTER)
}

/// Whether the text has a word of `min_len` letters or more, all of them beyond ASCII (`all`) or
/// one at least, that the letter model prices at `min_bits` a letter or more, or not at all.
pub(super) fn has_word_read_badly(
    chars: &[char],
    min_len: usize,
    all: bool,
    min_bits: f32,
) -> bool {
    words(chars).any(|(_, word)| {
        let beyond = |c: &char| !c.is_ascii();
        word.len() >= min_len
            && (if all {
                word.iter().all(beyond)
            } else {
                word.iter().any(beyond)
            })
            && bits_per_letter(word).is_none_or(|b| b >= min_bits)
    })
}

/// The fewest letters of a word [`has_odd_word`] looks at.
pub(super) const MIN_ODD_WORD: usize = 4;

/// The least a word with a letter beyond ASCII costs per letter in the letter model for
/// [`has_odd_word`] (`patøí` 7.2, `otevøené` 6.75; `Dvořák` 6.0, `Ångström` 5.5).
pub(super) const ODD_WORD_BITS_PER_LETTER: f32 = 6.0;

/// Whether the text has a word of [`MIN_ODD_WORD`] letters or more, one of them beyond ASCII,
/// that the letter model reads badly (`patøí`, Czech `patří` in windows-1250 shown as
/// windows-1252).
pub(super) fn has_odd_word(chars: &[char]) -> bool {
    has_word_read_badly(chars, MIN_ODD_WORD, false, ODD_WORD_BITS_PER_LETTER)
}

/// The least [`has_word_odd_in_its_language`] asks a word to cost per letter in the text's
/// language.
pub(super) const ODD_IN_LANGUAGE_BITS_PER_LETTER: f32 = 4.5;

/// Whether the text has a word of [`MIN_ODD_WORD`] letters or more, one of them beyond ASCII,
/// that the language reading the text's words best prices at [`ODD_WORD_BITS_PER_LETTER`] a
/// letter or more: each word alone may fit some language (`otevøené` Danish, `konuþulan`
/// Icelandic), but not the one of the text around it (`Z Wikipedie, otevøené encyklopedie` is
/// Czech, `Hazar Denizi sahasýna kadar konuþulan` Turkish).
pub(super) fn has_word_odd_in_its_language(chars: &[char]) -> bool {
    let latin =
        |c: &char| matches!(classify(*c), Class::Letter(Script::Latin)) || c.is_ascii_alphabetic();
    let mut seen: Vec<&[char]> = Vec::new();
    for (_, word) in words(chars) {
        if word.len() >= MIN_COUNTED_WORD && word.iter().all(latin) && !seen.contains(&word) {
            seen.push(word);
        }
    }
    let odd = |word: &[char]| word.len() >= MIN_ODD_WORD && !word.iter().all(char::is_ascii);
    if !seen.iter().any(|w| odd(w)) {
        return false;
    }
    let (mut totals, mut costs): (Vec<u32>, Vec<u32>) = (Vec::new(), Vec::new());
    for word in &seen {
        add_language_bits(&mut totals, word, &mut costs);
    }
    let Some((language, _)) = totals.iter().enumerate().min_by_key(|&(_, t)| *t) else {
        return false;
    };
    seen.iter().filter(|w| odd(w)).any(|word| {
        bits_in_language(word, language, &mut costs)
            .is_some_and(|bits| bits as f32 >= ODD_IN_LANGUAGE_BITS_PER_LETTER * word.len() as f32)
    })
}

/// Adds what `word` costs in each Latin language of the letter model (`detect::latin_word_bits`,
/// into `costs`) to `totals`, one total a language.
pub(super) fn add_language_bits(totals: &mut Vec<u32>, word: &[char], costs: &mut Vec<u32>) {
    crate::detect::latin_word_bits(word, costs);
    if totals.is_empty() {
        totals.resize(costs.len(), 0);
    }
    for (t, c) in totals.iter_mut().zip(costs.iter()) {
        *t = t.saturating_add(*c);
    }
}

/// What `word` costs in the Latin language at `language` of the letter model's order.
pub(super) fn bits_in_language(
    word: &[char],
    language: usize,
    costs: &mut Vec<u32>,
) -> Option<u32> {
    crate::detect::latin_word_bits(word, costs);
    costs.get(language).copied()
}

/// The fewest words [`reads_better_as_words`] must change: one word alone is too little to
/// tell (`Huōi` is no Vietnamese `Huôi` shown in windows-1257), unless as many more words it
/// leaves alone tell the text's language.
pub(super) const MIN_WORDS_CHANGED: usize = 2;

/// The shortest word [`reads_better_as_words`] counts, changed or kept.
pub(super) const MIN_COUNTED_WORD: usize = 3;

/// The least the letter model must gain over the text's words for [`reads_better_as_words`].
pub(super) const MIN_WORDS_GAIN_BITS: u32 = 16;

/// The least [`reads_better_as_words`] asks of a reading that changes one word beside one it
/// keeps (`ledòáèkovitých (Alcedinidae)`, `Kiþisel araçlar`), unless the kept word tells the
/// reading's language ([`tells_language`]).
pub(super) const MIN_ONE_WORD_GAIN_BITS: u32 = 24;

/// Whether a reading changes only Latin letters into Latin letters and reads better in one
/// language (`Tento èlánek patøí` → Czech `Tento článek patří`): the text's distinct words of
/// [`MIN_COUNTED_WORD`] letters or more, changed and kept, are priced in each Latin language of
/// the letter model; in the language that reads the reading best, every changed word must read
/// as a word, and the reading must cost [`MIN_WORDS_GAIN_BITS`] less than the text does in the
/// language that reads the text best ([`MIN_MIXED_WORD_GAIN_BITS`] where the changed words'
/// letters mix alphabets, or the whole text's do: [`text_into_one_alphabet`]). It changes [`MIN_WORDS_CHANGED`] words or more, or one where as many
/// others stay. Names of other languages in a text (`Eurêka` in French, `Kurdî` and
/// `gerstêrk`) read worse in any one language once changed (`Euręka`, `Kurdī` and `gerstźrk`).
pub(super) fn reads_better_as_words(text: &str, decoded: &str) -> bool {
    let latin = |c: char| matches!(classify(c), Class::Letter(Script::Latin));
    let Some((before, after)) = changes_each(text, decoded, |a, b| latin(a) && latin(b)) else {
        return false;
    };
    let mut costs: Vec<u32> = Vec::new();
    let (mut text_total, mut reading_total, mut kept_total) = (Vec::new(), Vec::new(), Vec::new());
    let mut seen: Vec<&[char]> = Vec::new();
    let mut changed: Vec<(&[char], &[char])> = Vec::new();
    let mut kept = 0;
    for (at, word) in words(&after) {
        if word.len() < MIN_COUNTED_WORD || seen.contains(&word) {
            continue;
        }
        seen.push(word);
        let old = before.get(at..at + word.len()).unwrap_or_default();
        add_language_bits(&mut text_total, old, &mut costs);
        add_language_bits(&mut reading_total, word, &mut costs);
        if old == word {
            kept += 1;
            add_language_bits(&mut kept_total, word, &mut costs);
        } else {
            changed.push((old, word));
        }
    }
    // One changed word beside one kept word must gain more.
    let one_beside_one = changed.len() == 1 && kept == 1;
    if !(changed.len() >= MIN_WORDS_CHANGED
        || (changed.len() == 1 && kept >= MIN_WORDS_CHANGED)
        || one_beside_one)
    {
        return false;
    }
    let Some((language, &reading_bits)) = reading_total.iter().enumerate().min_by_key(|&(_, b)| *b)
    else {
        return false;
    };
    // The changed words' letters mixing alphabets, which no misreading of one language's text
    // avoids, and the reading's changed words in that language's alphabet: less is asked. So too
    // where the whole text's letters beyond ASCII mix alphabets and every letter of the reading is
    // in that language's alphabet (`umìlé dílo`: Italian `ì` beside Czech `í`).
    let letters_before: Vec<char> = changed
        .iter()
        .flat_map(|(old, _)| old.iter())
        .copied()
        .collect();
    let into_one_alphabet = (mixes_alphabets(&letters_before)
        && changed.iter().all(|(_, word)| {
            word.iter()
                .all(|&c| crate::detect::in_latin_alphabet(language, c))
        }))
        || text_into_one_alphabet(&before, &after, language);
    let min_gain = if into_one_alphabet {
        MIN_MIXED_WORD_GAIN_BITS
    } else if is_prose(&before) && small_letters_into_alphabet(&changed, language, &kept_total) {
        MIN_SMALL_LETTERS_GAIN_BITS
    } else if one_beside_one && !tells_language(&kept_total, language) {
        MIN_ONE_WORD_GAIN_BITS
    } else {
        MIN_WORDS_GAIN_BITS
    };
    let text_best = text_total.iter().copied().min().unwrap_or(0);
    changed.iter().all(|(_, word)| {
        bits_in_language(word, language, &mut costs)
            .is_some_and(|bits| bits as f32 <= READABLE_BITS_PER_LETTER * word.len() as f32)
    }) && text_best >= reading_bits.saturating_add(min_gain)
}

/// The least [`reads_better_as_words`] asks of a phrase of prose ([`is_prose`]) where each letter
/// it changes is a small letter that the language reading the reading best does not write, and
/// becomes one it writes ([`small_letters_into_alphabet`]). Brackets, quotes and markup cut a text
/// into pieces of any language: Wikipedia's lists of language names (`karatchaï balkar")`) are
/// no Latvian `karatchaļ`.
pub(super) const MIN_SMALL_LETTERS_GAIN_BITS: u32 = 10;

/// Whether the words a reading changes are written in small letters only, before and after, and
/// each letter it changes is one the Latin language at `language` does not write, made one it
/// writes, in a language whose whole alphabet the model holds: Czech `ramena èistit vzorky` and
/// `jejich umìlém` are windows-1250's `čistit` and `umělém` shown as windows-1252, and Czech
/// writes no `è` or `ì`. A name keeps its capital and is the reader's own to spell (`Taçnur
/// Akçay` is Turkish, though a reading's `Tašnur` reads better in Czech); a letter the language
/// writes already is no misreading of it (Vietnamese `vũng`, whose reading `vưng` is a word too),
/// nor is a letter no alphabet of the model holds (`œ`, which the model's French spells out: code's
/// `def bœr():` is no Icelandic `búr`), nor one that the language reading the kept words best
/// (`kept_total`, one total a language) writes (`Phoenix'in temsilî`, Turkish, is no Latvian
/// `temsilī`: `Phoenix` reads best as French, which writes `î`). A word whose first and last
/// letters both change is wrapped in quotation marks that lost bytes (`âcleanupâ`), not Latvian.
fn small_letters_into_alphabet(
    changed: &[(&[char], &[char])],
    language: usize,
    kept_total: &[u32],
) -> bool {
    // The language that reads the kept words best.
    let kept_language = kept_total
        .iter()
        .enumerate()
        .min_by_key(|&(_, bits)| *bits)
        .map(|(l, _)| l);
    crate::detect::latin_alphabet_whole(language)
        && !changed.is_empty()
        && changed.iter().all(|(old, new)| {
            let wrapped = old.len() > 2 && old.first() != new.first() && old.last() != new.last();
            !wrapped
                && old.iter().chain(new.iter()).all(|c| !c.is_uppercase())
                && old.iter().zip(new.iter()).all(|(&a, &b)| {
                    a == b
                        || (crate::detect::in_an_alphabet(a)
                            && !crate::detect::in_latin_alphabet(language, a)
                            && kept_language
                                .is_none_or(|k| !crate::detect::in_latin_alphabet(k, a))
                            && crate::detect::in_latin_alphabet(language, b))
                })
        })
}

/// Whether the letters beyond ASCII of all the words of `before` mix alphabets
/// ([`mixes_alphabets`]) and every letter beyond ASCII of `after` is in the alphabet of the
/// Latin language at `language`: the reading brings the whole text into one language's letters,
/// where a word it keeps holds letters of that language that the word it changes does not
/// (`umìlé dílo`: no alphabet of the model has both `ì` and `í`; Czech `umělé dílo` is all
/// Czech). A name of another language in a text (`Noèl Köthe`: French `è`, German `ö`) is no
/// such evidence unless the reading leaves no foreign letter behind.
fn text_into_one_alphabet(before: &[char], after: &[char], language: usize) -> bool {
    let letters: Vec<char> = words(before)
        .flat_map(|(_, word)| word.iter().copied())
        .filter(|c| !c.is_ascii())
        .collect();
    mixes_alphabets(&letters)
        && words(after).all(|(_, word)| {
            word.iter()
                .all(|&c| c.is_ascii() || crate::detect::in_latin_alphabet(language, c))
        })
}

/// Whether a reading changes no Latin letter, changes [`MIN_WORDS_CHANGED`] words or more of
/// another script, and reads better in one language of the letter model: the text's distinct
/// words of [`MIN_COUNTED_WORD`] letters or more of scripts other than Latin, changed and kept,
/// are priced in each language, and in the one that reads the reading best, more than half the
/// changed words must read as words (the model's Russian, from word lists that mostly write `е`
/// for `ё`, reads `днём` badly) and the reading must cost [`MIN_WORDS_GAIN_BITS`] less than the
/// text does in the language that reads the text best. A misread word can look like a word of a
/// neighbouring language (KOI8-R's `днём` shown as windows-1251 is `ДОЈН`, whose `Ј` is Serbian),
/// but not beside the rest of the text: Russian has no `Ј`, Serbian no `Ы` or `Й`. Words the
/// language does not write are priced [`UNWRITTEN_LETTER_BITS`] a letter.
pub(super) fn reads_better_in_one_language(text: &str, decoded: &str) -> bool {
    let latin = |c: char| {
        matches!(
            classify(c),
            Class::AsciiLetter | Class::Letter(Script::Latin)
        )
    };
    let Some((before, after)) = changes_each(text, decoded, |a, b| !latin(a) && !latin(b)) else {
        return false;
    };
    // The distinct words of other scripts, as the text has them and as the reading does (a
    // linear search: a hash set would add its code to the WebAssembly module).
    let mut pairs: Vec<(&[char], &[char])> = Vec::new();
    for (at, word) in words(&after) {
        if word.len() >= MIN_COUNTED_WORD
            && word.iter().all(|&c| beyond_latin(c).is_some())
            && !pairs.iter().any(|&(_, seen)| seen == word)
        {
            pairs.push((before.get(at..at + word.len()).unwrap_or_default(), word));
        }
    }
    let changed = pairs.iter().filter(|(old, new)| old != new).count();
    if changed < MIN_WORDS_CHANGED {
        return false;
    }
    // Each word's cost in each language; for the reading's changed words, kept per language.
    let mut costs: Vec<Option<u32>> = Vec::new();
    let (mut text_total, mut reading_total): (Vec<u32>, Vec<u32>) = (Vec::new(), Vec::new());
    let mut changed_costs: Vec<(usize, Vec<Option<u32>>)> = Vec::new();
    let add = |totals: &mut Vec<u32>, word: &[char], costs: &mut Vec<Option<u32>>| {
        crate::detect::word_bits_each(word, costs);
        totals.resize(costs.len().max(totals.len()), 0);
        let unwritten = UNWRITTEN_LETTER_BITS.saturating_mul(word.len() as u32);
        for (total, bits) in totals.iter_mut().zip(costs.iter()) {
            *total = total.saturating_add(bits.unwrap_or(unwritten));
        }
    };
    for &(old, new) in &pairs {
        add(&mut text_total, old, &mut costs);
        add(&mut reading_total, new, &mut costs);
        if old != new {
            changed_costs.push((new.len(), costs.clone()));
        }
    }
    let Some((language, &reading_bits)) = reading_total.iter().enumerate().min_by_key(|&(_, b)| *b)
    else {
        return false;
    };
    let text_best = text_total.iter().copied().min().unwrap_or(0);
    let readable = changed_costs
        .iter()
        .filter(|(len, costs)| {
            costs
                .get(language)
                .copied()
                .flatten()
                .is_some_and(|bits| bits as f32 <= READABLE_BITS_PER_LETTER * *len as f32)
        })
        .count();
    readable * 2 > changed && text_best >= reading_bits.saturating_add(MIN_WORDS_GAIN_BITS)
}

/// What [`reads_better_in_one_language`] prices each letter of a word whose script a language
/// does not write: more than any letter of its own costs.
const UNWRITTEN_LETTER_BITS: u32 = 16;

/// The least the kept word must read better in one language than in any other for
/// [`reads_better_as_words`] to ask a reading that changes one word beside it only
/// [`MIN_WORDS_GAIN_BITS`].
pub(super) const KEPT_WORD_LANGUAGE_MARGIN_BITS: u32 = 4;

/// Whether `totals` (bits in each Latin language of the letter model) read best in `language`, by
/// [`KEPT_WORD_LANGUAGE_MARGIN_BITS`] or more over every other: the word a reading keeps beside
/// the one it changes tells the language the reading reads in (Czech `ke sluneènímu rovníku`:
/// `rovníku` is Czech, and so is `slunečnímu`, windows-1250's `č` shown as windows-1252).
pub(super) fn tells_language(totals: &[u32], language: usize) -> bool {
    let Some(&own) = totals.get(language) else {
        return false;
    };
    totals.iter().enumerate().all(|(other, &bits)| {
        other == language || own.saturating_add(KEPT_WORD_LANGUAGE_MARGIN_BITS) <= bits
    })
}

/// Whether `letters` (Latin, some beyond ASCII) are each in some alphabet of the letter model
/// ([`crate::detect::in_an_alphabet`]) but not all in one Latin alphabet: `otevøené` (Czech
/// `otevřené` in windows-1250 shown as windows-1252) has Danish and Norwegian `ø` beside `é`,
/// which they do not write; `çubuðunu` (Turkish `çubuğunu` in
/// windows-1254) has Turkish `ç` beside Icelandic `ð`. A letter in no alphabet (`œ` of `bœr`,
/// which the model's French spells out) makes no mix.
pub(super) fn mixes_alphabets(letters: &[char]) -> bool {
    let languages = || (0..).take_while(|&l| crate::detect::latin_language_code(l).is_some());
    let all_in = |l: usize| {
        letters
            .iter()
            .all(|&c| crate::detect::in_latin_alphabet(l, c))
    };
    !letters.iter().all(char::is_ascii)
        && letters.iter().all(|&c| crate::detect::in_an_alphabet(c))
        && !languages().any(all_in)
}

/// The least [`reads_better_as_words`] asks where the letters of the words it changes mix
/// alphabets ([`mixes_alphabets`]) and their readings are in the alphabet of the language that
/// reads the reading best (`bjelogorièna vrsta drveæa`: Italian `è`, Danish `æ`).
pub(super) const MIN_MIXED_WORD_GAIN_BITS: u32 = 8;

/// Whether a sign beyond ASCII (a C1 control or a no-break space too) ends a word of two letters
/// or more, glued to it, before no letter or digit (`no Canad‡,`: Portuguese `Canadá` in Mac OS
/// Roman shown as windows-1252), other than the quotation marks, dashes and ellipsis that clean
/// text puts there. Only [`words_into_its_alphabet`] may then read the text in another charset.
pub(super) fn sign_ending_a_word(chars: &[char]) -> bool {
    (0..chars.len()).any(|i| sign_ending_a_word_at(chars, i))
}

/// Whether the character at `i` is a sign that ends a word ([`sign_ending_a_word`]).
pub(super) fn sign_ending_a_word_at(chars: &[char], i: usize) -> bool {
    chars.get(i).is_some_and(|&c| {
        !c.is_ascii()
            && (!c.is_alphanumeric() || FRACTIONS.contains(c))
            && !"’”“»«…–—".contains(c)
            && letter_at(chars, i.checked_sub(1))
            && letter_at(chars, i.checked_sub(2))
            && !chars.get(i + 1).is_some_and(|c| c.is_alphanumeric())
    })
}

/// Whether a reading turns a sign that ends a word ([`sign_ending_a_word_at`]) into a small
/// letter beyond ASCII that some alphabet of the model writes (`attivit‡` → `attività`).
pub(super) fn sign_into_a_word_end(before: &[char], after: &[char], i: usize) -> bool {
    sign_ending_a_word_at(before, i)
        && after
            .get(i)
            .is_some_and(|&c| c.is_lowercase() && !c.is_ascii() && crate::detect::in_an_alphabet(c))
}

/// How many distinct words a legacy reading brings into the alphabet of the text's language, the
/// one the frequent ASCII words it keeps tell ([`text_languages_of`]), or one of the close
/// languages they tell alike (in a phrase of prose with fewer such words, each of the languages
/// that has one): each letter it changes is a letter beyond ASCII that the language does not write,
/// and becomes one of the same case that it writes, and each word it changes costs less in the
/// language than before; those of [`MIN_COUNTED_WORD`] letters or more are counted (`halb so
/// groá wie der` is German, whose alphabet has no `á`: code page 437's `groß` shown as
/// windows-1252), and a shorter one may change beside them (Italian `citt‡ Ë andata` is
/// windows-1252's `città è andata` shown as Mac OS Roman). 0 when any of that fails.
/// A name from another language in a text keeps letters its language lacks (`José` in German), but
/// a reading of it into the language's letters reads no better there. Where one or two frequent
/// words tell the language, the text's words must not read as well as they stand in another
/// ([`read_as_well_as_they_stand`]).
pub(super) fn words_into_its_alphabet(text: &str, decoded: &str) -> usize {
    let beyond = |c: char| c.is_alphabetic() && !c.is_ascii();
    let before: Vec<char> = text.chars().collect();
    let after: Vec<char> = decoded.chars().collect();
    // Each change makes a letter beyond ASCII: of a letter of the same case, or of a capital (the
    // Mac and Windows charsets swap small letters and capitals: `Ë andata` is `è andata`), or a
    // small letter of a sign glued to the end of letters (`Canad‡` is `Canadá`; French
    // `compilateur\u{A0}C` is no `compilateurÊC`) or to their start (`der „uáere` is code page
    // 437's `der äußere` shown as windows-1252; German's own `„nein“` reads no better as `änein`).
    let letter_before = |i: usize| letter_at(&before, i.checked_sub(1));
    let letter_after = |i: usize| letter_at(&before, Some(i + 1));
    let allowed = |i: usize, a: char, b: char| {
        beyond(b)
            && ((beyond(a) && (a.is_uppercase() == b.is_uppercase() || a.is_uppercase()))
                || (!a.is_ascii()
                    && !a.is_alphanumeric()
                    && (letter_before(i) || letter_after(i))
                    && b.is_lowercase()))
    };
    if before.len() != after.len()
        || !before
            .iter()
            .zip(&after)
            .enumerate()
            .all(|(i, (&a, &b))| a == b || allowed(i, a, b))
    {
        return 0;
    }
    // The language is told by the words the reading keeps, and by the text's prose, not by the
    // words of its web and mail addresses (`web`, `archive`, `org` are no Turkish).
    let kept = without_addresses(&kept_words(&before, &after));
    let mut languages = text_languages_of(&kept, MIN_ALPHABET_LANGUAGE_WORDS);
    // In a phrase of prose, fewer frequent words may tell them, one or two, if the reading brings
    // its words into the alphabet of every language that has one of them: `aut—nomas y las
    // capitales` (`y`, `las`: Spanish alone) is Mac OS Roman's `autónomas`, but the `og` of
    // `Eliassen og Sønner` is Icelandic too, which writes `æ` and no `ø`, and Danish and Norwegian
    // write the `ø` already. A language whose alphabet the model holds only in part tells nothing
    // so (Vietnamese `rãnh trong`).
    let every = languages.is_empty();
    if every {
        if !is_prose(&before) {
            return 0;
        }
        languages = text_languages_of(&opening_lowered(&kept), 1);
        // Without one, a frequent word beyond ASCII that the reading keeps tells them as well:
        // Czech's `již` in `odmlèel již` (windows-1250's `odmlčel` shown as windows-1252).
        if languages.is_empty() {
            for (_, word) in words(&kept) {
                for language in crate::detect::frequent_word_languages(word) {
                    if !languages.contains(&language) {
                        languages.push(language);
                    }
                }
            }
        }
        if !languages
            .iter()
            .all(|&language| crate::detect::latin_alphabet_whole(language))
            || read_as_well_as_they_stand(&before, &after, &languages)
        {
            return 0;
        }
    }
    // Close languages that share their small words (`que`, `de`, `no`: Spanish, Portuguese,
    // Catalan) may each take a reading that changes letters and signs ending words
    // (`Canad\u{A0}),` is `Canadá` in the first two), but not the apostrophes and no-break spaces
    // of another's typography: French `l’option` and `breaks\u{A0}:` are no Spanish `líoption`
    // and `breaksá:`.
    if languages.len() > 1
        && !(0..before.len()).all(|i| {
            let (a, b) = (before.get(i), after.get(i));
            a == b
                || (a.is_some_and(|c| c.is_alphabetic()) && b.is_some_and(|c| c.is_alphabetic()))
                || (sign_ending_a_word_at(&before, i)
                    && (a != Some(&'\u{A0}') || nbsp_closing_a_word(&before, i)))
        })
    {
        return 0;
    }
    let counts = languages
        .into_iter()
        .map(|language| words_into_alphabet_of(&before, &after, language));
    if every {
        counts.min().unwrap_or(0)
    } else {
        counts.max().unwrap_or(0)
    }
}

/// Whether the text's words of [`MIN_COUNTED_WORD`] letters or more cost no more as they stand, in
/// a language of the model whose alphabet writes every letter of them, than the reading's words
/// cost in the best of `languages`: one or two frequent words tell a text's language too weakly to
/// outweigh words that read as words of another (`wewnętrznych zmianę odpowiednio tom` is Polish,
/// whose `ę` ISO-8859-16 has where windows-1252 has `ý`, though Czech and Slovak have `tom` among
/// their frequent words). Turkish `ise, dolaným süresi` (windows-1254's `dolanım` shown as
/// windows-1252) has no such language, as no alphabet holds both `ý` and `ü`; and Croatian `Prema
/// tipa rezultat biva meðu` (windows-1250's `među`) reads worse as Icelandic, which writes `ð`,
/// than as Croatian once read.
fn read_as_well_as_they_stand(before: &[char], after: &[char], languages: &[usize]) -> bool {
    let mut costs: Vec<u32> = Vec::new();
    let (mut standing, mut reading): (Vec<u32>, Vec<u32>) = (Vec::new(), Vec::new());
    for (at, word) in words(after) {
        let Some(old) = before.get(at..at + word.len()) else {
            return false;
        };
        if word.len() >= MIN_COUNTED_WORD {
            add_language_bits(&mut standing, old, &mut costs);
            add_language_bits(&mut reading, word, &mut costs);
        }
    }
    let writes_the_text = |language: usize| {
        crate::detect::latin_alphabet_whole(language)
            && words(before).all(|(_, word)| {
                word.iter()
                    .all(|&c| crate::detect::in_latin_alphabet(language, c))
            })
    };
    let Some(read) = languages
        .iter()
        .filter_map(|&l| reading.get(l).copied())
        .min()
    else {
        return false;
    };
    standing
        .iter()
        .enumerate()
        .filter(|&(language, _)| writes_the_text(language))
        .map(|(_, &bits)| bits)
        .min()
        .is_some_and(|bits| bits <= read)
}

/// The text with the word that opens it or a sentence in it lowered, where that word is a capital
/// and small ASCII letters (`Pour en structurer l'Žtude,`: `pour` is French): a sentence's first
/// word is as frequent a word as any, and the frequent words are counted in small letters.
fn opening_lowered(chars: &[char]) -> Vec<char> {
    let mut out = chars.to_vec();
    for i in 0..chars.len() {
        let opens = match i.checked_sub(2) {
            None => i == 0,
            Some(j) => {
                chars.get(j).is_some_and(|c| ".!?".contains(*c)) && chars.get(j + 1) == Some(&' ')
            }
        };
        if !opens || !chars.get(i).is_some_and(char::is_ascii_uppercase) {
            continue;
        }
        let rest = chars.get(i + 1..).unwrap_or_default();
        let small = rest.iter().take_while(|c| c.is_ascii_lowercase()).count();
        let ends = rest.get(small).is_none_or(|c| !c.is_alphanumeric());
        if small > 0 && ends {
            if let Some(c) = out.get_mut(i) {
                c.make_ascii_lowercase();
            }
        }
    }
    out
}

/// Whether a text is prose: it holds none of the signs of code, markup and addresses
/// (`[Páginas novas](/wiki/Especial:…)`, `os.fsencode("foo-b„r@baz.py")`), whose words are names
/// and tell no language.
pub(super) fn is_prose(chars: &[char]) -> bool {
    !chars.iter().any(|c| "[]()/\\@=_\"{}<>|#*".contains(*c))
}

/// How many distinct words a reading (`after`) brings into the alphabet of `language`, as
/// [`words_into_its_alphabet`] counts them.
fn words_into_alphabet_of(before: &[char], after: &[char], language: usize) -> usize {
    let alphabet = |c: char| crate::detect::in_latin_alphabet(language, c);
    let into = before
        .iter()
        .zip(after)
        .all(|(&a, &b)| a == b || (!alphabet(a) && alphabet(b)));
    // After the reading, the language writes every letter of the text: a text with other letters
    // it lacks is not all in that language, or its alphabet is not all in the model (Vietnamese
    // tones).
    if !into || !after.iter().all(|&c| !c.is_alphabetic() || alphabet(c)) {
        return 0;
    }
    let mut costs: Vec<u32> = Vec::new();
    let mut made: Vec<&[char]> = Vec::new();
    for (at, word) in words(after) {
        let old = before.get(at..at + word.len()).unwrap_or_default();
        if old == word || made.contains(&word) {
            continue;
        }
        let old_bits = bits_in_language(old, language, &mut costs);
        let new_bits = bits_in_language(word, language, &mut costs);
        let reads = match (old_bits, new_bits) {
            (Some(old_bits), Some(new_bits)) => {
                new_bits.saturating_add(MIN_ALPHABET_WORD_GAIN) <= old_bits
                    && ends_as_words_do(old, word, new_bits, language, &mut costs)
            }
            _ => false,
        };
        if !reads {
            return 0;
        }
        if word.len() >= MIN_COUNTED_WORD {
            made.push(word);
        }
    }
    made.len()
}

/// Whether a word whose reading changes only signs glued to its letters (`groá`, `Canad·`,
/// `einem·`) into letters costs the letter model at most [`MAX_GLUED_LETTER_BITS`] more than its
/// letters alone (`new_bits`, the reading's word, in `language`): a misread last letter ends the
/// word as the language's words end (`gro` 18 bits, `groß` 22; `Canad` 28, Portuguese `Canadá`
/// 32), and a sign clean typography glues to a word makes a letter no word ends with (German
/// `einem` 22, `einemß` 36). True for a word whose letters change too.
fn ends_as_words_do(
    old: &[char],
    word: &[char],
    new_bits: u32,
    language: usize,
    costs: &mut Vec<u32>,
) -> bool {
    let only_signs = old
        .iter()
        .zip(word)
        .all(|(&a, &b)| a == b || !a.is_alphanumeric());
    if !only_signs {
        return true;
    }
    let letters: Vec<char> = old
        .iter()
        .copied()
        .filter(|c| c.is_alphanumeric())
        .collect();
    bits_in_language(&letters, language, costs)
        .is_some_and(|bare| new_bits <= bare.saturating_add(MAX_GLUED_LETTER_BITS))
}

/// The most a letter read from a sign glued to a word may add to the word's cost in
/// [`ends_as_words_do`].
const MAX_GLUED_LETTER_BITS: u32 = 8;

/// The text `before` with the words a reading (`after`, as long) changes turned into spaces, one
/// for each character: the words it keeps. The words are the reading's, so the pieces of a word
/// that a misread letter splits go too (`oc‚an bor‚al au` keeps only `au`, not Romanian `an` and
/// `al`).
pub(super) fn kept_words(before: &[char], after: &[char]) -> Vec<char> {
    let mut kept = before.to_vec();
    for (at, word) in words(after) {
        let span = at..at + word.len();
        if span.clone().any(|i| before.get(i) != after.get(i)) {
            if let Some(run) = kept.get_mut(span) {
                run.fill(' ');
            }
        }
    }
    kept
}

/// The text with each run of non-spaces that holds a web or mail address (`://`, `www.`, `@`)
/// turned into spaces, one for each character.
pub(super) fn without_addresses(chars: &[char]) -> Vec<char> {
    let mut out = chars.to_vec();
    let mut start = 0;
    while start < out.len() {
        let len = out
            .get(start..)
            .unwrap_or_default()
            .iter()
            .take_while(|c| !c.is_whitespace())
            .count();
        if let Some(run) = out.get_mut(start..start + len) {
            let text: String = run.iter().collect();
            if text.contains("://") || text.contains("www.") || text.contains('@') {
                run.fill(' ');
            }
        }
        start += len + 1;
    }
    out
}

/// The characters of a text and of a reading of it, when the reading maps them one to one and
/// every character it changes, `a` into `b`, passes `allowed(a, b)`.
pub(super) fn changes_each(
    text: &str,
    decoded: &str,
    allowed: impl Fn(char, char) -> bool,
) -> Option<(Vec<char>, Vec<char>)> {
    let before: Vec<char> = text.chars().collect();
    let after: Vec<char> = decoded.chars().collect();
    (before.len() == after.len()
        && before
            .iter()
            .zip(&after)
            .all(|(&a, &b)| a == b || allowed(a, b)))
    .then_some((before, after))
}

/// Whether a reading changes only letters into letters, or signs beyond ASCII into letters of
/// another script than Latin, and every word it changes of [`MIN_READ_WORD`] letters or more was
/// unreadable and now reads as a word of some language of the letter model, with at least one
/// such word (`ïåðñèéñêè` → `персийски`, `ÑùóéêÜ` → `Ρωσικά`; `´ÒÇÍÑ§¤ÒÃ` → Thai `ดาวอังคาร`,
/// windows-874's letters at A1–BF being windows-1252's signs). Accented capitals and test strings
/// (`ÀÉÎÕÜ`, `áàäéèęöő`) read in another charset make no such words (`АЙОХЬ` costs 7.6 bits a
/// letter), and signs read as Latin letters are left out (`·om·den·finns` is no `žomždenžfinns`).
pub(super) fn reads_as_words(text: &str, decoded: &str) -> bool {
    let sign = |a: char| !a.is_ascii() && !a.is_alphanumeric() && !a.is_whitespace();
    let beyond_latin = |b: char| {
        b.is_alphabetic()
            && !matches!(
                classify(b),
                Class::AsciiLetter | Class::Letter(Script::Latin)
            )
    };
    let Some((before, after)) = changes_each(text, decoded, |a, b| {
        (a.is_alphabetic() && b.is_alphabetic()) || (sign(a) && beyond_latin(b))
    }) else {
        return false;
    };
    let mut read = false;
    for (at, word) in words(&after) {
        let old = before.get(at..at + word.len()).unwrap_or_default();
        if old == word {
            continue;
        }
        let was_unreadable = bits_per_letter(old).is_none_or(|b| b >= UNREADABLE_BITS_PER_LETTER);
        let readable = bits_per_letter(word).is_some_and(|b| b <= READABLE_BITS_PER_LETTER);
        if word.len() < MIN_READ_WORD {
            // A shorter word counts for the reading, never against it, and only where every
            // character of it was a Latin letter beyond ASCII, or for one of them a sign beyond
            // ASCII (windows-1251's `ч` is windows-1252's `÷`), and is now a letter of another
            // script.
            let latin = |c: &char| matches!(classify(*c), Class::Letter(Script::Latin));
            read |= word.len() >= MIN_READ_SHORT_WORD
                && old.iter().all(|c| latin(c) || sign(*c))
                && old.iter().filter(|c| latin(c)).count() + 1 >= word.len()
                && word.iter().all(|&c| beyond_latin(c))
                && was_unreadable
                && readable;
            continue;
        }
        if !(was_unreadable && readable) {
            return false;
        }
        read = true;
    }
    read
}

/// Whether a reading puts a right single quotation mark at `i` as the apostrophe of an English
/// contraction or possessive (`objectÕs`: Mac OS Roman's `’`, D5, shown as windows-1252): between
/// a word of two letters or more and one of [`CONTRACTION_ENDINGS`], as the text had a letter
/// there too. Or as the apostrophe of a French or Italian elision (`dÕun`, `sÕagit`, `lÕanno`):
/// after a word French or Italian elides before the next word ([`elides`]).
pub(super) fn apostrophe(before: &[char], after: &[char], i: usize) -> bool {
    if after.get(i) != Some(&'\u{2019}') || !before.get(i).is_some_and(|c| c.is_alphabetic()) {
        return false;
    }
    let head = after.get(..i).unwrap_or_default();
    let word_before: String = {
        let mut word: Vec<char> = head
            .iter()
            .rev()
            .take(LONGEST_WORD)
            .take_while(|c| c.is_alphabetic())
            .flat_map(|c| c.to_lowercase())
            .collect();
        word.reverse();
        word.into_iter().collect()
    };
    let tail: String = after
        .get(i + 1..)
        .unwrap_or_default()
        .iter()
        .take(LONGEST_WORD)
        .take_while(|c| c.is_alphabetic())
        .collect();
    let elided = tail.chars().next().is_some_and(|c| elides(&word_before, c));
    (word_before.chars().count() >= 2 && CONTRACTION_ENDINGS.contains(&tail.as_str())) || elided
}

/// Whether a legacy-to-legacy reading turns at least two characters that stand where quotation
/// marks belong ([`quote_letter`]: `ìformattedî`, `´fond partirª`) into quotation marks, and each
/// such character it changes into one: a pair of them is evidence enough for the reading to
/// compete, whatever else it changes (`65ñ` is `65–`).
pub(super) fn quote_letters_into_quotes(text: &str, decoded: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    let mut pairs = 0;
    for (i, (a, b)) in chars.iter().zip(decoded.chars()).enumerate() {
        if *a != b && quote_letter(&chars, i) {
            if !is_quote(b) {
                return false;
            }
            pairs += 1;
        }
    }
    pairs >= 2
}

/// Whether a legacy-to-legacy reading turns some character into a quotation mark, an apostrophe
/// or an ellipsis (`donÕt` into `don’t`, `onÉ` into `on…`): evidence a reading of
/// punctuation has, where [`changes_a_word`] sees no word change.
pub(super) fn makes_punctuation(text: &str, decoded: &str) -> bool {
    text.chars()
        .zip(decoded.chars())
        .any(|(a, b)| a != b && (is_quote(b) || matches!(b, '…' | '—' | '–')))
}

/// Whether `ch` is a curly quotation mark, single or double, German's low double one, or a
/// guillemet.
pub(super) fn is_quote(ch: char) -> bool {
    matches!(
        ch,
        '\u{2018}' | '\u{2019}' | '\u{201C}' | '\u{201D}' | '\u{201E}' | '«' | '»'
    )
}

/// Whether the character at `i` shows what a letter read in the wrong Western charset shows: a
/// symbol or a spacing modifier letter inside a word (`Horv·th`, `Sˆren`), a capital beyond
/// ASCII after a small letter (`ErzsÈbet`, `SzabÛ`), `Ÿ` before one, or a vulgar fraction or
/// `þ` ending a word. A small letter of some alphabet is just a letter, and so is French's `œ`
/// before `u` (`cœur`).
pub(super) fn misread_letter(chars: &[char], i: usize) -> bool {
    let Some(&ch) = chars.get(i) else {
        return false;
    };
    if ch.is_ascii() {
        return false;
    }
    let prev = i.checked_sub(1).and_then(|p| chars.get(p));
    // Spacing modifier letters (`ˆ`, `˜`, `ˇ`) are what the Western charsets have of them.
    let modifier = matches!(ch, '\u{2B0}'..='\u{2FF}');
    // Windows-1252's letters at 80–9F with a caron inside a word are Mac OS Roman's vowels as
    // often (`sšyleyen`: `ö` is 9A, windows-1252's `š`). So is `œ` before another letter than
    // `u` (`segœn`: Mac OS Roman's `ú` is 9C); before `u` it is French's own (`cœur`, `sœur`).
    let oe_of_french =
        matches!(ch, 'Œ' | 'œ') && chars.get(i + 1).is_some_and(|c| matches!(c, 'u' | 'U'));
    let windows_letter = WINDOWS_LETTERS.contains(ch) && !oe_of_french;
    // A dash between two words of capitals joins them (`GREEK–ENGLISH`): text in capitals keeps
    // its dashes, and the dashes windows-1252 shows for Mac OS Roman's letters are small
    // letters' (`Espa–a`, `naci—n`).
    let capital = |k: Option<usize>| {
        k.and_then(|k| chars.get(k))
            .is_some_and(|c| c.is_uppercase())
    };
    let joins_capitals = matches!(ch, '–' | '—')
        && capital(i.checked_sub(2))
        && capital(i.checked_sub(1))
        && capital(Some(i + 1))
        && capital(Some(i + 2));
    (between_letters(chars, i)
        && !joins_capitals
        && !inclusive_ending(chars, i)
        && !at_hyphenation_point(chars, i)
        && (!ch.is_alphabetic() || modifier || windows_letter))
        || (ch.is_uppercase() && prev.is_some_and(|c| c.is_lowercase()) && !camel_case(chars, i))
        || sign_opening_a_word(chars, i)
        // `Ÿ` before a small letter: French writes it in capitals only, and Mac OS Roman's `ü`
        // (9F) shown as windows-1252 opens words with it (`Ÿber`).
        || (ch == 'Ÿ' && chars.get(i + 1).is_some_and(|c| c.is_lowercase()))
        // A vulgar fraction ending a word of letters: ISO-8859-2's `ž` and `ź` (BE, BC) and
        // windows-1250's `ľ` (BE) shown as Latin-1 or windows-1252 (`pøièem¾`, `tudí¾`), where
        // clean text writes fractions after digits (`1¾`).
        || (FRACTIONS.contains(ch) && sign_ending_a_word_at(chars, i))
        // `þ` after a small letter ending a word: Icelandic writes it at a word's start (`það`)
        // and inside compounds (`Alþingi`), never last, where Turkish ends words with `ş`, FE in
        // windows-1254 and ISO-8859-9, shown as windows-1252 or Latin-1 (`iniþ`, `yaþ`).
        || (ch == 'þ'
            && prev.is_some_and(|c| c.is_lowercase())
            && !chars.get(i + 1).is_some_and(|c| c.is_alphanumeric()))
}

/// Whether the character at `i` is one of the [`SPACING_ACCENTS`] ending a word of letters
/// (`localitˆ`, `pi˘`: Italian `località` in Mac OS Roman shown as windows-1252, `più` the other
/// way), where clean text has none.
pub(super) fn accent_ending_a_word(chars: &[char], i: usize) -> bool {
    chars.get(i).is_some_and(|&c| SPACING_ACCENTS.contains(c))
        && letter_at(chars, i.checked_sub(1))
        && !chars.get(i + 1).is_some_and(|c| c.is_alphanumeric())
}

/// Whether the character at `i` is a small Cyrillic or Greek letter between an ASCII letter and a
/// small one (`Mьller`: windows-1252's `ü` shown as windows-1251), which no language writes. Test
/// strings do it too (`bxeiklmαnλo`): a reading of it counts only when it makes a word
/// ([`changes_only_latin_words`]). Letters drawn like Latin ones (`е`, `ο`) are left out.
pub(super) fn letter_of_another_script(chars: &[char], i: usize) -> bool {
    let small = |c: Option<&char>| c.is_some_and(char::is_ascii_lowercase);
    // Letters drawn like Latin ones are a spoof or a test of one (`Hεllo`, `vendοr`), whatever
    // charset made the text.
    const LIKE_LATIN: &str = "авекмнорстухіјѕαβεικνορτυχ";
    chars.get(i).is_some_and(|&ch| {
        ch.is_lowercase()
            && matches!(
                classify(ch),
                Class::Letter(Script::Cyrillic | Script::Greek)
            )
            && !LIKE_LATIN.contains(ch)
    }) && i
        .checked_sub(1)
        .and_then(|p| chars.get(p))
        .is_some_and(char::is_ascii_alphabetic)
        && small(chars.get(i + 1))
}

/// Whether the capital at `i` opens a hump of camel case ([`super::likelihood::opens_camel_hump`])
/// in a word with an ASCII hump too (`camelCaseÄpfel`): an identifier. In a name (`ValÈria`,
/// `GilliËron`: windows-1252 shown as Mac OS Roman) the capital is a misread letter.
pub(super) fn camel_case(chars: &[char], i: usize) -> bool {
    let head = chars.get(..i).unwrap_or_default();
    let letters = head
        .iter()
        .rev()
        .take(LONGEST_WORD)
        .take_while(|c| c.is_alphabetic())
        .count();
    let head = head.get(head.len() - letters..).unwrap_or_default();
    // The ASCII hump first: it is cheaper than pricing the hump after `i`.
    head.windows(2)
        .any(|w| w[0].is_lowercase() && w[1].is_ascii_uppercase())
        && super::likelihood::opens_camel_hump(chars, i)
}

/// Whether every character a legacy-to-legacy reading changes is a letter or a control character
/// in the text, or a sign that becomes a letter between letters (`Concei\u{8D}‹o`: Mac OS Roman's
/// `ç` and `ã` shown as windows-1252 are `Conceição`).
pub(super) fn changes_only_letters_and_controls(text: &str, decoded: &str) -> bool {
    let before: Vec<char> = text.chars().collect();
    let after: Vec<char> = decoded.chars().collect();
    // Letters on both sides, before and after: not the spacing modifiers that Mac keyboard
    // strings hold (`ˇ÷Ø`).
    // A C1 control beside it is a letter's byte too (`i\u{8D}‹o`).
    let letter = |chars: &[char], k: Option<usize>| {
        k.and_then(|k| chars.get(k)).is_some_and(|&c| {
            (c.is_alphabetic() && !matches!(c, '\u{2B0}'..='\u{2FF}')) || is_c1(c)
        })
    };
    let between =
        |chars: &[char], i: usize| letter(chars, i.checked_sub(1)) && letter(chars, Some(i + 1));
    before
        .iter()
        .zip(after.iter())
        .enumerate()
        .all(|(i, (&a, &b))| {
            a == b
                || a.is_alphabetic()
                || a.is_control()
                || (b.is_alphabetic() && between(&before, i) && between(&after, i))
        })
}

/// Whether every character a legacy-to-legacy reading changes is a combining mark right after a
/// Latin letter: text written apart (NFD, as macOS names files and some programs copy text), which
/// windows-1258, the one charset with such marks, shows the same as a letter of another charset
/// after that letter (Czech `Velka\u{301}` is code page 850's `Velkaý`, its `ý` at EC). Text is
/// decomposed far more often than a charset is shown as windows-1258, which Vietnamese alone used:
/// read so, 74 of 39,205 pieces of real text written apart changed (rule 113).
pub(super) fn changes_only_marks_on_latin_letters(text: &str, decoded: &str) -> bool {
    let before: Vec<char> = text.chars().collect();
    let latin = |k: Option<usize>| {
        k.and_then(|k| before.get(k)).is_some_and(|&c| {
            matches!(
                classify(c),
                Class::AsciiLetter | Class::Letter(Script::Latin)
            )
        })
    };
    before
        .iter()
        .zip(decoded.chars())
        .enumerate()
        .all(|(i, (&a, b))| a == b || (classify(a) == Class::Mark && latin(i.checked_sub(1))))
}

/// The vowels that carry Vietnamese's tone marks, without a tone.
const VIETNAMESE_VOWELS: &str = "aăâeêioôơuưyAĂÂEÊIOÔƠUƯY";

/// The fewest tone marks [`into_vietnamese`] asks a reading to make, unless one of them stood as a
/// capital after a small letter or the reading makes one of Vietnamese's own letters too.
const MIN_TONE_MARKS_MADE: usize = 2;

/// Whether a legacy-to-legacy reading turns text into Vietnamese as windows-1258 writes it: every
/// character it changes becomes one of Vietnamese's five tone marks right after one of its vowels
/// ([`VIETNAMESE_VOWELS`]; windows-1258 writes the marks apart: CC, EC, DE, D2, F2) or one of the
/// letters Vietnamese adds to the Latin alphabet (`ă`, `đ`, `ơ`, `ư` and their capitals). Windows-1252
/// shows those bytes as Latin-1's letters (`Tiêìng Viêòt`), so the other gates, which ask for
/// Latin letters, never let windows-1258's reading compete; like every reading it must still win
/// on plausibility. It makes [`MIN_TONE_MARKS_MADE`] tone marks, or one where the text had a
/// capital after a small letter (`cuÒa`, `nghiÌn`) or where it makes a Vietnamese letter too
/// (`ðýõòc`): one small `ò` or `ì` after a vowel is a letter of pinyin or Haitian Creole
/// (`yínghuò`, `Kreyòl`).
pub(super) fn into_vietnamese(text: &str, decoded: &str) -> bool {
    let before: Vec<char> = text.chars().collect();
    let after: Vec<char> = decoded.chars().collect();
    let vowel = |k: Option<usize>| {
        k.and_then(|k| after.get(k))
            .is_some_and(|&c| VIETNAMESE_VOWELS.contains(c))
    };
    let small = |k: Option<usize>| {
        k.and_then(|k| before.get(k))
            .is_some_and(|c| c.is_lowercase())
    };
    let tone = |c: char| matches!(c, '\u{300}' | '\u{301}' | '\u{303}' | '\u{309}' | '\u{323}');
    let (mut tones, mut telling) = (0, false);
    for (i, (&a, &b)) in before.iter().zip(&after).enumerate() {
        if a == b {
            continue;
        }
        if tone(b) && vowel(i.checked_sub(1)) {
            tones += 1;
            telling |= a.is_uppercase() && small(i.checked_sub(1));
        } else if "ăĂđĐơƠưƯ".contains(b) {
            telling = true;
        } else {
            return false;
        }
    }
    before.len() == after.len() && (tones >= MIN_TONE_MARKS_MADE || (tones > 0 && telling))
}

/// How many misread letters ([`misread_letter`]) a legacy-to-legacy reading turns into letters.
pub(super) fn misread_letters_read(text: &str, decoded: &str) -> usize {
    let before: Vec<char> = text.chars().collect();
    before
        .iter()
        .zip(decoded.chars())
        .enumerate()
        .filter(|&(i, (&a, b))| a != b && b.is_alphabetic() && misread_letter(&before, i))
        .count()
}

/// How many misread letters a reading must read to change signs too in a text with a single
/// fingerprint (`¦ 2023 SlŒ Gšra Ge \u{81}`: Mac OS Roman's `¶`, `å` and `ö` shown as
/// windows-1252, whose C1 control is the fingerprint).
pub(super) const MIN_MISREAD_LETTERS_READ: usize = 2;

/// Whether a legacy-to-legacy reading only turns control characters into punctuation or symbols
/// (`\u{93}salted\u{94}` into `“salted”`: windows-1252 quotes through a decoder that lets C1
/// controls pass), creating no letter.
pub(super) fn only_punctuation(text: &str, decoded: &str) -> bool {
    let mut controls = false;
    for (a, b) in text.chars().zip(decoded.chars()) {
        if a != b {
            if b.is_alphabetic() || b.is_control() {
                return false;
            }
            controls |= a.is_control();
        }
    }
    controls
}

/// Whether a legacy-to-legacy reading only turns control characters into letters, at least one:
/// a C1 control in text is a byte that the charset it was shown in leaves undefined, and the
/// letter it was may be a word of one letter (`cos'\u{8a}` is Italian `cos'è`, code page 437
/// shown as windows-1252), too short for [`changes_a_word`].
pub(super) fn controls_into_letters(text: &str, decoded: &str) -> bool {
    let mut some = false;
    for (a, b) in text.chars().zip(decoded.chars()) {
        if a != b {
            if !(a.is_control() && b.is_alphabetic()) {
                return false;
            }
            some = true;
        }
    }
    some
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(text: &str) -> Vec<char> {
        text.chars().collect()
    }

    #[test]
    fn a_sign_or_a_capital_inside_a_word_is_a_misread_letter() {
        // Mac OS Roman's `á` shown as windows-1252's `·`, windows-1252's `é` shown as Mac OS
        // Roman's `È`, Mac OS Roman's `ñ` shown as windows-1252's `–`.
        for (text, at) in [("Horv·th", 4), ("ErzsÈbet", 4), ("Espa–a", 4)] {
            assert!(misread_letter(&chars(text), at), "{text}");
        }
        // A small letter of an alphabet, French `œ` before `u`, and a dash that joins two words
        // of capitals are what clean text writes.
        for (text, at) in [("Erzsébet", 4), ("cœur", 1), ("GREEK–ENGLISH", 5)] {
            assert!(!misread_letter(&chars(text), at), "{text}");
        }
    }

    #[test]
    fn a_reading_reads_better_as_words_of_one_language() {
        // Czech in windows-1250 shown as windows-1252.
        assert!(reads_better_as_words(
            "Tento èlánek patøí",
            "Tento článek patří"
        ));
        // One word beside one kept word: the kept word tells the language (rule 50).
        assert!(reads_better_as_words(
            "ke sluneènímu rovníku",
            "ke slunečnímu rovníku"
        ));
        // A name of another language, read into Polish, reads no better.
        assert!(!reads_better_as_words("Valérie Grenier", "Valérie Grenier"));
        assert!(!reads_better_as_words("Hôtel Dieu", "Hętel Dieu"));
    }

    #[test]
    fn small_letters_read_into_the_alphabet_of_their_language_need_less() {
        // Czech in windows-1250 shown as windows-1252: `è` and `ì` are no Czech letters; `č` and
        // `ě` are (rule 95).
        for (text, reading) in [
            ("ramena èistit vzorky", "ramena čistit vzorky"),
            ("jejich umìlém", "jejich umělém"),
            ("funkèní vozítka", "funkční vozítka"),
        ] {
            assert!(reads_better_as_words(text, reading), "{text}");
        }
        // Names with their capitals, a letter the language writes already, one no alphabet of
        // the model holds, one the language of the kept words writes (French `î` beside
        // `Phoenix`), and letters wrapped around a word (quotation marks that lost bytes).
        for (text, reading) in [
            ("Taçnur Akçay Alemdar", "Tašnur Akšay Alemdar"),
            ("Black môn vũng", "Black môn vưng"),
            ("def bœr():", "def búr():"),
            ("Phoenix'in temsilî", "Phoenix'in temsilī"),
            ("karatchaï balkar\")", "karatchaļ balkar\")"),
            (
                "it specifies a âcleanupâ handler",
                "it specifies a ācleanupā handler",
            ),
        ] {
            assert!(!reads_better_as_words(text, reading), "{text}");
        }
    }

    #[test]
    fn a_word_of_four_latin_letters_reads_as_a_word_of_another_script() {
        // Greek and Russian in their windows charsets shown as windows-1252 (rule 96).
        assert!(reads_as_words("ÃåéÜ", "Γειά"));
        assert!(reads_as_words("Èâàí", "Иван"));
        // One of the four may be a sign: windows-1251's `ч` is windows-1252's `÷`.
        assert!(reads_as_words("õî÷ó", "хочу"));
        // Three letters are chance (Mac OS Roman's signs read as windows-1251), a word of
        // another script read as a third is no Latin mojibake (Hebrew `מחאג` as Cyrillic), and a
        // short word never counts against a reading that reads a long one.
        assert!(!reads_as_words("ƒÎÓ", "Дло"));
        assert!(!reads_as_words("מחאג", "озав"));
        assert!(reads_as_words("ÑùóéêÜ ìéá", "Ρωσικά μια"));
    }

    #[test]
    fn a_language_is_told_by_a_margin() {
        assert!(tells_language(&[40, 30, 36], 1));
        // Within the margin of another language, or not the cheapest.
        assert!(!tells_language(&[40, 30, 33], 1));
        assert!(!tells_language(&[40, 30, 36], 0));
        assert!(!tells_language(&[], 0));
    }
}
