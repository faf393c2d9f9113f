//! Relatives of UTF-8 that real systems write: CESU-8, Java's modified UTF-8, WTF-8 and the
//! original UTF-8 of RFC 2279.
//!
//! Each is UTF-8's bit layout with different rules about what may be encoded and how. None of them
//! is UTF-8, and the strict decoder of this crate rejects every byte where they differ; these
//! functions are separate entry points that the strict path never calls. They work on code points
//! (`u32`) rather than `char`, because some variants carry surrogates or values above U+10FFFF.
//!
//! | variant | supplementary characters | surrogates | U+0000 | longest |
//! |---|---|---|---|---|
//! | CESU-8 | two 3-byte surrogates (6 bytes) | paired only | `00` | 3 bytes |
//! | MUTF-8 | two 3-byte surrogates (6 bytes) | paired or lone | `C0 80` | 3 bytes |
//! | WTF-8 | 4 bytes, as UTF-8 | lone only | `00` | 4 bytes |
//! | RFC 2279 | 4 bytes, as UTF-8 | any, unpaired (UCS-4) | `00` | 6 bytes, up to 0x7FFF_FFFF |
//!
//! All four require the shortest form (no overlong sequences); the single exception is MUTF-8's
//! `C0 80`.

use core::fmt;
use core::str::FromStr;

/// A relative of UTF-8, for [`decode`] and [`encode`].
///
/// # Examples
///
/// ```
/// use utf8lens::variants::Variant;
///
/// let v: Variant = "cesu-8".parse().unwrap();
/// assert_eq!(v, Variant::Cesu8);
/// assert_eq!(v.name(), "cesu-8");
/// assert!("utf-8".parse::<Variant>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// CESU-8, "Compatibility Encoding Scheme for UTF-16: 8-Bit" (Unicode Technical Report #26):
    /// UTF-8 applied to UTF-16 code units. BMP characters are written as in UTF-8 (at most three
    /// bytes); a supplementary character is written as its UTF-16 surrogate pair, each surrogate as
    /// a three-byte sequence, six bytes in all. A four-byte UTF-8 sequence, a lone surrogate and an
    /// overlong sequence are all errors.
    Cesu8,
    /// Java's "modified UTF-8" (the format of `java.io.DataInput.readUTF` /
    /// `DataOutput.writeUTF`, JNI strings and class-file constants): CESU-8, except that U+0000 is
    /// written `C0 80`, so the encoded text never contains a `00` byte (a raw `00` is an error), and
    /// lone surrogates are allowed because a Java string may hold them. Decoding joins a lead
    /// surrogate followed by a trail surrogate into one supplementary code point; any other
    /// surrogate comes out as the surrogate code point itself.
    Mutf8,
    /// WTF-8, "Wobbly Transformation Format − 8-bit" (the WTF-8 encoding specification by Simon
    /// Sapin): UTF-8 extended with lone surrogates, each written as a three-byte sequence. It
    /// represents potentially ill-formed UTF-16 (such as JavaScript strings or Windows file names)
    /// losslessly. A surrogate *pair* must be written as the four-byte sequence of its
    /// supplementary character: a lead surrogate sequence directly followed by a trail surrogate
    /// sequence is an error. When encoding, a lead surrogate code point directly followed by a trail
    /// surrogate code point is joined into one supplementary character, as the WTF-8 encoding of
    /// ill-formed UTF-16 does.
    Wtf8,
    /// The original UTF-8 of RFC 2279 (1998), before RFC 3629 cut it down to U+10FFFF: sequences of
    /// one to six bytes encoding any UCS-4 value from 0 to 0x7FFF_FFFF. Surrogate code points
    /// are ordinary values (UCS-4 has no pairing). Lead bytes F8..=FB start five-byte sequences,
    /// FC and FD six-byte ones; FE and FF are never valid. Overlong sequences are rejected: the
    /// shortest form is required.
    Rfc2279,
}

impl Variant {
    /// The four variants, in declaration order.
    ///
    /// # Examples
    ///
    /// ```
    /// let names: Vec<&str> = utf8lens::variants::Variant::ALL.iter().map(|v| v.name()).collect();
    /// assert_eq!(names, ["cesu-8", "mutf-8", "wtf-8", "rfc2279"]);
    /// ```
    pub const ALL: [Variant; 4] = [
        Variant::Cesu8,
        Variant::Mutf8,
        Variant::Wtf8,
        Variant::Rfc2279,
    ];

    /// The variant's name as [`FromStr`] accepts it: `"cesu-8"`, `"mutf-8"`, `"wtf-8"` or
    /// `"rfc2279"`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(utf8lens::variants::Variant::Mutf8.name(), "mutf-8");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Variant::Cesu8 => "cesu-8",
            Variant::Mutf8 => "mutf-8",
            Variant::Wtf8 => "wtf-8",
            Variant::Rfc2279 => "rfc2279",
        }
    }

    /// The largest value the variant can encode.
    fn max_code_point(self) -> u32 {
        match self {
            Variant::Rfc2279 => 0x7FFF_FFFF,
            Variant::Cesu8 | Variant::Mutf8 | Variant::Wtf8 => 0x10_FFFF,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = ParseVariantError;

    /// Parses a variant name, ignoring ASCII case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s))
            .ok_or(ParseVariantError { _private: () })
    }
}

