//! How implausible a text is as something a person typed: the cost that repair lowers.
//!
//! Mojibake leaves fingerprints that no language produces: control characters in running text,
//! symbols wedged between letters (`cafÃ©`, `Ð¿Ñ€`), a lowercase letter followed by an uppercase
//! one inside a word (`Ñ€Ð`), two alphabets inside one word (`cafУЉ`), box drawing glued to
//! letters (`╨Я╤А`), combining marks with nothing to combine with, and letters of rarely written
//! scripts (NKo, Syriac) that appear when bytes are decoded in the wrong place. Each fingerprint
//! adds a fixed cost; clean text in any language scores zero or close to it.
//!
//! The model knows no language and no word list: it looks only at character classes and at pairs
//! of neighbours. It is deliberately conservative about what counts as odd (typographic quotes,
//! apostrophes inside words, `°C`, `m²`, emoji next to words are all normal), because a false
//! alarm on clean text is worse than a missed repair.

/// A script, coarse enough that letters of one writing system share one value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Script {
    Latin,
    Greek,
    Cyrillic,
    Armenian,
    Hebrew,
    Arabic,
    /// Syriac, Thaana, NKo, Samaritan, Mandaic, runes and other scripts that mojibake produces far
    /// more often than people write them.
    Rare,
    /// Han, kana, hangul, bopomofo: written without spaces and mixed freely with each other and
    /// with Latin letters and digits.
    Cjk,
    /// Any other script, identified by its 128-code-point block.
    Block(u32),
}

/// What a character is, for this model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Class {
    Space,
    AsciiLetter,
    Digit,
    AsciiPunct,
    Letter(Script),
    /// A combining mark: it needs a letter before it.
    Mark,
    /// Punctuation people use next to words: quotes, dashes, ellipsis, inverted marks, guillemets,
    /// middle dot, CJK and fullwidth punctuation.
    Punct,
    /// Other symbols: © ® ° ± ¤ ¦ ¨ ´ ¸ ¹ ½ × ÷ ¬ € ™ • † ‰ ƒ ˆ ˜, arrows, mathematics...
    Symbol,
    /// Box drawing, block elements, shades and geometric shapes (DOS code pages are full of them).
    Box,
    /// C0 controls other than tab, line feed and carriage return; DEL; C1 controls.
    Control,
    /// Pictographs, dingbats, variation selectors, zero-width joiners, skin tones, flags.
    Emoji,
    /// Private use, noncharacters, specials, stray format characters.
    Unusual,
}

#[inline(never)]
pub(super) fn script_of(cp: u32) -> Script {
    match cp {
        0..=0x024F | 0x1E00..=0x1EFF | 0x2C60..=0x2C7F | 0xA720..=0xA7FF | 0xFB00..=0xFB06 => {
            Script::Latin
        }
        0x0250..=0x02AF => Script::Latin,
        0x0370..=0x03FF | 0x1F00..=0x1FFF => Script::Greek,
        0x0400..=0x052F | 0x1C80..=0x1C8F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F => Script::Cyrillic,
        0x0530..=0x058F | 0xFB13..=0xFB17 => Script::Armenian,
        0x0590..=0x05FF | 0xFB1D..=0xFB4F => Script::Hebrew,
        0x0600..=0x06FF | 0xFB50..=0xFDFF | 0xFE70..=0xFEFF => Script::Arabic,
        // Arabic Supplement and Extended-A serve a few African and Asian orthographies; decoding
        // in the wrong place produces them far more often.
        0x0700..=0x074F
        | 0x0750..=0x089F
        | 0x08A0..=0x08FF
        | 0x1680..=0x16FF
        | 0x1700..=0x177F
        | 0x1800..=0x18AF
        // Glagolitic, Coptic and Tifinagh: UTF-8's E2 B0–B5, which Mac symbols read as UTF-8
        // make (`‚≥∑` is `\u{2CF7}`).
        | 0x2C00..=0x2C5F
        | 0x2C80..=0x2CFF
        | 0x2D30..=0x2D7F => Script::Rare,
        0x1100..=0x11FF
        | 0x2E80..=0x2FDF
        | 0x3040..=0x31FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xA960..=0xA97F
        | 0xAC00..=0xD7FF
        | 0xF900..=0xFAFF
        | 0xFF66..=0xFFDC
        | 0x20000..=0x3FFFF => Script::Cjk,
        0x10000..=0x1FFFF => Script::Rare,
        _ => Script::Block(cp >> 7),
    }
}

#[inline(never)]
fn is_mark(cp: u32) -> bool {
    matches!(cp,
        0x0300..=0x036F | 0x0483..=0x0489 | 0x0591..=0x05BD | 0x05BF | 0x05C1..=0x05C2
        | 0x05C4..=0x05C5 | 0x05C7 | 0x0610..=0x061A | 0x064B..=0x065F | 0x0670
        | 0x06D6..=0x06DC | 0x06DF..=0x06E4 | 0x06E7..=0x06E8 | 0x06EA..=0x06ED
        | 0x0E31 | 0x0E34..=0x0E3A | 0x0E47..=0x0E4E | 0x0EB1 | 0x0EB4..=0x0EBC | 0x0EC8..=0x0ECD
        | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F)
    // Indic vowel signs and viramas are marks too, but they are also `is_alphabetic`; they are
    // handled as letters of their block, which is what matters for this model.
}

