//! The scalar code behind the SIMD dispatcher (`mod.rs`): what runs on targets without a SIMD version,
//! the blocks and tails the SIMD versions hand back, and the reference the tests hold them to (as
//! simdutf8 keeps its `*_fallback` and encoding_rs its scalar paths beside the SIMD ones). It uses
//! nothing of the crate outside `simd/`.

use super::ClassMasks;

/// [`class_masks`](super::class_masks) one byte at a time: the fallback for targets without a SIMD
/// version, and the tests' reference for the SIMD ones.
#[cfg_attr(
    any(
        all(target_arch = "wasm32", target_feature = "simd128"),
        target_arch = "x86_64"
    ),
    allow(dead_code)
)]
pub(super) fn class_masks(block: &[u8; 64]) -> ClassMasks {
    let mut m = ClassMasks::default();
    for (i, &b) in block.iter().enumerate() {
        let bit = 1u64 << i;
        let set = |yes: bool| if yes { bit } else { 0 };
        m.cont |= set(matches!(b, 0x80..=0xBF));
        m.high |= set(b >= 0xC0);
        m.need1 |= set(matches!(b, 0xC2..=0xF4));
        m.need2 |= set(matches!(b, 0xE0..=0xF4));
        m.need3 |= set(matches!(b, 0xF0..=0xF4));
        m.e0 |= set(b == 0xE0);
        m.ed |= set(b == 0xED);
        m.f0 |= set(b == 0xF0);
        m.f4 |= set(b == 0xF4);
        m.below_a0 |= set((b as i8) < (0xA0u8 as i8));
        m.below_90 |= set((b as i8) < (0x90u8 as i8));
    }
    m
}

/// [`utf16_from_str`](super::utf16_from_str) one character at a time: where SIMD128 is not there.
#[cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128"),
    allow(dead_code)
)]
pub(super) fn utf16_from_str(text: &str, dest: &mut [u16]) -> Option<usize> {
    if dest.len() < text.len() {
        return None;
    }
    utf16_of_chars(text, 0, text.len(), dest, 0).map(|(_, out)| out)
}

/// Writes the UTF-16 of the characters of `text` from the one that holds byte `from` up to the first
/// character boundary at or after `until`, into `dest` from unit `out`. Returns the boundary reached and
/// the new `out`; `None` if `dest` is too short (never, when it has as many units as `text` has bytes
/// and `out` is at most `from`). The SIMD128 transcoder hands it the blocks and the tail it does not
/// take itself.
pub(super) fn utf16_of_chars(
    text: &str,
    from: usize,
    until: usize,
    dest: &mut [u16],
    mut out: usize,
) -> Option<(usize, usize)> {
    let mut at = from.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let rest = text.get(at..)?;
    for ch in rest.chars() {
        if at >= until {
            break;
        }
        let units = ch.len_utf16();
        ch.encode_utf16(dest.get_mut(out..out + units)?);
        out += units;
        at += ch.len_utf8();
    }
    Some((at, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transcoding_stops_at_the_asked_boundary() {
        let text = "a€😀b";
        let mut dest = [0u16; 9];
        // From inside "€" (byte 2): back to its start at 1, and on to the boundary at or after 5.
        assert_eq!(utf16_of_chars(text, 2, 5, &mut dest, 0), Some((8, 3)));
        assert_eq!(dest[..3], [0x20AC, 0xD83D, 0xDE00]);
        assert_eq!(utf16_of_chars(text, 0, 99, &mut dest, 0), Some((9, 5)));
        assert_eq!(utf16_of_chars(text, 0, 99, &mut dest[..4], 0), None);
    }

    #[test]
    fn too_small_a_destination_is_refused() {
        let mut dest = [0u16; 2];
        assert_eq!(utf16_from_str("abc", &mut dest), None);
        assert_eq!(utf16_from_str("ab", &mut dest), Some(2));
    }
}
