//! UTF-8 mojibake whose case changed after the damage, read back byte by byte. Lowercasing
//! `cafÃ©` makes `cafã©`, and uppercasing `Ðµ` (`е`) makes `ÐΜ`: the lead bytes moved to their
//! other case's, and a charset's own pairs of capitals and small letters ([`CasePairs`]) tell
//! which bytes they were. A byte lost before the case changed (U+FFFD, a sequence cut short by a
//! dropped C1 byte, `?`) stays lost ([`Mark::Lost`]); `repair` prices each reading.

use super::legacy_evidence::is_c1;
use crate::charset::{Charset, Encoder};

/// Whether `cs` shows some byte of 80–9F as a C1 control or leaves it undefined (windows-1252's
/// 81, 8D, 8F, 90 and 9D, which WHATWG's decoder passes as C1 controls): later software strips
/// those like any other control.
pub(super) fn leaves_bytes_undefined(cs: Charset) -> bool {
    (0x80..=0x9Fu8).any(|b| cs.decode_byte(b).is_none_or(is_c1))
}

/// The bytes of one charset's letters paired with their other case's, where both cases have a
/// byte there: `à` (E0) and `À` (C0), `š` (9A) and `Š` (8A) in windows-1252; `р` (F0) and `Р`
/// (D0) in windows-1251. Lowercasing mojibake moves UTF-8 lead bytes from one to the other.
pub(super) struct CasePairs {
    /// For each byte 80–FF, its capital's byte (0 for none).
    pub(super) capital: [u8; 128],
    /// For each byte 80–FF, its small letter's byte (0 for none).
    pub(super) small: [u8; 128],
    /// Whether decoders of the charset lose bytes: it leaves some of 80–9F undefined or shows
    /// them as C1 controls ([`leaves_bytes_undefined`]). Mac OS Roman and the DOS code pages
    /// show every byte.
    pub(super) loses: bool,
    /// How many pairs have one byte among the continuation bytes (80–BF) and the other among
    /// the leads (C0–FF).
    pub(super) crossing: usize,
}

/// The most pairs across continuation and lead bytes ([`CasePairs`]) a charset may have for its
/// mojibake to be read after a change of case. Where more of its letters change class with their
/// case, clean text reads as UTF-8 after one: ISO-8859-5 has its capitals `А`–`П` at B0–BF and
/// their small letters at D0–DF, so Russian `тпи` (E2 DF D8) read with those capitals is `⿸`
/// (E2 BF B8); so do code pages 866 and 850 and Mac OS Roman. Windows-1252 has one (`Ÿ`, 9F, and `ÿ`,
/// FF), windows-1253 and ISO-8859-7 the seven Greek vowels with tonos.
pub(super) const MAX_CROSSING_PAIRS: usize = 8;

impl CasePairs {
    /// The pairs of the encoder's charset, found with the lowercase table the crate carries.
    pub(super) fn new(encoder: &Encoder) -> CasePairs {
        let mut pairs = CasePairs {
            capital: [0; 128],
            small: [0; 128],
            loses: leaves_bytes_undefined(encoder.charset()),
            crossing: 0,
        };
        for (byte, at) in (0x80..=0xFFu8).zip(0..128usize) {
            let Some(capital) = encoder.charset().decode_byte(byte) else {
                continue;
            };
            let mut small = capital.to_lowercase();
            let (Some(small), None) = (small.next(), small.next()) else {
                continue;
            };
            let Some(small) = encoder.byte(u32::from(small)).filter(|&b| b >= 0x80) else {
                continue;
            };
            if small == byte {
                continue;
            }
            if let Some(slot) = pairs.small.get_mut(at) {
                *slot = small;
            }
            if is_continuation(byte) != is_continuation(small) {
                pairs.crossing += 1;
            }
            if let Some(slot) = pairs.capital.get_mut(usize::from(small - 0x80)) {
                *slot = byte;
            }
        }
        pairs
    }

    /// The byte of the capital of the letter at `byte`, if the charset has both.
    pub(super) fn capital(&self, byte: u8) -> Option<u8> {
        Self::look_up(&self.capital, byte)
    }

    /// The byte of the small letter of the capital at `byte`, if the charset has both.
    pub(super) fn small(&self, byte: u8) -> Option<u8> {
        Self::look_up(&self.small, byte)
    }

