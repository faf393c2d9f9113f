//! `Utf8InputBuffer`: the zero-copy path for large inputs.
//!
//! Every other export copies its bytes into wasm memory first (the `Vec` of `args::bytes`). This
//! buffer is a region of wasm memory that JavaScript writes into directly, through a `Uint8Array`
//! view (`TextEncoder.encodeInto`, `fs.readSync`, a BYOB stream reader), and that the codec then
//! reads in place. The region is a `Vec<u8>` owned by the wasm-bindgen object, so it lives until
//! `free()`; its address does not change while it lives, but the `ArrayBuffer` behind a view is
//! replaced whenever wasm memory grows, which is why `bytes` is a getter that JavaScript re-reads.
//!
//! The methods are the top-level `validate`, `firstError`, `errors`, `errorList` and `decode` over the first
//! `length` bytes, through the same helpers in `decode.rs`. Options are read (running any getters
//! of the caller's) before the bytes are borrowed, and nothing else the methods call runs the
//! caller's code, so JavaScript cannot write into the region while the codec reads it.

use js_sys::{Array, Object, Uint8Array, WebAssembly};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::args::{self, MAX_INPUT_BYTES};
use super::decode::{self, DecodeSettings};
use super::glue;

/// A reusable region of WebAssembly memory that JavaScript fills and the codec reads in place,
/// without the copy the other functions make. `bytes` is a `Uint8Array` over the whole region;
/// the methods read its first `length` bytes.
///
/// ```js
/// const buffer = new Utf8InputBuffer(1 << 20);
/// const { written } = new TextEncoder().encodeInto("Grüße", buffer.bytes);
/// buffer.validate(written); // true
/// buffer.decode(written);   // "Grüße"
/// buffer.free();
/// ```
///
/// Re-read `bytes` after any other call into utf8lens: a call that allocates may grow WebAssembly
/// memory, which detaches every view taken before (it then has length 0). Views taken before
/// `free()` must not be used after it: they would write into memory the module reuses.
#[wasm_bindgen]
pub struct Utf8InputBuffer {
    region: Vec<u8>,
}

