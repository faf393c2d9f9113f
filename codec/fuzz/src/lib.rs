//! Helpers shared by the fuzz targets in `fuzz_targets/`: reading options out of the fuzzer's
//! bytes, and building text from them.
//!
//! Each target takes raw bytes, so that a seed file in `corpus/<target>/` is mostly the input
//! itself (a few leading option bytes at most) and stays readable in a hex dump.

/// Takes option bytes off the front of a fuzz input; an exhausted input reads as zeros.
pub struct Options<'a> {
    rest: &'a [u8],
}

impl<'a> Options<'a> {
    /// Starts reading `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Options { rest: data }
    }

    /// The next byte, or 0 once the input is used up.
    pub fn byte(&mut self) -> u8 {
        match self.rest.split_first() {
            Some((&b, rest)) => {
                self.rest = rest;
                b
            }
            None => 0,
        }
    }

    /// Up to `n` bytes.
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let (head, rest) = self.rest.split_at(n.min(self.rest.len()));
        self.rest = rest;
        head
    }

    /// Whatever is left.
    pub fn rest(self) -> &'a [u8] {
        self.rest
    }
}

/// The input as UTF-16 code units, little-endian pairs (an odd last byte is dropped).
pub fn units_le(bytes: &[u8]) -> Vec<u16> {
    bytes
        .chunks_exact(2)
        .map(|p| u16::from_le_bytes([p[0], p[1]]))
        .collect()
}

/// The input as code points, five bytes each: a selector byte, then a little-endian `u32`. The
/// selector picks a region, so that most values land where the variants differ: ASCII, around the
/// surrogates, up to and just beyond U+10FFFF, or any `u32` (RFC 2279's six-byte range and above).
pub fn code_points(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(5)
        .map(|q| {
            let raw = u32::from_le_bytes([q[1], q[2], q[3], q[4]]);
            match q[0] % 4 {
                0 => raw & 0x7F,
                1 => 0xD700 + (raw & 0x0FFF),
                2 => raw & 0x1F_FFFF,
                _ => raw,
            }
        })
        .collect()
}

/// Real words in several scripts: text made of these is clean, and mojibake repair must leave it
/// alone. Accented Latin, Cyrillic, Greek, Hebrew, Arabic, CJK, Thai, emoji, typographic
/// punctuation: all the things that make text look unusual without being damaged.
#[rustfmt::skip]
pub const CLEAN_WORDS: &[&str] = &[
    // German, French, Spanish, Portuguese, Czech, Polish, Turkish, Vietnamese, Icelandic
    "Grüße", "Straße", "schön", "Äpfel", "Öl", "Übermut", "naïve", "café", "déjà", "où",
    "français", "Noël", "cœur", "año", "niño", "señor", "¿Qué?", "¡Olé!", "coração", "não",
    "ação", "příliš", "žluťoučký", "kůň", "Łódź", "źdźbło", "zażółć", "gęślą", "jaźń", "İstanbul",
    "ığdır", "şeker", "Tiếng", "Việt", "đường", "Þórður", "ævintýri",
    // Russian, Ukrainian, Greek
    "Привет", "мир", "съешь", "ещё", "этих", "мягких", "французских", "булок", "Україна", "їжак",
    "Ελληνικά", "καλημέρα", "ψυχή", "Ωμέγα",
    // Hebrew, Arabic, Hindi, Thai
    "שלום", "עולם", "مرحبا", "العالم", "नमस्ते", "दुनिया", "สวัสดี", "ภาษาไทย",
    // Chinese, Japanese, Korean
    "你好", "世界", "中文", "日本語", "こんにちは", "カタカナ", "東京", "한국어", "안녕하세요",
    // Emoji, with and without joiners and variation selectors
    "😀", "🚀", "👍🏽", "👩‍💻", "🇩🇪", "❤️", "🏳️‍🌈",
    // Symbols and typographic punctuation
    "€", "£", "©", "®", "™", "°C", "±", "×", "÷", "½", "→", "…", "—", "–", "«", "»", "“", "”",
    "‘", "’", "„", "•", "§", "¶",
    // ASCII
    "the", "quick", "brown", "fox", "UTF-8", "42", "(", ")", ":", ";", "!", "?", "#", "@",
];

/// Separators between clean words.
const SEPARATORS: &[&str] = &[" ", " ", " ", ", ", ". ", "\n", " – ", "-", "/", "\t"];

/// Clean text, chosen word by word by the fuzzer's bytes (at most `max_words` words).
pub fn clean_text(options: &mut Options<'_>, max_words: usize) -> String {
    let words = usize::from(options.byte()) % (max_words + 1);
    let mut text = String::new();
    for i in 0..words {
        if i > 0 {
            let sep = SEPARATORS[usize::from(options.byte()) % SEPARATORS.len()];
            text.push_str(sep);
        }
        let word = CLEAN_WORDS[usize::from(options.byte()) % CLEAN_WORDS.len()];
        text.push_str(word);
    }
    text
}

/// Where to cut `len` bytes into chunks: one cut per byte of `cut_bytes`, spread over 0..=len and
/// sorted (two cuts may fall together, making an empty chunk, which a streaming decoder must take).
pub fn cut_points(cut_bytes: &[u8], len: usize) -> Vec<usize> {
    let mut cuts: Vec<usize> = cut_bytes
        .iter()
        .map(|&c| usize::from(c) * (len + 1) / 256)
        .collect();
    cuts.sort_unstable();
    cuts
}
