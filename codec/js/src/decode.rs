//! `validate`, `firstError`, `errors`, `decode` and the TextDecoder-compatible `Utf8Decoder`.

use std::cell::RefCell;
use std::ops::ControlFlow;

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use super::args::{self, Detached};
use super::glue;
use utf8lens::{Malformed, Replacement, StreamDecoder, StreamError};

/// `Utf8ErrorInfo` for one malformed sequence.
pub(crate) fn error_info(m: &Malformed) -> Object {
    let info = Object::new();
    args::set(&info, "offset", m.offset() as f64);
    args::set(&info, "length", m.len() as f64);
    args::set(&info, "kind", m.kind().as_str());
    args::set(&info, "message", m.to_string());
    if let Some(meant) = m.intended() {
        let intended = Object::new();
        args::set(&intended, "codePoint", meant.code_point());
        args::set(&intended, "length", meant.len() as f64);
        args::set(&info, "intended", intended);
    }
    info
}

/// The TypeError of fatal decoding: its message gives offset and kind, and it carries both as properties.
/// The most UTF-8 bytes a decoded string may have. wasm-bindgen hands a Rust string to JavaScript
/// through `TextDecoder`, and Node's refuses more bytes than V8's longest string has code units
/// (2^29 - 24), with a plain `Error` and only after the decoding is done: 256 MiB of invalid bytes
/// decode to 768 MiB of U+FFFD. Such results are refused with a RangeError instead.
const MAX_OUTPUT_BYTES: usize = (1 << 29) - 24;

/// A RangeError if `text` is too long to become a JavaScript string.
fn checked_output(func: &str, text: &str) -> Result<(), JsValue> {
    if text.len() > MAX_OUTPUT_BYTES {
        return Err(args::range_error(format!(
            "{func}: the decoded text would be {} bytes of UTF-8, more than a JavaScript string can be made from ({MAX_OUTPUT_BYTES}); decode it in pieces with Utf8Decoder and stream: true",
            text.len()
        )));
    }
    Ok(())
}

fn fatal_error(func: &str, m: &Malformed) -> JsValue {
    let error = js_sys::TypeError::new(&format!(
        "{func}: invalid UTF-8 at offset {} ({}): {m}",
        m.offset(),
        m.kind().as_str()
    ));
    args::set(&error, "offset", m.offset() as f64);
    args::set(&error, "kind", m.kind().as_str());
    error.into()
}

/// Whether `bytes` is well-formed UTF-8 (RFC 3629).
///
/// ```js
/// validate(new Uint8Array([0xE2, 0x82, 0xAC])); // true
/// validate(new Uint8Array([0xC0, 0xAF]));       // false
/// ```
#[wasm_bindgen]
pub fn validate(
    #[wasm_bindgen(unchecked_param_type = "ByteSource")] bytes: &JsValue,
) -> Result<bool, JsValue> {
    let bytes = args::bytes(bytes, "validate", Detached::Refuse)?;
    Ok(validate_slice(&bytes))
}

/// `validate` once the bytes are in wasm memory (shared with `Utf8InputBuffer`).
pub(crate) fn validate_slice(bytes: &[u8]) -> bool {
    utf8lens::validate(bytes).is_ok()
}

/// The first malformed sequence, or `undefined` if `bytes` is well-formed.
///
/// ```js
/// firstError(new Uint8Array([0x61, 0xED, 0xA0, 0x80]));
/// // { offset: 1, length: 1, kind: "surrogate", intended: { codePoint: 0xD800, length: 3 }, message: "Byte ED at offset 1 ..." }
/// ```
#[wasm_bindgen(js_name = firstError, unchecked_return_type = "Utf8ErrorInfo | undefined")]
pub fn first_error(
    #[wasm_bindgen(unchecked_param_type = "ByteSource")] bytes: &JsValue,
) -> Result<JsValue, JsValue> {
    let bytes = args::bytes(bytes, "firstError", Detached::Refuse)?;
    Ok(first_error_slice(&bytes))
}

/// `firstError` once the bytes are in wasm memory (shared with `Utf8InputBuffer`).
pub(crate) fn first_error_slice(bytes: &[u8]) -> JsValue {
    utf8lens::errors(bytes)
        .next()
        .map_or(JsValue::UNDEFINED, |m| error_info(&m).into())
}

