//! Property tests with std (and the stream model) as the oracle, on inputs biased towards the
//! bytes and characters where UTF-8 decoders go wrong.
//!
//! Each property prints `property <name>: <cases>/<cases> cases (seed <n>)`. The seed changes per
//! run; a failure names it, and `UTF8LENS_PROPTEST_SEED=<n>` reproduces the run.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use utf8lens::{ByteRole, Replacement, StreamDecoder};
use utf8lens_tests::hex;
use utf8lens_tests::oracle::{self, check_against_std, StdSegment, BOM};
use utf8lens_tests::stream_model::{Call, ModelDecoder};

const CASES: u32 = 2048;

/// Bytes at the edges of every byte class.
static INTERESTING_BYTES: [u8; 16] = [
    0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
];

/// Characters at the edges of every encoded length, around the surrogate gap, and the two
/// characters that decoders treat specially (BOM, U+FFFD).
static EDGE_CHARS: [char; 15] = [
    '\0',
    '\u{7F}',
    '\u{80}',
    '\u{7FF}',
    '\u{800}',
    '\u{D7FF}',
    '\u{E000}',
    '\u{FEFF}',
    '\u{FFFD}',
    '\u{FFFF}',
    '\u{10000}',
    '\u{10FFFF}',
    'é',
    '€',
    '😀',
];

/// Input bytes that print as hex when a property fails.
#[derive(Clone)]
struct Bytes(Vec<u8>);

impl fmt::Debug for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}]", hex::format(&self.0))
    }
}

fn utf8(ch: char) -> Vec<u8> {
    ch.to_string().into_bytes()
}

/// One piece of an input: an interesting or arbitrary byte, a whole character, a character cut
/// short, a BOM, or an ASCII run.
fn piece() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => prop::sample::select(&INTERESTING_BYTES[..]).prop_map(|b| vec![b]),
        1 => any::<u8>().prop_map(|b| vec![b]),
        2 => any::<char>().prop_map(utf8),
        2 => prop::sample::select(&EDGE_CHARS[..]).prop_map(utf8),
        2 => (any::<char>(), any::<prop::sample::Index>()).prop_map(|(ch, cut)| {
            let mut bytes = utf8(ch);
            bytes.truncate(cut.index(bytes.len()));
            bytes
        }),
        1 => Just(BOM.to_vec()),
        1 => prop::collection::vec(0x20u8..0x7F, 1..8),
    ]
}

/// Well-formed pieces only, so that a quarter of the inputs are valid UTF-8 (the fatal stream
/// decoder and char_start need those too).
fn valid_piece() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        2 => any::<char>().prop_map(utf8),
        2 => prop::sample::select(&EDGE_CHARS[..]).prop_map(utf8),
        1 => Just(BOM.to_vec()),
        1 => prop::collection::vec(0x20u8..0x7F, 1..8),
    ]
}

fn input() -> impl Strategy<Value = Bytes> {
    prop_oneof![
        3 => prop::collection::vec(piece(), 0..24),
        1 => prop::collection::vec(valid_piece(), 0..16),
    ]
    .prop_map(|pieces| Bytes(pieces.concat()))
}

fn seed() -> u64 {
    match std::env::var("UTF8LENS_PROPTEST_SEED") {
        Ok(s) => s
            .trim()
            .parse()
            .expect("UTF8LENS_PROPTEST_SEED must be a u64"),
        Err(_) => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64),
    }
}

/// Runs one property for CASES cases and prints its summary line.
fn property<S>(name: &str, strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>)
where
    S: Strategy,
    S::Value: fmt::Debug,
{
    let seed = seed();
    let mut seed_bytes = [0u8; 32];
    seed_bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let config = Config {
        cases: CASES,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new_with_rng(
        config,
        TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes),
    );
    let passed = AtomicUsize::new(0);
    let result = runner.run(&strategy, |value| {
        test(value)?;
        passed.fetch_add(1, Ordering::Relaxed);
        Ok(())
    });
    match result {
        Ok(()) => eprintln!(
            "property {name}: {}/{CASES} cases (seed {seed})",
            passed.into_inner()
        ),
        Err(e) => panic!("property {name} failed; rerun with UTF8LENS_PROPTEST_SEED={seed}\n{e}"),
    }
}