/// The script a combining mark belongs to, when it belongs to one (Hebrew points, Arabic vowel
/// signs, Thai and Lao vowels and tones); generic diacritics (`0300..=036F`) combine with any letter.
fn mark_script(cp: u32) -> Option<Script> {
    match cp {
        0x0591..=0x05C7 => Some(Script::Hebrew),
        0x0610..=0x061A | 0x064B..=0x065F | 0x0670 | 0x06D6..=0x06ED => Some(Script::Arabic),
        0x0E31..=0x0E4E => Some(Script::Block(0x0E00 >> 7)),
        0x0EB1..=0x0ECD => Some(Script::Block(0x0E80 >> 7)),
        0x0483..=0x0489 => Some(Script::Cyrillic),
        _ => None,
    }
}

#[inline(never)]
fn is_punct(cp: u32) -> bool {
    matches!(cp,
        0x00A1 | 0x00AB | 0x00B7 | 0x00BB | 0x00BF | 0x037E | 0x0387 | 0x055A..=0x055F | 0x0589
        | 0x05BE | 0x05C0 | 0x05C3 | 0x05F3 | 0x05F4 | 0x060C | 0x061B | 0x061F | 0x066A..=0x066D
        | 0x06D4 | 0x0964 | 0x0965 | 0x0E4F | 0x0E5A | 0x0E5B
        | 0x2010..=0x2015 | 0x2018..=0x201F | 0x2024..=0x2027 | 0x2039 | 0x203A | 0x203C | 0x203D
        | 0x2047..=0x2049 | 0x202A..=0x202E | 0x2E00..=0x2E4F | 0x3000..=0x303F
        | 0xFE10..=0xFE19 | 0xFE30..=0xFE4F | 0xFF01..=0xFF0F | 0xFF1A..=0xFF20 | 0xFF3B..=0xFF40
        | 0xFF5B..=0xFF65)
}

#[inline(never)]
/// Decimal digits of the scripts with their own (Arabic-Indic, Persian, Devanagari, Bengali...,
/// Thai, Lao, Tibetan, Myanmar, fullwidth). Each block holds ten digits starting at a multiple of
/// 16 plus 6 (or 0 for Arabic and fullwidth).
fn is_decimal_digit(cp: u32) -> bool {
    matches!(cp, 0x0660..=0x0669 | 0x06F0..=0x06F9 | 0x0E50..=0x0E59 | 0x0ED0..=0x0ED9 | 0x0F20..=0x0F29
        | 0x1040..=0x1049 | 0xFF10..=0xFF19)
        || (0x0966..=0x0DEF).contains(&cp) && (cp & 0x7F) >= 0x66 && (cp & 0x7F) <= 0x6F
}

/// Emoji and what joins them: whole blocks where most characters are pictographs, and in Misc
/// Symbols and Arrows only the few with Unicode's Emoji property (`⬅⬆⬇⬛⬜⭐⭕`); its other
/// arrows and shapes (`⬠`, E2 AC A0) are rare symbols.
pub(super) fn is_emoji(cp: u32) -> bool {
    matches!(cp,
        0x200D | 0x20E3 | 0x2300..=0x23FF | 0x2600..=0x27BF
        | 0x2B05..=0x2B07 | 0x2B1B | 0x2B1C | 0x2B50 | 0x2B55 | 0xFE0E | 0xFE0F
        | 0x1F000..=0x1FAFF | 0xE0020..=0xE007F)
}

/// Whether `chars` holds a letter at `k` (`None`, or past the end: no).
pub(super) fn letter_at(chars: &[char], k: Option<usize>) -> bool {
    k.and_then(|k| chars.get(k))
        .is_some_and(|c| c.is_alphabetic())
}

