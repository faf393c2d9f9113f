//! Charset detection: `detect`, the chunked `Detector` and `decodeAs` (feature `detect`, the
//! `utf8lens/detect` module of the npm package). The package's `decodeAs` (npm/detect/exports.js)
//! stands in for the one here: it sends the CJK multi-byte charsets and ISO-2022 to the platform's
//! `TextDecoder` (no CJK table is in the wasm) and everything else here.

use js_sys::{Array, Object, Uint8Array};
use wasm_bindgen::prelude::*;

use super::args;
use super::glue;
use utf8lens::detect::{self, Candidate, Detection};

#[wasm_bindgen(typescript_custom_section)]
const DETECT_TS_TYPES: &'static str = r#"
/** Every charset name `detect` can return (lowercase WHATWG or IANA names). */
export type DetectCharset =
  | "us-ascii" | "utf-8" | "utf-16le" | "utf-16be" | "utf-32le" | "utf-32be"
  | "iso-2022-jp" | "iso-2022-kr" | "shift_jis" | "euc-jp" | "gb18030" | "big5" | "euc-kr"
  | Charset | "ibm855" | "x-mac-ce";

/** One candidate of `detect`: a charset, how sure the detector is, and why. */
export interface DetectCandidate {
  charset: DetectCharset;
  /** In 0..1; the confidences of one detection add up to at most 1. */
  confidence: number;
  /** The language the text seems to be in (ISO 639-1: "ru", "ja"...), or null. */
  language: string | null;
  /** Sentences a person can check in the bytes. */
  reasons: string[];
}

/** Options of `detect` and `new Detector`. */
export interface DetectOptions {
  /** How many bytes (the first ones) are examined; default 1 MiB (1048576). */
  limit?: number;
}

/**
 * Decodes `bytes` with a candidate of `detect` (or a charset name it returns), as TextDecoder would:
 * the CJK multi-byte charsets and ISO-2022 through the platform's TextDecoder (no CJK table is in
 * the package), every other one with the package's own tables (iso-8859-1 as ISO-8859-1, not as
 * windows-1252; utf-32, ibm852, ibm855 and x-mac-ce, which TextDecoder lacks). Malformed input
 * becomes U+FFFD; a leading byte order mark of the charset itself is removed.
 */
export function decodeAs(bytes: ByteSource, candidate: DetectCandidate | DetectCharset): string;
"#;

/// The default number of bytes examined, as the codec's.
const DEFAULT_LIMIT: usize = detect::Detector::DEFAULT_LIMIT;

/// The `limit` option: a positive integer, at most the largest input accepted.
fn limit_option(options: &JsValue, func: &str) -> Result<usize, JsValue> {
    let options = args::known_options(options, func, &["limit"])?;
    let Some(object) = options else {
        return Ok(DEFAULT_LIMIT);
    };
    let value = args::property(&object, "limit")?;
    if value.is_undefined() {
        return Ok(DEFAULT_LIMIT);
    }
    match value.as_f64() {
        Some(n) if n >= 1.0 && n.fract() == 0.0 => Ok(n.min(args::MAX_INPUT_BYTES as f64) as usize),
        Some(n) => Err(args::range_error(format!(
            "{func}: option limit must be a positive integer, got {}",
            args::number_text(n)
        ))),
        None => Err(args::type_error(format!(
            "{func}: option limit must be a number, got {}",
            glue::describe(&value)
        ))),
    }
}

/// The first `room + 1` bytes of a BufferSource, copied into wasm memory: a large input is never
/// copied past what the detector keeps, and one byte more tells it that the input goes on (so that
/// a character cut at the limit is not taken for an error), as if it had been fed everything.
fn head(value: &JsValue, func: &str, room: usize) -> Result<Vec<u8>, JsValue> {
    let view = glue::buffer_source_view(value)?;
    if view.is_null() {
        return Err(args::type_error(format!(
            "{func}: the ArrayBuffer is detached (it was transferred), so there are no bytes to read"
        )));
    }
    let Some(view) = view.dyn_ref::<Uint8Array>() else {
        return Err(args::type_error(format!(
            "{func}: expected a Uint8Array or another BufferSource, got {}",
            glue::describe(value)
        )));
    };
    let take = (view.length() as usize).min(room.saturating_add(1));
    let mut out = Vec::new();
    out.try_reserve_exact(take)
        .map_err(|_| args::out_of_memory(func, take))?;
    out.resize(take, 0);
    view.subarray(0, take as u32).copy_to(&mut out);
    Ok(out)
}

