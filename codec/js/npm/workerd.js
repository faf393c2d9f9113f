/* @ts-self-types="./utf8lens.d.ts" */
// The package's entry in Cloudflare Workers (the "workerd" export condition, which wrangler and workerd
// resolve): Workers may not compile WebAssembly from bytes at run time and have no file to fetch, so
// the module is imported as a WebAssembly.Module, as they expect for .wasm imports, and instantiated
// synchronously. workerd's V8 has SIMD, so this entry imports the SIMD build only.
import module from "./wasm/utf8lens_bg.wasm";
import { initSync } from "./wasm/utf8lens.js";

initSync({ module });

export * from "./api.js";
