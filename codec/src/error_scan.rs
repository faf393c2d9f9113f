//! The block scanner behind [`errors`](crate::errors): every maximal subpart of the input, found 64 bytes
//! at a time from SIMD bitmasks of the byte classes, without a branch per byte or per error kind, so
//! that input with an error every few bytes (random bytes, text in the wrong charset) is still scanned
//! fast. Well-formed stretches are handed to the SIMD validator instead (`Skip`).
//!
//! It answers what the scalar grammar (`byte_class::sequence_at`, which `segments` walks) answers, and
//! the tests hold the two together: `decode.rs`'s error table, and the exhaustive and random sweeps of
//! tests/tests/errors_scan.rs against std.

use crate::byte_class::ErrorKind;
use crate::error::Malformed;
use crate::simd::{class_masks, is_valid, ClassMasks};

/// Iterator over the [`Malformed`] sequences of a byte slice; see [`errors`](crate::errors).
///
/// How it finds them: the segments of UTF-8 (characters and maximal subparts) start at every byte that
/// is not a continuation byte, and a continuation byte belongs to the segment before it exactly when the
/// lead byte at most three back announced it and the bytes between were accepted. So the errors of a
/// 64-byte block follow from bitmasks of its byte classes (`simd::class_masks`) and the three
/// bytes on either side, with shifts and logic on `u64`s: one mask of error starts and three bits of a
/// code (kind and length) per position. `next` takes the lowest set bit.
#[derive(Debug, Clone)]
pub struct Errors<'a> {
    bytes: &'a [u8],
    /// The errors of the block last settled, not yet returned.
    settled: BlockErrors,
    /// The block whose masks are known but whose errors also depend on the next block's first bytes
    /// (all zero when there is none, which is how the next block sees the start of the input or a
    /// skipped well-formed stretch before it).
    pending: Block,
    /// Where `pending` starts, if there is one.
    pending_base: Option<usize>,
    /// Where the block after `pending` starts.
    next: usize,
    skip: Skip,
}

impl Iterator for Errors<'_> {
    type Item = Malformed;

    #[inline]
    fn next(&mut self) -> Option<Malformed> {
        let (offset, len, kind) = self.next_raw()?;
        Some(Malformed::from_parts(
            self.bytes.get(offset..).unwrap_or_default(),
            offset,
            len,
            kind,
        ))
    }

    /// Walks each block's errors with the masks in registers (`next` keeps them in `self`, which the
    /// call that settles the next block can see, so every step would go through memory); `count`,
    /// `for_each`, `sum` and the like come here.
    fn fold<B, F>(mut self, init: B, mut f: F) -> B
    where
        F: FnMut(B, Malformed) -> B,
    {
        let mut acc = init;
        let bytes = self.bytes;
        loop {
            let mut settled = self.settled;
            while settled.starts != 0 {
                let (offset, len, kind) = settled.take();
                acc = f(
                    acc,
                    Malformed::from_parts(
                        bytes.get(offset..).unwrap_or_default(),
                        offset,
                        len,
                        kind,
                    ),
                );
            }
            self.settled.starts = 0;
            if !self.advance() {
                return acc;
            }
        }
    }
}

impl core::iter::FusedIterator for Errors<'_> {}

