//! The JavaScript export layer of the npm package `utf8lens`: feature `main` for the package's main
//! module (`utf8lens`: validation, decoding, encoding, inspection, variants, charsets), feature `text`
//! for its second module (`utf8lens/text`: the sanitiser, the scanner, the mojibake tools and the
//! look-alikes), feature `detect` for its third (`utf8lens/detect`: charset detection).
//! scripts/build-npm.sh builds the crate once with each, so that a user who only validates or decodes
//! never downloads the repair engine, the sanitiser or the detector (docs/BENCHMARKS.md, The split, has
//! the sizes). Every feature together (the default: tests, docs, clippy) gives one module with every
//! export.
//!
//! It only converts and forwards, as encoding_rs's C API lives in encoding_c: JS arguments are checked
//! and turned into Rust values, the codec (the crate `utf8lens`, which knows nothing of JavaScript)
//! does the work through its public API, and its answers are turned into plain JS objects. Bad
//! arguments become a thrown `TypeError` or `RangeError`; nothing here panics, because a panic would
//! trap and leave the module unusable.
//!
//! Files: `args.rs` (argument checking) and `glue.rs` (the few lines of JS that are cheaper on the JS
//! side), which every feature uses; `buffer.rs` (the zero-copy input buffer), `decode.rs` (with the raw
//! decode route), `encode.rs`, `inspect.rs`, `unicode.rs` (UTF-16 and UTF-32), `legacy.rs` (charsets)
//! and `variants.rs` (the exports of `main`, by concept); `mojibake.rs`, `sanitize.rs`, `scan.rs` and
//! `confusables.rs` (the exports of `text`, which also uses `legacy.rs`'s charset argument and
//! unmappable-character error); `detect.rs` (the exports of `detect`). The package's JavaScript (its
//! entries, and the classes and fast routes around the generated glue) is in `npm/`.
#![deny(unsafe_code)] // `#[no_mangle]` counts as unsafe code: allowed on decode.rs's three raw exports only

mod args;
#[cfg(feature = "main")]
mod buffer;
#[cfg(feature = "text")]
mod confusables;
#[cfg(feature = "main")]
mod decode;
#[cfg(feature = "detect")]
mod detect;
#[cfg(feature = "main")]
mod encode;
mod glue;
#[cfg(feature = "main")]
mod inspect;
#[cfg(any(feature = "main", feature = "text"))]
mod legacy;
#[cfg(feature = "text")]
mod mojibake;
#[cfg(feature = "text")]
mod sanitize;
#[cfg(feature = "text")]
mod scan;
#[cfg(feature = "main")]
mod unicode;
#[cfg(feature = "main")]
mod variants;

use wasm_bindgen::prelude::*;

// The exports as Rust functions, for tests/js_api.rs (wasm-bindgen-test), which calls them with JS
// values as JavaScript would.
#[cfg(feature = "main")]
pub use self::buffer::Utf8InputBuffer;
#[cfg(feature = "text")]
pub use self::confusables::{are_confusable, scripts, skeleton};
#[cfg(feature = "main")]
pub use self::decode::{decode, error_list, errors, first_error, validate, Utf8Decoder};
#[cfg(feature = "detect")]
pub use self::detect::{decode_as, detect, Detector};
#[cfg(feature = "main")]
pub use self::encode::{encode, encode_code_point, encode_into, explain_code_point};
#[cfg(feature = "main")]
pub use self::inspect::inspect;
#[cfg(feature = "text")]
pub use self::sanitize::{check, describe_sanitizer, sanitize};
#[cfg(feature = "text")]
pub use self::scan::scan;
#[cfg(feature = "main")]
pub use self::unicode::{sniff_bom, UnicodeDecoder};
#[cfg(feature = "main")]
pub use self::variants::{decode_variant, decode_variant_code_points, encode_variant};

// The types every module names (`Charset`: the charsets of `main`, the mojibake exports of `text`, and
// among what `detect` returns).
#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/**
 * Bytes to read: a Uint8Array, another typed array, a DataView, an ArrayBuffer or a
 * SharedArrayBuffer, or a view of one (TextDecoder's AllowSharedBufferSource, named without needing
 * the DOM library).
 */
export type ByteSource = ArrayBufferLike | ArrayBufferView;

/** What is wrong with a malformed sequence. */
export type Utf8ErrorKind =
  | "unexpected-continuation" | "invalid-byte" | "overlong" | "surrogate" | "too-large" | "truncated";

/** A legacy single-byte charset, by its canonical name. */
export type Charset =
  | "iso-8859-1" | "iso-8859-2" | "iso-8859-3" | "iso-8859-4" | "iso-8859-5" | "iso-8859-6"
  | "iso-8859-7" | "iso-8859-8" | "iso-8859-9" | "iso-8859-10" | "iso-8859-11" | "iso-8859-13"
  | "iso-8859-14" | "iso-8859-15" | "iso-8859-16"
  | "windows-1250" | "windows-1251" | "windows-1252" | "windows-1253" | "windows-1254"
  | "windows-1255" | "windows-1256" | "windows-1257" | "windows-1258" | "windows-874"
  | "koi8-r" | "koi8-u" | "ibm866" | "macintosh" | "ibm437" | "ibm850" | "ibm852"
  | "x-mac-cyrillic";
"#;