#[inline(never)]
pub(super) fn classify(ch: char) -> Class {
    let cp = u32::from(ch);
    if ch.is_ascii() {
        return match ch {
            'a'..='z' | 'A'..='Z' => Class::AsciiLetter,
            '0'..='9' => Class::Digit,
            '\t' | '\n' | '\r' | ' ' => Class::Space,
            '\x00'..='\x1F' | '\x7F' => Class::Control,
            _ => Class::AsciiPunct,
        };
    }
    match cp {
        0x80..=0x9F => return Class::Control,
        // Spacing modifier letters (ˆ ˇ ˘ ˙ ˚ ˛ ˜ ˝) are letters to Unicode, symbols to a reader.
        // So are ª and º, and ƒ, which people write only as the florin sign (`ƒ 10`) but which
        // windows-1252 and Mac OS Roman garblings are full of.
        0x02C2..=0x02C5 | 0x02D2..=0x02DF | 0x02E5..=0x02FF | 0x00AA | 0x00BA | 0x0192 => {
            return Class::Symbol
        }
        0x2500..=0x25FF => return Class::Box,
        // Private use, specials, noncharacters, and the planes beyond CJK Extension G that hold
        // nothing people write (decoding bytes in the wrong place lands there easily).
        0xE000..=0xF8FF
        | 0xFFF0..=0xFFFC
        | 0xFDD0..=0xFDEF
        | 0x3134B..=0xDFFFF
        | 0xF0000..=0x10FFFF => return Class::Unusual,
        0xFFFE | 0xFFFF => return Class::Unusual,
        // The invisible mathematical operators, an unassigned code point and the deprecated
        // format characters of General Punctuation's end: no text types them, and bytes read in
        // the wrong charset land there (`⁥` for windows-1257's `⁄`).
        0x2061..=0x2065 | 0x206A..=0x206F => return Class::Unusual,
        // The Ohm, Kelvin and Angstrom signs: duplicates of Ω, K and Å that normalisation removes
        // and keyboards do not type; Mac OS Roman garblings land on them.
        0x2126 | 0x212A | 0x212B => return Class::Unusual,
        // U+FFFD is what lossy decoding leaves; repairs can neither add nor remove it.
        0xFFFD => return Class::Symbol,
        _ => {}
    }
    if matches!(cp, 0x00B2 | 0x00B3 | 0x00B9 | 0x00BC..=0x00BE | 0x2070..=0x209F | 0x2150..=0x218F)
    {
        // Superscripts and vulgar fractions are numbers to Unicode, symbols next to letters.
        Class::Symbol
    } else if is_mark(cp) {
        Class::Mark
    } else if ch.is_whitespace() {
        Class::Space
    } else if is_emoji(cp) {
        Class::Emoji
    } else if is_punct(cp) {
        Class::Punct
    } else if ch.is_alphabetic() {
        Class::Letter(script_of(cp))
    } else if is_decimal_digit(cp) {
        Class::Digit
    } else if ch.is_control() {
        Class::Control
    } else if matches!(cp, 0x200B..=0x200F | 0x2060..=0x206F | 0xFEFF) {
        // Zero-width and direction marks: normal in Arabic, Hebrew and Persian text, odd elsewhere.
        Class::Punct
    } else {
        Class::Symbol
    }
}

fn is_letter(c: Class) -> bool {
    matches!(c, Class::AsciiLetter | Class::Letter(_))
}

fn script(c: Class) -> Option<Script> {
    match c {
        Class::AsciiLetter => Some(Script::Latin),
        Class::Letter(s) => Some(s),
        _ => None,
    }
}

/// Symbols that normally follow a word or number: `25°C`, `m²`, `Brand™`, `5‰`, `3′`.
fn is_suffix_symbol(ch: char) -> bool {
    matches!(
        ch,
        '°' | '²' | '³' | '¹' | '™' | '®' | '′' | '″' | '‰' | '%' | '\u{FFFD}'
    )
}

/// Punctuation that sits between two letters of one word: apostrophes, the Catalan middle dot,
/// the non-breaking hyphen, the Hebrew geresh and gershayim, the Armenian apostrophe.
fn is_in_word_punct(ch: char) -> bool {
    matches!(
        ch,
        '’' | 'ʼ'
            | '\u{2011}'
            | '·'
            | '׳'
            | '״'
            | '־'
            | '՚'
            | '\u{200C}'
            | '\u{200D}'
            | '\u{200E}'
            | '\u{200F}'
    )
}

/// The cost of a whole text: zero or near it for anything people write, and growing with every
/// fingerprint of mojibake. Not normalised by length: a longer garbling costs more.
pub(crate) fn cost(text: &str) -> f32 {
    let chars: Vec<char> = text.chars().collect();
    cost_of_chars(&chars)
}

/// [`cost`] over a slice of characters (repair evaluates windows of a text with it).
pub(crate) fn cost_of_chars(chars: &[char]) -> f32 {
    assess(chars).0
}

/// How many fingerprints in `text` are ones clean text essentially never has: control characters,
/// box drawing glued to letters, letters of rare scripts, private-use characters, words made of
/// accented letters only. Symbols and punctuation in odd places do not count. Readings of one
/// legacy charset as another are only tried on text with this kind of evidence, because they have
/// no UTF-8 validity to back them.
pub(crate) fn hard_evidence(text: &str) -> u32 {
    let chars: Vec<char> = text.chars().collect();
    assess(&chars).1
}

/// Whether the capital at `i` is the second letter of a digraph written in capitals at the start
/// of a word, before a vowel: Croatian, Bosnian and Slovak `DŽ` (`DŽungla`, `DŽenan`, where title
/// case would write `Dž`) and Polish `DŻ`. Its capital inside a word is spelling there, not a
/// misreading. Before a consonant it is Mac OS Roman's `é` (8E) shown as windows-1252
/// (`DŽveloppement`, `DŽcembre`): French opens many more words with `dé` and a consonant than
/// those languages open with `dž` and one.
fn digraph_capital(chars: &[char], i: usize) -> bool {
    let at = |k: Option<usize>| k.and_then(|k| chars.get(k)).copied();
    matches!(at(Some(i)), Some('Ž' | 'Ż'))
        && at(i.checked_sub(1)) == Some('D')
        && !at(i.checked_sub(2)).is_some_and(char::is_alphabetic)
        && at(Some(i + 1)).is_some_and(|c| "aeiou".contains(c))
}

