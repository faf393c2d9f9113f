//! `encode`, `encodeInto`, `encodeCodePoint` and `explainCodePoint`.

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use super::args;
use utf8lens::EncodeError;

/// Encodes a string as UTF-8, as `new TextEncoder().encode(text)`: a lone surrogate becomes EF BF BD.
///
/// ```js
/// encode("€");       // Uint8Array [0xE2, 0x82, 0xAC]
/// encode("\uD800");  // Uint8Array [0xEF, 0xBF, 0xBD]
/// ```
#[wasm_bindgen]
pub fn encode(
    #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
) -> Result<Vec<u8>, JsValue> {
    let units = args::text(text, "encode")?;
    Ok(utf8lens::utf16_to_utf8(&units).into_bytes())
}

/// Encodes as much of `text` as fits into `dest`, as `TextEncoder.encodeInto`: never a partial
/// character; `read` counts UTF-16 code units, `written` bytes.
///
/// ```js
/// const dest = new Uint8Array(4);
/// encodeInto("a€b", dest); // { read: 2, written: 4 }, dest = [0x61, 0xE2, 0x82, 0xAC]
/// ```
#[wasm_bindgen(js_name = encodeInto, unchecked_return_type = "EncodeIntoResult")]
pub fn encode_into(
    #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "Uint8Array")] dest: &JsValue,
) -> Result<Object, JsValue> {
    const FUNC: &str = "encodeInto";
    let units = args::text(text, FUNC)?;
    let dest = args::destination(dest, FUNC)?;
    // Never more than three bytes per code unit, so the scratch buffer need not be larger than that.
    let room = (dest.length() as usize).min(units.len().saturating_mul(3));
    let mut scratch = Vec::new();
    scratch
        .try_reserve_exact(room)
        .map_err(|_| args::out_of_memory(FUNC, room))?;
    scratch.resize(room, 0);
    let (read, written) = utf8lens::utf16_to_utf8_into(&units, &mut scratch);
    dest.subarray(0, written as u32)
        .copy_from(&scratch[..written]);
    let result = Object::new();
    args::set(&result, "read", read as f64);
    args::set(&result, "written", written as f64);
    Ok(result)
}

fn encode_error(func: &str, error: EncodeError) -> JsValue {
    args::range_error(format!("{func}: {error}"))
}

/// The UTF-8 bytes of one code point. RangeError for surrogates, negatives, values above 0x10FFFF and
/// non-integers; TypeError for non-numbers.
///
/// ```js
/// encodeCodePoint(0x1F600); // Uint8Array [0xF0, 0x9F, 0x98, 0x80]
/// encodeCodePoint(0xD800);  // RangeError: encodeCodePoint: U+D800 is a surrogate code point ...
/// ```
#[wasm_bindgen(js_name = encodeCodePoint)]
pub fn encode_code_point(
    #[wasm_bindgen(unchecked_param_type = "number")] cp: &JsValue,
) -> Result<Vec<u8>, JsValue> {
    const FUNC: &str = "encodeCodePoint";
    let cp = args::code_point(cp, FUNC)?;
    utf8lens::encode_code_point(cp)
        .map(|encoded| encoded.as_bytes().to_vec())
        .map_err(|e| encode_error(FUNC, e))
}

/// How a code point's bits fill the `0xxxxxxx` / `110xxxxx 10xxxxxx` / ... templates (RFC 3629 §3), as
/// plain JSON: the table row chosen, each octet's template and which code point bit lands in each bit.
///
/// ```js
/// const fill = explainCodePoint(0x20AC);
/// fill.row.octets;            // 3
/// fill.octets[0].template;    // "1110xxxx"
/// fill.octets[0].bitSources;  // [null, null, null, null, 15, 14, 13, 12]
/// fill.bytes;                 // [0xE2, 0x82, 0xAC]
/// ```
#[wasm_bindgen(js_name = explainCodePoint, unchecked_return_type = "BitFillInfo")]
pub fn explain_code_point(
    #[wasm_bindgen(unchecked_param_type = "number")] cp: &JsValue,
) -> Result<Object, JsValue> {
    const FUNC: &str = "explainCodePoint";
    let cp = args::code_point(cp, FUNC)?;
    let fill = utf8lens::explain(cp).map_err(|e| encode_error(FUNC, e))?;
    let info = Object::new();
    args::set(&info, "codePoint", cp);
    args::set(&info, "label", format!("U+{cp:04X}"));
    let row = Object::new();
    args::set(&row, "first", fill.row().first);
    args::set(&row, "last", fill.row().last);
    args::set(&row, "octets", fill.row().octets as f64);
    args::set(&row, "template", fill.row().template);
    args::set(&info, "row", row);
    args::set(&info, "bits", fill.code_point_bits());
    let octets: Array = fill
        .octets()
        .iter()
        .map(|octet| {
            let o = Object::new();
            args::set(&o, "template", octet.template());
            args::set(&o, "markerLength", octet.marker_len() as f64);
            args::set(&o, "value", octet.value());
            let sources: Array = octet
                .bit_sources()
                .iter()
                .map(|s| s.map_or(JsValue::NULL, JsValue::from))
                .collect();
            args::set(&o, "bitSources", sources);
            JsValue::from(o)
        })
        .collect();
    args::set(&info, "octets", octets);
    let bytes: Array = fill.bytes().iter().map(|&b| JsValue::from(b)).collect();
    args::set(&info, "bytes", bytes);
    Ok(info)
}
