//! The shapes of clean text that a legacy-to-legacy reading must leave alone, whatever it gains:
//! tables of letters (`ŚŤŽŹ`), words spaced out letter by letter, lines drawn with box drawing,
//! alphabets and lists of letters, suffixes of another script, pointed letters, and words the
//! text already spells right ([`harms_clean_text`]). Such text holds the same signs a misreading
//! makes, so the letter model alone would read it into another charset.

use super::legacy_evidence::{
    bits_per_letter, cased_like_a_word, changes_a_word_its_links_spell, is_c1,
    reads_better_as_words, reads_better_in_one_language, words, MIN_READ_WORD,
    UNREADABLE_BITS_PER_LETTER,
};
use super::likelihood::{at_hyphenation_point, dash_letter, quote_letter};
use super::plausibility::{classify, letter_at, Class, Script};

/// Whether a legacy-to-legacy reading changes what clean text holds and no misreading makes: lists
/// of letters, drawn lines and tables, no-break spaces, readable words
/// (docs/MOJIBAKE.md, "Clean text from elsewhere").
pub(super) fn harms_clean_text(text: &str, decoded: &str) -> bool {
    makes_a_stutter(text, decoded)
        || changes_only_letter_lists(text, decoded)
        || changes_only_suffixes_of_another_script(text, decoded)
        || breaks_a_drawn_line(text, decoded)
        || only_box_drawing_beside_words(text, decoded)
        || no_break_space_between_letters(text, decoded)
        || changes_only_hyphenation_points(text, decoded)
        || (spoils_a_word(text, decoded)
            && !(reads_better_as_words(text, decoded)
                || reads_better_in_one_language(text, decoded)))
        || changes_pointed_letters(text, decoded)
        || changes_a_word_its_links_spell(text, decoded)
        || changes_a_table(text, decoded)
        || changes_a_spaced_out_word(text, decoded)
        || spoils_a_frequent_word(text, decoded)
}

/// Whether a legacy-to-legacy reading changes a word of [`MIN_SPOILED_FREQUENT`] letters or more
/// that is one of a language's most frequent words beyond ASCII (`crate::detect::is_frequent_word`)
/// as it stands, cased as words are (small letters, a capital before them, or capitals only):
/// French `août` is what a reader knows at once, while a misreading makes such a word only by
/// chance, and with a capital inside it (`perchÈ`, windows-1252's `perché` shown as Mac OS Roman,
/// is Italian's frequent `perchè` in another case). Mac OS Roman's `û` is windows-1252's `ž`, and one
/// frequent Latvian word (`pie`) had `formule pie août` read as `aožt`.
pub(super) fn spoils_a_frequent_word(text: &str, decoded: &str) -> bool {
    let before: Vec<char> = text.chars().collect();
    let after: Vec<char> = decoded.chars().collect();
    before.len() == after.len()
        && words(&before).any(|(at, word)| {
            word.len() >= MIN_SPOILED_FREQUENT
                && cased_like_a_word(word)
                && after.get(at..at + word.len()) != Some(word)
                && crate::detect::is_frequent_word(word, None)
        })
}

/// The fewest letters of a frequent word that [`spoils_a_frequent_word`] keeps.
pub(super) const MIN_SPOILED_FREQUENT: usize = 4;

/// Whether a legacy-to-legacy reading changes a sign beyond ASCII that stands between every two
/// letters of a word, [`MIN_SPACED_OUT`] times or more (`T•Ø•R•Ü•S`, a name spaced out with
/// bullets, which Mac OS Roman read as windows-1250 made `TĄŻĄRĄ†ĄS`): a separator, repeated.
/// A misread letter is not the same one at every other place of a word.
pub(super) fn changes_a_spaced_out_word(text: &str, decoded: &str) -> bool {
    let before: Vec<char> = text.chars().collect();
    let letter = |k: usize| before.get(k).is_some_and(|c| c.is_alphabetic());
    let sign = |k: usize| {
        before
            .get(k)
            .filter(|c| !c.is_ascii() && !c.is_alphanumeric() && !c.is_whitespace())
            .copied()
    };
    // Whether the sign at `i` opens `L S L S …` with the same sign `MIN_SPACED_OUT` times.
    let spaced_out = |i: usize| {
        let Some(s) = sign(i) else { return false };
        i.checked_sub(1).is_some_and(letter)
            && (0..MIN_SPACED_OUT).all(|n| sign(i + 2 * n) == Some(s) && letter(i + 2 * n + 1))
    };
    let mut spaced = vec![false; before.len()];
    for i in 0..before.len() {
        if spaced_out(i) {
            let mut k = i;
            while sign(k) == sign(i) && letter(k + 1) {
                if let Some(x) = spaced.get_mut(k) {
                    *x = true;
                }
                k += 2;
            }
        }
    }
    before
        .iter()
        .zip(decoded.chars())
        .enumerate()
        .any(|(k, (&a, b))| a != b && spaced.get(k) == Some(&true))
}

