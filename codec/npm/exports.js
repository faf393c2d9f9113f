// The package's API, shared by its two entries (node.js and browser.js, which instantiate the
// WebAssembly module first): the functions exactly as wasm-bindgen generated them, and Utf8Decoder
// behind a small JS class.
//
// Why the class: calling a method of wasm-bindgen's class on a freed decoder, on another object
// (`Utf8Decoder.prototype.decode.call({})`), or again from inside an options getter while it is
// decoding makes wasm-bindgen throw from inside the WebAssembly code, which skips restoring its
// stacks; a few hundred of those and every later call fails. This class turns each of those into a
// TypeError before WebAssembly is entered, and answers its getters from JS.
import { Utf8Decoder as WasmUtf8Decoder } from "./wasm/utf8lens.js";

// Keep this list complete: scripts/build-npm.sh checks it, plus Utf8Decoder, against the generated
// exports.
export {
  decode,
  decodeVariant,
  decodeVariantCodePoints,
  encode,
  encodeCodePoint,
  encodeInto,
  encodeVariant,
  errors,
  explainCodePoint,
  firstError,
  inspect,
  validate,
} from "./wasm/utf8lens.js";

let isDecoder;

/** A drop-in for `new TextDecoder("utf-8", {fatal, ignoreBOM})` whose errors say where and why. */
export class Utf8Decoder {
  #decoder;
  #fatal;
  #ignoreBOM;
  #busy = false;

  constructor(label = undefined, options = undefined) {
    const decoder = new WasmUtf8Decoder(label, options);
    this.#decoder = decoder;
    this.#fatal = decoder.fatal;
    this.#ignoreBOM = decoder.ignoreBOM;
  }

  get encoding() {
    check(this, "encoding");
    return "utf-8";
  }

  get fatal() {
    check(this, "fatal");
    return this.#fatal;
  }

  get ignoreBOM() {
    check(this, "ignoreBOM");
    return this.#ignoreBOM;
  }

  decode(input = undefined, options = undefined) {
    check(this, "decode");
    const decoder = this.#decoder;
    if (decoder === undefined) throw new TypeError("Utf8Decoder.decode: this decoder has been freed");
    if (this.#busy) {
      throw new TypeError("Utf8Decoder.decode: called while this decoder is decoding (from a getter of its options?)");
    }
    this.#busy = true;
    try {
      return decoder.decode(input, options);
    } finally {
      this.#busy = false;
    }
  }

  /** Frees the WebAssembly memory now instead of when the decoder is garbage-collected. */
  free() {
    check(this, "free");
    if (this.#busy) throw new TypeError("Utf8Decoder.free: called while this decoder is decoding");
    const decoder = this.#decoder;
    this.#decoder = undefined;
    decoder?.free();
  }

  get [Symbol.toStringTag]() {
    return "Utf8Decoder";
  }

  static {
    if (Symbol.dispose) this.prototype[Symbol.dispose] = this.prototype.free;
    isDecoder = (value) => #decoder in value;
  }
}

function check(self, member) {
  if (self === null || (typeof self !== "object" && typeof self !== "function") || !isDecoder(self)) {
    throw new TypeError(`Utf8Decoder.${member}: called on an object that is not a Utf8Decoder`);
  }
}
