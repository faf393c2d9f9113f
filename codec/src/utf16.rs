//! UTF-16 ⇄ UTF-8 conversion with the semantics of the web's `TextEncoder`.
//!
//! JavaScript strings are sequences of UTF-16 code units that may hold *lone surrogates*: a lead
//! surrogate (U+D800..=U+DBFF) not followed by a trail surrogate (U+DC00..=U+DFFF), or a trail
//! surrogate not preceded by a lead. UTF-8 cannot encode those, so every conversion here either
//! replaces each lone surrogate with U+FFFD (what `TextEncoder` does) or reports it.
//!
//! std already implements the pairing rules (`char::decode_utf16`, `str::encode_utf16`); this
//! module only adds the web-facing shapes on top of them.

use core::char::{decode_utf16, REPLACEMENT_CHARACTER};
use core::fmt;

/// Converts UTF-16 code units to a UTF-8 string, replacing each lone surrogate with U+FFFD.
///
/// This is exactly what `new TextEncoder().encode(string)` produces from a JavaScript string, and
/// the same as std's `String::from_utf16_lossy`.
///
/// # Examples
///
/// ```
/// use utf8lens::utf16_to_utf8;
///
/// // "a", then U+1F600 as a surrogate pair.
/// assert_eq!(utf16_to_utf8(&[0x61, 0xD83D, 0xDE00]), "a😀");
/// // A lead surrogate followed by "b" is lone: it becomes U+FFFD, "b" survives.
/// assert_eq!(utf16_to_utf8(&[0xD83D, 0x62]), "\u{FFFD}b");
/// // A trail surrogate on its own is lone too.
/// assert_eq!(utf16_to_utf8(&[0xDE00]), "\u{FFFD}");
/// ```
pub fn utf16_to_utf8(units: &[u16]) -> String {
    String::from_utf16_lossy(units)
}

/// Converts UTF-16 code units to a UTF-8 string, failing at the first lone surrogate.
///
/// # Errors
///
/// Returns [`LoneSurrogate`] naming the index and value of the first code unit that is a
/// surrogate without its partner.
///
/// # Examples
///
/// ```
/// use utf8lens::utf16_to_utf8_strict;
///
/// assert_eq!(utf16_to_utf8_strict(&[0xD83D, 0xDE00]).unwrap(), "😀");
///
/// let err = utf16_to_utf8_strict(&[0x61, 0x62, 0xDC00, 0x63]).unwrap_err();
/// assert_eq!(err.index(), 2);
/// assert_eq!(err.unit(), 0xDC00);
/// assert_eq!(err.to_string(), "lone trail surrogate 0xDC00 at code unit 2");
/// ```
pub fn utf16_to_utf8_strict(units: &[u16]) -> Result<String, LoneSurrogate> {
    let mut out = String::with_capacity(units.len());
    let mut index = 0;
    for decoded in decode_utf16(units.iter().copied()) {
        match decoded {
            Ok(ch) => {
                out.push(ch);
                index += ch.len_utf16();
            }
            Err(e) => {
                return Err(LoneSurrogate {
                    index,
                    unit: e.unpaired_surrogate(),
                })
            }
        }
    }
    Ok(out)
}

/// A surrogate code unit without its partner, found by [`utf16_to_utf8_strict`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LoneSurrogate {
    index: usize,
    unit: u16,
}

impl LoneSurrogate {
    /// The index (in code units, not bytes) of the lone surrogate in the input.
    ///
    /// # Examples
    ///
    /// ```
    /// // A lead surrogate at the very end has no trail to pair with.
    /// let err = utf8lens::utf16_to_utf8_strict(&[0x41, 0xD800]).unwrap_err();
    /// assert_eq!(err.index(), 1);
    /// ```
    pub fn index(&self) -> usize {
        self.index
    }

    /// The lone surrogate itself, in U+D800..=U+DFFF.
    ///
    /// # Examples
    ///
    /// ```
    /// let err = utf8lens::utf16_to_utf8_strict(&[0xD800, 0x41]).unwrap_err();
    /// assert_eq!(err.unit(), 0xD800);
    /// ```
    pub fn unit(&self) -> u16 {
        self.unit
    }
}