/// The fewest times a sign must stand between letters for [`changes_a_spaced_out_word`].
pub(super) const MIN_SPACED_OUT: usize = 3;

/// Whether a legacy-to-legacy reading changes a character of a run of [`MIN_TABLE_RUN`] or more
/// beyond ASCII, each a code point or two after the one before (`\u{80}\u{81}\u{82}…`,
/// `ÀÁÂÃÄÅ…`): a table of a charset, which some reading always turns into another charset's table
/// (`АБВГ…` in code page 866). Mojibake makes such a run only of a table too.
pub(super) fn changes_a_table(text: &str, decoded: &str) -> bool {
    let before: Vec<char> = text.chars().collect();
    let in_table = in_a_table(&before);
    before
        .iter()
        .zip(decoded.chars())
        .enumerate()
        .any(|(k, (&a, b))| a != b && in_table.get(k) == Some(&true))
}

/// For each character, whether it is in a table ([`changes_a_table`]): a run of
/// [`MIN_TABLE_RUN`] characters or more beyond ASCII, each a code point or two after the one
/// before, and the characters beyond ASCII glued to it (a charset's table is in the order of its
/// bytes, and only some stretches of it in code point order: `\u{9F}\u{A0}”¢£¤„¦§Ø`).
pub(super) fn in_a_table(chars: &[char]) -> Vec<bool> {
    // The runs in code point order.
    let mut in_order = vec![false; chars.len()];
    for run in super::likelihood::runs_in_order(chars) {
        if run.len() >= MIN_TABLE_RUN && chars.get(run.start).is_some_and(|c| !c.is_ascii()) {
            in_order.get_mut(run).unwrap_or_default().fill(true);
        }
    }
    // And every run of characters beyond ASCII that holds one, or that is long and hardly repeats
    // a character: the tables of the DOS and Mac code pages are in the order of their bytes, not
    // of code points (`ĆüéāäģåćłēŖŗ…`, code page 775).
    let mut in_table = vec![false; chars.len()];
    let mut start = 0;
    for end in 0..=chars.len() {
        if chars.get(end).is_some_and(|c| !c.is_ascii()) {
            continue;
        }
        let run = chars.get(start..end).unwrap_or_default();
        if in_order.get(start..end).unwrap_or_default().contains(&true) || hardly_repeats(run) {
            in_table.get_mut(start..end).unwrap_or_default().fill(true);
        }
        start = end + 1;
    }
    in_table
}

/// Whether `run` (characters beyond ASCII, glued) is [`MIN_TABLE_LENGTH`] characters or more,
/// repeats one in [`TABLE_REPEATS`] at most and holds no C1 control: a charset's table names
/// each character once, while no word is that long, and UTF-8 shown in a legacy charset repeats
/// its lead bytes (`ÐÑ`, `Ã`). A C1 control is a byte shown through Latin-1: code page 850's
/// table in code point order (`ßàáâ…`) read as Latin-1 is `á\u{85}\u{A0}\u{83}Æ…`, mojibake.
pub(super) fn hardly_repeats(run: &[char]) -> bool {
    if !(MIN_TABLE_LENGTH..=MAX_TABLE_LENGTH).contains(&run.len()) || run.iter().any(|&c| is_c1(c))
    {
        return false;
    }
    // Counted until there are too many: text repeats its letters early.
    let allowed = run.len() / TABLE_REPEATS;
    let mut repeats = 0;
    for (k, c) in run.iter().enumerate() {
        if run.get(..k).unwrap_or_default().contains(c) {
            repeats += 1;
            if repeats > allowed {
                return false;
            }
        }
    }
    true
}

