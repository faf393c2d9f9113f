//! Whether sequences in a text are UTF-8 that lost bytes, told by their place in the text: a
//! continuation byte that came through, U+FFFD or `?` where a byte was, an emoji cut short, `â`
//! (the lead byte of punctuation) with its continuation bytes stripped, `Ã` opening a word; and
//! where reading them as UTF-8 would spoil a readable word of the text instead (`ไทเค`: Thai in
//! windows-874, whose bytes look like lead bytes). `repair` asks this before it reads a whole
//! text, or pieces of one, as UTF-8 that lost bytes.

use super::clean_text::is_letter_list;
use super::legacy_evidence::is_c1;
use super::legacy_evidence::{bits_per_letter, word_around, words, UNREADABLE_BITS_PER_LETTER};
use super::likelihood::{at_hyphenation_point, is_one_letter_word, LONGEST_WORD};
use super::plausibility::{classify, is_emoji, letter_at, script_of, Class, Script};
use super::sequences::{c1_byte_can_follow, Read, Sequence};
use crate::charset::Charset;

/// Whether the stretch `chars[start..end]` is a whole word of three letters or more beyond ASCII,
/// glued to nothing but ASCII, that the letter model does not find unreadable and that is
/// written as words are: troff's `\fIтак\fR`, whose code page 866 bytes (E2 A0 AA) are UTF-8's
/// braille `⠪`. UTF-8 shown in another charset seldom makes such a word: its continuation bytes
/// are signs, box drawing or capitals there, a capital after a small letter (`тАФ` is `—` in code
/// page 866), or a Greek capital with tonos inside a word, which Greek spelling never has (`ΠΌΠΎ`
/// is Cyrillic `мо` in windows-1253).
pub(super) fn is_a_readable_word(chars: &[char], start: usize, end: usize) -> bool {
    let beyond = |c: Option<&char>| c.is_some_and(|c| c.is_alphabetic() && !c.is_ascii());
    let Some(word) = chars.get(start..end) else {
        return false;
    };
    word.len() >= 3
        && word.iter().all(|c| beyond(Some(c)))
        && !beyond(start.checked_sub(1).and_then(|k| chars.get(k)))
        && !beyond(chars.get(end))
        && !word.windows(2).any(|w| {
            (w[0].is_lowercase() && w[1].is_uppercase())
                || matches!(w[1], '\u{386}' | '\u{388}'..='\u{38F}')
        })
        && bits_per_letter(word).is_some_and(|b| b < UNREADABLE_BITS_PER_LETTER)
}

/// Whether a run of multi-byte sequences covers a word that [`is_a_readable_word`] reads.
pub(super) fn reads_a_readable_word(
    chars: &[char],
    sequences: &[super::sequences::Sequence],
) -> bool {
    let mut k = 0;
    while k < sequences.len() {
        let first = k;
        while sequences.get(k).is_some_and(|s| s.is_multi_byte()) {
            k += 1;
        }
        if let (Some(a), Some(b)) = (
            sequences.get(first),
            k.checked_sub(1).and_then(|l| sequences.get(l)),
        ) {
            if k > first && is_a_readable_word(chars, a.start, b.end) {
                return true;
            }
        }
        k += 1;
    }
    false
}

/// Whether a repaired stretch `chars[start..end]`, repaired as `repaired`, would put letters of
/// another script inside a word: a stretch of Thai read in ISO-8859-11 as UTF-8 (`โต๊ะ` as
/// Cyrillic `зӧ`) between Thai letters. Mojibake inside a word repairs to letters of the word's
/// script (`cafÃ©` to `café`).
pub(super) fn breaks_a_word(chars: &[char], start: usize, end: usize, repaired: &[char]) -> bool {
    let script = |c: char| match classify(c) {
        Class::AsciiLetter => Some(Script::Latin),
        Class::Letter(s) => Some(s),
        _ => None,
    };
    // An ASCII word may have a field of another script glued to it (`يعربshire`), when the field
    // is three characters or more; one character glued to an ASCII word is chance (`Mársì – `
    // read as `Márs젖`).
    let field = repaired.len() >= 3;
    let outside = |c: Option<char>| c.filter(|c| !(field && c.is_ascii()));
    let before = outside(start.checked_sub(1).and_then(|k| chars.get(k)).copied());
    let after = outside(chars.get(end).copied());
    [(before, repaired.first()), (after, repaired.last())]
        .iter()
        .any(|&(outside, inside)| {
            match (outside.and_then(script), inside.copied().and_then(script)) {
                (Some(a), Some(b)) => a != b,
                _ => false,
            }
        })
}

