//! Well-formed UTF-8 to UTF-16 with WebAssembly SIMD128, 16 bytes per step.
//!
//! The input is already known to be well-formed (the caller validated it), so no step checks anything:
//! it only has to find where each character ends and what its code unit is.
//!
//! - A block of 16 ASCII bytes is widened to 16 code units (two stores).
//! - Any other block without a four-byte character: every byte position `j` is treated as if a
//!   character ended there, and its code unit is computed from bytes `j - 2`, `j - 1` and `j` at once
//!   (an ASCII byte is its own unit; a continuation byte after a lead byte ends a two-byte character;
//!   one after another continuation byte ends a three-byte character). A character ends at `j` exactly
//!   when byte `j + 1` is not a continuation byte, so those 16 bits pick the units to keep, and a
//!   256-entry table of shuffles packs the kept units of each half together.
//! - A block of four four-byte characters (emoji text) becomes four surrogate pairs, with 32-bit lanes.
//! - Any other block with a four-byte character goes through the scalar code
//!   (`fallback::utf16_of_chars`) up to the next character boundary after it, as does the tail.
//!
//! The steps keep one invariant: when a block starts at byte `p` (a character boundary or not), every
//! character that ends before `p` has been written, and nothing else. Each character writes at most as
//! many units as it has bytes, so the output never runs ahead of the input: `out <= p`.
//!
//! Shifts are done on 16-bit lanes and masked per byte: V8 lowers 8-bit SIMD shifts to several x86
//! instructions each (see wasm32.rs), 16-bit ones to one.

use core::arch::wasm32::*;

/// For each 8-bit mask of kept lanes: the byte shuffle that moves the kept 16-bit lanes, in order, to
/// the front of the vector (the rest of the vector is don't-care and gets overwritten by the next store).
static COMPRESS: [[u8; 16]; 256] = compress_table();

const fn compress_table() -> [[u8; 16]; 256] {
    let mut table = [[0u8; 16]; 256];
    let mut mask = 0;
    while mask < 256 {
        let mut kept = 0;
        let mut lane = 0;
        while lane < 8 {
            if mask & (1 << lane) != 0 {
                table[mask][2 * kept] = 2 * lane as u8;
                table[mask][2 * kept + 1] = 2 * lane as u8 + 1;
                kept += 1;
            }
            lane += 1;
        }
        mask += 1;
    }
    table
}

/// 16 bytes from `p`.
///
/// # Safety
/// `p..p + 16` must be readable.
#[inline(always)]
unsafe fn load(p: *const u8) -> v128 {
    // SAFETY: the caller's bound; wasm loads need no alignment.
    unsafe { core::ptr::read_unaligned(p.cast::<v128>()) }
}

/// Stores 8 code units at `p`.
///
/// # Safety
/// `p..p + 8` must be writable units.
#[inline(always)]
unsafe fn store(p: *mut u16, v: v128) {
    // SAFETY: the caller's bound; wasm stores need no alignment.
    unsafe { core::ptr::write_unaligned(p.cast::<v128>(), v) }
}

/// Whether every byte is ASCII, 64 bytes per step.
pub(crate) fn is_ascii(bytes: &[u8]) -> bool {
    let mut blocks = bytes.chunks_exact(64);
    for block in &mut blocks {
        let p = block.as_ptr();
        // SAFETY: `block` is exactly 64 bytes.
        let any = unsafe {
            v128_or(
                v128_or(load(p), load(p.add(16))),
                v128_or(load(p.add(32)), load(p.add(48))),
            )
        };
        if u8x16_bitmask(any) != 0 {
            return false;
        }
    }
    blocks.remainder().is_ascii()
}

/// Writes the UTF-16 of `text` to the start of `dest` and returns how many units it wrote; `None` if
/// `dest` has fewer units than `text` has bytes (which is always enough).
pub(crate) fn utf16_from_str(text: &str, dest: &mut [u16]) -> Option<usize> {
    let src = text.as_bytes();
    let n = src.len();
    if dest.len() < n {
        return None;
    }
    let from = src.as_ptr();
    let to = dest.as_mut_ptr();
    let mut p = 0;
    let mut out = 0;
    while p + 17 <= n {
        // SAFETY: p + 16 < n, so p..p + 16 is inside `src`.
        let block = unsafe { load(from.add(p)) };
        if u8x16_bitmask(block) == 0 {
            // SAFETY: out <= p (module docs), so out + 16 <= p + 16 < n <= dest.len().
            unsafe {
                store(to.add(out), u16x8_extend_low_u8x16(block));
                store(to.add(out + 8), u16x8_extend_high_u8x16(block));
            }
            out += 16;
            p += 16;
            continue;
        }
        if p >= 3 {
            // SAFETY: p >= 3 and p + 13 < n: p - 3..p + 13 is inside `src`.
            let lookbehind = unsafe { load(from.add(p - 3)) };
            // A four-byte character ending in this block starts at p - 3 or later.
            if u8x16_bitmask(u8x16_ge(lookbehind, u8x16_splat(0xF0))) == 0 {
                // SAFETY: p >= 3 and p + 17 <= n keep p - 2..p + 17 inside `src`; out <= p and
                // out + 16 <= p + 16 < n <= dest.len() bound both stores.
                out = unsafe { block_without_four_byte(from.add(p), block, to.add(out)) } + out;
                p += 16;
                continue;
            }
        }
        if u8x16_bitmask(u8x16_ge(block, u8x16_splat(0xF0))) == 0x1111 {
            // Four-byte leads at 0, 4, 8 and 12, so (the input being well-formed) four whole
            // four-byte characters starting at p, a character boundary: eight units.
            // SAFETY: out <= p, so out + 8 <= p + 16 < n <= dest.len().
            unsafe { store(to.add(out), surrogate_pairs(block)) };
            out += 8;
            p += 16;
            continue;
        }
        (p, out) = super::fallback::utf16_of_chars(text, p, p + 16, dest, out)?;
    }
    let (_, out) = super::fallback::utf16_of_chars(text, p, n, dest, out)?;
    Some(out)
}