impl Errors<'_> {
    /// The errors of `bytes`, none found yet.
    pub(crate) fn new(bytes: &[u8]) -> Errors<'_> {
        Errors {
            bytes,
            settled: BlockErrors::default(),
            pending: Block::default(),
            pending_base: None,
            next: 0,
            skip: Skip::new(),
        }
    }

    /// The next error as (offset, length, kind), without gathering its detail.
    #[inline]
    pub(crate) fn next_raw(&mut self) -> Option<(usize, usize, ErrorKind)> {
        while self.settled.starts == 0 {
            if !self.advance() {
                return None;
            }
        }
        Some(self.settled.take())
    }

    /// Calls `f` with the offset, length and kind of each error, in order, until it breaks: the
    /// fastest way through many errors, since nothing else of each error is gathered (no [`Malformed`]
    /// is made) and the scanner's state stays in registers, which [`Iterator::next`] cannot do. A
    /// break stops the scan, so the input after a `limit`-th error is never read.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use utf8lens::{errors, ErrorKind};
    ///
    /// // The first two errors of three, without building a `Malformed` for each.
    /// let mut first = Vec::new();
    /// errors(b"\x80a\xE2\x82b\xFF").for_each_until(|offset, len, kind| {
    ///     first.push((offset, len, kind));
    ///     if first.len() == 2 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// });
    /// assert_eq!(first, [(0, 1, ErrorKind::UnexpectedContinuation), (2, 2, ErrorKind::Truncated)]);
    /// ```
    #[inline]
    pub fn for_each_until(
        mut self,
        mut f: impl FnMut(usize, usize, ErrorKind) -> core::ops::ControlFlow<()>,
    ) {
        loop {
            let mut settled = self.settled;
            while settled.starts != 0 {
                let (offset, len, kind) = settled.take();
                if f(offset, len, kind).is_break() {
                    return;
                }
            }
            self.settled.starts = 0;
            if !self.advance() {
                return;
            }
        }
    }

    /// Settles the next block (or skips a well-formed stretch); `false` at the end of the input.
    #[inline(never)]
    fn advance(&mut self) -> bool {
        let bytes = self.bytes;
        let Some(rest) = bytes.get(self.next..).filter(|rest| !rest.is_empty()) else {
            // The end: the pending block's last sequences meet the end of the input.
            return self.settle_before_boundary();
        };
        if let Some(valid) = self.skip.try_skip(rest) {
            // `rest` starts with a well-formed stretch, so its first byte is no continuation byte: the
            // pending block's sequences end before it, as they would before ASCII.
            self.next += valid;
            self.settle_before_boundary();
            return true;
        }
        let mut padded = [0u8; 64];
        let chunk = match rest.first_chunk::<64>() {
            Some(chunk) => chunk,
            None => {
                // The last, short block, padded with ASCII, which ends a sequence as the end of input does.
                if let Some(head) = padded.get_mut(..rest.len()) {
                    head.copy_from_slice(rest);
                }
                &padded
            }
        };
        let block = Block::new(&class_masks(chunk), &self.pending);
        if let Some(base) = self.pending_base {
            self.settled = self.pending.settle(&block, base);
            self.skip.settled(self.settled.starts == 0);
        }
        self.pending = block;
        self.pending_base = Some(self.next);
        self.next += 64;
        true
    }

    /// Settles the pending block, if any, before the end of the input or a well-formed stretch, and
    /// leaves none: `false` if there was none.
    fn settle_before_boundary(&mut self) -> bool {
        let Some(base) = self.pending_base.take() else {
            return false;
        };
        self.settled = self.pending.settle(&Block::default(), base);
        self.pending = Block::default();
        true
    }
}

/// The (length, kind) of each 3-bit error code that [`Block::settle`] computes.
const CODES: [(u8, ErrorKind); 8] = [
    (1, ErrorKind::UnexpectedContinuation),
    (1, ErrorKind::InvalidByte),
    (1, ErrorKind::Overlong),
    (1, ErrorKind::Surrogate),
    (1, ErrorKind::TooLarge),
    (1, ErrorKind::Truncated),
    (2, ErrorKind::Truncated),
    (3, ErrorKind::Truncated),
];

/// The errors of one 64-byte block: bit `i` is for the byte at `base + i`.
#[derive(Debug, Clone, Copy, Default)]
struct BlockErrors {
    base: usize,
    /// Where a maximal subpart starts.
    starts: u64,
    /// The three bits of each one's index into [`CODES`].
    code: [u64; 3],
}

impl BlockErrors {
    /// Removes the first error (there must be one) and returns its (offset, length, kind).
    #[inline(always)]
    fn take(&mut self) -> (usize, usize, ErrorKind) {
        let bit = self.starts.trailing_zeros();
        // The lowest error's bit alone: testing the code masks against it needs no variable shift.
        let low = self.starts & self.starts.wrapping_neg();
        self.starts ^= low;
        let code = usize::from(self.code[0] & low != 0)
            | usize::from(self.code[1] & low != 0) << 1
            | usize::from(self.code[2] & low != 0) << 2;
        let (len, kind) = CODES[code & 7];
        (self.base + bit as usize, usize::from(len), kind)
    }
}

/// One block's class masks and which of its continuation bytes a sequence accepts.
#[derive(Debug, Clone, Copy, Default)]
struct Block {
    m: ClassMasks,
    /// Second, third and fourth byte of a sequence, each accepted with all the bytes before it.
    accepted: [u64; 3],
}

