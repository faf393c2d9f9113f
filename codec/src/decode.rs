//! Decoding: validation, segments, every error, and the replacement policies.
//!
//! The well-formed runs are found with `core::str::from_utf8` (the fast path: no positions are tracked
//! inside a run); only where it stops does [`Malformed::at`] look closely at the bytes (the slow path).
//! [`errors`] has a scanner of its own for input with many errors: 64 bytes at a time, from SIMD
//! bitmasks of the byte classes, with well-formed stretches handed to the SIMD validator.
//! The maximal subpart found there is the one Unicode §3.9 defines, so every [`Malformed`] is exactly one
//! U+FFFD of `String::from_utf8_lossy` and of the WHATWG decoder.

use std::borrow::Cow;

use crate::error::{ErrorKind, Malformed, Utf8Error};

/// Checks that `bytes` are well-formed UTF-8 (RFC 3629 §4), with the same verdict as
/// [`std::str::from_utf8`].
///
/// # Errors
///
/// The first error, as [`Utf8Error`]: where the valid prefix ends, and how long the malformed part is.
/// Use [`errors`] for every error with its kind.
///
/// # Examples
///
/// ```
/// use utf8lens::validate;
///
/// assert!(validate("Grüße, 世界 😀".as_bytes()).is_ok());
/// let err = validate(b"caf\xE9").unwrap_err(); // Latin-1 'é' is not UTF-8
/// assert_eq!((err.valid_up_to(), err.error_len()), (3, None));
/// ```
pub fn validate(bytes: &[u8]) -> Result<(), Utf8Error> {
    from_utf8(bytes).map(|_| ())
}

/// Views `bytes` as a `&str` if they are well-formed UTF-8.
///
/// # Errors
///
/// The first error, as [`validate`] reports it.
///
/// # Examples
///
/// ```
/// assert_eq!(utf8lens::from_utf8(b"\xE2\x82\xAC"), Ok("€"));
/// assert!(utf8lens::from_utf8(b"\xC0\x80").is_err()); // the overlong NUL of Modified UTF-8
/// ```
pub fn from_utf8(bytes: &[u8]) -> Result<&str, Utf8Error> {
    match crate::simd::as_str(bytes) {
        Some(text) => Ok(text),
        None => slow_from_utf8(bytes),
    }
}

/// Where and why validation failed, once the fast path has said it did.
#[cold]
fn slow_from_utf8(bytes: &[u8]) -> Result<&str, Utf8Error> {
    core::str::from_utf8(bytes).map_err(Utf8Error::from)
}

/// A piece of decoded input: one character, or one malformed sequence.
///
/// # Examples
///
/// ```
/// use utf8lens::{segments, Segment};
///
/// let segs: Vec<Segment> = segments(b"a\xFF\xC3\xA4").collect();
/// assert_eq!(segs[0], Segment::Char { offset: 0, len: 1, ch: 'a' });
/// assert!(matches!(segs[1], Segment::Malformed(e) if e.offset() == 1));
/// assert_eq!(segs[2], Segment::Char { offset: 2, len: 2, ch: 'ä' });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Segment {
    /// A well-formed character.
    Char {
        /// Byte offset of its lead byte.
        offset: usize,
        /// Its length in bytes, 1 to 4.
        len: usize,
        /// The scalar value it encodes.
        ch: char,
    },
    /// A malformed sequence (one maximal subpart).
    Malformed(Malformed),
}

impl Segment {
    /// The byte range the segment covers in the input.
    ///
    /// ```
    /// let ranges: Vec<_> = utf8lens::segments("a€".as_bytes()).map(|s| s.range()).collect();
    /// assert_eq!(ranges, [0..1, 1..4]);
    /// ```
    pub fn range(&self) -> core::ops::Range<usize> {
        match self {
            Segment::Char { offset, len, .. } => *offset..offset + len,
            Segment::Malformed(m) => m.range(),
        }
    }
}

