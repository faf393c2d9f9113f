//! Byte notations: raw bytes written as hex, binary, octal or decimal numbers, so a reader can
//! type bytes that no text can hold (an overlong `C0 AF`, a lone continuation byte, a truncated
//! sequence).
//!
//! This is plain number notation and knows nothing about UTF-8; the codec judges the bytes.

use std::fmt;

/// How bytes are written in the notation field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Two hex digits per byte: `E2 82 AC`, `e282ac`, `\xE2\x82\xAC`, `%E2%82%AC`, `0xE2,0x82`.
    Hex,
    /// Eight binary digits per byte: `11100010 10000010`, `0b11100010`.
    Binary,
    /// One octal number per byte, 0 to 377: `342 202 254`, `\342\202\254`.
    Octal,
    /// One decimal number per byte, 0 to 255: `226 130 172`.
    Decimal,
}

impl Notation {
    /// Every notation, in the order the selector lists them.
    pub const ALL: [Notation; 4] = [
        Notation::Hex,
        Notation::Binary,
        Notation::Octal,
        Notation::Decimal,
    ];

    /// The short name used in the URL fragment (`notation=bin`) and in element ids.
    pub fn id(self) -> &'static str {
        match self {
            Notation::Hex => "hex",
            Notation::Binary => "bin",
            Notation::Octal => "oct",
            Notation::Decimal => "dec",
        }
    }

    /// The notation with this [`id`](Self::id).
    pub fn from_id(id: &str) -> Option<Notation> {
        Notation::ALL.into_iter().find(|n| n.id() == id)
    }

    /// A name for people.
    pub fn label(self) -> &'static str {
        match self {
            Notation::Hex => "hex",
            Notation::Binary => "binary",
            Notation::Octal => "octal",
            Notation::Decimal => "decimal",
        }
    }

    /// What the field's note says the notation looks like.
    pub fn hint(self) -> &'static str {
        match self {
            Notation::Hex => {
                "Two hex digits per byte: E2 82 AC, e282ac, \\xE2\\x82\\xAC or %E2%82%AC."
            }
            Notation::Binary => "Eight binary digits per byte: 11100010 10000010 10101100.",
            Notation::Octal => {
                "One octal number per byte, 0 to 377: 342 202 254 or \\342\\202\\254."
            }
            Notation::Decimal => "One decimal number per byte, 0 to 255: 226 130 172.",
        }
    }

    fn radix(self) -> u32 {
        match self {
            Notation::Hex => 16,
            Notation::Binary => 2,
            Notation::Octal => 8,
            Notation::Decimal => 10,
        }
    }

    /// Reads bytes written in this notation.
    ///
    /// Groups are separated by whitespace, commas, semicolons or colons. Hex and binary groups
    /// may hold several bytes run together (`e282ac`); octal and decimal groups are one number
    /// each. Prefixes `0x`, `\x`, `%` (hex), `0b` (binary), `0o` and `\` (octal) are accepted.
    pub fn parse(self, notation: &str) -> Result<Vec<u8>, NotationError> {
        let mut bytes = Vec::new();
        for group in groups(self, notation) {
            let digits = strip_prefix(self, group);
            if digits.is_empty() {
                continue;
            }
            let radix = self.radix();
            if let Some(c) = digits.chars().find(|c| !c.is_digit(radix)) {
                return Err(NotationError::NotADigit(self, c));
            }
            match self {
                Notation::Hex | Notation::Binary => {
                    let width = if self == Notation::Hex { 2 } else { 8 };
                    if digits.len() % width != 0 {
                        return Err(NotationError::BadGroup(self, group.to_owned()));
                    }
                    // Only ASCII digits are left, so byte slicing is on character boundaries.
                    for start in (0..digits.len()).step_by(width) {
                        let piece = digits.get(start..start + width).unwrap_or("0");
                        let value = u8::from_str_radix(piece, radix)
                            .map_err(|_| NotationError::BadGroup(self, group.to_owned()))?;
                        bytes.push(value);
                    }
                }
                Notation::Octal | Notation::Decimal => {
                    let value = u32::from_str_radix(digits, radix)
                        .ok()
                        .and_then(|v| u8::try_from(v).ok())
                        .ok_or_else(|| NotationError::TooLarge(self, group.to_owned()))?;
                    bytes.push(value);
                }
            }
        }
        Ok(bytes)
    }

    /// Writes bytes in this notation, one group per byte separated by spaces.
    pub fn format(self, bytes: &[u8]) -> String {
        let mut out = String::with_capacity(bytes.len() * 4);
        for (i, byte) in bytes.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            let piece = match self {
                Notation::Hex => format!("{byte:02X}"),
                Notation::Binary => format!("{byte:08b}"),
                Notation::Octal => format!("{byte:03o}"),
                Notation::Decimal => byte.to_string(),
            };
            out.push_str(&piece);
        }
        out
    }
}