/// Every malformed sequence, in order: one entry per U+FFFD that TextDecoder would produce. With
/// `limit`, at most that many (the first ones). Each entry is a JS object with its message, so
/// without a `limit` more than 1,048,576 errors (which would take hundreds of megabytes of JS heap)
/// are a RangeError rather than an exhausted heap: for large or hostile inputs use `limit` or
/// `errorList`.
///
/// ```js
/// errors(new Uint8Array([0x80, 0x41, 0xE4, 0xBD])).map(e => [e.offset, e.kind]);
/// // [[0, "unexpected-continuation"], [2, "truncated"]]
/// errors(new Uint8Array([0x80, 0x80, 0x80]), { limit: 2 }).length; // 2
/// ```
#[wasm_bindgen(unchecked_return_type = "Utf8ErrorInfo[]")]
pub fn errors(
    #[wasm_bindgen(unchecked_param_type = "ByteSource")] bytes: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ErrorsOptions | null")] options: &JsValue,
) -> Result<Array, JsValue> {
    const FUNC: &str = "errors";
    let limit = read_limit(options, FUNC)?;
    let bytes = args::bytes(bytes, FUNC, Detached::Refuse)?;
    errors_slice(FUNC, &bytes, limit)
}

/// How many error objects `errors` builds when the caller set no `limit`.
pub(crate) const MAX_ERROR_OBJECTS: usize = 1 << 20;

/// `errors` once the bytes are in wasm memory (shared with `Utf8InputBuffer`); `limit` is
/// `usize::MAX` when the caller gave none, and then more than [`MAX_ERROR_OBJECTS`] errors are a
/// RangeError (counted first, by the fast scanner, before any object is made).
pub(crate) fn errors_slice(func: &str, bytes: &[u8], limit: usize) -> Result<Array, JsValue> {
    if limit == usize::MAX
        && utf8lens::errors(bytes).take(MAX_ERROR_OBJECTS + 1).count() > MAX_ERROR_OBJECTS
    {
        return Err(js_sys::RangeError::new(&format!(
            "{func}: more than {MAX_ERROR_OBJECTS} errors, one object each, would exhaust the JS heap; \
             pass {{ limit }} for the first ones, or use errorList (packed typed arrays)"
        ))
        .into());
    }
    Ok(utf8lens::errors(bytes)
        .take(limit)
        .map(|m| JsValue::from(error_info(&m)))
        .collect())
}

/// The `limit` option of `errors` and `errorList`: a non-negative integer or Infinity (the default).
pub(crate) fn read_limit(options: &JsValue, func: &str) -> Result<usize, JsValue> {
    let options = args::known_options(options, func, &["limit"])?;
    whole_number_option(&options, "limit", func)
}

/// A whole-number option (0 or more, or Infinity, which is `usize::MAX`, as is a missing one):
/// `limit` here and `inspect`'s `limit` and `offset`.
pub(crate) fn whole_number_option(
    options: &Option<Object>,
    name: &str,
    func: &str,
) -> Result<usize, JsValue> {
    let Some(options) = options else {
        return Ok(usize::MAX);
    };
    let value = args::property(options, name)?;
    if value.is_undefined() {
        return Ok(usize::MAX);
    }
    match value.as_f64() {
        Some(n) if n == f64::INFINITY => Ok(usize::MAX),
        Some(n) if n >= 0.0 && n.fract() == 0.0 => Ok(if n >= usize::MAX as f64 {
            usize::MAX
        } else {
            n as usize
        }),
        Some(n) => Err(args::range_error(format!(
            "{func}: {name} must be a whole number, 0 or more (or Infinity), not {}",
            args::number_text(n)
        ))),
        None => Err(args::type_error(format!(
            "{func}: {name} must be a number, got {}",
            glue::describe(&value)
        ))),
    }
}

