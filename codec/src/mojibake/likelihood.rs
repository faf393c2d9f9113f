//! How many bits a text costs as something a person wrote: the measure a repair must lower, by a
//! clear margin, before it is trusted.
//!
//! Words are priced by the detector's letter model (`crate::detect::word_bits`: letter pairs of
//! 35 languages from the wordfreq lists), in the language each word fits best. Letters of scripts
//! the model does not cover (CJK, Hangul, Indic...) cost a fixed price per letter, higher for the
//! rarely written blocks; every other character costs by its class (a space almost nothing, a
//! symbol or a control character a lot), and the fingerprints of `plausibility.rs` (symbols wedged
//! into words, case flips, two alphabets in one word...) add to it. The numbers are rough
//! log-probabilities: what matters is that clean text is cheap, that mojibake is dear, and that a
//! rare character the wrong charset makes (`ׅ`, `Ѱ`, `͆`) costs more than the symbols it was
//! made of.

use std::sync::OnceLock;

use super::plausibility::{
    classify, cost, in_listed_alphabet, letter_at, script_of, Class, Script,
};
use crate::charset::Charset;
use crate::detect::{
    in_an_alphabet, is_frequent_word, latin_word_bits, text_language, text_languages, word_bits,
    MIN_COMMON_WORDS,
};

/// What one fingerprint of `plausibility::cost` weighs, in bits.
const BITS_PER_FINGERPRINT: f32 = 4.0;
/// A letter of a covered script in a word no language model can read (ASCII glued to Cyrillic).
const UNREADABLE_LETTER: f32 = 16.0;
/// A letter of a modelled script that no language of the model writes (`Ѱ`, `ō`), beyond what the
/// letter model charges for "another letter".
const NO_ALPHABET_LETTER: f32 = 10.0;
/// A combining mark no language of the model writes apart from its letter.
const STRAY_MARK: f32 = 16.0;
/// What such a mark costs beyond [`STRAY_MARK`] on a Latin letter beyond ASCII (`Î͆`): text
/// written apart (decomposed) puts its marks on base letters, and a second accent on a letter
/// that carries one is written by no language of the model (Vietnamese stacks its tone marks,
/// which are no stray marks, and pinyin's `ê̄` and `ê̌` are spared).
const STACKED_MARK: f32 = 16.0;
/// Changing script inside a word; CJK mixes with Latin and kana freely, so less there.
const SCRIPT_SWITCH: f32 = 12.0;
const SCRIPT_SWITCH_CJK: f32 = 4.0;
/// The only character of its script in the whole text (`忢` among Mac symbols, `ش` among Latin
/// ones): people write a script in words, a wrong charset makes one character of it anywhere. A
/// letter of a modelled script or of CJK glued to U+FFFD is not alone: the characters that lost bytes were
/// its word's.
const LONE_SCRIPT: f32 = 24.0;
/// The same for a character of a rarely written script (NKo, Thaana, Syriac...): people who write
/// them write words, and such a character alone is nearly always a byte decoded in the wrong place.
const LONE_RARE_SCRIPT: f32 = 64.0;

/// The cost in bits of `chars`.
#[inline(never)]
pub(super) fn bits(chars: &[char]) -> f32 {
    let text: String = chars.iter().collect();
    let mut total = BITS_PER_FINGERPRINT * cost(&text);
    let classes: Vec<Class> = chars.iter().map(|&c| classify(c)).collect();
    // The script of the last word: a text that changes script between words pays for it too
    // (`вареньем` read as `ва७쥬` is cheaper letter by letter, not as Russian text).
    let mut last_script: Option<Script> = None;
    let mut i = 0;
    while let Some(&class) = classes.get(i) {
        if is_word_char(
            class,
            i.checked_sub(1).and_then(|p| classes.get(p)).copied(),
        ) {
            let start = i;
            while classes
                .get(i)
                .is_some_and(|&c| is_word_char(c, Some(Class::AsciiLetter)))
            {
                i += 1;
            }
            let word_classes = classes.get(start..i).unwrap_or_default();
            let first = word_classes
                .first()
                .map(|&c| script_of_class(c, None))
                .unwrap_or(Script::Latin);
            // A one-letter Latin, Greek or Cyrillic word (`π`, `Ω`, `x`) is as often a symbol as a
            // word: no switch.
            let symbol_like = word_classes.len() == 1
                && matches!(first, Script::Latin | Script::Greek | Script::Cyrillic);
            if !symbol_like {
                if let Some(last) = last_script {
                    total += switch_bits(last, first);
                }
                last_script = word_classes
                    .iter()
                    .rev()
                    .find(|c| !matches!(c, Class::Mark))
                    .map(|&c| script_of_class(c, None));
            }
            let cost = word(chars.get(start..i).unwrap_or_default(), word_classes);
            total += if abbreviation(chars, start, i) {
                cost.min(ABBREVIATION_BITS)
            } else {
                cost
            };
        } else {
            total += other_bits(chars.get(i).copied().unwrap_or(' '), class);
            i += 1;
        }
    }
    total
        + lone_scripts(chars, &classes)
        + glued_to_numbers(chars, &classes)
        + in_context(chars, &classes)
        + in_its_language(chars, &classes)
}

/// The most a letter written as an abbreviation or an initial costs ([`abbreviation`]).
const ABBREVIATION_BITS: f32 = 12.0;

/// Whether the word `chars[start..end]` is one letter followed by a period, after no letter: an
/// initial (`А. С. Пушкин`) or an abbreviation (Thai `ถ.` for ถนน, road; `ธ.ค.`, December).
fn abbreviation(chars: &[char], start: usize, end: usize) -> bool {
    end == start + 1
        && chars.get(end) == Some(&'.')
        && !start
            .checked_sub(1)
            .and_then(|k| chars.get(k))
            .is_some_and(|c| c.is_alphabetic())
}

/// Where a word starts and ends in a text's characters.
type Span = (usize, usize);

/// The text's Latin words, as ranges of `chars`: those of two or more small ASCII letters, then
/// those with letters beyond ASCII. A word glued to another script or to marks is in neither: the
/// letter model prices it alone.
fn latin_words(chars: &[char], classes: &[Class]) -> (Vec<Span>, Vec<Span>) {
    let latin = |k: usize| {
        matches!(
            classes.get(k),
            Some(Class::AsciiLetter | Class::Letter(Script::Latin))
        )
    };
    let mut ascii: Vec<Span> = Vec::new();
    let mut beyond: Vec<Span> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !latin(i) {
            i += 1;
            continue;
        }
        let start = i;
        while latin(i) {
            i += 1;
        }
        if classes
            .get(i)
            .is_some_and(|&c| is_word_char(c, Some(Class::AsciiLetter)))
        {
            continue;
        }
        let word = chars.get(start..i).unwrap_or_default();
        if word.iter().all(char::is_ascii) {
            if word.len() >= 2 && word.iter().all(char::is_ascii_lowercase) {
                ascii.push((start, i));
            }
        } else {
            beyond.push((start, i));
        }
    }
    (ascii, beyond)
}

/// The language the text's words of small ASCII letters (`ascii`, from [`latin_words`]) tell by
/// their frequent words ([`text_language`]), as an index into `latin_word_bits`' order.
fn language_of(chars: &[char], ascii: &[Span]) -> Option<usize> {
    let words = span_words(chars, ascii);
    text_language(words.iter().map(String::as_str), MIN_COMMON_WORDS)
}

/// The words at `spans`.
fn span_words(chars: &[char], spans: &[Span]) -> Vec<String> {
    spans
        .iter()
        .map(|&(start, end)| chars.get(start..end).unwrap_or_default().iter().collect())
        .collect()
}

/// The Latin-script languages that share the most of the text's frequent words, `min_hits` or
/// more (`detect::text_languages`): one, or close languages that share their small words.
pub(super) fn text_languages_of(chars: &[char], min_hits: usize) -> Vec<usize> {
    let classes: Vec<Class> = chars.iter().map(|&c| classify(c)).collect();
    let (ascii, _) = latin_words(chars, &classes);
    let words = span_words(chars, &ascii);
    text_languages(words.iter().map(String::as_str), min_hits)
}

/// The most a word with letters beyond ASCII pays for fitting another language better than the
/// text's.
const OTHER_LANGUAGE_WORD: u32 = 6;

/// The fewest Latin words (of small ASCII letters, or with letters beyond ASCII) a text needs for
/// [`in_its_language`] to price it in one language.
const MIN_WORDS_FOR_LANGUAGE: usize = 3;

/// The fewest words of small ASCII letters that [`text_language`] asks to tell a language by.
const MIN_ASCII_WORDS_FOR_LANGUAGE: usize = 2;

/// What the text's Latin words with letters beyond ASCII cost beyond their best, read in the
/// language its frequent ASCII words tell ([`text_language`]), each at most
/// [`OTHER_LANGUAGE_WORD`] bits: each word alone fits some language (`probläme` Swedish, `bönder`
/// German), but in French or Norwegian text only `problème` and `bønder` do. No reading changes
/// ASCII words, so a text and its readings are priced in the same language.
fn in_its_language(chars: &[char], classes: &[Class]) -> f32 {
    let (ascii, beyond) = latin_words(chars, classes);
    if beyond.is_empty() || ascii.len() + beyond.len() < MIN_WORDS_FOR_LANGUAGE {
        return 0.0;
    }
    let known = language_of(chars, &ascii);
    // Two words of small ASCII letters or more that tell no language leave the text to the words
    // it has.
    if known.is_none() && ascii.len() >= MIN_ASCII_WORDS_FOR_LANGUAGE {
        return 0.0;
    }
    // Without frequent words to tell it, the language is the one that prices all the words best,
    // each as [`OTHER_LANGUAGE_WORD`] bits at most beyond its own best (`modrým høbetem, køídly a
    // temenem.` is Czech, though `høbetem` alone reads as Danish). Only the words with letters
    // beyond ASCII pay, as a reading changes no other.
    // A table of letters (`ŚŤŽŹ`, `ˇ˘Ł¤Ą`) is no word of a language: there, only words that hold
    // an ASCII letter count.
    let words: &[Span] = if known.is_some() { &ascii[..0] } else { &ascii };
    let counted = |&&(start, end): &&Span| {
        known.is_some()
            || chars
                .get(start..end)
                .is_some_and(|word| word.iter().any(char::is_ascii_alphabetic))
    };
    let beyond: Vec<Span> = beyond.iter().filter(counted).copied().collect();
    let mut costs = Vec::new();
    let (mut paid, mut told): (Vec<u32>, Vec<u32>) = (Vec::new(), Vec::new());
    for (k, &(start, end)) in beyond.iter().chain(words).enumerate() {
        latin_word_bits(chars.get(start..end).unwrap_or_default(), &mut costs);
        let best = costs.iter().copied().min().unwrap_or(0);
        if paid.is_empty() {
            paid.resize(costs.len(), 0);
            told.resize(costs.len(), 0);
        }
        for (language, &here) in costs.iter().enumerate() {
            let extra = (here - best).min(OTHER_LANGUAGE_WORD);
            if let Some(t) = told.get_mut(language) {
                *t = t.saturating_add(extra);
            }
            if let Some(p) = paid.get_mut(language).filter(|_| k < beyond.len()) {
                *p = p.saturating_add(extra);
            }
        }
    }
    let language = known.or_else(|| {
        told.iter()
            .enumerate()
            .min_by_key(|&(_, t)| *t)
            .map(|(i, _)| i)
    });
    language.and_then(|l| paid.get(l)).copied().unwrap_or(0) as f32
}

/// The prices of characters by what stands beside them, in one pass: a character wedged into a
/// number, a no-break space or a Latin-1 sign inside a word, box drawing and superscripts.
fn in_context(chars: &[char], classes: &[Class]) -> f32 {
    let is_box = |c: char| matches!(c, '\u{2500}'..='\u{257F}');
    let mut total = 0.0;
    for (i, &ch) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).and_then(|p| chars.get(p)).copied();
        if wedged_in_number(chars, i) {
            total += WEDGED_IN_NUMBER;
        }
        // `?` between two letters beyond ASCII (`Ä²Ä?Ä¨`, `Д?ДЁ`): a byte replaced inside a word,
        // which clean text does not hold (a URL's `?` follows ASCII).
        if ch == '?' && between(chars, i, |c| c.is_alphabetic() && !c.is_ascii()) {
            total += QUESTION_IN_WORD;
        }
        if ch == '\u{A0}'
            && ((between_letters(chars, i) && !between_words(chars, i))
                || nbsp_closing_a_word(chars, i))
        {
            total += NBSP_IN_WORD;
        }
        if dot_closing_a_word(chars, i) {
            total += DOT_CLOSING_A_WORD;
        }
        if sign_in_word(chars, classes, i) || sign_opening_a_word(chars, i) {
            total += WEDGED_SIGN;
        }
        if quote_letter(chars, i)
            || ellipsis_letter(chars, i)
            || dash_letter(chars, i)
            || stripped_apostrophe(chars, i)
            || low_quote_closing_a_word(chars, i)
            || stray_low_quote(chars, i)
            || apostrophe_for_letter(chars, i)
        {
            total += QUOTE_LETTER;
        }
        if classes.get(i) == Some(&Class::Digit) && !ch.is_ascii() && in_a_word(chars, i) {
            total += DIGIT_IN_WORD;
        }
        if is_box(ch) && prev.is_some_and(is_box) {
            total -= BOX_RUN_SAVING;
        }
        if matches!(ch, '¹' | '²' | '³') && prev.is_none_or(char::is_whitespace) {
            total += DETACHED_SUPERSCRIPT;
        }
        if capital_letter_word_mid_sentence(chars, i) {
            total += CAPITAL_LETTER_WORD;
        }
        if lead_and_sign_ending_a_word(chars, i) {
            total += LEAD_AND_SIGN_ENDING_A_WORD;
        }
        if stripped_lead_after_small_letter(chars, i)
            || marked_lead(chars, i)
            || stripped_quotes(chars, i)
        {
            total += STRIPPED_LEAD_IN_WORD;
        }
        if second_capital_opening_a_word(chars, i) || capital_between_small_letters(chars, i) {
            total += SECOND_CAPITAL;
        }
        if unit_after_number(chars, i)
            .or_else(|| degrees_alone(chars, i))
            .is_some()
        {
            total -= UNIT_AFTER_NUMBER;
        }
        if currency_by_number(chars, i) || sign_opening_a_number(chars, i) {
            total -= CURRENCY_BY_NUMBER;
        }
    }
    total - signs_in_order(chars)
}

