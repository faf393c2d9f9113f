/* @ts-self-types="./utf8lens.d.ts" */
// The package's entry in browsers and bundlers (its "browser" and "default" export conditions). It
// fetches the WebAssembly module beside it and instantiates it with top-level await, so an importer gets
// ready-to-call functions and never an init call. `new URL("…", import.meta.url)` with a literal path is
// the form bundlers recognise and copy the .wasm file for; both builds are named so, and the engine
// fetches the one it runs (engine.js). Bundlers that copy no .wasm file or refuse top-level await take
// inline.js (`utf8lens/inline`); those who load the module themselves take init.js (`utf8lens/init`).
import { simd } from "./engine.js";
import init from "./wasm/utf8lens.js";

await init({
  module_or_path: simd
    ? new URL("./wasm/utf8lens_bg.wasm", import.meta.url)
    : new URL("./wasm/utf8lens_nosimd_bg.wasm", import.meta.url),
});

export * from "./api.js";
