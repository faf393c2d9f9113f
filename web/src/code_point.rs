//! Reading a code point the way people write one: `U+20AC`, `8364`, `€`, `0x20AC`, `&#x20AC;`,
//! `\u{20AC}`. Any value up to 0x7FFF_FFFF is read, surrogates included, so that the bit-filling
//! view can let the codec explain why some of them have no UTF-8 form.

use std::fmt;

/// Why a query is not a code point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryError {
    /// Nothing was typed.
    Empty,
    /// Digits that do not fit, or are not digits of the notation.
    BadNumber(String),
    /// Several characters that are not a number.
    NotOneCharacter(String),
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueryError::Empty => f.write_str("Type a code point: U+20AC, 8364 or €."),
            QueryError::BadNumber(q) => write!(
                f,
                "\"{q}\" is not a code point number; write U+ and hex digits (U+20AC) or decimal digits (8364)."
            ),
            QueryError::NotOneCharacter(q) => write!(
                f,
                "\"{q}\" is more than one character; type one character, U+20AC or 8364."
            ),
        }
    }
}

/// The largest value the query accepts: the top of RFC 2279's 31-bit range.
const MAX: u32 = 0x7FFF_FFFF;

/// Reads one code point from `query`.
///
/// * `U+20AC`, `u+20ac`, `0x20AC`, `\u20AC`, `\u{20AC}`, `\U0001F600`, `&#x20AC;`: hex.
/// * `8364`, `&#8364;`: decimal (two or more digits; a single digit is the character itself).
/// * `€`: the character itself.
pub fn parse(query: &str) -> Result<u32, QueryError> {
    let q = query.trim();
    if q.is_empty() {
        // A lone space is a character worth asking about.
        return match query.chars().next() {
            Some(c) if query.chars().count() == 1 => Ok(u32::from(c)),
            _ => Err(QueryError::Empty),
        };
    }
    let mut chars = q.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return Ok(u32::from(c));
    }
    let lower = q.to_ascii_lowercase();
    let hex = ["u+", "0x", "\\u{", "\\u", "&#x", "x"]
        .iter()
        .find_map(|p| lower.strip_prefix(p));
    if let Some(digits) = hex {
        let digits = digits.trim_end_matches(['}', ';']);
        return number(digits, 16, q);
    }
    if let Some(digits) = lower.strip_prefix("&#") {
        return number(digits.trim_end_matches(';'), 10, q);
    }
    if lower.chars().all(|c| c.is_ascii_digit()) {
        return number(&lower, 10, q);
    }
    if lower.chars().all(|c| c.is_ascii_hexdigit()) {
        // "20AC": hex digits with a letter among them cannot be decimal.
        return number(&lower, 16, q);
    }
    Err(QueryError::NotOneCharacter(q.to_owned()))
}

fn number(digits: &str, radix: u32, query: &str) -> Result<u32, QueryError> {
    u32::from_str_radix(digits, radix)
        .ok()
        .filter(|&v| v <= MAX && !digits.is_empty())
        .ok_or_else(|| QueryError::BadNumber(query.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_spellings_of_the_issue() {
        assert_eq!(parse("U+20AC"), Ok(0x20AC));
        assert_eq!(parse("8364"), Ok(0x20AC));
        assert_eq!(parse("€"), Ok(0x20AC));
    }

    #[test]
    fn other_spellings() {
        for q in [
            "u+20ac",
            "0x20AC",
            "\\u20AC",
            "\\u{20AC}",
            "&#x20AC;",
            "&#8364;",
            " U+20AC ",
            "20AC",
        ] {
            assert_eq!(parse(q), Ok(0x20AC), "{q:?}");
        }
        assert_eq!(parse("\\U0001F600"), Ok(0x1F600));
        assert_eq!(parse("😀"), Ok(0x1F600));
        assert_eq!(parse("5"), Ok(0x35));
        assert_eq!(parse(" "), Ok(0x20));
        assert_eq!(parse("U+D800"), Ok(0xD800));
        assert_eq!(parse("U+110000"), Ok(0x11_0000));
    }

    #[test]
    fn mistakes() {
        assert_eq!(parse(""), Err(QueryError::Empty));
        assert_eq!(parse("U+"), Err(QueryError::BadNumber("U+".into())));
        assert_eq!(
            parse("U+80000000"),
            Err(QueryError::BadNumber("U+80000000".into()))
        );
        assert_eq!(
            parse("hello"),
            Err(QueryError::NotOneCharacter("hello".into()))
        );
    }
}