fn candidate_object(candidate: &Candidate) -> Object {
    let o = Object::new();
    args::set(&o, "charset", candidate.charset());
    args::set(&o, "confidence", candidate.confidence());
    args::set(
        &o,
        "language",
        candidate.language().map_or(JsValue::NULL, JsValue::from),
    );
    let reasons: Array = candidate
        .reasons()
        .iter()
        .map(|r| JsValue::from(r.as_str()))
        .collect();
    args::set(&o, "reasons", reasons);
    o
}

fn candidates(detection: &Detection) -> Array {
    detection
        .candidates()
        .iter()
        .map(|c| JsValue::from(candidate_object(c)))
        .collect()
}

/// The charsets of the bytes, best first: `{ charset, confidence, language, reasons }` each.
/// Only the first `limit` bytes (1 MiB by default) are examined (and copied).
///
/// ```js
/// const [best] = detect(new Uint8Array([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2])); // "Привет" in windows-1251
/// best.charset;    // "windows-1251"
/// best.language;   // "ru"
/// ```
#[wasm_bindgen(unchecked_return_type = "DetectCandidate[]")]
pub fn detect(
    #[wasm_bindgen(unchecked_param_type = "ByteSource")] bytes: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "DetectOptions | null")] options: &JsValue,
) -> Result<Array, JsValue> {
    const FUNC: &str = "detect";
    let limit = limit_option(options, FUNC)?;
    let mut detector = detect::Detector::with_limit(limit);
    detector.feed(&head(bytes, FUNC, limit)?);
    Ok(candidates(&detector.finish()))
}

/// Detection over input that arrives in chunks (a file read piece by piece, a stream): `feed` the
/// chunks, then `finish`. Only the first `limit` bytes are kept; `full` says when more is useless.
///
/// ```js
/// const detector = new Detector();
/// for await (const chunk of stream) {
///   detector.feed(chunk);
///   if (detector.full) break;
/// }
/// const [best] = detector.finish();
/// ```
#[wasm_bindgen]
pub struct Detector {
    inner: detect::Detector,
    /// How many bytes the codec's detector keeps so far (at most its limit).
    kept: usize,
}

#[wasm_bindgen]
impl Detector {
    /// `new Detector({ limit = 1048576 })`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "DetectOptions | null")] options: &JsValue,
    ) -> Result<Detector, JsValue> {
        let limit = limit_option(options, "Detector")?;
        Ok(Detector {
            inner: detect::Detector::with_limit(limit),
            kept: 0,
        })
    }

    /// How many bytes are examined.
    #[wasm_bindgen(getter)]
    pub fn limit(&self) -> f64 {
        self.inner.limit() as f64
    }

    /// Whether `limit` bytes were fed: feeding more changes nothing.
    #[wasm_bindgen(getter)]
    pub fn full(&self) -> bool {
        self.inner.is_full()
    }

    /// Adds the next chunk (any BufferSource). Only what fits under the limit is copied.
    pub fn feed(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "ByteSource")] chunk: &JsValue,
    ) -> Result<(), JsValue> {
        const FUNC: &str = "Detector.feed";
        let room = self.inner.limit() - self.kept;
        let head = head(chunk, FUNC, room)?;
        self.kept += head.len().min(room);
        self.inner.feed(&head);
        Ok(())
    }

    /// The candidates, best first, for everything fed; the detector then starts over, empty.
    #[wasm_bindgen(unchecked_return_type = "DetectCandidate[]")]
    pub fn finish(&mut self) -> Array {
        let limit = self.inner.limit();
        let done = core::mem::replace(&mut self.inner, detect::Detector::with_limit(limit));
        self.kept = 0;
        candidates(&done.finish())
    }
}

/// `decodeAs` for the charsets whose tables are in the wasm (the package's `decodeAs` wraps it).
#[wasm_bindgen(js_name = decodeAs, skip_typescript)]
pub fn decode_as(bytes: &JsValue, candidate: &JsValue) -> Result<String, JsValue> {
    const FUNC: &str = "decodeAs";
    let name = match candidate.as_string() {
        Some(name) => name,
        None if candidate.is_object() => args::property(candidate.unchecked_ref(), "charset")?
            .as_string()
            .unwrap_or_default(),
        None => String::new(),
    };
    let bytes = args::bytes(bytes, FUNC, args::Detached::Refuse)?;
    args::ensure_room(FUNC, bytes.len(), 3 * bytes.len())?;
    detect::decode(&bytes, &name).ok_or_else(|| {
        args::range_error(format!(
            "{FUNC}: {name:?} is not a charset that detect returns (the candidate or its charset name, such as \"windows-1251\")"
        ))
    })
}
