//! UTF-8 validation with WebAssembly SIMD128, 64 bytes per step.
//!
//! This is the lookup algorithm of Keiser and Lemire, "Validating UTF-8 In Less Than One Instruction Per
//! Byte" (2021): every error of RFC 3629 §4 shows up in the first two bytes of a sequence, and three
//! 16-entry tables indexed by the high nibble of byte 1, the low nibble of byte 1 and the high nibble of
//! byte 2 flag all of them at once. Whether the third and fourth bytes are continuation bytes is checked
//! separately, from the bytes two and three positions back.
//!
//! It only answers "valid or not"; where and why come from the slow path (`Malformed::at`).

use core::arch::wasm32::*;

// One bit per kind of error in a pair of adjacent bytes (byte 1 = previous, byte 2 = current).
/// `11______ 0_______` or `11______ 11______`: a lead byte not followed by a continuation byte.
const TOO_SHORT: u8 = 1 << 0;
/// `0_______ 10______`: a continuation byte after an ASCII byte.
const TOO_LONG: u8 = 1 << 1;
/// `11100000 100_____`: E0 80..9F.
const OVERLONG_3: u8 = 1 << 2;
/// `11110100 1001____`, `11110100 101_____`, `11110101..11111111 ________`: above U+10FFFF.
const TOO_LARGE: u8 = 1 << 3;
/// `11101101 101_____`: ED A0..BF.
const SURROGATE: u8 = 1 << 4;
/// `1100000_ 10______`: C0 or C1 then a continuation byte.
const OVERLONG_2: u8 = 1 << 5;
/// `11110101..11111111 1000____` (too large) and `11110000 1000____` (overlong) share this bit.
const TOO_LARGE_1000: u8 = 1 << 6;
const OVERLONG_4: u8 = 1 << 6;
/// `10______ 10______`: two continuation bytes in a row; legal only as byte 3 or 4 of a sequence, which
/// `must_be_continuation` below tells.
const TWO_CONTS: u8 = 1 << 7;
/// The errors decided by byte 2 alone, whatever byte 1's low nibble.
const CARRY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

/// Indexed by the high nibble of byte 1.
#[rustfmt::skip]
const BYTE_1_HIGH: [u8; 16] = [
    // 0000..0111: ASCII
    TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG,
    // 1000..1011: continuation
    TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS,
    // 1100: C0..CF, two-byte leads including the overlong C0, C1
    TOO_SHORT | OVERLONG_2,
    // 1101: D0..DF
    TOO_SHORT,
    // 1110: E0..EF, three-byte leads
    TOO_SHORT | OVERLONG_3 | SURROGATE,
    // 1111: F0..FF, four-byte leads and the never-valid F5..FF
    TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4,
];

/// Indexed by the low nibble of byte 1.
#[rustfmt::skip]
const BYTE_1_LOW: [u8; 16] = [
    // ____0000: C0, E0, F0
    CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,
    // ____0001: C1
    CARRY | OVERLONG_2,
    // ____0010, ____0011
    CARRY, CARRY,
    // ____0100: F4
    CARRY | TOO_LARGE,
    // ____0101..____0111: F5..F7
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    // ____1000..____1100: F8..FC
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    // ____1101: ED, FD
    CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE,
    // ____1110, ____1111: FE, FF
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
];

/// Indexed by the high nibble of byte 2.
#[rustfmt::skip]
const BYTE_2_HIGH: [u8; 16] = [
    // 0000..0111: ASCII after a lead is too short
    TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
    // 1000: 80..8F
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
    // 1001: 90..9F
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
    // 1010, 1011: A0..BF
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    // 1100..1111: a lead after a lead is too short
    TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
];

#[inline(always)]
fn table(bytes: [u8; 16]) -> v128 {
    u8x16(
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
        bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15],
    )
}

/// The three lookup tables and the constants, built once per call.
struct Tables {
    byte_1_high: v128,
    byte_1_low: v128,
    byte_2_high: v128,
    low_nibble: v128,
    /// For the end of a block: a lead byte this close to the end still needs bytes from the next block.
    incomplete_max: v128,
}

impl Tables {
    #[inline(always)]
    fn new() -> Tables {
        Tables {
            byte_1_high: table(BYTE_1_HIGH),
            byte_1_low: table(BYTE_1_LOW),
            byte_2_high: table(BYTE_2_HIGH),
            low_nibble: u8x16_splat(0x0F),
            #[rustfmt::skip]
            incomplete_max: u8x16(
                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0b1110_1111, 0b1101_1111, 0b1011_1111,
            ),
        }
    }