/// What a sign beyond ASCII saves in a run of [`MIN_LETTERS_IN_ORDER`] characters or more, each a
/// code point or two after the one before (`¡¢£¤¥¦§¨©ª«¬`: a charset's table in a test or in
/// documentation); [`letters_in_order`] prices such runs of letters.
const SIGN_IN_ORDER_SAVING: f32 = 6.0;

/// What the signs of runs of characters in code point order save, together.
fn signs_in_order(chars: &[char]) -> f32 {
    let mut saving = 0.0;
    for run in runs_in_order(chars) {
        let run = chars.get(run).unwrap_or_default();
        if run.len() >= MIN_LETTERS_IN_ORDER && run.iter().all(|c| !c.is_ascii()) {
            let signs = run.iter().filter(|c| !c.is_alphabetic()).count();
            saving += SIGN_IN_ORDER_SAVING * signs as f32;
        }
    }
    saving
}

/// The longest runs of `chars` in which each character after the first is beyond ASCII and
/// follows the one before in code point order ([`follows_in_order`]), in order and covering
/// `chars`: a character no other follows is a run of one.
pub(super) fn runs_in_order(chars: &[char]) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    let mut start = 0;
    std::iter::from_fn(move || {
        if start >= chars.len() {
            return None;
        }
        let mut end = start + 1;
        while chars.get(end).is_some_and(|&c| {
            chars
                .get(end - 1)
                .is_some_and(|&p| !c.is_ascii() && follows_in_order(p, c))
        }) {
            end += 1;
        }
        let run = start..end;
        start = end;
        Some(run)
    })
}

/// Whether the character at `i` stands between two characters that `letter` accepts.
fn between(chars: &[char], i: usize, letter: impl Fn(&char) -> bool) -> bool {
    i.checked_sub(1)
        .and_then(|p| chars.get(p))
        .is_some_and(&letter)
        && chars.get(i + 1).is_some_and(&letter)
}

/// Whether the character at `i` stands between two letters or U+FFFD (a character that lost
/// bytes, most often a letter).
fn in_a_word(chars: &[char], i: usize) -> bool {
    between(chars, i, |c| c.is_alphabetic() || *c == '\u{FFFD}')
}

/// Whether the character at `i` stands between two letters.
pub(super) fn between_letters(chars: &[char], i: usize) -> bool {
    between(chars, i, |c| c.is_alphabetic())
}

/// Whether the no-break space at `i` is glued to the end of a word of two letters or more and
/// followed by a comma, a full stop or a closing bracket: typography binds words to each other,
/// to numbers and to the signs French spaces (`:;!?»`), never a word to the comma after it;
/// code page 850's `á` (A0) read as Latin-1 ends a word so (`no Canad\u{A0}, local`).
pub(super) fn nbsp_closing_a_word(chars: &[char], i: usize) -> bool {
    letter_at(chars, i.checked_sub(1))
        && letter_at(chars, i.checked_sub(2))
        && chars
            .get(i + 1)
            .is_some_and(|c| matches!(c, ',' | '.' | ')' | ']'))
}

/// Whether the character at `i` is a middle dot glued to the end of a word of two letters or
/// more, before no letter or digit: typography sets the middle dot between words with spaces
/// (`Home · About`) or between letters (Catalan `col·lecció`), never after a word's last letter;
/// windows-1252's `á` (E1) shown as Mac OS Roman ends a word so (`Perla Franov·`).
pub(super) fn dot_closing_a_word(chars: &[char], i: usize) -> bool {
    chars.get(i) == Some(&'·')
        && letter_at(chars, i.checked_sub(1))
        && letter_at(chars, i.checked_sub(2))
        && !chars.get(i + 1).is_some_and(|c| c.is_alphanumeric())
}

/// Whether the character at `i` separates two words of [`MIN_SEPARATED_WORD`] letters or more
/// that the letter model reads, or a one-letter word from such a word (`support\u{A0}variables`,
/// `v\u{A0}Praze`: typography's no-break space between words, not code page 437's `á` inside
/// one, as in `Istv\u{A0}n`). After it, a vowel that is a word on its own counts too
/// (`martienne\u{A0}a`, `développé\u{A0}à`), and so do an elided article or pronoun (French
/// `par\u{A0}l'orbiteur`, `qui\u{A0}n'est`) and an initial (`Roger\u{A0}N.`): web pages put
/// `&nbsp;` between any two words, and code page 437 read as windows-1252 had made those
/// `parál'orbiteur` (rule 98).
pub(super) fn between_words(chars: &[char], i: usize) -> bool {
    let readable = |word: &[char]| {
        word.len() >= MIN_SEPARATED_WORD
            && crate::detect::word_bits(word).is_some_and(|b| {
                b as f32 <= SEPARATED_WORD_BITS_PER_LETTER * (word.len() + 1) as f32
            })
    };
    let head = chars.get(..i).unwrap_or_default();
    let start = head
        .iter()
        .rposition(|c| !c.is_alphabetic())
        .map_or(0, |k| k + 1);
    let tail = chars.get(i + 1..).unwrap_or_default();
    let end = tail
        .iter()
        .position(|c| !c.is_alphabetic())
        .unwrap_or(tail.len());
    // Czech, Slovak and Polish typography binds a one-letter preposition or conjunction to the
    // next word (`v\u{A0}Praze`, `w\u{A0}domu`).
    let left = head.get(start..).unwrap_or_default();
    // An ASCII one: `Å\u{A0}` is `Š` (C5 A0) read as Latin-1, though Norwegian writes `å`.
    let one_letter_word = matches!(left, [c] if c.is_ascii() && is_one_letter_word(*c));
    let right = tail.get(..end).unwrap_or_default();
    let next = tail.get(end);
    // French and Italian elide `le la de ne se je ce me te` before a vowel (`l'`, `d'`, `n'`).
    let elided = matches!(right, [c] if "cdjlmnstCDJLMNST".contains(*c))
        && next.is_some_and(|&c| matches!(c, '\'' | '\u{2019}'));
    let initial = matches!(right, [c] if c.is_ascii_uppercase()) && next == Some(&'.');
    let one_letter_after = matches!(right, [c] if is_one_letter_word(*c) && is_vowel(*c));
    // `Ã` before small letters: `à` (C3 A0) inside a word, as windows-1252 shows it (`SÃ\u{A0}rl.`
    // for Swiss `Sàrl.`). Portuguese ends words with `ã`, but in capitals only with `Ã`, and a word
    // in capitals is not followed by one in small letters.
    let lead_before_small =
        left.last() == Some(&'Ã') && right.first().is_some_and(|c| c.is_lowercase());
    (readable(left) || one_letter_word)
        && (readable(right) || one_letter_after || elided || initial)
        && !lead_before_small
}

/// Whether `c` is a Latin vowel, with or without an accent: the one-letter words that follow a
/// word (`a`, `à`, `e`, `o`, `y`), where a consonant alone after a no-break space ends a word
/// whose `á` code page 437 made one (`Istv\u{A0}n`, `adem\u{A0}s`).
fn is_vowel(c: char) -> bool {
    "aàáâeèéêiìíîoòóôuùúûyý".contains(c.to_lowercase().next().unwrap_or(c))
}

/// The shortest word on each side of a no-break space that [`between_words`] looks at.
const MIN_SEPARATED_WORD: usize = 2;

/// The most a word may cost per letter in the letter model for [`between_words`] to read it,
/// the word's end counted as one more letter (`of` costs 12 bits, `versions` 32).
const SEPARATED_WORD_BITS_PER_LETTER: f32 = 5.8;

/// What U+FFFD costs where it stands for a lost character: about what a letter or a common
/// punctuation mark costs in the letter model, since it was most often one.
const LOST_CHARACTER: f32 = 8.0;

/// What a digit of a script's own (Arabic-Indic `٠`, Devanagari `०`...) inside a word costs
/// beyond a digit: numbers stand apart from words in those scripts, while the lead byte D9 of
/// Arabic before a space that software took for the byte A0 makes `٠` (D9 A0) and glues two
/// words (`خا�٠�اط` for `خا�� �اط`).
const DIGIT_IN_WORD: f32 = 16.0;

/// Whether the character at `i` is a low quotation mark (`‚`, `„`) that ends a word: right after
/// two letters, before no letter or digit. Low marks open quotations (German `„Wort“`, Polish, Romanian); one
/// glued to a word's end is a letter read in the wrong charset (`perch‚`, `keksim„`: code page
/// 850's `é` and `ä`, bytes 82 and 84, through a decoder that let them pass as C1 controls).
pub(super) fn low_quote_closing_a_word(chars: &[char], i: usize) -> bool {
    // A word of two letters or more: a string of signs holds letter-like ones too (`ﬁ‚¥`).
    matches!(chars.get(i), Some('‚' | '„'))
        && letter_at(chars, i.checked_sub(1))
        && letter_at(chars, i.checked_sub(2))
        && !chars.get(i + 1).is_some_and(|c| c.is_alphanumeric())
}

/// Whether the character at `i` is a low quotation mark (`‚`, `„`) that opens nothing: alone
/// between spaces, or after an elided article's apostrophe. A low mark opens a quotation glued
/// to its first word; code page 850's `é` and `ä` (82, 84) through a decoder that let them pass
/// as C1 controls, read as windows-1252, stand alone (Portuguese `‚ o envolvimento`) and after an
/// apostrophe (French `l'‚clat`).
fn stray_low_quote(chars: &[char], i: usize) -> bool {
    let at = |k: Option<usize>| k.and_then(|k| chars.get(k)).copied();
    let prev = at(i.checked_sub(1));
    let next = at(Some(i + 1));
    matches!(at(Some(i)), Some('‚' | '„'))
        && ((prev.is_none_or(char::is_whitespace) && next.is_none_or(char::is_whitespace))
            || (matches!(prev, Some('\'' | '’')) && next.is_some_and(char::is_lowercase)))
}

/// What a sign of Latin-1 between two Latin letters costs beyond its class (`Tom·öka`, `b¿nder`:
/// windows-1252 letters shown as Mac OS Roman): the letter model would price the word's halves
/// as two cheap words.
const WEDGED_SIGN: f32 = 16.0;

/// Whether the character at `i` is a sign of Latin-1 (`¡` to `¿`, not a letter) or a quotation
/// mark other than the apostrophe between two small Latin letters, inside a word, or after a
/// capital that follows a small letter (`bĂ¡z`) or a capital beyond ASCII that follows a letter
/// (`TÄ©nh`), before a small letter. Catalan's `l·l`
/// is a spelling, not a sign in a word, and between capitals (`Î©Æ`) it is one more symbol of a
/// string typed on a Mac keyboard. And the signs of [`sign_after_a_lead_in_a_word`].
fn sign_in_word(chars: &[char], classes: &[Class], i: usize) -> bool {
    let Some(&ch) = chars.get(i) else {
        return false;
    };
    // Opening quotes and closing double quotes too (`Thingvallastr‘de`: code page 850's `æ`
    // read as windows-1252); the apostrophe `’` belongs inside words, and so does Uzbek's `‘`
    // after `o` and `g` (`o‘zbek`).
    let uzbek = ch == '‘'
        && i.checked_sub(1)
            .and_then(|p| chars.get(p))
            .is_some_and(|c| matches!(c, 'o' | 'g' | 'O' | 'G'));
    let quote = matches!(ch, '‘' | '“' | '”' | '„') && !uzbek;
    if sign_after_a_lead_in_a_word(chars, i) {
        return true;
    }
    // Windows-1252's signs at 80–9F that no word holds (`Th‚odore`, `M„kinen`: code page 437's
    // `é` and `ä`; `Cerv‡ntez`: Mac OS Roman's `á`). Dashes and the ellipsis join words in clean
    // text (`end—and`, `wait…what`), and `’` is the apostrophe.
    let windows_sign = matches!(
        ch,
        '‚' | '†' | '‡' | '‰' | '‹' | '›' | '•' | 'ˆ' | '˜' | '™'
    );
    // The acute accent is the apostrophe of many keyboards' users (`don´t`, `it´s`).
    if !(matches!(ch, '\u{A1}'..='\u{BF}') || quote || windows_sign)
        || (ch.is_alphabetic() && ch != 'ˆ')
        || ch == '´'
    {
        return false;
    }
    // A small Latin letter on each side.
    let small_latin = |k: Option<usize>| {
        k.is_some_and(|k| {
            matches!(
                classes.get(k),
                Some(Class::AsciiLetter | Class::Letter(Script::Latin))
            ) && chars.get(k).is_some_and(|c| c.is_lowercase())
        })
    };
    let catalan = ch == '·'
        && i.checked_sub(1).and_then(|p| chars.get(p)) == Some(&'l')
        && chars.get(i + 1) == Some(&'l');
    // Or a capital before it inside a word of small letters (`bĂ¡z`: windows-1258's `Ă¡` for `á`).
    let latin = |k: Option<usize>| {
        k.is_some_and(|k| {
            matches!(
                classes.get(k),
                Some(Class::AsciiLetter | Class::Letter(Script::Latin))
            )
        })
    };
    // Or a capital beyond ASCII after a letter (`TÄ©nh`: `ĩ`, C4 A9, read as windows-1252).
    let capital_beyond_ascii_after_letter = latin(i.checked_sub(1))
        && i.checked_sub(1)
            .and_then(|p| chars.get(p))
            .is_some_and(|c| !c.is_ascii())
        && latin(i.checked_sub(2));
    // Or the ASCII capital that opens the word (`M„kinen`: code page 437's `ä`).
    let opening_capital = i
        .checked_sub(1)
        .and_then(|p| chars.get(p))
        .is_some_and(char::is_ascii_uppercase)
        && !i
            .checked_sub(2)
            .and_then(|p| chars.get(p))
            .is_some_and(|c| c.is_alphanumeric());
    let before = small_latin(i.checked_sub(1))
        || (latin(i.checked_sub(1)) && small_latin(i.checked_sub(2)))
        || capital_beyond_ascii_after_letter
        || opening_capital;
    // Windows-1252's signs count after small letters and an opening capital only: after a
    // capital beyond ASCII they are UTF-8's continuation bytes, which the rules of lead bytes
    // price (`HasÅ‚o`). Not the trade mark sign, which follows a word and never comes before a
    // small letter: `É™` (Azerbaijani `ə`, C9 99) has no lead rule (`MusabÉ™yov`, rule 111).
    let before =
        before && (!windows_sign || small_latin(i.checked_sub(1)) || opening_capital || ch == '™');
    !catalan
        && !inclusive_ending(chars, i)
        && !at_hyphenation_point(chars, i)
        && before
        && small_latin(Some(i + 1))
}