/// Every malformed sequence as packed typed arrays, with no object per error: `offsets` (Uint32Array),
/// `lengths` and `kinds` (Uint8Array, an index into `kindNames`), and `more`, true when `limit` stopped
/// the list before the last error. The scan runs at hundreds of MB/s even when every other byte is
/// malformed.
///
/// ```js
/// const list = errorList(new Uint8Array([0x80, 0x41, 0xE4, 0xBD]));
/// list.offsets; // Uint32Array [0, 2]
/// Array.from(list.kinds, (k) => list.kindNames[k]); // ["unexpected-continuation", "truncated"]
/// ```
#[wasm_bindgen(js_name = errorList, unchecked_return_type = "Utf8ErrorList")]
pub fn error_list(
    #[wasm_bindgen(unchecked_param_type = "ByteSource")] bytes: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ErrorsOptions | null")] options: &JsValue,
) -> Result<Object, JsValue> {
    const FUNC: &str = "errorList";
    let limit = read_limit(options, FUNC)?;
    let bytes = args::bytes(bytes, FUNC, Detached::Refuse)?;
    error_list_slice(FUNC, &bytes, limit)
}

/// `errorList` once the bytes are in wasm memory.
pub(crate) fn error_list_slice(func: &str, bytes: &[u8], limit: usize) -> Result<Object, JsValue> {
    let mut offsets: Vec<u32> = Vec::new();
    let mut codes: Vec<u8> = Vec::new();
    let mut more = false;
    let mut out_of_memory = false;
    utf8lens::errors(bytes).for_each_until(|offset, len, kind| {
        if offsets.len() == limit {
            more = true;
            return ControlFlow::Break(());
        }
        if offsets.len() == offsets.capacity() {
            // Grow by hand: running out of wasm memory must become a RangeError, not a trap.
            let extra = offsets.capacity().max(1024);
            if offsets.try_reserve_exact(extra).is_err() || codes.try_reserve_exact(extra).is_err()
            {
                out_of_memory = true;
                return ControlFlow::Break(());
            }
        }
        // wasm32 memory ends at 4 GiB, so every offset fits in a u32; the kind's number is its place
        // in ErrorKind's declaration (= ErrorKind::ALL, = kindNames).
        offsets.push(offset as u32);
        codes.push((len as u8) << 4 | kind as u8);
        ControlFlow::Continue(())
    });
    if out_of_memory {
        return Err(args::range_error(format!(
            "{func}: more than {} errors do not fit in memory; pass a smaller limit",
            offsets.len()
        )));
    }
    let lengths: Vec<u8> = codes.iter().map(|c| c >> 4).collect();
    codes.iter_mut().for_each(|c| *c &= 0x0F);
    let list = Object::new();
    args::set(&list, "offsets", js_sys::Uint32Array::from(&offsets[..]));
    args::set(&list, "lengths", js_sys::Uint8Array::from(&lengths[..]));
    args::set(&list, "kinds", js_sys::Uint8Array::from(&codes[..]));
    let names: Array = utf8lens::ErrorKind::ALL
        .iter()
        .map(|k| JsValue::from_str(k.as_str()))
        .collect();
    args::set(&list, "kindNames", names);
    args::set(&list, "more", more);
    Ok(list)
}

/// Decodes UTF-8 to a string in one call.
///
/// Like `new TextDecoder("utf-8", {fatal, ignoreBOM}).decode(bytes)`, and `replacement` chooses what
/// stands for a malformed sequence: `"fffd"` (U+FFFD per maximal subpart, the default), `"drop"`,
/// `"utf8b"` (each bad byte as a lone surrogate U+DC80–U+DCFF, reversible), `"latin1"` or
/// `"windows-1252"` (each bad byte read in that charset). With `fatal: true` the first malformed
/// sequence throws a TypeError whose message gives its offset and kind (also as `.offset`, `.kind`).
///
/// ```js
/// decode(new Uint8Array([0x48, 0xF6, 0x68, 0x65]));                          // "H\uFFFDhe"
/// decode(new Uint8Array([0x48, 0xF6, 0x68, 0x65]), { replacement: "latin1" }); // "Höhe"
/// decode(new Uint8Array([0xC0, 0xAF]), { fatal: true }); // TypeError: decode: invalid UTF-8 at offset 0 (invalid-byte): ...
/// ```
#[wasm_bindgen(unchecked_return_type = "string")]
pub fn decode(
    #[wasm_bindgen(unchecked_param_type = "ByteSource")] bytes: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "DecodeOptions | null")] options: &JsValue,
) -> Result<JsValue, JsValue> {
    const FUNC: &str = "decode";
    let options = DecodeSettings::read(options, FUNC)?;
    let bytes = args::bytes(bytes, FUNC, Detached::Refuse)?;
    decode_slice(FUNC, &bytes, options)
}

