//! Legacy single-byte charsets, both directions, one charset per input (the first byte chooses
//! it, so every charset gets its share of the runs):
//!
//! - decoding any bytes gives one character per byte, U+FFFD exactly at the undefined bytes, and a
//!   fatal decode that stops at the first of them; what decodes re-encodes to the same bytes;
//! - encoding any text either succeeds and decodes back to the text, or names the first character
//!   the charset lacks; the `?` and numeric-reference fallbacks write exactly what they promise;
//! - label resolution never panics and agrees with the charset's own label list.
//!
//! Input: a byte choosing the charset, then the bytes, which are also read as text (lossily) for
//! the encoding direction.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utf8lens::charset::{self, labels_of, resolve_label, Charset, Fallback};
use utf8lens_fuzz::Options;

fuzz_target!(|data: &[u8]| {
    let mut options = Options::new(data);
    let cs = Charset::ALL[usize::from(options.byte()) % Charset::ALL.len()];
    let bytes = options.rest();
    let text = String::from_utf8_lossy(bytes);
    // Bytes to text.
    let lossy = charset::decode(bytes, cs);
    assert_eq!(
        lossy.chars().count(),
        bytes.len(),
        "{cs}: one character per byte"
    );
    let first_undefined = bytes.iter().position(|&b| cs.decode_byte(b).is_none());
    for (ch, &b) in lossy.chars().zip(bytes) {
        assert_eq!(
            ch,
            cs.decode_byte(b).unwrap_or(char::REPLACEMENT_CHARACTER),
            "{cs} {b:#04x}"
        );
    }
    match (charset::decode_fatal(bytes, cs), first_undefined) {
        (Ok(decoded), None) => {
            assert_eq!(decoded, lossy);
            let encoded = charset::encode(&decoded, cs, Fallback::Error)
                .unwrap_or_else(|e| panic!("{cs}: decoded text does not re-encode: {e}"));
            assert_eq!(encoded, bytes, "{cs}: decode then encode");
        }
        (Err(e), Some(at)) => {
            assert_eq!((e.offset(), e.byte(), e.charset()), (at, bytes[at], cs));
            let _ = e.to_string();
        }
        (got, want) => panic!("{cs}: fatal decode {got:?}, first undefined byte {want:?}"),
    }

    // Text to bytes.
    let first_unmappable = text
        .char_indices()
        .find(|&(_, c)| cs.encode_char(c).is_none());
    match (
        charset::encode(&text, cs, Fallback::Error),
        first_unmappable,
    ) {
        (Ok(encoded), None) => {
            assert_eq!(encoded.len(), text.chars().count());
            assert_eq!(
                charset::decode_fatal(&encoded, cs).ok().as_deref(),
                Some(&*text),
                "{cs}: encode then decode"
            );
        }
        (Err(e), Some((offset, ch))) => {
            assert_eq!(
                (e.offset(), e.ch(), e.code_point(), e.charset()),
                (offset, Some(ch), u32::from(ch), cs)
            );
            let _ = e.to_string();
        }
        (got, want) => panic!("{cs}: encode {got:?}, first unmappable {want:?}"),
    }
    let question =
        charset::encode(&text, cs, Fallback::Question).expect("the ? fallback never fails");
    let ncr = charset::encode(&text, cs, Fallback::Ncr).expect("the NCR fallback never fails");
    let mut want_question = Vec::new();
    let mut want_ncr = Vec::new();
    for c in text.chars() {
        match cs.encode_char(c) {
            Some(b) => {
                want_question.push(b);
                want_ncr.push(b);
            }
            None => {
                want_question.push(b'?');
                want_ncr.extend(format!("&#{};", u32::from(c)).bytes());
            }
        }
    }
    assert_eq!(question, want_question, "{cs}: ? fallback");
    assert_eq!(ncr, want_ncr, "{cs}: NCR fallback");

    // Labels: whatever the text, resolution never panics, and a resolved label is one of the
    // charset's labels.
    if let Ok(cs) = resolve_label(&text) {
        let key = text
            .trim_matches(|c| matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' '))
            .to_ascii_lowercase();
        assert!(
            labels_of(cs).contains(&key.as_str()),
            "{key:?} resolved to {cs} but is not among its labels"
        );
    } else if let Err(e) = resolve_label(&text) {
        let _ = (e.encoding(), e.to_string());
    }
    let _ = text.parse::<Charset>();
});