/// Whether sequences show enough of UTF-8's structure to be read as UTF-8 that lost some bytes.
/// Whole characters and lost ones whose structure is confirmed (a continuation byte came through,
/// or U+FFFD stands for the byte: `sequences::Read::Lost`) are evidence, and so are lost ones
/// whose place in the text speaks for them ([`lost_evidence`]); there must be a whole character
/// among them (a lead and a continuation byte meet by chance in a string of symbols) or two
/// pieces of evidence, at least as many as the unconfirmed lost ones, and twice as many as the
/// unconfirmed ones that merely stopped short (clean text stops short wherever an accented letter
/// meets an ASCII one). A lost sequence whose lead byte leads a whole character elsewhere in
/// the text (or, beyond Latin, a two-byte lead of the same script) counts as evidence too, unless
/// a readable word would be lost. A repair that would only turn the three characters of U+FFFD's
/// own mojibake (`ï¿½`) into U+FFFD recovers nothing: such sequences are no evidence.
pub(super) fn enough_whole(chars: &[char], sequences: &[super::sequences::Sequence]) -> bool {
    let (mut whole, mut evidence, mut marked, mut short, mut by_lead) = (0, 0, 0, 0, 0);
    // The whole characters that took no space for A0: a lead byte of one of them, or a two-byte
    // lead of the same script beyond Latin, standing alone elsewhere lost its continuation byte
    // there (`Ð¢ÐÐÐÐ` is `Т` and four Cyrillic letters whose C1 byte was stripped; `Ø¹ ... ÙÙ`
    // Arabic).
    // Read once per stretch: the first bytes of its whole characters, and the scripts beyond
    // Latin of its two-byte ones.
    let mut whole_leads = [false; 256];
    let mut two_byte_scripts: Vec<Script> = Vec::new();
    for seq in sequences {
        let Read::Char(c) = seq.read else { continue };
        if c == '\u{FFFD}' || seq.spaces != 0 {
            continue;
        }
        let mut buf = [0u8; 4];
        if let Some(&first) = c.encode_utf8(&mut buf).as_bytes().first() {
            if let Some(seen) = whole_leads.get_mut(usize::from(first)) {
                *seen = true;
            }
        }
        let script = script_of(u32::from(c));
        if c.len_utf8() == 2 && script != Script::Latin && !two_byte_scripts.contains(&script) {
            two_byte_scripts.push(script);
        }
    }
    let seen_whole = |lead: u8| {
        // A two-byte lead's first code point: its five low bits, shifted past the six of the
        // continuation byte.
        let lead_script = script_of(u32::from(lead & 0x1F) << 6);
        let two_byte_lead = (0xC2..=0xDF).contains(&lead);
        whole_leads.get(usize::from(lead)).copied().unwrap_or(false)
            || (two_byte_lead && two_byte_scripts.contains(&lead_script))
    };
    let mut after_lost = false;
    let mut three_of_four = false;
    for seq in sequences {
        let lost = matches!(seq.read, Read::Lost { .. });
        match seq.read {
            Read::Char('\u{FFFD}') => {}
            // A combining sign right after a character that lost bytes would sit on U+FFFD: bytes
            // that met by chance (`โฌเซฟ`, Thai in ISO-8859-11, is E2 AC and then E0 AB BF, a
            // Gujarati nukta), no whole character.
            Read::Char(c) if after_lost && combines(c) => {}
            Read::Char(_) => {
                whole += 1;
                evidence += 1;
            }
            // `â` (E2) and a continuation byte shown as a sign: punctuation that lost its middle
            // byte (`â¦` for `…`, `â¢` for `•`); clean text puts no sign right after `â`, though
            // it puts letters there (Inari Sami `Anarâškielâ`), and a soft hyphen where the word
            // may break (Portuguese `dinâ\u{AD}mica`, Turkish `hikâ\u{AD}yeler`: rule 104).
            Read::Lost {
                confirmed: true, ..
            } => {
                let sign_after_e2 = chars.get(seq.start) == Some(&'â')
                    && chars
                        .get(seq.start + 1..seq.end)
                        .is_some_and(|c| c.iter().all(|c| !c.is_alphanumeric()))
                    && !at_hyphenation_point(chars, seq.start + 1);
                // Three bytes of a four-byte sequence, stopped short (`ðŸ‘`: an emoji whose last
                // byte was stripped), are no chance meeting either: enough alone, though they
                // vouch for no other sequence that stopped short (`naïve ðŸ‘` keeps its `ï`).
                three_of_four |= emoji_that_lost_its_last_byte(seq);
                evidence += if sign_after_e2 { 2 } else { 1 };
            }
            Read::Lost {
                marked: m,
                full,
                lead,
                ..
            } => match lost_evidence(chars, seq, full) {
                0 if seen_whole(lead) => {
                    evidence += 1;
                    by_lead += 1;
                }
                0 if m => marked += 1,
                0 => short += 1,
                n => evidence += n,
            },
            _ => {}
        }
        after_lost = lost;
    }
    // Evidence from lead bytes alone must not cost a readable word either: Thai in windows-874
    // is all lead and continuation bytes, a few of which meet as whole characters.
    let readable_kept = (whole > 0 && by_lead == 0) || !loses_a_readable_word(chars, sequences);
    (whole > 0 || evidence >= 2 || three_of_four)
        && readable_kept
        && marked + short <= evidence
        && 2 * short <= evidence
}

