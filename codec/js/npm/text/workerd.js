/* @ts-self-types="./index.d.ts" */
// The entry of `utf8lens/text` in Cloudflare Workers: like ../workerd.js, the module imported as a
// WebAssembly.Module and instantiated synchronously.
import module from "./wasm/utf8lens_text_bg.wasm";
import { initSync } from "./wasm/utf8lens_text.js";

initSync({ module });

export * from "./exports.js";
