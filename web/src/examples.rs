//! The guided examples: each a link that loads its bytes into the view that explains them best,
//! with the explanation a teacher would give.

use crate::fragment::{Fragment, FragmentInput};
use crate::view::View;

/// An example's input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExampleInput {
    Text(&'static str),
    Bytes(&'static [u8]),
}

impl ExampleInput {
    pub fn bytes(self) -> &'static [u8] {
        match self {
            ExampleInput::Text(t) => t.as_bytes(),
            ExampleInput::Bytes(b) => b,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// What the list shows.
    pub title: &'static str,
    /// A few words under the title.
    pub gist: &'static str,
    pub input: ExampleInput,
    /// The view that explains it best.
    pub view: View,
    /// The teacher's explanation.
    pub note: &'static str,
}

impl Example {
    /// The link that loads the example.
    pub fn fragment(&self) -> Fragment {
        Fragment {
            input: Some(match self.input {
                ExampleInput::Text(t) => FragmentInput::Text(t.as_bytes().to_vec()),
                ExampleInput::Bytes(b) => FragmentInput::Hex(b.to_vec()),
            }),
            view: (self.view != View::Bytes).then_some(self.view),
            ..Fragment::default()
        }
    }
}

/// The example whose bytes are these, if any.
pub fn matching(bytes: &[u8]) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.input.bytes() == bytes)
}