/// Windows-1252's signs at 80–9F that UTF-8's second byte of a letter of Latin Extended-A shows
/// as, after the lead `Ä` (C4): `ą` (85) `…`, `ć` (87) `‡`, `ė` (97) `—`, `ę` (99) `™`, `ě`
/// (9B) `›`.
const SIGNS_AFTER_A_LEAD: &str = "…‚„†‡‰‹›•–—™";

/// Whether the character at `i` is one of [`SIGNS_AFTER_A_LEAD`] after `Ä` (UTF-8's lead C4)
/// that follows a small letter, before a small letter: Polish `ą` and Lithuanian `ė` shown as
/// windows-1252 (`ElblÄ…g`, `IgnÄ—fort`). Dashes and the ellipsis join words in clean text,
/// but no word ends in a capital after a small letter. The lead `Å` (C5) is left out: the set's
/// clean texts hold a test string with `HasÅ‚o`, mojibake kept on purpose.
fn sign_after_a_lead_in_a_word(chars: &[char], i: usize) -> bool {
    let at = |k: Option<usize>| k.and_then(|k| chars.get(k)).copied();
    at(Some(i)).is_some_and(|c| SIGNS_AFTER_A_LEAD.contains(c))
        && at(i.checked_sub(1)) == Some('Ä')
        && at(i.checked_sub(2)).is_some_and(char::is_lowercase)
        && at(Some(i + 1)).is_some_and(char::is_lowercase)
}

/// Whether the character at `i` is a soft hyphen at a hyphenation point: between small letters,
/// with [`MIN_HYPHENATED_PART`] letters or more of the word on each side (`Seiten\u{AD}informationen`,
/// as Wikipedia breaks long compounds, `amhar\u{AD}ština`, as web pages mark where a word may
/// break with `&shy;`). There it is typography, no sign inside a word and no misread letter: before
/// rule 103, code page 852 read as windows-1257 made Czech `amharšētina` of it. Code page 852's
/// `ş` shown as windows-1252 is AD too, mostly near a word's end (`Bucure\u{AD}ti`), and a capital
/// before it is UTF-8's lead (`Ã\u{AD}` is `í`).
pub(super) fn at_hyphenation_point(chars: &[char], i: usize) -> bool {
    let letters = |range: &mut dyn Iterator<Item = usize>| {
        range
            .take_while(|&k| chars.get(k).is_some_and(|c| c.is_alphabetic()))
            .count()
    };
    chars.get(i) == Some(&'\u{AD}')
        && i.checked_sub(1)
            .and_then(|j| chars.get(j))
            .is_some_and(|c| c.is_lowercase())
        && chars.get(i + 1).is_some_and(|c| c.is_lowercase())
        && letters(&mut (0..i).rev()) >= MIN_HYPHENATED_PART
        && letters(&mut (i + 1..chars.len())) >= MIN_HYPHENATED_PART
}

/// The fewest letters of a word on each side of a soft hyphen for [`at_hyphenation_point`]:
/// hyphenation leaves no shorter part on either line.
pub(super) const MIN_HYPHENATED_PART: usize = 3;

/// The endings inclusive writing sets after a middle dot: French `étudiant·e·s`, `tou·te·s`,
/// `acteur·rice·s`, `chercheur·euse·s`, German `Kolleg·innen`, `jede·r`. `s` counts only after
/// another ending (`·e·s`), since `est·s` is Spanish `estás` in windows-1252 read as Mac OS Roman
/// (byte E1), and `n` not at all (`est·n` is `están`).
const INCLUSIVE_ENDINGS: [&str; 37] = [
    "e", "es", "euse", "euses", "rice", "rices", "trice", "trices", "ère", "ères", "ne", "nes",
    "le", "les", "te", "tes", "ive", "ives", "sse", "sses", "fe", "fes", "ienne", "iennes", "enne",
    "ennes", "eure", "eures", "elle", "elles", "ale", "ales", "aux", "in", "innen", "r", "s",
];

/// Whether the middle dot at `i` opens an ending of inclusive writing ([`INCLUSIVE_ENDINGS`]):
/// after a word of two letters or more, or after another such ending, and before no more letters
/// or digits, with a small letter or an ASCII capital before it. French and German web text
/// writes `les étudiant·e·s` and `Lehrer·innen`, which Mac OS Roman's `á` (E1, windows-1252's
/// `·`) would make `étudiantáeás` (rule 102). A middle dot inside a longer word stays a sign
/// (`Tom·öka`), and so does one after a single letter (`m·s`).
pub(super) fn inclusive_ending(chars: &[char], i: usize) -> bool {
    if chars.get(i) != Some(&'·') {
        return false;
    }
    let head = chars.get(..i).unwrap_or_default();
    let left = head.iter().rev().take_while(|c| c.is_alphabetic()).count();
    let chained = left >= 1 && head.len() > left && head.get(head.len() - left - 1) == Some(&'·');
    // A small letter or an ASCII capital before it: UTF-8's leads shown as windows-1252 are
    // capitals beyond ASCII (`ZaÄ·e` is Latvian `Zaķe`, C4 B7).
    let letter_before = head
        .last()
        .is_some_and(|c| c.is_lowercase() || c.is_ascii_uppercase());
    if (left < 2 && !chained) || !letter_before {
        return false;
    }
    let tail = chars.get(i + 1..).unwrap_or_default();
    let len = tail.iter().take_while(|c| c.is_alphabetic()).count();
    let ending: String = tail
        .get(..len)
        .unwrap_or_default()
        .iter()
        .collect::<String>()
        .to_lowercase();
    let known = INCLUSIVE_ENDINGS.contains(&ending.as_str()) && (ending != "s" || chained);
    known && !tail.get(len).is_some_and(|c| c.is_alphanumeric())
}

/// The letters windows-1252 has at 80–9F, where Mac OS Roman has its accented vowels.
pub(super) const WINDOWS_LETTERS: &str = "ŠšŽžŒœŸƒ";

/// The capitals among [`WINDOWS_LETTERS`], which windows-1252 shows for Mac OS Roman's `ä`, `å`,
/// `é` and `ü` (8A, 8C, 8E, 9F).
pub(super) const WINDOWS_CAPITALS: &str = "ŠŒŽŸ";

/// The vulgar fractions of the Western charsets (BC–BE): numbers to Unicode, but also what
/// ISO-8859-2's and windows-1250's letters there (`ź ˝ ž`, `Ľ ˝ ľ`) look like shown as Latin-1 or
/// windows-1252 (`¾ádná` is Czech `žádná`). Glued to letters, they count as signs.
pub(super) const FRACTIONS: &str = "¼½¾";

/// Whether the character at `i` is a sign (or an ordinal indicator, or one of the [`FRACTIONS`])
/// glued to the start of a word of small letters, after a space or at the start: `John ÷hri`
/// (Mac OS Roman's `÷` is windows-1252's `Ö`), `ªensoy` (ISO-8859-2's `Ş` shown as Latin-1),
/// `¾ivoèichy` (its `ž`). Signs that open words in
/// clean text (`¿`, `¡`, currencies, `§`, bullets, quotation marks, an ellipsis, dashes that
/// stand for `--` before an option) are not counted. Daggers are: clean text puts them before a
/// year, a space or a capital (`†1902`, `†Corresponding`), not before small letters, where
/// windows-1252 shows code page 437's `å` and `ç` and Mac OS Roman's `Ü` and `á` (`†tte` is
/// Norwegian `åtte`).
pub(super) fn sign_opening_a_word(chars: &[char], i: usize) -> bool {
    let Some(&ch) = chars.get(i) else {
        return false;
    };
    // U+FFFD stands for a character that lost bytes, most often a letter.
    const OPENS_CLEAN: &str = "¿¡€£¥¢¤§¶•·«»‹›“”‘’„‚´¬…–—\u{A0}\u{AD}\u{FFFD}";
    // A single low quotation mark opens a quotation that the text closes (`‚poté‘`); one that
    // nothing closes is windows-1252's reading of code page 850's `é` (82): `trois ‚poques`. The
    // double one is left alone: German opens its quotations with it, and a piece of text cut
    // after one (`dass „sich`) closes nothing.
    let unclosed = ch == '‚'
        && !chars
            .get(i + 1..)
            .unwrap_or_default()
            .iter()
            .any(|c| matches!(c, '‘' | '’' | '\''));
    let opens_clean = OPENS_CLEAN.contains(ch) && !unclosed;
    let sign = (!ch.is_alphanumeric() || matches!(ch, 'ª' | 'º') || FRACTIONS.contains(ch))
        && !ch.is_ascii()
        && !ch.is_whitespace()
        && !opens_clean;
    let small = |k: usize| chars.get(k).is_some_and(|c| c.is_lowercase());
    sign && i
        .checked_sub(1)
        .and_then(|p| chars.get(p))
        .is_none_or(|c| c.is_whitespace())
        && small(i + 1)
        && small(i + 2)
}

/// Whether the text's words of small ASCII letters are English by its frequent words
/// ([`text_language`]).
fn in_english(chars: &[char]) -> bool {
    in_language(chars, &["en"])
}

/// Whether the text's words of small ASCII letters are in one of `codes` by its frequent words
/// ([`text_language`]).
fn in_language(chars: &[char], codes: &[&str]) -> bool {
    let classes: Vec<Class> = chars.iter().map(|&c| classify(c)).collect();
    let (ascii, _) = latin_words(chars, &classes);
    language_of(chars, &ascii)
        .and_then(crate::detect::latin_language_code)
        .is_some_and(|code| codes.contains(&code))
}

/// The endings of English contractions and possessives after an apostrophe.
pub(super) const CONTRACTION_ENDINGS: [&str; 7] = ["s", "t", "d", "m", "ll", "re", "ve"];

/// Stems after which an English `’s` is a contraction (`it’s`, `that’s`). Possessives (`subject’s`)
/// are left out: Spanish and Portuguese end words of any length in `ís` (`país`, `escribís`).
const CONTRACTION_STEMS: [&str; 9] = [
    "it", "that", "what", "there", "here", "he", "she", "who", "let",
];

/// Whether the letter at `i` stands where English puts a quotation mark, so that a reading may
/// turn it into one: windows-1252's quotation marks shown as Mac OS Roman are letters
/// (`itís`, `doesnít`, `ìformattedî`, `ëxí`).
/// * Inside a word, `í`: between an ASCII stem and a contraction ending (`doesnít`, `youíre`,
///   `itís`; `París`, `objevením` and `vypít` stay).
/// * Around a word: before ASCII letters after a space or an opening bracket, when the text also
///   has the closing one (the same letter after ASCII letters, before a space or punctuation).
pub(super) fn quote_letter(chars: &[char], i: usize) -> bool {
    let Some(&ch) = chars.get(i) else {
        return false;
    };
    if matches!(ch, '´' | 'ª') {
        return guillemet_pair(chars, i);
    }
    if !QUOTE_FAMILIES
        .iter()
        .any(|(opening, closing)| opening.contains(&ch) || closing.contains(&ch))
    {
        return false;
    }
    let (stem, tail) = stem_and_tail(chars, i);
    // Mac OS Roman's `í` is windows-1252's `’` (92).
    if ch == 'í' {
        if elision_apostrophe(chars, i) {
            return true;
        }
        if let Some(apostrophe) = english_apostrophe(chars, i) {
            return apostrophe;
        }
    }
    quote_pair(chars, i, &stem, &tail)
}