#[wasm_bindgen]
impl Utf8InputBuffer {
    /// `new Utf8InputBuffer(capacity)`: a zero-filled region of `capacity` bytes, an integer from 0
    /// to 512 MiB (the largest input the other functions accept). Anything else is a TypeError or
    /// RangeError, as is a capacity WebAssembly memory has no room for.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number")] capacity: &JsValue,
    ) -> Result<Utf8InputBuffer, JsValue> {
        const FUNC: &str = "Utf8InputBuffer";
        let capacity = byte_count(capacity, FUNC, "capacity", MAX_INPUT_BYTES, |n| {
            format!(
                "capacity {} is more than the {MAX_INPUT_BYTES} bytes (512 MiB) an input may have",
                args::number_text(n)
            )
        })?;
        let mut region = Vec::new();
        region
            .try_reserve_exact(capacity)
            .map_err(|_| args::out_of_memory(FUNC, capacity))?;
        region.resize(capacity, 0);
        Ok(Utf8InputBuffer { region })
    }

    /// The size of the region in bytes.
    #[wasm_bindgen(getter)]
    pub fn capacity(&self) -> f64 {
        self.region.len() as f64
    }

    /// A `Uint8Array` over the whole region, in WebAssembly memory: write the input here. A view
    /// is detached (length 0) once WebAssembly memory grows, so read this again after other calls.
    #[wasm_bindgen(getter)]
    pub fn bytes(&self) -> Uint8Array {
        let memory = wasm_bindgen::memory().unchecked_into::<WebAssembly::Memory>();
        // wasm32 addresses are 32 bits, and the region lies inside memory, so neither cast loses.
        Uint8Array::new_with_byte_offset_and_length(
            &memory.buffer(),
            self.region.as_ptr() as u32,
            self.region.len() as u32,
        )
    }

    /// `validate` of the first `length` bytes: whether they are well-formed UTF-8.
    pub fn validate(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] length: &JsValue,
    ) -> Result<bool, JsValue> {
        Ok(decode::validate_slice(
            self.filled(length, "Utf8InputBuffer.validate")?,
        ))
    }

    /// `firstError` of the first `length` bytes: their first malformed sequence, or `undefined`.
    #[wasm_bindgen(js_name = firstError, unchecked_return_type = "Utf8ErrorInfo | undefined")]
    pub fn first_error(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] length: &JsValue,
    ) -> Result<JsValue, JsValue> {
        Ok(decode::first_error_slice(
            self.filled(length, "Utf8InputBuffer.firstError")?,
        ))
    }

    /// `errors` of the first `length` bytes: every malformed sequence, in order, or with `limit` the
    /// first ones (without a limit, more than 1,048,576 are a RangeError, as with `errors`).
    #[wasm_bindgen(unchecked_return_type = "Utf8ErrorInfo[]")]
    pub fn errors(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] length: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ErrorsOptions | null")] options: &JsValue,
    ) -> Result<Array, JsValue> {
        const FUNC: &str = "Utf8InputBuffer.errors";
        // The options first: their getters are the caller's code (see `decode`).
        let limit = decode::read_limit(options, FUNC)?;
        decode::errors_slice(FUNC, self.filled(length, FUNC)?, limit)
    }

    /// `errorList` of the first `length` bytes: every malformed sequence as packed typed arrays, no
    /// object per error; with `limit`, the first ones and `more`. For large inputs with many errors.
    ///
    /// ```js
    /// const buffer = new Utf8InputBuffer(4);
    /// buffer.bytes.set([0x80, 0x41, 0xE4, 0xBD]);
    /// buffer.errorList(4).offsets; // Uint32Array [0, 2]
    /// ```
    #[wasm_bindgen(js_name = errorList, unchecked_return_type = "Utf8ErrorList")]
    pub fn error_list(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] length: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ErrorsOptions | null")] options: &JsValue,
    ) -> Result<Object, JsValue> {
        const FUNC: &str = "Utf8InputBuffer.errorList";
        let limit = decode::read_limit(options, FUNC)?;
        decode::error_list_slice(FUNC, self.filled(length, FUNC)?, limit)
    }

    /// `decode` of the first `length` bytes, with `decode`'s options (`fatal`, `ignoreBOM`,
    /// `replacement`), results and errors.
    #[wasm_bindgen(unchecked_return_type = "string")]
    pub fn decode(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] length: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "DecodeOptions | null")] options: &JsValue,
    ) -> Result<JsValue, JsValue> {
        const FUNC: &str = "Utf8InputBuffer.decode";
        // The options first: their getters are the caller's code, and must run before the
        // region is borrowed.
        let options = DecodeSettings::read(options, FUNC)?;
        decode::decode_slice(FUNC, self.filled(length, FUNC)?, options)
    }
}

impl Utf8InputBuffer {
    /// The first `length` bytes of the region, or a TypeError or RangeError naming `func`.
    fn filled(&self, length: &JsValue, func: &str) -> Result<&[u8], JsValue> {
        let capacity = self.region.len();
        let length = byte_count(length, func, "length", capacity, |n| {
            format!(
                "length {} is more than the buffer's capacity of {capacity} bytes",
                args::number_text(n)
            )
        })?;
        self.region.get(..length).ok_or_else(|| {
            args::range_error(format!(
                "{func}: length {length} is more than the buffer's capacity of {capacity} bytes"
            ))
        })
    }
}

/// A count of bytes: a number that is a non-negative integer no larger than `max`. A non-number is
/// a TypeError; a negative, fractional, infinite or NaN number a RangeError, and a larger one the
/// RangeError that `too_large` words (after the function's name).
fn byte_count(
    value: &JsValue,
    func: &str,
    name: &str,
    max: usize,
    too_large: impl FnOnce(f64) -> String,
) -> Result<usize, JsValue> {
    let Some(number) = value.as_f64() else {
        return Err(args::type_error(format!(
            "{func}: {name} must be a number of bytes, got {}",
            glue::describe(value)
        )));
    };
    if !number.is_finite() || number.fract() != 0.0 || number < 0.0 {
        return Err(args::range_error(format!(
            "{func}: {name} must be a whole number of bytes from 0 up, not {}",
            args::number_text(number)
        )));
    }
    if number > max as f64 {
        return Err(args::range_error(format!("{func}: {}", too_large(number))));
    }
    // A whole number from 0 to `max`, which is a usize.
    Ok(number as usize)
}