pub const EXAMPLES: [Example; 18] = [
    Example {
        title: "$",
        gist: "1 byte: ASCII",
        input: ExampleInput::Text("$"),
        view: View::Bits,
        note: "U+0024 DOLLAR SIGN is below U+0080, so UTF-8 writes it as one byte, 24, with its top \
               bit 0, exactly as ASCII does. Every ASCII file is already a UTF-8 file, which is a big \
               part of why UTF-8 won.",
    },
    Example {
        title: "¢",
        gist: "2 bytes",
        input: ExampleInput::Text("¢"),
        view: View::Bits,
        note: "U+00A2 CENT SIGN needs 8 bits, more than the 7 a one-byte character holds, so it takes \
               the two-byte form 110xxxxx 10xxxxxx: C2 A2. The lead byte's 110 says \"two bytes\"; \
               the 10 marks the continuation byte, which is never mistaken for the start of a character.",
    },
    Example {
        title: "€",
        gist: "3 bytes",
        input: ExampleInput::Text("€"),
        view: View::Bits,
        note: "U+20AC EURO SIGN needs 14 bits, more than the 11 of the two-byte form, so it takes \
               three bytes, 1110xxxx 10xxxxxx 10xxxxxx: E2 82 AC. Step through the bit filling: the \
               lowest bit of the code point goes into the last byte first.",
    },
    Example {
        title: "𐍈",
        gist: "4 bytes, beyond U+FFFF",
        input: ExampleInput::Text("𐍈"),
        view: View::Bits,
        note: "U+10348 GOTHIC LETTER HWAIR lies beyond U+FFFF, outside the Basic Multilingual Plane, so \
               it takes four bytes: F0 90 8D 88. After F0 only 90 to BF may follow: 80 to 8F would \
               spell a code point that fits in three bytes, an overlong form.",
    },
    Example {
        title: "😀",
        gist: "emoji: 4 bytes, 2 UTF-16 units",
        input: ExampleInput::Text("😀"),
        view: View::Bits,
        note: "U+1F600 GRINNING FACE is four bytes in UTF-8 (F0 9F 98 80) but two code units in UTF-16, \
               the surrogate pair D83D DE00. That is why JavaScript says \"😀\".length is 2 while the \
               text is one character.",
    },
    Example {
        title: "ä",
        gist: "2 bytes; as mojibake Ã¤",
        input: ExampleInput::Text("ä"),
        view: View::Mojibake,
        note: "U+00E4 is C3 A4 in UTF-8. Read as windows-1252 or Latin-1, each byte becomes a character \
               of its own: C3 is Ã and A4 is ¤, so ä shows as \"Ã¤\", the most common mojibake there is.",
    },
    Example {
        title: "A≢Α.",
        gist: "RFC 3629's first example",
        input: ExampleInput::Text("A≢Α."),
        view: View::Bytes,
        note: "RFC 3629's own example: Latin A (41), NOT IDENTICAL TO (E2 89 A2), Greek capital alpha \
               (CE 91) and a full stop (2E). The alpha looks just like the A but is another character \
               with other bytes: look-alike letters (homoglyphs) are how fake domain names deceive.",
    },
    Example {
        title: "한국어",
        gist: "Korean, 3 bytes each",
        input: ExampleInput::Text("한국어"),
        view: View::Bytes,
        note: "RFC 3629's Korean example: three Hangul syllables of three bytes each, ED 95 9C EA B5 AD \
               EC 96 B4. ED is a restricted lead byte: its second byte must be 80 to 9F (95 is) so that \
               it can never spell a UTF-16 surrogate.",
    },
    Example {
        title: "日本語",
        gist: "Japanese, 3 bytes each",
        input: ExampleInput::Text("日本語"),
        view: View::Bytes,
        note: "RFC 3629's Japanese example: E6 97 A5 E6 9C AC E8 AA 9E, three bytes per ideograph. The \
               same text is 6 bytes in UTF-16 and 9 in UTF-8: UTF-8 is compact for Latin text, not for \
               every script.",
    },
    Example {
        title: "C0 80",
        gist: "overlong NUL",
        input: ExampleInput::Bytes(b"\xC0\x80"),
        view: View::Errors,
        note: "Two bytes spelling U+0000, which needs one: an overlong NUL. Java's \"modified UTF-8\" \
               writes NUL this way so that strings never hold a 00 byte; real UTF-8 forbids it, and C0 \
               can never appear at all. A strict decoder shows two U+FFFD.",
    },
    Example {
        title: "C0 AF",
        gist: "overlong '/'",
        input: ExampleInput::Bytes(b"\xC0\xAF"),
        view: View::Errors,
        note: "An overlong '/'. Around 2000 a web server checked paths for \"../\" in the bytes, then \
               decoded leniently and found a '/': directory traversal. A strict decoder sees C0 (never \
               valid) and a stray continuation byte AF: two U+FFFD, and no slash.",
    },
    Example {
        title: "2F C0 AE 2E 2F",
        gist: "\"/../\" in disguise",
        input: ExampleInput::Bytes(b"\x2F\xC0\xAE\x2E\x2F"),
        view: View::Errors,
        note: "'/', an overlong '.', then '.' and '/': a lenient decoder makes \"/../\" of it, the path \
               traversal that a byte-level check for \"../\" never saw. A strict decoder reads '/', two \
               U+FFFD, '.', '/'.",
    },
    Example {
        title: "ED A0 80",
        gist: "encoded surrogate U+D800",
        input: ExampleInput::Bytes(b"\xED\xA0\x80"),
        view: View::Errors,
        note: "The UTF-8 bit pattern applied to U+D800, a UTF-16 surrogate. Surrogates are not \
               characters, and UTF-8 must not encode them (CESU-8 and WTF-8 do). After ED only 80 to 9F \
               may follow, so a strict decoder shows three U+FFFD.",
    },
    Example {
        title: "ED A1 8C ED BE B4",
        gist: "CESU-8 surrogate pair",
        input: ExampleInput::Bytes(b"\xED\xA1\x8C\xED\xBE\xB4"),
        view: View::Decoders,
        note: "U+233B4 written as its UTF-16 surrogate pair D84C DFB4, each half in three bytes: that is \
               CESU-8 (and Java's modified UTF-8). UTF-8 writes it in four bytes, F0 A3 8E B4. A strict \
               UTF-8 decoder sees six errors; the CESU-8 decoder reads 𣎴.",
    },
    Example {
        title: "F5 80 80 80",
        gist: "above U+10FFFF",
        input: ExampleInput::Bytes(b"\xF5\x80\x80\x80"),
        view: View::Errors,
        note: "F5 would start a four-byte sequence for a value above U+10FFFF (here 0x140000). RFC 3629 \
               ended UTF-8 at U+10FFFF, where UTF-16 ends, so F5 to FF never appear. Four U+FFFD: F5 \
               and three stray continuation bytes.",
    },
    Example {
        title: "E4 BD",
        gist: "truncated 你",
        input: ExampleInput::Bytes(b"\xE4\xBD"),
        view: View::Stream,
        note: "The first two bytes of 你 (E4 BD A0), cut off, as when a buffer or a network packet ends in \
               the middle of a character. The maximal subpart E4 BD becomes one U+FFFD, not two. A \
               streaming decoder holds these bytes back until the next chunk completes them.",
    },
    Example {
        title: "EF BB BF",
        gist: "byte order mark, ï»¿",
        input: ExampleInput::Bytes(b"\xEF\xBB\xBF"),
        view: View::Mojibake,
        note: "U+FEFF as a byte order mark. UTF-8 has no byte order, but some Windows tools write it at \
               the start of a file anyway. Read as windows-1252 it shows as \"ï»¿\" at the top of a page \
               or breaks the first line of a CSV file.",
    },
    Example {
        title: "Höhe",
        gist: "both directions of mojibake",
        input: ExampleInput::Text("Höhe"),
        view: View::Mojibake,
        note: "German for height. In UTF-8 it is 48 C3 B6 68 65, and read as ISO-8859-1 it shows \
               \"HÃ¶he\". The other way round, its Latin-1 bytes 48 F6 68 65 read as UTF-8 give \
               \"H\u{FFFD}he\": F6 can start no UTF-8 sequence.",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bytes_are_what_the_notes_say() {
        let bytes = |title: &str| {
            EXAMPLES
                .iter()
                .find(|e| e.title == title)
                .map(|e| e.input.bytes())
        };
        assert_eq!(bytes("𐍈"), Some(&b"\xF0\x90\x8D\x88"[..]));
        assert_eq!(bytes("A≢Α."), Some(&b"\x41\xE2\x89\xA2\xCE\x91\x2E"[..]));
        assert_eq!(
            bytes("한국어"),
            Some(&b"\xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4"[..])
        );
        assert_eq!(
            bytes("日本語"),
            Some(&b"\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E"[..])
        );
        assert_eq!(bytes("😀"), Some(&b"\xF0\x9F\x98\x80"[..]));
        let fffd = |title: &str| bytes(title).map(|b| utf8lens::errors(b).count());
        assert_eq!(fffd("C0 80"), Some(2));
        assert_eq!(fffd("C0 AF"), Some(2));
        assert_eq!(fffd("2F C0 AE 2E 2F"), Some(2));
        assert_eq!(fffd("ED A0 80"), Some(3));
        assert_eq!(fffd("ED A1 8C ED BE B4"), Some(6));
        assert_eq!(fffd("F5 80 80 80"), Some(4));
        assert_eq!(fffd("E4 BD"), Some(1));
        let cesu = utf8lens::variants::decode(
            bytes("ED A1 8C ED BE B4").unwrap_or_default(),
            utf8lens::variants::Variant::Cesu8,
        );
        assert_eq!(cesu, Ok(vec![0x233B4]));
        assert_eq!(
            utf8lens::mojibake::garble("\u{FEFF}", utf8lens::charset::Charset::Windows1252),
            "ï»¿"
        );
    }

    #[test]
    fn every_example_is_found_by_its_bytes() {
        for e in &EXAMPLES {
            assert_eq!(matching(e.input.bytes()), Some(e));
        }
    }
}