/// Whether a sequence is three bytes of a four-byte one (lead F0: most emoji) that stopped short
/// where no mark or space stands, the last byte lost (`ðŸ‘`: 👍, F0 9F 91 8D, in windows-1252,
/// whose decoder passes 8D as a C1 control that software strips).
pub(super) fn emoji_that_lost_its_last_byte(seq: &super::sequences::Sequence) -> bool {
    matches!(
        seq.read,
        Read::Lost {
            confirmed: true,
            marked: false,
            lead: 0xF0,
            ..
        }
    ) && seq.spaces == 0
        && seq.end - seq.start == 3
}

/// Whether `c` is a sign that combines with the character before it: a combining mark, or a sign
/// of the Indic blocks (U+0900–U+0DFF) that is neither a letter, a digit nor punctuation (viramas,
/// nuktas, candrabindu).
pub(super) fn combines(c: char) -> bool {
    let class = classify(c);
    class == Class::Mark || (matches!(u32::from(c), 0x0900..=0x0DFF) && class == Class::Symbol)
}

/// Whether the word before `start` or the one from `end` on, past the spaces and punctuation
/// between, is a word of two ASCII letters or more.
pub(super) fn beside_an_ascii_word(chars: &[char], start: usize, end: usize) -> bool {
    let ascii_word = |word: &mut dyn Iterator<Item = &char>| {
        let letters: Vec<char> = word.take_while(|c| c.is_alphabetic()).copied().collect();
        letters.len() >= 2 && letters.iter().all(char::is_ascii_alphabetic)
    };
    let head = chars.get(..start).unwrap_or_default();
    let tail = chars.get(end..).unwrap_or_default();
    let gap = |c: &&char| !c.is_alphabetic() && !c.is_ascii_digit();
    // The gap and the word are read as far as a word is long, each.
    let far = 2 * LONGEST_WORD;
    ascii_word(&mut head.iter().rev().take(far).skip_while(gap))
        || ascii_word(&mut tail.iter().take(far).skip_while(gap))
}