/// The error of parsing a [`Variant`] from a name it does not have.
///
/// # Examples
///
/// ```
/// let err = "utf-7".parse::<utf8lens::variants::Variant>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown UTF-8 variant; expected cesu-8, mutf-8, wtf-8 or rfc2279");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseVariantError {
    _private: (),
}

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown UTF-8 variant; expected cesu-8, mutf-8, wtf-8 or rfc2279")
    }
}

impl std::error::Error for ParseVariantError {}

/// Why [`decode`] or [`encode`] failed.
///
/// # Examples
///
/// ```
/// use utf8lens::variants::{self, Variant, VariantReason};
///
/// let err = variants::decode(b"a\x00", Variant::Mutf8).unwrap_err();
/// assert_eq!(err.reason(), VariantReason::NulByte);
/// assert_eq!(err.reason().as_str(), "nul-byte");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VariantReason {
    /// Decoding: a continuation byte (`80..=BF`) where a sequence must start.
    UnexpectedContinuation,
    /// Decoding: a byte that starts no sequence in this variant: `FE` and `FF` in all of them,
    /// `F5..=FF` in CESU-8, MUTF-8 and WTF-8.
    InvalidByte,
    /// Decoding, CESU-8 and MUTF-8: a four-byte UTF-8 sequence (lead byte `F0..=F4`). These
    /// variants write a supplementary character as two three-byte surrogate sequences instead.
    FourByteSequence,
    /// Decoding: a lead byte followed, before its sequence is complete, by a byte that is not a
    /// continuation byte.
    MissingContinuation,
    /// Decoding: the input ends inside a sequence.
    Truncated,
    /// Decoding: a sequence longer than its value needs, such as `C1 BF` for U+007F. (MUTF-8's
    /// `C0 80` for U+0000 is the one overlong form any variant allows.)
    Overlong,
    /// Decoding, MUTF-8: a raw `00` byte. Modified UTF-8 writes U+0000 as `C0 80`.
    NulByte,
    /// Decoding, CESU-8: a surrogate sequence without its partner (a lead not directly followed by
    /// a trail, or a trail not directly preceded by a lead).
    UnpairedSurrogate,
    /// Decoding, WTF-8: a lead surrogate sequence directly followed by a trail surrogate sequence.
    /// WTF-8 requires the four-byte form of that supplementary character.
    SurrogatePair,
    /// A value above the variant's maximum: U+10FFFF, or 0x7FFF_FFFF for RFC 2279. Decoding meets
    /// it only in WTF-8 (`F4 90 80 80` and above).
    TooLarge,
    /// Encoding, CESU-8: a surrogate code point. CESU-8 encodes scalar values only; their surrogate
    /// pairs are its own business.
    Surrogate,
}

impl VariantReason {
    /// A short stable name: `"unexpected-continuation"`, `"invalid-byte"`, `"four-byte-sequence"`,
    /// `"missing-continuation"`, `"truncated"`, `"overlong"`, `"nul-byte"`,
    /// `"unpaired-surrogate"`, `"surrogate-pair"`, `"too-large"` or `"surrogate"`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(utf8lens::variants::VariantReason::FourByteSequence.as_str(), "four-byte-sequence");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            VariantReason::UnexpectedContinuation => "unexpected-continuation",
            VariantReason::InvalidByte => "invalid-byte",
            VariantReason::FourByteSequence => "four-byte-sequence",
            VariantReason::MissingContinuation => "missing-continuation",
            VariantReason::Truncated => "truncated",
            VariantReason::Overlong => "overlong",
            VariantReason::NulByte => "nul-byte",
            VariantReason::UnpairedSurrogate => "unpaired-surrogate",
            VariantReason::SurrogatePair => "surrogate-pair",
            VariantReason::TooLarge => "too-large",
            VariantReason::Surrogate => "surrogate",
        }
    }

    /// One human phrase for the reason, as used in [`VariantError`]'s `Display`.
    fn describe(self) -> &'static str {
        match self {
            VariantReason::UnexpectedContinuation => "a continuation byte with no lead byte before it",
            VariantReason::InvalidByte => "a byte that starts no sequence in this encoding",
            VariantReason::FourByteSequence => {
                "a four-byte sequence; supplementary characters must be written as two three-byte surrogates"
            }
            VariantReason::MissingContinuation => {
                "a sequence cut short by a byte that is not a continuation byte"
            }
            VariantReason::Truncated => "the input ends inside a sequence",
            VariantReason::Overlong => "an overlong sequence; the shortest form is required",
            VariantReason::NulByte => "a raw 00 byte; U+0000 must be written C0 80",
            VariantReason::UnpairedSurrogate => "a surrogate without its partner",
            VariantReason::SurrogatePair => {
                "a surrogate pair written as two three-byte sequences; the four-byte form is required"
            }
            VariantReason::TooLarge => "a value above the largest this encoding allows",
            VariantReason::Surrogate => "a surrogate code point, which this encoding cannot write alone",
        }
    }
}