fn fail(message: String) -> TestCaseError {
    TestCaseError::fail(message)
}

#[test]
fn one_shot_views_agree_with_std() {
    property(
        "check_against_std (validate, from_utf8, segments, errors, kinds, lossy)",
        input(),
        |Bytes(b)| check_against_std(&b).map_err(fail),
    );
}

#[test]
fn decode_lossy_equals_from_utf8_lossy() {
    property(
        "decode_lossy == String::from_utf8_lossy",
        input(),
        |Bytes(b)| {
            prop_assert_eq!(utf8lens::decode_lossy(&b), String::from_utf8_lossy(&b));
            prop_assert_eq!(
                utf8lens::decode_with(&b, Replacement::Fffd),
                String::from_utf8_lossy(&b)
            );
            Ok(())
        },
    );
}

#[test]
fn malformed_ranges_are_utf8_chunks_invalid_parts() {
    property(
        "errors() ranges == Utf8Chunks invalid() parts",
        input(),
        |Bytes(b)| {
            let ours: Vec<_> = utf8lens::errors(&b)
                .map(|m| m.offset()..m.offset() + m.len())
                .collect();
            let std: Vec<_> = oracle::std_segments(&b)
                .into_iter()
                .filter(|s| matches!(s, StdSegment::Invalid { .. }))
                .map(|s| s.range())
                .collect();
            prop_assert_eq!(ours, std);
            Ok(())
        },
    );
}

#[test]
fn validate_agrees_with_std_from_utf8() {
    property("validate == std::str::from_utf8", input(), |Bytes(b)| {
        let std = std::str::from_utf8(&b)
            .map(|_| ())
            .map_err(|e| (e.valid_up_to(), e.error_len()));
        let ours = utf8lens::validate(&b).map_err(|e| (e.valid_up_to(), e.error_len()));
        prop_assert_eq!(ours, std);
        Ok(())
    });
}

#[test]
fn malformed_display_names_its_bytes() {
    property(
        "Malformed Display names every byte of its maximal subpart",
        input(),
        |Bytes(b)| {
            for m in utf8lens::errors(&b) {
                let text = m.to_string().to_ascii_uppercase();
                for byte in &b[m.offset()..m.offset() + m.len()] {
                    let byte = format!("{byte:02X}");
                    prop_assert!(
                        text.contains(&byte),
                        "{:?} does not mention {}",
                        m.to_string(),
                        byte
                    );
                }
            }
            Ok(())
        },
    );
}

/// Random chunk boundaries (repeats give empty chunks) and whether the last chunk doubles as the
/// flush or a separate empty flush follows.
fn chunked_input() -> impl Strategy<Value = (Bytes, Vec<usize>, bool, bool, bool)> {
    (
        input(),
        prop::collection::vec(any::<prop::sample::Index>(), 0..8),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(bytes, cuts, fatal, ignore_bom, separate_flush)| {
            let mut cuts: Vec<usize> = cuts.iter().map(|c| c.index(bytes.0.len() + 1)).collect();
            cuts.sort_unstable();
            (bytes, cuts, fatal, ignore_bom, separate_flush)
        })
}

fn chunks<'a>(bytes: &'a [u8], cuts: &[usize]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    let mut start = 0;
    for &cut in cuts {
        out.push(&bytes[start..cut]);
        start = cut;
    }
    out.push(&bytes[start..]);
    out
}

