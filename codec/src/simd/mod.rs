//! Fast validity checks, one module per architecture, each with the same `is_valid(&[u8]) -> bool`.
//!
//! They only answer yes or no, as fast as the target allows; every caller that needs to know where or
//! why goes on to the scalar slow path. Without SIMD the check is `core::str::from_utf8`, which the native
//! tests run; the SIMD128 version is tested against it on wasm32 (codec/tests/wasm_simd.rs).

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[allow(unsafe_code)]
mod wasm32;

/// Whether `bytes` is well-formed UTF-8, by the fastest means this target has.
#[inline]
pub(crate) fn is_valid(bytes: &[u8]) -> bool {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return wasm32::is_valid(bytes);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    return core::str::from_utf8(bytes).is_ok();
}