impl fmt::Display for VariantReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// Where and why [`decode`] or [`encode`] failed.
///
/// [`offset`](VariantError::offset) counts bytes of the input when decoding and code points of the
/// input when encoding.
///
/// # Examples
///
/// ```
/// use utf8lens::variants::{self, Variant, VariantReason};
///
/// // "é" then a four-byte sequence, which CESU-8 forbids.
/// let err = variants::decode(b"\xC3\xA9\xF0\x9F\x98\x80", Variant::Cesu8).unwrap_err();
/// assert_eq!(err.offset(), 2);
/// assert_eq!(err.variant(), Variant::Cesu8);
/// assert_eq!(err.reason(), VariantReason::FourByteSequence);
/// assert_eq!(
///     err.to_string(),
///     "invalid cesu-8 at byte 2: a four-byte sequence; \
///      supplementary characters must be written as two three-byte surrogates"
/// );
///
/// let err = variants::encode(&[0x41, 0x11_0000], Variant::Wtf8).unwrap_err();
/// assert_eq!((err.offset(), err.reason()), (1, VariantReason::TooLarge));
/// assert_eq!(
///     err.to_string(),
///     "cannot encode the code point at index 1 (U+110000) as wtf-8: a value above the largest this encoding allows"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VariantError {
    offset: usize,
    variant: Variant,
    reason: VariantReason,
    /// The code point that could not be encoded; `None` for decoding errors.
    unencodable: Option<u32>,
}

impl VariantError {
    /// Decoding: the offset of the first byte of the sequence that could not be decoded.
    /// Encoding: the index of the code point that could not be encoded.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lens::variants::{self, Variant};
    ///
    /// // The lone lead surrogate ED A0 80 starts at byte 1.
    /// let err = variants::decode(b"a\xED\xA0\x80b", Variant::Cesu8).unwrap_err();
    /// assert_eq!(err.offset(), 1);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The variant that was being decoded or encoded.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lens::variants::{self, Variant};
    ///
    /// let err = variants::decode(b"\xFE", Variant::Rfc2279).unwrap_err();
    /// assert_eq!(err.variant(), Variant::Rfc2279);
    /// ```
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Why it failed.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lens::variants::{self, Variant, VariantReason};
    ///
    /// let err = variants::decode(b"\xC1\xBF", Variant::Rfc2279).unwrap_err();
    /// assert_eq!(err.reason(), VariantReason::Overlong);
    /// ```
    pub fn reason(&self) -> VariantReason {
        self.reason
    }

    fn decoding(offset: usize, variant: Variant, reason: VariantReason) -> Self {
        VariantError {
            offset,
            variant,
            reason,
            unencodable: None,
        }
    }
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.unencodable {
            None => write!(
                f,
                "invalid {} at byte {}: {}",
                self.variant, self.offset, self.reason
            ),
            Some(cp) => write!(
                f,
                "cannot encode the code point at index {} (U+{cp:04X}) as {}: {}",
                self.offset, self.variant, self.reason
            ),
        }
    }
}

impl std::error::Error for VariantError {}

const LEAD_SURROGATES: core::ops::RangeInclusive<u32> = 0xD800..=0xDBFF;
const TRAIL_SURROGATES: core::ops::RangeInclusive<u32> = 0xDC00..=0xDFFF;
const SURROGATES: core::ops::RangeInclusive<u32> = 0xD800..=0xDFFF;

/// The supplementary code point a lead and a trail surrogate stand for.
fn join_surrogates(lead: u32, trail: u32) -> u32 {
    0x1_0000 + ((lead - 0xD800) << 10) + (trail - 0xDC00)
}

/// The UTF-16 surrogate pair of a supplementary code point (0x1_0000..=0x10_FFFF).
fn split_surrogates(cp: u32) -> (u32, u32) {
    let offset = cp - 0x1_0000;
    (0xD800 + (offset >> 10), 0xDC00 + (offset & 0x3FF))
}

/// Decodes bytes in one of the UTF-8 variants into code points.
///
/// The result holds every code point the variant can carry: surrogates for MUTF-8 (lone ones),
/// WTF-8 and RFC 2279, values up to 0x7FFF_FFFF for RFC 2279. In CESU-8 and MUTF-8 a lead
/// surrogate sequence directly followed by a trail surrogate sequence decodes to the one
/// supplementary code point they encode. Decoding stops at the first error. See [`Variant`] for
/// each variant's rules.
///
/// # Errors
///
/// A [`VariantError`] with the offset of the first byte of the first sequence that is not valid
/// in the variant, and a [`VariantReason`].
///
/// # Examples
///
/// ```
/// use utf8lens::variants::{self, Variant, VariantReason};
///
/// // U+10400 as a CESU-8 surrogate pair.
/// let cesu = [0xED, 0xA0, 0x81, 0xED, 0xB0, 0x80];
/// assert_eq!(variants::decode(&cesu, Variant::Cesu8).unwrap(), [0x10400]);
///
/// // MUTF-8: C0 80 is U+0000; a lone trail surrogate is kept.
/// assert_eq!(variants::decode(b"\xC0\x80\xED\xB0\x80", Variant::Mutf8).unwrap(), [0, 0xDC00]);
///
/// // WTF-8: a lone lead surrogate is fine, a pair split in two is not.
/// assert_eq!(variants::decode(b"\xED\xA0\x81z", Variant::Wtf8).unwrap(), [0xD801, 0x7A]);
/// let err = variants::decode(&cesu, Variant::Wtf8).unwrap_err();
/// assert_eq!((err.offset(), err.reason()), (0, VariantReason::SurrogatePair));
///
/// // RFC 2279: six bytes reach 0x7FFF_FFFF.
/// let max = [0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF];
/// assert_eq!(variants::decode(&max, Variant::Rfc2279).unwrap(), [0x7FFF_FFFF]);
///
/// // A truncated sequence is an error in every variant.
/// let err = variants::decode(b"ab\xE2\x82", Variant::Rfc2279).unwrap_err();
/// assert_eq!((err.offset(), err.reason()), (2, VariantReason::Truncated));
/// ```
pub fn decode(bytes: &[u8], variant: Variant) -> Result<Vec<u32>, VariantError> {
    let mut code_points = Vec::with_capacity(bytes.len());
    let mut pos = 0;
    while pos < bytes.len() {
        let fail = move |reason| VariantError::decoding(pos, variant, reason);
        let (value, len) = read_sequence(bytes, pos, variant).map_err(fail)?;
        let next = pos + len;
        if !SURROGATES.contains(&value) || variant == Variant::Rfc2279 {
            code_points.push(value);
            pos = next;
            continue;
        }
        // A surrogate from a three-byte sequence: whether it may pair with the next sequence, and
        // whether it may stand alone, is what sets CESU-8, MUTF-8 and WTF-8 apart.
        let following = if LEAD_SURROGATES.contains(&value) && next < bytes.len() {
            Some(read_sequence(bytes, next, variant))
        } else {
            None
        };
        match (variant, following) {
            (Variant::Cesu8 | Variant::Mutf8, Some(Ok((trail, trail_len))))
                if TRAIL_SURROGATES.contains(&trail) =>
            {
                code_points.push(join_surrogates(value, trail));
                pos = next + trail_len;
            }
            // Report what is wrong with the sequence after the lead rather than the lead itself.
            (Variant::Cesu8, Some(Err(reason))) => {
                return Err(VariantError::decoding(next, variant, reason))
            }
            (Variant::Cesu8, _) => return Err(fail(VariantReason::UnpairedSurrogate)),
            (Variant::Wtf8, Some(Ok((trail, _)))) if TRAIL_SURROGATES.contains(&trail) => {
                return Err(fail(VariantReason::SurrogatePair))
            }
            (Variant::Mutf8 | Variant::Wtf8 | Variant::Rfc2279, _) => {
                code_points.push(value);
                pos = next;
            }
        }
    }
    Ok(code_points)
}

