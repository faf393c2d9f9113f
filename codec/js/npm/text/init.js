/* @ts-self-types="./init.d.ts" */
// `utf8lens/text/init`: like ../init.js, the API of utf8lens/text with an explicit init.
import { initFunctions, simd } from "../engine.js";
import wasmInit, { initSync as wasmInitSync } from "./wasm/utf8lens_text.js";

export const { init, initSync } = initFunctions(wasmInit, wasmInitSync, () =>
  simd
    ? new URL("./wasm/utf8lens_text_bg.wasm", import.meta.url)
    : new URL("./wasm/utf8lens_text_nosimd_bg.wasm", import.meta.url),
);

export * from "./exports.js";
