/* @ts-self-types="./utf8lens.d.ts" */
// The package's entry in Node and Bun for `import` (the "node" export condition), and, bundled into
// CommonJS by scripts/build-npm.sh, node.cjs for `require` on every Node from 20 on. It instantiates the
// WebAssembly module synchronously from the file beside it, so there is no init call and no top-level
// await.
import { readFileSync } from "node:fs";
import { simd } from "./engine.js";
import { initSync } from "./wasm/utf8lens.js";

const file = simd ? "./wasm/utf8lens_bg.wasm" : "./wasm/utf8lens_nosimd_bg.wasm";
initSync({ module: readFileSync(new URL(file, import.meta.url)) });

export * from "./api.js";
