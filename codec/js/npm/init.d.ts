// The declarations of `utf8lens/init`: those of the package, and its init functions.
export * from "./utf8lens.js";

// Opaque where a project has neither the DOM library nor @types/node; merged with theirs otherwise.
declare global {
  interface URL {}
  interface Response {}
  namespace WebAssembly {
    interface Module {}
  }
}

/**
 * What `init` loads the WebAssembly module from: a URL (fetched), a Response, the module's bytes or a
 * compiled `WebAssembly.Module`.
 *
 * @example
 * ```js
 * import { init, decode } from "utf8lens/init";
 * await init(new URL("/assets/utf8lens_bg.wasm", location.href));
 * decode(new Uint8Array([0x68, 0x69])); // "hi"
 * ```
 */
export type InitSource = string | URL | Response | ArrayBuffer | ArrayBufferView | WebAssembly.Module;

/** Instantiates the WebAssembly module from `source`, or from the file beside the entry. Call it before anything else. */
export function init(source?: InitSource | PromiseLike<InitSource>): Promise<void>;
/** Instantiates the WebAssembly module synchronously from its bytes or a compiled module. */
export function initSync(source: ArrayBuffer | ArrayBufferView | WebAssembly.Module): void;
