//! Encoding one scalar value, and the bit-fill explanation of RFC 3629 §3.

use core::fmt;

/// One row of RFC 3629 §3's table: which code points take how many octets, and their template.
///
/// # Examples
///
/// ```
/// use utf8lens::RANGE_TABLE;
///
/// let row = &RANGE_TABLE[2];
/// assert_eq!((row.first, row.last, row.octets), (0x0800, 0xFFFF, 3));
/// assert_eq!(row.template, "1110xxxx 10xxxxxx 10xxxxxx");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RangeRow {
    /// First code point of the row.
    pub first: u32,
    /// Last code point of the row.
    pub last: u32,
    /// Number of octets for every code point in the row.
    pub octets: usize,
    /// The octet templates, space-separated; `x` marks a payload bit.
    pub template: &'static str,
}

/// RFC 3629 §3's table (the surrogates U+D800..=U+DFFF inside row 3 are excluded separately).
///
/// ```
/// assert_eq!(utf8lens::RANGE_TABLE.len(), 4);
/// ```
#[rustfmt::skip]
pub const RANGE_TABLE: [RangeRow; 4] = [
    RangeRow { first: 0x0000,   last: 0x007F,    octets: 1, template: "0xxxxxxx" },
    RangeRow { first: 0x0080,   last: 0x07FF,    octets: 2, template: "110xxxxx 10xxxxxx" },
    RangeRow { first: 0x0800,   last: 0xFFFF,    octets: 3, template: "1110xxxx 10xxxxxx 10xxxxxx" },
    RangeRow { first: 0x1_0000, last: 0x10_FFFF, octets: 4, template: "11110xxx 10xxxxxx 10xxxxxx 10xxxxxx" },
];

/// Why a code point cannot be encoded.
///
/// # Examples
///
/// ```
/// use utf8lens::{encode_code_point, EncodeError};
///
/// assert_eq!(encode_code_point(0xD800).unwrap_err(), EncodeError::Surrogate(0xD800));
/// assert_eq!(encode_code_point(0x11_0000).unwrap_err(), EncodeError::TooLarge(0x11_0000));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EncodeError {
    /// U+D800..=U+DFFF are reserved for UTF-16 surrogate pairs and are not scalar values.
    Surrogate(u32),
    /// Above U+10FFFF, the last code point (RFC 3629 §3 restricts UTF-8 to it).
    TooLarge(u32),
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeError::Surrogate(cp) => write!(
                f,
                "U+{cp:04X} is a surrogate code point (U+D800 to U+DFFF), which UTF-8 must not encode"
            ),
            EncodeError::TooLarge(cp) => {
                write!(f, "{cp:#X} is above U+10FFFF, the largest code point")
            }
        }
    }
}

impl std::error::Error for EncodeError {}

fn check_scalar(cp: u32) -> Result<char, EncodeError> {
    char::from_u32(cp).ok_or(if cp > 0x10_FFFF {
        EncodeError::TooLarge(cp)
    } else {
        EncodeError::Surrogate(cp)
    })
}

/// How many octets RFC 3629 §3 gives a code point (surrogates and values above U+10FFFF included, by
/// the same arithmetic, for explaining overlong sequences).
pub(crate) fn octet_count(cp: u32) -> usize {
    match cp {
        0..=0x7F => 1,
        0x80..=0x7FF => 2,
        0x800..=0xFFFF => 3,
        _ => 4,
    }
}

/// The UTF-8 bytes of one scalar value.
///
/// # Examples
///
/// ```
/// let euro = utf8lens::encode_code_point(0x20AC).unwrap();
/// assert_eq!(euro.as_bytes(), [0xE2, 0x82, 0xAC]);
/// assert_eq!(euro.len(), 3);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EncodedChar {
    buf: [u8; 4],
    len: u8,
}

impl EncodedChar {
    /// The 1 to 4 bytes.
    ///
    /// ```
    /// assert_eq!(utf8lens::encode_code_point(0x24).unwrap().as_bytes(), b"$");
    /// ```
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf[..usize::from(self.len).min(4)]
    }

    /// The number of bytes, 1 to 4.
    ///
    /// ```
    /// assert_eq!(utf8lens::encode_code_point(0x1F600).unwrap().len(), 4);
    /// ```
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }
}