/// Whether the lost sequences cover a whole word of two letters or more that the letter model
/// does not find unreadable (`ไทเค`, 7.5 bits a letter: Thai in windows-874, whose bytes happen
/// to look like UTF-8 lead bytes). A reading that recovers no whole character must not turn such a word
/// into U+FFFD.
pub(super) fn loses_a_readable_word(
    chars: &[char],
    sequences: &[super::sequences::Sequence],
) -> bool {
    // The sequences are in text order: the one that holds character `k` is found by halving.
    let lost = |k: usize| {
        let at = sequences.partition_point(|s| s.end <= k);
        sequences
            .get(at)
            .is_some_and(|s| matches!(s.read, Read::Lost { .. }) && (s.start..s.end).contains(&k))
    };
    // Only a word between the first sequence's start and the last one's end can be lost whole:
    // one that goes on past either has a letter no sequence holds. The text is read over that
    // span alone, not from the word's start for each stretch (a long word of many stretches).
    let (Some(first), Some(last)) = (sequences.first(), sequences.last()) else {
        return false;
    };
    let start = first.start.min(chars.len());
    let end = last.end.min(chars.len()).max(start);
    words(chars.get(start..end).unwrap_or_default()).any(|(at, word)| {
        let goes_on = (at == 0 && letter_at(chars, start.checked_sub(1)))
            || (start + at + word.len() == end && letter_at(chars, Some(end)));
        word.len() >= 2
            && !goes_on
            && (start + at..start + at + word.len()).all(lost)
            && bits_per_letter(word).is_some_and(|b| b < UNREADABLE_BITS_PER_LETTER)
    })
}