#[test]
fn stream_decoder_matches_the_model_and_one_shot_decoding() {
    // How much of the interesting ground the random cases covered, for the summary.
    let calls_made = AtomicUsize::new(0);
    let fatal_errors = AtomicUsize::new(0);
    let invalid_inputs = AtomicUsize::new(0);
    let bom_inputs = AtomicUsize::new(0);
    property(
        "StreamDecoder over random splits == model per call == one-shot",
        chunked_input(),
        |(Bytes(b), cuts, fatal, ignore_bom, separate_flush)| {
            let mut calls: Vec<(&[u8], bool)> =
                chunks(&b, &cuts).into_iter().map(|c| (c, true)).collect();
            if separate_flush {
                calls.push((&[], false));
            } else if let Some(last) = calls.last_mut() {
                last.1 = false;
            }
            let mut decoder = StreamDecoder::new(fatal, ignore_bom);
            let mut model = ModelDecoder::new(fatal, ignore_bom);
            let mut text = String::new();
            let mut any_error = false;
            calls_made.fetch_add(calls.len(), Ordering::Relaxed);
            invalid_inputs.fetch_add(
                usize::from(std::str::from_utf8(&b).is_err()),
                Ordering::Relaxed,
            );
            bom_inputs.fetch_add(usize::from(b.starts_with(&BOM)), Ordering::Relaxed);
            for (i, &(chunk, stream)) in calls.iter().enumerate() {
                let got = decoder.decode(chunk, stream);
                fatal_errors.fetch_add(usize::from(got.is_err()), Ordering::Relaxed);
                let want = model.decode(chunk, stream);
                let same = match (&got, &want) {
                    (Ok(s), Call::Text(t)) => s == t,
                    (Err(e), Call::Error { offset, kind }) => {
                        e.offset() == *offset && e.kind() == *kind
                    }
                    _ => false,
                };
                prop_assert!(
                    same,
                    "fatal={} ignore_bom={} call {} ([{}], stream={}): expected {:?}, got {:?}",
                    fatal,
                    ignore_bom,
                    i,
                    hex::format(chunk),
                    stream,
                    want,
                    got.as_ref().map_err(|e| (e.offset(), e.kind()))
                );
                match got {
                    Ok(s) => text.push_str(&s),
                    Err(_) => any_error = true,
                }
            }
            // The one-shot view: the same text as decoding the whole input at once.
            let body = if !ignore_bom && b.starts_with(&BOM) {
                &b[3..]
            } else {
                &b[..]
            };
            match (fatal, std::str::from_utf8(body)) {
                (false, _) => prop_assert_eq!(text, String::from_utf8_lossy(body)),
                (true, Ok(s)) => {
                    prop_assert!(!any_error);
                    prop_assert_eq!(text, s);
                }
                (true, Err(_)) => prop_assert!(any_error, "fatal decoder accepted invalid input"),
            }
            Ok(())
        },
    );
    eprintln!(
        "  stream coverage: {} decode calls, {} fatal errors, {} invalid inputs, {} starting with a BOM",
        calls_made.into_inner(),
        fatal_errors.into_inner(),
        invalid_inputs.into_inner(),
        bom_inputs.into_inner()
    );
}

#[test]
fn decode_with_policies_apply_to_the_invalid_parts() {
    let windows_1252 = utf8lens_tests::data::whatwg_single_byte_index("windows-1252");
    property(
        "decode_with(Drop | Latin1 | Windows1252) == Utf8Chunks with the policy",
        input(),
        |Bytes(b)| {
            let dropped = oracle::decode_with_policy(&b, |_, _| {});
            prop_assert_eq!(utf8lens::decode_with(&b, Replacement::Drop), dropped);
            let latin1 = oracle::decode_with_policy(&b, |invalid, out| {
                out.extend(invalid.iter().map(|&x| char::from(x)))
            });
            prop_assert_eq!(utf8lens::decode_with(&b, Replacement::Latin1), latin1);
            if let Some(table) = &windows_1252 {
                // Invalid parts never hold ASCII, so every byte has a pointer (byte - 0x80).
                let mut unmapped = None;
                let expected = oracle::decode_with_policy(&b, |invalid, out| {
                    for &x in invalid {
                        match table[usize::from(x - 0x80)] {
                            Some(ch) => out.push(ch),
                            None => unmapped = Some(x),
                        }
                    }
                });
                prop_assert!(
                    unmapped.is_none(),
                    "windows-1252 index has no entry for {:02X?}",
                    unmapped
                );
                prop_assert_eq!(
                    utf8lens::decode_with(&b, Replacement::Windows1252),
                    expected
                );
            }
            Ok(())
        },
    );
}

