//! Hex notation for raw bytes, so a reader can type bytes that no text can hold
//! (an overlong `C0 AF`, a lone continuation byte, a truncated sequence).
//!
//! This is plain base-16 and knows nothing about UTF-8; the codec judges the bytes.

use std::fmt;

/// Why a piece of hex notation could not be read as bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HexError {
    /// A character that is neither a hex digit nor an accepted separator or prefix.
    NotHexDigit(char),
    /// A group with an odd number of digits: every byte needs exactly two.
    OddDigitCount(String),
}

impl fmt::Display for HexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexError::NotHexDigit(ch) => write!(f, "{ch:?} is not a hex digit (0-9, a-f)"),
            HexError::OddDigitCount(group) => write!(
                f,
                "\"{group}\" has an odd number of digits; write each byte as two digits"
            ),
        }
    }
}

/// Reads bytes written as hex digit pairs.
///
/// Groups may be separated by whitespace, commas, semicolons or colons, and each group
/// may start with `0x` or `\x`; within a group the pairs run together, so
/// `E2 82 AC`, `e282ac`, `0xE2,0x82,0xAC` and `\xe2\x82\xac` all give the same three bytes.
pub fn parse(notation: &str) -> Result<Vec<u8>, HexError> {
    let mut bytes = Vec::new();
    let groups = notation
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':'))
        .flat_map(|group| group.split("\\x"))
        .filter(|group| !group.is_empty());
    for group in groups {
        let digits = group
            .strip_prefix("0x")
            .or_else(|| group.strip_prefix("0X"))
            .unwrap_or(group);
        let values = digits
            .chars()
            // A hex digit's value is below 16, so it fits in a u8 and a pair in one byte.
            .map(|c| {
                c.to_digit(16)
                    .map(|d| d as u8)
                    .ok_or(HexError::NotHexDigit(c))
            })
            .collect::<Result<Vec<u8>, HexError>>()?;
        if values.len() % 2 != 0 {
            return Err(HexError::OddDigitCount(group.to_owned()));
        }
        bytes.extend(values.chunks_exact(2).map(|pair| pair[0] * 16 + pair[1]));
    }
    Ok(bytes)
}

/// Writes bytes as upper-case digit pairs separated by spaces, e.g. `E2 82 AC`.
pub fn format(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|byte| format!("{byte:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_accepted_spelling_gives_the_same_bytes() {
        for notation in [
            "E2 82 AC",
            "e282ac",
            "0xE2,0x82,0xAC",
            "\\xe2\\x82\\xac",
            "  e2:82;ac\n",
            "E282 AC",
        ] {
            assert_eq!(parse(notation), Ok(vec![0xE2, 0x82, 0xAC]), "{notation:?}");
        }
    }

    #[test]
    fn empty_notation_is_no_bytes() {
        assert_eq!(parse(""), Ok(vec![]));
        assert_eq!(parse("  , "), Ok(vec![]));
    }

    #[test]
    fn rejects_non_digits_and_odd_groups() {
        assert_eq!(parse("c0 zz"), Err(HexError::NotHexDigit('z')));
        assert_eq!(parse("é"), Err(HexError::NotHexDigit('é')));
        assert_eq!(parse("c0a"), Err(HexError::OddDigitCount("c0a".into())));
        assert_eq!(parse("0x1"), Err(HexError::OddDigitCount("0x1".into())));
    }

    #[test]
    fn format_then_parse_round_trips_every_byte() {
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(parse(&format(&all)), Ok(all));
        assert_eq!(format(&[0xC0, 0xAF]), "C0 AF");
    }
}