/// What a lost sequence that shows no continuation byte tells by its place in the text:
/// * 2 when it cannot be the end of a clean word: a three- or four-byte sequence as long as its
///   lead byte says, each missing byte marked (`â??`), followed by a letter (`itâ??s`) or not
///   preceded by one (`â?? 1999`); or the lead byte of such a sequence alone between non-letters
///   (`t â z`, `4 â 51`: `–` or `−` lost its C1 bytes), which no language writes as a word;
/// * 1 for a full marked sequence that ends a word (`Qué??` is what clean text does), and for a
///   capital after a small letter (`pirmininkÄ?`: a misread letter in a word);
/// * 2 for `Ã` opening a word of small letters (`Ãdith`), and for `Ã`, `Ä` or `Å` alone after a
///   small ASCII letter (`SzymaÅa`, [`super::likelihood::stripped_lead_after_small_letter`]);
/// * 0 otherwise (`là?`, `Äpfel`, `ÀÉÎÕÜ`), and for a letter alone between quotation marks
///   (`'ñ'`, `"â"`: a character literal of code).
pub(super) fn lost_evidence(chars: &[char], seq: &super::sequences::Sequence, full: bool) -> u32 {
    let Some(&lead) = chars.get(seq.start) else {
        return 0;
    };
    let before = seq.start.checked_sub(1);
    let letter_before = letter_at(chars, before);
    let letter_after = letter_at(chars, Some(seq.end));
    // Between quotation marks (`'ñ'`, `"â"`), a letter alone is a character literal of code.
    let quote = |k: Option<usize>| {
        k.and_then(|k| chars.get(k))
            .is_some_and(|c| matches!(c, '\'' | '"' | '`'))
    };
    if seq.end - seq.start == 1 && quote(before) && quote(Some(seq.end)) {
        return 0;
    }
    if full {
        // `â` (E2) leads the sequences of punctuation (`’`, `…`, `€`); a word that ends in it
        // (Inari Sami `kielâ`) is not followed by two marked bytes.
        return if letter_after || !letter_before || lead == 'â' {
            2
        } else {
            1
        };
    }
    if (seq.end - seq.start == 1
        && super::likelihood::stripped_lead_after_small_letter(chars, seq.start))
        || (seq.end - seq.start == 2 && super::likelihood::marked_lead(chars, seq.start))
    {
        return 2;
    }
    let prev = before.and_then(|k| chars.get(k));
    // Latin capitals only: a Cyrillic one after small Latin letters (`spanЫ`) is a test string.
    let latin_capital =
        matches!(classify(lead), Class::Letter(Script::Latin)) && lead.is_uppercase();
    // Irish puts `h`, `n` or `t` before a word's capital vowel (`hÉireann`, `nÓg`, `tÉan`).
    let irish = before.is_some_and(|k| {
        matches!(chars.get(k), Some('h' | 'n' | 't')) && !letter_at(chars, k.checked_sub(1))
    });
    if latin_capital && prev.is_some_and(|c| c.is_lowercase()) && !irish {
        return 1;
    }
    // A marked byte inside a word (`GIÃ?M`): clean text ends words with `?` (`là?`), it does not
    // put one between letters.
    let marked = matches!(seq.read, Read::Lost { marked: true, .. });
    if marked && letter_before && letter_after && chars.get(seq.end - 1) == Some(&'?') {
        return 1;
    }
    // Alone between spaces, digits or other mojibake (`t â z`, `4 â 51`, `ð¦»ð`); between ASCII
    // punctuation (`(ã; ã;`, a list) it is a letter named.
    // The dotted circle (U+25CC) carries a combining mark shown alone (`æ◌̄`): a letter before
    // it is a letter shown.
    let apart = |k: Option<usize>| {
        k.and_then(|k| chars.get(k)).is_none_or(|&c| {
            c.is_whitespace()
                || c.is_ascii_digit()
                || (!c.is_ascii() && !c.is_alphabetic() && c != '\u{25CC}')
        })
    };
    let alone = seq.end - seq.start == 1 && apart(before) && apart(Some(seq.end));
    // Only a lead that a stripped byte can follow ([`c1_byte_can_follow`]): `î` (EE) alone is
    // Russian `о` in windows-1251 shown as windows-1252.
    let strippable = matches!(
        seq.read,
        Read::Lost { lead: byte @ 0xE0..=0xF4, .. } if c1_byte_can_follow(byte)
    );
    if alone && ('\u{E0}'..='\u{F4}').contains(&lead) && strippable && !is_one_letter_word(lead) {
        return 2;
    }
    if lead == 'â' && seq.end - seq.start == 1 && in_a_lone_run_of_e2(chars, seq.start) {
        return 2;
    }
    // `â` (E2) where English puts an apostrophe (`Itâs`, `donât`, `Iâm`): `’` (E2 80 99) whose
    // two C1 bytes were stripped. French `mât` and `appât` have no English stem before `â`.
    if seq.end - seq.start == 1 && super::likelihood::stripped_apostrophe(chars, seq.start) {
        return 2;
    }
    // A lone `â` (E2) glued to the end or the start of a word of ASCII letters (`âcleanupâ`:
    // `“` and `”` stripped of their C1 bytes) counts once: few words start with `â` (`âge`,
    // `âme`) or end with it (Inari Sami `Anarâškielâ`), and fewer of them are otherwise ASCII.
    if lead == 'â' && seq.end - seq.start == 1 && letter_before != letter_after {
        let run: Vec<char> = if letter_before {
            let head = chars.get(..seq.start).unwrap_or_default();
            head.iter()
                .rev()
                .take(LONGEST_WORD)
                .take_while(|c| c.is_alphabetic())
                .copied()
                .collect()
        } else {
            let tail = chars.get(seq.end..).unwrap_or_default();
            tail.iter()
                .take(LONGEST_WORD)
                .take_while(|c| c.is_alphabetic())
                .copied()
                .collect()
        };
        if run.len() >= 2 && run.iter().all(char::is_ascii_alphabetic) {
            return 1;
        }
    }
    // Two three-byte leads in a row, each alone (`ìì`: Korean syllables whose two continuation
    // bytes, both in 80–9F, were stripped), count once each: no language doubles these letters,
    // though French ends words in `éé` (`créé`), which the letter model reads. Among signs Latin-1
    // lacks (`æç◊∏•`, Mac keyboard symbols) they are letters typed.
    let three_byte_lead = |c: Option<&char>| c.is_some_and(|c| ('\u{E0}'..='\u{EF}').contains(c));
    let latin1_or_none = |k: Option<usize>| {
        k.and_then(|k| chars.get(k))
            .is_none_or(|&c| u32::from(c) <= 0xFF)
    };
    // Two, or the same one repeated (`áááá`, Georgian's E1): a run of different ones is a code
    // page's table (`éâäàåçêëèïîì`).
    // Read as far as a word is ([`LONGEST_WORD`]) either way.
    let run_start = seq.start
        - chars
            .get(seq.start.saturating_sub(LONGEST_WORD)..seq.start)
            .unwrap_or_default()
            .iter()
            .rev()
            .take_while(|c| three_byte_lead(Some(c)))
            .count();
    let run_end = seq.start
        + chars
            .get(seq.start..)
            .unwrap_or_default()
            .iter()
            .take(LONGEST_WORD)
            .take_while(|c| three_byte_lead(Some(c)))
            .count();
    let run = chars.get(run_start..run_end).unwrap_or_default();
    // A repeated one beside a word of ASCII letters is a letter drawn out in a Latin text (`so
    // cool ááááááá`); Georgian that lost its C1 bytes is all such runs.
    let repeated = run.len() > 2
        && run.iter().all(|c| Some(c) == run.first())
        && !beside_an_ascii_word(chars, run_start, run_end);
    // Only leads that a stripped byte can follow ([`c1_byte_can_follow`]).
    let stripped_c1_fits = |c: &char| u8::try_from(*c).is_ok_and(c1_byte_can_follow);
    let doubled = ((run.len() == 2 || repeated) && run.iter().all(stripped_c1_fits))
        .then_some((run_start.checked_sub(1), run_end));
    // Nor in a list of letters (`àáâãäå`).
    let in_a_list = || {
        chars.get(seq.start).is_some_and(|c| c.is_alphabetic())
            && is_letter_list(chars.get(word_around(chars, seq.start)).unwrap_or_default())
    };
    // Nor inside a word with ASCII letters (`ledòáèkovitých`, Czech `ledňáčkovitých` in
    // windows-1250 shown as windows-1252), nor beside a byte UTF-8 never holds (C0, C1, F5–FF:
    // `÷ëì`, Greek `χλμ` in windows-1253 shown as windows-1252): Korean that lost its C1 bytes
    // keeps only lead bytes and continuation bytes A0–BF.
    let rules_out_korean = |k: Option<usize>| {
        k.and_then(|k| chars.get(k))
            .is_some_and(|&c| c.is_ascii_alphabetic() || matches!(c, 'À' | 'Á' | 'õ'..='ÿ'))
    };
    if seq.end - seq.start == 1
        && three_byte_lead(Some(&lead))
        && doubled.is_some_and(|(left, right)| {
            latin1_or_none(left)
                && latin1_or_none(Some(right))
                && !rules_out_korean(left)
                && !rules_out_korean(Some(right))
        })
        && !in_a_list()
    {
        return 1;
    }
    // `Ã` (C3, the lead byte of UTF-8's Latin-1 letters) opening a word of small letters: an
    // accented capital whose C1 byte was stripped (`Ãdith` for `Édith`, `Ãse` for `Åse`); no
    // language starts a word with `Ã` (Portuguese writes `ã` inside words and at their ends).
    if lead == 'Ã' && !letter_before && chars.get(seq.end).is_some_and(|c| c.is_lowercase()) {
        return 2;
    }
    0
}

