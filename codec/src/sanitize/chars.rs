//! The characters the sanitiser looks at, and their names.
//!
//! Everything here is a fixed list from the Unicode Standard or the Trojan Source paper; nothing is
//! generated. The one approximate list is [`is_pictographic`], which only decides whether a zero
//! width joiner sits between two emoji.

/// What the sanitiser may do something about. Everything else is [`Class::Plain`] and copied as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// Copied unchanged.
    Plain,
    /// U+0000.
    Nul,
    /// A C0 control other than TAB, LF and CR; DEL; a C1 control other than NEL.
    Control,
    /// LF, CR, NEL, U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR.
    LineBreak,
    /// U+FEFF: a byte order mark at the start, a zero width no-break space elsewhere.
    Feff,
    /// LRE, RLE, LRO, RLO: opened until a PDF.
    BidiEmbedding,
    /// LRI, RLI, FSI: opened until a PDI.
    BidiIsolate,
    /// U+202C POP DIRECTIONAL FORMATTING.
    Pdf,
    /// U+2069 POP DIRECTIONAL ISOLATE.
    Pdi,
    /// LRM, RLM, ALM: marks that open nothing.
    BidiMark,
    /// U+200C ZERO WIDTH NON-JOINER.
    Zwnj,
    /// U+200D ZERO WIDTH JOINER.
    Zwj,
    /// The other invisible characters: U+200B, U+2060–U+2064, U+206A–U+206F, U+180E.
    Invisible,
    /// U+E0000–U+E007F.
    Tag,
    /// U+FE00–U+FE0F and U+E0100–U+E01EF.
    VariationSelector,
    /// U+FDD0–U+FDEF and the last two code points of every plane.
    Noncharacter,
}

/// The class of `c`. The common case, a printable character, is decided in a few comparisons.
#[inline]
pub(crate) fn class(c: char) -> Class {
    let u = u32::from(c);
    if u < 0x80 {
        return match u {
            0x20..=0x7E | 0x09 => Class::Plain,
            0x0A | 0x0D => Class::LineBreak,
            0x00 => Class::Nul,
            _ => Class::Control,
        };
    }
    if u < 0x061C {
        return match u {
            0x85 => Class::LineBreak,
            0x80..=0x9F => Class::Control,
            _ => Class::Plain,
        };
    }
    match u {
        0x061C => Class::BidiMark,
        0x180E => Class::Invisible,
        0x200B => Class::Invisible,
        0x200C => Class::Zwnj,
        0x200D => Class::Zwj,
        0x200E | 0x200F => Class::BidiMark,
        0x2028 | 0x2029 => Class::LineBreak,
        0x202A..=0x202B | 0x202D..=0x202E => Class::BidiEmbedding,
        0x202C => Class::Pdf,
        0x2060..=0x2064 | 0x206A..=0x206F => Class::Invisible,
        0x2066..=0x2068 => Class::BidiIsolate,
        0x2069 => Class::Pdi,
        0xFDD0..=0xFDEF => Class::Noncharacter,
        0xFE00..=0xFE0F => Class::VariationSelector,
        0xFEFF => Class::Feff,
        0xE0000..=0xE007F => Class::Tag,
        0xE0100..=0xE01EF => Class::VariationSelector,
        _ if u & 0xFFFE == 0xFFFE => Class::Noncharacter,
        _ => Class::Plain,
    }
}

/// Whether a UTF-8 lead byte can start a character whose class is not [`Class::Plain`]: the
/// scanner decodes only after these (C2: C1 controls; D8: ALM; E1: U+180E; E2: U+2000–U+2FFF;
/// EF: U+F000–U+FFFF; F0–F4: plane-final noncharacters, tags and variation selectors).
#[inline]
pub(crate) fn lead_may_matter(lead: u8) -> bool {
    matches!(lead, 0xC2 | 0xD8 | 0xE1 | 0xE2 | 0xEF | 0xF0..=0xF4)
}