/// Whether the `’` at `i` stands for Mac OS Roman's `í` (92), shown as windows-1252: inside a
/// word, after two small ASCII letters or more and before two or more that open with a consonant
/// (`carn’voro`, `pol’tica`). Elision puts the apostrophe before a vowel or `h` (`dell’anno`,
/// `l’homme`, `Qur’an`), English before a contraction's ending (`you’ll`, `we’ve`), colloquial
/// English after one letter (`c’mon`, `o’clock`), and Turkish and German after a name, before a
/// suffix (`Mars’ta`, `Sistemi’nin`, `Franckh’sche`).
fn apostrophe_for_letter(chars: &[char], i: usize) -> bool {
    if chars.get(i) != Some(&'’') {
        return false;
    }
    let (stem, tail) = stem_and_tail(chars, i);
    let opens_with_consonant = tail
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() && !"aeiouhy".contains(c));
    stem.len() >= 2
        && stem.chars().all(|c| c.is_ascii_lowercase())
        && tail.len() >= 2
        && tail.chars().all(|c| c.is_ascii_lowercase())
        && opens_with_consonant
        && !CONTRACTION_ENDINGS.contains(&tail.as_str())
}

/// The words French and Italian cut before a vowel with an apostrophe (`d’un`, `qu’il`,
/// `l’anno`, `dell’arte`).
const ELIDED_WORDS: &str = "c d j l m n s t qu jusqu lorsqu puisqu quoiqu un all dall dell nell \
                            sull coll quest quell anch";

/// Whether French or Italian cuts `word` (a whole word, in any case) with an apostrophe before a
/// word that opens with `next`: one of [`ELIDED_WORDS`] before a vowel or `h` (`d’un`, `l’homme`,
/// `dell’anno`, `n’y`).
pub(super) fn elides(word: &str, next: char) -> bool {
    ELIDED_WORDS
        .split(' ')
        .any(|w| w.eq_ignore_ascii_case(word))
        && next
            .to_lowercase()
            .next()
            .is_some_and(|c| "aeiouyhàâæéèêëîïôœùûüìòó".contains(c))
}

/// Whether the `í` at `i` stands where French or Italian puts the apostrophe of an elision
/// (`díun`, `síagit`, `dellíanno`: windows-1252's `’`, 92, shown as Mac OS Roman): after a whole
/// word French or Italian elides there ([`elides`]), in a text whose frequent words are French or
/// Italian. Spanish, Irish and Czech write `í` there in their own words (`días`, `síos`, `tíha`).
fn elision_apostrophe(chars: &[char], i: usize) -> bool {
    let (stem, _) = stem_and_tail(chars, i);
    let whole = !i
        .checked_sub(stem.len() + 1)
        .and_then(|p| chars.get(p))
        .is_some_and(|c| c.is_alphabetic());
    whole
        && chars.get(i + 1).is_some_and(|&next| elides(&stem, next))
        && in_language(chars, &["fr", "it"])
}

/// Whether the character at `i` is `â` where English puts an apostrophe (`Itâs`, `donât`):
/// UTF-8's `’` (E2 80 99) read as Latin-1 with both C1 bytes stripped ([`english_apostrophe`]).
/// Romanian writes `â` inside words (`omorâre`, `coborâre`), so the endings a Romanian word
/// may have there (`re`, `ve`, `ll`, a possessive `s`) count only in a text of English words; a
/// pronoun's `s` (`thatâs`), a negation's `t` and `Iâm` count anywhere.
pub(super) fn stripped_apostrophe(chars: &[char], i: usize) -> bool {
    if chars.get(i) != Some(&'â') || english_apostrophe(chars, i) != Some(true) {
        return false;
    }
    let (stem, tail) = stem_and_tail(chars, i);
    let anywhere = match tail.as_str() {
        "s" => CONTRACTION_STEMS.contains(&stem.to_lowercase().as_str()),
        "t" | "m" => true,
        _ => false,
    };
    anywhere || in_english(chars)
}

/// The ASCII letters right before `i` and right after it.
fn stem_and_tail(chars: &[char], i: usize) -> (String, String) {
    let head = chars.get(..i).unwrap_or_default();
    let n = head
        .iter()
        .rev()
        .take_while(|c| c.is_ascii_alphabetic())
        .count();
    let stem = head.get(i - n..).unwrap_or_default().iter().collect();
    let tail = chars
        .get(i + 1..)
        .unwrap_or_default()
        .iter()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    (stem, tail)
}

/// Whether the character at `i`, between two runs of ASCII letters that make a whole word with
/// it, stands where English puts the apostrophe of a contraction or a possessive (`itís`,
/// `doesnít`, `youíre`: Mac OS Roman's `í` for windows-1252's `’`; `Itâs`: UTF-8's `’`, E2 80 99,
/// read as Latin-1 with both C1 bytes stripped). `None` when the word is no such word at all;
/// `Some(false)` for words of other languages that hold the letter there (`París`, `objevením`,
/// `vypít`).
pub(super) fn english_apostrophe(chars: &[char], i: usize) -> Option<bool> {
    let (stem, tail) = stem_and_tail(chars, i);
    // The word goes on no further than its ASCII letters.
    let whole = !i
        .checked_sub(stem.len() + 1)
        .and_then(|p| chars.get(p))
        .is_some_and(|c| c.is_alphabetic())
        && !chars
            .get(i + 1 + tail.len())
            .is_some_and(|c| c.is_alphabetic());
    if !(ascii_word(&stem) && ascii_word(&tail) && whole) {
        return None;
    }
    let ending = CONTRACTION_ENDINGS.contains(&tail.as_str());
    Some(match tail.as_str() {
        // Spanish and Portuguese end words in `ís` (`país`, `Luís`, `escribís`): only
        // pronouns, or a possessive of small letters in a text of English words
        // (`the subjectís attribute`).
        "s" => {
            CONTRACTION_STEMS.contains(&stem.to_lowercase().as_str())
                || (stem.len() >= 3
                    && stem.chars().all(|c| c.is_ascii_lowercase())
                    && in_english(chars))
        }
        // Czech words end in `ím` (`objevením`), Spanish imperatives in `íd` (`reíd`).
        "m" => stem == "I",
        "d" => false,
        // The negations (`doesnít`, `isnít`; Czech `vypít` stays).
        "t" => stem.ends_with('n') && stem.len() >= 2,
        // After a pronoun or a modal (`youíre`, `weíve`, `couldíve`), or any word of a text of
        // English words: Hungarian, Slovak and Czech end stems in `í` before `ve` and `re`
        // (`szíve`, `vesmíre`, `respektíve`).
        "re" | "ve" | "ll" => {
            CONTRACTED_SUBJECTS.contains(&stem.to_lowercase().as_str())
                || (stem.len() >= 2 && in_english(chars))
        }
        _ => ending && stem.len() >= 2,
    })
}

/// The words English contracts with `’re`, `’ve` and `’ll` (`you’re`, `we’ve`, `it’ll`,
/// `could’ve`).
const CONTRACTED_SUBJECTS: [&str; 21] = [
    "i", "you", "we", "they", "he", "she", "it", "that", "this", "who", "what", "there", "here",
    "where", "how", "why", "when", "could", "would", "should", "might",
];

/// Whether the letter at `i` stands for an ellipsis, where Windows and the Mac show each other's
/// punctuation as letters: Mac OS Roman's `…` (C9) is windows-1252's `É`, and windows-1252's (85)
/// is Mac OS Roman's `Ö`, closing a word of small ASCII letters (`ezerÉ`, `so onÖ`; not a test
/// string's `eeÉ`), which no language writes. Their dashes are [`dash_letter`]'s.
pub(super) fn ellipsis_letter(chars: &[char], i: usize) -> bool {
    let at = |k: Option<usize>| k.and_then(|k| chars.get(k)).copied();
    let small = |c: Option<char>| c.is_some_and(|c| c.is_ascii_lowercase());
    // Two different letters: a test string repeats one (`eeÉ`).
    matches!(at(Some(i)), Some('É' | 'Ö'))
        && small(at(i.checked_sub(1)))
        && small(at(i.checked_sub(2)))
        && at(i.checked_sub(1)) != at(i.checked_sub(2))
        && at(Some(i + 1)).is_none_or(|c| c.is_whitespace() || c.is_ascii_punctuation())
}

/// Whether the letter at `i` stands for a dash: Mac OS Roman's `—` and `–` (D1, D0) are
/// windows-1252's `Ñ` and `Ð`, and windows-1252's (97, 96) are Mac OS Roman's `ó` and `ñ`.
/// Alone between spaces, with small ASCII letters on both sides, in a text whose frequent words
/// are English (`all its contents Ñ setting the`); Spanish `ó` is a word in Spanish text. `Ñ`,
/// `Ð` and `ñ`, which no language writes as a word, in any text: alone between words or numbers
/// of two characters or more (`Till detta bidrog Ð och`), glued before a number (`(Ð153`), or
/// after one at the end (`1,381 Ð`, a range the next line ends). A letter named follows an
/// article or a word that names it ([`NAMING_WORDS`]: `the letter Ñ is`, `press the ñ key`).
pub(super) fn dash_letter(chars: &[char], i: usize) -> bool {
    let at = |k: Option<usize>| k.and_then(|k| chars.get(k)).copied();
    let small = |c: Option<char>| c.is_some_and(|c| c.is_ascii_lowercase());
    let spaced = at(i.checked_sub(1)) == Some(' ') && at(Some(i + 1)) == Some(' ');
    let english = matches!(at(Some(i)), Some('Ñ' | 'Ð' | 'ó' | 'ñ'))
        && spaced
        && small(at(i.checked_sub(2)))
        && small(at(Some(i + 2)))
        && in_english(chars);
    // In any language, the dashes that no language writes as a letter alone: between words or
    // numbers of two characters or more (`g ñ y` is code page 850's `g ± y`), before a number
    // (`(Ð153`), or after one at the end of a line cut in a range (`1,381 Ð`). Spanish `ó`
    // ("or") is a word.
    let alnum = |k: Option<usize>| at(k).is_some_and(char::is_alphanumeric);
    let digit = |k: Option<usize>| at(k).is_some_and(|c| c.is_ascii_digit());
    let anywhere = matches!(at(Some(i)), Some('Ñ' | 'Ð' | 'ñ'))
        && ((spaced
            && alnum(i.checked_sub(2))
            && alnum(i.checked_sub(3))
            && alnum(Some(i + 2))
            && alnum(Some(i + 3)))
            || (at(i.checked_sub(1)).is_none_or(|c| c == ' ' || c == '(') && digit(Some(i + 1)))
            || (at(i.checked_sub(1)) == Some(' ')
                && digit(i.checked_sub(2))
                && at(Some(i + 1)).is_none()));
    (english || anywhere) && !named_letter(chars, i)
}

/// Whether the word before the space before `i` names the letter at `i` ([`NAMING_WORDS`],
/// compared without regard to ASCII case): `the letter Ñ`, `la ñ`.
pub(super) fn named_letter(chars: &[char], i: usize) -> bool {
    let end = i.saturating_sub(1);
    let head = chars.get(..end).unwrap_or_default();
    let start = head
        .iter()
        .rposition(|c| c.is_whitespace())
        .map_or(0, |p| p + 1);
    let last = head.get(start..).unwrap_or_default();
    NAMING_WORDS.iter().any(|w| {
        w.len() == last.len() && w.chars().zip(last).all(|(a, b)| a.eq_ignore_ascii_case(b))
    })
}

/// The words after which a letter alone is named, not a dash (`the letter Ñ`, `la ñ`, `das Ð`),
/// in small ASCII letters.
const NAMING_WORDS: [&str; 27] = [
    "the",
    "a",
    "an",
    "letter",
    "letters",
    "character",
    "key",
    "word",
    "symbol",
    "la",
    "el",
    "una",
    "un",
    "le",
    "das",
    "der",
    "ein",
    "eine",
    "letra",
    "lettre",
    "lettera",
    "buchstabe",
    "buchstaben",
    "bokstav",
    "bokstaven",
    "bogstav",
    "tecla",
];

/// Mac OS Roman shows windows-1252's guillemets `«` and `»` (AB, BB) as `´` and `ª`, and its
/// no-break space (A0) as `†`. Whether the one at `i` opens a word (before a letter, after a
/// space, the start or `†`) or closes one (after a letter, before a space, punctuation, the end
/// or `†`), with the other one at most [`MAX_QUOTED`] characters away doing the opposite:
/// `´fond partirª` is `«fond partir»`, `ªme apoyo ser nuestras´` German-style `»...«`. A lone
/// ordinal indicator (`1ª`, `Nª Sra`) and an acute accent used as an apostrophe (`don´t`) are
/// no pair.
fn guillemet_pair(chars: &[char], i: usize) -> bool {
    let gap = |c: Option<&char>| c.is_none_or(|&c| c.is_whitespace() || c == '†');
    let opens = |k: usize| {
        gap(k.checked_sub(1).and_then(|p| chars.get(p)))
            && chars
                .get(k + 1)
                .is_some_and(|&c| c.is_alphabetic() || c == '†')
    };
    let closes = |k: usize| {
        k.checked_sub(1)
            .and_then(|p| chars.get(p))
            .is_some_and(|&c| c.is_alphabetic() || c == '†')
            && chars
                .get(k + 1)
                .is_none_or(|&c| gap(Some(&c)) || c.is_ascii_punctuation())
    };
    let Some(&ch) = chars.get(i) else {
        return false;
    };
    let other = if ch == '´' { 'ª' } else { '´' };
    let is_other = |k: usize| chars.get(k) == Some(&other);
    if opens(i) {
        let end = chars.len().min(i + MAX_QUOTED);
        (i + 2..end).any(|k| is_other(k) && closes(k))
    } else if closes(i) {
        (i.saturating_sub(MAX_QUOTED)..i.saturating_sub(1)).any(|k| is_other(k) && opens(k))
    } else {
        false
    }
}

