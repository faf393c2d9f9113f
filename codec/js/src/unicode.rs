//! `UnicodeDecoder` (UTF-8, UTF-16 and UTF-32 as bytes, with `Utf8Decoder`'s shape) and `sniffBom`.

use wasm_bindgen::prelude::*;

use super::args::{self, Detached};
use super::decode::{decode_call, string_from_utf8};
use super::glue;
use utf8lens::{UnicodeDecoder as Decoder, UnicodeEncoding, UnicodeError};

/// The labels `UnicodeDecoder` takes, for its RangeError.
const LABELS: &str = "utf-8, utf-16le, utf-16be, utf-16 (BOM sniffed, else LE), utf-32le, utf-32be, utf-32 (BOM sniffed, else LE), and UTF-8's and UTF-16's other WHATWG labels";

/// The TypeError of a fatal `UnicodeDecoder`: the message gives the byte offset and kind, and the
/// error carries both as properties.
fn fatal_error(func: &str, e: &UnicodeError) -> JsValue {
    let error = js_sys::TypeError::new(&format!(
        "{func}: invalid {} at offset {} ({}): {e}",
        e.encoding().name(),
        e.offset(),
        e.kind().as_str()
    ));
    args::set(&error, "offset", e.offset() as f64);
    args::set(&error, "kind", e.kind().as_str());
    error.into()
}

/// A decoder of UTF-8, UTF-16 or UTF-32 bytes with `TextDecoder`'s shape; `utf-16` and `utf-32`
/// read the byte order from the byte order mark (little-endian without one).
///
/// ```js
/// const decoder = new UnicodeDecoder("utf-16", { fatal: true });
/// decoder.decode(new Uint8Array([0xFE, 0xFF, 0x00, 0x61, 0xD8]), { stream: true }); // "a"
/// decoder.decode(new Uint8Array([0x3D, 0xDE, 0x00]));                                  // "😀"
/// new UnicodeDecoder("utf-32le", { fatal: true }).decode(new Uint8Array([0, 0, 0x11, 0]));
/// // TypeError: UnicodeDecoder.decode: invalid utf-32le at offset 0 (too-large): ...
/// ```
#[wasm_bindgen]
pub struct UnicodeDecoder {
    inner: Decoder,
}

#[wasm_bindgen]
impl UnicodeDecoder {
    /// `new UnicodeDecoder(label = "utf-8", {fatal = false, ignoreBOM = false})`. Another label than
    /// those of UTF-8, UTF-16 and UTF-32 is a RangeError.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "string")] label: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Utf8DecoderOptions | null")]
        options: &JsValue,
    ) -> Result<UnicodeDecoder, JsValue> {
        const FUNC: &str = "UnicodeDecoder";
        let encoding = if label.is_undefined() {
            UnicodeEncoding::Utf8
        } else {
            let Some(name) = label.as_string() else {
                return Err(args::type_error(format!(
                    "{FUNC}: the label must be a string, got {}",
                    glue::describe(label)
                )));
            };
            UnicodeEncoding::from_label(&name).ok_or_else(|| {
                args::range_error(format!(
                    "{FUNC}: {name:?} is not a label of a Unicode encoding (labels: {LABELS})"
                ))
            })?
        };
        let options = args::options(options, FUNC)?;
        let fatal = args::flag(&options, "fatal")?;
        let ignore_bom = args::flag(&options, "ignoreBOM")?;
        Ok(UnicodeDecoder {
            inner: Decoder::new(encoding, fatal, ignore_bom),
        })
    }

    /// The encoding's name: "utf-8", "utf-16le", "utf-16be", "utf-16", "utf-32le", "utf-32be" or
    /// "utf-32".
    #[wasm_bindgen(getter, unchecked_return_type = "UnicodeEncodingName")]
    pub fn encoding(&self) -> String {
        self.inner.encoding().name().to_owned()
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
        const FUNC: &str = "UnicodeDecoder.decode";
        let (bytes, stream) = decode_call(input, options, FUNC)?;
        let text = self
            .inner
            .decode(&bytes, stream)
            .map_err(|e| fatal_error(FUNC, &e))?;
        string_from_utf8(FUNC, text.as_bytes())
    }
}

/// The encoding whose byte order mark `bytes` start with ("utf-8", "utf-16le", "utf-16be",
/// "utf-32le" or "utf-32be"), or null. UTF-32LE's mark (FF FE 00 00) wins over UTF-16LE's (FF FE).
///
/// ```js
/// sniffBom(new Uint8Array([0xFF, 0xFE, 0x41, 0x00])); // "utf-16le"
/// sniffBom(new Uint8Array([0x41]));                   // null
/// ```
#[wasm_bindgen(js_name = sniffBom, unchecked_return_type = "UnicodeEncodingName | null")]
pub fn sniff_bom(
    #[wasm_bindgen(unchecked_param_type = "ByteSource")] bytes: &JsValue,
) -> Result<JsValue, JsValue> {
    let bytes = args::bytes(bytes, "sniffBom", Detached::Refuse)?;
    Ok(match utf8lens::sniff_bom(&bytes) {
        Some(encoding) => encoding.name().into(),
        None => JsValue::NULL,
    })
}
