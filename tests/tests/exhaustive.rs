//! Exhaustive agreement with std: every scalar value, every input of one to three bytes, every
//! four-byte input with a lead F0..=F4 (optimised builds; see build.rs), and a broad seeded
//! random sample of the rest.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;
use utf8lens::{ByteClass, EncodeError, NeverValid};
use utf8lens_testkit::Rng;
use utf8lens_tests::oracle::check_against_std;

/// Runs `check` on every index in `0..total`, split over the available cores; returns how many
/// inputs were checked, or the first failure message.
fn sweep(total: u64, check: impl Fn(u64) -> Result<(), String> + Sync) -> Result<u64, String> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let per_thread = total.div_ceil(threads);
    let failed = AtomicBool::new(false);
    let checked = AtomicU64::new(0);
    let first_failure = std::sync::Mutex::new(None);
    std::thread::scope(|scope| {
        for t in 0..threads {
            let (failed, checked, first_failure, check) =
                (&failed, &checked, &first_failure, &check);
            scope.spawn(move || {
                let range = (t * per_thread)..((t + 1) * per_thread).min(total);
                let mut done = 0;
                for i in range {
                    // Checked every 4096 inputs so a failure elsewhere stops this thread soon.
                    if i % 4096 == 0 && failed.load(Ordering::Relaxed) {
                        break;
                    }
                    if let Err(message) = check(i) {
                        failed.store(true, Ordering::Relaxed);
                        first_failure.lock().unwrap().get_or_insert(message);
                        break;
                    }
                    done += 1;
                }
                checked.fetch_add(done, Ordering::Relaxed);
            });
        }
    });
    match first_failure.into_inner().unwrap() {
        Some(message) => Err(message),
        None => Ok(checked.into_inner()),
    }
}

fn optimized() -> bool {
    cfg!(utf8lens_tests_optimized)
}

fn expect_ok(suite: &str, result: Result<u64, String>, expected: u64, started: Instant) {
    match result {
        Ok(n) => {
            assert_eq!(
                n, expected,
                "{suite}: checked {n} inputs, expected {expected}"
            );
            eprintln!("{suite}: {n}/{expected} ({:.1?})", started.elapsed());
        }
        Err(message) => panic!("{suite}: {message}"),
    }
}

/// api.md specifies `explain_sequence(..) -> Result<BitFill, Utf8Error>`; the codec currently
/// returns `Option<BitFill>`. Either way "found a BitFill" is what is checked here.
trait FoundBitFill {
    fn found(self) -> Option<utf8lens::BitFill>;
}

impl FoundBitFill for Option<utf8lens::BitFill> {
    fn found(self) -> Option<utf8lens::BitFill> {
        self
    }
}

impl<E> FoundBitFill for Result<utf8lens::BitFill, E> {
    fn found(self) -> Option<utf8lens::BitFill> {
        self.ok()
    }
}

