//! The few operations that are faster, or only possible, on the JS side.
//!
//! Why argument inspection happens here and not through js-sys: a JS exception thrown inside an
//! imported function that is not marked `catch` unwinds straight through the wasm frames, skipping
//! the code that restores wasm-bindgen's stacks; a few hundred of those and every later call fails
//! with "table index is out of bounds". Getters such as `Uint8Array.prototype.length` run user code
//! for a subclass or a Proxy, and throw for an object that merely has a typed array as its
//! prototype. So bytes are located with the built-in getters taken once from the intrinsic
//! prototypes (never with a property lookup on the argument), the functions that could still throw
//! are `catch`, and `describe` swallows whatever it meets.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(inline_js = r#"
const TypedArray = Object.getPrototypeOf(Uint8Array);
const getter = (proto, name) => Object.getOwnPropertyDescriptor(proto, name)?.get;
const typedArrayBuffer = getter(TypedArray.prototype, "buffer");
const typedArrayByteOffset = getter(TypedArray.prototype, "byteOffset");
const typedArrayByteLength = getter(TypedArray.prototype, "byteLength");
const typedArrayTag = getter(TypedArray.prototype, Symbol.toStringTag);
const dataViewBuffer = getter(DataView.prototype, "buffer");
const dataViewByteOffset = getter(DataView.prototype, "byteOffset");
const dataViewByteLength = getter(DataView.prototype, "byteLength");
const arrayBufferByteLength = getter(ArrayBuffer.prototype, "byteLength");
const arrayBufferDetached = getter(ArrayBuffer.prototype, "detached");
const arrayBufferSlice = ArrayBuffer.prototype.slice;
const sharedByteLength =
  typeof SharedArrayBuffer === "function" ? getter(SharedArrayBuffer.prototype, "byteLength") : undefined;

// The byte length of a genuine ArrayBuffer or SharedArrayBuffer, or undefined for anything else.
function bufferByteLength(value) {
  try { return arrayBufferByteLength.call(value); } catch {}
  if (sharedByteLength) { try { return sharedByteLength.call(value); } catch {} }
  return undefined;
}

// Whether a genuine ArrayBuffer has been detached (transferred). A SharedArrayBuffer never is.
function isDetached(buffer) {
  if (arrayBufferDetached) {
    try { return arrayBufferDetached.call(buffer); } catch { return false; }
  }
  // Before ArrayBuffer.prototype.detached: a detached buffer has length 0 and refuses to be sliced.
  let length;
  try { length = arrayBufferByteLength.call(buffer); } catch { return false; }
  if (length !== 0) return false;
  try { arrayBufferSlice.call(buffer, 0, 0); return false; } catch { return true; }
}

// A fresh Uint8Array over the bytes of a BufferSource (an ArrayBuffer, SharedArrayBuffer, typed
// array or DataView), null if its buffer is detached, undefined if the value is no BufferSource.
export function bufferSourceView(value) {
  if (ArrayBuffer.isView(value)) {
    let typed = true, buffer;
    try { buffer = typedArrayBuffer.call(value); } catch { typed = false; buffer = dataViewBuffer.call(value); }
    if (isDetached(buffer)) return null;
    const offset = typed ? typedArrayByteOffset.call(value) : dataViewByteOffset.call(value);
    const length = typed ? typedArrayByteLength.call(value) : dataViewByteLength.call(value);
    return new Uint8Array(buffer, offset, length);
  }
  const length = bufferByteLength(value);
  if (length === undefined) return undefined;
  if (isDetached(value)) return null;
  return new Uint8Array(value, 0, length);
}

// A fresh Uint8Array over the same memory as a genuine Uint8Array (an empty one if its buffer is
// detached, as TextEncoder.encodeInto writes nothing there), or undefined for anything else.
export function uint8ArrayView(value) {
  if (!ArrayBuffer.isView(value)) return undefined;
  let tag;
  try { tag = typedArrayTag.call(value); } catch { return undefined; }
  if (tag !== "Uint8Array") return undefined;
  const buffer = typedArrayBuffer.call(value);
  if (isDetached(buffer)) return new Uint8Array(0);
  return new Uint8Array(buffer, typedArrayByteOffset.call(value), typedArrayByteLength.call(value));
}

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

// "an Object", "an Int8Array", but "a Uint8Array".
const withArticle = (word) => (/^(?:[aeio]|u(?!int))/i.test(word) ? "an " : "a ") + word;

export function describe(value) {
  try {
    if (value === null || value === undefined) return String(value);
    if (typeof value !== "object") return withArticle(typeof value);
    if (Array.isArray(value)) return "an Array";
    let name = "object";
    try {
      const constructorName = value.constructor?.name;
      if (typeof constructorName === "string" && constructorName !== "") name = constructorName;
    } catch {}
    const posing = !ArrayBuffer.isView(value) &&
      (value instanceof TypedArray || value instanceof DataView) && bufferByteLength(value) === undefined;
    return withArticle(name) + (posing ? " that is not a real one (a Proxy, or an object that only has its prototype)" : "");
  } catch {
    return "an object";
  }
}
"#)]
extern "C" {
    /// A fresh `Uint8Array` over the bytes of a BufferSource; `null` if its buffer is detached,
    /// `undefined` if `value` is no BufferSource.
    #[wasm_bindgen(catch, js_name = bufferSourceView)]
    pub(crate) fn buffer_source_view(value: &JsValue) -> Result<JsValue, JsValue>;

    /// A fresh `Uint8Array` over the memory of a genuine `Uint8Array` (empty if detached), or
    /// `undefined`.
    #[wasm_bindgen(catch, js_name = uint8ArrayView)]
    pub(crate) fn uint8_array_view(value: &JsValue) -> Result<JsValue, JsValue>;

    /// The UTF-16 code units of a JS string, lone surrogates included.
    #[wasm_bindgen(js_name = utf16Units)]
    pub(crate) fn utf16_units(text: &js_sys::JsString) -> Vec<u16>;

    /// A JS string from UTF-16 code units, lone surrogates included.
    #[wasm_bindgen(js_name = stringFromUtf16)]
    pub(crate) fn string_from_utf16(units: &[u16]) -> js_sys::JsString;

    /// "a string", "an Array", "a Map", "null"... for error messages. Never throws.
    pub(crate) fn describe(value: &JsValue) -> String;
}
