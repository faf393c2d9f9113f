//! Hex notation: the data files write bytes as hex, and failure messages should too.

use std::fmt::Write as _;

/// Parses hex digits into bytes, ignoring ASCII whitespace (`"e2 82a2"` is three bytes).
pub fn parse(hex: &str) -> Result<Vec<u8>, String> {
    let digits: Vec<u8> = hex.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if digits.len() % 2 != 0 {
        return Err(format!("odd number of hex digits in {hex:?}"));
    }
    digits
        .chunks(2)
        .map(|pair| {
            std::str::from_utf8(pair)
                .ok()
                .and_then(|s| u8::from_str_radix(s, 16).ok())
                .ok_or_else(|| {
                    format!(
                        "bad hex pair {:?} in {hex:?}",
                        String::from_utf8_lossy(pair)
                    )
                })
        })
        .collect()
}

/// Formats bytes as upper-case hex pairs separated by spaces: `E2 82 41`.
pub fn format(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 3);
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{b:02X}");
    }
    out
}

/// The scalar values of a string, the form the WPT vectors give expected output in.
pub fn code_points(s: &str) -> Vec<u32> {
    s.chars().map(u32::from).collect()
}
