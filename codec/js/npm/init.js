/* @ts-self-types="./init.d.ts" */
// `utf8lens/init`: the API with an explicit init, for those who load the WebAssembly module themselves
// (from their own URL, a Response, the bytes, or a compiled WebAssembly.Module). Nothing is loaded until
// `await init(source)` or `initSync(source)`; without a source, init fetches the build this engine runs
// from beside this file.
import { initFunctions, simd } from "./engine.js";
import wasmInit, { initSync as wasmInitSync } from "./wasm/utf8lens.js";

export const { init, initSync } = initFunctions(wasmInit, wasmInitSync, () =>
  simd ? new URL("./wasm/utf8lens_bg.wasm", import.meta.url) : new URL("./wasm/utf8lens_nosimd_bg.wasm", import.meta.url),
);

export * from "./api.js";
