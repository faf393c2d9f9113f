//! The few operations that are faster, or only possible, on the JS side.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(inline_js = r#"
export function utf16Units(text) {
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  return units;
}
export function stringFromUtf16(units) {
  let text = "";
  for (let i = 0; i < units.length; i += 8192) {
    text += String.fromCharCode.apply(null, units.subarray(i, i + 8192));
  }
  return text;
}
export function isDetached(buffer) {
  if (typeof buffer.detached === "boolean") return buffer.detached;
  // Before ArrayBuffer.prototype.detached: a detached buffer has length 0 and refuses to be sliced.
  if (buffer.byteLength !== 0) return false;
  try { buffer.slice(0, 0); return false; } catch { return true; }
}
export function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an Array";
  if (typeof value === "object") return value.constructor && value.constructor.name ? "a " + value.constructor.name : "an object";
  return "a " + typeof value;
}
"#)]
extern "C" {
    /// The UTF-16 code units of a JS string, lone surrogates included.
    #[wasm_bindgen(js_name = utf16Units)]
    pub(crate) fn utf16_units(text: &js_sys::JsString) -> Vec<u16>;

    /// A JS string from UTF-16 code units, lone surrogates included.
    #[wasm_bindgen(js_name = stringFromUtf16)]
    pub(crate) fn string_from_utf16(units: &[u16]) -> js_sys::JsString;

    /// Whether an ArrayBuffer has been detached (transferred).
    #[wasm_bindgen(js_name = isDetached)]
    pub(crate) fn is_detached(buffer: &JsValue) -> bool;

    /// "a string", "an Array", "a Map", "null"... for error messages.
    pub(crate) fn describe(value: &JsValue) -> String;
}
