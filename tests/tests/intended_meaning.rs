//! Hand-worked error reports: the kind, the maximal subpart, what the lead byte's announced
//! sequence would have meant, and Display sentences that name the bytes.

use utf8lens::{ByteRole, EncodeError, ErrorKind, StreamDecoder};
use utf8lens_tests::hex;
use utf8lens_tests::summary;

use ErrorKind::{
    InvalidByte, Overlong, Surrogate, TooLarge, Truncated, UnexpectedContinuation as Cont,
};

/// `(input, [(offset, len, kind, intended (code point, len))...])`, every error of the input.
type Case = (
    &'static [u8],
    &'static [(usize, usize, ErrorKind, Option<(u32, usize)>)],
);

#[rustfmt::skip]
const CASES: &[Case] = &[
    // C0 AF: the overlong two-byte '/' (C0 = 110_00000, AF = 10_101111 -> 0x2F).
    (b"\xC0\xAF", &[(0, 1, InvalidByte, Some((0x2F, 2))), (1, 1, Cont, None)]),
    // E0 80 AF: the overlong three-byte '/'; E0 allows only A0..BF next, so E0 alone is the subpart.
    (b"\xE0\x80\xAF", &[(0, 1, Overlong, Some((0x2F, 3))), (1, 1, Cont, None), (2, 1, Cont, None)]),
    // ED A0 80: 1110_1101 10_100000 10_000000 -> 0xD800, a surrogate.
    (b"\xED\xA0\x80", &[(0, 1, Surrogate, Some((0xD800, 3))), (1, 1, Cont, None), (2, 1, Cont, None)]),
    // F4 90 80 80: 100 010000 000000 000000 -> 0x110000, one past U+10FFFF.
    (b"\xF4\x90\x80\x80", &[(0, 1, TooLarge, Some((0x11_0000, 4))), (1, 1, Cont, None), (2, 1, Cont, None), (3, 1, Cont, None)]),
    // F5 80 80 80: 101 << 18 = 0x140000; F5 can never appear in UTF-8.
    (b"\xF5\x80\x80\x80", &[(0, 1, InvalidByte, Some((0x14_0000, 4))), (1, 1, Cont, None), (2, 1, Cont, None), (3, 1, Cont, None)]),
    // C1 BF: the largest overlong two-byte form, U+007F.
    (b"\xC1\xBF", &[(0, 1, InvalidByte, Some((0x7F, 2))), (1, 1, Cont, None)]),
    // F0 8F BF BF: overlong four-byte U+FFFF.
    (b"\xF0\x8F\xBF\xBF", &[(0, 1, Overlong, Some((0xFFFF, 4))), (1, 1, Cont, None), (2, 1, Cont, None), (3, 1, Cont, None)]),
    // F8 88 80 80 80: RFC 2279's five-byte U+200000 (000 001000 000000 000000 000000).
    (b"\xF8\x88\x80\x80\x80", &[(0, 1, InvalidByte, Some((0x20_0000, 5))), (1, 1, Cont, None), (2, 1, Cont, None), (3, 1, Cont, None), (4, 1, Cont, None)]),
    // FC 84 80 80 80 80: RFC 2279's six-byte U+4000000.
    (b"\xFC\x84\x80\x80\x80\x80", &[(0, 1, InvalidByte, Some((0x400_0000, 6))), (1, 1, Cont, None), (2, 1, Cont, None), (3, 1, Cont, None), (4, 1, Cont, None), (5, 1, Cont, None)]),
    // Announced continuation bytes missing: the meaning is unknown.
    (b"\xE0\x80", &[(0, 1, Overlong, None), (1, 1, Cont, None)]),
    (b"\xED\xA0A", &[(0, 1, Surrogate, None), (1, 1, Cont, None)]),
    (b"\xC0", &[(0, 1, InvalidByte, None)]),
    (b"\xF5\x80\x80", &[(0, 1, InvalidByte, None), (1, 1, Cont, None), (2, 1, Cont, None)]),
    // FE and FF announce nothing.
    (b"\xFE\x80", &[(0, 1, InvalidByte, None), (1, 1, Cont, None)]),
    (b"\xFF", &[(0, 1, InvalidByte, None)]),
    // Truncated: a valid prefix stopped by a byte that cannot continue it, or by the end.
    (b"\xE2\x82A", &[(0, 2, Truncated, None)]),
    (b"\xF0\x9F\x98", &[(0, 3, Truncated, None)]),
    (b"\xC2A", &[(0, 1, Truncated, None)]),
    (b"a\xE2\x82\xE2\x82\xAC", &[(1, 2, Truncated, None)]),
    (b"\x80", &[(0, 1, Cont, None)]),
];

