//! The SIMD128 UTF-8 → UTF-16 transcoder (codec/src/simd/utf16.rs), checked against std on wasm32.
//!
//! `utf8_to_utf16` takes the SIMD path when the crate is built with `-C target-feature=+simd128`
//! (.cargo/config.toml); the native tests cover the scalar fallback. Every input is re-run after
//! 0..32 bytes of ASCII and across the 16-byte block boundaries, so that every lane position, the
//! look-behind of the first blocks and every tail length are hit.
#![cfg(target_arch = "wasm32")]

use utf8lens::utf8_to_utf16;
use utf8lens_testkit::Rng;
use wasm_bindgen_test::wasm_bindgen_test;

fn agrees(bytes: &[u8]) {
    let expected: Vec<u16> = String::from_utf8_lossy(bytes).encode_utf16().collect();
    assert_eq!(utf8_to_utf16(bytes), expected, "{bytes:02X?}");
}

/// `core` after 0..=32 and 40..=50 ASCII bytes, with nothing, ASCII or a multi-byte character after it.
fn at_every_alignment(core: &[u8]) {
    let mut buf = Vec::with_capacity(core.len() + 60);
    for prefix in (0..=32).chain(40..=50) {
        for suffix in [
            &b""[..],
            b"z",
            "é".as_bytes(),
            "中".as_bytes(),
            "𐍈".as_bytes(),
        ] {
            buf.clear();
            buf.extend(std::iter::repeat_n(b'a', prefix));
            buf.extend_from_slice(core);
            buf.extend_from_slice(suffix);
            agrees(&buf);
        }
    }
}

const SAMPLES: [&str; 14] = [
    "a",
    " ",
    "\u{7F}",
    "\u{80}",
    "é",
    "ж",
    "\u{7FF}",
    "\u{800}",
    "€",
    "中",
    "\u{FFFF}",
    "\u{10000}",
    "😀",
    "\u{10FFFF}",
];

/// Runs of random characters, each run one sample repeated, so whole blocks of one width occur.
fn random_text(rng: &mut Rng, chars: usize) -> String {
    let mut text = String::new();
    let mut count = 0;
    while count < chars {
        let sample = *rng.pick(&SAMPLES);
        let longest = if rng.below(2) == 0 { 3 } else { 24 };
        let run = 1 + rng.below(longest);
        for _ in 0..run {
            text.push_str(sample);
        }
        count += run;
    }
    text
}

#[wasm_bindgen_test]
fn every_scalar_value_alone_and_in_blocks() {
    let mut units = [0u16; 2];
    for ch in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        let mut buf = [0u8; 4];
        let encoded = ch.encode_utf8(&mut buf);
        assert_eq!(
            utf8_to_utf16(encoded.as_bytes()),
            ch.encode_utf16(&mut units)
        );
    }
    // Every BMP character in 16-byte windows: 6 three-byte characters after 0..16 ASCII bytes.
    for first in (0x80..0x10000u32).step_by(5) {
        let text: String = (first..first + 6).filter_map(char::from_u32).collect();
        for prefix in 0..16 {
            let input = format!("{}{text}xyzxyzxyzxyzxyzxyz", "a".repeat(prefix));
            agrees(input.as_bytes());
        }
    }
}

#[wasm_bindgen_test]
fn random_text_at_every_alignment() {
    let mut rng = Rng::new(0x5EED_1234);
    for _ in 0..200 {
        let text = random_text(&mut rng, 24);
        at_every_alignment(text.as_bytes());
    }
}

#[wasm_bindgen_test]
fn long_random_text() {
    let mut rng = Rng::new(77);
    for len in [100, 1000, 10_000] {
        for _ in 0..20 {
            agrees(random_text(&mut rng, len).as_bytes());
        }
    }
}

#[wasm_bindgen_test]
fn malformed_sequences_inside_text_at_every_alignment() {
    let bad: [&[u8]; 12] = [
        b"\x80",
        b"\xBF",
        b"\xC0\xAF",
        b"\xC2",
        b"\xE2\x82",
        b"\xE0\x80\x80",
        b"\xED\xA0\x80",
        b"\xF0\x9F",
        b"\xF0\x9F\x98",
        b"\xF4\x90\x80\x80",
        b"\xF5",
        b"\xFF",
    ];
    let mut rng = Rng::new(0xBAD);
    for piece in bad {
        for _ in 0..6 {
            let mut core = random_text(&mut rng, 12).into_bytes();
            let at = rng.below(core.len() + 1);
            core.splice(at..at, piece.iter().copied());
            at_every_alignment(&core);
        }
    }
}

#[wasm_bindgen_test]
fn random_bytes() {
    let mut rng = Rng::new(31337);
    for _ in 0..2000 {
        let len = rng.below(80);
        let bytes: Vec<u8> = (0..len)
            .map(|_| match rng.below(3) {
                0 => rng.below(0x80) as u8,
                1 => 0x80 + rng.below(0x40) as u8,
                _ => rng.byte(),
            })
            .collect();
        agrees(&bytes);
    }
}

#[wasm_bindgen_test]
fn runs_of_four_byte_characters_at_every_alignment() {
    // Every lead F0..F4 and the ends of their ranges, in runs long enough for whole 16-byte blocks.
    let chars = [
        '\u{10000}',
        '\u{1F600}',
        '\u{3FFFF}',
        '\u{40000}',
        '\u{FFFFF}',
        '\u{100000}',
        '\u{10FFFF}',
    ];
    for (k, &first) in chars.iter().enumerate() {
        let mut text = String::new();
        for i in 0..24 {
            text.push(chars[(k + i * 3) % chars.len()]);
            if i == 13 {
                text.push(first);
            }
        }
        at_every_alignment(text.as_bytes());
        // Then a break in the run: ASCII, a three-byte character, a malformed byte.
        for interruption in [&b"x"[..], "中".as_bytes(), b"\xF0\x9F"] {
            let mut bytes = text.clone().into_bytes();
            bytes.splice(37..37, interruption.iter().copied());
            at_every_alignment(&bytes);
        }
    }
}