#[test]
fn utf8b_decodes_like_surrogateescape_and_round_trips() {
    property(
        "decode_utf8b == surrogateescape; encode_utf8b(decode_utf8b(b)) == b",
        input(),
        |Bytes(b)| {
            let units = utf8lens::decode_utf8b(&b);
            prop_assert_eq!(&units, &oracle::expected_utf8b(&b));
            prop_assert_eq!(utf8lens::encode_utf8b(&units), b);
            Ok(())
        },
    );
}

#[test]
fn char_start_finds_the_start_of_the_enclosing_segment() {
    property(
        "char_start == start of the std segment holding the offset",
        input(),
        |Bytes(b)| {
            let mut expected = vec![None; b.len() + 3];
            for segment in oracle::std_segments(&b) {
                let range = segment.range();
                for offset in range.clone() {
                    expected[offset] = Some(range.start);
                }
            }
            for (offset, want) in expected.iter().enumerate() {
                let got = utf8lens::char_start(&b, offset);
                prop_assert_eq!(got, *want, "offset {}", offset);
                if let Some(start) = got {
                    prop_assert!(start <= offset);
                    prop_assert_eq!(
                        utf8lens::char_start(&b, start),
                        Some(start),
                        "not idempotent at {}",
                        offset
                    );
                }
            }
            prop_assert_eq!(utf8lens::char_start(&b, usize::MAX), None);
            Ok(())
        },
    );
}

#[test]
fn byte_roles_follow_the_std_segments() {
    property("byte_roles from std segments", input(), |Bytes(b)| {
        let mut expected = Vec::with_capacity(b.len());
        for segment in oracle::std_segments(&b) {
            match segment {
                StdSegment::Char { len: 1, .. } => expected.push(ByteRole::Ascii),
                StdSegment::Char { len, .. } => {
                    expected.push(ByteRole::Lead);
                    expected.extend(std::iter::repeat_n(ByteRole::Continuation, len - 1));
                }
                StdSegment::Invalid { len, .. } => {
                    expected.extend(std::iter::repeat_n(ByteRole::Invalid, len))
                }
            }
        }
        prop_assert_eq!(utf8lens::byte_roles(&b), expected);
        Ok(())
    });
}