#[test]
fn kinds_subparts_and_intended_meanings() {
    let mut failures = Vec::new();
    for &(input, expected) in CASES {
        let got: Vec<_> = utf8lens::errors(input)
            .map(|m| {
                (
                    m.offset(),
                    m.len(),
                    m.kind(),
                    m.intended().map(|i| (i.code_point(), i.len())),
                )
            })
            .collect();
        if got != expected {
            failures.push(format!(
                "[{}]: expected {expected:?}, got {got:?}",
                hex::format(input)
            ));
        }
    }
    summary(
        "intended meaning cases",
        CASES.len() - failures.len(),
        CASES.len(),
    );
    for failure in &failures {
        eprintln!("  FAIL {failure}");
    }
    assert!(failures.is_empty());
}

#[test]
fn display_sentences_name_the_bytes() {
    let mut checked = 0;
    for &(input, _) in CASES {
        for m in utf8lens::errors(input) {
            let sentence = m.to_string();
            // The maximal subpart, and when the meaning is known, the whole announced sequence.
            let shown = m.intended().map_or(m.len(), |i| i.len());
            for byte in &input[m.offset()..m.offset() + shown] {
                assert!(
                    sentence
                        .to_ascii_uppercase()
                        .contains(&format!("{byte:02X}")),
                    "[{}] error at {}: {sentence:?} does not name byte {byte:02X}",
                    hex::format(input),
                    m.offset()
                );
            }
            checked += 1;
        }
    }
    for input in [&b"\xC0\xAF"[..], b"\xF4\x90\x80\x80", b"\xE2\x82A"] {
        let e = utf8lens::errors(input).next().expect("an error");
        eprintln!("example [{}]: {e}", hex::format(input));
    }
    summary("Display sentences naming their bytes", checked, checked);
}

#[test]
fn error_values_have_std_shape_and_readable_display() {
    let e = utf8lens::validate(b"ab\xE2\x82A").expect_err("invalid");
    assert_eq!((e.valid_up_to(), e.error_len()), (2, Some(2)));
    let e = utf8lens::from_utf8(b"ab\xE2\x82").expect_err("invalid");
    assert_eq!((e.valid_up_to(), e.error_len()), (2, None));
    assert!(!e.to_string().is_empty());
    let _: &dyn std::error::Error = &e;

    for (cp, err) in [
        (0xD800, utf8lens::encode_code_point(0xD800)),
        (0x11_0000, utf8lens::encode_code_point(0x11_0000)),
    ] {
        let err = err.expect_err("not a scalar value");
        assert!(matches!(err, EncodeError::Surrogate(c) | EncodeError::TooLarge(c) if c == cp));
        let text = err.to_string();
        assert!(
            text.to_ascii_uppercase().contains(&format!("{cp:04X}")),
            "{text:?} does not name {cp:X}"
        );
        let _: &dyn std::error::Error = &err;
    }

    // A fatal stream error points at the malformed sequence, counting from the stream's start.
    let mut decoder = StreamDecoder::new(true, false);
    assert_eq!(decoder.decode(b"ab", true).expect("valid"), "ab");
    let err = decoder
        .decode(b"c\xC0\xAF", true)
        .expect_err("C0 is never valid");
    assert_eq!((err.offset(), err.kind()), (3, InvalidByte));
    assert!(err.to_string().to_ascii_uppercase().contains("C0"), "{err}");
    assert!(decoder.fatal() && !decoder.ignore_bom());

    for (kind, name) in [
        (Cont, "unexpected-continuation"),
        (InvalidByte, "invalid-byte"),
        (Overlong, "overlong"),
        (Surrogate, "surrogate"),
        (TooLarge, "too-large"),
        (Truncated, "truncated"),
    ] {
        assert_eq!(kind.as_str(), name);
    }
    let roles: Vec<&str> = utf8lens::byte_roles(b"a\xC3\xA4\xFF")
        .iter()
        .map(|r| r.as_str())
        .collect();
    assert_eq!(roles, ["ascii", "lead", "continuation", "invalid"]);
    assert_eq!(ByteRole::Invalid.as_str(), "invalid");
    eprintln!("error shapes and names: ok");
}
