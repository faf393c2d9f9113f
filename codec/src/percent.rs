//! Percent-encoding, as URLs carry UTF-8 in ASCII (RFC 3986, section 2.1).

/// Undoes percent-encoding: each `%` with two hex digits becomes that byte, and everything else is
/// kept as its UTF-8 bytes (a raw `€` typed into an address bar, or a `%` without two hex digits).
/// The bytes are whatever the encoder had: decode them with [`from_utf8`](crate::from_utf8) to
/// learn whether they are UTF-8.
///
/// # Examples
///
/// ```
/// use utf8lens::percent_decode;
///
/// assert_eq!(percent_decode("Deneme_tahtas%C4%B1"), "Deneme_tahtası".as_bytes());
/// // Not UTF-8: one Latin-1 byte.
/// assert_eq!(percent_decode("caf%E9"), b"caf\xE9");
/// // Kept as they are: a `%` without two hex digits, and text beyond ASCII.
/// assert_eq!(percent_decode("100% €"), "100% €".as_bytes());
/// ```
pub fn percent_decode(text: &str) -> Vec<u8> {
    let raw = text.as_bytes();
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while let Some(&b) = raw.get(i) {
        let hex = raw
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (b, hex) {
            (b'%', Some(value)) => {
                out.push(value);
                i += 3;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    out
}