/// The longest string V8 makes, in UTF-16 code units (`String::kMaxLength` on 64-bit hosts).
const MAX_STRING_UNITS: usize = (1 << 29) - 24;

/// The arguments of a streaming decoder's `decode(input?, {stream = false})`, as TextDecoder reads
/// them (`Utf8Decoder.decode`, `UnicodeDecoder.decode`): the bytes (none when `input` is undefined,
/// and a detached buffer reads as empty) and the `stream` flag, once room for the UTF-8 output is
/// known to be there (at most 3 bytes per input byte, U+FFFD for one byte, plus what is held).
pub(crate) fn decode_call(
    input: &JsValue,
    options: &JsValue,
    func: &str,
) -> Result<(Vec<u8>, bool), JsValue> {
    let options = args::options(options, func)?;
    let stream = args::flag(&options, "stream")?;
    let bytes = if input.is_undefined() {
        Vec::new()
    } else {
        args::bytes(input, func, Detached::Empty)?
    };
    args::ensure_room(func, bytes.len(), 3 * bytes.len() + 12)?;
    Ok((bytes, stream))
}

/// The JS string of `bytes` decoded as TextDecoder does (U+FFFD per maximal subpart), made without
/// going through UTF-8: ASCII is handed over as it is, anything else is transcoded to UTF-16 in wasm
/// memory (SIMD128) and the platform makes the string from there (`glue.rs`).
pub(crate) fn string_from_utf8(func: &str, bytes: &[u8]) -> Result<JsValue, JsValue> {
    let too_long = |units: usize| {
        args::range_error(format!(
            "{func}: the decoded text would be {units} UTF-16 code units, more than a JavaScript string can hold ({MAX_STRING_UNITS}); decode it in pieces with Utf8Decoder and stream: true"
        ))
    };
    if utf8lens::is_ascii(bytes) {
        if bytes.len() > MAX_STRING_UNITS {
            return Err(too_long(bytes.len()));
        }
        return Ok(glue::string_from_ascii(bytes).into());
    }
    let mut units: Vec<u16> = Vec::new();
    units
        .try_reserve_exact(bytes.len())
        .map_err(|_| args::out_of_memory(func, bytes.len()))?;
    units.resize(bytes.len(), 0);
    let written = utf8lens::utf8_to_utf16_into(bytes, &mut units).unwrap_or(0);
    if written > MAX_STRING_UNITS {
        return Err(too_long(written));
    }
    Ok(glue::string_from_well_formed_utf16(units.get(..written).unwrap_or_default()).into())
}

/// The options of `decode`, read (running any getters) before the bytes are looked at.
pub(crate) struct DecodeSettings {
    fatal: bool,
    ignore_bom: bool,
    replacement: Option<String>,
}

impl DecodeSettings {
    pub(crate) fn read(options: &JsValue, func: &str) -> Result<Self, JsValue> {
        let options = args::known_options(options, func, &["fatal", "ignoreBOM", "replacement"])?;
        Ok(DecodeSettings {
            fatal: args::flag(&options, "fatal")?,
            ignore_bom: args::flag(&options, "ignoreBOM")?,
            replacement: args::string_option(&options, "replacement", func)?,
        })
    }
}

/// The bytes to decode: without a leading byte order mark (EF BB BF) unless `ignore_bom`, as
/// TextDecoder's `ignoreBOM` says. The package's one statement of the rule: decode's routes in
/// WebAssembly (the wasm-bindgen export and the raw route below) come here (the JS decoder of short inputs in npm/exports.js leaves input with a BOM to them, and
/// Utf8Decoder's streaming is the codec's StreamDecoder, which has its own).
pub(crate) fn without_bom(bytes: &[u8], ignore_bom: bool) -> &[u8] {
    match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) if !ignore_bom => rest,
        _ => bytes,
    }
}

