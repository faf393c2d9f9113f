/* @ts-self-types="./index.d.ts" */
// The entry of `utf8lens/text` in Node and Bun (its "node" export condition), and, bundled into
// CommonJS by scripts/build-npm.sh, text/node.cjs for `require`. Like the main entry (../node.js), it
// instantiates its WebAssembly module synchronously from the file beside it, the build this engine
// runs (../engine.js): no init call, no top-level await.
import { readFileSync } from "node:fs";
import { simd } from "../engine.js";
import { initSync } from "./wasm/utf8lens_text.js";

const file = simd ? "./wasm/utf8lens_text_bg.wasm" : "./wasm/utf8lens_text_nosimd_bg.wasm";
initSync({ module: readFileSync(new URL(file, import.meta.url)) });

export * from "./exports.js";