/// Splits `bytes` into characters and malformed sequences, covering every byte exactly once.
///
/// # Examples
///
/// ```
/// use utf8lens::{segments, Segment, ErrorKind};
///
/// // E4 BD is 你 (E4 BD A0) cut short by the end of input.
/// let segs: Vec<Segment> = segments(b"\xE4\xBD").collect();
/// assert!(matches!(segs[..], [Segment::Malformed(e)] if e.kind() == ErrorKind::Truncated && e.len() == 2));
/// ```
pub fn segments(bytes: &[u8]) -> Segments<'_> {
    Segments {
        bytes,
        pos: 0,
        run: "".char_indices(),
        run_start: 0,
        pending: None,
    }
}

/// Iterator over the [`Segment`]s of a byte slice; see [`segments`].
#[derive(Debug, Clone)]
pub struct Segments<'a> {
    bytes: &'a [u8],
    /// Where the next unexamined byte is.
    pos: usize,
    /// The well-formed run being walked, and where it starts in `bytes`.
    run: core::str::CharIndices<'a>,
    run_start: usize,
    /// The malformed sequence that ends the current run.
    pending: Option<Malformed>,
}

impl Iterator for Segments<'_> {
    type Item = Segment;

    fn next(&mut self) -> Option<Segment> {
        loop {
            if let Some((i, ch)) = self.run.next() {
                return Some(Segment::Char {
                    offset: self.run_start + i,
                    len: ch.len_utf8(),
                    ch,
                });
            }
            if let Some(m) = self.pending.take() {
                return Some(Segment::Malformed(m));
            }
            let rest = self.bytes.get(self.pos..).filter(|r| !r.is_empty())?;
            // Valid input (the common case) is settled by one pass of the fast path.
            let fast = if self.pos == 0 {
                crate::simd::as_str(rest)
            } else {
                None
            };
            let (run, malformed) = match fast {
                Some(run) => (run, None),
                None => split_valid_run(rest, self.pos),
            };
            self.run = run.char_indices();
            self.run_start = self.pos;
            self.pos += run.len() + malformed.map_or(0, |m| m.len());
            self.pending = malformed;
        }
    }
}

impl core::iter::FusedIterator for Segments<'_> {}

/// Splits `rest` (which starts at `offset` in the input) into its longest well-formed prefix and the
/// malformed sequence that ends it, if any.
fn split_valid_run(rest: &[u8], offset: usize) -> (&str, Option<Malformed>) {
    match next_error_at(rest, 0) {
        None => (core::str::from_utf8(rest).unwrap_or_default(), None),
        Some((end, len, kind)) => {
            let (valid, bad) = rest.split_at(end);
            // The scanner has accepted `valid`, so from_utf8 cannot fail here (the tests compare the two).
            let run = core::str::from_utf8(valid).unwrap_or_default();
            (
                run,
                Some(Malformed::from_parts(bad, offset + end, len, kind)),
            )
        }
    }
}

/// The first malformed sequence in `bytes` at or after `from` (which must be the start of a segment):
/// its offset, length and kind, or `None`. A scalar walk over RFC 3629's grammar with an
/// eight-bytes-at-a-time ASCII skip; unlike `core::str::from_utf8` it costs nothing to call again right
/// after an error, which keeps [`errors`] fast on input with an error every few bytes.
#[inline]
fn next_error_at(bytes: &[u8], from: usize) -> Option<(usize, usize, ErrorKind)> {
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
    let mut i = from;
    while let Some(&lead) = bytes.get(i) {
        if lead < 0x80 {
            i += 1;
            while let Some(word) = bytes.get(i..i + 8) {
                let word = u64::from_le_bytes(word.try_into().unwrap_or([0x80; 8]));
                if word & HIGH_BITS != 0 {
                    break;
                }
                i += 8;
            }
            continue;
        }
        match sequence_at(bytes, i) {
            Ok(len) => i += len,
            Err((len, kind)) => return Some((i, len, kind)),
        }
    }
    None
}

