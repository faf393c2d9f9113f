//! A strict UTF-8 codec that explains itself.
//!
//! `utf8lens` implements UTF-8 as RFC 3629 defines it and reports malformed input the way the Unicode
//! Standard (§3.9, "U+FFFD substitution of maximal subparts") and the WHATWG Encoding Standard do, so that
//! every error it reports is exactly one U+FFFD of `TextDecoder` and of [`String::from_utf8_lossy`].
//! Beyond a yes/no verdict it says *what* each byte is and *why* a sequence is malformed, which is what
//! the utf8lens inspector draws.
//!
//! # Overview
//!
//! The crate root holds UTF-8 itself:
//!
//! * Byte classes: [`classify`], [`ByteClass`], [`LeadByte`], [`NeverValid`], [`marker_len`], and
//!   in context [`byte_roles`] and [`ByteRole`].
//! * Validating and decoding: [`validate`], [`from_utf8`], [`segments`], [`errors`] (every
//!   [`Malformed`] sequence, with its [`ErrorKind`] and [`Intended`] code point), [`decode_lossy`],
//!   [`decode_with`] and [`Replacement`], [`decode_utf8b`] / [`encode_utf8b`], self-synchronisation
//!   with [`char_start`], and [`is_ascii`], for input that needs no decoding at all.
//! * Encoding: [`encode_code_point`] and the bit-fill explanation [`explain`] /
//!   [`explain_sequence`], with the table of byte patterns [`RANGE_TABLE`].
//! * Streaming: [`StreamDecoder`], with `TextDecoder`'s semantics.
//! * UTF-16 (JavaScript strings): [`utf8_to_utf16`] and [`utf8_to_utf16_into`] (into a buffer of
//!   the caller's), [`utf16_to_utf8`], [`utf16_to_utf8_strict`] and [`utf16_to_utf8_into`], and
//!   UTF-16 offsets of byte offsets with [`Utf16Cursor`].
//! * UTF-16 and UTF-32 as bytes (either byte order, or the one a byte order mark names), beside
//!   UTF-8: [`UnicodeDecoder`] for an [`UnicodeEncoding`], with [`UnicodeError`]s, and
//!   [`sniff_bom`].
//!
//! What is built on it has a module of its own, each with its own types:
//!
//! * [`charset`]: legacy single-byte charsets ([`Charset`](charset::Charset): true ISO-8859,
//!   Windows, KOI8, DOS, Mac tables), [`charset::decode`], [`charset::encode`] (and
//!   [`charset::encode_from_utf16`]) with a [`Fallback`](charset::Fallback), and browser label
//!   resolution with [`charset::resolve_label`] and [`charset::encoding_labels`].
//! * [`variants`]: UTF-8's relatives CESU-8, MUTF-8, WTF-8 and RFC 2279, with [`variants::decode`]
//!   and [`variants::encode`].
//! * [`mojibake`]: [`mojibake::garble`] / [`mojibake::garble_traced`] /
//!   [`mojibake::garble_rounds`], [`mojibake::misread_as_utf8`], [`mojibake::matrix`], and
//!   [`mojibake::repair`], which undoes up to three layers and explains each step.
//! * [`sanitize`]: [`sanitize::sanitize`] makes text well-formed and free of invisible tricks as a
//!   [`Policy`](sanitize::Policy) says, and reports every change.
//! * [`detect`]: which charset a text is in, with reasons.
//! * [`confusables`]: look-alikes as UTS #39 defines them: [`confusables::skeleton`],
//!   [`confusables::are_confusable`], script sets and restriction levels with
//!   [`confusables::scripts`], and [`confusables::mixed_script_confusables`].
//!
//! # Error reporting
//!
//! [`Utf8Error`] is shaped like [`std::str::Utf8Error`] (`valid_up_to`, `error_len`). Each
//! [`Malformed`] carries its offset, the length of its maximal subpart, an [`ErrorKind`] and, for
//! overlong, surrogate and too-large sequences, the [`Intended`] code point the bytes would have spelled.
//! Its `Display` is a sentence for people.
//!
//! ```
//! use utf8lens::{errors, ErrorKind};
//!
//! let e = errors(b"\xED\xA0\x80").next().unwrap();
//! assert_eq!(e.kind(), ErrorKind::Surrogate);
//! assert_eq!(e.intended().map(|i| i.code_point()), Some(0xD800));
//! ```
//!
//! # Panics
//!
//! No function in this crate panics on any input: malformed bytes, out-of-range code points and
//! out-of-range offsets all come back as error values or `None`. In WebAssembly a panic would abort the
//! whole module, so this is a tested property, not an aspiration.
#![deny(missing_docs)]
#![deny(unsafe_code)] // allowed only in the SIMD module, each use with a SAFETY note
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // bad input is an error, never a panic

mod bom;
mod byte_class;
pub mod charset;
#[cfg(feature = "confusables")]
pub mod confusables;
mod decode;
pub mod detect;
mod encode;
mod error;
mod error_scan;
pub mod mojibake;
mod percent;
pub mod sanitize;
mod simd;
mod stream;
mod unicode_forms;
mod utf16;
pub mod variants;

pub use crate::bom::sniff_bom;
pub use crate::byte_class::{
    byte_roles, classify, marker_len, ByteClass, ByteRole, ErrorKind, LeadByte, NeverValid,
};
pub use crate::decode::{
    char_start, decode_lossy, decode_utf8b, decode_with, encode_utf8b, errors, from_utf8, segments,
    validate, Replacement, Segment, Segments,
};
pub use crate::encode::{
    encode_code_point, explain, explain_sequence, BitFill, EncodeError, EncodedChar, Octet,
    RangeRow, RANGE_TABLE,
};
pub use crate::error::{Intended, Malformed, Utf8Error};
pub use crate::error_scan::Errors;
pub use crate::percent::percent_decode;
pub use crate::simd::is_ascii;
pub use crate::stream::{StreamDecoder, StreamError};
pub use crate::unicode_forms::{UnicodeDecoder, UnicodeEncoding, UnicodeError, UnicodeErrorKind};
pub use crate::utf16::{
    utf16_to_utf8, utf16_to_utf8_into, utf16_to_utf8_strict, utf8_to_utf16, utf8_to_utf16_into,
    LoneSurrogate, Utf16Cursor,
};