/// `decode` once the options are read and the bytes are in wasm memory (shared with
/// `Utf8InputBuffer`); `func` names the caller in error messages.
pub(crate) fn decode_slice(
    func: &str,
    bytes: &[u8],
    options: DecodeSettings,
) -> Result<JsValue, JsValue> {
    let DecodeSettings {
        fatal,
        ignore_bom,
        replacement,
    } = options;
    let body = without_bom(bytes, ignore_bom);
    if fatal {
        if utf8lens::validate(body).is_ok() {
            return string_from_utf8(func, body);
        }
        // Looked for in `bytes`, not `body`, so that the offset counts a BOM too: a BOM is a whole
        // character, so the errors are the same either way.
        return match utf8lens::errors(bytes).next() {
            Some(m) => Err(fatal_error(func, &m)),
            None => string_from_utf8(func, body),
        };
    }
    let policy = match replacement.as_deref() {
        None | Some("fffd") => return string_from_utf8(func, body),
        Some("drop") => Replacement::Drop,
        Some("latin1") => Replacement::Latin1,
        Some("windows-1252") => Replacement::Windows1252,
        Some("utf8b") => return Ok(glue::string_from_utf16(&utf8lens::decode_utf8b(body)).into()),
        Some(other) => {
            return Err(args::type_error(format!(
                "{func}: replacement must be \"fffd\", \"drop\", \"utf8b\", \"latin1\" or \"windows-1252\", not {other:?}"
            )))
        }
    };
    args::ensure_room(func, bytes.len(), 3 * bytes.len())?;
    let text = utf8lens::decode_with(body, policy);
    checked_output(func, &text)?;
    Ok(text.as_ref().into())
}

/// A drop-in for `new TextDecoder("utf-8", {fatal, ignoreBOM})` that says where and why in its errors.
///
/// ```js
/// const decoder = new Utf8Decoder("utf-8", { fatal: true });
/// decoder.decode(new Uint8Array([0xE2, 0x82]), { stream: true }); // ""
/// decoder.decode(new Uint8Array([0xAC]));                          // "€"
/// decoder.decode(new Uint8Array([0xFF])); // TypeError: Utf8Decoder.decode: invalid UTF-8 at offset 0 (invalid-byte): ...
/// ```
#[wasm_bindgen]
pub struct Utf8Decoder {
    inner: StreamDecoder,
}

/// UTF-8's name in the WHATWG Encoding Standard, which the codec's label table uses.
const UTF8: &str = "UTF-8";

#[wasm_bindgen]
impl Utf8Decoder {
    /// `new Utf8Decoder(label = "utf-8", {fatal = false, ignoreBOM = false})`. The label must be one of
    /// UTF-8's labels (case-insensitive, surrounding whitespace ignored), as for TextDecoder; another
    /// label is a RangeError.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "string")] label: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Utf8DecoderOptions | null")]
        options: &JsValue,
    ) -> Result<Utf8Decoder, JsValue> {
        const FUNC: &str = "Utf8Decoder";
        if !label.is_undefined() {
            let Some(name) = label.as_string() else {
                return Err(args::type_error(format!(
                    "{FUNC}: the label must be a string, got {}",
                    glue::describe(label)
                )));
            };
            // The codec resolves labels as browsers do (surrounding ASCII whitespace and case
            // ignored); UTF-8 is no legacy charset, so its labels come back as an error naming it.
            let names_utf8 = utf8lens::charset::resolve_label(&name)
                .err()
                .and_then(|e| e.encoding())
                == Some(UTF8);
            if !names_utf8 {
                return Err(args::range_error(format!(
                    "{FUNC}: {name:?} is not a label of UTF-8; Utf8Decoder decodes UTF-8 only (labels: {})",
                    utf8lens::charset::encoding_labels(UTF8).join(", ")
                )));
            }
        }
        let options = args::options(options, FUNC)?;
        let fatal = args::flag(&options, "fatal")?;
        let ignore_bom = args::flag(&options, "ignoreBOM")?;
        Ok(Utf8Decoder {
            inner: StreamDecoder::new(fatal, ignore_bom),
        })
    }

    /// Always `"utf-8"`.
    #[wasm_bindgen(getter)]
    pub fn encoding(&self) -> String {
        "utf-8".to_owned()
    }

    /// Whether malformed input throws.
    #[wasm_bindgen(getter)]
    pub fn fatal(&self) -> bool {
        self.inner.fatal()
    }

    /// Whether a leading byte order mark is kept.
    #[wasm_bindgen(getter, js_name = ignoreBOM)]
    pub fn ignore_bom(&self) -> bool {
        self.inner.ignore_bom()
    }

    /// `decode(input?, {stream = false})`, as TextDecoder's. A detached buffer reads as empty, as there.
    #[wasm_bindgen(unchecked_return_type = "string")]
    pub fn decode(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "ByteSource")] input: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Utf8DecodeOptions | null")]
        options: &JsValue,
    ) -> Result<JsValue, JsValue> {
        const FUNC: &str = "Utf8Decoder.decode";
        let (bytes, stream) = decode_call(input, options, FUNC)?;
        let text = self
            .inner
            .decode(&bytes, stream)
            .map_err(|e: StreamError| fatal_error(FUNC, e.malformed()))?;
        // Made into a JS string from UTF-16 (or ASCII) by the platform's cheapest primitive, as
        // `decode` does, rather than crossing as UTF-8 to a TextDecoder.
        string_from_utf8(FUNC, text.as_bytes())
    }
}