/// Whether `c` is pictographic: the ranges of the Unicode emoji property Extended_Pictographic (UTS
/// #51), merged where that costs nothing. Used only to keep a zero width joiner that joins two emoji
/// (👩‍💻) and a variation selector that chooses how an emoji looks.
pub(crate) fn is_pictographic(c: char) -> bool {
    #[rustfmt::skip]
    const RANGES: &[(u32, u32)] = &[
        (0x00A9, 0x00A9), (0x00AE, 0x00AE), (0x203C, 0x203C), (0x2049, 0x2049), (0x2122, 0x2122),
        (0x2139, 0x2139), (0x2194, 0x2199), (0x21A9, 0x21AA), (0x231A, 0x231B), (0x2328, 0x2328),
        (0x2388, 0x2388), (0x23CF, 0x23CF), (0x23E9, 0x23F3), (0x23F8, 0x23FA), (0x24C2, 0x24C2),
        (0x25AA, 0x25AB), (0x25B6, 0x25B6), (0x25C0, 0x25C0), (0x25FB, 0x25FE), (0x2600, 0x2605),
        (0x2607, 0x2612), (0x2614, 0x2685), (0x2690, 0x2705), (0x2708, 0x2712), (0x2714, 0x2714),
        (0x2716, 0x2716), (0x271D, 0x271D), (0x2721, 0x2721), (0x2728, 0x2728), (0x2733, 0x2734),
        (0x2744, 0x2744), (0x2747, 0x2747), (0x274C, 0x274C), (0x274E, 0x274E), (0x2753, 0x2755),
        (0x2757, 0x2757), (0x2763, 0x2767), (0x2795, 0x2797), (0x27A1, 0x27A1), (0x27B0, 0x27B0),
        (0x27BF, 0x27BF), (0x2934, 0x2935), (0x2B05, 0x2B07), (0x2B1B, 0x2B1C), (0x2B50, 0x2B50),
        (0x2B55, 0x2B55), (0x3030, 0x3030), (0x303D, 0x303D), (0x3297, 0x3297), (0x3299, 0x3299),
        // Mahjong to Symbols and Pictographs Extended-A, without the regional indicators and the
        // skin tone modifiers (which are not pictographs but parts of a sequence).
        (0x1F000, 0x1F0FF), (0x1F10D, 0x1F10F), (0x1F12F, 0x1F12F), (0x1F16C, 0x1F171),
        (0x1F17E, 0x1F17F), (0x1F18E, 0x1F18E), (0x1F191, 0x1F19A), (0x1F1AD, 0x1F1E5),
        (0x1F201, 0x1F20F), (0x1F21A, 0x1F21A), (0x1F22F, 0x1F22F), (0x1F232, 0x1F23A),
        (0x1F23C, 0x1F23F), (0x1F249, 0x1F3FA), (0x1F400, 0x1F53D), (0x1F546, 0x1F64F),
        (0x1F680, 0x1F6FF), (0x1F774, 0x1F77F), (0x1F7D5, 0x1F7FF), (0x1F80C, 0x1F80F),
        (0x1F848, 0x1F84F), (0x1F85A, 0x1F85F), (0x1F888, 0x1F88F), (0x1F8AE, 0x1F8FF),
        (0x1F90C, 0x1F93A), (0x1F93C, 0x1F945), (0x1F947, 0x1FAFF), (0x1FC00, 0x1FFFD),
    ];
    let u = u32::from(c);
    if u < 0xA9 {
        return false;
    }
    let i = RANGES.partition_point(|&(_, last)| last < u);
    RANGES.get(i).is_some_and(|&(first, _)| first <= u)
}

/// Whether `c` may follow a pictograph inside an emoji and still let a joiner or a variation
/// selector after it count as part of the emoji: VS15, VS16 and the skin tone modifiers.
pub(crate) fn is_emoji_modifier(c: char) -> bool {
    matches!(u32::from(c), 0xFE0E | 0xFE0F | 0x1F3FB..=0x1F3FF)
}

/// Whether `c` may carry VS15 or VS16 as an emoji without being pictographic: the keycap bases.
pub(crate) fn is_keycap_base(c: char) -> bool {
    matches!(c, '#' | '*' | '0'..='9')
}