/// Whether `chars[at]` is `â` (E2, the lead byte of UTF-8's punctuation, arrows, maths and box
/// drawing) in a run of `â` with no other letter on either side: `â   âââ member.rs` is
/// `│   └──` whose continuation bytes, all in 80–9F, were stripped as C1 controls. No language
/// writes `â` alone or doubled as a word; a list or a literal names it alone between its
/// punctuation.
pub(super) fn in_a_lone_run_of_e2(chars: &[char], at: usize) -> bool {
    if chars.get(at) != Some(&'â') {
        return false;
    }
    let start = chars
        .get(..at)
        .unwrap_or_default()
        .iter()
        .rposition(|&c| c != 'â')
        .map_or(0, |k| k + 1);
    let end = chars
        .get(at..)
        .unwrap_or_default()
        .iter()
        .position(|&c| c != 'â')
        .map_or(chars.len(), |k| k + at);
    // Beside the punctuation of a list or a literal (`(â; â; a◌̂)`, Unicode's normalisation
    // tests), `â` is a letter named.
    let listed = |k: Option<usize>| {
        k.and_then(|k| chars.get(k))
            .is_some_and(|c| "()[],;:'\"".contains(*c))
    };
    !letter_at(chars, start.checked_sub(1))
        && !letter_at(chars, Some(end))
        && !(end - start == 1 && (listed(start.checked_sub(1)) || listed(Some(end))))
}

/// Whether `chars[at]` is `Ã` (C3) opening a word of small letters: an accented capital whose
/// continuation byte, in 80–9F, was stripped (`Ãcole` for `École`). No language starts a word
/// with `Ã`.
pub(super) fn stripped_capital_opening_a_word(chars: &[char], at: usize) -> bool {
    chars.get(at) == Some(&'Ã')
        && !letter_at(chars, at.checked_sub(1))
        && chars.get(at + 1).is_some_and(|c| c.is_lowercase())
}