/// The surrogate pairs of four four-byte characters, one per 32-bit lane (`11110wxy 10zzabcd 10efghij
/// 10klmnop` is U+wxyzzabcdefghijklmnop): lead surrogate D7C0 + (code point >> 10) in the low half of
/// the lane, trail surrogate DC00 | (code point & 3FF) in the high half, which is their order in
/// little-endian memory.
#[inline(always)]
fn surrogate_pairs(block: v128) -> v128 {
    let byte = |shift: u32, mask: u32| v128_and(u32x4_shr(block, shift), u32x4_splat(mask));
    let code_point = v128_or(
        v128_or(u32x4_shl(byte(0, 0x07), 18), u32x4_shl(byte(8, 0x3F), 12)),
        v128_or(u32x4_shl(byte(16, 0x3F), 6), byte(24, 0x3F)),
    );
    let lead = u32x4_add(u32x4_shr(code_point, 10), u32x4_splat(0xD7C0));
    let trail = v128_or(
        v128_and(code_point, u32x4_splat(0x3FF)),
        u32x4_splat(0xDC00),
    );
    v128_or(lead, u32x4_shl(trail, 16))
}

/// Writes the units of the characters that end in the 16 bytes at `at` (`block`), none of which is a
/// four-byte character, to `to`; returns how many.
///
/// # Safety
/// `at - 2..at + 17` must be readable (the bytes before the block and the one after it are looked
/// at), and `to..to + 16` writable units.
#[inline(always)]
unsafe fn block_without_four_byte(at: *const u8, block: v128, to: *mut u16) -> usize {
    // SAFETY: the caller's bounds.
    let (prev1, prev2, next) = unsafe { (load(at.sub(1)), load(at.sub(2)), load(at.add(1))) };
    // A character ends at j when byte j + 1 is not a continuation byte (80..BF, as i8 -128..-65).
    let ends = u8x16_bitmask(i8x16_gt(next, i8x16_splat(-65))) as u32;
    let non_ascii = i8x16_lt(block, i8x16_splat(0));
    let prev1_continuation = i8x16_lt(prev1, i8x16_splat(-64));
    // Two-byte 110abcde 10fghijk:               high 00000abc, low defghijk.
    // Three-byte 1110wxyz 10abcdef 10ghijkl:    high wxyzabcd, low efghijkl.
    // The low byte is the same formula for both; ASCII is its own low byte with a zero high byte.
    let low = v128_bitselect(
        v128_or(
            v128_and(i16x8_shl(prev1, 6), u8x16_splat(0xC0)),
            v128_and(block, u8x16_splat(0x3F)),
        ),
        block,
        non_ascii,
    );
    let high = v128_and(
        v128_or(
            v128_and(u16x8_shr(prev1, 2), u8x16_splat(0x0F)),
            v128_and(
                v128_and(i16x8_shl(prev2, 4), u8x16_splat(0xF0)),
                prev1_continuation,
            ),
        ),
        non_ascii,
    );
    let units_low =
        i8x16_shuffle::<0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23>(low, high);
    let units_high =
        i8x16_shuffle::<8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31>(low, high);
    let first = ends & 0xFF;
    let second = (ends >> 8) & 0xFF;
    let kept_first = first.count_ones() as usize;
    // SAFETY: the table rows are 16 bytes; `to..to + 16` is writable and kept_first <= 8.
    unsafe {
        let shuffle_first = load(COMPRESS[first as usize].as_ptr());
        let shuffle_second = load(COMPRESS[second as usize].as_ptr());
        store(to, i8x16_swizzle(units_low, shuffle_first));
        store(
            to.add(kept_first),
            i8x16_swizzle(units_high, shuffle_second),
        );
    }
    kept_first + second.count_ones() as usize
}
