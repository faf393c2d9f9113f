/* @ts-self-types="./index.d.ts" */
// The entry of `utf8lens/text` in browsers, bundlers, Deno and everything else (its "browser" and
// "default" export conditions). Like the main entry (../browser.js), it fetches its WebAssembly module
// and instantiates it with top-level await, so an importer gets ready-to-call functions.
import init from "./wasm/utf8lens_text.js";

await init({ module_or_path: new URL("./wasm/utf8lens_text_bg.wasm", import.meta.url) });

export * from "./exports.js";