/// Splits the field into groups at separators, and at the escape prefixes `\x`, `%` and `\`
/// that may run bytes together (`\xE2\x82`, `%E2%82`, `\342\202`).
fn groups(notation: Notation, text: &str) -> Vec<&str> {
    let separated = text.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':'));
    let mut out = Vec::new();
    for group in separated {
        match notation {
            Notation::Hex => {
                for piece in group.split("\\x").flat_map(|p| p.split("\\X")) {
                    out.extend(piece.split('%'));
                }
            }
            Notation::Octal => out.extend(group.split('\\')),
            Notation::Binary | Notation::Decimal => out.push(group),
        }
    }
    out.retain(|g| !g.is_empty());
    out
}

fn strip_prefix(notation: Notation, group: &str) -> &str {
    let prefixes: &[&str] = match notation {
        Notation::Hex => &["0x", "0X"],
        Notation::Binary => &["0b", "0B"],
        Notation::Octal => &["0o", "0O"],
        Notation::Decimal => &[],
    };
    prefixes
        .iter()
        .find_map(|p| group.strip_prefix(p))
        .unwrap_or(group)
}

/// Why the notation field's content could not be read as bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// A character that is not a digit of the notation, a separator or a prefix.
    NotADigit(Notation, char),
    /// A hex or binary group whose digit count is not a whole number of bytes.
    BadGroup(Notation, String),
    /// An octal or decimal number above 255.
    TooLarge(Notation, String),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::NotADigit(n, c) => write!(f, "{c:?} is not a {} digit", n.label()),
            NotationError::BadGroup(Notation::Hex, g) => {
                write!(
                    f,
                    "\"{g}\" has an odd number of digits; write each byte as two hex digits"
                )
            }
            NotationError::BadGroup(_, g) => {
                write!(
                    f,
                    "\"{g}\" is not a multiple of 8 digits; write each byte as eight binary digits"
                )
            }
            NotationError::TooLarge(n, g) => {
                write!(
                    f,
                    "\"{g}\" is not a byte: {} numbers go from 0 to {}",
                    n.label(),
                    n.format(&[255])
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EURO: [u8; 3] = [0xE2, 0x82, 0xAC];

    #[test]
    fn every_hex_spelling_gives_the_same_bytes() {
        for text in [
            "E2 82 AC",
            "e282ac",
            "0xE2,0x82,0xAC",
            "\\xe2\\x82\\xac",
            "%E2%82%AC",
            "  e2:82;ac\n",
            "E282 AC",
        ] {
            assert_eq!(Notation::Hex.parse(text), Ok(EURO.to_vec()), "{text:?}");
        }
    }

    #[test]
    fn binary_octal_and_decimal() {
        assert_eq!(
            Notation::Binary.parse("11100010 10000010 0b10101100"),
            Ok(EURO.to_vec())
        );
        assert_eq!(
            Notation::Binary.parse("111000101000001010101100"),
            Ok(EURO.to_vec())
        );
        assert_eq!(Notation::Octal.parse("342 202 254"), Ok(EURO.to_vec()));
        assert_eq!(Notation::Octal.parse("\\342\\202\\254"), Ok(EURO.to_vec()));
        assert_eq!(Notation::Decimal.parse("226, 130, 172"), Ok(EURO.to_vec()));
    }

    #[test]
    fn empty_is_no_bytes() {
        for n in Notation::ALL {
            assert_eq!(n.parse(""), Ok(vec![]));
            assert_eq!(n.parse(" , "), Ok(vec![]));
        }
    }

    #[test]
    fn mistakes_are_named() {
        assert_eq!(
            Notation::Hex.parse("c0 zz"),
            Err(NotationError::NotADigit(Notation::Hex, 'z'))
        );
        assert_eq!(
            Notation::Hex.parse("é"),
            Err(NotationError::NotADigit(Notation::Hex, 'é'))
        );
        assert_eq!(
            Notation::Hex.parse("c0a"),
            Err(NotationError::BadGroup(Notation::Hex, "c0a".into()))
        );
        assert_eq!(
            Notation::Binary.parse("1010"),
            Err(NotationError::BadGroup(Notation::Binary, "1010".into()))
        );
        assert_eq!(
            Notation::Octal.parse("400"),
            Err(NotationError::TooLarge(Notation::Octal, "400".into()))
        );
        assert_eq!(
            Notation::Octal.parse("8"),
            Err(NotationError::NotADigit(Notation::Octal, '8'))
        );
        assert_eq!(
            Notation::Decimal.parse("256"),
            Err(NotationError::TooLarge(Notation::Decimal, "256".into()))
        );
        assert!(NotationError::TooLarge(Notation::Octal, "400".into())
            .to_string()
            .contains("0 to 377"));
    }

    #[test]
    fn format_then_parse_round_trips_every_byte_in_every_notation() {
        let all: Vec<u8> = (0..=255).collect();
        for n in Notation::ALL {
            assert_eq!(n.parse(&n.format(&all)), Ok(all.clone()), "{n:?}");
            assert_eq!(Notation::from_id(n.id()), Some(n));
        }
        assert_eq!(Notation::Octal.format(&EURO), "342 202 254");
        assert_eq!(Notation::Hex.format(&[0xC0, 0xAF]), "C0 AF");
    }
}