/// (cost, hard evidence).
#[inline(never)]
fn assess(chars: &[char]) -> (f32, u32) {
    let classes: Vec<Class> = chars.iter().map(|&c| classify(c)).collect();
    let mut total = 0.0f32;
    let mut hard = 0u32;
    let mut latin_word = LatinWord::default();
    let mut caps_word = FlippedCaseWord::default();
    // The script of the last letter of the current word, where only spaces, ASCII punctuation and
    // digits end a word: `è،›و` is one word in two alphabets with punctuation wedged between.
    let mut word_script: Option<Script> = None;
    for (i, (&ch, &class)) in chars.iter().zip(&classes).enumerate() {
        let prev = i.checked_sub(1).and_then(|p| classes.get(p)).copied();
        let next = classes.get(i + 1).copied();
        let prev_ch = i.checked_sub(1).and_then(|p| chars.get(p)).copied();
        let next_ch = chars.get(i + 1).copied();
        match script(class) {
            Some(s) => {
                if let Some(w) = word_script {
                    let adjacent = prev.is_some_and(is_letter);
                    if !adjacent && w != s && w != Script::Cjk && s != Script::Cjk {
                        total += 2.5;
                    }
                }
                word_script = Some(s);
            }
            None if matches!(class, Class::Space | Class::AsciiPunct | Class::Digit) => {
                word_script = None
            }
            None => {}
        }
        total += char_cost(ch, class, prev, next, prev_ch, next_ch, i);
        hard += u32::from(match class {
            Class::Control | Class::Unusual | Class::Letter(Script::Rare) => true,
            Class::Box => prev.is_some_and(is_letter) || next.is_some_and(is_letter),
            // A symbol wedged between two letters: `Z¸rich`, `se¤or`.
            Class::Symbol => {
                prev.is_some_and(is_letter) && next.is_some_and(is_letter) && ch != '\u{AD}'
            }
            _ => false,
        });
        // Greek final sigma ends a word; inside one it is a misreading.
        if ch == 'ς' && next.is_some_and(is_letter) {
            total += 2.0;
            hard += 1;
        }
        // A capital inside a word, before a lowercase letter: `MÚtre`, `rÈsumÈ`, `РёР`.
        if !ch.is_ascii()
            && ch.is_uppercase()
            && prev.is_some_and(is_letter)
            && next_ch.is_some_and(char::is_lowercase)
            && !digraph_capital(chars, i)
        {
            total += 2.0;
            hard += 1;
        }
        if let (Some(p), Some(pc)) = (prev, prev_ch) {
            total += pair_cost(pc, p, ch, class);
        }
        let flipped = caps_word.push(ch, class);
        total += flipped;
        hard += u32::from(flipped > 0.0);
        let word = latin_word.push(class);
        total += word;
        hard += u32::from(word > 0.0);
    }
    let word = latin_word.finish();
    let flipped = caps_word.finish();
    (
        total + word + flipped,
        hard + u32::from(word > 0.0) + u32::from(flipped > 0.0),
    )
}

fn chars_lowercase(a: Option<char>, b: Option<char>) -> bool {
    a.is_some_and(char::is_lowercase) && b.is_some_and(char::is_lowercase)
}