    /// The error bits for the 16 bytes of `input`, `prev` being the 16 bytes before them.
    #[inline(always)]
    fn check(&self, prev: v128, input: v128) -> v128 {
        // prevN: the input shifted right by N bytes, filled from the end of `prev`.
        let prev1 = i8x16_shuffle::<15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30>(prev, input);
        let special_cases = v128_and(
            v128_and(
                u8x16_swizzle(self.byte_1_high, u8x16_shr(prev1, 4)),
                u8x16_swizzle(self.byte_1_low, v128_and(prev1, self.low_nibble)),
            ),
            u8x16_swizzle(self.byte_2_high, u8x16_shr(input, 4)),
        );
        let prev2 = i8x16_shuffle::<14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29>(prev, input);
        let prev3 = i8x16_shuffle::<13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28>(prev, input);
        // Two back a byte >= E0, or three back a byte >= F0: this byte must be a continuation byte, which
        // is exactly when TWO_CONTS is set. The saturating subtraction leaves the high bit set only then.
        let third = u8x16_sub_sat(prev2, u8x16_splat(0xE0 - 0x80));
        let fourth = u8x16_sub_sat(prev3, u8x16_splat(0xF0 - 0x80));
        let must_be_continuation = v128_and(v128_or(third, fourth), u8x16_splat(0x80));
        v128_xor(must_be_continuation, special_cases)
    }

    /// Non-zero where a lead byte near the end of `input` waits for bytes beyond it.
    #[inline(always)]
    fn incomplete(&self, input: v128) -> v128 {
        u8x16_sub_sat(input, self.incomplete_max)
    }
}

#[inline(always)]
fn load(chunk: &[u8; 16]) -> v128 {
    // SAFETY: `chunk` is 16 readable bytes, exactly one v128; wasm loads need no alignment.
    unsafe { v128_load(chunk.as_ptr().cast::<v128>()) }
}

/// Loads 64 bytes as four vectors.
#[inline(always)]
fn load_block(block: &[u8; 64]) -> [v128; 4] {
    [0, 16, 32, 48].map(|at| {
        let lane: &[u8; 16] = block[at..at + 16].try_into().unwrap_or(&[0; 16]);
        load(lane)
    })
}

/// The validator's state between 64-byte blocks.
struct Validator {
    tables: Tables,
    /// Error bits seen so far; any bit set means invalid.
    error: v128,
    /// The last 16 bytes of the previous block.
    prev: v128,
    /// Whether the previous block ended inside a sequence.
    prev_incomplete: v128,
}

impl Validator {
    #[inline(always)]
    fn block(&mut self, v: [v128; 4]) {
        let any_high = v128_or(v128_or(v[0], v[1]), v128_or(v[2], v[3]));
        if u8x16_bitmask(any_high) == 0 {
            // All ASCII: only a sequence left open by the previous block can be wrong.
            self.error = v128_or(self.error, self.prev_incomplete);
            self.prev_incomplete = u8x16_splat(0);
        } else {
            let t = &self.tables;
            let e01 = v128_or(t.check(self.prev, v[0]), t.check(v[0], v[1]));
            let e23 = v128_or(t.check(v[1], v[2]), t.check(v[2], v[3]));
            self.error = v128_or(self.error, v128_or(e01, e23));
            self.prev_incomplete = t.incomplete(v[3]);
        }
        self.prev = v[3];
    }
}

/// Whether `bytes` is well-formed UTF-8.
pub(crate) fn is_valid(bytes: &[u8]) -> bool {
    let mut validator = Validator {
        tables: Tables::new(),
        error: u8x16_splat(0),
        prev: u8x16_splat(0),
        prev_incomplete: u8x16_splat(0),
    };
    let mut blocks = bytes.chunks_exact(64);
    for block in &mut blocks {
        let block: &[u8; 64] = block.try_into().unwrap_or(&[0; 64]);
        validator.block(load_block(block));
        if v128_any_true(validator.error) {
            return false;
        }
    }
    // The tail, padded with zeros: ASCII, which also closes (as an error) any sequence left open, so
    // the padded block needs no incomplete check of its own.
    let rest = blocks.remainder();
    let mut padded = [0u8; 64];
    padded[..rest.len()].copy_from_slice(rest);
    let t = &validator.tables;
    let v = load_block(&padded);
    let e01 = v128_or(t.check(validator.prev, v[0]), t.check(v[0], v[1]));
    let e23 = v128_or(t.check(v[1], v[2]), t.check(v[2], v[3]));
    !v128_any_true(v128_or(validator.error, v128_or(e01, e23)))
}

/// `bytes` as a `&str` if [`is_valid`] accepts it.
#[inline]
pub(crate) fn as_str(bytes: &[u8]) -> Option<&str> {
    // SAFETY: `is_valid` accepts exactly the well-formed UTF-8 of RFC 3629 (tested against
    // `core::str::from_utf8` at every alignment in codec/tests/wasm_simd.rs), which is what `str` requires.
    is_valid(bytes).then(|| unsafe { core::str::from_utf8_unchecked(bytes) })
}
