//! Reading UTF-8 back from the bytes of a garbled text, through the damage real pipelines add.
//!
//! Encoding a garbled text in the charset it was shown in gives back its bytes, one per character.
//! Those bytes are UTF-8 (or CESU-8) with some of them changed on the way:
//!
//! * a byte the reader left undefined shows as U+FFFD, or was later stored as `?`: the byte is
//!   lost, and so is the character it belonged to;
//! * a C1 control (bytes 80–9F through ISO-8859-1) was stripped: the sequence stops short;
//! * a no-break space (byte A0) became a plain space (20), which no UTF-8 sequence continues with:
//!   the byte is restored, nothing is lost;
//! * an emoji went through UTF-16 and each surrogate was encoded on its own (CESU-8): the pair is
//!   joined again.
//!
//! [`read`] cuts the bytes into [`Sequence`]s, each one byte kept as it was or one multi-byte
//! character, whole or lost.

use crate::charset::{Charset, Encoder};

/// The byte a character of the garbled text stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Recovered {
    /// The charset's byte for the character.
    Byte(u8),
    /// U+FFFD: the reader could not show this byte; which byte it was is lost.
    Lost,
    /// The charset has no byte for this character.
    Foreign,
}

/// The bytes of `chars` in the encoder's charset.
pub(super) fn recover(chars: &[char], encoder: &Encoder) -> Vec<Recovered> {
    chars
        .iter()
        .map(|&c| match c {
            '\u{FFFD}' => Recovered::Lost,
            _ => encoder
                .byte(u32::from(c))
                .or_else(|| elsewhere(encoder.charset(), c))
                .map_or(Recovered::Foreign, Recovered::Byte),
        })
        .collect()
}

/// The byte of a character that other decoders than WHATWG's show for one, where the standard's
/// table has none: text garbled by them carries it, and no other byte of either table stands for
/// it.
/// * KOI8-U as RFC 2319 defines it (CPython's `koi8_u`, iconv's, and Node's `TextDecoder`, through
///   ICU) keeps KOI8-R's `╝` and `╬` at AE and BE, where WHATWG puts the Belarusian `ў` and `Ў`:
///   Ukrainian `о` (D0 BE) shows as `п╬`, Tamil `த` (E0 AE A4) as `Ю╝є`.
/// * Node's windows-1253 decodes AA, which WHATWG leaves undefined, as `ª`.
/// * Node's windows-874 decodes DB to DE and FC to FF, undefined in WHATWG's, as the private-use
///   characters U+F8C1 to U+F8C8.
/// * ISO-8859-1 shows bytes 80 to 9F as C1 controls, where windows-1252 shows signs (`€`, `’`):
///   text that went through both (two programs, or Node 20's `TextDecoder`, which decodes
///   windows-1252 as ISO-8859-1) shows `Ñ\u{81}` beside `Ñ…`, and each names its byte.
fn elsewhere(charset: Charset, c: char) -> Option<u8> {
    match (charset, u32::from(c)) {
        (Charset::Koi8U, 0x255D) => Some(0xAE),
        (Charset::Koi8U, 0x256C) => Some(0xBE),
        (Charset::Windows1253, 0xAA) => Some(0xAA),
        (Charset::Windows1252, cp @ 0x80..=0x9F) => u8::try_from(cp).ok(),
        (Charset::Windows874, cp @ 0xF8C1..=0xF8C4) => u8::try_from(cp - 0xF8C1 + 0xDB).ok(),
        (Charset::Windows874, cp @ 0xF8C5..=0xF8C8) => u8::try_from(cp - 0xF8C5 + 0xFC).ok(),
        _ => None,
    }
}