    /// The capital's byte for a small letter's byte where a lead stands (C0–FF): a lead byte
    /// lowercasing moved. A small letter among the continuation bytes (Mac OS Roman's `á`, 87,
    /// whose capital `Á` is E7) is clean text's letter, not a lead lowercased.
    pub(super) fn lead_capital(&self, byte: u8) -> Option<u8> {
        (byte >= 0xC0).then(|| self.capital(byte)).flatten()
    }

    /// The small letter's byte for a capital's byte where a lead stands (C0–FF), as
    /// [`lead_capital`](Self::lead_capital) the other way.
    pub(super) fn lead_small(&self, byte: u8) -> Option<u8> {
        (byte >= 0xC0).then(|| self.small(byte)).flatten()
    }

    pub(super) fn look_up(table: &[u8; 128], byte: u8) -> Option<u8> {
        let at = usize::from(byte.checked_sub(0x80)?);
        table.get(at).copied().filter(|&b| b != 0)
    }
}

/// Whether `byte` is a UTF-8 continuation byte.
pub(super) fn is_continuation(byte: u8) -> bool {
    (0x80..=0xBF).contains(&byte)
}

/// The length of the UTF-8 sequence at the start of `bytes`, when a whole, valid one is there.
pub(super) fn utf8_len_at(bytes: &[u8]) -> Option<usize> {
    let len = match *bytes.first()? {
        0x00..=0x7F => 1,
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let seq = bytes.get(..len)?;
    std::str::from_utf8(seq).ok().map(|_| len)
}

/// One stretch of a text read after lowercasing or uppercasing undone ([`read_lowercased`],
/// [`read_uppercased`]): its characters, and for a sequence read so whose continuation bytes
/// `š`, `œ` or `ž` (9A, 9C, 9E) may have been `Š`, `Œ`, `Ž` (8A, 8C, 8E) before, or the other
/// way, what it reads as with those.
pub(super) struct Recased {
    pub(super) read: String,
    pub(super) raised: Option<String>,
    /// Whether lowercasing was undone here (a capital lead, or `ÿ` read as `Ÿ`).
    pub(super) recased: bool,
    /// Whether the sequence had lost a byte for good: it reads as U+FFFD.
    pub(super) lost: bool,
    /// Where the sequence's bytes start in the text's, and how many there are.
    pub(super) at: usize,
    pub(super) len: usize,
}

impl Recased {
    /// A sequence read as it is: its case was not changed.
    pub(super) fn plain(bytes: &[u8]) -> Option<Recased> {
        Some(Recased {
            read: std::str::from_utf8(bytes).ok()?.to_owned(),
            raised: None,
            recased: false,
            lost: false,
            at: 0,
            len: bytes.len(),
        })
    }

    /// A sequence read from its lead's other case, and what it reads as with its continuation
    /// bytes' other case too, if anything.
    pub(super) fn read_otherwise(read: String, raised: Option<String>) -> Recased {
        Recased {
            read,
            raised,
            recased: true,
            lost: false,
            at: 0,
            len: 0,
        }
    }

    /// The same sequence, the `len` bytes from `at`, as their marks tell ([`recased_bytes`]):
    /// U+FFFD where one of them was lost for good, whatever it read as; recased where one was
    /// read from a capital.
    pub(super) fn marked(mut self, marks: &[Mark], at: usize, len: usize) -> Recased {
        self.at = at;
        self.len = len;
        let marks = marks.get(at..at + len).unwrap_or_default();
        if marks.contains(&Mark::Lost) {
            self.read = String::from('\u{FFFD}');
            self.raised = None;
            self.lost = true;
        }
        self.recased |= marks.contains(&Mark::Recased);
        self
    }
}

/// What [`recased_bytes`] knows of a byte it wrote.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Mark {
    /// The character's own byte.
    Plain,
    /// A byte lost for good (U+FFFD in the text): [`LOST_BYTE`] stands in for it.
    Lost,
    /// The byte of the small letter whose capital uppercasing made (`Μ` for `µ`).
    Recased,
}

/// The byte [`recased_bytes`] puts where a byte was lost for good: 81, one of the five that
/// windows-1252 leaves undefined and decoders replace by U+FFFD, and a continuation byte wherever
/// one is valid after the leads that matter (not after E0, where none of the five is).
pub(super) const LOST_BYTE: u8 = 0x81;

