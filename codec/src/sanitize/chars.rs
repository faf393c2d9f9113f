//! The characters the sanitiser looks at, their classes and their names.
//!
//! The properties come from the Unicode Character Database through the generated tables of
//! [`ucd`](super::ucd) (`node scripts/generate-ucd-tables.mjs`); what stays here by code point are
//! the characters with a role of their own in an algorithm: the bidirectional controls of UAX #9,
//! the joiners, U+FEFF, the line breaks, the tag and variation selector blocks.

use super::ucd;

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
    /// U+00AD SOFT HYPHEN: a hyphenation hint, invisible unless a line breaks there.
    SoftHyphen,
    /// Prepended_Concatenation_Mark: a number sign that spans the digits after it (U+0600–U+0605,
    /// U+06DD, U+070F, U+0890, U+0891, U+08E2, U+110BD, U+110CD).
    NumberSign,
    /// Every other format character (Cf), default-ignorable code point and blank: U+200B,
    /// U+2060–U+2064, U+180E, the Hangul fillers, interlinear annotation, Egyptian hieroglyph,
    /// shorthand and musical format controls, U+2800, ...
    Invisible,
    /// U+E0000–U+E007F.
    Tag,
    /// U+FE00–U+FE0F, U+E0100–U+E01EF, and the Mongolian free variation selectors U+180B–U+180D
    /// and U+180F.
    VariationSelector,
    /// U+FDD0–U+FDEF and the last two code points of every plane.
    Noncharacter,
}

/// Whether `u` is in one of the sorted, merged `ranges`.
fn in_ranges(ranges: &[(u32, u32)], u: u32) -> bool {
    let i = ranges.partition_point(|&(_, last)| last < u);
    ranges.get(i).is_some_and(|&(first, _)| first <= u)
}

/// Whether the UTF-8 form of a character that starts with `lead` and `second` may be one the
/// sanitiser looks at (the generated [`ucd::SECOND_BYTES`]); `false` for ASCII leads.
#[inline]
pub(crate) fn may_matter(lead: u8, second: u8) -> bool {
    lead.checked_sub(0xC0)
        .and_then(|i| ucd::SECOND_BYTES.get(usize::from(i)))
        .is_some_and(|mask| mask & (1 << (second & 0x3F)) != 0)
}

/// The class of `c`. The common case, a printable character, is decided in a few operations.
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
    let mut buf = [0; 4];
    let bytes = c.encode_utf8(&mut buf).as_bytes();
    if !may_matter(bytes[0], bytes[1]) {
        return Class::Plain;
    }
    class_of_attended(u)
}

#[inline(never)]
fn class_of_attended(u: u32) -> Class {
    match u {
        0x85 => Class::LineBreak,
        0x80..=0x9F => Class::Control,
        0xAD => Class::SoftHyphen,
        0x061C => Class::BidiMark,
        0x180B..=0x180D | 0x180F => Class::VariationSelector,
        0x200C => Class::Zwnj,
        0x200D => Class::Zwj,
        0x200E | 0x200F => Class::BidiMark,
        0x2028 | 0x2029 => Class::LineBreak,
        0x202A..=0x202B | 0x202D..=0x202E => Class::BidiEmbedding,
        0x202C => Class::Pdf,
        0x2066..=0x2068 => Class::BidiIsolate,
        0x2069 => Class::Pdi,
        0xFDD0..=0xFDEF => Class::Noncharacter,
        0xFE00..=0xFE0F => Class::VariationSelector,
        0xFEFF => Class::Feff,
        0xE0000..=0xE007F => Class::Tag,
        0xE0100..=0xE01EF => Class::VariationSelector,
        _ if u & 0xFFFE == 0xFFFE => Class::Noncharacter,
        _ if in_ranges(ucd::PREPENDED_CONCATENATION_MARK, u) => Class::NumberSign,
        _ if in_ranges(ucd::INVISIBLE, u) => Class::Invisible,
        _ => Class::Plain,
    }
}

/// Whether `c` is Extended_Pictographic (UTS #51). Used to keep a zero width joiner that joins
/// two emoji (👩‍💻).
pub(crate) fn is_pictographic(c: char) -> bool {
    let u = u32::from(c);
    u >= 0xA9 && in_ranges(ucd::EXTENDED_PICTOGRAPHIC, u)
}

/// Whether `c` may follow a pictograph inside an emoji and still let a joiner after it count as
/// part of the emoji: VS15, VS16 and the skin tone modifiers (Emoji_Modifier).
pub(crate) fn is_emoji_modifier(c: char) -> bool {
    matches!(c, '\u{FE0E}' | '\u{FE0F}') || in_ranges(ucd::EMOJI_MODIFIER, u32::from(c))
}

/// Whether `c` is a letter or mark of a script in which ZWJ and ZWNJ change how a word is written
/// (cursive joining, conjuncts): Arabic, Syriac, Thaana, N'Ko, Indic scripts, Sinhala, Thai to
/// Tibetan, Myanmar, Khmer, Mongolian, by Script and Script_Extensions. Between two of these the
/// joiners are spelling, not tricks. The characters the sanitiser looks at are never among them.
pub(crate) fn is_joining_script(c: char) -> bool {
    in_ranges(ucd::JOINING_SCRIPT, u32::from(c))
}

