/* @ts-self-types="./utf8lens.d.ts" */
// `utf8lens/inline`, and the entry in Deno (the "deno" export condition): the WebAssembly module inlined
// as base64 (wasm/utf8lens_bg.inline.js, both builds, written by scripts/build-npm.sh) and instantiated
// synchronously. No file to copy, no fetch, no file read (so Deno needs no --allow-read), no top-level
// await: it works with every bundler's defaults (esbuild's iife, Rollup, bun build) and in every
// runtime that allows compiling WebAssembly from bytes (Cloudflare Workers do not: they take workerd.js).
import { base64Bytes, simd } from "./engine.js";
import { initSync } from "./wasm/utf8lens.js";
import { wasmSimd, wasmNoSimd } from "./wasm/utf8lens_bg.inline.js";

initSync({ module: base64Bytes(simd ? wasmSimd : wasmNoSimd) });

export * from "./api.js";