/// The shortest run of characters beyond ASCII that [`hardly_repeats`] takes for a table.
pub(super) const MIN_TABLE_LENGTH: usize = 32;

/// The longest run [`hardly_repeats`] looks at: a charset's upper half is 128 characters, and a
/// longer run (CJK text has no spaces) is never one table. It also bounds the time the quadratic
/// count takes.
pub(super) const MAX_TABLE_LENGTH: usize = 256;

/// One character in this many may repeat one before it in a table ([`hardly_repeats`]): a
/// table shows the bytes a charset leaves undefined as one sign (`�`) or the same control.
pub(super) const TABLE_REPEATS: usize = 16;

/// The shortest run of characters in code point order that [`changes_a_table`] takes for a table.
pub(super) const MIN_TABLE_RUN: usize = 8;

/// Whether a legacy-to-legacy reading changes a vowel point or another combining mark that
/// follows a Hebrew or Arabic letter (`أَمرخ`, `גִּבּוֹרֵי`): pointed text is written so, and the
/// letter model, which prices the points, would rather read it as Cyrillic (`ГоеСО`) than as the
/// Arabic it is. Mojibake scatters such marks at random, not on letters of their script only.
pub(super) fn changes_pointed_letters(text: &str, decoded: &str) -> bool {
    let before: Vec<char> = text.chars().collect();
    let pointed = |i: usize| {
        let base = before
            .get(..i)
            .unwrap_or_default()
            .iter()
            .rev()
            .find(|&&c| classify(c) != Class::Mark);
        classify(before.get(i).copied().unwrap_or(' ')) == Class::Mark
            && base.is_some_and(|&c| {
                matches!(classify(c), Class::Letter(Script::Hebrew | Script::Arabic))
            })
    };
    before
        .iter()
        .zip(decoded.chars())
        .enumerate()
        .any(|(i, (&a, b))| a != b && pointed(i))
}

/// Whether every word that a reading changes is a list of the special letters of one Latin
/// alphabet ([`is_letter_list`]: `åäö`, `ÄÖÜ`, `ß`, `æøå`), or of the ASCII alphabet and more
/// ([`holds_the_alphabet`]). People write such lists to name their letters;
/// a word of another script shown in a Western charset (`Ïðèâåò`, `àîéø`) mixes alphabets.
pub(super) fn changes_only_letter_lists(text: &str, decoded: &str) -> bool {
    let before: Vec<char> = text.chars().collect();
    let after: Vec<char> = decoded.chars().collect();
    let mut in_list = vec![false; before.len()];
    for (at, word) in words(&before) {
        // A lone letter that stands for a dash in English text is no list (`contents Ñ setting`),
        // nor one that stands for a quotation mark (`ë==í`).
        if (is_letter_list(word) || holds_the_alphabet(word))
            && !(word.len() == 1 && (dash_letter(&before, at) || quote_letter(&before, at)))
        {
            in_list
                .get_mut(at..at + word.len())
                .unwrap_or_default()
                .fill(true);
        }
    }
    let mut changed = (0..before.len())
        .filter(|&k| before.get(k) != after.get(k))
        .peekable();
    changed.peek().is_some() && changed.all(|k| in_list.get(k) == Some(&true))
}

/// Whether `word` holds five ASCII letters or more in the alphabet's order (`abcde`, `VWXYZ`): no
/// language's word does, a list of letters does (`…xyzªµº`, the letters Latin-1 adds to ASCII's
/// in a test of identifiers).
pub(super) fn holds_the_alphabet(word: &[char]) -> bool {
    word.windows(5).any(|w| {
        w.iter().all(char::is_ascii_alphabetic)
            && w.windows(2).all(|p| u32::from(p[1]) == u32::from(p[0]) + 1)
    })
}

/// Whether a legacy-to-legacy reading changes a word of [`MIN_READ_WORD`] letters or more into one
/// with a letter three times in a row: no word of a language has one, and a test string
/// (`ααααααβ` read as `сссссст`) or lead bytes that lost their continuation bytes (`áááá`,
/// Georgian, read as `сссс`) have one whatever they are read as. (`ООО`, a Russian company's
/// form, is shorter.)
pub(super) fn makes_a_stutter(text: &str, decoded: &str) -> bool {
    let before: Vec<char> = text.chars().collect();
    let after: Vec<char> = decoded.chars().collect();
    let stutter = words(&after).any(|(at, word)| {
        word.len() >= MIN_READ_WORD
            && before.get(at..at + word.len()) != Some(word)
            && word.windows(3).any(|w| w[0] == w[1] && w[1] == w[2])
    });
    stutter
}