/// Whether the lone `â` at `at` is followed by one Latin-1 sign or no-break space (a
/// continuation byte, A0–BF) and then by no letter: E2 and the continuation that was not lost.
pub(super) fn kept_continuation(chars: &[char], at: usize) -> bool {
    chars
        .get(at + 1)
        .is_some_and(|&c| matches!(c, '\u{A0}'..='\u{BF}'))
        && chars.get(at + 2).is_none_or(|c| !c.is_alphabetic())
}

/// Maximal runs of multi-byte sequences (first and last index), with at least as many whole
/// characters as lost ones.
#[inline(never)]
pub(super) fn stretches(
    chars: &[char],
    sequences: &[super::sequences::Sequence],
) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < sequences.len() {
        if !sequences.get(k).is_some_and(|s| s.is_multi_byte()) {
            k += 1;
            continue;
        }
        let first = k;
        while sequences.get(k).is_some_and(|s| s.is_multi_byte()) {
            k += 1;
        }
        if enough_whole(chars, sequences.get(first..k).unwrap_or_default()) {
            out.push((first, k - 1));
        }
    }
    out
}

/// The character a sequence that lost its last byte stands for, where its place leaves it one:
/// `â€` (E2 80, when the text's charset `cs` shows 80 as `€`) whose third byte the decoder of
/// `cs` left undefined, shown as U+FFFD or `?`, or passed as a C1 control that was stripped
/// before a space or a sign. The byte was one of the few `cs` leaves undefined, so the character
/// is one of a few: in windows-1252, E2 80 81, 8D, 8F, 90 or 9D (an em quad, the zero width
/// joiner, the right-to-left mark, a hyphen, `”`). Between two emoji (`before` and `after` are
/// the repaired text's characters beside it) only the joiner fits (`👨‍👩‍👧`), and so it does
/// between two characters of the Indic scripts (Sinhala `ග්‍ර`, a conjunct). After a word or a
/// sign and before a space, a closing sign or the end, in a text with no right-to-left letter
/// (`right_to_left`), only `”` does: `“sometimes doesn'tâ€�` is `“sometimes doesn't”`; inside a
/// quotation that `“` opened (`quoted`), before anything (Turkish `“Koyu kumul lekeleri”nin`,
/// Chinese `“火星”在`). A
/// sequence cut short by a stripped byte needs a `“` open before it (`quoted`) to be `”`: before a
/// space, the space may stand for A0 instead, a no-break space lost (`Smithâ€ 1850` may be
/// `Smith†1850`), and at the end the text may have been cut anywhere. `â€?` is no `”`: the `?`
/// may be a question mark after a `”` whose 9D was stripped. Where `cs` leaves one byte
/// undefined, no byte is lost at all: windows-1251 leaves only 98, so its `Р�` is `И` (D0 98),
/// whatever the place ([`with_the_one_undefined_byte`]). `None` elsewhere, and the U+FFFD stays.
pub(super) fn told_by_its_place(
    chars: &[char],
    seq: &Sequence,
    cs: Charset,
    before: Option<char>,
    after: Option<char>,
    right_to_left: bool,
    quoted: bool,
) -> Option<char> {
    if let Some(byte) = only_undefined_byte(cs) {
        return with_the_one_undefined_byte(chars, seq, cs, byte);
    }
    let Read::Lost { lead: 0xE2, .. } = seq.read else {
        return None;
    };
    let shown = |k: usize| chars.get(seq.start + k).copied();
    let euro = cs.decode_byte(0x80).filter(|c| !c.is_control());
    let marked = matches!(shown(2), Some('\u{FFFD}' | '?'));
    let span = seq.end - seq.start;
    // A sequence cut short at the very end may have been cut anywhere (`â€` for `…`), unless a
    // quotation is open.
    let lost_one = (span == 3 && marked) || (span == 2 && (seq.end < chars.len() || quoted));
    if seq.spaces > 0 || !lost_one || euro.is_none() || shown(1) != euro {
        return None;
    }
    let undefined = |byte: u8| cs.decode_byte(byte).is_none_or(is_c1);
    let emoji = |c: Option<char>| c.is_some_and(|c| c != '\u{200D}' && is_emoji(u32::from(c)));
    let indic = |c: Option<char>| c.is_some_and(|c| ('\u{900}'..='\u{DFF}').contains(&c));
    if (emoji(before) && emoji(after)) || (indic(before) && indic(after)) {
        return undefined(0x8D).then_some('\u{200D}');
    }
    let closes = after.is_none_or(|c| c.is_whitespace() || ".,;:!?)]}\"'".contains(c));
    let follows = before.is_some_and(|c| !c.is_whitespace() && !emoji(Some(c)));
    // A `?` after `â€` may be the question mark after a `”` whose 9D was stripped (`“yes”?`):
    // read as the lost byte, it is gone, and U+FFFD says so where `”` would hide it.
    let question = span == 3 && shown(2) == Some('?');
    let quote = follows
        && !right_to_left
        && !question
        && undefined(0x9D)
        && ((marked && (closes || quoted)) || (quoted && closes));
    quote.then_some('\u{201D}')
}

