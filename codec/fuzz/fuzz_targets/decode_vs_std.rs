//! One-shot decoding against std: `validate`, `from_utf8`, `segments`, `errors` and
//! `decode_lossy` must agree with `str::from_utf8`, `String::from_utf8_lossy` and `Utf8Chunks`
//! (through the conformance tests' oracle), and the other views of the same bytes must agree with
//! them: the replacement policies, byte roles, self-synchronisation, UTF-8b and the UTF-16
//! conversions. The input is the bytes themselves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utf8lens::charset::Charset;
use utf8lens::{ByteRole, Replacement, Segment};
use utf8lens_fuzz::units_le;
use utf8lens_tests::oracle::{check_against_std, decode_with_policy, expected_utf8b};

fuzz_target!(|bytes: &[u8]| {
    // validate, from_utf8, segments, errors (kinds and intended code points), decode_lossy.
    if let Err(message) = check_against_std(bytes) {
        panic!("{message}");
    }

    // The string policies: the valid runs verbatim, each maximal subpart replaced as documented.
    let lossy = String::from_utf8_lossy(bytes);
    assert_eq!(utf8lens::decode_with(bytes, Replacement::Fffd), lossy);
    let dropped = decode_with_policy(bytes, |_, _| {});
    assert_eq!(utf8lens::decode_with(bytes, Replacement::Drop), dropped);
    let latin1 = decode_with_policy(bytes, |bad, out| {
        out.extend(bad.iter().map(|&b| char::from(b)))
    });
    assert_eq!(utf8lens::decode_with(bytes, Replacement::Latin1), latin1);
    // windows-1252 per the WHATWG index the charset module was generated from.
    let windows1252 = |b: u8| Charset::Windows1252.decode_byte(b).unwrap_or(char::from(b));
    let windows = decode_with_policy(bytes, |bad, out| {
        out.extend(bad.iter().map(|&b| windows1252(b)))
    });
    assert_eq!(
        utf8lens::decode_with(bytes, Replacement::Windows1252),
        windows
    );

    // Byte roles: one per byte; Invalid exactly on the bytes of malformed segments.
    let roles = utf8lens::byte_roles(bytes);
    assert_eq!(roles.len(), bytes.len());
    let mut offset = 0;
    for segment in utf8lens::segments(bytes) {
        let range = segment.range();
        assert_eq!(range.start, offset, "segments are contiguous");
        offset = range.end;
        for i in range.clone() {
            let malformed = matches!(segment, Segment::Malformed(_));
            assert_eq!(roles[i] == ByteRole::Invalid, malformed, "role of byte {i}");
            // Self-synchronisation: every byte of a segment leads back to the segment's start.
            assert_eq!(
                utf8lens::char_start(bytes, i),
                Some(range.start),
                "char_start({i})"
            );
        }
    }
    assert_eq!(utf8lens::char_start(bytes, bytes.len()), None);
    assert_eq!(utf8lens::char_start(bytes, usize::MAX), None);

    // UTF-8b: std-derived expectation, and a lossless round trip.
    let utf8b = utf8lens::decode_utf8b(bytes);
    assert_eq!(utf8b, expected_utf8b(bytes));
    assert_eq!(utf8lens::encode_utf8b(&utf8b), bytes);

    // UTF-8 to UTF-16 is the lossy text's UTF-16.
    assert_eq!(
        utf8lens::utf8_to_utf16(bytes),
        lossy.encode_utf16().collect::<Vec<_>>()
    );

    // The same bytes as UTF-16 code units: TextEncoder semantics against std.
    let units = units_le(bytes);
    let text = utf8lens::utf16_to_utf8(&units);
    assert_eq!(text, String::from_utf16_lossy(&units));
    match (
        utf8lens::utf16_to_utf8_strict(&units),
        String::from_utf16(&units),
    ) {
        (Ok(ours), Ok(std)) => assert_eq!(ours, std),
        (Err(e), Err(_)) => {
            assert!(e.index() < units.len());
            assert_eq!(units[e.index()], e.unit());
            assert!((0xD800..=0xDFFF).contains(&e.unit()));
            assert!(
                String::from_utf16(&units[..e.index()]).is_ok(),
                "the first lone surrogate"
            );
        }
        (ours, std) => panic!("utf16_to_utf8_strict {ours:?} but std {std:?}"),
    }
    // encodeInto: a destination of every size up to the whole, cut by the first byte.
    let size = usize::from(bytes.first().copied().unwrap_or(0)) % (text.len() + 1);
    let mut dest = vec![0u8; size];
    let (read, written) = utf8lens::utf16_to_utf8_into(&units, &mut dest);
    assert!(read <= units.len() && written <= size);
    // What was written is the UTF-8 of the units read, and no more fitted.
    let prefix = String::from_utf16_lossy(&units[..read]);
    assert_eq!(&dest[..written], prefix.as_bytes());
    if read < units.len() {
        let next = String::from_utf16_lossy(&units[read..]);
        let next_len = next.chars().next().map_or(0, char::len_utf8);
        assert!(
            written + next_len > size,
            "utf16_to_utf8_into stopped early at {read}"
        );
    }
});
