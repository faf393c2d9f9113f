//! Legacy charsets: `charsets`, `charsetTable`, `resolveLabel`, `decodeLegacy` and `encodeLegacy`
//! (feature `main`), and the argument helpers they share with the mojibake exports (`mojibake.rs`,
//! feature `text`), which is why this module is compiled for either of the two (not for `detect`,
//! which needs neither).
//!
//! Offsets given to JS count UTF-16 code units, as everything in JS does.

#[cfg(feature = "main")]
use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

#[cfg(feature = "main")]
use super::args::Detached;
use super::{args, glue};
#[cfg(feature = "main")]
use utf8lens::charset::Fallback;
use utf8lens::charset::{Charset, Unmappable};

#[cfg(feature = "main")]
#[wasm_bindgen(typescript_custom_section)]
const LEGACY_TS_TYPES: &'static str = r#"
/** One entry of `charsets()`. */
export interface CharsetInfo {
  name: Charset;
  /** Such as "Western European (Windows)". */
  title: string;
  /** The mapping file the table was generated from. */
  source: string;
  /** Bytes with no character in this charset. */
  undefinedBytes: number[];
  /** WHATWG labels a browser resolves to this charset (empty for the true ISO-8859-1, -9, -11). */
  labels: string[];
}

/** Options of `decodeLegacy`. */
export interface DecodeLegacyOptions {
  /** Throw a TypeError (with `offset` and `byte`) at the first undefined byte instead of writing U+FFFD. */
  fatal?: boolean;
}

/** Options of `encodeLegacy`. */
export interface EncodeLegacyOptions {
  /** What to do with a character the charset lacks: throw (default), write "?", or write "&#NNNN;". */
  fallback?: "error" | "question" | "ncr";
}
"#;

/// A canonical charset name argument; a label such as "latin1" is refused with a pointer to
/// `resolveLabel`.
pub(super) fn charset_arg(value: &JsValue, func: &str) -> Result<Charset, JsValue> {
    let Some(name) = value.as_string() else {
        return Err(args::type_error(format!(
            "{func}: the charset must be a string such as \"windows-1252\", got {}",
            glue::describe(value)
        )));
    };
    name.parse().map_err(|_| {
        let hint = match utf8lens::charset::resolve_label(&name) {
            Ok(cs) => {
                format!("; {name:?} is a label that browsers resolve to {cs} (see resolveLabel)")
            }
            Err(_) => String::new(),
        };
        args::range_error(format!(
            "{func}: {name:?} is not a charset name (one of {}){hint}",
            Charset::ALL.map(Charset::name).join(", ")
        ))
    })
}

/// The TypeError for a character the charset cannot encode; offsets in UTF-16 code units.
pub(super) fn unmappable_error(func: &str, e: &Unmappable) -> JsValue {
    let error = args::type_error(format!("{func}: {e}"));
    args::set(error.unchecked_ref(), "offset", e.offset() as f64);
    args::set(error.unchecked_ref(), "codePoint", e.code_point());
    args::set(error.unchecked_ref(), "charset", e.charset().name());
    error
}

/// Every charset: its name, title, source, undefined bytes and the WHATWG labels that reach it.
///
/// ```js
/// charsets().find(c => c.name === "windows-1253").undefinedBytes; // [0xAA, 0xD2, 0xFF]
/// charsets().find(c => c.name === "windows-1252").labels.includes("latin1"); // true
/// ```
#[cfg(feature = "main")]
#[wasm_bindgen(unchecked_return_type = "CharsetInfo[]")]
pub fn charsets() -> Array {
    Charset::ALL
        .into_iter()
        .map(|cs| {
            let info = Object::new();
            args::set(&info, "name", cs.name());
            args::set(&info, "title", cs.title());
            args::set(&info, "source", cs.source());
            let undefined: Array = cs
                .undefined_bytes()
                .into_iter()
                .map(JsValue::from)
                .collect();
            args::set(&info, "undefinedBytes", undefined);
            let labels: Array = utf8lens::charset::labels_of(cs)
                .into_iter()
                .map(JsValue::from)
                .collect();
            args::set(&info, "labels", labels);
            JsValue::from(info)
        })
        .collect()
}

/// The code point of each of the 256 bytes in a charset, or null for an undefined byte: the
/// codepage table.
///
/// ```js
/// charsetTable("windows-1252")[0x80]; // 0x20AC
/// charsetTable("iso-8859-1")[0x80];   // 0x80 (a C1 control: the true ISO-8859-1)
/// ```
#[cfg(feature = "main")]
#[wasm_bindgen(js_name = charsetTable, unchecked_return_type = "(number | null)[]")]
pub fn charset_table(
    #[wasm_bindgen(unchecked_param_type = "Charset")] charset: &JsValue,
) -> Result<Array, JsValue> {
    let cs = charset_arg(charset, "charsetTable")?;
    Ok((0..=255u8)
        .map(|b| {
            cs.decode_byte(b)
                .map_or(JsValue::NULL, |c| JsValue::from(u32::from(c)))
        })
        .collect())
}

