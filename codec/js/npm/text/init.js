/* @ts-self-types="./init.d.ts" */
// `utf8lens/text/init`: like ../init.js, the API of utf8lens/text with an explicit init.
import { simd } from "../engine.js";
import wasmInit, { initSync as wasmInitSync } from "./wasm/utf8lens_text.js";

/** Instantiates the WebAssembly module from `source`, or from the file beside this one. */
export async function init(source = undefined) {
  await wasmInit({
    module_or_path:
      source ??
      (simd
        ? new URL("./wasm/utf8lens_text_bg.wasm", import.meta.url)
        : new URL("./wasm/utf8lens_text_nosimd_bg.wasm", import.meta.url)),
  });
}

/** Instantiates the WebAssembly module synchronously from its bytes or a compiled module. */
export function initSync(source) {
  wasmInitSync({ module: source });
}

export * from "./exports.js";