/// The letters that quotation marks become between Windows and the Mac, opening ones then closing
/// ones: Mac OS Roman shows windows-1252's `‘’“”` (91–94) as `ëíìî`, and windows-1252 shows Mac OS
/// Roman's (D4 D5 D2 D3) as `ÔÕÒÓ` (`ÒHelloÓ`). German opens with a low mark and closes with
/// English's opening one (`„Wort“`): Mac OS Roman shows windows-1252's `„“` (84 93) as `Ñì`, and
/// windows-1252 shows Mac OS Roman's (E3 D2) as `ãÒ` (`ÑDie R‰tsel des Marsì`, `ãDie RŠtsel des
/// MarsÒ`).
const QUOTE_FAMILIES: [(&[char], &[char]); 4] = [
    (&['ë', 'ì'], &['í', 'î']),
    (&['Ô', 'Ò'], &['Õ', 'Ó']),
    (&['Ñ'], &['ì']),
    (&['ã'], &['Ò']),
];
/// How far apart in characters [`quote_pair`] looks for the two quotes of a pair.
const MAX_QUOTED: usize = 80;
/// The most ASCII signs [`quote_pair`] takes for a quoted operator (`ë**=í`).
const MAX_QUOTED_SIGNS: usize = 3;

/// Whether `s` is a word of ASCII letters.
fn ascii_word(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphabetic())
}

/// [`quote_letter`]'s second case: Mac OS Roman's `ì` or `ë` for an opening quotation mark before
/// an ASCII word, with a closing one (`î`, `í`) after an ASCII word at most [`MAX_QUOTED`]
/// characters later, or that closing letter after an opening one; or the two around an operator
/// of ASCII signs (`ë==í`); the same for German's `Ñ` and `ì`, and the other families of
/// [`QUOTE_FAMILIES`]. Other pairs are words (`území`, `Áron ... Malachovský`).
fn quote_pair(chars: &[char], i: usize, stem: &str, tail: &str) -> bool {
    let Some(&ch) = chars.get(i) else {
        return false;
    };
    QUOTE_FAMILIES
        .iter()
        .filter(|(opening, closing)| opening.contains(&ch) || closing.contains(&ch))
        .any(|&(opening, closing_family)| {
            quote_pair_of(chars, (i, ch), stem, tail, opening, closing_family)
        })
}

/// [`quote_pair`] for one family of [`QUOTE_FAMILIES`], that holds `ch`, the letter at `i`.
fn quote_pair_of(
    chars: &[char],
    (i, ch): (usize, char),
    stem: &str,
    tail: &str,
    opening: &[char],
    closing_family: &[char],
) -> bool {
    let opens = |k: usize| {
        k.checked_sub(1)
            .and_then(|p| chars.get(p))
            .is_none_or(|c| c.is_whitespace() || matches!(c, '(' | '['))
    };
    let closes = |k: usize| {
        chars
            .get(k + 1)
            .is_none_or(|c| c.is_whitespace() || c.is_ascii_punctuation())
    };
    let closing = closing_family.contains(&ch);
    let other = |k: usize| {
        chars.get(k).is_some_and(|c| {
            if closing {
                opening.contains(c)
            } else {
                closing_family.contains(c)
            }
        })
    };
    // Capitals beyond ASCII close words written in capitals (`NACIÓN`): the Mac family's closing
    // letters count only after a small letter.
    let capitals = ch.is_uppercase();
    let ends_closed = |c: Option<&char>| {
        c.is_some_and(|c| c.is_ascii_alphabetic() && !(capitals && c.is_ascii_uppercase()))
    };
    let ascii_at = |k: Option<usize>| {
        k.and_then(|k| chars.get(k))
            .is_some_and(char::is_ascii_alphabetic)
    };
    // Quoted operators (`ë==í`, `ë!=í`: `‘==’` in a Python changelog) hold no letters: the
    // closing letter comes right after one to [`MAX_QUOTED_SIGNS`] ASCII signs.
    let sign = |c: &char| c.is_ascii_punctuation() && !matches!(c, '\'' | '"' | '`');
    if stem.is_empty() && tail.is_empty() {
        let signs = |n: usize| (1..=MAX_QUOTED_SIGNS).contains(&n);
        return if closing {
            let n = chars
                .get(..i)
                .unwrap_or_default()
                .iter()
                .rev()
                .take_while(|c| sign(c))
                .count();
            let k = i.checked_sub(n + 1);
            signs(n) && k.is_some_and(|k| other(k) && opens(k)) && closes(i)
        } else {
            let n = chars
                .get(i + 1..)
                .unwrap_or_default()
                .iter()
                .take_while(|c| sign(c))
                .count();
            signs(n) && other(i + 1 + n) && closes(i + 1 + n) && opens(i)
        };
    }
    if stem.is_empty() && ascii_word(tail) && opens(i) {
        let end = chars.len().min(i + MAX_QUOTED);
        (i + 1..end).any(|k| {
            other(k) && ends_closed(k.checked_sub(1).and_then(|p| chars.get(p))) && closes(k)
        })
    } else if tail.is_empty()
        && ascii_word(stem)
        && ends_closed(stem.chars().last().as_ref())
        && closes(i)
    {
        (i.saturating_sub(MAX_QUOTED)..i).any(|k| other(k) && ascii_at(Some(k + 1)) && opens(k))
    } else {
        false
    }
}

/// What a letter costs where English puts a quotation mark ([`quote_letter`]): as much as a sign
/// wedged into a word.
const QUOTE_LETTER: f32 = 16.0;

/// What a line of box drawing saves per character after the first: `└──` and `═════` are drawn
/// runs, priced close to punctuation rather than as so many separate symbols.
const BOX_RUN_SAVING: f32 = 7.0;
/// What a superscript digit costs beyond other digits when it is attached to nothing (after a
/// space or at the start): exponents and footnote marks follow what they belong to (`m³`, `x²`,
/// `word¹`), while code page 437's `│` (B3) read as Latin-1 is a `³` between spaces.
const DETACHED_SUPERSCRIPT: f32 = 10.0;

/// What a no-break space between two letters costs beyond a space: people put one between words
/// that must stay on one line (`New\u{A0}York`), but the DOS code pages' `á` (A0) read as
/// windows-1252 puts one inside a word (`Istv\u{A0}n`), and the letter model would price that as
/// two cheap words.
const NBSP_IN_WORD: f32 = 16.0;

/// What a middle dot glued to the end of a word costs ([`dot_closing_a_word`]): as much as a
/// no-break space inside one.
const DOT_CLOSING_A_WORD: f32 = NBSP_IN_WORD;

/// What `?` costs between two letters beyond ASCII: a replaced byte inside a word.
const QUESTION_IN_WORD: f32 = 12.0;

/// What a character costs where number formats put a no-break space (see [`wedged_in_number`]):
/// as much as a letter no language writes there, since clean text has none.
const WEDGED_IN_NUMBER: f32 = 16.0;

/// What a letter beyond ASCII glued to the end of a number costs, as a word of its own
/// (`16.889Ā JPY`: windows-1257's `Ā` for the lead byte C2 of a no-break space whose A0 became a
/// space, after an amount).
const GLUED_TO_NUMBER: f32 = 8.0;

/// [`GLUED_TO_NUMBER`] for each Latin letter beyond ASCII that follows a digit and ends its word
/// there: units and ordinals after numbers are ASCII (`5m`, `3D`, `2nd`) or symbols (`25º`, `10€`),
/// and Greek letters (`2π`, `100Ω`, `5µ`) are not Latin.
fn glued_to_numbers(chars: &[char], classes: &[Class]) -> f32 {
    let mut total = 0.0;
    for (i, &class) in classes.iter().enumerate() {
        let latin = matches!(class, Class::Letter(Script::Latin));
        let after_digit = i
            .checked_sub(1)
            .and_then(|p| chars.get(p))
            .is_some_and(char::is_ascii_digit);
        let ends = chars.get(i + 1).is_none_or(|c| c.is_whitespace());
        if latin && after_digit && ends {
            total += GLUED_TO_NUMBER;
        }
    }
    total
}

/// What a capital beyond ASCII standing alone as a word after a word costs: one-letter words are
/// small inside a sentence (Norwegian `å`, French `à`), and `Bohumil Å vehla` is `Švehla`
/// whose no-break space byte (A0) became a space.
const CAPITAL_LETTER_WORD: f32 = 16.0;

/// The shortest word of small letters after the capital that [`capital_letter_word_mid_sentence`]
/// looks at: the village `Å i Lofoten` is no `Ši Lofoten`.
const MIN_WORD_AFTER_CAPITAL: usize = 4;

/// Whether the character at `i` is a capital beyond ASCII that the letter model takes for a
/// one-letter word (it reads letters in either case), standing alone between spaces, after a word
/// of letters (not at the start of a sentence), and before a word of [`MIN_WORD_AFTER_CAPITAL`]
/// small letters or more. Capitals that are no word (`Æ`, `Ñ`) the letter model prices already.
///
/// [`lone_windows_capital`]s count too.
fn capital_letter_word_mid_sentence(chars: &[char], i: usize) -> bool {
    let at = |k: Option<usize>| k.and_then(|k| chars.get(k)).copied();
    let mid_sentence = at(Some(i)).is_some_and(|c| c.is_uppercase() && !c.is_ascii())
        && at(i.checked_sub(1)) == Some(' ')
        && at(i.checked_sub(2)).is_some_and(char::is_alphabetic)
        && at(Some(i + 1)) == Some(' ')
        && (i + 2..i + 2 + MIN_WORD_AFTER_CAPITAL)
            .all(|k| at(Some(k)).is_some_and(char::is_lowercase));
    (mid_sentence || lone_windows_capital(chars, i)) && at(Some(i)).is_some_and(is_one_letter_word)
}

/// Whether the character at `i` is one of windows-1252's capitals at 80–9F
/// ([`WINDOWS_CAPITALS`]) standing alone as a word, at the start or after a word of small
/// letters or its elision's apostrophe, and before a word of small letters. They are no word of
/// any language, though the letter model reads `Ž` and `Š` as it reads `ž` and `š`: `Ž o
/// envolvimento` and `alternativa Ž que` are Portuguese `é` in Mac OS Roman (8E) shown as
/// windows-1252, `cos'Š fanno` Italian `è` in code page 437 (8A).
pub(super) fn lone_windows_capital(chars: &[char], i: usize) -> bool {
    let at = |k: Option<usize>| k.and_then(|k| chars.get(k)).copied();
    let small = |k: Option<usize>| at(k).is_some_and(char::is_lowercase);
    at(Some(i)).is_some_and(|c| WINDOWS_CAPITALS.contains(c))
        && at(Some(i + 1)) == Some(' ')
        && small(Some(i + 2))
        && (i == 0 || (matches!(at(i.checked_sub(1)), Some(' ' | '\'')) && small(i.checked_sub(2))))
}

/// What a capital beyond ASCII and a sign after it cost where they end a word of small letters
/// (`ChloÃ«`: `ë`, C3 AB, read as windows-1252).
const LEAD_AND_SIGN_ENDING_A_WORD: f32 = 10.0;

/// Whether a capital beyond ASCII at `i` follows two small letters of some alphabet and is
/// followed by a sign beyond ASCII that ends the word (`ChloÃ« Bave`, not `ƒÅ¡` of Mac keys):
/// UTF-8's two-byte letters read in a Western charset, the lead byte a capital, the continuation
/// byte a sign. Inside a word (`HasÅ‚o`, CPython's deliberate mojibake among the clean texts)
/// this says nothing more than the sign wedged there.
fn lead_and_sign_ending_a_word(chars: &[char], i: usize) -> bool {
    let at = |k: Option<usize>| k.and_then(|k| chars.get(k)).copied();
    let Some(ch) = at(Some(i)) else {
        return false;
    };
    let sign = at(Some(i + 1))
        .is_some_and(|c| !c.is_ascii() && !c.is_alphanumeric() && !c.is_whitespace());
    ch.is_uppercase()
        && !ch.is_ascii()
        && [1, 2]
            .iter()
            .all(|&k| at(i.checked_sub(k)).is_some_and(|c| c.is_lowercase() && in_an_alphabet(c)))
        && sign
        && !at(Some(i + 2)).is_some_and(char::is_alphanumeric)
}

/// What a Latin capital beyond ASCII costs as the second letter of a word of small letters.
const SECOND_CAPITAL: f32 = 8.0;

/// Whether the character at `i` is a Latin capital beyond ASCII after an ASCII capital that opens
/// a word, before two small letters or more (`KŠser`, `BŽarla`: Mac OS Roman's `ä` and `é`, 8A
/// and 8E, shown as windows-1252): no word has two capitals there, then small letters. The
/// digraph `DŽ` of Croatian and Serbian is one.
fn second_capital_opening_a_word(chars: &[char], i: usize) -> bool {
    let at = |k: Option<usize>| k.and_then(|k| chars.get(k)).copied();
    let Some(ch) = at(Some(i)) else {
        return false;
    };
    let first = at(i.checked_sub(1));
    ch.is_uppercase()
        && !ch.is_ascii()
        && matches!(classify(ch), Class::Letter(Script::Latin))
        && first.is_some_and(|c| c.is_ascii_uppercase())
        && !(first == Some('D') && ch == 'Ž')
        && !at(i.checked_sub(2)).is_some_and(char::is_alphanumeric)
        && [1, 2]
            .iter()
            .all(|&k| at(Some(i + k)).is_some_and(char::is_lowercase))
}

