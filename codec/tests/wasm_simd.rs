//! The SIMD128 validator, checked against std on wasm32 at every alignment and block boundary.
//!
//! `validate` and `errors` take the SIMD path when the crate is built with `-C target-feature=+simd128`
//! (scripts/test.sh builds the wasm tests that way); without it they take the scalar path, which the
//! native tests cover. Every input is re-run with 0..32 bytes of ASCII before it, and the inputs are
//! placed across the 64-byte block boundary, so that every lane position and tail length is hit.
#![cfg(target_arch = "wasm32")]

use utf8lens::{errors, validate};
use utf8lens_testkit::Rng;
use wasm_bindgen_test::wasm_bindgen_test;

fn agrees(bytes: &[u8]) {
    let std = std::str::from_utf8(bytes);
    let ours = validate(bytes);
    assert_eq!(ours.is_ok(), std.is_ok(), "verdict on {bytes:02X?}");
    if let (Err(ours), Err(std)) = (ours, std) {
        assert_eq!(
            (ours.valid_up_to(), ours.error_len()),
            (std.valid_up_to(), std.error_len())
        );
    }
    let replacements = String::from_utf8_lossy(bytes).matches('\u{FFFD}').count()
        - bytes
            .utf8_chunks()
            .map(|c| c.valid().matches('\u{FFFD}').count())
            .sum::<usize>();
    assert_eq!(
        errors(bytes).count(),
        replacements,
        "error count on {bytes:02X?}"
    );
}

/// Runs `agrees` on `core` after 0..32 ASCII bytes, and after 56..=66, 120..=136 and 186..=198 ASCII
/// bytes so that `core` straddles the first 64-byte block boundary, the second, and the end of the
/// validator's 128-byte ASCII skip, with ASCII or a multi-byte character after it.
fn at_every_alignment(core: &[u8]) {
    let mut buf = Vec::with_capacity(core.len() + 80);
    for prefix in (0..=32).chain(56..=66).chain(120..=136).chain(186..=198) {
        for suffix in [&b""[..], b"z", "é".as_bytes(), "𐍈".as_bytes()] {
            buf.clear();
            buf.extend(std::iter::repeat_n(b'a', prefix));
            buf.extend_from_slice(core);
            buf.extend_from_slice(suffix);
            agrees(&buf);
        }
    }
}

/// Bytes chosen because the lookup tables treat them differently.
const INTERESTING: [u8; 24] = [
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
    0xED, 0xEE, 0xEF, 0xF0, 0xF3, 0xF4, 0xF5, 0xFF,
];

#[wasm_bindgen_test]
fn every_two_byte_input_at_every_alignment() {
    for a in 0x80..=0xFFu8 {
        for b in INTERESTING {
            at_every_alignment(&[a, b]);
        }
    }
}

#[wasm_bindgen_test]
fn interesting_three_and_four_byte_inputs_at_every_alignment() {
    for a in INTERESTING {
        for b in INTERESTING {
            for c in INTERESTING {
                at_every_alignment(&[a, b, c]);
            }
        }
    }
    for a in [0xF0, 0xF1, 0xF4, 0xF5] {
        for b in INTERESTING {
            for c in [0x41, 0x80, 0xBF, 0xC2] {
                for d in [0x41, 0x80, 0xBF, 0xE0] {
                    at_every_alignment(&[a, b, c, d]);
                }
            }
        }
    }
}

#[wasm_bindgen_test]
fn long_ascii_runs_broken_at_every_position() {
    // The validator skips ASCII 64 and then 128 bytes at a time; whatever ends the run must be seen
    // wherever it falls, and a sequence left open before the run must still count.
    let ends: [&[u8]; 7] = [
        &[0x80],
        &[0xC3],
        &[0xE9],
        &[0xFF],
        "é".as_bytes(),
        "€".as_bytes(),
        "😀".as_bytes(),
    ];
    for len in [64, 127, 128, 191, 192, 255, 256, 320, 449] {
        let mut buf = vec![b'a'; len];
        for at in 0..len {
            for end in ends {
                let stop = (at + end.len()).min(len);
                buf[at..stop].copy_from_slice(&end[..stop - at]);
                agrees(&buf);
                buf[at..stop].fill(b'a');
            }
        }
    }
}

#[wasm_bindgen_test]
fn every_three_byte_input_alone() {
    for a in 0x80..=0xFFu8 {
        for b in 0..=0xFFu8 {
            for c in INTERESTING {
                agrees(&[a, b, c]);
            }
        }
    }
}

#[wasm_bindgen_test]
fn real_text_with_each_position_corrupted() {
    let text =
        "Grüße aus Zürich — Привет, мир! 你好，世界。😀👍🏽 مرحبا بالعالم שלום עולם नमस्ते दुनिया. \
                Ελληνικά κείμενα και ASCII μαζί, 한국어 텍스트, 日本語のテキスト.";
    let bytes = text.as_bytes();
    agrees(bytes);
    let mut corrupted = bytes.to_vec();
    for i in 0..bytes.len() {
        for replacement in [0x80, 0xC0, 0xE0, 0xF5, 0x41, 0xED] {
            corrupted[i] = replacement;
            agrees(&corrupted);
            // Cut the text short right here, too.
            agrees(&corrupted[..i]);
        }
        corrupted[i] = bytes[i];
    }
}

#[wasm_bindgen_test]
fn random_inputs_of_many_lengths() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let chars = [
        "a",
        "é",
        "€",
        "😀",
        "\u{7FF}",
        "\u{800}",
        "\u{FFFF}",
        "\u{10000}",
        "\u{10FFFF}",
    ];
    for round in 0..3000 {
        let len = rng.below(300);
        let mut buf = Vec::with_capacity(len + 4);
        while buf.len() < len {
            buf.extend_from_slice(rng.pick(&chars).as_bytes());
        }
        if round % 2 == 1 && !buf.is_empty() {
            let at = rng.below(buf.len());
            buf[at] = *rng.pick(&INTERESTING);
        }
        agrees(&buf);
    }
}