/// What a [`Sequence`] reads as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Read {
    /// One character kept as it was: ASCII, a lone U+FFFD, or a character with no byte.
    Same,
    /// A byte no UTF-8 sequence starts with or expects here (a continuation byte without a lead,
    /// C0, C1, F5..FF).
    Stray,
    /// A multi-byte character.
    Char(char),
    /// A multi-byte sequence that lost a byte: it reads as one U+FFFD.
    Lost {
        /// `true` when a U+FFFD or `?` stood for the byte; `false` when the sequence stopped short
        /// (a stripped byte), which clean text also does wherever an accented letter is followed
        /// by an ASCII one.
        marked: bool,
        /// Whether the sequence shows more of UTF-8's structure than a lead byte: a continuation
        /// byte in the range the lead allows came through (`à¤` then another lead, for a
        /// Devanagari letter that lost its last byte), or U+FFFD itself stands for the byte (a
        /// decoder met an undefined byte right after a lead byte). A lone lead byte before `?`, a
        /// space or a letter (`là?`, `Äpfel`) is what clean text looks like too.
        confirmed: bool,
        /// Whether a three- or four-byte sequence is as long as its lead byte says, each missing
        /// byte marked by U+FFFD or `?` (`â??` for `’`, `ð??¶`): a letter at the end of a clean
        /// word is followed by one `?`, seldom by exactly the two or three its byte would need.
        full: bool,
        /// The lead byte.
        lead: u8,
    },
}

/// A run of recovered bytes (= characters of the garbled text) and what it reads as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Sequence {
    /// First character of the run.
    pub(super) start: usize,
    /// One past the last.
    pub(super) end: usize,
    /// What it reads as.
    pub(super) read: Read,
    /// How many spaces in it stood for the byte A0.
    pub(super) spaces: usize,
}

impl Sequence {
    /// Whether this is a multi-byte character, whole or lost.
    pub(super) fn is_multi_byte(&self) -> bool {
        matches!(self.read, Read::Char(_) | Read::Lost { .. })
    }
}

/// The second byte a lead byte allows (RFC 3629), and how long its sequence is.
///
/// ```text
/// UTF8-2 = %xC2-DF UTF8-tail
/// UTF8-3 = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) / %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
/// UTF8-4 = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) / %xF4 %x80-8F 2( UTF8-tail )
/// ```
///
/// Planes 4 to 13 (U+40000 to U+DFFFF: F1, F2, and F3 before A0) have no character assigned, so
/// no text holds one: their lead bytes (`ñ`, `ò` and `ó` in Latin-1) start no sequence here. A
/// `ñ ` in German text is a dash of windows-1252 shown as Mac OS Roman, never a four-byte
/// character that lost its last three bytes.
pub(super) fn lead(byte: u8) -> Option<(usize, u8, u8)> {
    match byte {
        0xC2..=0xDF => Some((2, 0x80, 0xBF)),
        0xE0 => Some((3, 0xA0, 0xBF)),
        0xED => Some((3, 0x80, 0x9F)),
        0xE1..=0xEF => Some((3, 0x80, 0xBF)),
        0xF0 => Some((4, 0x90, 0xBF)),
        0xF3 => Some((4, 0xA0, 0xBF)),
        0xF4 => Some((4, 0x80, 0x8F)),
        _ => None,
    }
}

/// Whether a byte of 80–9F can follow `byte` as the second byte of a character text holds: a
/// decoder passes those bytes as C1 controls that software then strips, so a lead byte that
/// stands alone, with no mark for its bytes, lost one of them. C3–DF (`Ã` for `À`–`ß`), E1–ED
/// (most of the Basic Multilingual Plane, Hangul up to U+D7FF) and F0 (plane 1: emoji) take one;
/// E0 and F3 take A0–BF only ([`lead`]), and EE, EF and F4 make
/// private-use characters (U+E000–U+E7FF, U+F000–U+F7FF, plane 16). Russian `по` in
/// windows-1251 shown as windows-1252 is `ïî` (EF EE), no two characters that lost four bytes.
pub(super) fn c1_byte_can_follow(byte: u8) -> bool {
    !matches!(byte, 0xEE | 0xEF | 0xF4) && lead(byte).is_some_and(|(_, low, _)| low <= 0x9F)
}

/// Whether `ch` is in plane 14 (F3 A0–AF) outside its two assigned blocks, the tags (U+E0001,
/// U+E0020–E007F) and the variation selectors (U+E0100–E01EF): F3 with a second byte A1–AF
/// makes no character either (`óŻżź` in code page 775 would be U+EFFDF).
fn unassigned_in_plane_14(ch: char) -> bool {
    matches!(ch, '\u{E0000}'..='\u{EFFFF}')
        && !matches!(ch, '\u{E0001}' | '\u{E0020}'..='\u{E007F}' | '\u{E0100}'..='\u{E01EF}')
}

/// What stands at one position of a sequence.
enum Slot {
    /// The byte, with a space read as A0 when `spaces` says so.
    Byte(u8, bool),
    /// A lost byte (U+FFFD or `?`).
    Wildcard,
    /// Something that cannot continue the sequence: it ends here.
    End,
}