/// Whether the character at `i` is one of the capitals that Mac OS Roman shows for
/// windows-1252's small accented letters (`ÁÂÈÊËÍÎÏÌÒÓÔÚÛÙ` at E0–FF) after two small ASCII letters
/// and before one (`marÁo`, `BailÌs`: `ç` and `í`, E7 and ED), where no word has one (a charset's
/// table lists them among other letters: `õòÚùÌ`). Irish
/// puts a capital after one small letter (`hÉireann`, `nÓg`), and camel case opens a hump of a
/// word with one (`setÄnderung`, `antalÅr`: capitals Mac OS Roman does not show there).
fn capital_between_small_letters(chars: &[char], i: usize) -> bool {
    let at = |k: Option<usize>| k.and_then(|k| chars.get(k)).copied();
    let Some(ch) = at(Some(i)) else {
        return false;
    };
    // Read only as far as the hump needs, and only for such a capital: every letter of a long
    // word is asked about.
    let hump = || {
        chars
            .get(i..)
            .unwrap_or_default()
            .iter()
            .take(MIN_WORD_AFTER_CAPITAL)
            .take_while(|c| c.is_alphabetic())
            .count()
    };
    "ÁÂÈÊËÍÎÏÌÒÓÔÚÛÙ".contains(ch)
        && [1, 2]
            .iter()
            .all(|&k| at(i.checked_sub(k)).is_some_and(|c| c.is_ascii_lowercase()))
        && at(Some(i + 1)).is_some_and(|c| c.is_ascii_lowercase())
        && !(hump() >= MIN_WORD_AFTER_CAPITAL && opens_camel_hump(chars, i))
}

/// What `Ã`, `Ä` or `Å` costs glued to a small ASCII letter, with ASCII or nothing after it
/// ([`stripped_lead_after_small_letter`]).
const STRIPPED_LEAD_IN_WORD: f32 = 16.0;

/// Whether the character at `i` is `Ã`, `Ä` or `Å` right after a small ASCII letter and before
/// an ASCII character other than `?` (the mark of a replaced byte, priced where it stands) or the
/// end: the lead bytes C3, C4 and C5 of UTF-8 read as Latin-1 whose
/// continuation byte, in 80–9F, was stripped as a C1 control (`StraÃe` for `Straße`,
/// `KocijanÄiÄ` for `Kocijančić`, `SzymaÅa` for `Szymała`: C3 9F, C4 8D, C4 87, C5 82), or
/// whose continuation byte A0 became a space (`voilĂ  tout`: `à`, C3 A0, through windows-1250).
/// Windows-1250 and ISO-8859-2 show C3 and C5 as `Ă` and `Ĺ`, windows-1257 shows C3 as `Ć`. No
/// language puts these capitals after a small letter, though camel case does (`setÄnderung`):
/// a capital that opens a word the letter model reads is left alone. With a sign after them
/// (`HasÅ‚o`) the continuation byte is still there, and the sign itself is priced.
pub(super) fn stripped_lead_after_small_letter(chars: &[char], i: usize) -> bool {
    let at = |k: Option<usize>| k.and_then(|k| chars.get(k)).copied();
    // Or after the ASCII capital that opens a word, before a small letter (`AÄustos` for
    // `Ağustos`, C4 9F): no word has two capitals there, then small letters.
    let after_capital = at(i.checked_sub(1)).is_some_and(|c| c.is_ascii_uppercase())
        && !at(i.checked_sub(2)).is_some_and(char::is_alphabetic)
        && at(Some(i + 1)).is_some_and(|c| c.is_ascii_lowercase());
    let lead = matches!(at(Some(i)), Some('Ã' | 'Ä' | 'Å' | 'Ă' | 'Ĺ' | 'Ć'))
        && (at(i.checked_sub(1)).is_some_and(|c| c.is_ascii_lowercase()) || after_capital)
        && at(Some(i + 1)).is_none_or(|c| c.is_ascii() && c != '?');
    lead && (after_capital || !opens_camel_hump(chars, i))
}

/// Whether the character at `i` is a two-byte lead of UTF-8 as Latin-1 shows it (`Â` to `ß`)
/// followed by the `?` of a replaced continuation byte, glued to more of the same: another
/// character beyond ASCII after the `?`, or another lead and `?` before it (`Î?Å?Å˜`, `×?×?`:
/// Greek and Hebrew whose continuation bytes a windows-1252 encoder replaced); or a Latin capital
/// after a small ASCII letter with `?` after it (`belsÅ?`). Clean text ends a question with a
/// letter (`Spaß?`, `PERÚ?`), and glues nothing to its `?`.
pub(super) fn marked_lead(chars: &[char], i: usize) -> bool {
    let at = |k: Option<usize>| k.and_then(|k| chars.get(k)).copied();
    let two_byte_lead = |c: Option<char>| c.is_some_and(|c| ('\u{C2}'..='\u{DF}').contains(&c));
    if !two_byte_lead(at(Some(i))) || at(Some(i + 1)) != Some('?') {
        return false;
    }
    let glued_after = at(Some(i + 2)).is_some_and(|c| !c.is_ascii() && !c.is_whitespace());
    let glued_before = at(i.checked_sub(1)) == Some('?') && two_byte_lead(at(i.checked_sub(2)));
    let capital_after_small = at(Some(i)).is_some_and(char::is_uppercase)
        && at(i.checked_sub(1)).is_some_and(|c| c.is_ascii_lowercase());
    glued_after || glued_before || capital_after_small
}

/// Whether the character at `i` is one of a pair of `â` around a word of ASCII letters
/// (`âcleanupâ`): UTF-8's `“` and `”` (E2 80 9C, E2 80 9D) read as Latin-1 with their C1 bytes
/// stripped. French and Sami words start or end with `â` (`âge`, `kielâ`), never both, and are not
/// otherwise ASCII next to it.
pub(super) fn stripped_quotes(chars: &[char], i: usize) -> bool {
    let at = |k: Option<usize>| k.and_then(|k| chars.get(k)).copied();
    let letter = |k: Option<usize>| at(k).is_some_and(char::is_alphabetic);
    let ascii_letter = |k: Option<usize>| at(k).is_some_and(|c| c.is_ascii_alphabetic());
    if at(Some(i)) != Some('â') {
        return false;
    }
    let opens = |k: usize| {
        !letter(k.checked_sub(1)) && ascii_letter(Some(k + 1)) && ascii_letter(Some(k + 2))
    };
    let closes = |k: usize| {
        !letter(Some(k + 1)) && ascii_letter(k.checked_sub(1)) && ascii_letter(k.checked_sub(2))
    };
    // The word between them: ASCII letters and spaces only.
    let between = |from: usize, to: usize| {
        chars
            .get(from + 1..to)
            .is_some_and(|w| w.iter().all(|c| c.is_ascii_alphabetic() || *c == ' '))
    };
    if opens(i) {
        (i + 3..chars.len().min(i + MAX_QUOTED))
            .any(|k| at(Some(k)) == Some('â') && closes(k) && between(i, k))
    } else if closes(i) {
        (i.saturating_sub(MAX_QUOTED)..i.saturating_sub(2))
            .any(|k| at(Some(k)) == Some('â') && opens(k) && between(k, i))
    } else {
        false
    }
}

/// Whether the letter at `i` opens a hump of camel case (`setÄnderung`, `camelCaseÄpfel`): a
/// word of [`MIN_CAMEL_HUMP`] letters or more, up to the next non-letter, that the letter model
/// reads.
pub(super) fn opens_camel_hump(chars: &[char], i: usize) -> bool {
    let hump: Vec<char> = chars
        .get(i..)
        .unwrap_or_default()
        .iter()
        .take(LONGEST_WORD)
        .take_while(|c| c.is_alphabetic())
        .copied()
        .collect();
    hump.len() >= MIN_CAMEL_HUMP
        && crate::detect::word_bits(&hump)
            .is_some_and(|b| b as f32 <= CAMEL_HUMP_BITS_PER_LETTER * hump.len() as f32)
}

/// How far from a character the rules read the letters of its word, either way. No language's
/// words are longer; a longer run of letters (a table of a charset, an encoded blob) is no word,
/// and reading it whole for each of its characters would take time quadratic in its length.
pub(super) const LONGEST_WORD: usize = 64;

/// The shortest hump of camel case that [`opens_camel_hump`] sees.
const MIN_CAMEL_HUMP: usize = 2;

/// The most a camel-case hump may cost per letter in the letter model to read as a word
/// (`Änderung` 3.8, `Äpfel` 6.4; `Ãdith` 8.0).
const CAMEL_HUMP_BITS_PER_LETTER: f32 = 6.5;

/// What a unit written beyond ASCII saves after a number (`145°F`, `214.5 μs`, `97 km²`,
/// `365 Ом`): number formats put it there, and the letter model would price it as a word or a
/// symbol like any other. What a wrong charset makes of the same bytes (`145∞F`, `214.5 ìs`,
/// `97 kmý`, `365 нЛ`) is no unit.
const UNIT_AFTER_NUMBER: f32 = 16.0;

/// Units that CLDR's short formats write with characters beyond ASCII, after an amount: degrees,
/// the micro prefix (as `µ` and as Greek `μ`), the ohm, squares and cubes, per mille, and the
/// commonest Russian units.
const UNITS: [&str; 64] = [
    "°", "°C", "°F", "℃", "℉", "Ω", "kΩ", "MΩ", "mΩ", "‰", "m²", "m³", "km²", "cm²", "cm³", "mm²",
    "mm³", "dm³", "ft²", "µs", "µm", "µg", "µl", "µL", "µA", "µV", "µF", "µW", "µmol", "μs", "μm",
    "μg", "μl", "μL", "μA", "μV", "μF", "μW", "μmol", "Ом", "кОм", "МОм", "Вт", "кВт", "МВт", "кВ",
    "мА", "Гц", "кГц", "МГц", "ГГц", "км", "см", "мм", "кг", "мг", "мл", "мс", "мин", "КБ", "МБ",
    "ГБ", "руб", "шт",
];

/// The length of the unit of [`UNITS`] that starts at `i` after a number ([`follows_number`]) or
/// after the slash of a unit per unit that follows one ([`after_unit_and_slash`]): the whole run of
/// letters and unit signs there, nothing more, with no number after it.
pub(super) fn unit_after_number(chars: &[char], i: usize) -> Option<usize> {
    if !(follows_number(chars, i) || after_unit_and_slash(chars, i)) {
        return None;
    }
    let in_unit = |c: &char| c.is_alphabetic() || "°℃℉Ω‰²³".contains(*c);
    let len = chars
        .get(i..)
        .unwrap_or_default()
        .iter()
        .take_while(|c| in_unit(c))
        .count();
    let unit: String = chars.get(i..i + len)?.iter().collect();
    // A sign between two numbers (`4 ‰ 51`) is an operator or a stray byte, not their unit.
    let next = chars.get(i + len).copied();
    let spaced_next = next.is_some_and(char::is_whitespace);
    let number_next = next.is_some_and(|c| c.is_ascii_digit())
        || (spaced_next && chars.get(i + len + 1).is_some_and(char::is_ascii_digit));
    (UNITS.contains(&unit.as_str()) && !number_next).then_some(len)
}

/// Whether the character at `i` follows a number: glued to its last digit, after one space, or
/// opening the text of a link glued to it (`1,8506[°](/wiki/Winkel "Winkel")`: Wikipedia's
/// markup links a unit to its article).
fn follows_number(chars: &[char], i: usize) -> bool {
    let at = |p: Option<usize>| p.and_then(|p| chars.get(p)).copied();
    let digit = |p: Option<usize>| at(p).is_some_and(|c| c.is_ascii_digit());
    digit(i.checked_sub(1))
        || (matches!(
            at(i.checked_sub(1)),
            Some(' ' | '\u{A0}' | '\u{202F}' | '[')
        ) && digit(i.checked_sub(2)))
}

/// The most letters or signs of a unit before the slash of a unit per unit (`g/cm³`, `€/m²`).
const MAX_UNIT_BEFORE_SLASH: usize = 4;

/// Whether the character at `i` follows the slash of a unit per unit after a number (`3,9 g/cm³`,
/// `1271 €/m²`): one to [`MAX_UNIT_BEFORE_SLASH`] letters, unit signs or currency signs between the
/// number and the slash.
fn after_unit_and_slash(chars: &[char], i: usize) -> bool {
    let Some(slash) = i.checked_sub(1).filter(|&p| chars.get(p) == Some(&'/')) else {
        return false;
    };
    let unit = chars
        .get(..slash)
        .unwrap_or_default()
        .iter()
        .rev()
        .take_while(|&&c| c.is_alphabetic() || "°‰²³".contains(c) || CURRENCIES.contains(c))
        .count();
    (1..=MAX_UNIT_BEFORE_SLASH).contains(&unit) && follows_number(chars, slash - unit)
}

/// The length of a unit of degrees (`°C`, `°F`) that starts at `i` as a word of its own, where no
/// number is before it (`[°C](/wiki/Celsius)`, a table's column, `in °F`): Mac OS Roman's `°`
/// (A1) is windows-1252's `¡`, windows-1252's (B0) Mac OS Roman's `∞`, and the DOS code pages'
/// (F8) windows-1252's `ø`, and none of `¡C`, `∞C` or `øC` is a word.
pub(super) fn degrees_alone(chars: &[char], i: usize) -> Option<usize> {
    let alnum = |p: Option<usize>| {
        p.and_then(|p| chars.get(p))
            .is_some_and(|c| c.is_alphanumeric())
    };
    (chars.get(i) == Some(&'°')
        && chars.get(i + 1).is_some_and(|c| matches!(c, 'C' | 'F'))
        && !alnum(Some(i + 2))
        && !alnum(i.checked_sub(1)))
    .then_some(2)
}