/// The cost of one character given its neighbours.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn char_cost(
    ch: char,
    class: Class,
    prev: Option<Class>,
    next: Option<Class>,
    prev_ch: Option<char>,
    next_ch: Option<char>,
    index: usize,
) -> f32 {
    if ch == '\u{FEFF}' {
        // A byte order mark belongs at the start.
        return if index == 0 { 0.0 } else { 2.0 };
    }
    let letter_before = prev.is_some_and(is_letter);
    let letter_after = next.is_some_and(is_letter);
    match class {
        Class::Control => 6.0,
        // A no-break space glued to a line break or another space binds nothing: `Ã\u{A0}\n` is
        // what `à` looks like in windows-1252.
        Class::Space
            if ch == '\u{A0}'
                && (prev_ch.is_some_and(|c| c.is_whitespace() && c != '\u{A0}')
                    || next_ch.is_some_and(|c| c.is_whitespace() && c != '\u{A0}')) =>
        {
            1.0
        }
        Class::Unusual => 4.0,
        Class::Letter(Script::Rare) => 3.0,
        // IPA letters are Latin but appear in running text only in linguistics, but for those
        // alphabets took from it (Azerbaijani `ə`, Akan and Ewe `ɛ` and `ɔ`, Hausa `ɓ` and `ɗ`).
        Class::Letter(Script::Latin)
            if ('\u{0250}'..='\u{02AF}').contains(&ch) && !in_listed_alphabet(ch) =>
        {
            1.5
        }
        Class::Box => {
            let glued = u8::from(letter_before || prev == Some(Class::Digit))
                + u8::from(letter_after || next == Some(Class::Digit));
            0.5 + 3.0 * f32::from(glued)
        }
        // U+FFFD stands for a character lost on the way; a repair that leaves one pays for it as
        // an assumption, and where it stands says nothing about the text.
        Class::Symbol if ch == '\u{FFFD}' => 0.0,
        Class::Symbol => {
            if ch == '\u{AD}' && chars_lowercase(prev_ch, next_ch) {
                // A soft hyphen at a hyphenation point: `Bahn\u{AD}hof`.
                0.0
            } else if prev == Some(Class::Digit) {
                // Units and fractions after numbers: `25°C`, `5€`, `3½`.
                0.0
            } else if ch == '´' && letter_before && letter_after {
                // The acute accent is the apostrophe of many keyboards' users: `don´t`, `it´s`.
                0.0
            } else if letter_before && letter_after {
                3.0
            } else if letter_before {
                if is_suffix_symbol(ch) {
                    0.0
                } else {
                    1.0
                }
            } else if letter_after {
                // A currency sign or a symbol opening a word: `€5` is fine, `©Ð` is not.
                if matches!(
                    ch,
                    '€' | '£' | '¥' | '¢' | '$' | '¿' | '¡' | '№' | '§' | '¶' | '†' | '•'
                ) {
                    0.5
                } else {
                    1.0
                }
            } else {
                0.0
            }
        }
        // Spanish opens questions and exclamations with ¿ and ¡: after a space, a line break, an
        // opening bracket or quote, or at the start. Glued to a word or a mark they are the
        // last byte of something else (`ï»¿` is a byte order mark).
        Class::Punct
            if matches!(ch, '¿' | '¡')
                && prev_ch.is_some_and(|c| {
                    !c.is_whitespace()
                        && !matches!(c, '(' | '[' | '"' | '«' | '“' | '‘' | '—' | '–' | '¿' | '¡')
                }) =>
        {
            1.5
        }
        Class::Punct => {
            // CJK and fullwidth punctuation sits between characters: those scripts use no spaces.
            let cjk = matches!(u32::from(ch), 0x3000..=0x303F | 0xFE10..=0xFE4F | 0xFF01..=0xFF65);
            let digit_before = prev == Some(Class::Digit);
            let digit_after = next == Some(Class::Digit);
            let dash = matches!(ch, '–' | '—' | '‑' | '‒' | '…');
            if cjk || is_in_word_punct(ch) || (dash && (digit_before || digit_after)) {
                // `1990–2000`, `3–4 Tage`: ranges are written with dashes between numbers.
                0.0
            } else if (letter_before || digit_before) && (letter_after || digit_after) {
                if dash || ch == '‘' {
                    1.0
                } else {
                    2.0
                }
            } else {
                0.0
            }
        }
        Class::Mark => match (prev, mark_script(u32::from(ch))) {
            (Some(Class::Mark | Class::Digit), _) => 0.0,
            (Some(Class::Letter(base)), Some(needed)) if base != needed => 2.0,
            (Some(Class::AsciiLetter), Some(needed)) if needed != Script::Latin => 2.0,
            (Some(Class::Letter(_) | Class::AsciiLetter), _) => 0.0,
            _ => 2.0,
        },
        _ => 0.0,
    }
}

/// The cost of two neighbours.
#[inline(never)]
fn pair_cost(a_ch: char, a: Class, b_ch: char, b: Class) -> f32 {
    let non_ascii = !a_ch.is_ascii() || !b_ch.is_ascii();
    if !non_ascii {
        return 0.0;
    }
    let mut cost = 0.0;
    if let (Some(sa), Some(sb)) = (script(a), script(b)) {
        let cjk = sa == Script::Cjk || sb == Script::Cjk;
        // CJK runs into ASCII letters without a space (`用UTF-8`), never into accented letters.
        // Greek `μ` before a unit is the prefix micro (`μs`, `μm`).
        let micro = a_ch == 'μ' && b_ch.is_ascii_alphabetic();
        if sa != sb && !micro && (!cjk || (!a_ch.is_ascii() && !b_ch.is_ascii())) {
            cost += 3.0;
        }
        // Case inside a word: `Ñ€Ð` has a lowercase letter followed by an uppercase one.
        if a_ch.is_lowercase() && b_ch.is_uppercase() {
            cost += 1.0;
        }
    }
    match (a, b) {
        // Two different non-ASCII symbols in a row (`€™`, `Â©`'s neighbours), or a symbol and a
        // box-drawing character.
        (Class::Symbol, Class::Symbol) if a_ch != b_ch && !a_ch.is_ascii() && !b_ch.is_ascii() => {
            cost += 1.0
        }
        (Class::Symbol | Class::Box, Class::Box | Class::Symbol) if a != b => cost += 1.0,
        (Class::Symbol, Class::Punct) | (Class::Punct, Class::Symbol) => cost += 0.5,
        (Class::Control, Class::Control) => cost += 0.0,
        _ => {}
    }
    cost
}

