/* @ts-self-types="./utf8lens.d.ts" */
// The package's entry in Node (its "node" export condition), for `import` and, on Node 20.19+ and
// 22.12+, `require`. It instantiates the WebAssembly module synchronously from the file beside it, so
// there is no init call and no top-level await (which is what lets `require()` load an ES module).
import { readFileSync } from "node:fs";
import { initSync } from "./wasm/utf8lens.js";

initSync({ module: readFileSync(new URL("./wasm/utf8lens_bg.wasm", import.meta.url)) });

export * from "./exports.js";
export { Utf8Encoder } from "./encoder.js";
export { truncateUtf8, utf8Length } from "./length.js";
export { Utf8DecoderStream, Utf8EncoderStream } from "./streams.js";
