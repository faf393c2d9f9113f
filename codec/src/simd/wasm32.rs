//! UTF-8 validation with WebAssembly SIMD128, 64 bytes per step.
//!
//! This is the lookup algorithm of Keiser and Lemire, "Validating UTF-8 In Less Than One Instruction Per
//! Byte" (2021): every error of RFC 3629 §4 shows up in the first two bytes of a sequence, and three
//! 16-entry tables indexed by the high nibble of byte 1, the low nibble of byte 1 and the high nibble of
//! byte 2 flag all of them at once. Whether the third and fourth bytes are continuation bytes is checked
//! separately, from the bytes two and three positions back.
//!
//! It only answers "valid or not"; where and why come from the slow path (`Malformed::at`).
//!
//! What makes it faster than simdutf8's SIMD128 port of the same algorithm (docs/BENCHMARKS.md has the
//! ratios; the machine code was read with `node --print-wasm-code`):
//! - nibbles are taken with a 16-bit shift and a mask held in a register (V8 lowers `u8x16_shr` to five
//!   x86 instructions, rebuilding its mask every time), once per 16 bytes; the nibbles of the byte
//!   before are then a `palignr` away;
//! - runs of ASCII are skipped 128 bytes per step with nothing but loads, ORs and one `pmovmskb`, and
//!   the state after ASCII is a constant (zeros), not the last bytes;
//! - the four 16-byte lanes of a block are checked two and two, with a look at the first two's error
//!   bits between them: that branch keeps V8 from interleaving the four lanes, which spilled vectors
//!   to the stack (6 stores per block instead of 23).

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

/// The three lookup tables and the constants, built once per call and kept in registers.
///
/// Written with the engines' lowering in mind (V8 11 on x86-64, read from `node --print-wasm-code`):
/// `u8x16_shr` has no x86 instruction and becomes a 16-bit shift plus a mask rebuilt from an
/// immediate at every use (five instructions), so the high nibbles are taken once per vector with a
/// 16-bit shift and an AND with `low_nibble`, a register (two instructions); the nibbles of the
/// byte before each byte are then one `palignr` away, like the bytes themselves.
struct Tables {
    byte_1_high: v128,
    byte_1_low: v128,
    byte_2_high: v128,
    low_nibble: v128,
    /// Subtracted (saturating) from the byte two back: the high bit survives only for E0..FF.
    third_min: v128,
    /// Subtracted (saturating) from the byte three back: the high bit survives only for F0..FF.
    fourth_min: v128,
    high_bit: v128,
    /// For the end of a block: a lead byte this close to the end still needs bytes from the next block.
    incomplete_max: v128,
}

/// 16 input bytes and their high nibbles (each in the low half of its byte).
#[derive(Clone, Copy)]
struct Lane {
    bytes: v128,
    high: v128,
}

impl Tables {
    #[inline(always)]
    fn new() -> Tables {
        Tables {
            byte_1_high: table(BYTE_1_HIGH),
            byte_1_low: table(BYTE_1_LOW),
            byte_2_high: table(BYTE_2_HIGH),
            low_nibble: u8x16_splat(0x0F),
            third_min: u8x16_splat(0xE0 - 0x80),
            fourth_min: u8x16_splat(0xF0 - 0x80),
            high_bit: u8x16_splat(0x80),
            #[rustfmt::skip]
            incomplete_max: u8x16(
                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0b1110_1111, 0b1101_1111, 0b1011_1111,
            ),
        }
    }

    #[inline(always)]
    fn lane(&self, bytes: v128) -> Lane {
        Lane {
            bytes,
            high: v128_and(u16x8_shr(bytes, 4), self.low_nibble),
        }
    }

    /// The error bits for the 16 bytes of `input`, `prev` being the 16 bytes before them.
    #[inline(always)]
    fn check(&self, prev: Lane, input: Lane) -> v128 {
        // prevN: the input shifted right by N bytes, filled from the end of `prev`.
        let prev1 = i8x16_shuffle::<15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30>(
            prev.bytes,
            input.bytes,
        );
        let prev1_high =
            i8x16_shuffle::<15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30>(
                prev.high, input.high,
            );
        let special_cases = v128_and(
            v128_and(
                u8x16_swizzle(self.byte_1_high, prev1_high),
                u8x16_swizzle(self.byte_1_low, v128_and(prev1, self.low_nibble)),
            ),
            u8x16_swizzle(self.byte_2_high, input.high),
        );
        let prev2 = i8x16_shuffle::<14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29>(
            prev.bytes,
            input.bytes,
        );
        let prev3 = i8x16_shuffle::<13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28>(
            prev.bytes,
            input.bytes,
        );
        // Two back a byte >= E0, or three back a byte >= F0: this byte must be a continuation byte, which
        // is exactly when TWO_CONTS is set. The saturating subtraction leaves the high bit set only then.
        let third = u8x16_sub_sat(prev2, self.third_min);
        let fourth = u8x16_sub_sat(prev3, self.fourth_min);
        let must_be_continuation = v128_and(v128_or(third, fourth), self.high_bit);
        v128_xor(must_be_continuation, special_cases)
    }