/// Whether every character a legacy-to-legacy reading changes is in a run of letters of another
/// script than Latin, opened by a capital, glued to the end of a word of ASCII letters that ends
/// in small ones
/// (`barЫ`, `spanЫ`, `RustКр`: identifiers and test strings of code that check how a library
/// handles a character beyond ASCII). A Latin-1 text shown in windows-1251 makes small letters
/// there (`Mьller`, `cafй`), since people do not write a capital after small letters.
pub(super) fn changes_only_suffixes_of_another_script(text: &str, decoded: &str) -> bool {
    let before: Vec<char> = text.chars().collect();
    let mut changed = before
        .iter()
        .zip(decoded.chars())
        .enumerate()
        .filter(|&(_, (&a, b))| a != b)
        .map(|(k, _)| k)
        .peekable();
    let other_script = |c: &char| {
        c.is_alphabetic()
            && !matches!(
                classify(*c),
                Class::AsciiLetter | Class::Letter(Script::Latin)
            )
    };
    changed.peek().is_some()
        && changed.all(|k| {
            let Some(run_start) = before
                .get(..=k)
                .unwrap_or_default()
                .iter()
                .rposition(|c| !other_script(c))
                .map(|p| p + 1)
            else {
                return false;
            };
            let head = before.get(..run_start).unwrap_or_default();
            let small = head
                .iter()
                .rev()
                .take_while(|c| c.is_ascii_lowercase())
                .count();
            let ascii = head
                .iter()
                .rev()
                .take_while(|c| c.is_ascii_alphabetic())
                .count();
            small >= 2
                && before.get(run_start).is_some_and(|c| c.is_uppercase())
                && !head
                    .get(..run_start - ascii)
                    .and_then(|h| h.last())
                    .is_some_and(|c| c.is_alphabetic())
        })
}

/// Whether a legacy-to-legacy reading changes box drawing that draws a line, or spaces that
/// align text: a horizontal line between two more characters of box drawing (`└───┘`), a
/// vertical line that opens or closes a line of text (a table's frame), two no-break spaces in a
/// row. Box drawing glued to letters is what a wrong charset makes of letters (`╨Я╤А`), but no
/// word repeats one letter three times, as a line read in another charset would (`ÑÄÄÄÖ`,
/// KOI8-R's `└───┘` as Mac OS Roman).
pub(super) fn breaks_a_drawn_line(text: &str, decoded: &str) -> bool {
    let before: Vec<char> = text.chars().collect();
    let after: Vec<char> = decoded.chars().collect();
    let changed = |k: usize| after.get(k) != before.get(k);
    let line = before
        .windows(3)
        .enumerate()
        .any(|(k, w)| is_box(w[0]) && is_horizontal(w[1]) && is_box(w[2]) && changed(k + 1));
    // The frame of a table row (`│Field Type│Description│`): a vertical line that opens or
    // closes a line of text.
    let mut frame = false;
    for row in split_lines(&before) {
        let trimmed: Vec<usize> = row
            .filter(|&k| before.get(k).is_some_and(|c| !c.is_whitespace()))
            .collect();
        for &k in [trimmed.first(), trimmed.last()].into_iter().flatten() {
            frame |= before.get(k).is_some_and(|&c| is_vertical(c)) && changed(k);
        }
    }
    // Padding of no-break spaces (`p\u{A0}\u{A0}\u{A0}unused`): no word repeats a letter that
    // a reading could make of them.
    let padding = before
        .windows(2)
        .enumerate()
        .any(|(k, w)| w == ['\u{A0}', '\u{A0}'] && (changed(k) || changed(k + 1)));
    line || frame || padding
}

/// The index ranges of the lines of `chars` (split at line feeds).
pub(super) fn split_lines(chars: &[char]) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    let mut start = 0;
    chars.split(|&c| c == '\n').map(move |line| {
        let range = start..start + line.len();
        start += line.len() + 1;
        range
    })
}

