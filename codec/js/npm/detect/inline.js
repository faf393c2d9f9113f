/* @ts-self-types="./index.d.ts" */
// `utf8lens/detect/inline`, and the entry of `utf8lens/detect` in Deno: like ../inline.js, the
// WebAssembly module inlined as base64 (both builds) and instantiated synchronously.
import { base64Bytes, simd } from "../engine.js";
import { initSync } from "./wasm/utf8lens_detect.js";
import { wasmSimd, wasmNoSimd } from "./wasm/utf8lens_detect_bg.inline.js";

initSync({ module: base64Bytes(simd ? wasmSimd : wasmNoSimd) });

export * from "./exports.js";