/// Tracks a run of Latin letters: a word of four or more letters that are nearly all non-ASCII
/// (`Ïðèâåò`) is what Cyrillic or Greek bytes look like through a Western charset. Real Latin
/// words keep most of their letters in ASCII.
#[derive(Default)]
struct LatinWord {
    letters: u32,
    non_ascii: u32,
    other_script: bool,
}

impl LatinWord {
    fn push(&mut self, class: Class) -> f32 {
        match class {
            Class::AsciiLetter => {
                self.letters += 1;
                0.0
            }
            Class::Letter(Script::Latin) => {
                self.letters += 1;
                self.non_ascii += 1;
                0.0
            }
            Class::Letter(_) | Class::Mark => {
                self.other_script = true;
                0.0
            }
            _ => self.finish(),
        }
    }

    fn finish(&mut self) -> f32 {
        let odd =
            !self.other_script && self.non_ascii >= 4 && self.non_ascii * 10 >= self.letters * 9;
        *self = LatinWord::default();
        if odd {
            2.0
        } else {
            0.0
        }
    }
}

/// The letters of the Latin and Cyrillic alphabets of the languages written with them, beyond
/// ASCII, lowercase. Used to choose between repairs that are equally free of fingerprints:
/// `señor` and `seùor` are both clean text, but `ñ` fits Spanish alongside `ó` and `ù` fits no
/// language alongside it; and to tell the IPA letters that alphabets write from the others.
const ALPHABETS: [&str; 40] = [
    "äöüß",                                                                // German
    "àâçéèêëîïôœùûüÿ",                                                     // French
    "áéíñóúü",                                                             // Spanish
    "áâãàçéêíóôõú",                                                        // Portuguese
    "àèéìòù",                                                              // Italian
    "àçéèíïòóúüŀ",                                                         // Catalan
    "áéëïóöüèà",                                                           // Dutch
    "åäöé",                                                                // Swedish
    "æøåé",                                                                // Danish, Norwegian
    "äöåšž",                                                               // Finnish
    "áðéíóúýþæö",                                                          // Icelandic
    "áðíóúýæø",                                                            // Faroese
    "äõöüšž",                                                              // Estonian
    "āčēģīķļņšūž",                                                         // Latvian
    "ąčęėįšųūž",                                                           // Lithuanian
    "ąćęłńóśźż",                                                           // Polish
    "áčďéěíňóřšťúůýž",                                                     // Czech
    "áäčďéíĺľňóôŕšťúýž",                                                   // Slovak
    "čćđšž",                   // Slovene, Croatian, Bosnian, Serbian Latin
    "áéíóöőúüű",               // Hungarian
    "ăâîșțşţ",                 // Romanian
    "çğıöşüâîû",               // Turkish
    "çəğıöşü",                 // Azerbaijani
    "ɛɔɖƒɣŋʋ",                 // Akan, Ewe
    "ɓɗƙ",                     // Hausa
    "ċġħżàèìòù",               // Maltese
    "ĉĝĥĵŝŭ",                  // Esperanto
    "âêîôûŵŷáéíóúẁẃẅỳýäëïöüÿ", // Welsh
    "áéíóú",                   // Irish
    "çë",                      // Albanian
    "àáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ", // Vietnamese
    "āēīōūǎěǐǒǔǖǘǚǜüáéíóúàèìòù", // Pinyin
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюя", // Russian
    "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя", // Ukrainian
    "абвгдеёжзійклмнопрстуўфхцчшыьэюя", // Belarusian
    "абвгдежзийклмнопрстуфхцчшщъьюяѝ", // Bulgarian
    "абвгдђежзијклљмнњопрстћуфхцчџш", // Serbian
    "абвгдѓежзѕијклљмнњопрстќуфхцчџш", // Macedonian
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюяәғқңөұүһі", // Kazakh
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюяҷқғӯҳӣ", // Tajik
];

/// Whether one of [`ALPHABETS`] writes `ch` (in either case): Azerbaijani `ə`, Ewe `ɛ`, Hausa
/// `ɓ`, which no language of the detector's letter model writes.
pub(super) fn in_listed_alphabet(ch: char) -> bool {
    ALPHABETS.iter().any(|a| has_char(a, fold_case(ch)))
}

