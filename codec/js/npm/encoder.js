// Utf8Encoder: a drop-in for TextEncoder, plus a fatal mode that refuses lone surrogates
// (whatwg/encoding#174) instead of silently replacing them with U+FFFD, which lets two different
// strings encode to the same bytes (and the same hash).
//
// Where the platform has a TextEncoder (every browser, Node, Deno, Bun), the bytes are its own: the
// output is the same by definition and it is the fastest route (4-13x the WebAssembly encode,
// issue 14). Fatal mode adds one native well-formedness check before it. Without a platform
// TextEncoder, the WebAssembly encode and encodeInto, which give the same bytes, are used.
import { encode as wasmEncode, encodeInto as wasmEncodeInto } from "./wasm/utf8lens.js";

// Taken once, at load: a page that later installs Utf8Encoder as globalThis.TextEncoder (as the WPT
// runner does) must not make Utf8Encoder call itself.
const platformEncoder = typeof TextEncoder === "function" ? new TextEncoder() : undefined;
// (Also the route of the package's encode and encodeInto for strings, exports.js.)
export const hasPlatformEncoder = platformEncoder !== undefined;
export const platformEncode = platformEncoder ? platformEncoder.encode.bind(platformEncoder) : wasmEncode;
export const platformEncodeInto = platformEncoder ? platformEncoder.encodeInto.bind(platformEncoder) : wasmEncodeInto;

const typedArrayTag = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag).get;
const isWellFormed = String.prototype.isWellFormed;
// Without the u flag a regular expression sees code units: a high surrogate not followed by a low
// one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The offset in UTF-16 code units of the first lone surrogate of `text`, or -1 if there is none.
 * @param {string} text
 */
export function firstLoneSurrogate(text) {
  if (isWellFormed !== undefined && isWellFormed.call(text)) return -1;
  const match = LONE_SURROGATE.exec(text);
  return match === null ? -1 : match.index;
}

/**
 * The TypeError of fatal encoding: its message gives the surrogate and its offset, and it carries
 * `offset` (UTF-16 code units) and `kind` ("lone-surrogate") as properties, as decoding errors do.
 */
export function loneSurrogateError(member, unit, offset) {
  const hex = unit.toString(16).toUpperCase();
  const error = new TypeError(
    `${member}: lone surrogate U+${hex} at offset ${offset} (UTF-16 code units) has no UTF-8 form; ` +
      "a fatal encoder refuses it (TextEncoder would write U+FFFD)",
  );
  error.offset = offset;
  error.kind = "lone-surrogate";
  return error;
}

/** WebIDL's DOMString conversion (ToString: a Symbol is a TypeError; objects through toString). */
export function toDOMString(value) {
  return typeof value === "string" ? value : `${value}`;
}

/**
 * Whether the constructor's options ask for fatal mode. TextEncoder's constructor takes no argument
 * and ignores whatever it is given (WPT textencoder-constructor-non-utf.any.js: `new
 * TextEncoder("utf-16le")`), so a drop-in must too: anything but an object means "not fatal".
 */
export function fatalOption(options) {
  return options !== null && (typeof options === "object" || typeof options === "function") && Boolean(options.fatal);
}

let isEncoder;

/**
 * A drop-in for `new TextEncoder()`; `new Utf8Encoder({ fatal: true })` refuses lone surrogates with a
 * TypeError that says where.
 */
export class Utf8Encoder {
  #fatal;

  constructor(options = undefined) {
    this.#fatal = fatalOption(options);
  }

  /** Always "utf-8". */
  get encoding() {
    check(this, "encoding");
    return "utf-8";
  }

  /** Whether lone surrogates throw instead of becoming U+FFFD. */
  get fatal() {
    check(this, "fatal");
    return this.#fatal;
  }

  /** The UTF-8 bytes of `input`, converted as TextEncoder converts it (WebIDL USVString). */
  encode(input = "") {
    check(this, "encode");
    const text = toDOMString(input);
    if (this.#fatal) refuseLoneSurrogates(text, "Utf8Encoder.encode");
    return platformEncode(text);
  }

  /** Writes as much of `source` as fits into the Uint8Array `destination`: `{ read, written }`. */
  encodeInto(source, destination) {
    check(this, "encodeInto");
    if (arguments.length < 2) {
      throw new TypeError(`Utf8Encoder.encodeInto: 2 arguments required, but only ${arguments.length} present`);
    }
    const text = toDOMString(source);
    let tag;
    try {
      tag = typedArrayTag.call(destination);
    } catch {}
    if (tag !== "Uint8Array") {
      throw new TypeError("Utf8Encoder.encodeInto: the destination must be a Uint8Array");
    }
    // The whole source is checked before anything is written, so that an error leaves the
    // destination as it was.
    if (this.#fatal) refuseLoneSurrogates(text, "Utf8Encoder.encodeInto");
    return platformEncodeInto(text, destination);
  }

  get [Symbol.toStringTag]() {
    return "Utf8Encoder";
  }

  static {
    isEncoder = (value) => #fatal in value;
  }
}

function refuseLoneSurrogates(text, member) {
  const offset = firstLoneSurrogate(text);
  if (offset >= 0) throw loneSurrogateError(member, text.charCodeAt(offset), offset);
}

function check(self, member) {
  if (self === null || (typeof self !== "object" && typeof self !== "function") || !isEncoder(self)) {
    throw new TypeError(`Utf8Encoder.${member}: called on an object that is not a Utf8Encoder`);
  }
}