/// Encodes one code point as UTF-8, following RFC 3629 §3.
///
/// # Errors
///
/// [`EncodeError::Surrogate`] for U+D800..=U+DFFF and [`EncodeError::TooLarge`] above U+10FFFF.
///
/// # Examples
///
/// ```
/// use utf8lens::encode_code_point;
///
/// assert_eq!(encode_code_point(0x10348).unwrap().as_bytes(), [0xF0, 0x90, 0x8D, 0x88]); // 𐍈
/// assert!(encode_code_point(0xDFFF).is_err());
/// ```
pub fn encode_code_point(cp: u32) -> Result<EncodedChar, EncodeError> {
    let ch = check_scalar(cp)?;
    let mut buf = [0; 4];
    let len = ch.encode_utf8(&mut buf).len() as u8;
    Ok(EncodedChar { buf, len })
}

/// One octet of a bit-fill explanation.
///
/// # Examples
///
/// ```
/// let fill = utf8lens::explain(0x20AC).unwrap();
/// let first = &fill.octets()[0];
/// assert_eq!((first.template(), first.marker_len(), first.value()), ("1110xxxx", 4, 0xE2));
/// // Its low four bits receive code point bits 15..=12.
/// assert_eq!(first.bit_sources()[4..], [Some(15), Some(14), Some(13), Some(12)]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Octet {
    template: &'static str,
    marker_len: u8,
    value: u8,
    bit_sources: [Option<u8>; 8],
}

impl Octet {
    /// The template, such as `1110xxxx` or `10xxxxxx`.
    ///
    /// ```
    /// assert_eq!(utf8lens::explain(0xE4).unwrap().octets()[1].template(), "10xxxxxx");
    /// ```
    pub fn template(&self) -> &'static str {
        self.template
    }

    /// How many leading bits are fixed marker bits (`0`, `110`, `1110`, `11110` or `10`).
    ///
    /// ```
    /// assert_eq!(utf8lens::explain(0x41).unwrap().octets()[0].marker_len(), 1);
    /// ```
    pub fn marker_len(&self) -> usize {
        usize::from(self.marker_len)
    }

    /// The finished octet.
    ///
    /// ```
    /// assert_eq!(utf8lens::explain(0xE4).unwrap().octets()[0].value(), 0xC3);
    /// ```
    pub fn value(&self) -> u8 {
        self.value
    }

    /// For each bit of the octet, most significant first, the code point bit that fills it (bit 0 is the
    /// lowest), or `None` for a marker bit.
    ///
    /// ```
    /// let octet = utf8lens::explain(0x41).unwrap().octets()[0];
    /// assert_eq!(octet.bit_sources(), [None, Some(6), Some(5), Some(4), Some(3), Some(2), Some(1), Some(0)]);
    /// ```
    pub fn bit_sources(&self) -> [Option<u8>; 8] {
        self.bit_sources
    }
}

/// How a code point's bits fill the octets of its UTF-8 form: RFC 3629 §3's three steps as data.
///
/// 1. Choose the octet count from the [`row`](Self::row) of [`RANGE_TABLE`] that holds the code point.
/// 2. Prepare the high-order marker bits of each octet ([`Octet::template`], [`Octet::marker_len`]).
/// 3. Fill the `x` bits from the code point, its lowest bit into the last octet first
///    ([`Octet::bit_sources`]).
///
/// Read backwards, the same data explains decoding: see [`explain_sequence`].
///
/// # Examples
///
/// ```
/// let fill = utf8lens::explain(0x20AC).unwrap(); // €
/// assert_eq!(fill.row().octets, 3);
/// assert_eq!(fill.payload_bits(), 16);
/// assert_eq!(fill.code_point_bits(), "0010000010101100");
/// assert_eq!(fill.bytes(), [0xE2, 0x82, 0xAC]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BitFill {
    code_point: u32,
    row: &'static RangeRow,
    octets: [Octet; 4],
    bytes: EncodedChar,
}

impl BitFill {
    /// The code point explained.
    ///
    /// ```
    /// assert_eq!(utf8lens::explain(0x24).unwrap().code_point(), 0x24);
    /// ```
    pub fn code_point(&self) -> u32 {
        self.code_point
    }

