//! The fast path of validation: "is this all well-formed?", as fast as the target allows.
//!
//! It only answers yes (with the `&str`) or no; every caller that needs to know where or why goes on to
//! the scalar slow path. On wasm32 with SIMD128 it is this crate's own code (`wasm32.rs`, tested against
//! std in codec/tests/wasm_simd.rs); on native targets it is simdutf8, which picks AVX2, SSE4.2 or NEON at
//! run time; elsewhere `core::str::from_utf8`.

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[allow(unsafe_code)]
mod wasm32;

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[allow(unsafe_code)]
mod utf16;

/// `bytes` as a `&str` if it is well-formed UTF-8.
#[inline]
pub(crate) fn as_str(bytes: &[u8]) -> Option<&str> {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return wasm32::as_str(bytes);
    #[cfg(not(target_arch = "wasm32"))]
    return simdutf8::basic::from_utf8(bytes).ok();
    #[cfg(all(target_arch = "wasm32", not(target_feature = "simd128")))]
    return core::str::from_utf8(bytes).ok();
}

/// Whether `bytes` is well-formed UTF-8.
#[inline]
pub(crate) fn is_valid(bytes: &[u8]) -> bool {
    as_str(bytes).is_some()
}

/// Writes the UTF-16 of `text` to the start of `dest`; how many units, or `None` if `dest` has fewer
/// units than `text` has bytes. SIMD128 on wasm32 (`utf16.rs`), the scalar code elsewhere.
#[inline]
pub(crate) fn utf16_from_str(text: &str, dest: &mut [u16]) -> Option<usize> {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return utf16::utf16_from_str(text, dest);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    return crate::utf16::utf16_from_str_scalar(text, dest);
}

/// Whether every byte is ASCII.
#[inline]
#[cfg_attr(not(feature = "js"), allow(dead_code))]
pub(crate) fn is_ascii(bytes: &[u8]) -> bool {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return utf16::is_ascii(bytes);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    return bytes.is_ascii();
}