impl fmt::Display for LoneSurrogate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let which = if self.unit < 0xDC00 { "lead" } else { "trail" };
        write!(
            f,
            "lone {which} surrogate 0x{:04X} at code unit {}",
            self.unit, self.index
        )
    }
}

impl std::error::Error for LoneSurrogate {}

/// Encodes UTF-16 code units as UTF-8 into `dest`, like `TextEncoder.encodeInto(string, dest)`.
///
/// Returns `(read, written)`: how many code units of `units` were consumed and how many bytes of
/// `dest` were written. Encoding stops before the first character whose UTF-8 form does not fit in
/// what is left of `dest`, so a character is never written in part and `dest[written..]` is left
/// untouched. A surrogate pair is one character: it counts as 2 units read and 4 bytes written, and
/// is never split. A lone surrogate counts as 1 unit read and is written as U+FFFD (`EF BF BD`).
///
/// # Examples
///
/// ```
/// use utf8lens::utf16_to_utf8_into;
///
/// // "a€😀": 1 + 3 + 4 bytes.
/// let units = [0x61, 0x20AC, 0xD83D, 0xDE00];
///
/// let mut dest = [0u8; 8];
/// assert_eq!(utf16_to_utf8_into(&units, &mut dest), (4, 8));
/// assert_eq!(&dest, "a€😀".as_bytes());
///
/// // Seven bytes hold "a€" but not the emoji: nothing of it is written.
/// let mut dest = [0u8; 7];
/// assert_eq!(utf16_to_utf8_into(&units, &mut dest), (2, 4));
/// assert_eq!(&dest[..4], "a€".as_bytes());
/// assert_eq!(&dest[4..], [0, 0, 0]);
///
/// // A lone surrogate is written as U+FFFD.
/// let mut dest = [0u8; 3];
/// assert_eq!(utf16_to_utf8_into(&[0xDFFF], &mut dest), (1, 3));
/// assert_eq!(dest, [0xEF, 0xBF, 0xBD]);
/// ```
pub fn utf16_to_utf8_into(units: &[u16], dest: &mut [u8]) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    for decoded in decode_utf16(units.iter().copied()) {
        let (ch, units_used) = match decoded {
            Ok(ch) => (ch, ch.len_utf16()),
            Err(_) => (REPLACEMENT_CHARACTER, 1),
        };
        let end = written + ch.len_utf8();
        let Some(slot) = dest.get_mut(written..end) else {
            break;
        };
        ch.encode_utf8(slot);
        read += units_used;
        written = end;
    }
    (read, written)
}

/// Converts UTF-8 bytes to UTF-16 code units, replacing each maximal subpart of an ill-formed
/// sequence with U+FFFD.
///
/// The result is the same as `String::from_utf8_lossy(bytes).encode_utf16()` and as
/// `new TextDecoder().decode(bytes)` seen as a JavaScript string.
///
/// # Examples
///
/// ```
/// use utf8lens::utf8_to_utf16;
///
/// assert_eq!(utf8_to_utf16("a😀".as_bytes()), [0x61, 0xD83D, 0xDE00]);
/// // E2 82 is a truncated "€": one U+FFFD for the maximal subpart, then "b".
/// assert_eq!(utf8_to_utf16(&[0xE2, 0x82, 0x62]), [0xFFFD, 0x62]);
/// // ED A0 80 would be a surrogate: each of its bytes is its own U+FFFD.
/// assert_eq!(utf8_to_utf16(&[0xED, 0xA0, 0x80]), [0xFFFD, 0xFFFD, 0xFFFD]);
/// ```
pub fn utf8_to_utf16(bytes: &[u8]) -> Vec<u16> {
    // Every UTF-8 byte yields at most one UTF-16 unit, so `bytes.len()` units always suffice.
    let mut out = vec![0; bytes.len()];
    let written = utf8_to_utf16_into(bytes, &mut out).unwrap_or(0);
    out.truncate(written);
    out
}

