//! The strict UTF-16 to UTF-8 encoder (`utf16_to_utf8_strict`, the Rust form of
//! `Utf8Encoder({ fatal: true })`) against std: `String::from_utf16` must agree on whether the units
//! are well-formed and on the text, and the error's index must be that of the first unpaired
//! surrogate `char::decode_utf16` finds. The lossy forms (`utf16_to_utf8`, `utf16_to_utf8_into`
//! with a destination of every size the input picks) must agree with `String::from_utf16_lossy`.
//!
//! Input: one byte for the destination's size, then UTF-16 code units, little-endian pairs.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utf8lens::{utf16_to_utf8, utf16_to_utf8_into, utf16_to_utf8_strict};
use utf8lens_fuzz::{units_le, Options};

fuzz_target!(|data: &[u8]| {
    let mut options = Options::new(data);
    let size_byte = options.byte();
    let units = units_le(options.rest());

    let std_strict = String::from_utf16(&units);
    match (utf16_to_utf8_strict(&units), std_strict) {
        (Ok(ours), Ok(std)) => assert_eq!(ours, std),
        (Err(e), Err(_)) => {
            let mut index = 0;
            let mut first = None;
            for result in char::decode_utf16(units.iter().copied()) {
                match result {
                    Ok(c) => index += c.len_utf16(),
                    Err(err) => {
                        first = Some((index, err.unpaired_surrogate()));
                        break;
                    }
                }
            }
            assert_eq!(Some((e.index(), e.unit())), first);
        }
        (ours, std) => panic!("strict {:?} but std {:?}", ours.map(|_| ()), std.map(|_| ())),
    }

    let lossy = String::from_utf16_lossy(&units);
    assert_eq!(utf16_to_utf8(&units), lossy);
    // A destination of a size the input picks: what is written is the longest prefix of whole
    // characters that fits.
    let size = usize::from(size_byte) * (lossy.len() + 1) / 256;
    let mut dest = vec![0u8; size];
    let (read, written) = utf16_to_utf8_into(&units, &mut dest);
    let prefix = String::from_utf16_lossy(&units[..read]);
    assert_eq!(&dest[..written], prefix.as_bytes());
    assert!(lossy.starts_with(&prefix));
    if read < units.len() {
        let next = lossy[prefix.len()..].chars().next().map_or(0, char::len_utf8);
        assert!(written + next > size, "stopped with room for the next character");
    }
});
