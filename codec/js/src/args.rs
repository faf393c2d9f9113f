//! Checking and converting JS arguments. Every failure is a `TypeError` or `RangeError` naming the
//! function, the argument and what was passed.

// Built for every feature; each uses only some of these helpers (the others' unused ones are dropped).
#![cfg_attr(
    not(all(feature = "main", feature = "text", feature = "detect")),
    allow(dead_code)
)]

use js_sys::{Object, RangeError, Reflect, TypeError, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};

use super::glue;

/// The largest input accepted, in bytes. Decoding may need up to three output bytes per input byte
/// (every byte a U+FFFD), and wasm32 memory ends at 4 GiB, so larger inputs are refused up front with a
/// RangeError instead of running out of memory (which would trap).
pub(crate) const MAX_INPUT_BYTES: usize = 512 << 20;

pub(crate) fn type_error(message: String) -> JsValue {
    TypeError::new(&message).into()
}

pub(crate) fn range_error(message: String) -> JsValue {
    RangeError::new(&message).into()
}

/// What to do with a detached buffer: `TextDecoder` reads it as empty; the other functions refuse it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Detached {
    Empty,
    Refuse,
}

/// Copies a BufferSource (Uint8Array, another typed array or DataView, or an ArrayBuffer) into wasm
/// memory. The bytes are located by `glue::buffer_source_view` with the built-in getters, so a
/// subclass, Proxy or look-alike object cannot make the length disagree with the bytes.
pub(crate) fn bytes(value: &JsValue, func: &str, detached: Detached) -> Result<Vec<u8>, JsValue> {
    let view = glue::buffer_source_view(value)?;
    if view.is_null() {
        return on_detached(func, detached);
    }
    let Some(view) = view.dyn_ref::<Uint8Array>() else {
        return Err(type_error(format!(
            "{func}: expected a Uint8Array or another BufferSource, got {}",
            glue::describe(value)
        )));
    };
    let len = view.length() as usize;
    if len > MAX_INPUT_BYTES {
        return Err(range_error(format!(
            "{func}: the input has {len} bytes; at most {MAX_INPUT_BYTES} are accepted (split it, or use Utf8Decoder with stream: true)"
        )));
    }
    let mut out = Vec::new();
    out.try_reserve_exact(len)
        .map_err(|_| out_of_memory(func, len))?;
    out.resize(len, 0);
    view.copy_to(&mut out);
    Ok(out)
}

/// A genuine `Uint8Array` over the destination of `encodeInto` (empty if its buffer is detached, as
/// TextEncoder writes nothing there), or a TypeError.
pub(crate) fn destination(value: &JsValue, func: &str) -> Result<Uint8Array, JsValue> {
    let view = glue::uint8_array_view(value)?;
    view.dyn_into::<Uint8Array>().map_err(|_| {
        type_error(format!(
            "{func}: the destination must be a Uint8Array, got {}",
            glue::describe(value)
        ))
    })
}

fn on_detached(func: &str, detached: Detached) -> Result<Vec<u8>, JsValue> {
    match detached {
        Detached::Empty => Ok(Vec::new()),
        Detached::Refuse => Err(type_error(format!(
            "{func}: the ArrayBuffer is detached (it was transferred), so there are no bytes to read"
        ))),
    }
}

pub(crate) fn out_of_memory(func: &str, len: usize) -> JsValue {
    range_error(format!(
        "{func}: not enough WebAssembly memory for an input of {len} bytes"
    ))
}

/// Checks that `extra` more bytes could be allocated, before the codec allocates them.
pub(crate) fn ensure_room(func: &str, len: usize, extra: usize) -> Result<(), JsValue> {
    let mut probe: Vec<u8> = Vec::new();
    probe
        .try_reserve_exact(extra)
        .map_err(|_| out_of_memory(func, len))
}

/// The UTF-16 code units of a string argument.
pub(crate) fn text(value: &JsValue, func: &str) -> Result<Vec<u16>, JsValue> {
    let Some(text) = value.dyn_ref::<js_sys::JsString>() else {
        return Err(type_error(format!(
            "{func}: expected a string, got {}",
            glue::describe(value)
        )));
    };
    let len = text.length() as usize;
    if len > MAX_INPUT_BYTES / 3 {
        return Err(range_error(format!(
            "{func}: the string has {len} code units; at most {} are accepted",
            MAX_INPUT_BYTES / 3
        )));
    }
    Ok(glue::utf16_units(text))
}

