//! The UTF-8 variants (CESU-8, MUTF-8, WTF-8, RFC 2279), both directions, for every variant:
//!
//! - decoding any bytes never panics, and what it accepts re-encodes to the very same bytes (each
//!   variant has exactly one spelling per code point sequence);
//! - what the encoder writes decodes back to its code points (with a lead and trail surrogate
//!   joined into one supplementary code point where the variant does that);
//! - an error's offset is inside the input, and where the variant agrees with UTF-8 it agrees with
//!   std.
//!
//! Input: the bytes are decoded as they are, and read as code points (a selector byte and a
//! little-endian `u32` each; see `utf8lens_fuzz::code_points`) for encoding.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utf8lens::variants::{self, Variant, VariantReason};
use utf8lens_fuzz::code_points;

const VARIANTS: [Variant; 4] = [
    Variant::Cesu8,
    Variant::Mutf8,
    Variant::Wtf8,
    Variant::Rfc2279,
];

fn is_lead(cp: u32) -> bool {
    (0xD800..=0xDBFF).contains(&cp)
}

fn is_trail(cp: u32) -> bool {
    (0xDC00..=0xDFFF).contains(&cp)
}

/// `code_points` as the decoder of `variant` gives them back: MUTF-8 and WTF-8 (and CESU-8, which
/// has no lone surrogates) join a lead surrogate followed by a trail surrogate.
fn expected_after_round_trip(code_points: &[u32], variant: Variant) -> Vec<u32> {
    if variant == Variant::Rfc2279 {
        return code_points.to_vec();
    }
    let mut out = Vec::with_capacity(code_points.len());
    let mut i = 0;
    while i < code_points.len() {
        let cp = code_points[i];
        match code_points.get(i + 1) {
            Some(&next) if is_lead(cp) && is_trail(next) => {
                out.push(0x10000 + ((cp - 0xD800) << 10) + (next - 0xDC00));
                i += 2;
            }
            _ => {
                out.push(cp);
                i += 1;
            }
        }
    }
    out
}

fuzz_target!(|bytes: &[u8]| {
    let std_ok = std::str::from_utf8(bytes).ok();
    for variant in VARIANTS {
        // Decoding arbitrary bytes.
        match variants::decode(bytes, variant) {
            Ok(cps) => {
                let again = variants::encode(&cps, variant).unwrap_or_else(|e| {
                    panic!("{variant:?}: decoded {cps:X?} does not re-encode: {e}")
                });
                assert_eq!(again, bytes, "{variant:?}: decode then encode");
            }
            Err(e) => {
                assert!(
                    e.offset() < bytes.len(),
                    "{variant:?}: error offset {} of {}",
                    e.offset(),
                    bytes.len()
                );
                assert_eq!(e.variant(), variant);
                let _ = e.to_string();
                // Everything before the error decodes on its own; except that CESU-8 reports a
                // malformed sequence right after a lead surrogate rather than the lead itself
                // (documented in variants::decode), so there the prefix ends in a lone lead.
                let before = &bytes[..e.offset()];
                match variants::decode(before, variant) {
                    Ok(_) => {}
                    Err(p)
                        if variant == Variant::Cesu8
                            && p.reason() == VariantReason::UnpairedSurrogate
                            && p.offset() + 3 == before.len() => {}
                    Err(p) => panic!(
                        "{variant:?}: the prefix before the error at {} fails at {}: {p}",
                        e.offset(),
                        p.offset()
                    ),
                }
            }
        }
        // Where the input is valid UTF-8 without U+0000 and with no supplementary character, every
        // variant reads it as UTF-8 does.
        if let Some(text) = std_ok {
            if !text.contains('\0') && text.chars().all(|c| u32::from(c) < 0x10000) {
                let want: Vec<u32> = text.chars().map(u32::from).collect();
                assert_eq!(
                    variants::decode(bytes, variant).ok(),
                    Some(want),
                    "{variant:?} on plain UTF-8"
                );
            }
        }

        // Encoding arbitrary code points.
        let cps = code_points(bytes);
        match variants::encode(&cps, variant) {
            Ok(encoded) => {
                let decoded = variants::decode(&encoded, variant).unwrap_or_else(|e| {
                    panic!("{variant:?}: encoded {cps:X?} does not decode: {e}")
                });
                assert_eq!(
                    decoded,
                    expected_after_round_trip(&cps, variant),
                    "{variant:?}: encode then decode"
                );
            }
            Err(e) => {
                assert!(
                    e.offset() < cps.len(),
                    "{variant:?}: error index {} of {}",
                    e.offset(),
                    cps.len()
                );
                let _ = e.to_string();
            }
        }
    }
});