/// Checks one scalar value's encoding, bit-fill explanation and decoding.
fn check_scalar_value(ch: char) -> Result<(), String> {
    let cp = u32::from(ch);
    let mut buf = [0; 4];
    let want = ch.encode_utf8(&mut buf).as_bytes();
    let fail = |what: &str, got: String| {
        Err(format!(
            "U+{cp:04X} (std bytes [{}]): {what}: got {got}",
            utf8lens_tests::hex::format(want)
        ))
    };

    let encoded = match utf8lens::encode_code_point(cp) {
        Ok(e) => e,
        Err(e) => return fail("encode_code_point", format!("Err({e:?})")),
    };
    if encoded.as_bytes() != want || encoded.len() != want.len() {
        return fail(
            "encode_code_point",
            format!("{:02X?} len {}", encoded.as_bytes(), encoded.len()),
        );
    }

    let fill = match utf8lens::explain(cp) {
        Ok(f) => f,
        Err(e) => return fail("explain", format!("Err({e:?})")),
    };
    let payload_bits = [7, 11, 16, 21][want.len() - 1];
    if fill.bytes() != want || fill.code_point() != cp || fill.payload_bits() != payload_bits {
        return fail(
            "explain bytes / code_point / payload_bits",
            format!(
                "{:02X?} / {:X} / {}",
                fill.bytes(),
                fill.code_point(),
                fill.payload_bits()
            ),
        );
    }
    let row = fill.row();
    if row.octets != want.len() || !(row.first..=row.last).contains(&cp) {
        return fail(
            "explain row",
            format!("{:X}..={:X} octets {}", row.first, row.last, row.octets),
        );
    }
    if fill.octets().len() != want.len() {
        return fail("explain octets count", fill.octets().len().to_string());
    }
    // Every payload bit of the code point lands in exactly one octet bit, and marker bits are
    // exactly the template's leading 0/1 digits.
    let mut payload_seen = 0u32;
    for (i, octet) in fill.octets().iter().enumerate() {
        let template = octet.template().as_bytes();
        if octet.value() != want[i] || template.len() != 8 {
            return fail(
                "octet value / template",
                format!("{:02X} / {:?}", octet.value(), octet.template()),
            );
        }
        let fixed = template.iter().take_while(|&&t| t != b'x').count();
        if octet.marker_len() != fixed {
            return fail(
                "octet marker_len",
                format!("{} for template {:?}", octet.marker_len(), octet.template()),
            );
        }
        for (j, source) in octet.bit_sources().iter().enumerate() {
            let bit = (octet.value() >> (7 - j)) & 1;
            let ok = match *source {
                Some(k) => {
                    let fresh = k < 21 && payload_seen & (1 << k) == 0;
                    payload_seen |= 1 << k.min(31);
                    fresh && template[j] == b'x' && u32::from(bit) == (cp >> k) & 1
                }
                None => template[j] == b'0' + bit,
            };
            if !ok {
                return fail(
                    &format!("octet {i} bit {j} (template {:?})", octet.template()),
                    format!("source {source:?}, bit value {bit}"),
                );
            }
        }
    }
    if payload_seen != (1u32 << payload_bits) - 1 {
        return fail("payload bits covered", format!("{payload_seen:b}"));
    }

    match utf8lens::explain_sequence(want).found() {
        Some(f) if f.code_point() == cp && f.bytes() == want => {}
        other => {
            return fail(
                "explain_sequence",
                format!("{:?}", other.map(|f| f.code_point())),
            )
        }
    }
    match utf8lens::from_utf8(want) {
        Ok(s) if s.chars().eq([ch]) => {}
        other => return fail("from_utf8", format!("{other:?}")),
    }
    Ok(())
}

#[test]
fn every_scalar_value_encodes_and_decodes_like_std() {
    let started = Instant::now();
    let result = sweep(0x11_0000, |cp| match char::from_u32(cp as u32) {
        Some(ch) => check_scalar_value(ch),
        None => Ok(()), // surrogates: see the next test
    });
    // 0x110000 code points, 2048 of them surrogates.
    expect_ok(
        "exhaustive scalar values (encode, explain, decode)",
        result,
        0x11_0000,
        started,
    );
}

#[test]
fn surrogates_and_values_beyond_u10ffff_are_encode_errors() {
    let started = Instant::now();
    let surrogate = |cp: u32| -> Result<(), String> {
        match (utf8lens::encode_code_point(cp), utf8lens::explain(cp)) {
            (Err(EncodeError::Surrogate(a)), Err(EncodeError::Surrogate(b)))
                if a == cp && b == cp =>
            {
                Ok(())
            }
            (e, x) => Err(format!(
                "U+{cp:04X}: expected Surrogate errors, got {:?} / {:?}",
                e.map(|_| ()),
                x.map(|_| ())
            )),
        }
    };
    let too_large = |cp: u32| -> Result<(), String> {
        match (utf8lens::encode_code_point(cp), utf8lens::explain(cp)) {
            (Err(EncodeError::TooLarge(a)), Err(EncodeError::TooLarge(b)))
                if a == cp && b == cp =>
            {
                Ok(())
            }
            (e, x) => Err(format!(
                "{cp:#X}: expected TooLarge errors, got {:?} / {:?}",
                e.map(|_| ()),
                x.map(|_| ())
            )),
        }
    };
    let mut surrogates = 0;
    for cp in 0xD800..=0xDFFF {
        surrogate(cp).unwrap();
        surrogates += 1;
    }
    // Beyond U+10FFFF: the next plane, every power-of-two boundary, and a seeded sample.
    let mut beyond: Vec<u32> = (0x11_0000..=0x11_FFFF).collect();
    for shift in 21..32 {
        beyond.extend([(1u32 << shift) - 1, 1 << shift, (1 << shift) + 1]);
    }
    beyond.extend([
        0x1F_FFFF,
        0x20_0000,
        0x3FF_FFFF,
        0x400_0000,
        0x7FFF_FFFF,
        0x8000_0000,
        u32::MAX,
    ]);
    let mut rng = Rng::new(0x5EED_0001);
    beyond
        .extend((0..100_000).map(|_| 0x11_0000 + (rng.next_u64() as u32) % (u32::MAX - 0x11_0000)));
    for &cp in &beyond {
        too_large(cp).unwrap();
    }
    eprintln!(
        "encode errors: {surrogates}/2048 surrogates, {}/{} values above U+10FFFF ({:.1?})",
        beyond.len(),
        beyond.len(),
        started.elapsed()
    );
}