/// Whether `c` is a letter or mark of a script in which ZWJ and ZWNJ change how a word is written
/// (cursive joining, conjuncts): Arabic, Syriac, Thaana, N'Ko, Indic scripts, Sinhala, Thai to
/// Tibetan, Myanmar, Khmer, Mongolian. Between two of these the joiners are spelling, not tricks.
/// The invisible and bidirectional controls inside these blocks are excluded.
pub(crate) fn is_joining_script(c: char) -> bool {
    let u = u32::from(c);
    let in_block = matches!(u,
        0x0600..=0x07FF       // Arabic, Syriac, Arabic Supplement, Thaana, N'Ko
        | 0x0860..=0x08FF     // Syriac Supplement, Arabic Extended-B and -A
        | 0x0900..=0x0FFF     // Devanagari to Tibetan (Indic scripts, Sinhala, Thai, Lao)
        | 0x1000..=0x109F     // Myanmar
        | 0x1780..=0x18AF     // Khmer, Mongolian
        | 0xA8E0..=0xA8FF     // Devanagari Extended
        | 0xFB50..=0xFDCF     // Arabic Presentation Forms-A (before the noncharacters)
        | 0xFDF0..=0xFDFF
        | 0xFE70..=0xFEFE     // Arabic Presentation Forms-B, without U+FEFF
    );
    in_block && class(c) == Class::Plain
}

/// The name of a character the sanitiser reports, for people: "RIGHT-TO-LEFT OVERRIDE", "BEL".
/// `None` for characters without a short well-known name (most C1 controls are named by their
/// abbreviation too).
pub(crate) fn name(c: char) -> Option<&'static str> {
    #[rustfmt::skip]
    const C0: [&str; 32] = [
        "NULL", "START OF HEADING", "START OF TEXT", "END OF TEXT", "END OF TRANSMISSION", "ENQUIRY",
        "ACKNOWLEDGE", "BELL", "BACKSPACE", "CHARACTER TABULATION", "LINE FEED", "LINE TABULATION",
        "FORM FEED", "CARRIAGE RETURN", "SHIFT OUT", "SHIFT IN", "DATA LINK ESCAPE",
        "DEVICE CONTROL ONE", "DEVICE CONTROL TWO", "DEVICE CONTROL THREE", "DEVICE CONTROL FOUR",
        "NEGATIVE ACKNOWLEDGE", "SYNCHRONOUS IDLE", "END OF TRANSMISSION BLOCK", "CANCEL",
        "END OF MEDIUM", "SUBSTITUTE", "ESCAPE", "INFORMATION SEPARATOR FOUR",
        "INFORMATION SEPARATOR THREE", "INFORMATION SEPARATOR TWO", "INFORMATION SEPARATOR ONE",
    ];
    let u = u32::from(c);
    if let Some(name) = C0.get(u as usize) {
        return Some(name);
    }
    Some(match u {
        0x7F => "DELETE",
        0x85 => "NEXT LINE",
        0x9B => "CONTROL SEQUENCE INTRODUCER",
        0x80..=0x9F => "C1 CONTROL",
        0x061C => "ARABIC LETTER MARK",
        0x180E => "MONGOLIAN VOWEL SEPARATOR",
        0x200B => "ZERO WIDTH SPACE",
        0x200C => "ZERO WIDTH NON-JOINER",
        0x200D => "ZERO WIDTH JOINER",
        0x200E => "LEFT-TO-RIGHT MARK",
        0x200F => "RIGHT-TO-LEFT MARK",
        0x2028 => "LINE SEPARATOR",
        0x2029 => "PARAGRAPH SEPARATOR",
        0x202A => "LEFT-TO-RIGHT EMBEDDING",
        0x202B => "RIGHT-TO-LEFT EMBEDDING",
        0x202C => "POP DIRECTIONAL FORMATTING",
        0x202D => "LEFT-TO-RIGHT OVERRIDE",
        0x202E => "RIGHT-TO-LEFT OVERRIDE",
        0x2060 => "WORD JOINER",
        0x2061 => "FUNCTION APPLICATION",
        0x2062 => "INVISIBLE TIMES",
        0x2063 => "INVISIBLE SEPARATOR",
        0x2064 => "INVISIBLE PLUS",
        0x2066 => "LEFT-TO-RIGHT ISOLATE",
        0x2067 => "RIGHT-TO-LEFT ISOLATE",
        0x2068 => "FIRST STRONG ISOLATE",
        0x2069 => "POP DIRECTIONAL ISOLATE",
        0x206A..=0x206F => "DEPRECATED FORMAT CHARACTER",
        0xFE00..=0xFE0F | 0xE0100..=0xE01EF => "VARIATION SELECTOR",
        0xFEFF => "ZERO WIDTH NO-BREAK SPACE (BYTE ORDER MARK)",
        0xFFFD => "REPLACEMENT CHARACTER",
        0xE0001 => "LANGUAGE TAG",
        0xE007F => "CANCEL TAG",
        0xE0000..=0xE007E => "TAG",
        _ if class(c) == Class::Noncharacter => "NONCHARACTER",
        _ => return None,
    })
}