/// [`utf8_to_utf16`] into a buffer of the caller's: writes the UTF-16 of `bytes` (U+FFFD per maximal
/// subpart) to the start of `dest` and returns how many units it wrote, or `None` (writing nothing
/// useful) if `dest` has fewer units than `bytes` has bytes. That many is always enough, since no
/// byte becomes more than one unit, so one buffer sized for the largest input can be reused.
///
/// Well-formed input is found with the SIMD validator and transcoded in one pass (SIMD128 on wasm32);
/// malformed input goes run by run through std's `Utf8Chunks`, whose invalid parts are exactly the
/// maximal subparts.
///
/// # Examples
///
/// ```
/// use utf8lens::utf8_to_utf16_into;
///
/// let mut units = [0u16; 8];
/// let written = utf8_to_utf16_into("a\u{20AC}\u{1F600}".as_bytes(), &mut units).unwrap();
/// assert_eq!(units[..written], [0x61, 0x20AC, 0xD83D, 0xDE00]);
/// // A truncated sequence is one U+FFFD.
/// assert_eq!(utf8_to_utf16_into(b"\xE2\x82!", &mut units), Some(2));
/// assert_eq!(units[..2], [0xFFFD, 0x21]);
/// // Three bytes need room for three units, even if they make one.
/// assert_eq!(utf8_to_utf16_into("\u{20AC}".as_bytes(), &mut [0u16; 2]), None);
/// ```
pub fn utf8_to_utf16_into(bytes: &[u8], dest: &mut [u16]) -> Option<usize> {
    if dest.len() < bytes.len() {
        return None;
    }
    if let Some(text) = crate::simd::as_str(bytes) {
        return crate::simd::utf16_from_str(text, dest);
    }
    let mut out = 0;
    for chunk in bytes.utf8_chunks() {
        // out never exceeds the bytes consumed, so what is left of `dest` holds the rest.
        out += crate::simd::utf16_from_str(chunk.valid(), dest.get_mut(out..)?)?;
        if !chunk.invalid().is_empty() {
            *dest.get_mut(out)? = 0xFFFD;
            out += 1;
        }
    }
    Some(out)
}

/// UTF-16 offsets of byte offsets in a text, found by walking from the last position asked,
/// forward or back: positions asked in nearly increasing order cost about one walk in all,
/// without sorting them first.
///
/// For handing byte ranges (of [`sanitize`](crate::sanitize::sanitize)'s changes, of a search) to
/// JavaScript, Java or an editor protocol, which count in UTF-16 code units.
///
/// # Examples
///
/// ```
/// use utf8lens::Utf16Cursor;
///
/// // "h\u{E9}" is 3 bytes and 2 units; the emoji is 4 bytes and 2 units.
/// let text = "h\u{E9}\u{1F600}!";
/// let mut cursor = Utf16Cursor::new(text);
/// assert_eq!(cursor.units_at(3), 2);
/// assert_eq!(cursor.units_at(7), 4);
/// assert_eq!(cursor.units_at(1), 1); // backwards is fine too
/// ```
#[derive(Debug, Clone)]
pub struct Utf16Cursor<'a> {
    text: &'a str,
    byte: usize,
    units: usize,
}

