// The declarations of `utf8lens/detect/init`: those of utf8lens/detect, and its init functions.
import type { InitSource } from "../init.js";

export * from "./index.js";
export type { InitSource } from "../init.js";

/** Instantiates utf8lens/detect's WebAssembly module from `source`, or from the file beside the entry. Call it before anything else. */
export function init(source?: InitSource | PromiseLike<InitSource>): Promise<void>;
/** Instantiates utf8lens/detect's WebAssembly module synchronously from its bytes or a compiled module. */
export function initSync(source: ArrayBuffer | ArrayBufferView | WebAssembly.Module): void;