/// Reads the one sequence starting at `start` (which must be inside `bytes`), returning its value
/// and length in bytes. Pairing surrogates is left to the caller.
fn read_sequence(
    bytes: &[u8],
    start: usize,
    variant: Variant,
) -> Result<(u32, usize), VariantReason> {
    let Some(&lead) = bytes.get(start) else {
        return Err(VariantReason::Truncated);
    };
    // RFC 2279's sequence forms; RFC 3629 UTF-8, and so WTF-8, keeps the first four, CESU-8 and
    // MUTF-8 the first three:
    //   0xxxxxxx                                                  7 bits
    //   110xxxxx 10xxxxxx                                        11 bits
    //   1110xxxx 10xxxxxx 10xxxxxx                               16 bits
    //   11110xxx 10xxxxxx 10xxxxxx 10xxxxxx                      21 bits
    //   111110xx 10xxxxxx 10xxxxxx 10xxxxxx 10xxxxxx             26 bits
    //   1111110x 10xxxxxx 10xxxxxx 10xxxxxx 10xxxxxx 10xxxxxx    31 bits
    let (len, shortest_above): (usize, u32) = match lead {
        0x00 if variant == Variant::Mutf8 => return Err(VariantReason::NulByte),
        0x00..=0x7F => return Ok((u32::from(lead), 1)),
        0x80..=0xBF => return Err(VariantReason::UnexpectedContinuation),
        0xC0..=0xDF => (2, 0x7F),
        0xE0..=0xEF => (3, 0x7FF),
        0xF0..=0xF4 if matches!(variant, Variant::Cesu8 | Variant::Mutf8) => {
            return Err(VariantReason::FourByteSequence)
        }
        0xF0..=0xF4 => (4, 0xFFFF),
        0xF5..=0xF7 if variant == Variant::Rfc2279 => (4, 0xFFFF),
        0xF8..=0xFB if variant == Variant::Rfc2279 => (5, 0x1F_FFFF),
        0xFC..=0xFD if variant == Variant::Rfc2279 => (6, 0x3FF_FFFF),
        0xF5..=0xFF => return Err(VariantReason::InvalidByte),
    };
    // The lead keeps 7 - len payload bits.
    let mut value = u32::from(lead) & (0x7F >> len);
    for i in 1..len {
        match bytes.get(start + i) {
            None => return Err(VariantReason::Truncated),
            Some(&byte) if byte & 0xC0 == 0x80 => value = (value << 6) | u32::from(byte & 0x3F),
            Some(_) => return Err(VariantReason::MissingContinuation),
        }
    }
    let mutf8_nul = variant == Variant::Mutf8 && len == 2 && value == 0;
    if value <= shortest_above && !mutf8_nul {
        return Err(VariantReason::Overlong);
    }
    if value > variant.max_code_point() {
        return Err(VariantReason::TooLarge);
    }
    Ok((value, len))
}