/// The lowercase of a Latin or Cyrillic letter, for the letters [`ALPHABETS`] lists. Hand-written
/// for these blocks (capitals and small letters alternate or sit at a fixed distance), because
/// `char::to_lowercase` would bring the whole Unicode case table into the WebAssembly module.
#[inline(never)]
fn fold_case(ch: char) -> char {
    let cp = u32::from(ch);
    let lower = match cp {
        0x00C0..=0x00DE if cp != 0x00D7 => cp + 0x20,
        0x0100..=0x0137 | 0x014A..=0x0177 | 0x0218..=0x021B | 0x1E00..=0x1EFF if cp % 2 == 0 => {
            cp + 1
        }
        0x0139..=0x0148 | 0x0179..=0x017E | 0x01CD..=0x01DC if cp % 2 == 1 => cp + 1,
        0x01A0 | 0x01AF => cp + 1,
        0x0178 => 0x00FF,
        0x018F => 0x0259,
        // The capitals of Akan, Ewe and Hausa letters taken from IPA, scattered over Latin
        // Extended-B.
        0x0181 => 0x0253,
        0x0186 => 0x0254,
        0x0189 => 0x0256,
        0x018A => 0x0257,
        0x0190 => 0x025B,
        0x0191 => 0x0192,
        0x0194 => 0x0263,
        0x0198 => 0x0199,
        0x01B2 => 0x028B,
        0x0400..=0x040F => cp + 0x50,
        0x0410..=0x042F => cp + 0x20,
        0x0460..=0x04BF | 0x04D0..=0x04FF if cp % 2 == 0 => cp + 1,
        0x04C1..=0x04CE if cp % 2 == 1 => cp + 1,
        _ => cp,
    };
    char::from_u32(lower).unwrap_or(ch)
}

/// How rarely a character is written, beyond what [`cost`] counts: letters of Latin Extended-B and
/// Extended Additional, historic Cyrillic, Coptic, supplementary CJK, enclosed alphanumerics.
#[inline(never)]
fn rarity(ch: char) -> f32 {
    match ch {
        // The rarest letters of Russian, by how rarely (о, е, а are the commonest).
        'ч' | 'й' | 'х' | 'ж' | 'ш' | 'Ч' | 'Й' | 'Х' | 'Ж' | 'Ш' => return 0.2,
        'ю' | 'ц' | 'щ' | 'э' | 'ф' | 'Ю' | 'Ц' | 'Щ' | 'Э' | 'Ф' => return 0.4,
        'ъ' | 'Ъ' => return 0.8,
        _ => {}
    }
    match u32::from(ch) {
        // Romanian comma-below letters, Vietnamese horn letters, pinyin tones, schwa.
        0x0218..=0x021B | 0x01A0 | 0x01A1 | 0x01AF | 0x01B0 | 0x01CD..=0x01DC | 0x0259 | 0x018F => {
            0.0
        }
        0x0180..=0x024F => 1.0,
        0x1EA0..=0x1EF9 | 0x1E80..=0x1E85 => 0.0,
        0x1E00..=0x1EFF => 1.0,
        0x03D0..=0x03FF | 0x0460..=0x048F | 0x04C0..=0x052F | 0x0390 | 0x03B0 => 1.0,
        0x2100..=0x214F | 0x2200..=0x22FF => 0.3,
        // The supplemental mathematical blocks (Miscellaneous Mathematical Symbols-A and -B,
        // Supplemental Arrows-B, Supplemental Mathematical Operators): rarer than the operators
        // of 2200..22FF, and what a UTF-8 lead byte read in ISO-8859-2 instead of windows-1250
        // lands on (`⩈` for `⊈`).
        0x27C0..=0x27EF | 0x2900..=0x2AFF => 0.6,
        // Generic combining diacritics: text is nearly always precomposed (NFC), and decoding in
        // the wrong place (Mac OS Roman's Ã is CC) produces them.
        0x0300..=0x036F => 0.5,
        // Explicit direction embeddings and isolates: right-to-left text uses them, but rarely.
        0x202A..=0x202E | 0x2066..=0x2069 => 1.5,
        0x1F004 | 0x1F0CF | 0x1F170 | 0x1F171 | 0x1F17E | 0x1F17F | 0x1F18E | 0x1F191..=0x1F19A => {
            0.0
        }
        0x1F000..=0x1F1E5 => 1.0,
        0x20000..=0x2FFFF => 1.0,
        // Arabic letters beyond those of Arabic, Persian and Urdu.
        0x0679 | 0x067E | 0x0686 | 0x0688 | 0x0691 | 0x0698 | 0x06A9 | 0x06AF | 0x06BA | 0x06BE
        | 0x06C1 | 0x06CC | 0x06D2 => 0.0,
        0x0671..=0x06D3 => 1.0,
        // Georgian letters no modern text uses, and the rarely used capitals.
        0x10F7..=0x10FF | 0x1C90..=0x1CBF => 1.0,
        _ => 0.0,
    }
}

/// A tie-breaker between repairs that [`cost`] finds equally clean: how rare the characters are,
/// plus how many letters fit no single alphabet together with the others.
/// Whether `text` holds `ch`: a plain loop over the characters. `str::contains` with a `char`
/// links core's substring searcher (about 3 KB of wasm) for these few-dozen-letter alphabets.
fn has_char(text: &str, ch: char) -> bool {
    text.chars().any(|c| c == ch)
}

