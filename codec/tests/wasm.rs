//! The codec compiled to wasm32, checked against Rust's std (also compiled to wasm32) as
//! the oracle. scripts/test.sh runs this file twice with wasm-bindgen-test-runner: in
//! Node, and in headless Chromium (WASM_BINDGEN_USE_BROWSER=1). There is deliberately no
//! `wasm_bindgen_test_configure!`, so the environment picks where it runs.
//!
//! ```text
//! CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!     cargo test -p utf8lens --target wasm32-unknown-unknown --test wasm
//! ```
#![cfg(target_arch = "wasm32")]

use utf8lens::{
    byte_roles, decode_lossy, encode_code_point, errors, from_utf8, segments, validate, ByteRole,
    EncodeError, Segment, StreamDecoder,
};
use wasm_bindgen_test::wasm_bindgen_test;

/// Asserts that the codec and std agree on `bytes`: the same verdict and, for invalid
/// input, the same `valid_up_to` and `error_len`; and that the lossy decodings match.
fn assert_agrees_with_std(bytes: &[u8]) {
    let ours = validate(bytes);
    let std = std::str::from_utf8(bytes);
    match (ours, std) {
        (Ok(()), Ok(_)) => {}
        (Err(ours), Err(std)) => {
            assert_eq!(
                ours.valid_up_to(),
                std.valid_up_to(),
                "valid_up_to of {bytes:02X?}"
            );
            assert_eq!(
                ours.error_len(),
                std.error_len(),
                "error_len of {bytes:02X?}"
            );
        }
        (ours, std) => panic!("{bytes:02X?}: codec says {ours:?}, std says {std:?}"),
    }
    assert_eq!(from_utf8(bytes).ok(), std.ok(), "from_utf8 of {bytes:02X?}");
}

/// Asserts that segments cover every byte once, in order, and that `byte_roles` marks
/// exactly the bytes of malformed segments as invalid.
fn assert_segments_cover(bytes: &[u8]) {
    let roles = byte_roles(bytes);
    assert_eq!(
        roles.len(),
        bytes.len(),
        "one role per byte of {bytes:02X?}"
    );
    let mut next = 0;
    for segment in segments(bytes) {
        let range = segment.range();
        assert_eq!(range.start, next, "segments of {bytes:02X?} leave no gap");
        let malformed = matches!(segment, Segment::Malformed(_));
        for role in &roles[range.clone()] {
            assert_eq!(
                *role == ByteRole::Invalid,
                malformed,
                "roles of {bytes:02X?}"
            );
        }
        next = range.end;
    }
    assert_eq!(next, bytes.len(), "segments of {bytes:02X?} reach the end");
}

#[wasm_bindgen_test]
fn every_scalar_value_encodes_as_std_does_and_round_trips() {
    for cp in 0..=0x10FFFF_u32 {
        match char::from_u32(cp) {
            Some(ch) => {
                let mut buf = [0; 4];
                let expected = ch.encode_utf8(&mut buf).as_bytes();
                let encoded = encode_code_point(cp).unwrap_or_else(|e| panic!("U+{cp:04X}: {e}"));
                assert_eq!(encoded.as_bytes(), expected, "bytes of U+{cp:04X}");
                assert_eq!(encoded.len(), ch.len_utf8(), "length of U+{cp:04X}");
                let text = ch.to_string();
                assert_eq!(
                    from_utf8(encoded.as_bytes()),
                    Ok(text.as_str()),
                    "U+{cp:04X}"
                );
                assert_eq!(
                    segments(expected).collect::<Vec<_>>(),
                    [Segment::Char {
                        offset: 0,
                        len: ch.len_utf8(),
                        ch
                    }],
                    "segments of U+{cp:04X}"
                );
            }
            None => assert_eq!(
                encode_code_point(cp).err(),
                Some(EncodeError::Surrogate(cp))
            ),
        }
    }
    for cp in [0x110000, 0x1FFFFF, 0x7FFF_FFFF, u32::MAX] {
        assert_eq!(encode_code_point(cp).err(), Some(EncodeError::TooLarge(cp)));
    }
}

#[wasm_bindgen_test]
fn every_one_and_two_byte_input_agrees_with_std() {
    for first in 0..=255_u8 {
        assert_agrees_with_std(&[first]);
        assert_segments_cover(&[first]);
        for second in 0..=255_u8 {
            let bytes = [first, second];
            assert_agrees_with_std(&bytes);
            assert_segments_cover(&bytes);
            assert_eq!(decode_lossy(&bytes), String::from_utf8_lossy(&bytes));
        }
    }
}

#[wasm_bindgen_test]
fn every_three_byte_input_with_lead_e0_to_ef_agrees_with_std() {
    for lead in 0xE0..=0xEF_u8 {
        for second in 0..=255_u8 {
            for third in 0..=255_u8 {
                assert_agrees_with_std(&[lead, second, third]);
            }
        }
    }
}

/// Inputs where decoders often disagree: overlongs, surrogates, values past U+10FFFF,
/// bytes that never appear in UTF-8, truncation in the middle and at the end.
const TRICKY: &[&[u8]] = &[
    b"",
    b"plain ASCII",
    b"\xC0\xAF",
    b"\xE0\x80\xAF",
    b"\xF0\x80\x80\xAF",
    b"\xED\xA0\x80",
    b"\xED\xBF\xBF\xED\xA0\x80",
    b"\xF4\x90\x80\x80",
    b"\xF5\x80\x80\x80",
    b"\xF8\x88\x80\x80\x80",
    b"\xFE\xFF",
    b"\x80\xBF",
    b"\xE2\x82",
    b"a\xE2\x82b",
    b"\xF0\x9F\x98",
    b"\xF0\x9F\x98\x80\xF0\x9F",
    b"\xEF\xBB\xBFbom",
    b"\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80",
    b"\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64",
];

#[wasm_bindgen_test]
fn lossy_decoding_matches_std_on_tricky_inputs() {
    for &bytes in TRICKY {
        assert_agrees_with_std(bytes);
        assert_segments_cover(bytes);
        let expected = String::from_utf8_lossy(bytes);
        assert_eq!(decode_lossy(bytes), expected, "{bytes:02X?}");
        let replacements = expected.matches('\u{FFFD}').count();
        assert_eq!(
            errors(bytes).count(),
            replacements,
            "one error per U+FFFD in {bytes:02X?}"
        );
    }
}

#[wasm_bindgen_test]
fn stream_decoder_gives_the_same_text_wherever_the_input_is_split() {
    for &bytes in TRICKY {
        let whole = decode_lossy(bytes);
        for split in 0..=bytes.len() {
            let (head, tail) = bytes.split_at(split);
            // ignore_bom = true keeps a leading BOM, as decode_lossy does.
            let mut decoder = StreamDecoder::new(false, true);
            let mut text = decoder
                .decode(head, true)
                .expect("replacement mode never fails");
            text += &decoder
                .decode(tail, false)
                .expect("replacement mode never fails");
            assert_eq!(text, whole, "{bytes:02X?} split at {split}");
        }
    }
}

#[wasm_bindgen_test]
fn fatal_stream_decoder_reports_where_the_error_is() {
    let mut decoder = StreamDecoder::new(true, false);
    assert_eq!(decoder.decode(b"a\xE2\x82", true).as_deref(), Ok("a"));
    let error = decoder
        .decode(b"x", false)
        .expect_err("E2 82 78 is malformed");
    assert_eq!(error.offset(), 1);
    // After the error the decoder starts a new stream.
    assert_eq!(decoder.decode("é".as_bytes(), false).as_deref(), Ok("é"));
}