/// Encodes code points in one of the UTF-8 variants.
///
/// Always writes the shortest form (MUTF-8 writes U+0000 as `C0 80`). CESU-8 and MUTF-8 write each
/// supplementary code point as two three-byte surrogate sequences. WTF-8 joins a lead surrogate
/// directly followed by a trail surrogate into one supplementary character and writes other
/// surrogates as three-byte sequences; MUTF-8 and RFC 2279 write every surrogate as it is. See
/// [`Variant`] for each variant's rules.
///
/// For every input that encodes, [`decode`] gives it back, except that a lead surrogate
/// directly followed by a trail surrogate comes back joined in MUTF-8 and WTF-8, as it would from
/// UTF-16.
///
/// # Errors
///
/// A [`VariantError`] with the index of the first code point the variant cannot encode:
/// [`VariantReason::TooLarge`] above U+10FFFF (above 0x7FFF_FFFF for RFC 2279), or
/// [`VariantReason::Surrogate`] for a surrogate in CESU-8.
///
/// # Examples
///
/// ```
/// use utf8lens::variants::{self, Variant, VariantReason};
///
/// assert_eq!(variants::encode(&[0x10400], Variant::Cesu8).unwrap(), [0xED, 0xA0, 0x81, 0xED, 0xB0, 0x80]);
/// assert_eq!(variants::encode(&[0x41, 0], Variant::Mutf8).unwrap(), [0x41, 0xC0, 0x80]);
/// // WTF-8 joins a surrogate pair given as two code points into one four-byte character.
/// assert_eq!(variants::encode(&[0xD801, 0xDC00], Variant::Wtf8).unwrap(), "\u{10400}".as_bytes());
/// assert_eq!(variants::encode(&[0xD801], Variant::Wtf8).unwrap(), [0xED, 0xA0, 0x81]);
/// assert_eq!(
///     variants::encode(&[0x7FFF_FFFF], Variant::Rfc2279).unwrap(),
///     [0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]
/// );
///
/// let err = variants::encode(&[0x61, 0xDC00], Variant::Cesu8).unwrap_err();
/// assert_eq!((err.offset(), err.reason()), (1, VariantReason::Surrogate));
/// let err = variants::encode(&[0x8000_0000], Variant::Rfc2279).unwrap_err();
/// assert_eq!((err.offset(), err.reason()), (0, VariantReason::TooLarge));
/// ```
pub fn encode(code_points: &[u32], variant: Variant) -> Result<Vec<u8>, VariantError> {
    let mut out = Vec::with_capacity(code_points.len());
    let mut index = 0;
    while let Some(&cp) = code_points.get(index) {
        let fail = move |reason| VariantError {
            offset: index,
            variant,
            reason,
            unencodable: Some(cp),
        };
        if cp > variant.max_code_point() {
            return Err(fail(VariantReason::TooLarge));
        }
        match variant {
            Variant::Cesu8 if SURROGATES.contains(&cp) => {
                return Err(fail(VariantReason::Surrogate))
            }
            Variant::Mutf8 if cp == 0 => out.extend_from_slice(&[0xC0, 0x80]),
            Variant::Cesu8 | Variant::Mutf8 if cp > 0xFFFF => {
                let (lead, trail) = split_surrogates(cp);
                push_sequence(&mut out, lead);
                push_sequence(&mut out, trail);
            }
            Variant::Wtf8 if LEAD_SURROGATES.contains(&cp) => match code_points.get(index + 1) {
                Some(&trail) if TRAIL_SURROGATES.contains(&trail) => {
                    push_sequence(&mut out, join_surrogates(cp, trail));
                    index += 1;
                }
                _ => push_sequence(&mut out, cp),
            },
            _ => push_sequence(&mut out, cp),
        }
        index += 1;
    }
    Ok(out)
}

