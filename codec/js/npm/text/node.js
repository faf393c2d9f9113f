/* @ts-self-types="./index.d.ts" */
// The entry of `utf8lens/text` in Node (its "node" export condition), for `import` and, on Node 20.19+
// and 22.12+, `require`. Like the main entry (../node.js), it instantiates its WebAssembly module
// synchronously from the file beside it: no init call, no top-level await.
import { readFileSync } from "node:fs";
import { initSync } from "./wasm/utf8lens_text.js";

initSync({ module: readFileSync(new URL("./wasm/utf8lens_text_bg.wasm", import.meta.url)) });

export * from "./exports.js";