/// The text's bytes in the encoder's charset, for reading after a change of case, each with its
/// [`Mark`]: a U+FFFD is a byte a decoder lost for good ([`LOST_BYTE`] stands in for it), and in
/// uppercased text `Μ` and `Ƒ`, which uppercasing made of `µ` (B5) and `ƒ` (83, in
/// windows-1252), are those bytes again: `е`, D0 B5, is `Ðµ`, uppercased `ÐΜ`. `None` when a
/// character has no byte, or the text holds U+FFFD and the charset's decoders lose no byte.
pub(super) fn recased_bytes(
    text: &str,
    encoder: &Encoder,
    pairs: &CasePairs,
    upper: bool,
) -> Option<(Vec<u8>, Vec<Mark>)> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut marks = Vec::with_capacity(text.len());
    // Only where they are continuation bytes: code page 437's `µ` is E6, a lead.
    let small_of = |c: char| encoder.byte(u32::from(c)).filter(|&b| is_continuation(b));
    for c in text.chars() {
        let (byte, mark) = match c {
            '\u{FFFD}' if pairs.loses => (LOST_BYTE, Mark::Lost),
            'Μ' if upper => (small_of('µ')?, Mark::Recased),
            'Ƒ' if upper => (small_of('ƒ')?, Mark::Recased),
            _ => (encoder.byte(u32::from(c))?, Mark::Plain),
        };
        bytes.push(byte);
        marks.push(mark);
    }
    Some((bytes, marks))
}

/// A sequence read after lowercasing undone, or `None` when one read from a capital lead makes a
/// control: `â` before a C1 control is far likelier a lead that lost a byte than a lowercased
/// `Â`.
pub(super) fn recased_read(bytes: &[u8], capital_lead: bool) -> Option<String> {
    let read = std::str::from_utf8(bytes).ok()?;
    (!capital_lead || !read.chars().any(char::is_control)).then(|| read.to_owned())
}

/// The text's bytes read as UTF-8 after lowercasing undone: where a byte among the leads does not
/// start a valid sequence, its capital's byte in the charset ([`CasePairs`]: E0–FE less 20 in
/// windows-1252, but not F7, `÷`) may, and a small letter that cannot follow a lead may stand for
/// its capital that can (windows-1252's `ÿ`, FF, for `Ÿ`, 9F: `ðÿ˜‚` is `ðŸ˜‚`, 😂,
/// lowercased); the caller makes the reading small again. Surrogate pairs in CESU-8 are read too
/// ([`recased_cesu_pair`]). Greek `ό`, CF 8C, is `ÏŒ`, lowercased `ïœ`, which reads as `ϝ`
/// (CF 9C) unless `œ` is read as `Œ`; Russian `К`, D0 9A, is `Ðš`, lowercased `ðš`, which reads
/// as `к` unless `š` is read as `Š` (`њ`): both readings are kept ([`Recased`]). `None` unless
/// every byte then reads and one sequence at least needed its capital. A sequence that holds a
/// byte lost for good reads as U+FFFD ([`recased_bytes`]). Also the first changed stretch, as
/// it was and as it reads.
pub(super) fn read_lowercased(
    bytes: &[u8],
    marks: &[Mark],
    pairs: &CasePairs,
) -> Option<Vec<Recased>> {
    read_pieces(bytes, marks, |i| {
        let rest = bytes.get(i..)?;
        if let Some(len) = utf8_len_at(rest) {
            return Some((Recased::plain(rest.get(..len)?)?, len));
        }
        if let Some(piece) = recased_cesu_pair(rest, pairs, false) {
            return Some((piece, 6));
        }
        let first = *rest.first()?;
        let capital = pairs.lead_capital(first);
        let mut found = None;
        for lead in [Some(first), capital].into_iter().flatten() {
            let mut trial: Vec<u8> = rest.iter().copied().take(4).collect();
            if let Some(b) = trial.first_mut() {
                *b = lead;
            }
            // A byte that cannot follow a lead may be a small letter whose capital can (`ÿ`,
            // FF, for `Ÿ`, 9F, in windows-1252).
            for b in trial.iter_mut().skip(1).filter(|b| !is_continuation(**b)) {
                if let Some(capital) = pairs.capital(*b).filter(|&c| is_continuation(c)) {
                    *b = capital;
                }
            }
            if let Some(len) = utf8_len_at(&trial) {
                found = Some((trial, len, lead != first));
                break;
            }
        }
        let Some((mut trial, len, capital_lead)) = found else {
            return lost_sequence(rest, [capital, Some(first)], pairs);
        };
        trial.truncate(len);
        let read = recased_read(&trial, capital_lead)?;
        // A no-break space joins what stands on its two sides: beside a space or an end,
        // `â\u{A0}` is a lead that lost its last byte (`terme â\u{A0} passe`) or a letter
        // named, not a lowercased `Â\u{A0}`.
        let joins = |b: Option<&u8>| b.is_some_and(|&b| !b.is_ascii_whitespace());
        let between =
            joins(i.checked_sub(1).and_then(|p| bytes.get(p))) && joins(bytes.get(i + len));
        if capital_lead && read.chars().all(char::is_whitespace) && !between {
            return None;
        }
        let mut raised_bytes = trial.clone();
        for b in raised_bytes
            .iter_mut()
            .skip(1)
            .filter(|b| is_continuation(**b))
        {
            if let Some(capital) = pairs.capital(*b).filter(|&c| is_continuation(c)) {
                *b = capital;
            }
        }
        let raised = if raised_bytes == trial {
            None
        } else {
            recased_read(&raised_bytes, capital_lead).filter(|r| *r != read)
        };
        Some((Recased::read_otherwise(read, raised), len))
    })
}