#[test]
fn utf16_conversions_agree_with_std() {
    let units = prop::collection::vec(
        prop_oneof![
            3 => any::<u16>(),
            2 => prop::sample::select(&[0x41u16, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF][..]),
        ],
        0..16,
    );
    property(
        "utf16_to_utf8 / _strict / utf16_to_utf8_into / utf8_to_utf16 vs std",
        (units, 0usize..48, input()),
        |(units, dest_len, Bytes(b))| {
            let lossy = String::from_utf16_lossy(&units);
            prop_assert_eq!(&utf8lens::utf16_to_utf8(&units), &lossy);
            match (
                utf8lens::utf16_to_utf8_strict(&units),
                String::from_utf16(&units),
            ) {
                (Ok(ours), Ok(std)) => prop_assert_eq!(ours, std),
                (Err(e), Err(_)) => {
                    // The first unit that std's decoder rejects.
                    let first = char::decode_utf16(units.iter().copied())
                        .scan(0usize, |index, r| {
                            let here = *index;
                            *index += r.as_ref().map_or(1, |c| c.len_utf16());
                            Some((here, r))
                        })
                        .find_map(|(i, r)| r.err().map(|e| (i, e.unpaired_surrogate())))
                        .expect("std rejected the input");
                    prop_assert_eq!((e.index(), e.unit()), first);
                }
                (ours, std) => prop_assert!(
                    false,
                    "strict {:?} vs std {:?}",
                    ours.map_err(|e| e.index()),
                    std.map_err(|_| ())
                ),
            }
            // encodeInto: whole characters only, as many as fit; read counts UTF-16 units.
            let mut dest = vec![0xAAu8; dest_len];
            let (read, written) = utf8lens::utf16_to_utf8_into(&units, &mut dest);
            let (mut want_read, mut want_written) = (0, 0);
            for decoded in char::decode_utf16(units.iter().copied()) {
                // A lone surrogate is one unit read and U+FFFD written.
                let (ch, units_of) = match decoded {
                    Ok(ch) => (ch, ch.len_utf16()),
                    Err(_) => (char::REPLACEMENT_CHARACTER, 1),
                };
                if want_written + ch.len_utf8() > dest_len {
                    break;
                }
                want_read += units_of;
                want_written += ch.len_utf8();
            }
            prop_assert_eq!((read, written), (want_read, want_written));
            prop_assert_eq!(&dest[..written], &lossy.as_bytes()[..written]);
            prop_assert!(
                dest[written..].iter().all(|&x| x == 0xAA),
                "wrote past the reported length"
            );

            let std16: Vec<u16> = String::from_utf8_lossy(&b).encode_utf16().collect();
            prop_assert_eq!(utf8lens::utf8_to_utf16(&b), std16);
            Ok(())
        },
    );
}

#[test]
fn ascii_prefixes_shift_everything_and_change_nothing_else() {
    let prefixed = (input(), 0usize..32, 0x20u8..0x7F);
    property(
        "0..32 ASCII bytes prepended (SIMD alignment)",
        prefixed,
        |(Bytes(b), k, filler)| {
            let mut long = vec![filler; k];
            long.extend_from_slice(&b);
            check_against_std(&long).map_err(fail)?;
            let shifted: Vec<_> = utf8lens::errors(&b)
                .map(|m| (m.offset() + k, m.len(), m.kind(), m.intended()))
                .collect();
            let ours: Vec<_> = utf8lens::errors(&long)
                .map(|m| (m.offset(), m.len(), m.kind(), m.intended()))
                .collect();
            prop_assert_eq!(ours, shifted);
            Ok(())
        },
    );
}

const PREFIX_MAX: usize = 80;

/// Deterministic companion of the property above: every 1- to 3-byte string over the interesting
/// bytes and every cut of the edge characters, after each of 0..=80 ASCII bytes, alone and
/// padded with ASCII after it.
#[test]
fn interesting_byte_strings_after_every_ascii_prefix_length() {
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for &a in &INTERESTING_BYTES {
        inputs.push(vec![a]);
        for &b in &INTERESTING_BYTES {
            inputs.push(vec![a, b]);
            for &c in &INTERESTING_BYTES {
                inputs.push(vec![a, b, c]);
            }
        }
    }
    for ch in EDGE_CHARS {
        let bytes = utf8(ch);
        for cut in 1..=bytes.len() {
            inputs.push(bytes[..cut].to_vec());
        }
    }
    let mut checked = 0;
    for input in &inputs {
        // 0..32 covers 16- and 32-byte vectors; up to 80 also puts the bytes across the 64-byte
        // blocks that the native fast path (simdutf8) validates at a time, and the suffix makes
        // the input long enough for that path to run at all.
        for k in 0..=PREFIX_MAX {
            for suffix in [0, PREFIX_MAX + 16 - k] {
                let mut long = vec![b'a'; k];
                long.extend_from_slice(input);
                long.extend(std::iter::repeat_n(b'z', suffix));
                if let Err(message) = check_against_std(&long) {
                    panic!("{message}");
                }
                checked += 1;
            }
        }
    }
    utf8lens_tests::summary(
        "interesting byte strings x 0..=80 ASCII prefix (and suffix)",
        checked,
        inputs.len() * (PREFIX_MAX + 1) * 2,
    );
}
