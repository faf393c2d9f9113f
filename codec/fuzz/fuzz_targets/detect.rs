//! Charset detection (`utf8lens::detect`) on arbitrary bytes:
//!
//! - no panic, and bounded time (libFuzzer's -timeout; the work is linear in the bytes examined);
//! - the candidates are never empty, sorted by confidence (best first) and well formed: a charset
//!   name that is lowercase and one of `CHARSETS`, a confidence in 0..=1 whose sum over the
//!   candidates is at most 1 (with a little rounding), a two-letter language or none, and
//!   non-empty reasons;
//! - `decode` decodes with every candidate that has a table in the crate;
//! - the same bytes fed to a `Detector` in random chunks give exactly the one-shot detection, and
//!   so does a limit: a detector with limit `n` gives what the first `n + 1` bytes give.
//!
//! Input: byte 0 seeds the chunk sizes, byte 1 the limit; the rest is the bytes detected.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utf8lens::detect::{decode, detect, Detection, Detector, CHARSETS};

fn check(detection: &Detection, bytes: &[u8]) {
    let candidates = detection.candidates();
    assert!(!candidates.is_empty());
    assert!(
        candidates
            .windows(2)
            .all(|w| w[0].confidence() >= w[1].confidence()),
        "sorted: {candidates:?}"
    );
    let sum: f64 = candidates.iter().map(|c| c.confidence()).sum();
    assert!(sum <= 1.0 + 1e-9, "confidences add up to {sum}");
    for c in candidates {
        let name = c.charset();
        assert!(CHARSETS.contains(&name), "{name} is not in CHARSETS");
        assert_eq!(name, name.to_lowercase());
        assert!((0.0..=1.0).contains(&c.confidence()), "{c}");
        assert!(
            c.language()
                .is_none_or(|l| l.len() == 2 && l.bytes().all(|b| b.is_ascii_lowercase())),
            "{c}"
        );
        assert!(!c.reasons().is_empty() && c.reasons().iter().all(|r| !r.is_empty()), "{c}");
        let _ = c.to_string();
        if let Some(text) = decode(bytes, name) {
            // Lossy decoding: at most one character per byte, and never more than the bytes' worth.
            assert!(text.chars().count() <= bytes.len(), "{name}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (seed, limit, bytes) = match data {
        [a, b, rest @ ..] => (*a, *b, rest),
        _ => (0, 0, data),
    };
    let whole = detect(bytes);
    check(&whole, bytes);
    assert_eq!(whole.examined(), bytes.len());

    // Random chunks: sizes from a small generator seeded by byte 0.
    let mut state = u32::from(seed) | 1;
    let mut detector = Detector::new();
    let mut at = 0;
    while at < bytes.len() {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let size = (state % 64) as usize;
        let end = (at + size).min(bytes.len());
        detector.feed(&bytes[at..end]);
        at = end;
    }
    assert_eq!(detector.finish().candidates(), whole.candidates(), "chunked");

    // A limit: what the first `limit + 1` bytes give (the extra byte says the input goes on).
    let limit = usize::from(limit) + 1;
    let mut limited = Detector::with_limit(limit);
    limited.feed(bytes);
    let limited = limited.finish();
    check(&limited, &bytes[..limit.min(bytes.len())]);
    let mut head = Detector::with_limit(limit);
    head.feed(&bytes[..(limit + 1).min(bytes.len())]);
    assert_eq!(head.finish().candidates(), limited.candidates(), "limit");
});