impl<'a> Utf16Cursor<'a> {
    /// A cursor at the start of `text`.
    ///
    /// ```
    /// assert_eq!(utf8lens::Utf16Cursor::new("abc").units_at(3), 3);
    /// ```
    pub fn new(text: &'a str) -> Utf16Cursor<'a> {
        Utf16Cursor {
            text,
            byte: 0,
            units: 0,
        }
    }

    /// The UTF-16 offset of the character boundary `byte`. A position that is not a character
    /// boundary, or past the end, leaves the cursor where it is and returns its offset there.
    ///
    /// ```
    /// let mut cursor = utf8lens::Utf16Cursor::new("\u{E9}t\u{E9}");
    /// assert_eq!(cursor.units_at(3), 2);
    /// assert_eq!(cursor.units_at(4), 2); // inside the last é: still at byte 3
    /// ```
    pub fn units_at(&mut self, byte: usize) -> usize {
        // Every character is one unit, two if it takes four bytes: count lead bytes, and 4-byte
        // leads once more (a loop over bytes the compiler vectorises, instead of decoding).
        let units_between = |from: usize, to: usize| {
            self.text.get(from..to).map(|s| {
                s.bytes()
                    .map(|b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0))
                    .sum::<usize>()
            })
        };
        if byte >= self.byte {
            if let Some(n) = units_between(self.byte, byte) {
                self.units += n;
                self.byte = byte;
            }
        } else if let Some(n) = units_between(byte, self.byte) {
            self.units -= n;
            self.byte = byte;
        }
        self.units
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use utf8lens_testkit::Rng;

    /// Random UTF-16 biased towards surrogates, so lone ones and pairs both occur often.
    fn random_units(rng: &mut Rng) -> Vec<u16> {
        let len = rng.below(12);
        (0..len)
            .map(|_| match rng.below(6) {
                0 => rng.below(0x80) as u16,
                1 => 0xD800 + rng.below(0x400) as u16,
                2 => 0xDC00 + rng.below(0x400) as u16,
                3 => *rng.pick(&[
                    0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF,
                ]),
                _ => rng.next_u64() as u16,
            })
            .collect()
    }

    /// What `TextEncoder.encodeInto` does, written the slow obvious way: scalar values one by one.
    fn encode_into_oracle(units: &[u16], capacity: usize) -> (usize, Vec<u8>) {
        let mut read = 0;
        let mut out = Vec::new();
        for decoded in decode_utf16(units.iter().copied()) {
            let (s, n) = match decoded {
                Ok(c) => (c.to_string(), c.len_utf16()),
                Err(_) => ("\u{FFFD}".to_string(), 1),
            };
            if out.len() + s.len() > capacity {
                break;
            }
            out.extend_from_slice(s.as_bytes());
            read += n;
        }
        (read, out)
    }

    #[test]
    fn lossy_matches_std_and_replaces_each_lone_surrogate() {
        assert_eq!(utf16_to_utf8(&[]), "");
        assert_eq!(
            utf16_to_utf8(&[0xD800, 0xD800, 0xDC00]),
            "\u{FFFD}\u{10000}"
        );
        assert_eq!(utf16_to_utf8(&[0xDC00, 0xD800]), "\u{FFFD}\u{FFFD}");
        let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
        for _ in 0..20_000 {
            let units = random_units(&mut rng);
            let expected: String = decode_utf16(units.iter().copied())
                .map(|r| r.unwrap_or(REPLACEMENT_CHARACTER))
                .collect();
            assert_eq!(utf16_to_utf8(&units), expected, "{units:04X?}");
        }
    }

    #[test]
    fn strict_agrees_with_std_and_finds_the_first_lone_surrogate() {
        let mut rng = Rng::new(7);
        for _ in 0..20_000 {
            let units = random_units(&mut rng);
            match (utf16_to_utf8_strict(&units), String::from_utf16(&units)) {
                (Ok(ours), Ok(std)) => assert_eq!(ours, std),
                (Err(e), Err(_)) => {
                    // The reported unit is a surrogate, lone at that index, and all before it is fine.
                    assert_eq!(units.get(e.index()), Some(&e.unit()));
                    assert!((0xD800..=0xDFFF).contains(&e.unit()));
                    let before = units.get(..e.index()).unwrap_or_default();
                    assert!(String::from_utf16(before).is_ok(), "{units:04X?}");
                    let next = units.get(e.index() + 1).copied().unwrap_or(0);
                    assert!(e.unit() >= 0xDC00 || !(0xDC00..=0xDFFF).contains(&next));
                }
                (ours, std) => panic!("{units:04X?}: ours {ours:?}, std {std:?}"),
            }
        }
    }

    #[test]
    fn strict_error_positions_and_messages() {
        let lead_then_bmp = utf16_to_utf8_strict(&[0xD83D, 0xDE00, 0xD83D, 0x41]).unwrap_err();
        assert_eq!((lead_then_bmp.index(), lead_then_bmp.unit()), (2, 0xD83D));
        assert_eq!(
            lead_then_bmp.to_string(),
            "lone lead surrogate 0xD83D at code unit 2"
        );
        let trail_first = utf16_to_utf8_strict(&[0xDE00, 0xD83D]).unwrap_err();
        assert_eq!((trail_first.index(), trail_first.unit()), (0, 0xDE00));
        let lead_lead = utf16_to_utf8_strict(&[0xD800, 0xD800, 0xDC00]).unwrap_err();
        assert_eq!(lead_lead.index(), 0);
        let boxed: Box<dyn std::error::Error> = Box::new(trail_first);
        assert!(boxed.source().is_none());
    }

    #[test]
    fn encode_into_matches_the_character_by_character_oracle() {
        let mut rng = Rng::new(0xDEAD_BEEF);
        for _ in 0..20_000 {
            let units = random_units(&mut rng);
            let full = utf16_to_utf8(&units);
            for capacity in 0..=full.len() + 1 {
                let mut dest = vec![0xAAu8; capacity];
                let (read, written) = utf16_to_utf8_into(&units, &mut dest);
                let (oracle_read, oracle_bytes) = encode_into_oracle(&units, capacity);
                assert_eq!(
                    (read, written),
                    (oracle_read, oracle_bytes.len()),
                    "{units:04X?} into {capacity}"
                );
                assert_eq!(dest.get(..written), Some(&oracle_bytes[..]));
                assert!(
                    dest.iter().skip(written).all(|&b| b == 0xAA),
                    "wrote past the last whole character"
                );
            }
            let mut dest = vec![0u8; full.len()];
            assert_eq!(
                utf16_to_utf8_into(&units, &mut dest),
                (units.len(), full.len())
            );
            assert_eq!(dest, full.as_bytes());
        }
    }

    #[test]
    fn encode_into_web_platform_shapes() {
        // Shapes from the Encoding Standard's encodeInto() tests.
        let mut dest = [0u8; 4];
        assert_eq!(
            utf16_to_utf8_into(&[0xD834, 0xDD1E], &mut dest[..3]),
            (0, 0)
        );
        assert_eq!(utf16_to_utf8_into(&[0xD834, 0xDD1E], &mut dest), (2, 4));
        assert_eq!(dest, [0xF0, 0x9D, 0x84, 0x9E]);
        let mut dest = [0u8; 10];
        assert_eq!(
            utf16_to_utf8_into(&[0xD834, 0x41, 0xDD1E], &mut dest),
            (3, 7)
        );
        assert_eq!(&dest[..7], b"\xEF\xBF\xBDA\xEF\xBF\xBD");
        assert_eq!(utf16_to_utf8_into(&[], &mut dest), (0, 0));
        assert_eq!(utf16_to_utf8_into(&[0x41], &mut []), (0, 0));
    }

    #[test]
    fn utf8_to_utf16_matches_std_lossy() {
        let mut rng = Rng::new(99);
        let pieces: [&[u8]; 12] = [
            b"a",
            "é".as_bytes(),
            "€".as_bytes(),
            "😀".as_bytes(),
            b"\x80",
            b"\xC0\x80",
            b"\xE2\x82",
            b"\xED\xA0\x80",
            b"\xF0\x9F",
            b"\xF4\x90\x80\x80",
            b"\xFF",
            b"\xF0\x80\x80",
        ];
        for _ in 0..20_000 {
            let mut bytes = Vec::new();
            for _ in 0..rng.below(8) {
                if rng.below(4) == 0 {
                    bytes.push(rng.byte());
                } else {
                    let piece = *rng.pick(&pieces);
                    bytes.extend_from_slice(piece);
                }
            }
            let expected: Vec<u16> = String::from_utf8_lossy(&bytes).encode_utf16().collect();
            assert_eq!(utf8_to_utf16(&bytes), expected, "{bytes:02X?}");
        }
    }

    /// Text mixing ASCII with two-, three- and four-byte characters, in runs of random length.
    fn random_text(rng: &mut Rng, chars: usize) -> String {
        const SAMPLES: [&str; 10] = ["a", " ", "\n", "é", "ж", "߿", "€", "中", "\u{FFFF}", "😀"];
        let mut text = String::new();
        while text.chars().count() < chars {
            let sample = *rng.pick(&SAMPLES);
            for _ in 0..=rng.below(20) {
                text.push_str(sample);
            }
        }
        text
    }

    #[test]
    fn transcoder_matches_std_after_every_ascii_prefix() {
        // Natively `simd::utf16_from_str` is the scalar fallback (simd/fallback.rs); the SIMD128 one
        // is run the same way in Node by codec/tests/wasm_utf16.rs.
        let mut rng = Rng::new(0x5EED);
        for _ in 0..300 {
            let core = random_text(&mut rng, 40);
            for prefix in 0..=32 {
                let text = format!("{}{core}", "a".repeat(prefix));
                let expected: Vec<u16> = text.encode_utf16().collect();
                let mut dest = vec![0xAAAA; text.len()];
                let written = crate::simd::utf16_from_str(&text, &mut dest);
                assert_eq!(written, Some(expected.len()));
                assert_eq!(dest.get(..expected.len()), Some(&expected[..]));
            }
        }
    }

    #[test]
    fn too_small_a_destination_is_refused() {
        let mut dest = [0u16; 2];
        assert_eq!(utf8_to_utf16_into(b"abc", &mut dest), None);
        assert_eq!(crate::simd::utf16_from_str("abc", &mut dest), None);
        let mut dest = [0u16; 3];
        assert_eq!(utf8_to_utf16_into("€".as_bytes(), &mut dest), Some(1));
        assert_eq!(utf8_to_utf16_into(b"", &mut []), Some(0));
    }

    #[test]
    fn malformed_runs_after_every_ascii_prefix_match_std_lossy() {
        let mut rng = Rng::new(0xF00D);
        let bad: [&[u8]; 6] = [
            b"\x80",
            b"\xE2\x82",
            b"\xED\xA0\x80",
            b"\xF0\x9F",
            b"\xFF",
            b"\xC0\xAF",
        ];
        for _ in 0..300 {
            let mut core = random_text(&mut rng, 30).into_bytes();
            let at = rng.below(core.len() + 1);
            let piece = *rng.pick(&bad);
            core.splice(at..at, piece.iter().copied());
            for prefix in 0..=32 {
                let mut bytes = vec![b'a'; prefix];
                bytes.extend_from_slice(&core);
                let expected: Vec<u16> = String::from_utf8_lossy(&bytes).encode_utf16().collect();
                assert_eq!(utf8_to_utf16(&bytes), expected, "{bytes:02X?}");
            }
        }
    }

    #[test]
    fn every_scalar_value_round_trips_through_utf16() {
        let mut units = [0u16; 2];
        for ch in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let encoded = ch.encode_utf16(&mut units);
            let utf8 = utf16_to_utf8_strict(encoded).unwrap();
            assert_eq!(utf8.chars().next(), Some(ch));
            assert_eq!(utf8_to_utf16(utf8.as_bytes()), encoded);
        }
    }

    #[test]
    fn utf16_cursor_walks_both_ways() {
        let text = "a😀é\u{FFFD}b";
        let mut cursor = Utf16Cursor::new(text);
        let expected = |byte: usize| text[..byte].encode_utf16().count();
        for byte in [0, 5, 1, 10, 7, 11, 0, 11] {
            assert_eq!(cursor.units_at(byte), expected(byte), "{byte}");
        }
        assert_eq!(cursor.units_at(2), expected(11)); // not a boundary: stays
    }
}