/// Appends the shortest RFC 2279 sequence for `value`, which must be at most 0x7FFF_FFFF.
fn push_sequence(out: &mut Vec<u8>, value: u32) {
    let len = match value {
        0..=0x7F => {
            out.push(value as u8);
            return;
        }
        0x80..=0x7FF => 2,
        0x800..=0xFFFF => 3,
        0x1_0000..=0x1F_FFFF => 4,
        0x20_0000..=0x3FF_FFFF => 5,
        _ => 6,
    };
    // The lead is `len` one bits, a zero, then the highest payload bits.
    let marker = !(0xFFu8 >> len);
    out.push(marker | (value >> (6 * (len - 1))) as u8);
    for k in (0..len - 1).rev() {
        out.push(0x80 | ((value >> (6 * k)) & 0x3F) as u8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use utf8lens_testkit::Rng;
    use VariantReason as R;

    const CESU: Variant = Variant::Cesu8;
    const MUTF: Variant = Variant::Mutf8;
    const WTF: Variant = Variant::Wtf8;
    const RFC: Variant = Variant::Rfc2279;

    fn err(bytes: &[u8], v: Variant) -> (usize, VariantReason) {
        let e = decode(bytes, v).expect_err("expected a decoding error");
        assert_eq!(e.variant(), v);
        (e.offset(), e.reason())
    }

    fn enc_err(cps: &[u32], v: Variant) -> (usize, VariantReason) {
        let e = encode(cps, v).expect_err("expected an encoding error");
        assert_eq!(e.variant(), v);
        (e.offset(), e.reason())
    }

    /// Joins each lead surrogate directly followed by a trail, as UTF-16 would read them.
    fn join_pairs(cps: &[u32]) -> Vec<u32> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < cps.len() {
            match (cps[i], cps.get(i + 1)) {
                (lead, Some(&trail))
                    if LEAD_SURROGATES.contains(&lead) && TRAIL_SURROGATES.contains(&trail) =>
                {
                    out.push(join_surrogates(lead, trail));
                    i += 2;
                }
                (cp, _) => {
                    out.push(cp);
                    i += 1;
                }
            }
        }
        out
    }

    /// A random code point a variant can encode, biased towards boundaries and surrogates.
    fn random_code_point(rng: &mut Rng, v: Variant) -> u32 {
        const EDGES: [u32; 20] = [
            0, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFD,
            0xFFFF, 0x1_0000, 0x10_FFFF, 0x11_0000, 0x1F_FFFF, 0x20_0000, 0x3FF_FFFF, 0x400_0000,
        ];
        let cp = match rng.below(8) {
            0 => *rng.pick(&EDGES),
            1 => rng.below(0x80) as u32,
            2 => 0xD800 + rng.below(0x800) as u32,
            3 => rng.below(0x1_0000) as u32,
            4 => 0x1_0000 + rng.below(0x10_0000) as u32,
            5 => rng.below(0x8000_0000) as u32,
            _ => rng.below(0x800) as u32,
        };
        let allowed = cp <= v.max_code_point() && !(v == CESU && SURROGATES.contains(&cp));
        if allowed {
            cp
        } else {
            rng.below(0xD800) as u32
        }
    }

    #[test]
    fn names_parse_and_display() {
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
            assert_eq!(v.name().to_ascii_uppercase().parse::<Variant>(), Ok(v));
            assert_eq!(v.to_string(), v.name());
        }
        for bad in ["", "utf-8", "cesu8", "wtf-8 ", "rfc-2279"] {
            assert!(bad.parse::<Variant>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn known_vectors() {
        #[rustfmt::skip]
        let vectors: &[(Variant, &[u32], &[u8])] = &[
            // Unicode TR#26: U+10400 as the surrogates D801 DC00.
            (CESU, &[0x10400], &[0xED, 0xA0, 0x81, 0xED, 0xB0, 0x80]),
            (CESU, &[0x10_FFFF], &[0xED, 0xAF, 0xBF, 0xED, 0xBF, 0xBF]),
            (CESU, &[0x1_0000], &[0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80]),
            (CESU, &[0, 0x41, 0xE9, 0x20AC, 0xFFFF], b"\x00A\xC3\xA9\xE2\x82\xAC\xEF\xBF\xBF"),
            (MUTF, &[0], &[0xC0, 0x80]),
            (MUTF, &[0x41, 0, 0x42], &[0x41, 0xC0, 0x80, 0x42]),
            (MUTF, &[0x1F600], &[0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]),
            (MUTF, &[0xD800], &[0xED, 0xA0, 0x80]),
            (MUTF, &[0xDFFF, 0xDBFF], &[0xED, 0xBF, 0xBF, 0xED, 0xAF, 0xBF]),
            (WTF, &[0xD800], &[0xED, 0xA0, 0x80]),
            (WTF, &[0xDC00, 0xD800], &[0xED, 0xB0, 0x80, 0xED, 0xA0, 0x80]),
            (WTF, &[0x1F600, 0], &[0xF0, 0x9F, 0x98, 0x80, 0x00]),
            (WTF, &[0x10_FFFF], &[0xF4, 0x8F, 0xBF, 0xBF]),
            (RFC, &[0x7FFF_FFFF], &[0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]),
            (RFC, &[0x400_0000], &[0xFC, 0x84, 0x80, 0x80, 0x80, 0x80]),
            (RFC, &[0x3FF_FFFF], &[0xFB, 0xBF, 0xBF, 0xBF, 0xBF]),
            (RFC, &[0x20_0000], &[0xF8, 0x88, 0x80, 0x80, 0x80]),
            (RFC, &[0x1F_FFFF], &[0xF7, 0xBF, 0xBF, 0xBF]),
            (RFC, &[0x11_0000], &[0xF4, 0x90, 0x80, 0x80]),
            (RFC, &[0xD800, 0xDC00], &[0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80]),
            (RFC, &[], &[]),
        ];
        for &(v, cps, bytes) in vectors {
            assert_eq!(encode(cps, v).unwrap(), bytes, "{v} encode {cps:X?}");
            assert_eq!(decode(bytes, v).unwrap(), cps, "{v} decode {bytes:02X?}");
        }
    }

    #[test]
    fn decoding_errors() {
        #[rustfmt::skip]
        let cases: &[(Variant, &[u8], usize, VariantReason)] = &[
            (CESU, b"a\x80", 1, R::UnexpectedContinuation),
            (RFC, b"\xBF", 0, R::UnexpectedContinuation),
            (RFC, b"ab\xFE", 2, R::InvalidByte),
            (RFC, b"\xFF", 0, R::InvalidByte),
            (WTF, b"\xF5\x80\x80\x80", 0, R::InvalidByte),
            (WTF, b"\xF8\x88\x80\x80\x80", 0, R::InvalidByte),
            (CESU, b"\xF7\xBF\xBF\xBF", 0, R::InvalidByte),
            (MUTF, b"\xFC\x84\x80\x80\x80\x80", 0, R::InvalidByte),
            (CESU, b"x\xF0\x9F\x98\x80", 1, R::FourByteSequence),
            (MUTF, b"\xF4\x8F\xBF\xBF", 0, R::FourByteSequence),
            (CESU, b"\xE2\x82\x41", 0, R::MissingContinuation),
            (RFC, b"\xFD\xBF\xBF\xBF\xBF\x00", 0, R::MissingContinuation),
            (WTF, b"\xC3", 0, R::Truncated),
            (RFC, b"\xFD\xBF\xBF\xBF\xBF", 0, R::Truncated),
            (MUTF, b"\xED\xA0\x80\xED\xB0", 3, R::Truncated),
            // CESU-8 reports the broken sequence after a lead surrogate, not the lead.
            (CESU, b"\xED\xA0\x80\xED\xB0", 3, R::Truncated),
            (CESU, b"\xED\xA0\x80\x80", 3, R::UnexpectedContinuation),
            (CESU, b"\xC0\x80", 0, R::Overlong),
            (WTF, b"\xC0\x80", 0, R::Overlong),
            (MUTF, b"\xC1\xBF", 0, R::Overlong),
            (MUTF, b"\xE0\x80\x80", 0, R::Overlong),
            (WTF, b"\xE0\x9F\xBF", 0, R::Overlong),
            (WTF, b"\xF0\x8F\xBF\xBF", 0, R::Overlong),
            (RFC, b"\xF8\x87\xBF\xBF\xBF", 0, R::Overlong),
            (RFC, b"\xFC\x83\xBF\xBF\xBF\xBF", 0, R::Overlong),
            (RFC, b"\xFC\x80\x80\x80\x80\x80", 0, R::Overlong),
            (MUTF, b"\x00", 0, R::NulByte),
            (MUTF, b"abc\x00", 3, R::NulByte),
            (CESU, b"\xED\xA0\x80", 0, R::UnpairedSurrogate),
            (CESU, b"\xED\xA0\x80a", 0, R::UnpairedSurrogate),
            (CESU, b"\xED\xA0\x80\xED\xA0\x80", 0, R::UnpairedSurrogate),
            (CESU, b"ab\xED\xB0\x80", 2, R::UnpairedSurrogate),
            (CESU, b"\xED\xB0\x80\xED\xA0\x80", 0, R::UnpairedSurrogate),
            (WTF, b"\xED\xA0\x81\xED\xB0\x80", 0, R::SurrogatePair),
            (WTF, b"z\xED\xAF\xBF\xED\xBF\xBF", 1, R::SurrogatePair),
            (WTF, b"\xF4\x90\x80\x80", 0, R::TooLarge),
            (WTF, b"\xF4\xBF\xBF\xBF", 0, R::TooLarge),
        ];
        for &(v, bytes, offset, reason) in cases {
            assert_eq!(err(bytes, v), (offset, reason), "{v} {bytes:02X?}");
        }
        // Only MUTF-8 allows the overlong C0 80, and only for U+0000.
        assert_eq!(decode(b"\xC0\x80", MUTF).unwrap(), [0]);
        // A raw 00 is fine outside MUTF-8.
        for v in [CESU, WTF, RFC] {
            assert_eq!(decode(b"\x00", v).unwrap(), [0]);
        }
    }

    #[test]
    fn encoding_errors() {
        assert_eq!(enc_err(&[0x41, 0xD800], CESU), (1, R::Surrogate));
        assert_eq!(enc_err(&[0xD800, 0xDC00], CESU), (0, R::Surrogate));
        assert_eq!(enc_err(&[0xDFFF], CESU), (0, R::Surrogate));
        for v in [CESU, MUTF, WTF] {
            assert_eq!(enc_err(&[0, 0x11_0000], v), (1, R::TooLarge));
            assert_eq!(enc_err(&[u32::MAX], v), (0, R::TooLarge));
        }
        assert_eq!(enc_err(&[0x8000_0000], RFC), (0, R::TooLarge));
        assert_eq!(enc_err(&[1, 2, u32::MAX], RFC), (2, R::TooLarge));
        let e = encode(&[0xDC00], CESU).unwrap_err();
        assert_eq!(
            e.to_string(),
            "cannot encode the code point at index 0 (U+DC00) as cesu-8: a surrogate code point, which this encoding cannot write alone"
        );
    }

    #[test]
    fn every_reason_has_a_distinct_name_and_a_sentence() {
        let all = [
            R::UnexpectedContinuation,
            R::InvalidByte,
            R::FourByteSequence,
            R::MissingContinuation,
            R::Truncated,
            R::Overlong,
            R::NulByte,
            R::UnpairedSurrogate,
            R::SurrogatePair,
            R::TooLarge,
            R::Surrogate,
        ];
        let names: std::collections::HashSet<_> = all.iter().map(|r| r.as_str()).collect();
        assert_eq!(names.len(), all.len());
        for r in all {
            assert!(!r.to_string().is_empty());
        }
        let e = decode(b"\xED\xA0\x80", CESU).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid cesu-8 at byte 0: a surrogate without its partner"
        );
        let boxed: Box<dyn std::error::Error> = Box::new(e);
        assert!(boxed.source().is_none());
    }

    #[test]
    fn every_scalar_value_round_trips_and_agrees_with_std_where_the_forms_coincide() {
        let mut buf = [0u8; 4];
        for ch in (0..=0x10_FFFFu32).filter_map(char::from_u32) {
            let cp = ch as u32;
            let utf8 = ch.encode_utf8(&mut buf).as_bytes();
            for v in Variant::ALL {
                let bytes = encode(&[cp], v).unwrap();
                assert_eq!(decode(&bytes, v).unwrap(), [cp], "{v} U+{cp:04X}");
                let same_as_utf8 = match v {
                    Variant::Wtf8 | Variant::Rfc2279 => true,
                    Variant::Cesu8 => cp <= 0xFFFF,
                    Variant::Mutf8 => cp != 0 && cp <= 0xFFFF,
                };
                assert_eq!(bytes == utf8, same_as_utf8, "{v} U+{cp:04X}");
            }
        }
    }

    #[test]
    fn every_surrogate_round_trips_where_allowed() {
        for cp in SURROGATES {
            for v in [MUTF, WTF, RFC] {
                let bytes = encode(&[cp], v).unwrap();
                assert_eq!(bytes.len(), 3);
                assert_eq!(decode(&bytes, v).unwrap(), [cp], "{v} {cp:X}");
            }
        }
    }

    #[test]
    fn rfc2279_lengths_and_boundaries_round_trip() {
        for (first, last, len) in [
            (0u32, 0x7F, 1usize),
            (0x80, 0x7FF, 2),
            (0x800, 0xFFFF, 3),
            (0x1_0000, 0x1F_FFFF, 4),
            (0x20_0000, 0x3FF_FFFF, 5),
            (0x400_0000, 0x7FFF_FFFF, 6),
        ] {
            for cp in [first, first + 1, last - 1, last] {
                let bytes = encode(&[cp], RFC).unwrap();
                assert_eq!(bytes.len(), len, "{cp:X}");
                assert_eq!(decode(&bytes, RFC).unwrap(), [cp]);
            }
        }
    }

    #[test]
    fn random_sequences_round_trip() {
        let mut rng = Rng::new(0x1234_5678_9ABC_DEF1);
        for _ in 0..20_000 {
            for v in Variant::ALL {
                let len = rng.below(10);
                let cps: Vec<u32> = (0..len).map(|_| random_code_point(&mut rng, v)).collect();
                let bytes = encode(&cps, v).unwrap();
                let decoded = decode(&bytes, v).unwrap();
                let expected = match v {
                    Variant::Mutf8 | Variant::Wtf8 => join_pairs(&cps),
                    Variant::Cesu8 | Variant::Rfc2279 => cps.clone(),
                };
                assert_eq!(decoded, expected, "{v} {cps:X?} -> {bytes:02X?}");
                // The bytes were canonical, so encoding what they decode to gives them back.
                assert_eq!(encode(&decoded, v).unwrap(), bytes, "{v} {cps:X?}");
                if v == MUTF {
                    assert!(!bytes.contains(&0), "MUTF-8 never writes a 00 byte");
                }
            }
        }
    }

    /// Random bytes: mostly pieces of valid sequences from every variant, with noise.
    fn random_bytes(rng: &mut Rng) -> Vec<u8> {
        let mut bytes = Vec::new();
        for _ in 0..rng.below(8) {
            match rng.below(4) {
                0 => bytes.push(rng.byte()),
                1 => bytes.push(*rng.pick(&[0x00, 0x80, 0xBF, 0xC0, 0xED, 0xF4, 0xF8, 0xFD, 0xFE])),
                _ => {
                    let v = *rng.pick(&Variant::ALL);
                    let cp = random_code_point(rng, v);
                    let mut piece = encode(&[cp], v).unwrap();
                    if rng.below(4) == 0 {
                        piece.truncate(rng.below(piece.len()));
                    }
                    bytes.extend(piece);
                }
            }
        }
        bytes
    }

    #[test]
    fn random_bytes_never_panic_and_agree_with_std() {
        let mut rng = Rng::new(42);
        for _ in 0..100_000 {
            let bytes = random_bytes(&mut rng);
            let std_chars: Option<Vec<u32>> = std::str::from_utf8(&bytes)
                .ok()
                .map(|s| s.chars().map(u32::from).collect());
            for v in Variant::ALL {
                match decode(&bytes, v) {
                    Ok(cps) => {
                        // Whatever decodes was canonical: it encodes back to the same bytes.
                        assert_eq!(encode(&cps, v).unwrap(), bytes, "{v} {bytes:02X?}");
                    }
                    Err(e) => {
                        assert!(e.offset() < bytes.len(), "{v} {bytes:02X?}: {e}");
                        // Everything before the error decodes.
                        let before = bytes.get(..e.offset()).unwrap_or_default();
                        let is_cesu_pair_tail = v == CESU
                            && e.offset() >= 3
                            && bytes
                                .get(e.offset() - 3..e.offset())
                                .is_some_and(|s| s[0] == 0xED && (0xA0..=0xAF).contains(&s[1]));
                        if !is_cesu_pair_tail {
                            assert!(decode(before, v).is_ok(), "{v} {bytes:02X?}: {e}");
                        }
                    }
                }
            }
            // WTF-8 and RFC 2279 are supersets of UTF-8.
            if let Some(chars) = &std_chars {
                assert_eq!(decode(&bytes, WTF).as_ref(), Ok(chars), "{bytes:02X?}");
                assert_eq!(decode(&bytes, RFC).as_ref(), Ok(chars), "{bytes:02X?}");
            }
            // Without surrogates, WTF-8 is exactly UTF-8.
            if let Ok(cps) = decode(&bytes, WTF) {
                let has_surrogate = cps.iter().any(|cp| SURROGATES.contains(cp));
                assert_eq!(std_chars.is_some(), !has_surrogate, "{bytes:02X?}");
            }
            // CESU-8 without supplementary characters is exactly UTF-8.
            if let Ok(cps) = decode(&bytes, CESU) {
                let bmp_only = cps.iter().all(|&cp| cp <= 0xFFFF);
                assert_eq!(std_chars.is_some(), bmp_only, "{bytes:02X?}");
            }
        }
    }
}