/// The text's bytes read piece by piece: a byte lost for good ([`Mark::Lost`]) is a piece of its
/// own, `next` reads the piece that starts at any other byte and says how many bytes it spans,
/// and each piece is marked as those bytes are ([`Recased::marked`]). `None` where `next` reads
/// none.
fn read_pieces(
    bytes: &[u8],
    marks: &[Mark],
    mut next: impl FnMut(usize) -> Option<(Recased, usize)>,
) -> Option<Vec<Recased>> {
    let mut out: Vec<Recased> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if marks.get(i) == Some(&Mark::Lost) {
            out.push(lost_alone(i));
            i += 1;
            continue;
        }
        let (piece, len) = next(i)?;
        if len == 0 {
            return None;
        }
        out.push(piece.marked(marks, i, len));
        i += len;
    }
    Some(out)
}

/// A sequence at the start of `rest` that lost a byte for good, read with the first of `leads`
/// that makes one, and how many bytes of the text it spans: a lead and at least one valid
/// continuation byte that stop short of a whole sequence, where a C1 byte was dropped
/// (`À¦¤À§À¦°`, Bengali `ত্র` uppercased, lost the 8D of `্`), or where `?` stands in for the next
/// byte, as an encoder that could not write it left it (`À¥?`). A lead read from the other case
/// may stand right before `?` (`ñ?`, lowercased `Ñ?`, is Russian `с`, D1 81). The piece reads as
/// U+FFFD; it is recased when its lead was read from the other case. Only in a charset whose
/// decoders lose bytes.
pub(super) fn lost_sequence(
    rest: &[u8],
    leads: [Option<u8>; 2],
    pairs: &CasePairs,
) -> Option<(Recased, usize)> {
    let first = *rest.first()?;
    if !pairs.loses {
        return None;
    }
    leads.into_iter().flatten().find_map(|lead| {
        let need = match lead {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => return None,
        };
        let mut trial = vec![lead];
        for &b in rest.iter().skip(1).take(need - 1) {
            trial.push(b);
            // A valid prefix so far: decoding fails only for want of more bytes.
            if !matches!(std::str::from_utf8(&trial), Err(e) if e.error_len().is_none()) {
                trial.pop();
                break;
            }
        }
        let kept = trial.len();
        if kept >= need {
            return None;
        }
        let recased = lead != first;
        let question = rest.get(kept) == Some(&b'?') && (kept >= 2 || recased);
        let len = if question {
            kept + 1
        } else if kept >= 2 {
            kept
        } else {
            return None;
        };
        let mut piece = lost_alone(0);
        piece.recased = recased;
        piece.lost = true;
        Some((piece, len))
    })
}

/// A U+FFFD of the text that no lead byte stands before: it stays.
pub(super) fn lost_alone(at: usize) -> Recased {
    Recased {
        read: String::from('\u{FFFD}'),
        raised: None,
        recased: false,
        lost: false,
        at,
        len: 1,
    }
}