fn slot(bytes: &[Recovered], i: usize, low: u8, high: u8, spaces_as_a0: bool) -> Slot {
    match bytes.get(i) {
        Some(&Recovered::Byte(b)) if (low..=high).contains(&b) => Slot::Byte(b, false),
        Some(&Recovered::Byte(b' ')) if spaces_as_a0 && (low..=high).contains(&0xA0) => {
            Slot::Byte(0xA0, true)
        }
        Some(&Recovered::Byte(b'?')) | Some(&Recovered::Lost) => Slot::Wildcard,
        _ => Slot::End,
    }
}

/// A CESU-8 surrogate pair at `i` (`ED A0..AF tail ED B0..BF tail`): the character it encodes.
fn cesu_pair(bytes: &[Recovered], i: usize) -> Option<char> {
    let mut b = [0u8; 6];
    for (k, slot) in b.iter_mut().enumerate() {
        match bytes.get(i + k) {
            Some(&Recovered::Byte(x)) => *slot = x,
            _ => return None,
        }
    }
    let tail = |x: u8| (0x80..=0xBF).contains(&x);
    if b[0] != 0xED || !(0xA0..=0xAF).contains(&b[1]) || !tail(b[2]) {
        return None;
    }
    if b[3] != 0xED || !(0xB0..=0xBF).contains(&b[4]) || !tail(b[5]) {
        return None;
    }
    let high = 0xD000 | (u32::from(b[1] & 0x3F) << 6) | u32::from(b[2] & 0x3F);
    let low = 0xD000 | (u32::from(b[4] & 0x3F) << 6) | u32::from(b[5] & 0x3F);
    char::from_u32(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
}

/// Cuts recovered bytes into sequences, in order, covering every byte once. `c1` says whether the
/// charset the text was shown in shows bytes 80–9F as C1 controls, which software strips: only
/// then does a sequence that stops short after a continuation byte confirm a stripped byte (in
/// windows-874, clean Thai stops short like that all the time).
///
/// A space stands for the byte A0 only where the text shows no sign that its pipeline kept A0
/// bytes: one damage process garbled the whole text, and a pipeline that let a byte A0 through (a
/// no-break space among the characters) or stripped C1 bytes (a sequence that stops short after a
/// continuation byte; those pipelines keep A0, which is no C1 byte) did not turn its no-break
/// spaces into spaces. There a space after a sequence that stops short is a space, and the byte
/// before it was stripped (`à¯ ` is a Tamil letter that lost its last byte, not U+0BE0).
#[inline(never)]
pub(super) fn read(bytes: &[Recovered], c1: bool) -> Vec<Sequence> {
    if bytes.contains(&Recovered::Byte(0xA0)) {
        return read_spaces(bytes, c1, false);
    }
    let sequences = read_spaces(bytes, c1, true);
    let stripped = sequences.iter().any(|s| {
        s.spaces == 0
            && matches!(
                s.read,
                Read::Lost {
                    marked: false,
                    confirmed: true,
                    full: false,
                    ..
                }
            )
    });
    if stripped && sequences.iter().any(|s| s.spaces > 0) {
        return read_spaces(bytes, c1, false);
    }
    sequences
}

/// [`read`], with spaces read as the byte A0 where a sequence needs it when `spaces_as_a0`: the
/// other reading of a text where [`read`] took spaces for A0 and some sequences lost bytes, since
/// a space after a lead byte may also follow a sequence whose last bytes were stripped.
pub(super) fn read_spaces(bytes: &[Recovered], c1: bool, spaces_as_a0: bool) -> Vec<Sequence> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&r) = bytes.get(i) {
        let one = |read| Sequence {
            start: i,
            end: i + 1,
            read,
            spaces: 0,
        };
        let Recovered::Byte(first) = r else {
            out.push(one(Read::Same));
            i += 1;
            continue;
        };
        if first.is_ascii() {
            out.push(one(
                if first.is_ascii_control() && !first.is_ascii_whitespace() {
                    Read::Stray
                } else {
                    Read::Same
                },
            ));
            i += 1;
            continue;
        }
        if let Some(ch) = cesu_pair(bytes, i) {
            out.push(Sequence {
                start: i,
                end: i + 6,
                read: Read::Char(ch),
                spaces: 0,
            });
            i += 6;
            continue;
        }
        let Some((len, low, high)) = lead(first) else {
            out.push(one(Read::Stray));
            i += 1;
            continue;
        };
        let mut buf = [first, 0, 0, 0];
        let (mut taken, mut spaces, mut lost) = (1, 0, false);
        let (mut real, mut replacement) = (0usize, false);
        // ED's second byte is always in 80–9F: where C1 bytes were stripped, it is gone, and a
        // continuation byte right after ED is the third (`í¬` is Korean ED 8x AC, `한` and its
        // neighbours). The sequence then lost a byte and shows one fewer.
        let mut stripped_second = 0;
        if c1 && first == 0xED && matches!(bytes.get(i + 1), Some(&Recovered::Byte(0xA0..=0xBF))) {
            taken = 2;
            stripped_second = 1;
        }
        while taken < len {
            let (lo, hi) = if taken == 1 {
                (low, high)
            } else {
                (0x80, 0xBF)
            };
            match slot(bytes, i + taken - stripped_second, lo, hi, spaces_as_a0) {
                Slot::Byte(b, space) => {
                    if let Some(x) = buf.get_mut(taken) {
                        *x = b;
                    }
                    spaces += usize::from(space);
                    real += 1;
                }
                Slot::Wildcard => {
                    lost = true;
                    replacement |= bytes.get(i + taken - stripped_second) == Some(&Recovered::Lost);
                }
                Slot::End => break,
            }
            taken += 1;
        }
        let read = if lost || taken < len || stripped_second > 0 {
            // A byte shown as U+FFFD or `?`, or stopped short: a stripped byte. Three bytes of a
            // four-byte sequence confirm it in any charset: windows-1252 too passes the bytes it
            // leaves undefined (81, 8D, 8F, 90, 9D) as C1 controls, which are stripped (`ðŸ‘`,
            // 👍 without its 8D).
            // A space taken for A0 confirms nothing after a letter's byte: a letter at the end
            // of a word (`café is`, E9 then a space) is what clean text shows, and the sequence
            // would need its last byte stripped too. After E2 (`â`), the lead of punctuation, it
            // does: clean text hardly ends a word in `â` (`âcleanupâ handler` is `“cleanup”`
            // that lost its C1 bytes).
            let solid = if first == 0xE2 {
                real
            } else {
                real.saturating_sub(spaces)
            };
            Read::Lost {
                marked: lost,
                confirmed: replacement || (solid > 0 && (lost || c1)) || solid >= 2,
                full: lost && taken == len && len >= 3,
                lead: first,
            }
        } else {
            match buf
                .get(..len)
                .and_then(|s| core::str::from_utf8(s).ok())
                .and_then(|s| s.chars().next())
            {
                Some(ch) if !unassigned_in_plane_14(ch) => Read::Char(ch),
                _ => Read::Stray,
            }
        };
        out.push(Sequence {
            start: i,
            end: i + taken - stripped_second,
            read,
            spaces,
        });
        i += taken - stripped_second;
    }
    out
}

