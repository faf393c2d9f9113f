/* @ts-self-types="./index.d.ts" */
// `utf8lens/text/inline`, and the entry of `utf8lens/text` in Deno: like ../inline.js, the WebAssembly
// module inlined as base64 (both builds) and instantiated synchronously.
import { base64Bytes, simd } from "../engine.js";
import { initSync } from "./wasm/utf8lens_text.js";
import { wasmSimd, wasmNoSimd } from "./wasm/utf8lens_text_bg.inline.js";

initSync({ module: base64Bytes(simd ? wasmSimd : wasmNoSimd) });

export * from "./exports.js";