/// Whether `bytes` holds only text that is no control.
pub(super) fn no_control(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok_and(|s| !s.chars().any(char::is_control))
}

/// The text's bytes read as UTF-8 after uppercasing undone, as [`read_lowercased`] the other
/// way: in windows-1252, uppercasing moved the leads E0–FE of three- and four-byte sequences to
/// C0–DE (`’`, E2 80 99, is `â€™`, uppercased `Â€™`; 😂, F0 9F 98 82, is `ðŸ˜‚`, uppercased
/// `ÐŸ˜‚`), where they make a C1 control (`Â€`, C2 80) or leave a continuation byte alone. There
/// the small letter's byte is read ([`CasePairs`]: 20 above, but not D7, `×`), with the
/// continuation bytes that have a small letter (`Š`, `Œ`, `Ž`: 8A, 8C, 8E) also read as the
/// small letters they may have been (`š`, `œ`, `ž`: `“`, E2 80 9C, is `â€œ`, uppercased `Â€Œ`).
/// A sequence that holds a byte lost for good reads as U+FFFD, and surrogate pairs in CESU-8 are
/// read too. The caller makes the reading capitals.
pub(super) fn read_uppercased(
    bytes: &[u8],
    marks: &[Mark],
    pairs: &CasePairs,
) -> Option<Vec<Recased>> {
    let continuation = |b: Option<&u8>| b.is_some_and(|&b| is_continuation(b));
    read_pieces(bytes, marks, |i| {
        let rest = bytes.get(i..)?;
        let plain = utf8_len_at(rest);
        let whole = plain
            .filter(|&len| !continuation(rest.get(len)) && rest.get(..len).is_some_and(no_control));
        if let Some(len) = whole {
            let seq = rest.get(..len)?;
            let mut piece = Recased::plain(seq)?;
            piece.raised = small_continuations(seq, pairs);
            return Some((piece, len));
        }
        let first = *rest.first()?;
        let small = pairs.lead_small(first);
        let found = small.and_then(|lead| {
            let mut trial: Vec<u8> = rest.iter().copied().take(4).collect();
            *trial.first_mut()? = lead;
            let len = utf8_len_at(&trial)?;
            trial.truncate(len);
            (!continuation(rest.get(len)) && no_control(&trial)).then_some((trial, len))
        });
        if let (None, Some(piece)) = (&found, recased_cesu_pair(rest, pairs, true)) {
            return Some((piece, 6));
        }
        let Some((trial, len)) = found else {
            // The plain reading, a control or not: the text's own; or a sequence that lost bytes.
            return match plain {
                Some(len) => Some((Recased::plain(rest.get(..len)?)?, len)),
                None => lost_sequence(rest, [small, Some(first)], pairs),
            };
        };
        let read = std::str::from_utf8(&trial).ok()?.to_owned();
        let raised = small_continuations(&trial, pairs);
        Some((Recased::read_otherwise(read, raised), len))
    })
}

/// The character beyond the BMP whose surrogate pair `bytes` starts with, each half written as a
/// three-byte sequence (CESU-8, as Java's modified UTF-8 and MySQL's `utf8` write emoji).
pub(super) fn cesu_pair(bytes: &[u8]) -> Option<char> {
    let [0xED, a1 @ 0xA0..=0xAF, a2 @ 0x80..=0xBF, 0xED, b1 @ 0xB0..=0xBF, b2 @ 0x80..=0xBF] =
        *bytes.get(..6)?
    else {
        return None;
    };
    let half = |b1: u8, b2: u8| (u32::from(b1 & 0x0F) << 6) | u32::from(b2 & 0x3F);
    char::from_u32(0x10000 + (half(a1, a2) << 10) + half(b1, b2))
}

