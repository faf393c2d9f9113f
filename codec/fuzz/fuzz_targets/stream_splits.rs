//! The streaming decoder over random chunk splits: every call must return what the
//! `TextDecoder` model of the conformance tests returns (itself checked against the WPT streaming
//! vectors), and the calls together must equal one-shot decoding of the whole input.
//!
//! Input: one flags byte (bit 0 fatal, bit 1 ignoreBOM, bit 2 a separate empty flush, bits 3..=6
//! the number of cuts), one byte per cut (its position, scaled to the data), then the data.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utf8lens::StreamDecoder;
use utf8lens_fuzz::{cut_points, Options};
use utf8lens_tests::oracle::BOM;
use utf8lens_tests::stream_model::{Call, ModelDecoder};

fuzz_target!(|data: &[u8]| {
    let mut options = Options::new(data);
    let flags = options.byte();
    let (fatal, ignore_bom, separate_flush) = (flags & 1 != 0, flags & 2 != 0, flags & 4 != 0);
    let cut_bytes = options.take(usize::from((flags >> 3) & 0xF));
    let bytes = options.rest();

    let cuts = cut_points(cut_bytes, bytes.len());
    let mut calls: Vec<(&[u8], bool)> = Vec::new();
    let mut start = 0;
    for &cut in &cuts {
        calls.push((&bytes[start..cut], true));
        start = cut;
    }
    // The last chunk is the flush itself unless an empty flush follows it.
    calls.push((&bytes[start..], separate_flush));
    if separate_flush {
        calls.push((&[], false));
    }

    let mut decoder = StreamDecoder::new(fatal, ignore_bom);
    let mut model = ModelDecoder::new(fatal, ignore_bom);
    let mut text = String::new();
    let mut first_error = None;
    let mut consumed = 0;
    for (i, &(chunk, stream)) in calls.iter().enumerate() {
        let got = decoder.decode(chunk, stream);
        let want = model.decode(chunk, stream);
        let same = match (&got, &want) {
            (Ok(s), Call::Text(t)) => s == t,
            (Err(e), Call::Error { offset, kind }) => e.offset() == *offset && e.kind() == *kind,
            _ => false,
        };
        assert!(
            same,
            "fatal={fatal} ignore_bom={ignore_bom} call {i} ({} bytes, stream={stream}): model {want:?}, decoder {:?}",
            chunk.len(),
            got.as_ref().map_err(|e| (e.offset(), e.kind()))
        );
        // What the decoder holds back is never more than an unfinished sequence.
        assert!(decoder.held_bytes().len() <= 3);
        match got {
            Ok(s) if first_error.is_none() => text.push_str(&s),
            Ok(_) => {}
            Err(e) => {
                first_error.get_or_insert((consumed, e.offset(), e.kind()));
            }
        }
        consumed += chunk.len();
    }

    // One-shot: the same text as decoding everything at once.
    let mut one_shot = StreamDecoder::new(fatal, ignore_bom);
    let whole = one_shot.decode(bytes, false);
    let body = if !ignore_bom && bytes.starts_with(&BOM) {
        &bytes[3..]
    } else {
        bytes
    };
    match (fatal, whole, first_error) {
        (false, Ok(all), None) => {
            assert_eq!(text, all);
            assert_eq!(all, String::from_utf8_lossy(body));
        }
        (true, Ok(all), None) => {
            assert_eq!(text, all);
            assert_eq!(Ok(all.as_str()), std::str::from_utf8(body));
        }
        (true, Err(e), Some((_, offset, kind))) => {
            // The first error of the chunked stream is the one-shot error, and what came out before
            // it is the valid text before the error.
            assert_eq!((offset, kind), (e.offset(), e.kind()), "first error");
            assert!(std::str::from_utf8(body).is_err());
            let skipped = bytes.len() - body.len();
            let valid = &bytes[skipped..e.offset().max(skipped)];
            assert!(
                String::from_utf8_lossy(valid).starts_with(&text),
                "text before the error"
            );
        }
        (fatal, whole, first) => panic!(
            "fatal={fatal}: one-shot {:?} but chunked first error {first:?}",
            whole.map_err(|e| (e.offset(), e.kind()))
        ),
    }
});