#[inline(never)]
pub(crate) fn oddity(text: &str) -> f32 {
    let mut letters: Vec<(char, u32)> = Vec::new();
    let mut rare = 0.0f32;
    for ch in text.chars() {
        rare += rarity(ch);
        if ch.is_ascii() || !ch.is_alphabetic() {
            continue;
        }
        let cp = u32::from(ch);
        if !(0x00C0..=0x024F).contains(&cp)
            && !(0x1E00..=0x1EFF).contains(&cp)
            && !(0x0400..=0x04FF).contains(&cp)
        {
            continue;
        }
        let lower = fold_case(ch);
        match letters.iter_mut().find(|(c, _)| *c == lower) {
            Some((_, n)) => *n += 1,
            None => letters.push((lower, 1)),
        }
    }
    // Letters that only a few alphabets use are a little less likely than the common ones.
    for &(letter, n) in &letters {
        if ALPHABETS.iter().filter(|a| has_char(a, letter)).count() <= 3 {
            rare += 0.1 * n as f32;
        }
    }
    let mut misfits = 0u32;
    for cyrillic in [false, true] {
        let group = letters
            .iter()
            .filter(|(c, _)| (('\u{0400}'..='\u{04FF}').contains(c)) == cyrillic);
        let total: u32 = group.clone().map(|(_, n)| n).sum();
        if total == 0 {
            continue;
        }
        let best_fit = ALPHABETS
            .iter()
            .map(|alphabet| {
                group
                    .clone()
                    .filter(|(c, _)| has_char(alphabet, *c))
                    .map(|(_, n)| n)
                    .sum::<u32>()
            })
            .max()
            .unwrap_or(0);
        misfits += total - best_fit;
    }
    rare + misfits as f32
}

/// Tracks a word for the case pattern of a flipped alphabet: a lowercase first letter followed only
/// by capitals of its script (`оПХБЕР`), which is what Russian looks like when KOI8-R and
/// windows-1251 are confused (the two order the alphabet differently and swap the cases). A
/// small letter of another script before Latin capitals is a symbol of a formula (`ρNT`, Greek
/// rho beside a product of variables), which no charset confusion makes.
#[derive(Default)]
struct FlippedCaseWord {
    letters: u32,
    lower_first: bool,
    upper_after: u32,
    non_ascii: bool,
    broken: bool,
    script: Option<Script>,
}

impl FlippedCaseWord {
    fn push(&mut self, ch: char, class: Class) -> f32 {
        if !is_letter(class) {
            return self.finish();
        }
        self.letters += 1;
        self.non_ascii |= !ch.is_ascii();
        if self.letters == 1 {
            self.lower_first = ch.is_lowercase();
            self.script = script(class);
        } else if script(class) != self.script {
            self.broken = true;
        } else if ch.is_uppercase() {
            self.upper_after += 1;
        } else {
            self.broken = true;
        }
        0.0
    }

    fn finish(&mut self) -> f32 {
        let flipped = self.lower_first && self.non_ascii && !self.broken && self.upper_after >= 2;
        *self = FlippedCaseWord::default();
        if flipped {
            2.0
        } else {
            0.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipa_letters_cost_but_those_alphabets_write() {
        assert_eq!(cost("Məmmədzadə Ɛkuɔ ɓaɗi"), 0.0);
        assert!(cost("aɡa") > 0.0);
        assert!(cost("aʃa") > 0.0);
    }

    #[test]
    fn fold_case_agrees_with_std_on_the_alphabets() {
        for alphabet in ALPHABETS {
            for lower in alphabet.chars() {
                for upper in lower.to_uppercase() {
                    if upper != lower && upper.to_lowercase().eq([lower]) {
                        assert_eq!(fold_case(upper), lower, "{upper}");
                    }
                }
                assert_eq!(fold_case(lower), lower);
            }
        }
    }

    #[test]
    fn clean_text_in_many_scripts_costs_nothing() {
        for text in [
            "Grüße aus Köln, schöne Höhe!",
            "L’été dernier, Noël « chez nous ».",
            "Привет, мир! Как дела?",
            "Καλημέρα κόσμε",
            "你好，世界。日本語のテキスト",
            "안녕하세요 세계",
            "שלום עולם",
            "مرحبا بالعالم",
            "สวัสดีชาวโลก",
            "Żółty źrebak pędził łąką",
            "It’s 25°C — “nice” 😀👍🏽",
            "Tiếng Việt có dấu",
        ] {
            assert_eq!(cost(text), 0.0, "{text}");
        }
    }

    #[test]
    fn mojibake_costs_more_than_its_repair() {
        for (garbled, clean) in [
            ("cafÃ©", "café"),
            ("Ð¿Ñ€Ð¸Ð²ÐµÑ‚", "привет"),
            ("РџСЂРёРІРµС‚", "Привет"),
            ("╨Я╤А╨╕╨▓╨╡╤В", "Привет"),
            ("ä½\u{A0}å¥½", "你好"),
            ("ðŸ˜€", "😀"),
            ("Ã\u{9F}", "ß"),
        ] {
            assert!(
                cost(garbled) > cost(clean) + 0.5,
                "{garbled}: {} vs {}",
                cost(garbled),
                cost(clean)
            );
        }
    }
}