/// Whether a legacy-to-legacy reading changes only box drawing that stands beside a word, not
/// inside one, or vertical lines: a frame, a tree or a table drawn around ASCII text
/// (`│XXXXXXXX│`, `└contact`, `│Field Type│Description│`). What a wrong charset makes of letters
/// puts box drawing of many shapes between letters (`╨Я╤А`).
pub(super) fn only_box_drawing_beside_words(text: &str, decoded: &str) -> bool {
    let before: Vec<char> = text.chars().collect();
    changes_only(&before, decoded, |k, a| {
        is_vertical(a)
            || (is_box(a)
                && !(letter_at(&before, k.checked_sub(1)) && letter_at(&before, Some(k + 1))))
    })
}

/// Whether a reading (`decoded`, character for character) changes something of `before`, and only
/// characters for which `allowed(position, character)` holds.
fn changes_only(before: &[char], decoded: &str, allowed: impl Fn(usize, char) -> bool) -> bool {
    let mut changed = before
        .iter()
        .zip(decoded.chars())
        .enumerate()
        .filter(|&(_, (&a, b))| a != b)
        .peekable();
    changed.peek().is_some() && changed.all(|(k, (&a, _))| allowed(k, a))
}

/// Whether a legacy-to-legacy reading makes a no-break space between two letters (`island\u{9A}tina`
/// read in KOI8-R, whose 9A is U+00A0): a no-break space between words is typography, which the
/// letter model leaves unpriced ([`super::likelihood`]'s `between_words`), and no misread
/// character is more likely one than the letter it replaces.
pub(super) fn no_break_space_between_letters(text: &str, decoded: &str) -> bool {
    let after: Vec<char> = decoded.chars().collect();
    text.chars().zip(&after).enumerate().any(|(k, (a, &b))| {
        a != b && b == '\u{A0}' && super::likelihood::between_letters(&after, k)
    })
}

/// Whether every character a legacy-to-legacy reading changes is a soft hyphen at a hyphenation
/// point ([`at_hyphenation_point`]: `Seiten\u{AD}informationen`, as Wikipedia breaks long
/// compounds, became code page 852's `Seitenşinformationen`). Code page 852's `ş` and code page
/// 866's `н`, shown in a charset whose AD is the soft hyphen, are true misreadings; a text that
/// holds one shows its other letters misread too, and then this leaves the reading to the other
/// gates.
pub(super) fn changes_only_hyphenation_points(text: &str, decoded: &str) -> bool {
    let before: Vec<char> = text.chars().collect();
    changes_only(&before, decoded, |k, _| at_hyphenation_point(&before, k))
}

/// Whether a legacy-to-legacy reading changes a run of [`MIN_SPOILED_RUN`] letters beyond ASCII or
/// more, within a word or a word of its own, that the letter model does not find unreadable
/// (`ścieżki`, 4.6 bits a letter; `ФАЙЛ` after troff's `\fI`, 7.0) into letters it reads worse by
/// more than a bit a letter (`úcieýki`, 6.0: windows-1250 read as windows-1252 because of one
/// stray C1 control elsewhere in the line; `æáế`, 13.5). The letters a
/// right reading changes were unreadable. A reading that makes punctuation of a letter
/// (`operandÕs` → `operand’s`) splits the run instead, and is not judged here. The letter model
/// prices each word in the language that reads it best (`høbetem` reads as Danish), so
/// [`harms_clean_text`] lets a reading that [`reads_better_as_words`] in one language pass
/// (`modrým høbetem, køídly` is Czech `modrým hřbetem, křídly`).
pub(super) fn spoils_a_word(text: &str, decoded: &str) -> bool {
    let before: Vec<char> = text.chars().collect();
    let after: Vec<char> = decoded.chars().collect();
    let letter = |c: &char| c.is_alphabetic() || ('\u{300}'..='\u{36F}').contains(c);
    let spoiled = |at: usize, old: &[char]| {
        let new = after.get(at..at + old.len()).unwrap_or_default();
        if old.len() < MIN_SPOILED_RUN || new == old || !new.iter().all(letter) {
            return false;
        }
        match (bits_per_letter(old), bits_per_letter(new)) {
            (Some(old), Some(new)) => old < UNREADABLE_BITS_PER_LETTER && new > old + 1.0,
            (Some(old), None) => old < UNREADABLE_BITS_PER_LETTER,
            _ => false,
        }
    };
    let found = words(&before).any(|(at, word)| {
        if word.iter().all(char::is_ascii) {
            return false;
        }
        if spoiled(at, word) {
            return true;
        }
        // And its runs of letters beyond ASCII, for a word that glues scripts (`fIФАЙЛ`, troff's
        // font escape before Russian).
        let mut k = 0;
        while k < word.len() {
            let len = word
                .get(k..)
                .unwrap_or_default()
                .iter()
                .take_while(|c| !c.is_ascii())
                .count();
            if len > 0 && spoiled(at + k, word.get(k..k + len).unwrap_or_default()) {
                return true;
            }
            k += len.max(1);
        }
        false
    });
    found
}