/// A surrogate pair in CESU-8 ([`cesu_pair`]) at the start of `rest`, read after uppercasing
/// (`upper`) or lowercasing undone: uppercasing made `Í` (CD) of each half's lead `í` (ED);
/// lowercasing may have made a continuation byte a small letter that cannot be one (`ÿ`, FF,
/// for `Ÿ`, 9F). Continuation bytes that may have had the other case (`ž` or `Ž`: `🧎`'s `í·ž`)
/// give the other reading, for the letter model to choose.
pub(super) fn recased_cesu_pair(rest: &[u8], pairs: &CasePairs, upper: bool) -> Option<Recased> {
    let mut six: Vec<u8> = rest.get(..6)?.to_vec();
    let mut changed = false;
    for (k, b) in six.iter_mut().enumerate() {
        let other = if k % 3 == 0 {
            upper.then(|| pairs.lead_small(*b)).flatten()
        } else if !upper && !is_continuation(*b) {
            pairs.capital(*b).filter(|&c| is_continuation(c))
        } else {
            None
        };
        if let Some(other) = other {
            *b = other;
            changed = true;
        }
    }
    let read = cesu_pair(&six)?;
    for (_, b) in six.iter_mut().enumerate().filter(|(k, _)| k % 3 != 0) {
        let other = if upper {
            pairs.small(*b)
        } else {
            pairs.capital(*b)
        };
        if let Some(other) = other.filter(|&o| is_continuation(o) && is_continuation(*b)) {
            *b = other;
        }
    }
    let raised = cesu_pair(&six)
        .filter(|&c| c != read)
        .map(|c| c.to_string());
    let mut piece = Recased::read_otherwise(read.to_string(), raised);
    piece.recased = changed;
    Some(piece)
}

/// What the UTF-8 sequence `seq` reads as with its continuation bytes `Š`, `Œ` and `Ž` (8A, 8C,
/// 8E of windows-1252) read as the small letters uppercasing made them of (`š`, `œ`, `ž`: 9A,
/// 9C, 9E), when that is another character and no control: `Ü`, C3 9C, is `Ãœ`, uppercased
/// `ÃŒ`, which reads as `Ì`.
pub(super) fn small_continuations(seq: &[u8], pairs: &CasePairs) -> Option<String> {
    let mut lowered = seq.to_vec();
    for b in lowered.iter_mut().skip(1) {
        if let Some(small) = pairs
            .small(*b)
            .filter(|&s| is_continuation(s) && is_continuation(*b))
        {
            *b = small;
        }
    }
    (lowered != seq && no_control(&lowered))
        .then(|| std::str::from_utf8(&lowered).ok().map(str::to_owned))
        .flatten()
}

/// Whether `ch` is a zero-width space or non-joiner (U+200B, U+200C), which Persian and Indic
/// words hold inside them: uppercasing made `Œ` of `œ`, so `Â€Œ` is likelier `“`. A mark of
/// direction stays a rival the letter model weighs (`Â€ŽTRY` is U+200E before a currency, not
/// `„`).
pub(super) fn is_zero_width(ch: char) -> bool {
    matches!(ch, '\u{200B}' | '\u{200C}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_1252_pairs_its_capitals_and_small_letters() {
        let pairs = CasePairs::new(&Encoder::new(Charset::Windows1252));
        assert_eq!(pairs.capital(0xE0), Some(0xC0)); // `à`, `À`
        assert_eq!(pairs.capital(0x9A), Some(0x8A)); // `š`, `Š`
        assert_eq!(pairs.capital(0xF7), None); // `÷` has no capital
        assert!(pairs.loses); // 81, 8D, 8F, 90 and 9D are undefined
        assert_eq!(pairs.crossing, 1); // `ÿ` (FF) and `Ÿ` (9F)
                                       // Code page 437 shows every byte.
        assert!(!CasePairs::new(&Encoder::new(Charset::Ibm437)).loses);
    }

    #[test]
    fn lowercased_mojibake_reads_from_its_capitals() {
        let encoder = Encoder::new(Charset::Windows1252);
        let pairs = CasePairs::new(&encoder);
        // `café` is `cafÃ©`, lowercased `cafã©`: `ã` (E3) is read as `Ã` (C3).
        let (bytes, marks) = recased_bytes("cafã©", &encoder, &pairs, false).unwrap();
        let pieces = read_lowercased(&bytes, &marks, &pairs).unwrap();
        let read: String = pieces.iter().map(|p| p.read.as_str()).collect();
        assert_eq!(read, "café");
        assert!(pieces.iter().any(|p| p.recased));
        // A byte lost for good stays U+FFFD: `ρ` is CF 81, and 81 is undefined.
        let (bytes, marks) = recased_bytes("ï�", &encoder, &pairs, false).unwrap();
        let pieces = read_lowercased(&bytes, &marks, &pairs).unwrap();
        assert!(pieces.iter().any(|p| p.lost));
    }
}