/// What std's encodings of all scalar values show about one byte value used as a first byte.
#[derive(Debug, Clone, Copy)]
struct FirstByteFacts {
    /// The smallest and largest code point whose encoding starts with it.
    code_points: (u32, u32),
    /// The length of those encodings.
    len: usize,
    /// The smallest and largest second byte after it.
    second_bytes: (u8, u8),
}

/// The byte classes are facts about the set of encodings, so derive them from std's encodings of
/// every scalar value and compare.
#[test]
fn byte_classes_agree_with_the_encodings_of_all_scalar_values() {
    let mut first: [Option<FirstByteFacts>; 256] = [None; 256];
    let mut as_continuation = [false; 256];
    for ch in (0..=0x10FFFF).filter_map(char::from_u32) {
        let mut buf = [0; 4];
        let bytes = ch.encode_utf8(&mut buf).as_bytes();
        let cp = u32::from(ch);
        let facts = first[usize::from(bytes[0])].get_or_insert(FirstByteFacts {
            code_points: (cp, cp),
            len: bytes.len(),
            second_bytes: (0xFF, 0x00),
        });
        facts.code_points = (facts.code_points.0.min(cp), facts.code_points.1.max(cp));
        if let Some(&second) = bytes.get(1) {
            facts.second_bytes = (
                facts.second_bytes.0.min(second),
                facts.second_bytes.1.max(second),
            );
        }
        for &b in &bytes[1..] {
            as_continuation[usize::from(b)] = true;
        }
    }
    for byte in 0..=255u8 {
        let class = utf8lens::classify(byte);
        match (first[usize::from(byte)], class) {
            (
                Some(FirstByteFacts {
                    code_points: (lo, hi),
                    len: 1,
                    ..
                }),
                ByteClass::Ascii,
            ) => {
                assert_eq!((lo, hi), (u32::from(byte), u32::from(byte)))
            }
            (
                Some(FirstByteFacts {
                    code_points: (lo, hi),
                    len,
                    second_bytes: (s_lo, s_hi),
                }),
                ByteClass::Lead(lead),
            ) => {
                assert_eq!(lead.byte(), byte);
                assert_eq!(lead.sequence_len(), len, "{byte:02X} sequence_len");
                assert_eq!(lead.first_code_point(), lo, "{byte:02X} first_code_point");
                assert_eq!(lead.last_code_point(), hi, "{byte:02X} last_code_point");
                assert_eq!(
                    lead.second_byte_range(),
                    s_lo..=s_hi,
                    "{byte:02X} second_byte_range"
                );
                assert!(!lead.block().is_empty(), "{byte:02X} block");
            }
            (None, ByteClass::Continuation) => {
                assert!(as_continuation[usize::from(byte)], "{byte:02X}")
            }
            (None, ByteClass::NeverValid(reason)) => {
                assert!(
                    !as_continuation[usize::from(byte)],
                    "{byte:02X} does occur as a continuation byte"
                );
                let expected = match byte {
                    0xC0 | 0xC1 => NeverValid::OverlongOnly,
                    0xF5..=0xF7 => NeverValid::BeyondUnicode,
                    0xF8..=0xFD => NeverValid::Rfc2279Only,
                    _ => NeverValid::NeverInUtf8,
                };
                assert_eq!(reason, expected, "{byte:02X}");
                assert!(!reason.reason().is_empty());
            }
            (facts, class) => {
                panic!("byte {byte:02X}: std's encodings say {facts:?}, classify says {class:?}")
            }
        }
    }
    eprintln!("byte classes: 256/256");
}

