//! Reading a code point the way people write one: `U+20AC`, `8364`, `€`, `0x20AC`, `&#x20AC;`,
//! `\u{20AC}`. Any value up to 0x7FFF_FFFF is read, surrogates included, so that the bit-filling
//! view can let the codec explain why some of them have no UTF-8 form.

use std::fmt;

use unicode_segmentation::UnicodeSegmentation;

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
                "\"{q}\" is not a code point number; write U+ and hex digits (U+20AC), hex digits with a leading zero (020AC) or decimal digits (8364)."
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
/// * `0041`, `00E9`: hex. A leading zero is how people write a code point's hex digits padded to
///   four (as the charts print them), never how they write a decimal number.
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
    // One character as a reader sees it (👨‍👩‍👧, e + U+0301): its first code point; the view lists
    // the others with `cluster`.
    if let Some(first) = cluster(q).and_then(|c| c.first().copied()) {
        return Ok(u32::from(first));
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
        let radix = if lower.starts_with('0') { 16 } else { 10 };
        return number(&lower, radix, q);
    }
    if lower.chars().all(|c| c.is_ascii_hexdigit()) {
        // "20AC": hex digits with a letter among them cannot be decimal.
        return number(&lower, 16, q);
    }
    Err(QueryError::NotOneCharacter(q.to_owned()))
}

/// The code points of `query` when it is one extended grapheme cluster (UAX #29) made of several:
/// `👨‍👩‍👧` gives its five, `e\u{301}` its two. `None` for one code point, or for several clusters.
pub fn cluster(query: &str) -> Option<Vec<char>> {
    let q = query.trim();
    let mut clusters = q.graphemes(true);
    match (clusters.next(), clusters.next()) {
        (Some(one), None) if one.chars().nth(1).is_some() => Some(one.chars().collect()),
        _ => None,
    }
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
        // Zero-padded digits are hex, as the code charts write them.
        assert_eq!(parse("0041"), Ok(0x41));
        assert_eq!(parse("00E9"), Ok(0xE9));
        assert_eq!(parse("0100"), Ok(0x100));
        assert_eq!(parse("065E5"), Ok(0x65E5));
        assert_eq!(parse("041"), Ok(0x41));
        assert_eq!(parse("😀"), Ok(0x1F600));
        assert_eq!(parse("5"), Ok(0x35));
        assert_eq!(parse(" "), Ok(0x20));
        assert_eq!(parse("U+D800"), Ok(0xD800));
        assert_eq!(parse("U+110000"), Ok(0x11_0000));
    }

    #[test]
    fn one_grapheme_of_several_code_points_is_not_refused() {
        let family = "👨\u{200D}👩\u{200D}👧";
        assert_eq!(parse(family), Ok(0x1F468));
        assert_eq!(cluster(family).map(|c| c.len()), Some(5));
        assert_eq!(cluster("e\u{301}"), Some(vec!['e', '\u{301}']));
        assert_eq!(cluster("€"), None);
        assert_eq!(cluster("ab"), None);
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