/// The charset a browser uses for a declared label (WHATWG "get an encoding"): `"latin1"` and
/// `"iso-8859-1"` give `"windows-1252"`. A RangeError for an unknown label, or for a label of an
/// encoding that is not a legacy single-byte charset (its `.encoding` property names it).
///
/// ```js
/// resolveLabel(" Latin1 ");  // "windows-1252"
/// resolveLabel("cp866");     // "ibm866"
/// resolveLabel("utf8");      // RangeError (encoding: "UTF-8")
/// ```
#[cfg(feature = "main")]
#[wasm_bindgen(js_name = resolveLabel, unchecked_return_type = "Charset")]
pub fn resolve_label(
    #[wasm_bindgen(unchecked_param_type = "string")] label: &JsValue,
) -> Result<String, JsValue> {
    const FUNC: &str = "resolveLabel";
    let Some(text) = label.as_string() else {
        return Err(args::type_error(format!(
            "{FUNC}: the label must be a string, got {}",
            glue::describe(label)
        )));
    };
    utf8lens::charset::resolve_label(&text)
        .map(|cs| cs.name().to_owned())
        .map_err(|e| {
            let error = args::range_error(format!("{FUNC}: {text:?}: {e}"));
            if let Some(encoding) = e.encoding() {
                args::set(error.unchecked_ref(), "encoding", encoding);
            }
            error
        })
}

/// Decodes bytes in a legacy charset. Undefined bytes become U+FFFD, or with `fatal: true` a
/// TypeError whose `.offset` and `.byte` say where and which.
///
/// ```js
/// decodeLegacy(new Uint8Array([0x48, 0xF6, 0x68, 0x65]), "iso-8859-1"); // "Höhe"
/// decodeLegacy(new Uint8Array([0xAA]), "windows-1253");                 // "\uFFFD"
/// decodeLegacy(new Uint8Array([0xAA]), "windows-1253", { fatal: true }); // TypeError
/// ```
#[cfg(feature = "main")]
#[wasm_bindgen(js_name = decodeLegacy)]
pub fn decode_legacy(
    #[wasm_bindgen(unchecked_param_type = "ByteSource")] bytes: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "Charset")] charset: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "DecodeLegacyOptions | null")] options: &JsValue,
) -> Result<String, JsValue> {
    const FUNC: &str = "decodeLegacy";
    let cs = charset_arg(charset, FUNC)?;
    let options = args::known_options(options, FUNC, &["fatal"])?;
    let fatal = args::flag(&options, "fatal")?;
    let bytes = args::bytes(bytes, FUNC, Detached::Refuse)?;
    args::ensure_room(FUNC, bytes.len(), 3 * bytes.len())?;
    if fatal {
        return utf8lens::charset::decode_fatal(&bytes, cs).map_err(|e| {
            let error = args::type_error(format!("{FUNC}: {e}"));
            args::set(error.unchecked_ref(), "offset", e.offset() as f64);
            args::set(error.unchecked_ref(), "byte", e.byte());
            error
        });
    }
    Ok(utf8lens::charset::decode(&bytes, cs))
}

/// Encodes a string in a legacy charset. A character the charset lacks throws a TypeError naming
/// it, with `.offset` (UTF-16 code units) and `.codePoint`; or, with `fallback: "question"`, becomes
/// "?"; or, with `fallback: "ncr"`, becomes a decimal reference such as "&#8364;". Lone surrogates
/// are characters no charset has.
///
/// ```js
/// encodeLegacy("Höhe", "iso-8859-1");                      // Uint8Array [0x48, 0xF6, 0x68, 0x65]
/// encodeLegacy("1 €", "iso-8859-1", { fallback: "ncr" });  // the bytes of "1 &#8364;"
/// encodeLegacy("a→b", "windows-1252");                     // TypeError (offset 1)
/// ```
#[cfg(feature = "main")]
#[wasm_bindgen(js_name = encodeLegacy)]
pub fn encode_legacy(
    #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "Charset")] charset: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "EncodeLegacyOptions | null")] options: &JsValue,
) -> Result<Vec<u8>, JsValue> {
    const FUNC: &str = "encodeLegacy";
    let cs = charset_arg(charset, FUNC)?;
    let options = args::known_options(options, FUNC, &["fallback"])?;
    let fallback = match args::string_option(&options, "fallback", FUNC)?.as_deref() {
        None | Some("error") => Fallback::Error,
        Some("question") => Fallback::Question,
        Some("ncr") => Fallback::Ncr,
        Some(other) => {
            return Err(args::type_error(format!(
                "{FUNC}: fallback must be \"error\", \"question\" or \"ncr\", not {other:?}"
            )))
        }
    };
    let units = args::text(text, FUNC)?;
    // At most "&#1114111;" (10 bytes) per code unit.
    args::ensure_room(FUNC, units.len(), 10 * units.len())?;
    utf8lens::charset::encode_from_utf16(&units, cs, fallback)
        .map_err(|e| unmappable_error(FUNC, &e))
}
