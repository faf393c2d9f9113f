//! The fast path of validation: "is this all well-formed?", as fast as the target allows.
//!
//! It only answers yes (with the `&str`) or no; every caller that needs to know where or why goes on to
//! the scalar slow path. On wasm32 with SIMD128 it is this crate's own code (`wasm32.rs`, tested against
//! std in codec/tests/wasm_simd.rs); on native targets it is simdutf8, which picks AVX2, SSE4.2 or NEON at
//! run time; elsewhere `core::str::from_utf8`.

mod fallback;

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[allow(unsafe_code)]
mod wasm32;

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[allow(unsafe_code)]
mod utf16;

/// `bytes` as a `&str` if it is well-formed UTF-8.
#[inline]
pub(crate) fn as_str(bytes: &[u8]) -> Option<&str> {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return wasm32::as_str(bytes);
    #[cfg(not(target_arch = "wasm32"))]
    return simdutf8::basic::from_utf8(bytes).ok();
    #[cfg(all(target_arch = "wasm32", not(target_feature = "simd128")))]
    return core::str::from_utf8(bytes).ok();
}

/// Whether `bytes` is well-formed UTF-8.
#[inline]
pub(crate) fn is_valid(bytes: &[u8]) -> bool {
    as_str(bytes).is_some()
}

/// What each of 64 bytes is, one bit per byte (bit `i` for byte `i`): the input of the error scanner
/// in `error_scan.rs`, which finds every maximal subpart of a block from these masks alone.
///
/// `below_a0` and `below_90` are meaningful only where `cont` is set: they tell the continuation bytes
/// `80..=9F` and `80..=8F` apart, the second-byte ranges that `E0`, `ED`, `F0` and `F4` restrict.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct ClassMasks {
    /// `80..=BF`.
    pub(crate) cont: u64,
    /// `C0..=FF`: a lead byte or a byte that never appears in UTF-8.
    pub(crate) high: u64,
    /// `C2..=F4`: a lead byte that needs at least one continuation byte.
    pub(crate) need1: u64,
    /// `E0..=F4`: at least two.
    pub(crate) need2: u64,
    /// `F0..=F4`: three.
    pub(crate) need3: u64,
    /// `E0`, `ED`, `F0`, `F4`: the leads whose second byte has a narrower range.
    pub(crate) e0: u64,
    pub(crate) ed: u64,
    pub(crate) f0: u64,
    pub(crate) f4: u64,
    /// Signed below `A0` (so `80..=9F` among continuation bytes).
    pub(crate) below_a0: u64,
    /// Signed below `90` (so `80..=8F` among continuation bytes).
    pub(crate) below_90: u64,
}

/// The class masks of the 64 bytes of `block`.
#[inline(always)]
pub(crate) fn class_masks(block: &[u8; 64]) -> ClassMasks {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return masks::wasm32(block);
    #[cfg(target_arch = "x86_64")]
    return masks::x86_64(block);
    #[cfg(not(any(
        all(target_arch = "wasm32", target_feature = "simd128"),
        target_arch = "x86_64"
    )))]
    return fallback::class_masks(block);
}

/// The SIMD versions of [`class_masks`]: signed byte comparisons (the bytes `80..=FF` are the negative
/// ones) and one bitmask per comparison and 16 bytes. Compiled only where one of them is used (the
/// npm package's wasm build without SIMD128 has none).
#[allow(unsafe_code)]
#[cfg(any(
    all(target_arch = "wasm32", target_feature = "simd128"),
    target_arch = "x86_64"
))]
mod masks {
    use super::ClassMasks;

    /// The 16-bit masks of 16 bytes, for the four quarters of a block to be put together.
    #[derive(Clone, Copy)]
    struct Quarter([u16; 11]);

    #[inline(always)]
    fn join(q: [Quarter; 4]) -> ClassMasks {
        let field = |k: usize| {
            q.iter().enumerate().fold(0u64, |acc, (i, quarter)| {
                acc | u64::from(quarter.0[k]) << (16 * i)
            })
        };
        ClassMasks {
            cont: field(0),
            high: field(1),
            need1: field(2),
            need2: field(3),
            need3: field(4),
            e0: field(5),
            ed: field(6),
            f0: field(7),
            f4: field(8),
            below_a0: field(9),
            below_90: field(10),
        }
    }

    /// The eleven masks of 16 bytes from one target's signed comparisons: `neg` has the bytes
    /// `80..=FF`, and `gt(b)`, `lt(b)`, `eq(b)` compare every byte with `b` as signed lanes. Shared
    /// by the targets so that the classes are written once (in the order of [`join`]'s fields).
    #[inline(always)]
    fn quarter_from(
        neg: u16,
        gt: impl Fn(u8) -> u16,
        lt: impl Fn(u8) -> u16,
        eq: impl Fn(u8) -> u16,
    ) -> Quarter {
        let above_f4 = gt(0xF4); // F5..FF or ASCII
        let below_c0 = lt(0xC0); // 80..BF as signed: the continuation bytes
        Quarter([
            below_c0,
            neg & !below_c0,
            neg & gt(0xC1) & !above_f4,
            neg & gt(0xDF) & !above_f4,
            neg & gt(0xEF) & !above_f4,
            eq(0xE0),
            eq(0xED),
            eq(0xF0),
            eq(0xF4),
            lt(0xA0),
            lt(0x90),
        ])
    }