/// What a currency sign saves beside an amount or after a currency code (`12,50\u{A0}£`, `¥320`,
/// `JP¥32,758`, `CN¥`), where number formats put it: read as another charset, the same byte is a
/// bullet or a guillemet there (`JP•32,758` is windows-1252's `¥` shown as Mac OS Roman).
const CURRENCY_BY_NUMBER: f32 = 16.0;

/// The currency signs beyond ASCII that CLDR's formats put beside amounts, and the bidirectional
/// marks they put there in right-to-left locales (`\u{200F}1,965.02\u{A0}\u{200F}CHF`): a reading
/// that makes `₫` of a right-to-left mark which lost its middle byte (E2 80 8F) gains nothing.
const CURRENCIES: &str = "£¥€¢₹₽₩₪₫₺₴₦₱฿₸₼₾₡₲₵₭₮₨\u{200E}\u{200F}\u{61C}";

/// Whether the character at `i` is one of [`CURRENCIES`] after an amount and a no-break space,
/// opening an amount (at the start of a word or after a currency code of two or three capitals),
/// or ending a currency code after an amount (`66,00\u{A0}CN¥`).
pub(super) fn currency_by_number(chars: &[char], i: usize) -> bool {
    // ASCII first: this runs for every character of every text priced.
    if !chars
        .get(i)
        .is_some_and(|&c| !c.is_ascii() && CURRENCIES.contains(c))
    {
        return false;
    }
    let at = |p: Option<usize>| p.and_then(|p| chars.get(p)).copied();
    let digit = |p: Option<usize>| at(p).is_some_and(|c| c.is_ascii_digit());
    let nbsp = |p: Option<usize>| at(p).is_some_and(|c| matches!(c, '\u{A0}' | '\u{202F}'));
    let (p1, p2, n1, n2) = (i.checked_sub(1), i.checked_sub(2), Some(i + 1), Some(i + 2));
    // After an amount, a no-break space apart (`12,50\u{A0}£`); a sign glued to the digits is
    // as often what a wrong charset made of a Mac keyboard's symbol (`982ˆ` read as `982€`).
    let after_amount = nbsp(p1) && digit(p2);
    let code = chars
        .get(..i)
        .unwrap_or_default()
        .iter()
        .rev()
        .take_while(|c| c.is_ascii_uppercase())
        .count();
    let code_start = i.checked_sub(code + 1);
    let code_word = (2..=3).contains(&code) && !at(code_start).is_some_and(char::is_alphanumeric);
    // Opening an amount, at the start of a word or after a currency code (`£5`, `JP¥32`).
    let opens = (digit(n1) || (nbsp(n1) && digit(n2)))
        && (p1.is_none() || at(p1).is_some_and(char::is_whitespace) || code_word);
    // A currency code after an amount (`66,00\u{A0}CN¥`).
    let code_after_amount =
        code_word && nbsp(code_start) && digit(code_start.and_then(|p| p.checked_sub(1)));
    (after_amount || opens || code_after_amount) && !(digit(p1) && digit(n1))
}

/// Whether the character at `i` is a sign that opens a number in clean text as a currency sign
/// does, at the start of a word: a diameter (`Rohr Ø12 mm`, `⌀ 6`), a section or paragraph
/// (`RFC 5280 §5.3.1`, `¶12`), a numero (`№5`). A reading that makes a currency or a bidi mark
/// of it (code page 850's `Ø` is code page 437's `¥`; ISO-8859-5's `§` is windows-1256's left-to-right
/// mark) is no more plausible.
fn sign_opening_a_number(chars: &[char], i: usize) -> bool {
    let at = |p: Option<usize>| p.and_then(|p| chars.get(p)).copied();
    let digit = |p: Option<usize>| at(p).is_some_and(|c| c.is_ascii_digit());
    matches!(at(Some(i)), Some('Ø' | '⌀' | '§' | '¶' | '№'))
        && (digit(Some(i + 1)) || (at(Some(i + 1)) == Some(' ') && digit(Some(i + 2))))
        && at(i.checked_sub(1)).is_none_or(|c| c.is_whitespace() || matches!(c, '(' | '['))
}

/// Whether the character at `i` is one beyond ASCII wedged into a number where a no-break space
/// belongs: between digits, or between a digit and a currency code, a unit word or a dollar sign
/// (`$`, or a capital ASCII letter), in either order, or glued to a currency code before the space
/// of its amount (`US$Ā 19,00`). Symbols that belong there in clean text (`2×3`,
/// `5−3`, `1·2`, `25°C`, `3½`, `5€`, thin and no-break spaces), ordinals (`2ºESO`), the micro sign
/// (`50µA`) and non-Latin letters (`2πR`) do not count.
pub(super) fn wedged_in_number(chars: &[char], i: usize) -> bool {
    let Some(&ch) = chars.get(i) else {
        return false;
    };
    let before = i.checked_sub(1).and_then(|p| chars.get(p)).copied();
    let after = chars.get(i + 1).copied();
    let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
    let code = |c: Option<char>| c.is_some_and(|c| c.is_ascii_uppercase() || c == '$');
    // Or between a currency code and the space before its amount (`US$Ā 19,00`: the no-break
    // space's lead byte, its A0 turned into a space), the code being the whole word before.
    let code_word = || {
        let word = chars
            .get(..i)
            .unwrap_or_default()
            .iter()
            .rev()
            .take_while(|c| !c.is_whitespace());
        word.clone().count() >= 2 && word.clone().all(|&c| code(Some(c)))
    };
    let before_amount = after == Some(' ') && digit(chars.get(i + 2).copied());
    let place = (digit(before) && (digit(after) || code(after)))
        || (code(before) && digit(after))
        || (before_amount && code_word());
    let stranger = match classify(ch) {
        Class::Letter(Script::Latin) => !matches!(ch, 'ª' | 'º' | 'µ'),
        Class::Symbol => matches!(ch, '†' | '‡' | '¶' | '§' | '¦' | '¬' | '¤'),
        _ => false,
    };
    place && stranger
}

/// The most a one-letter word may cost in the letter model to count as one people write (`в`,
/// `à`, `å` cost 6 bits; `Â`, `Ã` 20).
const ONE_LETTER_WORD_BITS: u32 = 8;

/// Whether a letter is, on its own, a word of some language of the detector's letter model.
pub(super) fn is_one_letter_word(ch: char) -> bool {
    ch.is_alphabetic() && word_bits(&[ch]).is_some_and(|b| b <= ONE_LETTER_WORD_BITS)
}

/// Whether `ch` is a CJK ideograph or a Hangul syllable: a word on its own (Chinese `王`,
/// Japanese `林`, Korean `문`, a surname each), where one letter of an alphabet is rarely one.
/// [`lone_scripts`] spares it only as a whole text (a name in a form's field): beside other
/// words, a Mac OS Roman symbol string shown as windows-1252 reads as one as readily
/// (`zeit å¶€ 1213ω` would be `zeit 嶀 1213ω`).
pub(super) fn is_a_word_alone(ch: char) -> bool {
    matches!(u32::from(ch), 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7A3)
}

/// The brackets and quotation marks a word may follow at its start (`(В 1917`, `«В начале`,
/// `„Über`): a word after one is as much a word on its own as after a space.
pub(super) const OPENING_SIGNS: &str = "([{«»„“”‘‚\"'";

/// [`LONE_SCRIPT`] for each script other than Latin that only one character of the text belongs
/// to (a letter, a mark, a digit or a symbol of the script's own block). Basic Greek letters are
/// symbols as often as words (`π`, `Ω`, `µ`): they count only beside another Greek letter (as in
/// `έγινε`, whose one accented letter is no lone character), and neither does a letter that
/// stands alone and is a word of its own (`В 1672`, Russian "in 1672").
fn lone_scripts(chars: &[char], classes: &[Class]) -> f32 {
    let mut seen: Vec<(Script, usize)> = Vec::new();
    // A word on its own: after a space, an opening bracket or a quotation mark (or at the
    // start), before a space or punctuation (or at the end); `83,00В` is no word, Russian
    // `(В 1917` is one (rule 99).
    let alone = |i: usize| {
        let before = i.checked_sub(1).and_then(|p| chars.get(p));
        let after = chars.get(i + 1);
        before.is_none_or(|c| c.is_whitespace() || OPENING_SIGNS.contains(*c))
            && after.is_none_or(|c| c.is_whitespace() || (c.is_ascii_punctuation()))
    };
    // A basic Greek letter next to another Greek letter is a letter of a Greek word (`έγινε`),
    // not a symbol.
    let greek =
        |k: Option<usize>| k.and_then(|k| classes.get(k)) == Some(&Class::Letter(Script::Greek));
    let in_greek_word = |i: usize| greek(i.checked_sub(1)) || greek(Some(i + 1));
    for (i, (&ch, &class)) in chars.iter().zip(classes).enumerate() {
        let cp = u32::from(ch);
        let counts = match class {
            Class::Letter(_) if alone(i) && is_one_letter_word(ch) => false,
            Class::Letter(_) if chars.len() == 1 && is_a_word_alone(ch) => false,
            Class::Letter(_) | Class::Mark | Class::Digit => {
                let basic_greek = matches!(cp, 0x0391..=0x03A9 | 0x03B1..=0x03C9);
                !ch.is_ascii()
                    && !matches!(cp, 0x0300..=0x036F)
                    && (!basic_greek || in_greek_word(i))
            }
            // Symbols in a script's own block (and unassigned code points there), but not the
            // presentation forms and specials at the end of the BMP (U+FEFF is a byte order mark).
            Class::Symbol => {
                cp < 0xFB00 && !matches!(script_of(cp), Script::Block(_) | Script::Latin)
            }
            Class::Punct => script_of(cp) == Script::Rare,
            _ => false,
        };
        let script = script_of(cp);
        if !counts || script == Script::Latin {
            continue;
        }
        // A letter of a script the letter model reads, or of CJK, glued to U+FFFD, is in a word
        // whose other letters lost bytes (`����С`, Hangul `��민`): not alone in its script. (A
        // rarer script's letter there, `�હ`, is still a byte read in the wrong place.)
        // Beside it, or one ASCII punctuation mark away (`ม.�.`, an abbreviation).
        let at = |k: Option<usize>| k.and_then(|k| chars.get(k)).copied();
        let beside_lost = [
            (i.checked_sub(1), None),
            (Some(i + 1), None),
            (i.checked_sub(2), i.checked_sub(1)),
            (Some(i + 2), Some(i + 1)),
        ]
        .iter()
        .any(|&(k, between)| {
            at(k) == Some('\u{FFFD}')
                && between.is_none_or(|b| at(Some(b)).is_some_and(|c| c.is_ascii_punctuation()))
        });
        let n_here =
            if beside_lost && ch.is_alphabetic() && (modelled(script) || script == Script::Cjk) {
                2
            } else {
                1
            };
        match seen.iter_mut().find(|(s, _)| *s == script) {
            Some((_, n)) => *n += n_here,
            None => seen.push((script, n_here)),
        }
    }
    seen.iter()
        .filter(|(_, n)| *n == 1)
        .map(|(s, _)| match s {
            Script::Rare => LONE_RARE_SCRIPT,
            _ => LONE_SCRIPT,
        })
        .sum()
}

/// Letters, and marks that follow a letter.
fn is_word_char(class: Class, prev: Option<Class>) -> bool {
    match class {
        Class::AsciiLetter | Class::Letter(_) => true,
        Class::Mark => matches!(
            prev,
            Some(Class::AsciiLetter | Class::Letter(_) | Class::Mark)
        ),
        _ => false,
    }
}

/// Changing from one script to another.
fn switch_bits(from: Script, to: Script) -> f32 {
    if from == to {
        0.0
    } else if from == Script::Cjk || to == Script::Cjk || from == Script::Latin {
        // CJK text holds Latin words freely; any text quotes Latin words, and Latin text quotes
        // others (the cost is paid once, coming back).
        SCRIPT_SWITCH_CJK
    } else {
        SCRIPT_SWITCH
    }
}

/// Whether the detector's letter model has languages of this script.
fn modelled(script: Script) -> bool {
    matches!(
        script,
        Script::Latin | Script::Greek | Script::Cyrillic | Script::Hebrew | Script::Arabic
    ) || script == Script::Block(0x0E00 >> 7)
}

fn script_of_class(class: Class, prev: Option<Script>) -> Script {
    match class {
        Class::AsciiLetter => Script::Latin,
        Class::Letter(s) => s,
        // A mark belongs to the letters before it.
        _ => prev.unwrap_or(Script::Latin),
    }
}

/// The cost of a word: runs of one script each, the modelled ones read by the letter model.
fn word(chars: &[char], classes: &[Class]) -> f32 {
    let mut total = 0.0;
    let mut start = 0;
    let mut prev_script: Option<Script> = None;
    let mut run_script = Script::Latin;
    for (i, &class) in classes.iter().enumerate() {
        let script = script_of_class(class, prev_script);
        if let Some(p) = prev_script {
            if p != script {
                total += run(chars.get(start..i).unwrap_or_default(), run_script);
                if !micro_unit(chars) {
                    total += switch_bits(p, script);
                }
                start = i;
            }
        }
        if prev_script != Some(script) {
            run_script = script;
        }
        prev_script = Some(script);
    }
    total + run(chars.get(start..).unwrap_or_default(), run_script)
}

