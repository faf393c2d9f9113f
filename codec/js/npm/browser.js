/* @ts-self-types="./utf8lens.d.ts" */
// The package's entry in browsers, bundlers, Deno and everything else (its "browser" and "default" export
// conditions). It fetches the WebAssembly module beside it and instantiates it with top-level await, so
// an importer gets ready-to-call functions and never an init call. `new URL(..., import.meta.url)` is the
// form bundlers recognise and copy the .wasm file for.
import init from "./wasm/utf8lens.js";

await init({ module_or_path: new URL("./wasm/utf8lens_bg.wasm", import.meta.url) });

export * from "./exports.js";
export { Utf8Encoder } from "./encoder.js";
export { truncateUtf8, utf8Length } from "./length.js";
export { Utf8DecoderStream, Utf8EncoderStream } from "./streams.js";
