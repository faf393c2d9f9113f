/* @ts-self-types="./index.d.ts" */
// The entry of `utf8lens/detect` in browsers and bundlers (its "browser" and "default" export
// conditions). Like the main entry (../browser.js), it fetches the build of its WebAssembly module this
// engine runs and instantiates it with top-level await, so an importer gets ready-to-call functions.
import { simd } from "../engine.js";
import init from "./wasm/utf8lens_detect.js";

await init({
  module_or_path: simd
    ? new URL("./wasm/utf8lens_detect_bg.wasm", import.meta.url)
    : new URL("./wasm/utf8lens_detect_nosimd_bg.wasm", import.meta.url),
});

export * from "./exports.js";
