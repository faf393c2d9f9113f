//! `UnicodeDecoder` (UTF-8, UTF-16LE/BE, UTF-32LE/BE, and `utf-16`/`utf-32` sniffing the BOM) over
//! random chunk splits, against std as the oracle: `char::decode_utf16` for UTF-16, `char::from_u32`
//! for UTF-32, `String::from_utf8_lossy` for UTF-8. The chunked calls must give the oracle's text
//! (not fatal), or the oracle's first error at the same stream offset with the text before it (fatal).
//!
//! Input: one flags byte (bit 0 fatal, bit 1 ignoreBOM, bits 2..=4 the encoding, mod 7), one byte
//! with the number of cuts (mod 16), one byte per cut (its position, scaled to the data), the data.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utf8lens::{UnicodeDecoder, UnicodeEncoding, UnicodeErrorKind};
use utf8lens_fuzz::{cut_points, Options};

const ENCODINGS: [UnicodeEncoding; 7] = [
    UnicodeEncoding::Utf8,
    UnicodeEncoding::Utf16Le,
    UnicodeEncoding::Utf16Be,
    UnicodeEncoding::Utf16,
    UnicodeEncoding::Utf32Le,
    UnicodeEncoding::Utf32Be,
    UnicodeEncoding::Utf32,
];

/// The oracle's text, and its first error as (byte offset, kind) if any.
fn oracle(encoding: UnicodeEncoding, bytes: &[u8]) -> (String, Option<(usize, UnicodeErrorKind)>) {
    let encoding = match encoding {
        UnicodeEncoding::Utf16 if bytes.starts_with(&[0xFE, 0xFF]) => UnicodeEncoding::Utf16Be,
        UnicodeEncoding::Utf16 => UnicodeEncoding::Utf16Le,
        UnicodeEncoding::Utf32 if bytes.starts_with(&[0, 0, 0xFE, 0xFF]) => UnicodeEncoding::Utf32Be,
        UnicodeEncoding::Utf32 => UnicodeEncoding::Utf32Le,
        other => other,
    };
    let mut text = String::new();
    let mut first = None;
    match encoding {
        UnicodeEncoding::Utf8 => {
            text = String::from_utf8_lossy(bytes).into_owned();
            // UTF-8's kinds are checked by the stream_splits target; here only the offset.
            if let Err(e) = std::str::from_utf8(bytes) {
                first = Some((e.valid_up_to(), UnicodeErrorKind::Truncated));
            }
        }
        UnicodeEncoding::Utf16Le | UnicodeEncoding::Utf16Be => {
            let units: Vec<u16> = bytes
                .chunks_exact(2)
                .map(|p| match encoding {
                    UnicodeEncoding::Utf16Be => u16::from_be_bytes([p[0], p[1]]),
                    _ => u16::from_le_bytes([p[0], p[1]]),
                })
                .collect();
            let mut index = 0;
            for result in char::decode_utf16(units.iter().copied()) {
                match result {
                    Ok(c) => {
                        text.push(c);
                        index += c.len_utf16();
                    }
                    Err(_) => {
                        text.push(char::REPLACEMENT_CHARACTER);
                        first.get_or_insert((2 * index, UnicodeErrorKind::LoneSurrogate));
                        index += 1;
                    }
                }
            }
            // An odd last byte is one more error, unless it follows a lead surrogate, which is
            // then one error with it (WHATWG's end of the shared UTF-16 decoder).
            let after_lead = matches!(units.last(), Some(0xD800..=0xDBFF));
            if bytes.len() % 2 == 1 && !after_lead {
                text.push(char::REPLACEMENT_CHARACTER);
                first.get_or_insert((bytes.len() - 1, UnicodeErrorKind::Truncated));
            }
        }
        _ => {
            let whole = bytes.len() / 4 * 4;
            for (i, q) in bytes.chunks_exact(4).enumerate() {
                let value = match encoding {
                    UnicodeEncoding::Utf32Be => u32::from_be_bytes([q[0], q[1], q[2], q[3]]),
                    _ => u32::from_le_bytes([q[0], q[1], q[2], q[3]]),
                };
                match char::from_u32(value) {
                    Some(c) => text.push(c),
                    None => {
                        text.push(char::REPLACEMENT_CHARACTER);
                        let kind = if value > 0x10FFFF {
                            UnicodeErrorKind::TooLarge
                        } else {
                            UnicodeErrorKind::Surrogate
                        };
                        first.get_or_insert((4 * i, kind));
                    }
                }
            }
            if whole < bytes.len() {
                text.push(char::REPLACEMENT_CHARACTER);
                first.get_or_insert((whole, UnicodeErrorKind::Truncated));
            }
        }
    }
    (text, first)
}

fuzz_target!(|data: &[u8]| {
    let mut options = Options::new(data);
    let flags = options.byte();
    let (fatal, ignore_bom) = (flags & 1 != 0, flags & 2 != 0);
    let encoding = ENCODINGS[usize::from(flags >> 2) % ENCODINGS.len()];
    let cut_count = usize::from(options.byte() % 16);
    let cut_bytes = options.take(cut_count);
    let bytes = options.rest();

    let mut cuts = cut_points(cut_bytes, bytes.len());
    cuts.push(bytes.len());

    let (mut expected, first) = oracle(encoding, bytes);
    if !ignore_bom && expected.starts_with('\u{FEFF}') {
        expected.drain(..3);
    }

    let mut decoder = UnicodeDecoder::new(encoding, fatal, ignore_bom);
    let mut text = String::new();
    let mut error = None;
    let mut start = 0;
    for (i, &cut) in cuts.iter().enumerate() {
        let last = i + 1 == cuts.len();
        match decoder.decode(&bytes[start..cut], !last) {
            Ok(s) => text.push_str(&s),
            Err(e) => {
                error = Some(e);
                break;
            }
        }
        start = cut;
    }

    match (fatal, error, first) {
        (false, None, _) => assert_eq!(text, expected, "{encoding:?} not fatal"),
        (true, None, None) => assert_eq!(text, expected, "{encoding:?} fatal, valid"),
        (true, Some(e), Some((offset, kind))) => {
            assert_eq!(e.offset(), offset, "{encoding:?} first error's offset");
            if encoding != UnicodeEncoding::Utf8 {
                assert_eq!(e.kind(), kind, "{encoding:?} first error's kind");
            }
            // What came out before the error is the start of the oracle's text.
            assert!(expected.starts_with(&text), "{encoding:?} text before the error");
        }
        (fatal, error, first) => panic!(
            "{encoding:?} fatal={fatal}: decoder error {:?}, oracle's first error {first:?}",
            error.map(|e| (e.offset(), e.kind()))
        ),
    }
});