/// The shortest run of letters beyond ASCII that [`spoils_a_word`] judges.
pub(super) const MIN_SPOILED_RUN: usize = 4;

/// Whether `word` is a list of Latin letters beyond ASCII, none twice: the special letters of one
/// alphabet of the letter model (`åäö`, `ÄÖÜ`, `ß`), or three or more letters in code point order
/// (`ÀÁÂÃÄÅ`, `ÈÉÊË`, `ßàáâ…öøù…ÿ`: a test string, or a table of a charset), or three or more
/// letters in code point order followed by the same in the other case (`ÀÈÉÌÒÓÙàèéìòóù`, an
/// alphabet's accented vowels in a line of code).
pub(super) fn is_letter_list(word: &[char]) -> bool {
    let latin = word.iter().enumerate().all(|(k, &c)| {
        !c.is_ascii()
            && classify(c) == Class::Letter(Script::Latin)
            && !word.get(..k).unwrap_or_default().contains(&c)
    });
    // In code point order, skipping at most one code point at a time (`×` between `Ö` and `Ø`).
    let in_order = word.len() >= 3
        && word
            .windows(2)
            .all(|w| super::likelihood::follows_in_order(w[0], w[1]));
    let (first, second) = word.split_at(word.len() / 2);
    let both_cases = first.len() >= 3
        && first.len() == second.len()
        && first.windows(2).all(|w| w[0] < w[1])
        && (first
            .iter()
            .zip(second)
            .all(|(&a, &b)| a.to_lowercase().eq([b]) && a != b)
            || first
                .iter()
                .zip(second)
                .all(|(&a, &b)| b.to_lowercase().eq([a]) && a != b));
    latin && (in_order || both_cases || crate::detect::one_alphabet(word, 0))
}

/// Whether `c` is box drawing (U+2500–U+257F).
pub(super) fn is_box(c: char) -> bool {
    matches!(c, '\u{2500}'..='\u{257F}')
}

/// Whether `c` draws a horizontal line, plain, heavy, double or dashed.
pub(super) fn is_horizontal(c: char) -> bool {
    matches!(c, '─' | '━' | '═' | '╌' | '╍' | '┄' | '┅' | '┈' | '┉')
}

/// Whether `c` draws a vertical line, plain, heavy or double.
pub(super) fn is_vertical(c: char) -> bool {
    matches!(c, '│' | '┃' | '║')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_of_letters_are_no_words() {
        for word in ["åäö", "ÀÁÂÃÄÅ", "ÀÈÉÌÒÓÙàèéìòóù"] {
            assert!(is_letter_list(&word.chars().collect::<Vec<_>>()), "{word}");
        }
        for word in ["Größe", "café", "éa"] {
            assert!(!is_letter_list(&word.chars().collect::<Vec<_>>()), "{word}");
        }
    }

    #[test]
    fn a_reading_that_changes_a_spaced_out_name_or_a_table_harms_clean_text() {
        // A name spaced out with bullets (Mac OS Roman read as windows-1250 made `TĄŻĄRĄ†ĄS` of
        // it), and a row of a charset's table.
        assert!(harms_clean_text("T•Ø•R•Ü•S", "TĄŻĄRĄ†ĄS"));
        assert!(harms_clean_text("ÀÁÂÃÄÅÆÇ", "ŔÁÂĂÄĹĆÇ"));
        // A sentence whose misread letters become letters harms nothing.
        assert!(!harms_clean_text("ErzsÈbet Horv·th", "Erzsébet Horváth"));
    }
}
