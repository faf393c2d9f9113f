/* @ts-self-types="./index.d.ts" */
// The entry of `utf8lens/detect` in Cloudflare Workers: like ../workerd.js, the module imported as a
// WebAssembly.Module and instantiated synchronously.
import module from "./wasm/utf8lens_detect_bg.wasm";
import { initSync } from "./wasm/utf8lens_detect.js";

initSync({ module });

export * from "./exports.js";