#[cfg(feature = "main")]
#[wasm_bindgen(typescript_custom_section)]
const CODEC_TS_TYPES: &'static str = r#"
/** One malformed sequence (one maximal subpart: exactly one U+FFFD of TextDecoder). */
export interface Utf8ErrorInfo {
  /** Byte offset of the malformed sequence. */
  offset: number;
  /** Its length in bytes (1 to 3). */
  length: number;
  kind: Utf8ErrorKind;
  /** One sentence naming the bytes and, where it applies, the code point they would have meant. */
  message: string;
  /** For overlong, surrogate and too-large sequences: what the bytes the lead announced would spell. */
  intended?: { codePoint: number; length: number };
}

/**
 * The TypeError that fatal decoding throws (`decode`, `Utf8Decoder`, `Utf8InputBuffer.decode`,
 * `Utf8DecoderStream` with `fatal: true`): the byte offset of the first malformed sequence (counted
 * from the start of the stream, for a decoder that streams) and its kind.
 *
 * ```ts
 * try {
 *   decode(bytes, { fatal: true });
 * } catch (error) {
 *   const { offset, kind } = error as Utf8DecodeError;
 * }
 * ```
 */
export interface Utf8DecodeError extends TypeError {
  offset: number;
  kind: Utf8ErrorKind;
}

/** Options of `errors` and `errorList`. */
export interface ErrorsOptions {
  /** Report at most this many errors (the first ones); default Infinity. */
  limit?: number;
}

/** Every malformed sequence as packed typed arrays (`errorList`): entry i of each array is error i. */
export interface Utf8ErrorList {
  /** Byte offset of each malformed sequence, ascending. */
  offsets: Uint32Array;
  /** Its length in bytes (1 to 3). */
  lengths: Uint8Array;
  /** Its kind, as an index into `kindNames`. */
  kinds: Uint8Array;
  /** The kinds' names: ["unexpected-continuation", "invalid-byte", "overlong", "surrogate", "too-large", "truncated"]. */
  kindNames: Utf8ErrorKind[];
  /** True when `limit` stopped the list before the input's last error. */
  more: boolean;
}

/** Options of `decode`. */
export interface DecodeOptions {
  /** Throw a TypeError (with `offset` and `kind` properties) on the first malformed sequence. */
  fatal?: boolean;
  /** Keep a leading byte order mark (U+FEFF) instead of removing it. */
  ignoreBOM?: boolean;
  /** What replaces a malformed sequence when not fatal; default "fffd". */
  replacement?: "fffd" | "drop" | "utf8b" | "latin1" | "windows-1252";
}

/** Constructor options of `Utf8Decoder`, as TextDecoder's. */
export interface Utf8DecoderOptions { fatal?: boolean; ignoreBOM?: boolean }

/** Options of `Utf8Decoder.decode`, as TextDecoder's. */
export interface Utf8DecodeOptions { stream?: boolean }

/** Result of `encodeInto`, as TextEncoder's. */
export interface EncodeIntoResult { read: number; written: number }

/** One octet of a bit-fill explanation. */
export interface OctetInfo {
  /** Such as "1110xxxx" or "10xxxxxx". */
  template: string;
  /** How many leading bits are fixed marker bits. */
  markerLength: number;
  /** The finished byte. */
  value: number;
  /** For each bit, most significant first: the code point bit that fills it (0 = lowest), or null for a marker bit. */
  bitSources: (number | null)[];
}

/** How a code point's bits fill the octets of its UTF-8 form (RFC 3629 §3). */
export interface BitFillInfo {
  codePoint: number;
  /** "U+20AC" */
  label: string;
  /** The row of RFC 3629's table that holds the code point: why it takes this many octets. */
  row: { first: number; last: number; octets: number; template: string };
  /** The code point in binary, padded to the payload width (7, 11, 16 or 21 bits). */
  bits: string;
  octets: OctetInfo[];
  bytes: number[];
}

/** A character or a malformed sequence of `inspect`. */
export type SegmentInfo =
  | { offset: number; length: number; codePoint: number; char: string }
  | { offset: number; length: number; error: Utf8ErrorInfo };

/** Options of `inspect`. */
export interface InspectOptions {
  /** Start at this byte (offsets stay counted from the start of the input); default 0. */
  offset?: number;
  /** Report at most this many segments; default Infinity. */
  limit?: number;
}

/** Everything `inspect` found. */
export interface InspectResult {
  /** One role per byte. */
  roles: ("ascii" | "lead" | "continuation" | "invalid")[];
  segments: SegmentInfo[];
  valid: boolean;
}

/** A Unicode encoding of `UnicodeDecoder` (`utf-16`, `utf-32`: the byte order their BOM names, else LE). */
export type UnicodeEncodingName =
  | "utf-8" | "utf-16le" | "utf-16be" | "utf-16" | "utf-32le" | "utf-32be" | "utf-32";

/**
 * The TypeError a fatal `UnicodeDecoder` throws: the byte offset from the start of the stream and
 * the kind (UTF-8's kinds, or "lone-surrogate" for UTF-16, "truncated" for a cut code unit,
 * "too-large"/"surrogate" for UTF-32 values).
 */
export interface UnicodeDecodeError extends TypeError {
  offset: number;
  kind: Utf8ErrorKind | "lone-surrogate";
}

/** A UTF-8 variant with its own decoder and encoder. */
export type Utf8Variant = "cesu-8" | "mutf-8" | "wtf-8" | "rfc2279";
"#;
