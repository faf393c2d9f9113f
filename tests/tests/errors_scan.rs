//! `errors()`'s block scanner (64-byte class bitmasks, carries between blocks, skips of well-formed
//! stretches through the SIMD validator) against std's `Utf8Chunks`, which gives every maximal
//! subpart's offset and length, and `oracle::expected_kind` for the kinds.
//!
//! Exhaustive over all inputs of 1 to 3 bytes, at the start of a block and straddling the boundary
//! between two blocks (where the carries matter); then pseudo-random inputs of many shapes after
//! 0..32 bytes of ASCII, and long, mostly valid inputs that make the scanner skip.

use utf8lens::ErrorKind;
use utf8lens_testkit::Rng;
use utf8lens_tests::{hex, oracle, summary};

/// (offset, length, kind) of every maximal subpart, from std's `Utf8Chunks`.
fn expected(bytes: &[u8]) -> Vec<(usize, usize, ErrorKind)> {
    let mut out = Vec::new();
    let mut offset = 0;
    for chunk in bytes.utf8_chunks() {
        offset += chunk.valid().len();
        let len = chunk.invalid().len();
        if len > 0 {
            let kind = oracle::expected_kind(bytes, offset)
                .expect("an invalid part starts with a non-ASCII byte");
            out.push((offset, len, kind));
            offset += len;
        }
    }
    out
}

/// What `errors()` reports, through `next`, and checked to equal what `fold` (`for_each`) reports.
fn found(bytes: &[u8]) -> Vec<(usize, usize, ErrorKind)> {
    let by_next: Vec<_> = utf8lens::errors(bytes)
        .map(|e| (e.offset(), e.len(), e.kind()))
        .collect();
    let mut by_fold = Vec::with_capacity(by_next.len());
    utf8lens::errors(bytes).for_each(|e| by_fold.push((e.offset(), e.len(), e.kind())));
    assert_eq!(
        by_fold,
        by_next,
        "fold and next differ on {}",
        hex::format(bytes)
    );
    by_next
}

fn check(bytes: &[u8]) {
    let want = expected(bytes);
    let got = found(bytes);
    if got != want {
        panic!(
            "errors() on {}:\n  got  {got:?}\n  want {want:?}",
            hex::format(bytes)
        );
    }
}

/// Checks `tail` placed right after `prefix_len` ASCII bytes, in a reused buffer.
fn check_after(buf: &mut Vec<u8>, prefix_len: usize, tail: &[u8]) {
    buf.clear();
    buf.resize(prefix_len, b'a');
    buf.extend_from_slice(tail);
    let want: Vec<_> = expected(tail)
        .into_iter()
        .map(|(o, l, k)| (o + prefix_len, l, k))
        .collect();
    let got = found(buf);
    if got != want {
        panic!(
            "errors() on {prefix_len} ASCII bytes + {}:\n  got  {got:?}\n  want {want:?}",
            hex::format(tail)
        );
    }
}

#[test]
fn every_input_of_one_to_three_bytes_at_a_block_start_and_across_a_block_boundary() {
    let mut buf = Vec::new();
    let mut checked = 0usize;
    for a in 0..=255u8 {
        check(&[a]);
        for prefix in [63, 64] {
            check_after(&mut buf, prefix, &[a]);
        }
        for b in 0..=255u8 {
            check(&[a, b]);
            for prefix in [62, 63] {
                check_after(&mut buf, prefix, &[a, b]);
            }
            // Three bytes only where they can matter together: a non-ASCII first byte.
            if a >= 0x80 {
                for c in 0..=255u8 {
                    check(&[a, b, c]);
                    for prefix in [61, 62, 63] {
                        check_after(&mut buf, prefix, &[a, b, c]);
                    }
                    checked += 4;
                }
            } else {
                check(&[a, b, 0x80]);
                check(&[a, b, 0x41]);
                checked += 2;
            }
            checked += 3;
        }
        checked += 3;
    }
    summary(
        "errors() on 1..=3-byte inputs (block start and boundary)",
        checked,
        checked,
    );
}

/// Bytes that are interesting to the scanner: the range boundaries of RFC 3629 §4.
const EDGES: [u8; 24] = [
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
    0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5,
];

/// One pseudo-random input: byte soup, edge bytes, whole and cut characters, or a mix.
fn random_input(rng: &mut Rng, len: usize) -> Vec<u8> {
    let style = rng.below(4);
    let mut out = Vec::with_capacity(len + 4);
    while out.len() < len {
        match (style, rng.below(8)) {
            (0, _) => out.push(rng.byte()),
            (1, _) => out.push(*rng.pick(&EDGES)),
            (_, 0..=4) => {
                let ch = char::from_u32(rng.below(0x11_0000) as u32).unwrap_or('\u{FFFD}');
                let mut buf = [0; 4];
                let encoded = ch.encode_utf8(&mut buf).as_bytes();
                if style == 3 && rng.below(4) == 0 {
                    out.extend_from_slice(
                        &encoded[..rng.below(encoded.len()) + 1 - usize::from(encoded.len() == 1)],
                    );
                } else {
                    out.extend_from_slice(encoded);
                }
            }
            (_, 5) => out.push(*rng.pick(&EDGES)),
            _ => out.extend(std::iter::repeat_n(b'x', rng.below(70))),
        }
    }
    out
}

#[test]
fn random_inputs_after_every_ascii_prefix() {
    let mut rng = Rng::new(0x5EED_0007_E440_0125);
    let mut buf = Vec::new();
    let mut checked = 0;
    for round in 0..3000 {
        let len = if round % 10 == 0 {
            rng.below(1000)
        } else {
            rng.below(200)
        };
        let input = random_input(&mut rng, len);
        for prefix in 0..32 {
            check_after(&mut buf, prefix, &input);
            checked += 1;
        }
    }
    summary(
        "errors() on random inputs after 0..32 ASCII bytes",
        checked,
        checked,
    );
}

#[test]
fn long_mostly_valid_inputs_skip_and_resume_correctly() {
    let mut rng = Rng::new(0xA11C_E5ED_0000_0007);
    let text = "Съешь же ещё этих мягких французских булок, да выпей чаю. 你好，世界 😀 Grüße! "
        .repeat(400);
    let mut checked = 0;
    for round in 0..300 {
        let mut bytes = text.as_bytes().to_vec();
        bytes.truncate(rng.below(bytes.len()) + 1);
        // A few errors at random places (sometimes none, sometimes in a cluster).
        let errors = [0, 1, 2, 5, 40][round % 5];
        for _ in 0..errors {
            if bytes.is_empty() {
                break;
            }
            let at = rng.below(bytes.len());
            let bad = *rng.pick(&EDGES);
            if round % 7 == 0 {
                bytes.insert(at, bad);
            } else {
                bytes[at] = bad;
            }
        }
        for prefix in [0, 1, 3, 17, 31] {
            let mut long = vec![b' '; prefix];
            long.extend_from_slice(&bytes);
            check(&long);
            checked += 1;
        }
    }
    summary("errors() on long, mostly valid inputs", checked, checked);
}