/// Whether `c` is a decimal digit of any script (General_Category Nd): what a number sign spans.
pub(crate) fn is_decimal_digit(c: char) -> bool {
    c.is_ascii_digit() || in_ranges(ucd::DECIMAL_DIGIT, u32::from(c))
}

/// Whether `(base, selector)` is a registered variation sequence: in StandardizedVariants.txt or
/// emoji-variation-sequences.txt, or a CJK unified ideograph with VS17–VS256, the selectors of
/// the Ideographic Variation Database, which no registry package ships (docs/SANITIZE.md).
pub(crate) fn is_registered_sequence(base: char, selector: char) -> bool {
    let (b, s) = (u32::from(base), u32::from(selector));
    let index = match s {
        0xFE00..=0xFE0F => s - 0xFE00,
        0xE0100..=0xE01EF => return in_ranges(ucd::UNIFIED_IDEOGRAPH, b),
        0x180B..=0x180D => 256 + s - 0x180B,
        0x180F => 259,
        _ => return false,
    };
    ucd::VARIATION_SEQUENCES
        .binary_search(&(b * 512 + index))
        .is_ok()
}

/// The byte a variation selector stands for in the usual way of hiding bytes in them: VS1–VS16
/// are 0x00–0x0F, VS17–VS256 are 0x10–0xFF. `None` for the Mongolian free variation selectors.
pub(crate) fn selector_byte(c: char) -> Option<u8> {
    match u32::from(c) {
        u @ 0xFE00..=0xFE0F => u8::try_from(u - 0xFE00).ok(),
        u @ 0xE0100..=0xE01EF => u8::try_from(u - 0xE0100 + 16).ok(),
        _ => None,
    }
}

/// The name of a character the sanitiser reports, for people: "RIGHT-TO-LEFT OVERRIDE", "ALERT"
/// (controls are named by their alias). `None` for unassigned code points and for the variation
/// selectors, whose names [`variation_selector_number`] makes.
pub(crate) fn name(c: char) -> Option<&'static str> {
    let u = u32::from(c);
    Some(match u {
        0xFEFF => "ZERO WIDTH NO-BREAK SPACE (BYTE ORDER MARK)",
        0xFFFD => "REPLACEMENT CHARACTER",
        0xE0001 => "LANGUAGE TAG",
        0xE007F => "CANCEL TAG",
        0xE0020..=0xE007E => "TAG",
        _ if class(c) == Class::Noncharacter => "NONCHARACTER",
        _ => {
            let i = ucd::NAMES.binary_search_by_key(&u, |&(cp, _)| cp).ok()?;
            ucd::NAMES.get(i)?.1
        }
    })
}

/// The number n of VARIATION SELECTOR-n (1–256), for a variation selector.
pub(crate) fn variation_selector_number(c: char) -> Option<u32> {
    selector_byte(c).map(|b| u32::from(b) + 1)
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
    fn the_prefilter_lets_every_non_plain_character_through() {
        let mut attended = 0;
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            if class_of_attended(u32::from(c)) != Class::Plain && !c.is_ascii() {
                let mut buf = [0; 4];
                let bytes = c.encode_utf8(&mut buf).as_bytes();
                assert!(may_matter(bytes[0], bytes[1]), "U+{:04X}", u32::from(c));
                attended += 1;
            }
        }
        // Cc less ASCII (32), Cf, default-ignorables, noncharacters, LS, PS, U+2800.
        assert!(attended > 4000, "{attended}");
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
        // Unassigned, but default-ignorable: invisible in every conforming renderer.
        assert_eq!(class('\u{2065}'), Class::Invisible);
        for blank in [
            '\u{115F}', '\u{1160}', '\u{3164}', '\u{FFA0}', '\u{2800}', '\u{17B4}', '\u{34F}',
        ] {
            assert_eq!(class(blank), Class::Invisible, "U+{:04X}", u32::from(blank));
        }
        for format in ['\u{FFF9}', '\u{13430}', '\u{1BCA0}', '\u{1D173}'] {
            assert_eq!(
                class(format),
                Class::Invisible,
                "U+{:04X}",
                u32::from(format)
            );
        }
        assert_eq!(class('\u{AD}'), Class::SoftHyphen);
        assert_eq!(class('\u{600}'), Class::NumberSign);
        assert_eq!(class('\u{8E2}'), Class::NumberSign);
        assert_eq!(class('\u{180B}'), Class::VariationSelector);
        assert_eq!(class('\u{180E}'), Class::Invisible);
        assert_eq!(class('\u{A0}'), Class::Plain);
        assert_eq!(class('あ'), Class::Plain);
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
        assert_eq!(name('\u{7}'), Some("ALERT"));
        assert_eq!(name('\u{3164}'), Some("HANGUL FILLER"));
        assert_eq!(name('\u{E0100}'), None);
        assert_eq!(variation_selector_number('\u{E0100}'), Some(17));
        assert_eq!(name('a'), None);
        assert_eq!(picture_of('\u{0}'), '␀');
        assert_eq!(picture_of('\u{1B}'), '␛');
        assert_eq!(picture_of('\u{7F}'), '␡');
        assert_eq!(picture_of('\u{90}'), '\u{FFFD}');
        assert_eq!(closer_of('\u{2066}'), '\u{2069}');
        assert_eq!(closer_of('\u{202E}'), '\u{202C}');
    }
}
