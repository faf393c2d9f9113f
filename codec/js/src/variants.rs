//! `decodeVariant`, `decodeVariantCodePoints` and `encodeVariant`: CESU-8, MUTF-8, WTF-8, RFC 2279.

use js_sys::Array;
use wasm_bindgen::prelude::*;

use super::args::{self, Detached};
use super::glue;
use utf8lens::variants::{Variant, VariantError};

fn variant_arg(value: &JsValue, func: &str) -> Result<Variant, JsValue> {
    value
        .as_string()
        .and_then(|name| name.parse().ok())
        .ok_or_else(|| {
            args::type_error(format!(
            "{func}: the variant must be \"cesu-8\", \"mutf-8\", \"wtf-8\" or \"rfc2279\", got {}",
            value.as_string().map_or_else(|| glue::describe(value), |s| format!("{s:?}"))
        ))
        })
}

fn variant_error(func: &str, error: VariantError) -> JsValue {
    let e = args::type_error(format!("{func}: {error}"));
    args::set(e.unchecked_ref(), "offset", error.offset() as f64);
    e
}

fn decode_code_points(bytes: &JsValue, variant: &JsValue, func: &str) -> Result<Vec<u32>, JsValue> {
    let variant = variant_arg(variant, func)?;
    let bytes = args::bytes(bytes, func, Detached::Refuse)?;
    utf8lens::variants::decode(&bytes, variant).map_err(|e| variant_error(func, e))
}

/// Decodes bytes in a UTF-8 variant to a string. Surrogates the variant allows (MUTF-8, WTF-8) come out
/// as lone surrogates in the string. RFC 2279 values above U+10FFFF have no string form: they are a
/// RangeError here; use `decodeVariantCodePoints` for them. Malformed input is a TypeError with `.offset`.
///
/// ```js
/// decodeVariant(new Uint8Array([0xED, 0xA0, 0x81, 0xED, 0xB0, 0x80]), "cesu-8"); // "𐐀"
/// decodeVariant(new Uint8Array([0xC0, 0x80]), "mutf-8");                          // "\0"
/// ```
#[wasm_bindgen(js_name = decodeVariant, unchecked_return_type = "string")]
pub fn decode_variant(
    #[wasm_bindgen(unchecked_param_type = "ByteSource")] bytes: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "Utf8Variant")] variant: &JsValue,
) -> Result<JsValue, JsValue> {
    const FUNC: &str = "decodeVariant";
    let code_points = decode_code_points(bytes, variant, FUNC)?;
    let mut units = Vec::with_capacity(code_points.len());
    for cp in code_points {
        match cp {
            0..=0xFFFF => units.push(cp as u16),
            0x1_0000..=0x10_FFFF => {
                let v = cp - 0x1_0000;
                units.extend([0xD800 | (v >> 10) as u16, 0xDC00 | (v & 0x3FF) as u16]);
            }
            _ => {
                return Err(args::range_error(format!(
                    "{FUNC}: the value {cp:#X} is above U+10FFFF and has no string form; use decodeVariantCodePoints"
                )))
            }
        }
    }
    Ok(glue::string_from_utf16(&units).into())
}

/// Decodes bytes in a UTF-8 variant to code point numbers (surrogates and, for RFC 2279, values up to
/// 0x7FFFFFFF included).
///
/// ```js
/// decodeVariantCodePoints(new Uint8Array([0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]), "rfc2279"); // [0x7FFFFFFF]
/// ```
#[wasm_bindgen(js_name = decodeVariantCodePoints, unchecked_return_type = "number[]")]
pub fn decode_variant_code_points(
    #[wasm_bindgen(unchecked_param_type = "ByteSource")] bytes: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "Utf8Variant")] variant: &JsValue,
) -> Result<Array, JsValue> {
    let code_points = decode_code_points(bytes, variant, "decodeVariantCodePoints")?;
    Ok(code_points.into_iter().map(JsValue::from).collect())
}

/// Encodes a string in a UTF-8 variant. Surrogate pairs in the string are one supplementary code point;
/// lone surrogates are encoded where the variant allows them (MUTF-8, WTF-8, RFC 2279) and are a
/// RangeError where it does not (CESU-8).
///
/// ```js
/// encodeVariant("\0", "mutf-8");   // Uint8Array [0xC0, 0x80]
/// encodeVariant("😀", "cesu-8");   // Uint8Array [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]
/// encodeVariant("\uD800", "wtf-8"); // Uint8Array [0xED, 0xA0, 0x80]
/// ```
#[wasm_bindgen(js_name = encodeVariant)]
pub fn encode_variant(
    #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "Utf8Variant")] variant: &JsValue,
) -> Result<Vec<u8>, JsValue> {
    const FUNC: &str = "encodeVariant";
    let variant = variant_arg(variant, FUNC)?;
    let units = args::text(text, FUNC)?;
    let code_points: Vec<u32> = char::decode_utf16(units.iter().copied())
        .map(|unit| unit.map_or_else(|lone| u32::from(lone.unpaired_surrogate()), u32::from))
        .collect();
    utf8lens::variants::encode(&code_points, variant)
        .map_err(|e| args::range_error(format!("{FUNC}: {e}")))
}