/// Reads the sequence that starts at `bytes[i]` (which exists): `Ok(length)` of a well-formed character,
/// or `Err((length, kind))` of the maximal subpart there. RFC 3629 §4:
///
/// ```text
/// UTF8-char = UTF8-1 / UTF8-2 / UTF8-3 / UTF8-4
/// UTF8-1    = %x00-7F
/// UTF8-2    = %xC2-DF UTF8-tail
/// UTF8-3    = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) /
///             %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
/// UTF8-4    = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) /
///             %xF4 %x80-8F 2( UTF8-tail )
/// UTF8-tail = %x80-BF
/// ```
#[inline(always)]
pub(crate) fn sequence_at(bytes: &[u8], i: usize) -> Result<usize, (usize, ErrorKind)> {
    let tail = |k: usize| matches!(bytes.get(i + k), Some(0x80..=0xBF));
    let lead = bytes.get(i).copied().unwrap_or(0);
    let len = match lead {
        0x00..=0x7F => return Ok(1),
        0x80..=0xBF => return Err((1, ErrorKind::UnexpectedContinuation)),
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return Err((1, ErrorKind::InvalidByte)), // C0, C1, F5..=FF
    };
    let (lo, hi) = crate::byte_class::second_byte_bounds(lead);
    match bytes.get(i + 1) {
        Some(&second) if (lo..=hi).contains(&second) => {}
        Some(0x80..=0xBF) => {
            let kind = match lead {
                0xED => ErrorKind::Surrogate,
                0xF4 => ErrorKind::TooLarge,
                _ => ErrorKind::Overlong, // E0 and F0: no other lead restricts its second byte
            };
            return Err((1, kind));
        }
        _ => return Err((1, ErrorKind::Truncated)),
    }
    if len == 2 {
        return Ok(2);
    }
    if !tail(2) {
        return Err((2, ErrorKind::Truncated));
    }
    if len == 3 {
        return Ok(3);
    }
    if !tail(3) {
        return Err((3, ErrorKind::Truncated));
    }
    Ok(4)
}

/// Every malformed sequence in `bytes`, in order: exactly the U+FFFDs of lossy decoding.
///
/// Well-formed stretches are skipped with the SIMD validator; elsewhere the input is scanned 64 bytes at a
/// time, without a branch per byte or per error kind (see [`Errors`]).
///
/// # Examples
///
/// ```
/// use utf8lens::{errors, ErrorKind};
///
/// let found: Vec<(usize, usize, ErrorKind)> =
///     errors(b"\xF0\x80\x80\x41").map(|e| (e.offset(), e.len(), e.kind())).collect();
/// // F0 80 is overlong: F0 alone is the maximal subpart, then two stray continuation bytes.
/// assert_eq!(found, [(0, 1, ErrorKind::Overlong),
///                    (1, 1, ErrorKind::UnexpectedContinuation),
///                    (2, 1, ErrorKind::UnexpectedContinuation)]);
/// ```
pub fn errors(bytes: &[u8]) -> Errors<'_> {
    Errors {
        bytes,
        found: Found::default(),
        pending: Block::default(),
        pending_base: None,
        next: 0,
        skip: Skip::new(),
    }
}

/// Iterator over the [`Malformed`] sequences of a byte slice; see [`errors`].
///
/// How it finds them: the segments of UTF-8 (characters and maximal subparts) start at every byte that
/// is not a continuation byte, and a continuation byte belongs to the segment before it exactly when the
/// lead byte at most three back announced it and the bytes between were accepted. So the errors of a
/// 64-byte block follow from bitmasks of its byte classes (`crate::simd::class_masks`) and the three
/// bytes on either side, with shifts and logic on `u64`s: one mask of error starts and three bits of a
/// code (kind and length) per position. `next` takes the lowest set bit.
#[derive(Debug, Clone)]
pub struct Errors<'a> {
    bytes: &'a [u8],
    /// The errors of the block last settled, not yet returned.
    found: Found,
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
            let mut found = self.found;
            while found.starts != 0 {
                let (offset, len, kind) = found.take();
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
            self.found.starts = 0;
            if !self.advance() {
                return acc;
            }
        }
    }
}

impl core::iter::FusedIterator for Errors<'_> {}