/// The closing control for an opener: PDF for an embedding or override, PDI for an isolate.
pub(crate) fn closer_of(opener: char) -> char {
    if class(opener) == Class::BidiIsolate {
        '\u{2069}'
    } else {
        '\u{202C}'
    }
}

/// The visible picture of a control character in the Control Pictures block (U+2400): ␀ to ␟ for
/// C0, ␡ for DEL, ␤ for NEL; the other C1 controls have no picture and show as U+FFFD.
pub(crate) fn picture_of(c: char) -> char {
    match u32::from(c) {
        u @ 0x00..=0x1F => char::from_u32(0x2400 + u).unwrap_or('\u{FFFD}'),
        0x7F => '\u{2421}',
        0x85 => '\u{2424}',
        _ => '\u{FFFD}',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lead_byte_of_a_non_plain_character_is_listed() {
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            if class(c) != Class::Plain && !c.is_ascii() {
                let mut buf = [0; 4];
                let lead = c.encode_utf8(&mut buf).as_bytes()[0];
                assert!(lead_may_matter(lead), "U+{:04X}", u32::from(c));
            }
        }
    }

    #[test]
    fn classes_of_the_listed_characters() {
        assert_eq!(class('\t'), Class::Plain);
        assert_eq!(class('\u{7}'), Class::Control);
        assert_eq!(class('\u{7F}'), Class::Control);
        assert_eq!(class('\u{9B}'), Class::Control);
        assert_eq!(class('\u{85}'), Class::LineBreak);
        assert_eq!(class('\u{202E}'), Class::BidiEmbedding);
        assert_eq!(class('\u{2067}'), Class::BidiIsolate);
        assert_eq!(class('\u{2065}'), Class::Plain); // unassigned
        assert_eq!(class('\u{FFFE}'), Class::Noncharacter);
        assert_eq!(class('\u{10FFFF}'), Class::Noncharacter);
        assert_eq!(class('\u{1FFFD}'), Class::Plain);
        assert_eq!(class('\u{E0041}'), Class::Tag);
        assert_eq!(class('\u{E0101}'), Class::VariationSelector);
        assert_eq!(class('é'), Class::Plain);
        assert_eq!(
            (0..=0x10FFFFu32)
                .filter_map(char::from_u32)
                .filter(|&c| class(c) == Class::Noncharacter)
                .count(),
            66
        );
    }

    #[test]
    fn pictographs_modifiers_and_joining_scripts() {
        for c in ['👩', '💻', '❤', '🔥', '🏳', '🌈', '🧑', '🦰', '©', '🫠'] {
            assert!(is_pictographic(c), "{c}");
        }
        for c in ['a', '1', '🇫', '🏽', 'ä', '\u{200D}'] {
            assert!(!is_pictographic(c), "{c}");
        }
        assert!(is_emoji_modifier('\u{1F3FD}'));
        assert!(is_joining_script('ب') && is_joining_script('क') && is_joining_script('ක'));
        assert!(
            !is_joining_script('\u{061C}')
                && !is_joining_script('\u{180E}')
                && !is_joining_script('a')
        );
    }

    #[test]
    fn names_and_pictures() {
        assert_eq!(name('\u{202E}'), Some("RIGHT-TO-LEFT OVERRIDE"));
        assert_eq!(name('\u{7}'), Some("BELL"));
        assert_eq!(name('a'), None);
        assert_eq!(picture_of('\u{0}'), '␀');
        assert_eq!(picture_of('\u{1B}'), '␛');
        assert_eq!(picture_of('\u{7F}'), '␡');
        assert_eq!(picture_of('\u{90}'), '\u{FFFD}');
        assert_eq!(closer_of('\u{2066}'), '\u{2069}');
        assert_eq!(closer_of('\u{202E}'), '\u{202C}');
    }
}
