//! utf8lens and its peers compiled to wasm32 side by side, for the benchmark in `bench.mjs`.
//!
//! JS writes the input once into `input_buffer()` (wasm memory) and then times each contender on it, so
//! the figures are the validators' own speed; the npm package's figures (copy-in included) come from
//! tests/npm/bench.mjs.

use wasm_bindgen::prelude::*;

static mut INPUT: Vec<u8> = Vec::new();

fn input() -> &'static [u8] {
    // SAFETY: wasm32 without threads: nothing else can touch INPUT while a benchmark call runs.
    #[allow(static_mut_refs)]
    unsafe {
        &INPUT
    }
}

/// Makes room for `len` input bytes and returns their address in wasm memory.
#[wasm_bindgen]
pub fn input_buffer(len: usize) -> *mut u8 {
    // SAFETY: as in `input`.
    #[allow(static_mut_refs)]
    unsafe {
        INPUT = vec![0; len];
        INPUT.as_mut_ptr()
    }
}

/// utf8lens::validate, `rounds` times; returns how many said valid (so nothing is optimised away).
#[wasm_bindgen]
pub fn utf8lens_validate(rounds: u32) -> u32 {
    (0..rounds).filter(|_| utf8lens::validate(input()).is_ok()).count() as u32
}

/// The number of errors utf8lens::errors finds, `rounds` times; every error's offset, length and kind
/// are read (into a checksum kept from the optimiser), as a consumer would.
#[wasm_bindgen]
pub fn utf8lens_errors(rounds: u32) -> u32 {
    (0..rounds)
        .map(|_| {
            let (count, sum) = utf8lens::errors(input()).fold((0u32, 0usize), |(n, sum), e| {
                (n + 1, sum.wrapping_add(e.offset() + e.len() + e.kind() as usize))
            });
            std::hint::black_box(sum);
            count
        })
        .sum()
}

/// As `utf8lens_errors`, through `Iterator::next` one error at a time (a `for` loop) instead of `fold`.
#[wasm_bindgen]
pub fn utf8lens_errors_next(rounds: u32) -> u32 {
    (0..rounds)
        .map(|_| {
            let (mut count, mut sum) = (0u32, 0usize);
            let mut it = utf8lens::errors(input());
            while let Some(e) = it.next() {
                count += 1;
                sum = sum.wrapping_add(e.offset() + e.len() + e.kind() as usize);
            }
            std::hint::black_box(sum);
            count
        })
        .sum()
}

/// The peer: the same errors (offset and length, no kind) listed through std's `Utf8Chunks`.
#[wasm_bindgen]
pub fn std_errors(rounds: u32) -> u32 {
    (0..rounds)
        .map(|_| {
            let (mut count, mut sum, mut offset) = (0u32, 0usize, 0usize);
            for chunk in input().utf8_chunks() {
                offset += chunk.valid().len();
                if !chunk.invalid().is_empty() {
                    count += 1;
                    sum = sum.wrapping_add(offset + chunk.invalid().len());
                    offset += chunk.invalid().len();
                }
            }
            std::hint::black_box(sum);
            count
        })
        .sum()
}

/// std's from_utf8.
#[wasm_bindgen]
pub fn std_validate(rounds: u32) -> u32 {
    (0..rounds).filter(|_| core::str::from_utf8(input()).is_ok()).count() as u32
}

/// simdutf8's basic validator (its fastest; simd128 on wasm32).
#[wasm_bindgen]
pub fn simdutf8_basic_validate(rounds: u32) -> u32 {
    (0..rounds).filter(|_| simdutf8::basic::from_utf8(input()).is_ok()).count() as u32
}

/// simdutf8's compat validator (std-shaped errors).
#[wasm_bindgen]
pub fn simdutf8_compat_validate(rounds: u32) -> u32 {
    (0..rounds).filter(|_| simdutf8::compat::from_utf8(input()).is_ok()).count() as u32
}

/// The wasm memory, for JS to write the input into.
#[wasm_bindgen]
pub fn wasm_memory() -> JsValue {
    wasm_bindgen::memory()
}