impl Errors<'_> {
    /// The next error as (offset, length, kind), without gathering its detail.
    #[inline]
    pub(crate) fn next_raw(&mut self) -> Option<(usize, usize, ErrorKind)> {
        while self.found.starts == 0 {
            if !self.advance() {
                return None;
            }
        }
        Some(self.found.take())
    }

    /// Calls `f` with (offset, length, kind) of each error until it returns `false`, as
    /// [`Iterator::try_for_each`] would with `next_raw`, but with the masks in registers (see `fold`).
    #[cfg_attr(not(feature = "js"), allow(dead_code))] // the npm package's errorList
    #[inline]
    pub(crate) fn for_each_raw(mut self, mut f: impl FnMut(usize, usize, ErrorKind) -> bool) {
        loop {
            let mut found = self.found;
            while found.starts != 0 {
                let (offset, len, kind) = found.take();
                if !f(offset, len, kind) {
                    return;
                }
            }
            self.found.starts = 0;
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
        let block = Block::new(&crate::simd::class_masks(chunk), &self.pending);
        if let Some(base) = self.pending_base {
            self.found = self.pending.settle(&block, base);
            self.skip.settled(self.found.starts == 0);
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
        self.found = self.pending.settle(&Block::default(), base);
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
struct Found {
    base: usize,
    /// Where a maximal subpart starts.
    starts: u64,
    /// The three bits of each one's index into [`CODES`].
    code: [u64; 3],
}

impl Found {
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
    m: crate::simd::ClassMasks,
    /// Second, third and fourth byte of a sequence, each accepted with all the bytes before it.
    accepted: [u64; 3],
}

impl Block {
    /// The block of `m`, which comes right after `before` (all zero at the start of the input or after a
    /// skipped stretch: nothing there waits for continuation bytes).
    #[inline(always)]
    fn new(m: &crate::simd::ClassMasks, before: &Block) -> Block {
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
    fn settle(&self, after: &Block, base: usize) -> Found {
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
        Found {
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
        if crate::simd::is_valid(stretch) {
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

/// What to put in place of a malformed sequence when decoding to a string.
///
/// UTF-8B (surrogateescape) cannot be expressed in a Rust `String`; see [`decode_utf8b`].
///
/// # Examples
///
/// ```
/// use utf8lens::{decode_with, Replacement};
///
/// let bytes = b"H\xF6he"; // 'Höhe' in ISO-8859-1, read as UTF-8
/// assert_eq!(decode_with(bytes, Replacement::Fffd), "H\u{FFFD}he");
/// assert_eq!(decode_with(bytes, Replacement::Drop), "Hhe");
/// assert_eq!(decode_with(bytes, Replacement::Latin1), "Höhe");
/// assert_eq!(decode_with(b"\x93hi\x94", Replacement::Windows1252), "“hi”");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Replacement {
    /// One U+FFFD per maximal subpart (Unicode §3.9, WHATWG, `String::from_utf8_lossy`).
    #[default]
    Fffd,
    /// Remove the malformed bytes.
    Drop,
    /// Read each malformed byte as ISO-8859-1, i.e. as the code point with the byte's value.
    Latin1,
    /// Read each malformed byte as windows-1252, the fallback HTML5 uses for pages that are not UTF-8.
    Windows1252,
}

/// Decodes `bytes`, replacing each malformed sequence with U+FFFD.
///
/// Byte for byte the same as [`String::from_utf8_lossy`] and `TextDecoder`'s default mode; borrows when
/// the input is already valid.
///
/// # Examples
///
/// ```
/// use utf8lens::decode_lossy;
///
/// assert_eq!(decode_lossy(b"\xF1\x80\x80\xE1\x80\xC2"), "\u{FFFD}\u{FFFD}\u{FFFD}");
/// assert!(matches!(decode_lossy(b"fine"), std::borrow::Cow::Borrowed("fine")));
/// ```
pub fn decode_lossy(bytes: &[u8]) -> Cow<'_, str> {
    decode_with(bytes, Replacement::Fffd)
}

/// Decodes `bytes`, handling each malformed sequence as `policy` says.
///
/// # Examples
///
/// ```
/// use utf8lens::{decode_with, Replacement};
/// assert_eq!(decode_with(b"a\xC3(b", Replacement::Latin1), "aÃ(b");
/// ```
pub fn decode_with(bytes: &[u8], policy: Replacement) -> Cow<'_, str> {
    if let Some(text) = crate::simd::as_str(bytes) {
        return Cow::Borrowed(text);
    }
    let mut rest = bytes;
    let mut offset = 0;
    let mut out = String::new();
    loop {
        let (run, malformed) = split_valid_run(rest, offset);
        let Some(m) = malformed else {
            if out.is_empty() {
                return Cow::Borrowed(run);
            }
            out.push_str(run);
            return Cow::Owned(out);
        };
        if out.capacity() == 0 {
            out.reserve(bytes.len() + 2);
        }
        out.push_str(run);
        match policy {
            Replacement::Fffd => out.push(char::REPLACEMENT_CHARACTER),
            Replacement::Drop => {}
            Replacement::Latin1 => out.extend(m.bytes().iter().map(|&b| char::from(b))),
            Replacement::Windows1252 => out.extend(m.bytes().iter().map(|&b| windows_1252(b))),
        }
        let consumed = run.len() + m.len();
        rest = rest.get(consumed..).unwrap_or_default();
        offset += consumed;
        if rest.is_empty() {
            return Cow::Owned(out);
        }
    }
}

/// windows-1252 as WHATWG decodes it: only 80..=9F differ from ISO-8859-1, and the five bytes Microsoft
/// left undefined (81, 8D, 8F, 90, 9D) pass through as C1 controls.
fn windows_1252(byte: u8) -> char {
    #[rustfmt::skip]
    const HIGH: [char; 32] = [
        // 80..=87
        '\u{20AC}', '\u{0081}', '\u{201A}', '\u{0192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
        // 88..=8F
        '\u{02C6}', '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{008D}', '\u{017D}', '\u{008F}',
        // 90..=97
        '\u{0090}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
        // 98..=9F
        '\u{02DC}', '\u{2122}', '\u{0161}', '\u{203A}', '\u{0153}', '\u{009D}', '\u{017E}', '\u{0178}',
    ];
    match byte {
        0x80..=0x9F => HIGH[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}

/// Decodes `bytes` to UTF-16 with UTF-8B ("surrogateescape", PEP 383): each byte of a malformed
/// sequence becomes the lone surrogate U+DC00 + byte (U+DC80..=U+DCFF), so nothing is lost.
///
/// [`encode_utf8b`] turns the result back into the very same bytes.
///
/// # Examples
///
/// ```
/// use utf8lens::{decode_utf8b, encode_utf8b};
///
/// let units = decode_utf8b(b"a\xFFb");
/// assert_eq!(units, [0x61, 0xDCFF, 0x62]);
/// assert_eq!(encode_utf8b(&units), b"a\xFFb");
/// ```
pub fn decode_utf8b(bytes: &[u8]) -> Vec<u16> {
    let mut out = Vec::with_capacity(bytes.len());
    for segment in segments(bytes) {
        match segment {
            Segment::Char { ch, .. } => {
                let mut buf = [0; 2];
                out.extend_from_slice(ch.encode_utf16(&mut buf));
            }
            Segment::Malformed(m) => out.extend(m.bytes().iter().map(|&b| 0xDC00 | u16::from(b))),
        }
    }
    out
}

/// Encodes UTF-16 to UTF-8, turning the lone surrogates U+DC80..=U+DCFF back into the bytes 80..=FF
/// (the inverse of [`decode_utf8b`]). Other lone surrogates become U+FFFD.
///
/// # Examples
///
/// ```
/// use utf8lens::encode_utf8b;
/// assert_eq!(encode_utf8b(&[0xDCC0, 0xDCAF]), b"\xC0\xAF");
/// assert_eq!(encode_utf8b(&[0xD800]), "\u{FFFD}".as_bytes());
/// ```
pub fn encode_utf8b(units: &[u16]) -> Vec<u8> {
    let mut out = Vec::with_capacity(units.len());
    for unit in char::decode_utf16(units.iter().copied()) {
        match unit {
            Ok(ch) => {
                let mut buf = [0; 4];
                out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
            }
            Err(lone) => match lone.unpaired_surrogate() {
                escaped @ 0xDC80..=0xDCFF => out.push((escaped & 0xFF) as u8),
                _ => out.extend_from_slice("\u{FFFD}".as_bytes()),
            },
        }
    }
    out
}

/// Self-synchronisation: the offset where the segment holding byte `offset` starts.
///
/// Backs up over at most three continuation bytes to a lead byte, as RFC 3629 §1 promises is enough, and
/// checks that the sequence found really reaches `offset`; a stray continuation byte is a segment of its
/// own. Returns `None` if `offset` is past the end.
///
/// # Examples
///
/// ```
/// use utf8lens::char_start;
///
/// let text = "a€b".as_bytes(); // 61 E2 82 AC 62
/// assert_eq!(char_start(text, 3), Some(1));
/// assert_eq!(char_start(text, 4), Some(4));
/// assert_eq!(char_start(b"\x80\x80", 1), Some(1));
/// assert_eq!(char_start(text, 5), None);
/// ```
pub fn char_start(bytes: &[u8], offset: usize) -> Option<usize> {
    bytes.get(offset)?;
    let window_start = offset.saturating_sub(3);
    // The segment holding `offset` starts at one of the four bytes up to it; segmenting from the earliest
    // non-continuation byte in that window finds it, since no segment is longer than four bytes.
    let from = (window_start..=offset)
        .find(|&i| !matches!(bytes.get(i), Some(0x80..=0xBF)))
        .unwrap_or(offset);
    let window = bytes.get(from..(offset + 4).min(bytes.len()))?;
    segments(window)
        .map(|s| s.range())
        .find(|r| r.contains(&(offset - from)))
        .map(|r| from + r.start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    /// The expected (offset, len, kind) of one error.
    type Expected = (usize, usize, ErrorKind);

    /// (input, expected errors).
    #[rustfmt::skip]
    const ERROR_TESTS: &[(&[u8], &[Expected])] = &[
        (b"", &[]),
        (b"plain", &[]),
        (b"\x80", &[(0, 1, ErrorKind::UnexpectedContinuation)]),
        (b"\xC0\xAF", &[(0, 1, ErrorKind::InvalidByte), (1, 1, ErrorKind::UnexpectedContinuation)]),
        (b"\xE0\x80\xAF", &[(0, 1, ErrorKind::Overlong), (1, 1, ErrorKind::UnexpectedContinuation),
                            (2, 1, ErrorKind::UnexpectedContinuation)]),
        (b"\xED\xA0\x80", &[(0, 1, ErrorKind::Surrogate), (1, 1, ErrorKind::UnexpectedContinuation),
                            (2, 1, ErrorKind::UnexpectedContinuation)]),
        (b"\xF4\x90\x80\x80", &[(0, 1, ErrorKind::TooLarge), (1, 1, ErrorKind::UnexpectedContinuation),
                                (2, 1, ErrorKind::UnexpectedContinuation), (3, 1, ErrorKind::UnexpectedContinuation)]),
        (b"\xE4\xBD", &[(0, 2, ErrorKind::Truncated)]),
        (b"\xE4\xBDx", &[(0, 2, ErrorKind::Truncated)]),
        (b"\xF0\x9F\x98\xF0\x9F\x98\x80", &[(0, 3, ErrorKind::Truncated)]),
        (b"\xF5\x80", &[(0, 1, ErrorKind::InvalidByte), (1, 1, ErrorKind::UnexpectedContinuation)]),
    ];

    #[test]
    fn error_table() {
        for (input, expected) in ERROR_TESTS {
            let got: Vec<_> = errors(input)
                .map(|e| (e.offset(), e.len(), e.kind()))
                .collect();
            assert_eq!(got, *expected, "{input:02X?}");
            let from_segments: Vec<_> = segments(input)
                .filter_map(|s| match s {
                    Segment::Malformed(e) => Some((e.offset(), e.len(), e.kind())),
                    Segment::Char { .. } => None,
                })
                .collect();
            assert_eq!(from_segments, *expected, "{input:02X?}");
            assert_eq!(decode_lossy(input), String::from_utf8_lossy(input));
        }
    }

    #[test]
    fn char_start_matches_segments_for_every_offset() {
        let input = b"a\xE2\x82\xAC\x80\xF0\x9F\x98\x80\xE4\xBD\xC3";
        for seg in segments(input) {
            for i in seg.range() {
                assert_eq!(char_start(input, i), Some(seg.range().start), "offset {i}");
            }
        }
    }

    #[test]
    fn windows_1252_keeps_latin1_above_9f() {
        assert_eq!(windows_1252(0xE4), 'ä');
        assert_eq!(windows_1252(0x80), '€');
    }
}