/// Whether `cs` shows the bytes 80–9F as C1 controls (the ISO-8859 parts), which software strips.
pub(super) fn shows_c1(cs: crate::charset::Charset) -> bool {
    cs.decode_byte(0x85) == Some('\u{85}')
}

/// Whether `cs` shows every byte from 80 to FF as a character that is no control (Mac OS Roman,
/// the DOS code pages, KOI8), so that no decoder drops one and no later step strips one.
pub(super) fn shows_every_byte(cs: crate::charset::Charset) -> bool {
    (0x80..=0xFFu8).all(|b| cs.decode_byte(b).is_some_and(|c| !c.is_control()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charset::Charset;

    fn reads(text: &str, cs: Charset) -> Vec<Read> {
        let chars: Vec<char> = text.chars().collect();
        read(&recover(&chars, &Encoder::new(cs)), shows_c1(cs))
            .into_iter()
            .map(|s| s.read)
            .collect()
    }

    #[test]
    fn a_c1_byte_follows_the_leads_of_characters_text_holds() {
        // Oracle: std's UTF-8 decoder, over every byte and every second byte of 80–9F (the rest
        // of the sequence A0), with private use and planes 4–13 as no text's characters.
        let text_holds = |c: char| !matches!(c, '\u{E000}'..='\u{F8FF}' | '\u{40000}'..='\u{DFFFF}' | '\u{F0000}'..);
        for byte in 0..=0xFFu8 {
            let expected = (0x80..=0x9Fu8).any(|second| {
                let len = match byte {
                    0xC0..=0xDF => 2,
                    0xE0..=0xEF => 3,
                    _ => 4,
                };
                let bytes = [byte, second, 0xA0, 0xA0];
                std::str::from_utf8(bytes.get(..len).unwrap_or_default())
                    .ok()
                    .and_then(|s| s.chars().next())
                    .is_some_and(text_holds)
            });
            assert_eq!(c1_byte_can_follow(byte), expected, "{byte:02X}");
        }
    }

    #[test]
    fn charsets_that_show_every_byte() {
        for cs in [
            Charset::Macintosh,
            Charset::Ibm437,
            Charset::Ibm866,
            Charset::Koi8R,
        ] {
            assert!(shows_every_byte(cs), "{cs:?}");
        }
        // Windows-1252 leaves 81 undefined; ISO-8859-1 shows 80–9F as controls.
        for cs in [Charset::Windows1252, Charset::Iso8859_1, Charset::Iso8859_2] {
            assert!(!shows_every_byte(cs), "{cs:?}");
        }
    }

    #[test]
    fn whole_lost_restored_and_joined() {
        use Read::*;
        let cs = Charset::Windows1252;
        assert_eq!(reads("Ã©a", cs), [Char('é'), Same]);
        // "с" (D1 81) whose 81 became "?", U+FFFD, or was dropped.
        let lost = |marked, confirmed, lead| Lost {
            marked,
            confirmed,
            full: false,
            lead,
        };
        assert_eq!(reads("Ñ?Ð¸", cs), [lost(true, false, 0xD1), Char('и')]);
        assert_eq!(
            reads("Ñ\u{FFFD}Ð¸", cs),
            [lost(true, true, 0xD1), Char('и')]
        );
        assert_eq!(reads("ÑÐ¸", cs), [lost(false, false, 0xD1), Char('и')]);
        // "म" (E0 A4 AE) whose last byte was stripped, before another lead byte.
        assert_eq!(
            reads("à¤à¤¾", Charset::Iso8859_1),
            [lost(false, true, 0xE0), Char('\u{93E}')]
        );
        // "à" (C3 A0) whose no-break space became a space.
        let s = {
            let chars: Vec<char> = "Ã b".chars().collect();
            read(&recover(&chars, &Encoder::new(cs)), shows_c1(cs))
        };
        assert_eq!((s[0].read, s[0].spaces), (Char('à'), 1));
        // 😀 through CESU-8.
        assert_eq!(reads("í\u{A0}½í¸\u{80}", Charset::Iso8859_1), [Char('😀')]);
        // A continuation byte without a lead.
        assert_eq!(reads("©", cs), [Stray]);
        // Korean "헬" (ED 97 AC) whose second byte, a C1 byte, was stripped: ED, then AC.
        assert_eq!(reads("í¬", Charset::Iso8859_1), [lost(false, true, 0xED)]);
    }

    #[test]
    fn lead_bytes_of_planes_without_characters_start_nothing() {
        use Read::*;
        let cs = Charset::Windows1252;
        // F1 and F2 lead planes 4 to 11, F3 80–9F planes 12 and 13: nothing is assigned there.
        assert_eq!(reads("ñ ", cs), [Stray, Same]);
        assert_eq!(reads("ò\u{A0}", cs)[0], Stray);
        assert_eq!(reads("ó\u{90}€€", cs).len(), 4);
        // F3 A0 (plane 14, tags) and F0 (emoji) still do.
        assert_eq!(
            reads("ó\u{A0}\u{81}\u{81}", Charset::Iso8859_1),
            [Char('\u{E0041}')]
        );
        assert!(matches!(reads("ðŸ‘", cs)[0], Lost { lead: 0xF0, .. }));
        // The rest of plane 14 (F3 A1–AF) is unassigned: `ó®¿Ÿ` would be U+EFFDF.
        assert_eq!(reads("ó®¿Ÿ", cs)[0], Stray);
        // Planes 15 and 16 are private use, which icon fonts fill.
        assert_eq!(
            reads("ó°\u{81}\u{81}", Charset::Iso8859_1),
            [Char('\u{F0041}')]
        );
    }
}