    /// The row of [`RANGE_TABLE`] that holds the code point: why it takes this many octets.
    ///
    /// ```
    /// assert_eq!(utf8lens::explain(0x7FF).unwrap().row().last, 0x7FF);
    /// ```
    pub fn row(&self) -> &'static RangeRow {
        self.row
    }

    /// The octets, first to last.
    ///
    /// ```
    /// assert_eq!(utf8lens::explain(0x1F600).unwrap().octets().len(), 4);
    /// ```
    pub fn octets(&self) -> &[Octet] {
        &self.octets[..self.bytes.len()]
    }

    /// The encoded bytes.
    ///
    /// ```
    /// assert_eq!(utf8lens::explain(0xA2).unwrap().bytes(), [0xC2, 0xA2]);
    /// ```
    pub fn bytes(&self) -> &[u8] {
        self.bytes.as_bytes()
    }

    /// How many payload (`x`) bits the octets hold: 7, 11, 16 or 21.
    ///
    /// ```
    /// assert_eq!(utf8lens::explain(0x10348).unwrap().payload_bits(), 21);
    /// ```
    pub fn payload_bits(&self) -> u32 {
        match self.bytes.len() {
            1 => 7,
            2 => 11,
            3 => 16,
            _ => 21,
        }
    }

    /// The code point in binary, zero-padded to [`payload_bits`](Self::payload_bits) digits.
    ///
    /// ```
    /// assert_eq!(utf8lens::explain(0xA2).unwrap().code_point_bits(), "00010100010");
    /// ```
    pub fn code_point_bits(&self) -> String {
        format!(
            "{:0width$b}",
            self.code_point,
            width = self.payload_bits() as usize
        )
    }
}

/// Explains how `cp` is encoded, octet by octet and bit by bit.
///
/// # Errors
///
/// The same as [`encode_code_point`]: surrogates and values above U+10FFFF have no UTF-8 form.
///
/// # Examples
///
/// ```
/// let fill = utf8lens::explain(0xE4).unwrap(); // ä
/// let templates: Vec<&str> = fill.octets().iter().map(|o| o.template()).collect();
/// assert_eq!(templates, ["110xxxxx", "10xxxxxx"]);
/// assert_eq!(fill.bytes(), [0xC3, 0xA4]);
/// assert!(utf8lens::explain(0xD800).is_err());
/// ```
pub fn explain(cp: u32) -> Result<BitFill, EncodeError> {
    let bytes = encode_code_point(cp)?;
    let n = bytes.len();
    let row = &RANGE_TABLE[(n - 1).min(3)];
    let mut octets = [Octet {
        template: "",
        marker_len: 0,
        value: 0,
        bit_sources: [None; 8],
    }; 4];
    for (j, (octet, template)) in octets.iter_mut().zip(row.template.split(' ')).enumerate() {
        let marker_len = template.bytes().take_while(|&c| c != b'x').count();
        // Bits that land in later octets: six per continuation octet.
        let below = 6 * (n - 1 - j);
        let mut bit_sources = [None; 8];
        for (i, source) in bit_sources.iter_mut().enumerate().skip(marker_len) {
            *source = Some((below + 7 - i) as u8);
        }
        *octet = Octet {
            template,
            marker_len: marker_len as u8,
            value: bytes.as_bytes().get(j).copied().unwrap_or(0),
            bit_sources,
        };
    }
    Ok(BitFill {
        code_point: cp,
        row,
        octets,
        bytes,
    })
}

/// Explains the decoding of one well-formed character: the same bit-fill data, read from the bytes.
///
/// Returns `None` unless `bytes` is exactly one well-formed character.
///
/// # Examples
///
/// ```
/// let fill = utf8lens::explain_sequence(&[0xF0, 0x9F, 0x98, 0x80]).unwrap();
/// assert_eq!(fill.code_point(), 0x1F600);
/// assert!(utf8lens::explain_sequence(b"ab").is_none());
/// assert!(utf8lens::explain_sequence(b"\xC0\xAF").is_none());
/// ```
pub fn explain_sequence(bytes: &[u8]) -> Option<BitFill> {
    let text = core::str::from_utf8(bytes).ok()?;
    let mut chars = text.chars();
    let ch = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    explain(u32::from(ch)).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_sources_rebuild_every_byte_of_sample_code_points() {
        for cp in [
            0, 0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x1_0000, 0x10_FFFF, 0x20AC, 0x1F600,
        ] {
            let fill = explain(cp).unwrap();
            for octet in fill.octets() {
                let mut rebuilt = 0u8;
                for (i, source) in octet.bit_sources().iter().enumerate() {
                    let bit = match source {
                        Some(k) => (cp >> k) & 1,
                        None => u32::from(octet.template().as_bytes()[i] - b'0'),
                    };
                    rebuilt |= (bit as u8) << (7 - i);
                }
                assert_eq!(rebuilt, octet.value(), "U+{cp:04X}");
            }
            // Every payload bit is used exactly once.
            let mut used: Vec<u8> = fill
                .octets()
                .iter()
                .flat_map(|o| o.bit_sources())
                .flatten()
                .collect();
            used.sort_unstable();
            assert_eq!(used, (0..fill.payload_bits() as u8).collect::<Vec<_>>());
        }
    }
}
