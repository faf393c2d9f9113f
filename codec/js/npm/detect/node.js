/* @ts-self-types="./index.d.ts" */
// The entry of `utf8lens/detect` in Node and Bun (its "node" export condition), and, bundled into
// CommonJS by scripts/build-npm.sh, detect/node.cjs for `require`. Like the main entry (../node.js), it
// instantiates its WebAssembly module synchronously from the file beside it, the build this engine
// runs (../engine.js): no init call, no top-level await.
import { readFileSync } from "node:fs";
import { simd } from "../engine.js";
import { initSync } from "./wasm/utf8lens_detect.js";

const file = simd ? "./wasm/utf8lens_detect_bg.wasm" : "./wasm/utf8lens_detect_nosimd_bg.wasm";
initSync({ module: readFileSync(new URL(file, import.meta.url)) });

export * from "./exports.js";