/// The one byte of 80–FF that `cs` leaves undefined (a decoder shows U+FFFD or a C1 control for
/// it), where it leaves only one: windows-1251's 98.
fn only_undefined_byte(cs: Charset) -> Option<u8> {
    let mut undefined = (0x80..=0xFFu8).filter(|&b| cs.decode_byte(b).is_none_or(is_c1));
    match (undefined.next(), undefined.next()) {
        (Some(byte), None) => Some(byte),
        _ => None,
    }
}

/// The character a sequence that lost bytes, each shown as U+FFFD or `?`, reads as with `byte`, the
/// one byte its charset `cs` leaves undefined, in their place: windows-1251's `Р�` is D0 98, `И`,
/// its `вЂ�` E2 80 98, `‘`, and its `рџ�Ђ` F0 9F 98 82, `😂`. `None` where that makes no
/// character, or a space stood for A0 in the sequence, or it stopped short: a decoder of `cs`
/// passes the byte as the C1 control U+0098, which software may strip, but so does recasing the
/// text after the damage make sequences stop short (`гўв‡вё`, lowercased), where nothing was
/// lost that the byte would give back.
fn with_the_one_undefined_byte(
    chars: &[char],
    seq: &Sequence,
    cs: Charset,
    byte: u8,
) -> Option<char> {
    let Read::Lost { lead, .. } = seq.read else {
        return None;
    };
    let (len, _, _) = super::sequences::lead(lead)?;
    let shown = chars.get(seq.start..seq.end)?;
    if seq.spaces > 0 || shown.len() != len {
        return None;
    }
    let mut bytes: Vec<u8> = Vec::with_capacity(len);
    for &c in shown {
        bytes.push(match c {
            '\u{FFFD}' | '?' => byte,
            _ => (0x80..=0xFFu8).find(|&b| cs.decode_byte(b) == Some(c))?,
        });
    }
    let mut read = core::str::from_utf8(&bytes).ok()?.chars();
    match (read.next(), read.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(text: &str) -> Vec<char> {
        text.chars().collect()
    }

    #[test]
    fn a_capital_whose_byte_was_stripped_opens_a_word_with_a() {
        // `É` is C3 89; with 89 stripped as a C1 control, `École` shows as `Ãcole`.
        assert!(stripped_capital_opening_a_word(&chars("Ãcole"), 0));
        // Portuguese writes `ã` inside words and at their ends, never `Ã` opening one.
        assert!(!stripped_capital_opening_a_word(&chars("SÃO"), 1));
        assert!(!stripped_capital_opening_a_word(&chars("Ã "), 0));
    }

    #[test]
    fn a_lone_run_of_a_is_punctuation_that_lost_its_bytes() {
        // `│   └──`, E2 94 82 and E2 94 94 E2 94 80 E2 94 80, whose continuation bytes were
        // stripped.
        let text = chars("â   âââ member.rs");
        assert!(in_a_lone_run_of_e2(&text, 0));
        assert!(in_a_lone_run_of_e2(&text, 5));
        // A letter beside it, or a letter named in a list.
        assert!(!in_a_lone_run_of_e2(&chars("pâte"), 1));
        assert!(!in_a_lone_run_of_e2(&chars("(â; â; a)"), 1));
    }
}