/// Whether a word is a unit with the prefix micro written as Greek `μ` (`μs`, `μm`, `μmol`), as
/// CLDR writes it: no switch of script.
fn micro_unit(word: &[char]) -> bool {
    match word {
        ['μ', rest @ ..] => {
            (1..=3).contains(&rest.len()) && rest.iter().all(char::is_ascii_alphabetic)
        }
        _ => false,
    }
}

fn run(chars: &[char], script: Script) -> f32 {
    if chars.is_empty() {
        return 0.0;
    }
    if letters_in_order(chars) {
        return LETTER_IN_ORDER * chars.len() as f32;
    }
    if modelled(script) {
        let inside = |i: usize| i > 0 && i + 1 < chars.len();
        let strangers: f32 = chars
            .iter()
            .enumerate()
            .map(|(i, &c)| stranger(c, inside(i), i.checked_sub(1).and_then(|p| chars.get(p))))
            .sum();
        let frequent =
            if chars.len() >= MIN_PRICED_FREQUENT_LETTERS && is_frequent_word(chars, None) {
                FREQUENT_WORD_BITS
            } else {
                0.0
            };
        // The model's French has no `œ` (too rare in its word list): the ligature is priced as
        // the two letters it joins (`cœur` as `coeur`), not as a letter no alphabet holds.
        let spelled: Vec<char>;
        let chars = if chars.iter().any(|&c| matches!(c, 'œ' | 'Œ')) {
            let mut out = Vec::with_capacity(chars.len() + 2);
            for &c in chars {
                match c {
                    'œ' => out.extend(['o', 'e']),
                    'Œ' => out.extend(['O', 'E']),
                    _ => out.push(c),
                }
            }
            spelled = out;
            &spelled
        } else {
            chars
        };
        return strangers
            + match word_bits(chars) {
                Some(b) => (b as f32 - frequent).max(0.0),
                None => UNREADABLE_LETTER * chars.len() as f32,
            };
    }
    chars.iter().map(|&c| unmodelled_letter(c)).sum()
}

/// What a word among a language's most frequent with a letter beyond ASCII
/// (`detect::is_frequent_word`) is worth beyond its letters: misreadings spoil such words, so a
/// reading that restores one (`wrzeœnia` → `września`) gains this much, and one that spoils one
/// pays it.
const FREQUENT_WORD_BITS: f32 = 12.0;

/// The fewest letters of a frequent word that is worth [`FREQUENT_WORD_BITS`]. The lists hold words
/// of three letters too, for the readings that restore one (`l'ÈtÈ` → `l'été`), but a word that
/// short is too often made by chance to be worth as much: Portuguese `chá` in UTF-8's `Chá»‹` shown
/// as windows-1252 made the shown text look right.
const MIN_PRICED_FREQUENT_LETTERS: usize = 4;

/// What a letter costs in a run of letters in code point order ([`letters_in_order`]).
const LETTER_IN_ORDER: f32 = 2.0;

/// Whether a run of letters is a table of a charset's or an alphabet's letters: at least
/// [`MIN_LETTERS_IN_ORDER`] letters beyond ASCII, nine in ten of them a code point or two after
/// the one before (`ßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿÀÁÂ…`, code page 850's letters in a test;
/// `÷` is skipped). Such tables are common in code and documentation, and no reading of mojibake
/// makes one by chance.
pub(super) fn letters_in_order(chars: &[char]) -> bool {
    if chars.len() < MIN_LETTERS_IN_ORDER || chars.iter().any(char::is_ascii) {
        return false;
    }
    let in_order = chars
        .windows(2)
        .filter(|w| follows_in_order(w[0], w[1]))
        .count();
    in_order * 10 >= (chars.len() - 1) * 9
}

/// Whether `next` is a code point or two after `prev`: the next character of a table, skipping at
/// most one (`×` between `Ö` and `Ø`).
pub(super) fn follows_in_order(prev: char, next: char) -> bool {
    (1..=2).contains(&u32::from(next).wrapping_sub(u32::from(prev)))
}

/// The fewest letters [`letters_in_order`] takes for a table.
const MIN_LETTERS_IN_ORDER: usize = 8;

/// A letter no language of the model writes, or a combining mark other than the tone marks of
/// Vietnamese (which windows-1258 writes apart from their vowels): text is nearly always
/// precomposed, and decoding in the wrong place makes these; more on a Latin letter beyond ASCII
/// ([`STACKED_MARK`]). `inside`: the letter has letters on both sides in its word; `prev`: the
/// character before it in its word.
fn stranger(c: char, inside: bool, prev: Option<&char>) -> f32 {
    if matches!(classify(c), Class::Mark) {
        let usual = matches!(c, '\u{300}' | '\u{301}' | '\u{303}' | '\u{309}' | '\u{323}')
            || matches!(u32::from(c), 0x0591..=0x06FF | 0x0E31..=0x0E4E);
        // Pinyin's `ê̄` and `ê̌` (Unicode's named sequences, in HKSCS) are the stacks people write.
        let pinyin = matches!(prev, Some('ê' | 'Ê')) && matches!(c, '\u{304}' | '\u{30C}');
        let stacked = !pinyin
            && prev.is_some_and(|&p| !p.is_ascii() && classify(p) == Class::Letter(Script::Latin));
        return match (usual, stacked) {
            (true, _) => 0.0,
            (false, false) => STRAY_MARK,
            (false, true) => STRAY_MARK + STACKED_MARK,
        };
    }
    // French's `œ` is spelled out by [`run`].
    // A small letter of a language the model lacks, inside its word, or ending it after a small
    // letter where an alphabet writes it (`Seyidzadə`, rule 108; `NESCAFÉ™` read as `NESCAFə`
    // keeps the price, and so does an IPA letter no alphabet writes).
    let unmodelled = || {
        (inside || (prev.is_some_and(|p| p.is_lowercase()) && in_listed_alphabet(c)))
            && c.is_lowercase()
            && latin_letter_no_charset_shows(c)
    };
    if c.is_alphabetic() && !in_an_alphabet(c) && !matches!(c, 'œ' | 'Œ') && !unmodelled() {
        NO_ALPHABET_LETTER
    } else {
        0.0
    }
}

/// Whether `c` is a Latin letter that no legacy charset has (Azerbaijani's `ə`, pinyin's `ǎ`,
/// `ɛ` and `ɔ` of West Africa): no charset read in the wrong place shows one, so a small one
/// inside a word (`Yavər`) was written by a language the model lacks, not made by a misreading.
/// Latin letters some charset has (`ō`, `ŀ`) keep [`NO_ALPHABET_LETTER`]: a wrong charset makes
/// those; so does a lone capital (`˘Ʒ` is `˘Æˇ`, Mac keyboard symbols, read as UTF-8).
fn latin_letter_no_charset_shows(c: char) -> bool {
    static SHOWN: OnceLock<Vec<char>> = OnceLock::new();
    if c.is_ascii() || classify(c) != Class::Letter(Script::Latin) {
        return false;
    }
    let shown = SHOWN.get_or_init(|| {
        // Each character in its sorted place (a library sort would add to the WebAssembly
        // module).
        let mut shown: Vec<char> = Vec::new();
        for charset in Charset::ALL {
            for byte in 0x80..=0xFFu8 {
                if let Some(ch) = charset.decode_byte(byte) {
                    let at = shown.partition_point(|&s| s < ch);
                    if shown.get(at) != Some(&ch) {
                        shown.insert(at, ch);
                    }
                }
            }
        }
        shown
    });
    shown.binary_search(&c).is_err()
}

/// A letter of a script the letter model does not cover.
fn unmodelled_letter(ch: char) -> f32 {
    match u32::from(ch) {
        0x4E00..=0x9FFF => 11.0,
        0x3040..=0x30FF | 0x31F0..=0x31FF | 0xFF66..=0xFF9F => 7.0,
        0xAC00..=0xD7A3 => 10.0,
        0x0900..=0x0DFF => 6.0,
        0x10A0..=0x10FF | 0x0530..=0x058F => 6.0,
        0x3400..=0x4DBF | 0xF900..=0xFAFF | 0x20000..=0x3FFFF | 0x1100..=0x11FF => 18.0,
        _ => match classify(ch) {
            // NKo, Thaana, Syriac...: far rarer in text than the symbols a wrong charset makes
            // them from.
            Class::Letter(Script::Rare) => 28.0,
            // Letters of a modelled script reach here only as marks of another's word.
            _ => 9.0,
        },
    }
}

/// A character outside words.
fn other_bits(ch: char, class: Class) -> f32 {
    match class {
        Class::Space if matches!(ch, ' ' | '\n' | '\r' | '\t') => 1.0,
        // No-break spaces are common typography (CLDR puts them between amounts and currencies,
        // French before `:;!?`); other spaces are rare.
        Class::Space if matches!(ch, '\u{A0}' | '\u{202F}') => 3.0,
        Class::Space => 6.0,
        Class::Digit if ch.is_ascii() => 3.0,
        Class::Digit => 6.0,
        // The typographic apostrophe is as common as the typewriter one.
        Class::AsciiPunct => 5.0,
        Class::Punct if ch == '\u{2019}' => 5.0,
        // A symbol of a rarely written script (`߷`, or an unassigned code point there) is as rare
        // as its letters.
        Class::Symbol | Class::Punct if script_of(u32::from(ch)) == Script::Rare => 28.0,
        Class::Punct => 7.0,
        // U+FFFD stands for a character that lost bytes on the way: priced as an ordinary
        // character of text, not as a symbol (the repair that leaves one pays for the loss too).
        Class::Symbol if ch == '\u{FFFD}' => LOST_CHARACTER,
        Class::Symbol | Class::Box if common_symbol(ch) => 10.0,
        Class::Symbol | Class::Box => 15.0,
        Class::Emoji if matches!(u32::from(ch), 0x200D | 0xFE0F | 0x1F3FB..=0x1F3FF) => 1.0,
        Class::Emoji => 9.0,
        // A combining mark after a space or a symbol: people do not write them.
        Class::Mark => 32.0,
        Class::Control => 24.0,
        // Private use, noncharacters, the planes nobody writes in.
        Class::Unusual => 40.0,
        // Letters are priced as words.
        Class::AsciiLetter | Class::Letter(_) => 9.0,
    }
}

/// Symbols people type: those of Latin-1, currency signs, the common arrows and mathematical
/// operators, box drawing, U+FFFD (what lossy decoding leaves). The thousands of others in
/// Unicode's symbol blocks are what bytes decoded in the wrong place land on.
fn common_symbol(ch: char) -> bool {
    matches!(u32::from(ch), 0..=0xFF | 0x20A0..=0x20CF | 0x2190..=0x2199 | 0x2500..=0x257F | 0xFFFD)
        || "€™•†‡‰′″№℃℉∞√∑∫∂∆∏≈≠≤≥−∙ˆ˜ƒ◊✓✔★☆♥♪".contains(ch)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(text: &str) -> f32 {
        bits(&text.chars().collect::<Vec<_>>())
    }

    #[test]
    fn a_letter_and_a_period_costs_an_initial_at_most() {
        // A Thai abbreviation costs no more than an initial; the letter inside a word (`aถ.`)
        // or without its period is priced by the letter model as before.
        assert!(b("ถ.บุตดา") <= b(".บุตดา") + ABBREVIATION_BITS);
        assert!(b("ถ บุตดา") > b(" บุตดา") + ABBREVIATION_BITS);
        assert!(abbreviation(&['ถ', '.'], 0, 1));
        assert!(!abbreviation(&['a', 'ถ', '.'], 1, 2));
        assert!(!abbreviation(&['ถ', 'ก', '.'], 0, 2));
    }

    #[test]
    fn symbols_are_not_taken_for_the_rare_characters_they_encode() {
        for (clean, accident) in [
            ("Size: 12×…", "Size: 12ׅ"),
            ("Since 1999—∞", "Since 1999Ѱ"),
            ("Ω≈ç√∫", "Ωōú"),
            ("ÀÉÎÕÜ", "ÀÉÎ\u{346}"),
        ] {
            assert!(
                b(clean) < b(accident),
                "{clean}: {} vs {}",
                b(clean),
                b(accident)
            );
        }
    }

    /// Pinyin's `ê̄` and `ê̌` stack a mark on an accented letter, as the issue's `ÀÉÎ͆` does
    /// (windows-1252's `ËƒëÍ†` read as Mac OS Roman and then as UTF-8): the stack costs there
    /// only.
    #[test]
    fn a_mark_on_an_accented_letter_costs_more_but_pinyin_s() {
        assert!(b("ÀÉÎ\u{346}") > b("ÀÉÎ") + STRAY_MARK + STACKED_MARK - 1.0);
        // Macron and overline cost the same on `e`; on `ê` only the overline is a stack.
        assert_eq!(b("e\u{304}"), b("e\u{305}"));
        assert!(b("ê\u{305}") >= b("ê\u{304}") + STACKED_MARK);
        assert_eq!(
            crate::mojibake::repair("ǜü\u{fff}ê\u{304}ế\u{fff}ê\u{30c}ề").text,
            "ǜü\u{fff}ê\u{304}ế\u{fff}ê\u{30c}ề"
        );
    }

    #[test]
    fn mojibake_costs_far_more_than_the_text() {
        for (garbled, clean) in [
            ("cafÃ©", "café"),
            ("Ð¿Ñ€Ð¸Ð²ÐµÑ‚", "привет"),
            ("10,00Â\u{A0}PLN", "10,00\u{A0}PLN"),
            ("é¡\u{8f}å\u{8b}\u{9d}é\u{9b}\u{84}", "顏勝雄"),
        ] {
            assert!(
                b(garbled) > b(clean) + 10.0,
                "{garbled}: {} vs {}",
                b(garbled),
                b(clean)
            );
        }
    }
}