// --- The raw decode route ---------------------------------------------------------------------------
// `decode` (npm/exports.js) of a genuine Uint8Array without options, up to SCRATCH_LIMIT bytes,
// enters WebAssembly through these three plain exports and no wasm-bindgen glue: JS copies the bytes
// into a scratch region with one TypedArray set(), `utf8lens_decode_run` decodes them, and JS makes
// the string from the output region with the platform's cheapest primitive. wasm-bindgen's way costs
// several hundred nanoseconds per call (locating the argument's bytes through getters, the Result
// array, the string handed back through its heap), more than TextDecoder takes for a few hundred bytes.
//
// Only integers cross: addresses and lengths. The regions are Vecs owned here, kept between calls,
// and never touched by anything but these functions, which JS calls one after the other (nothing in
// between runs JS code), so no borrow can overlap. `#[no_mangle]` is what the unsafe_code lint flags
// (two exports of one name would clash at link time; these names are prefixed); nothing here is unsafe.

/// The largest input the raw path takes; larger ones go through `decode` (and keep no memory here).
const SCRATCH_LIMIT: usize = 1 << 20;

#[derive(Default)]
struct Scratch {
    input: Vec<u8>,
    units: Vec<u16>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

/// Makes room for `len` input bytes and as many output units; returns the address of the input
/// region, or 0 if `len` is over the limit or memory is short (JS then calls `decode`).
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn utf8lens_decode_reserve(len: u32) -> u32 {
    let len = len as usize;
    if len > SCRATCH_LIMIT {
        return 0;
    }
    SCRATCH.with(|scratch| {
        let Ok(mut scratch) = scratch.try_borrow_mut() else {
            return 0;
        };
        let Scratch { input, units } = &mut *scratch;
        if input.len() < len {
            if input.try_reserve_exact(len - input.len()).is_err() {
                return 0;
            }
            input.resize(len, 0);
        }
        if units.len() < len {
            if units.try_reserve_exact(len - units.len()).is_err() {
                return 0;
            }
            units.resize(len, 0);
        }
        // wasm32 addresses are 32 bits.
        input.as_ptr() as u32
    })
}

/// Decodes the first `len` bytes of the input region as `decode` does without options. Returns
/// `count << 1` when they are all ASCII (the string is the input region itself, `count` bytes), or
/// `count << 1 | 1` for `count` UTF-16 units in the output region (`utf8lens_decode_units`); -1 if
/// `len` is more than was reserved.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn utf8lens_decode_run(len: u32) -> i32 {
    SCRATCH.with(|scratch| {
        let Ok(mut scratch) = scratch.try_borrow_mut() else {
            return -1;
        };
        let Scratch { input, units } = &mut *scratch;
        let Some(bytes) = input.get(..len as usize) else {
            return -1;
        };
        if utf8lens::is_ascii(bytes) {
            // len <= SCRATCH_LIMIT, so the shift cannot overflow.
            return (len as i32) << 1;
        }
        let body = without_bom(bytes, false);
        match utf8lens::utf8_to_utf16_into(body, units) {
            Some(written) => ((written as i32) << 1) | 1,
            None => -1,
        }
    })
}

/// The address of the output region, where `utf8lens_decode_run` left its UTF-16.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn utf8lens_decode_units() -> u32 {
    SCRATCH.with(|scratch| {
        scratch
            .try_borrow()
            .map_or(0, |scratch| scratch.units.as_ptr() as u32)
    })
}
