/* @ts-self-types="./init.d.ts" */
// `utf8lens/detect/init`: like ../init.js, the API of utf8lens/detect with an explicit init.
import { initFunctions, simd } from "../engine.js";
import wasmInit, { initSync as wasmInitSync } from "./wasm/utf8lens_detect.js";

export const { init, initSync } = initFunctions(wasmInit, wasmInitSync, () =>
  simd
    ? new URL("./wasm/utf8lens_detect_bg.wasm", import.meta.url)
    : new URL("./wasm/utf8lens_detect_nosimd_bg.wasm", import.meta.url),
);

export * from "./exports.js";