/// A string argument as a Rust string. Lone surrogates have no UTF-8 form; like TextEncoder, they
/// become U+FFFD (for garbling, repair and look-alikes, which work on UTF-8).
#[cfg(feature = "text")]
pub(crate) fn text_lossy(value: &JsValue, func: &str) -> Result<String, JsValue> {
    Ok(utf8lens::utf16_to_utf8(&text(value, func)?))
}

/// An options dictionary: `undefined` and `null` mean "all defaults"; anything else must be an object.
pub(crate) fn options(value: &JsValue, func: &str) -> Result<Option<Object>, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    if value.is_object() || value.is_function() {
        return Ok(Some(value.clone().unchecked_into::<Object>()));
    }
    Err(type_error(format!(
        "{func}: options must be an object, got {}",
        glue::describe(value)
    )))
}

/// An options dictionary of one of our own functions (not of the drop-in classes, which ignore
/// unknown keys as WebIDL does): as `options`, and a key that is not one of `known` is a TypeError
/// that lists them, so that a misspelt option (`replacment`) is not silently ignored.
pub(crate) fn known_options(
    value: &JsValue,
    func: &str,
    known: &[&str],
) -> Result<Option<Object>, JsValue> {
    let options = options(value, func)?;
    if let Some(object) = &options {
        if let Some(key) = glue::unknown_key(object, &known.join(",")).as_string() {
            return Err(type_error(format!(
                "{func}: unknown option {key:?}; the options are {}",
                known.join(", ")
            )));
        }
    }
    Ok(options)
}

/// `object[name]`, or the exception its getter (or a Proxy trap) threw, passed on as it is.
///
/// Not `js_sys::Reflect::get`: that is a `catch` import, and wasm-bindgen 0.2.130 leaves one externref
/// table slot allocated for every exception such an import passes on (docs/ROBUSTNESS.md).
pub(crate) fn property(object: &Object, name: &str) -> Result<JsValue, JsValue> {
    let value = glue::get_property(object, name);
    if glue::is_caught(&value) {
        return Err(glue::take_caught());
    }
    Ok(value)
}

/// A boolean option, converted as WebIDL does (truthiness); missing means `false`.
pub(crate) fn flag(options: &Option<Object>, name: &str) -> Result<bool, JsValue> {
    match options {
        Some(object) => Ok(property(object, name)?.is_truthy()),
        None => Ok(false),
    }
}

/// A string option, or `None` when missing or undefined.
pub(crate) fn string_option(
    options: &Option<Object>,
    name: &str,
    func: &str,
) -> Result<Option<String>, JsValue> {
    let Some(object) = options else {
        return Ok(None);
    };
    let value = property(object, name)?;
    if value.is_undefined() {
        return Ok(None);
    }
    value.as_string().map(Some).ok_or_else(|| {
        type_error(format!(
            "{func}: option {name} must be a string, got {}",
            glue::describe(&value)
        ))
    })
}

/// A code point argument: an integer number; RangeError outside 0..=0x10FFFF.
pub(crate) fn code_point(value: &JsValue, func: &str) -> Result<u32, JsValue> {
    let Some(number) = value.as_f64() else {
        return Err(type_error(format!(
            "{func}: expected a code point number, got {}",
            glue::describe(value)
        )));
    };
    if number.fract() != 0.0 || !number.is_finite() {
        return Err(range_error(format!(
            "{func}: {} is not an integer code point",
            number_text(number)
        )));
    }
    if !(0.0..=f64::from(0x10_FFFF)).contains(&number) {
        return Err(range_error(format!(
            "{func}: {} is outside the code point range 0 to 0x10FFFF",
            number_text(number)
        )));
    }
    Ok(number as u32)
}

/// A number as JavaScript writes it (`String(n)`: "1.5", "NaN", "Infinity", "1e+21"), for error
/// messages. Formatting an `f64` on the Rust side would link core's float printing (Grisu and
/// Dragon4 with their tables), about 10 KB of the gzipped wasm, for these messages alone.
pub(crate) fn number_text(n: f64) -> String {
    JsValue::from_f64(n)
        .unchecked_into::<js_sys::Number>()
        .to_string_with_radix(10)
        .map_or_else(|_| String::from("a number"), String::from)
}

/// Sets `key` on a plain object. Setting a data property on a fresh plain object cannot fail.
pub(crate) fn set(object: &Object, key: &str, value: impl Into<JsValue>) {
    let _ = Reflect::set(object, &key.into(), &value.into());
}
