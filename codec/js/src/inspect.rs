//! `inspect`: everything the inspector draws about a byte string, as plain JSON.

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use super::args::{self, Detached};
use super::decode::error_info;
use utf8lens::Segment;

/// Per byte its role, and the segments: each a character with its code point and byte range, or a
/// malformed sequence with its error info.
///
/// ```js
/// const { roles, segments, valid } = inspect(new Uint8Array([0x41, 0xE2, 0x82, 0xAC, 0xFF]));
/// roles;        // ["ascii", "lead", "continuation", "continuation", "invalid"]
/// segments[1];  // { offset: 1, length: 3, codePoint: 0x20AC, char: "€" }
/// segments[2].error.kind; // "invalid-byte"
/// valid;        // false
/// ```
#[wasm_bindgen(unchecked_return_type = "InspectResult")]
pub fn inspect(
    #[wasm_bindgen(unchecked_param_type = "ByteSource")] bytes: &JsValue,
) -> Result<Object, JsValue> {
    let bytes = args::bytes(bytes, "inspect", Detached::Refuse)?;
    let roles: Array = utf8lens::byte_roles(&bytes)
        .iter()
        .map(|r| JsValue::from(r.as_str()))
        .collect();
    let mut valid = true;
    let segments: Array = utf8lens::segments(&bytes)
        .map(|segment| {
            let info = Object::new();
            args::set(&info, "offset", segment.range().start as f64);
            args::set(&info, "length", segment.range().len() as f64);
            match segment {
                Segment::Char { ch, .. } => {
                    args::set(&info, "codePoint", u32::from(ch));
                    args::set(&info, "char", ch.to_string());
                }
                Segment::Malformed(m) => {
                    valid = false;
                    args::set(&info, "error", error_info(&m));
                }
            }
            JsValue::from(info)
        })
        .collect();
    let result = Object::new();
    args::set(&result, "roles", roles);
    args::set(&result, "segments", segments);
    args::set(&result, "valid", valid);
    Ok(result)
}