impl Block {
    /// The block of `m`, which comes right after `before` (all zero at the start of the input or after a
    /// skipped stretch: nothing there waits for continuation bytes).
    #[inline(always)]
    fn new(m: &ClassMasks, before: &Block) -> Block {
        // A mask moved `n` bytes later, the last `n` bits of the block before coming in at the bottom.
        let later = |now: u64, then: u64, n: u32| (now << n) | (then >> (64 - n));
        let b = &before.m;
        // Second bytes out of their lead's narrower range (RFC 3629 §4): E0 A0..BF, ED 80..9F,
        // F0 90..BF, F4 80..8F.
        let narrow = (later(m.e0, b.e0, 1) & m.below_a0)
            | (later(m.ed, b.ed, 1) & !m.below_a0)
            | (later(m.f0, b.f0, 1) & m.below_90)
            | (later(m.f4, b.f4, 1) & !m.below_90);
        let second = later(m.need1, b.need1, 1) & m.cont & !narrow;
        let third = later(second, before.accepted[0], 1) & later(m.need2, b.need2, 2) & m.cont;
        let fourth = later(third, before.accepted[1], 1) & later(m.need3, b.need3, 3) & m.cont;
        Block {
            m: *m,
            accepted: [second, third, fourth],
        }
    }

    /// The errors of this block (at `base`), given the block after it.
    #[inline(always)]
    fn settle(&self, after: &Block, base: usize) -> BlockErrors {
        // A mask moved `n` bytes earlier: bit `i` then says something about byte `i + n`.
        let earlier = |now: u64, next: u64, n: u32| (now >> n) | (next << (64 - n));
        let m = &self.m;
        let [second, third, fourth] = self.accepted;
        let stray = m.cont & !(second | third | fourth);
        let got2 = earlier(second, after.accepted[0], 1);
        let got3 = earlier(third, after.accepted[1], 2);
        let got4 = earlier(fourth, after.accepted[2], 3);
        let complete = (m.need1 & !m.need2 & got2) | (m.need2 & !m.need3 & got3) | (m.need3 & got4);
        let bad_lead = m.high & !complete;
        let invalid = m.high & !m.need1;
        // A continuation byte after E0, ED, F0 or F4 but out of its range: the lead alone is the error.
        let next_cont = earlier(m.cont, after.m.cont, 1);
        let narrow = bad_lead & m.need1 & !got2 & next_cont;
        let surrogate = narrow & m.ed;
        let too_large = narrow & m.f4;
        let overlong = narrow & !m.ed & !m.f4;
        let truncated = bad_lead & m.need1 & !narrow;
        let len2 = truncated & got2 & !got3;
        let len3 = truncated & got3;
        let len1 = truncated & !got2;
        BlockErrors {
            base,
            starts: stray | bad_lead,
            code: [
                invalid | surrogate | len1 | len3,
                overlong | surrogate | len2 | len3,
                too_large | len1 | len2 | len3,
            ],
        }
    }
}

/// When to hand a stretch of input to the SIMD validator instead of scanning it block by block: after a
/// block without errors, a stretch that doubles after each success and halves after each failure, and
/// after a failure only once as many clean blocks have passed as failures in a row (up to 64).
#[derive(Debug, Clone, Copy)]
struct Skip {
    len: usize,
    clean: u32,
    wait: u32,
}

impl Skip {
    const MIN: usize = 256;
    const MAX: usize = 1 << 20;

    fn new() -> Skip {
        Skip {
            len: 4096,
            clean: 1,
            wait: 1,
        }
    }

    /// A block was settled, with or without errors.
    #[inline(always)]
    fn settled(&mut self, clean: bool) {
        self.clean = if clean {
            self.clean.saturating_add(1)
        } else {
            0
        };
    }

    /// The length of a well-formed stretch at the start of `rest` that may be skipped, if one was found.
    #[inline]
    fn try_skip(&mut self, rest: &[u8]) -> Option<usize> {
        if self.clean < self.wait || rest.len() < Self::MIN {
            return None;
        }
        // End the stretch where a character starts (or at the end of the input), so that a valid
        // verdict means the bytes up to there are whole characters.
        let mut end = self.len.min(rest.len());
        let limit = end.saturating_sub(4);
        while end > limit && matches!(rest.get(end), Some(0x80..=0xBF)) {
            end -= 1;
        }
        let stretch = rest.get(..end).unwrap_or_default();
        if is_valid(stretch) {
            self.len = (self.len * 2).min(Self::MAX);
            self.wait = 1;
            Some(end)
        } else {
            self.len = (self.len / 2).max(Self::MIN);
            self.wait = (self.wait * 2).min(64);
            self.clean = 0;
            None
        }
    }
}