    /// The error bits of the 64 bytes `v` after `prev`, and the last lane of `v`.
    ///
    /// One lane after the other, so that few vectors are live at once: x86-64 has 16 vector
    /// registers, V8 keeps one for itself and the tables and constants take eight.
    #[inline(always)]
    fn check_block(&self, prev: Lane, v: [v128; 4]) -> (v128, Lane) {
        // Written out rather than as a loop over `v`: LLVM kept that loop and went through memory.
        let l0 = self.lane(v[0]);
        let e0 = self.check(prev, l0);
        let l1 = self.lane(v[1]);
        let e1 = v128_or(e0, self.check(l0, l1));
        let l2 = self.lane(v[2]);
        let e2 = v128_or(e1, self.check(l1, l2));
        let l3 = self.lane(v[3]);
        (v128_or(e2, self.check(l2, l3)), l3)
    }

    /// Non-zero where a lead byte near the end of `input` waits for bytes beyond it.
    #[inline(always)]
    fn incomplete(&self, input: v128) -> v128 {
        u8x16_sub_sat(input, self.incomplete_max)
    }
}

/// Loads the 64 bytes at `at`.
///
/// # Safety
/// `at + 64 <= bytes.len()`.
#[inline(always)]
unsafe fn load_block(bytes: &[u8], at: usize) -> [v128; 4] {
    let p = bytes.as_ptr().add(at).cast::<v128>();
    // SAFETY: the caller keeps the 64 bytes inside `bytes`; wasm loads need no alignment.
    [
        v128_load(p),
        v128_load(p.add(1)),
        v128_load(p.add(2)),
        v128_load(p.add(3)),
    ]
}

#[inline(always)]
fn is_ascii(v: [v128; 4]) -> bool {
    u8x16_bitmask(v128_or(v128_or(v[0], v[1]), v128_or(v[2], v[3]))) == 0
}

/// Whether `bytes` is well-formed UTF-8.
pub(crate) fn is_valid(bytes: &[u8]) -> bool {
    let t = Tables::new();
    let zero = u8x16_splat(0);
    let ascii = Lane {
        bytes: zero,
        high: zero,
    };
    // Error bits seen so far; any bit set means invalid.
    let mut error = zero;
    // The last 16 bytes before `at`; after ASCII, zeros stand for them (every ASCII byte looks the same
    // to the tables as the byte before another).
    let mut prev = ascii;
    // Whether the bytes before `at` end inside a sequence.
    let mut prev_incomplete = zero;
    let mut at = 0;
    let len = bytes.len();
    while len - at >= 64 {
        // SAFETY: 64 bytes from `at` are inside `bytes` (the loop condition).
        let v = unsafe { load_block(bytes, at) };
        if is_ascii(v) {
            // Only a sequence left open before this block can be wrong; then skip ASCII two blocks at
            // a time, with nothing else in the loop.
            error = v128_or(error, prev_incomplete);
            prev_incomplete = zero;
            prev = ascii;
            at += 64;
            while len - at >= 128 {
                // SAFETY: 128 bytes from `at` are inside `bytes`.
                let (a, b) = unsafe { (load_block(bytes, at), load_block(bytes, at + 64)) };
                let any = v128_or(
                    v128_or(v128_or(a[0], a[1]), v128_or(a[2], a[3])),
                    v128_or(v128_or(b[0], b[1]), v128_or(b[2], b[3])),
                );
                if u8x16_bitmask(any) != 0 {
                    break;
                }
                at += 128;
            }
            continue;
        }
        // Two lanes, a look at their error bits, two lanes: the branch between the halves keeps V8
        // from interleaving all four lanes' work, which left too few registers: 23 spills and 30
        // reloads per block, which AMD Zen's floating-point store pipe pays for and Intel's ports
        // mostly hide (llvm-mca on V8's code; docs/BENCHMARKS.md, "Why it depends on the CPU").
        let l0 = t.lane(v[0]);
        let l1 = t.lane(v[1]);
        if v128_any_true(v128_or(t.check(prev, l0), t.check(l0, l1))) {
            return false;
        }
        let l2 = t.lane(v[2]);
        let l3 = t.lane(v[3]);
        error = v128_or(error, v128_or(t.check(l1, l2), t.check(l2, l3)));
        prev_incomplete = t.incomplete(v[3]);
        prev = l3;
        at += 64;
    }
    // The tail, padded with zeros: ASCII, which also closes (as an error) any sequence left open, so
    // the padded block needs no incomplete check of its own.
    let rest = bytes.get(at..).unwrap_or_default();
    let mut padded = [0u8; 64];
    padded[..rest.len()].copy_from_slice(rest);
    // SAFETY: `padded` is 64 bytes.
    let v = unsafe { load_block(&padded, 0) };
    let (e, _) = t.check_block(prev, v);
    !v128_any_true(v128_or(error, e))
}

/// `bytes` as a `&str` if [`is_valid`] accepts it.
#[inline]
pub(crate) fn as_str(bytes: &[u8]) -> Option<&str> {
    // SAFETY: `is_valid` accepts exactly the well-formed UTF-8 of RFC 3629 (tested against
    // `core::str::from_utf8` at every alignment in codec/tests/wasm_simd.rs), which is what `str` requires.
    is_valid(bytes).then(|| unsafe { core::str::from_utf8_unchecked(bytes) })
}