#[test]
fn every_input_of_one_two_and_three_bytes_agrees_with_std() {
    let started = Instant::now();
    let one = sweep(1 << 8, |i| check_against_std(&[i as u8]));
    expect_ok("exhaustive 1-byte inputs", one, 1 << 8, started);
    let started = Instant::now();
    let two = sweep(1 << 16, |i| check_against_std(&(i as u16).to_be_bytes()));
    expect_ok("exhaustive 2-byte inputs", two, 1 << 16, started);
    let started = Instant::now();
    let three = sweep(1 << 24, |i| {
        check_against_std(&(i as u32).to_be_bytes()[1..])
    });
    expect_ok("exhaustive 3-byte inputs", three, 1 << 24, started);
}

/// Values standing for every way a byte can behave after a lead F0..=F4: ASCII edges, each
/// continuation sub-range that some lead treats differently (80..8F, 90..9F, A0..BF), and
/// every kind of non-continuation byte.
const REPRESENTATIVES: [u8; 20] = [
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF,
    0xF0, 0xF4, 0xF5, 0xFF,
];

#[test]
fn four_byte_inputs_with_leads_f0_to_f4_agree_with_std() {
    let started = Instant::now();
    if optimized() {
        // All 5 * 2^24 inputs.
        let total = 5u64 << 24;
        let result = sweep(total, |i| {
            let lead = 0xF0 + (i >> 24) as u8;
            let [_, b1, b2, b3] = (i as u32).to_be_bytes();
            check_against_std(&[lead, b1, b2, b3])
        });
        expect_ok(
            "exhaustive 4-byte inputs F0..=F4 xx xx xx",
            result,
            total,
            started,
        );
    } else {
        // Unoptimised: each position in turn takes all 256 values while the other two range
        // over REPRESENTATIVES (3 * 5 * 256 * 20 * 20 inputs, some repeated).
        eprintln!("NOTE: unoptimised build, so the F0..=F4 sweep is class-complete rather than full; set [profile.test.package.utf8lens-tests] opt-level = 3 for all 83,886,080");
        let r = REPRESENTATIVES.len() as u64;
        let per_position = 5 * 256 * r * r;
        let total = 3 * per_position;
        let result = sweep(total, |i| {
            let (position, rest) = (i / per_position, i % per_position);
            let lead = 0xF0 + (rest / (256 * r * r)) as u8;
            let full = (rest / (r * r) % 256) as u8;
            let a = REPRESENTATIVES[(rest / r % r) as usize];
            let b = REPRESENTATIVES[(rest % r) as usize];
            let input = match position {
                0 => [lead, full, a, b],
                1 => [lead, a, full, b],
                _ => [lead, a, b, full],
            };
            check_against_std(&input)
        });
        expect_ok(
            "class-complete 4-byte inputs F0..=F4",
            result,
            total,
            started,
        );
    }
}

#[test]
fn random_sample_of_other_four_to_eight_byte_inputs_agrees_with_std() {
    let started = Instant::now();
    let total: u64 = if optimized() { 8_000_000 } else { 400_000 };
    let result = sweep(total, |i| {
        // Each input has its own seed, so the sample does not depend on the thread split.
        let mut rng = Rng::new(0xC0DE_0000 ^ i);
        let r = rng.next_u64();
        let len = if i % 2 == 0 {
            4
        } else {
            5 + (r >> 60) as usize % 4
        };
        let mut input = [0u8; 8];
        input
            .iter_mut()
            .zip(rng.next_u64().to_le_bytes())
            .for_each(|(b, r)| *b = r);
        if len == 4 && (0xF0..=0xF4).contains(&input[0]) {
            // Those are covered exhaustively above; move the lead elsewhere.
            input[0] = input[0].wrapping_add(5);
        }
        check_against_std(&input[..len])
    });
    expect_ok(
        "random 4-byte (lead not F0..=F4) and 5..=8-byte inputs",
        result,
        total,
        started,
    );
}