    /// A byte value as the signed lane value the comparisons see.
    const fn s(byte: u8) -> i8 {
        byte as i8
    }

    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    #[inline(always)]
    pub(super) fn wasm32(block: &[u8; 64]) -> ClassMasks {
        use core::arch::wasm32::*;
        let quarter = |at: usize| {
            // SAFETY: `at` is 0, 16, 32 or 48, so the 16 bytes read lie inside the 64 of `block`;
            // wasm loads need no alignment.
            let v = unsafe { v128_load(block.as_ptr().add(at).cast::<v128>()) };
            let gt = |byte: u8| i8x16_bitmask(i8x16_gt(v, i8x16_splat(s(byte))));
            let lt = |byte: u8| i8x16_bitmask(i8x16_lt(v, i8x16_splat(s(byte))));
            let eq = |byte: u8| i8x16_bitmask(i8x16_eq(v, i8x16_splat(s(byte))));
            quarter_from(i8x16_bitmask(v), gt, lt, eq)
        };
        join([quarter(0), quarter(16), quarter(32), quarter(48)])
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(super) fn x86_64(block: &[u8; 64]) -> ClassMasks {
        use core::arch::x86_64::*;
        let quarter = |at: usize| {
            // SAFETY: SSE2 is part of every x86-64 CPU (the x86_64 targets enable it, so these calls
            // inline); `at` is 0, 16, 32 or 48, so the 16 bytes read lie inside the 64 of `block`, and
            // `loadu` needs no alignment.
            unsafe {
                let v = _mm_loadu_si128(block.as_ptr().add(at).cast::<__m128i>());
                let bits = |m: __m128i| _mm_movemask_epi8(m) as u16;
                let gt = |byte: u8| bits(_mm_cmpgt_epi8(v, _mm_set1_epi8(s(byte))));
                let lt = |byte: u8| bits(_mm_cmplt_epi8(v, _mm_set1_epi8(s(byte))));
                let eq = |byte: u8| bits(_mm_cmpeq_epi8(v, _mm_set1_epi8(s(byte))));
                quarter_from(bits(v), gt, lt, eq)
            }
        };
        join([quarter(0), quarter(16), quarter(32), quarter(48)])
    }

    #[cfg(test)]
    mod tests {
        use super::super::{class_masks, fallback};

        #[test]
        fn simd_masks_match_the_scalar_ones() {
            let mut block = [0u8; 64];
            for first in 0..=255u8 {
                // Every byte value in every lane, next to pseudo-random neighbours.
                for (i, b) in block.iter_mut().enumerate() {
                    *b = first.wrapping_add((i as u8).wrapping_mul(97));
                }
                assert_eq!(
                    class_masks(&block),
                    fallback::class_masks(&block),
                    "{block:02X?}"
                );
            }
        }
    }
}

/// Writes the UTF-16 of `text` to the start of `dest`; how many units, or `None` if `dest` has fewer
/// units than `text` has bytes. SIMD128 on wasm32 (`utf16.rs`), the scalar code elsewhere (`fallback.rs`).
#[inline]
pub(crate) fn utf16_from_str(text: &str, dest: &mut [u16]) -> Option<usize> {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return utf16::utf16_from_str(text, dest);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    return fallback::utf16_from_str(text, dest);
}

/// Whether every byte of `bytes` is ASCII (below 0x80): the answer of std's [`slice::is_ascii`],
/// found 64 bytes per step with SIMD128 on wasm32, where std's reads one 4-byte word at a time.
///
/// ASCII is its own UTF-8, and each of its bytes is one UTF-16 code unit and one Latin-1 character,
/// so such input needs no decoding: the npm package hands it to JavaScript as a Latin-1 string.
///
/// # Examples
///
/// ```
/// assert!(utf8lens::is_ascii(b"plain text"));
/// assert!(!utf8lens::is_ascii("caf\u{E9}".as_bytes()));
/// assert!(utf8lens::is_ascii(b""));
/// ```
#[inline]
pub fn is_ascii(bytes: &[u8]) -> bool {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return utf16::is_ascii(bytes);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    return bytes.is_ascii();
}

/// How many bytes at the start of `bytes` are ASCII: 16 at a time (a branch-free OR of each block,
/// which compilers turn into vector instructions), then byte by byte in the block that ends it.
#[cfg(feature = "confusables")]
pub(crate) fn ascii_prefix_len(bytes: &[u8]) -> usize {
    let mut ascii = 0;
    for block in bytes.chunks_exact(16) {
        if block.iter().fold(0, |any, &b| any | b) >= 0x80 {
            break;
        }
        ascii += 16;
    }
    let rest = bytes.get(ascii..).unwrap_or_default();
    ascii + rest.iter().position(|&b| b >= 0x80).unwrap_or(rest.len())
}

#[cfg(all(test, feature = "confusables"))]
mod ascii_prefix_tests {
    #[test]
    fn every_position_of_the_first_non_ascii_byte() {
        for len in 0..70 {
            for first in 0..=len {
                let mut bytes = vec![b'a'; len];
                if let Some(b) = bytes.get_mut(first) {
                    *b = 0x80;
                }
                assert_eq!(super::ascii_prefix_len(&bytes), first, "{len} {first}");
            }
        }
    }
}
