//! What each lead byte's range of code points holds, in words a learner recognises.
//!
//! The codec names the block of a lead byte's *first* code point ([`utf8lens::LeadByte::block`]),
//! which misleads for the wide ranges: E0 starts in Samaritan but also holds Devanagari and Thai,
//! F0 starts in Linear B but holds every emoji, and F3 starts in an unassigned plane but holds the
//! tag characters. This is the teacher's summary of each range: the blocks of Unicode 15.1's
//! Blocks.txt that a reader is most likely to meet there, with an example where it helps. It is
//! prose for the codepage view, not character data: nothing computes with it.

use utf8lens::LeadByte;

/// The notable contents of the code points that `lead` starts, e.g. for E0 "Samaritan, …, Thai".
pub fn notable(lead: LeadByte) -> &'static str {
    let index = usize::from(lead.byte() - 0xC2);
    NOTABLE.get(index).copied().unwrap_or("")
}

#[rustfmt::skip]
const NOTABLE: [&str; 51] = [
    // C2..=C9
    "C1 controls, the no-break space and Latin-1 signs (¢ £ © ® ° ±)",
    "Latin-1 letters À–ÿ (é ü ß ñ)",
    "Latin Extended-A (Ā ć Č ğ ı)",
    "Latin Extended-A (ł ő œ š ž)",
    "Latin Extended-B (ƒ and letters of African languages)",
    "Latin Extended-B (click letters, ǆ, ǎ ǐ ǔ)",
    "Latin Extended-B (ș ț of Romanian)",
    "Latin Extended-B and IPA Extensions (ɐ ə)",
    // CA..=D1
    "IPA Extensions and Spacing Modifier Letters (ʻ)",
    "Spacing Modifier Letters (ˆ ˇ ˘ ˙ ˚ ˜)",
    "Combining Diacritical Marks (U+0301 combining acute)",
    "Combining Diacritical Marks (U+034F grapheme joiner) and the start of Greek",
    "Greek (Α–Ω, ά έ ή)",
    "Greek (π ρ σ ς ω) and Coptic letters",
    "Cyrillic (Ѐ–Я, а–п)",
    "Cyrillic (р–я, ё, Ukrainian і ї є)",
    // D2..=D9
    "Cyrillic (Ґ ґ, historic and extended letters)",
    "Cyrillic (extended letters)",
    "Cyrillic Supplement and Armenian",
    "Armenian",
    "Armenian and Hebrew points",
    "Hebrew letters (א–ת)",
    "Arabic (number signs, ؟, letters ء–ؿ)",
    "Arabic (letters, harakat, Arabic-Indic digits ٠–٩)",
    // DA..=DF
    "Arabic (letters for Persian and Urdu)",
    "Arabic (Urdu letters, digits ۰–۹)",
    "Syriac",
    "Syriac and Arabic Supplement",
    "Thaana",
    "NKo",
    // E0..=E7
    "Samaritan, Mandaic, Arabic Extended, Devanagari, Bengali, Gurmukhi, Gujarati, Tamil, Telugu, \
     Kannada, Malayalam, Sinhala, Thai, Lao and Tibetan",
    "Myanmar, Georgian, Hangul Jamo, Ethiopic, Cherokee, Canadian Syllabics, Khmer, Mongolian, \
     Latin Extended Additional (ạ ế ỹ of Vietnamese) and Greek Extended",
    "General Punctuation (– — ‘ ’ “ ” … and the invisible spaces and joiners), Currency Symbols \
     (€ ₹), Letterlike Symbols (™), Arrows, Mathematical Operators, Box Drawing, Dingbats (✓), \
     Braille and CJK Radicals",
    "CJK Symbols and Punctuation (、。「」), Hiragana, Katakana, Bopomofo, Hangul Compatibility Jamo \
     and the start of CJK Extension A",
    "CJK Unified Ideographs Extension A and, from U+4E00 (一), CJK Unified Ideographs",
    "CJK Unified Ideographs: Chinese characters, Japanese kanji, Korean hanja",
    "CJK Unified Ideographs: Chinese characters, Japanese kanji, Korean hanja",
    "CJK Unified Ideographs: Chinese characters, Japanese kanji, Korean hanja",
    // E8..=EF
    "CJK Unified Ideographs: Chinese characters, Japanese kanji, Korean hanja",
    "CJK Unified Ideographs: Chinese characters, Japanese kanji, Korean hanja",
    "Yi, Lisu, Vai, Bamum, Javanese, Latin Extended-D and, from U+AC00 (가), Hangul Syllables",
    "Hangul Syllables",
    "Hangul Syllables",
    "Hangul Syllables (to U+D7A3 힣) and Hangul Jamo Extended-B; U+D800–U+DFFF are surrogates, \
     which UTF-8 never encodes",
    "the Private Use Area",
    "the Private Use Area (to U+F8FF), CJK Compatibility Ideographs, presentation forms (ﬁ), \
     Variation Selectors (U+FE0F), Halfwidth and Fullwidth Forms (Ａ ｱ) and Specials (the BOM \
     U+FEFF, U+FFFD)",
    // F0..=F4
    "planes 1–3: historic scripts (Linear B, Gothic 𐍈, Egyptian hieroglyphs), musical and \
     mathematical symbols, every emoji (😀 🫠), and CJK Extensions B–H",
    "planes 4–7, where nothing is assigned yet",
    "planes 8–11, where nothing is assigned yet",
    "planes 12–15: plane 14's tag characters (U+E0000–U+E007F, hidden in flags and in prompt \
     injections) and variation selectors 17–256, and plane 15's Supplementary Private Use Area-A",
    "plane 16, the Supplementary Private Use Area-B (F4 90 and above would pass U+10FFFF)",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lead_byte_has_a_summary() {
        for byte in 0xC2..=0xF4u8 {
            let lead = LeadByte::new(byte).unwrap_or_else(|| unreachable!("{byte:02X} leads"));
            assert!(!notable(lead).is_empty(), "{byte:02X}");
        }
    }

    #[test]
    fn the_wide_ranges_name_what_they_hold() {
        let of = |b| LeadByte::new(b).map(notable).unwrap_or_default();
        assert!(of(0xE0).contains("Devanagari") && of(0xE0).contains("Thai"));
        assert!(of(0xF0).contains("emoji"));
        assert!(of(0xF3).contains("tag characters") && !of(0xF3).starts_with("unassigned"));
    }
}
