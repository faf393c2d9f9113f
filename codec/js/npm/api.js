// The API of the package's main module as every entry exports it, once its WebAssembly module is
// instantiated (node.js, node.cjs, browser.js, inline.js, init.js, workerd.js).
export * from "./exports.js";
export { Utf8Encoder } from "./encoder.js";
export { truncateUtf8, utf8Length } from "./length.js";
export { Utf8DecoderStream, Utf8EncoderStream } from "./streams.js";
