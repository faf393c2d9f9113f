// The API of the package's main module `utf8lens`, shared by its two entries (node.js and browser.js,
// which instantiate the WebAssembly module first): the functions exactly as wasm-bindgen generated
// them, and Utf8Decoder and Utf8InputBuffer behind small JS classes. The sanitiser and the mojibake
// tools are the second module, `utf8lens/text` (text/exports.js), and charset detection the third,
// `utf8lens/detect` (detect/exports.js), each with a WebAssembly module of its own.
//
// Why the class: calling a method of wasm-bindgen's class on a freed decoder, on another object
// (`Utf8Decoder.prototype.decode.call({})`), or again from inside an options getter while it is
// decoding makes wasm-bindgen throw from inside the WebAssembly code, which skips restoring its
// stacks; a few hundred of those and every later call fails. This class turns each of those into a
// TypeError before WebAssembly is entered, and answers its getters from JS.
import {
  decode as wasmDecode,
  encode as wasmEncode,
  encodeInto as wasmEncodeInto,
  errors as wasmErrors,
  firstError as wasmFirstError,
  Utf8Decoder as WasmUtf8Decoder,
  initSync,
  validate as wasmValidate,
} from "./wasm/utf8lens.js";

import { hasPlatformEncoder, platformEncode, platformEncodeInto } from "./encoder.js";

// Keep this list complete: scripts/build-npm.sh checks it, plus the functions and classes this file
// defines in place of a generated export of the same name, against the generated exports.
export {
  charsetTable,
  charsets,
  decodeLegacy,
  decodeVariant,
  decodeVariantCodePoints,
  encodeCodePoint,
  encodeLegacy,
  encodeVariant,
  errorList,
  explainCodePoint,
  inspect,
  resolveLabel,
  sniffBom,
} from "./wasm/utf8lens.js";

// --- decode: the routes -----------------------------------------------------------------------------
// One answer, three ways to compute it, each kept because it is the fastest for the inputs it takes.
// For a genuine Uint8Array without options (what TextDecoder's users pass):
// 1. The JS decoder (decodeShort): input under SHORT_INPUT bytes whose first byte is not EF. Entering
//    WebAssembly costs more than decoding so few bytes in JS, so they are decoded here with the WHATWG
//    UTF-8 decoder's rules (one U+FFFD per maximal subpart); the string is made by JS String Builtins
//    where the engine has them. Input starting with EF, which may be a BOM, is left to the routes
//    below, so that the BOM rule is stated once, in Rust (without_bom, codec/js/src/decode.rs).
//    Measured by tests/npm/bench.mjs, decode table, rows "16 B" and "48 B": column "utf8lens decode"
//    (this route) against "utf8lens decode {}" (route 3 on the same input) and TextDecoder.
// 2. The raw route (decodeRaw): input up to RAW_LIMIT bytes, through three plain WebAssembly exports
//    that take and return integers (codec/js/src/decode.rs): the bytes are copied into a scratch region
//    with one TypedArray set(), transcoded to UTF-16 with SIMD128 (or found to be ASCII), and the
//    string is made here from the output region with the platform's cheapest primitive, chosen once
//    below. This skips wasm-bindgen's per-call work, several hundred nanoseconds. Measured by the same
//    columns in the rows "256 B" to "1 MiB".
// 3. The wasm-bindgen decode: everything else (options, other BufferSources, an empty or detached
//    array, larger input), and the one route that knows every option. It does the same transcoding.
// Before 1 and 2, the platform's own decoder takes what it decodes faster than any of ours: in Node,
// likely-ASCII input under NATIVE_UTF8_LIMIT bytes goes to Buffer's utf8Slice and ASCII input to
// buffer.isAscii and latin1Slice; in browsers, likely-ASCII input to TextDecoder first of all (platformAscii).
// tests/npm/decode-fast.test.mjs checks the JS decoder against TextDecoder exhaustively, and each route
// against TextDecoder at every size.

const SHORT_INPUT = 64;
const RAW_LIMIT = 1 << 20;
// V8's longest string; a longer input goes to the WebAssembly decode, whose RangeError says so.
const MAX_STRING_LENGTH = (1 << 29) - 24;
const typedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
const typedArrayTag = Object.getOwnPropertyDescriptor(typedArrayPrototype, Symbol.toStringTag).get;
const typedArrayLength = Object.getOwnPropertyDescriptor(typedArrayPrototype, "length").get;
const typedArrayBuffer = Object.getOwnPropertyDescriptor(typedArrayPrototype, "buffer").get;
const isView = ArrayBuffer.isView;
const fromCharCode = String.fromCharCode;

// Strings from a region of WebAssembly memory. Node: Buffer's latin1Slice and ucs2Slice copy the
// bytes straight into a new string (no view needed). Elsewhere: TextDecoder over a view (UTF-8 for
// ASCII, UTF-16LE for the units, which hold no lone surrogate), else String.fromCharCode.
const bufferPrototype = typeof Buffer === "function" ? Buffer.prototype : undefined;
const latin1Slice = typeof bufferPrototype?.latin1Slice === "function" ? bufferPrototype.latin1Slice : undefined;
const ucs2Slice = typeof bufferPrototype?.ucs2Slice === "function" ? bufferPrototype.ucs2Slice : undefined;
const newTextDecoder = (label, options) => {
  try {
    return new TextDecoder(label, options);
  } catch {
    return undefined;
  }
};
const asciiDecoder = typeof TextDecoder === "function" ? newTextDecoder("utf-8") : undefined;
// ignoreBOM: a leading U+FEFF among the units is text (the input's own BOM is already removed).
const utf16Decoder = typeof TextDecoder === "function" ? newTextDecoder("utf-16le", { ignoreBOM: true }) : undefined;

function stringFromCharCodes(codes) {
  let text = "";
  for (let i = 0; i < codes.length; i += 8192) text += fromCharCode.apply(null, codes.subarray(i, i + 8192));
  return text;
}

// Node (20.16+, 22.3+) also has a native ASCII check, buffer.isAscii: an all-ASCII input (where there
// is nothing to transcode) then becomes a string with one check and one copy straight from the caller's
// bytes, which is what TextDecoder itself does there; the WebAssembly route would add a copy into
// its memory. process.getBuiltinModule is how an ES module shared with browsers reaches it.
const nodeBuffer = (() => {
  try {
    return globalThis.process?.getBuiltinModule?.("node:buffer");
  } catch {
    return undefined;
  }
})();
const isAscii = latin1Slice && typeof nodeBuffer?.isAscii === "function" ? nodeBuffer.isAscii : undefined;

const asciiString = latin1Slice
  ? (heap, at, count) => latin1Slice.call(heap, at, at + count)
  : asciiDecoder
    ? (heap, at, count) => asciiDecoder.decode(heap.subarray(at, at + count))
    : (heap, at, count) => stringFromCharCodes(heap.subarray(at, at + count));
const utf16String = ucs2Slice
  ? (heap, at, count) => ucs2Slice.call(heap, at, at + 2 * count)
  : utf16Decoder
    ? (heap, at, count) => utf16Decoder.decode(heap.subarray(at, at + 2 * count))
    : (heap, at, count) => stringFromCharCodes(new Uint16Array(heap.buffer, at, count));

// Where the engine has WebAssembly's JS String Builtins (Chromium 130+), a tiny module makes the string
// from the units in memory 2-5 times faster than a TextDecoder("utf-16le") (measured in
// bench-browser.mjs): it copies them into a GC array of i16 and calls fromCharCodeArray. Its text:
//   (module
//     (type $units (array (mut i16)))
//     (import "wasm:js-string" "fromCharCodeArray"
//       (func $fromCharCodeArray (param (ref null $units) i32 i32) (result (ref extern))))
//     (import "env" "memory" (memory 0))
//     (func (export "utf16") (param $at i32) (param $count i32) (result externref)
//       (local $array (ref null $units)) (local $i i32)
//       (local.set $array (array.new_default $units (local.get $count)))
//       (block $done (loop $copy
//         (br_if $done (i32.ge_u (local.get $i) (local.get $count)))
//         (array.set $units (local.get $array) (local.get $i)
//           (i32.load16_u align=1 (i32.add (local.get $at) (i32.shl (local.get $i) (i32.const 1)))))
//         (local.set $i (i32.add (local.get $i) (i32.const 1)))
//         (br $copy)))
//       (call $fromCharCodeArray (local.get $array) (i32.const 0) (local.get $count))))
// Anywhere it does not compile or link (no GC, no builtins, Node 20), the route above is used.
const UNITS_TO_STRING =
  "AGFzbQEAAAABEwNedwFgA2MAf38BZG9gAn9/AW8CMgIOd2FzbTpqcy1zdHJpbmcRZnJvbUNoYXJDb2RlQXJyYXkAAQNlbnYGbWVtb3J5AgAAAwIBAgcJAQV1dGYxNgABCkABPgIBYwABfyAB+wcAIQICQANAIAMgAU8NASACIAMgACADQQF0ai8BAPsOACADQQFqIQMMAAsLIAJBACABEAAL";
let builtinUtf16String;
function linkBuiltinUtf16String(memory) {
  if (ucs2Slice || typeof WebAssembly !== "object" || typeof atob !== "function") return undefined;
  try {
    const bytes = Uint8Array.from(atob(UNITS_TO_STRING), (c) => c.charCodeAt(0));
    const module = new WebAssembly.Module(bytes, { builtins: ["js-string"] });
    const { utf16 } = new WebAssembly.Instance(module, { env: { memory } }).exports;
    // The builtin must really be there: a polyfill-free engine without it fails to link above.
    return utf16(0, 0) === "" ? utf16 : undefined;
  } catch {
    return undefined;
  }
}

// Where the JS decoder of short inputs (below) puts its units, and what makes them a string, chosen on
// the first short input:
// - Node: a small Uint16Array and Buffer's ucs2Slice, one native copy (1.5-1.7x TextDecoder at 48-63
//   bytes of Cyrillic or CJK, where String.fromCharCode.apply was 0.9-1.2x; bench.mjs);
// - engines with JS String Builtins: a page of memory of its own (never grown, so the view stays valid)
//   and the tiny module above (1.3-3x Blink's TextDecoder at 8-63 bytes, where
//   String.fromCharCode.apply was 0.5-0.8x at 48 bytes; bench-browser.mjs);
// - elsewhere a plain array and String.fromCharCode.apply (shortUnits null).
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
let shortUnits;
let shortString;
function linkShortString() {
  if (ucs2Slice !== undefined && littleEndian) {
    const bytes = new Uint8Array(2 * SHORT_INPUT);
    shortUnits = new Uint16Array(bytes.buffer);
    shortString = (count) => ucs2Slice.call(bytes, 0, 2 * count);
    return;
  }
  const memory = typeof WebAssembly === "object" ? new WebAssembly.Memory({ initial: 1, maximum: 1 }) : undefined;
  const utf16 = memory && linkBuiltinUtf16String(memory);
  shortString = utf16 && ((count) => utf16(0, count));
  shortUnits = utf16 ? new Uint16Array(memory.buffer, 0, SHORT_INPUT) : null;
}

/** Decodes UTF-8 to a string in one call; see the package's .d.ts (codec/js/src/decode.rs). */
export function decode(bytes, options) {
  if (asciiFirst && (options === undefined || options === null) && bytes instanceof Uint8Array) {
    const text = platformAscii(bytes);
    if (text !== undefined) return text;
  }
  if ((options === undefined || options === null) && isView(bytes) && typedArrayTag.call(bytes) === "Uint8Array") {
    const length = typedArrayLength.call(bytes);
    if (length > 0 && length < SHORT_INPUT && bytes[0] !== 0xef) return decodeShort(bytes, length);
    if (utf8Slice !== undefined && length > 0 && length < NATIVE_UTF8_LIMIT && looksAscii(bytes, length)) return utf8Slice.call(bytes, 0, length);
    // (An empty or detached array, length 0, goes on to the WebAssembly decode, which refuses a detached one.)
    if (isAscii !== undefined && length >= SHORT_INPUT && length <= MAX_STRING_LENGTH && isAscii(bytes)) {
      return latin1Slice.call(bytes, 0, length);
    }
    if (length > 0 && length <= RAW_LIMIT) return decodeRaw(bytes, length);
  }
  return wasmDecode(bytes, options);
}

// In browsers (no buffer.isAscii), text that is ASCII goes fastest through the platform's own
// TextDecoder: Blink makes a one-byte string in one pass, and any WebAssembly route adds a copy and a
// check before the same TextDecoder (0.7-0.8x of it, bench-browser.mjs). So this route comes first and
// asks as little as it can, since at 256 B every nanosecond before TextDecoder shows: four bytes at the
// start, the middle and the end decide. Checking more (three 16-byte windows and the buffer's kind, as
// before) cost 8-16% of TextDecoder's time at 256 B-1 KiB in Chromium. Its answer is the same as ours
// for every input (default options: U+FFFD per maximal subpart, the BOM removed; any view's bytes), so
// a wrong guess costs speed only, and never below TextDecoder's own; whatever the platform refuses
// (an object that only inherits from Uint8Array.prototype, an input too long for a string) takes the
// routes below, whose errors are ours. Blink refuses views of a SharedArrayBuffer: the first refusal
// is remembered, and from then on such views are recognised and sent on before the platform is asked.
const SAMPLE = 4;
const sharedArrayBuffer = typeof SharedArrayBuffer === "function" ? SharedArrayBuffer : undefined;
const asciiFirst = isAscii === undefined && asciiDecoder !== undefined;
let platformRefusesShared = false;

/** Whether `view` is a typed array over a SharedArrayBuffer. */
function isShared(view) {
  try {
    return sharedArrayBuffer !== undefined && typedArrayBuffer.call(view) instanceof sharedArrayBuffer;
  } catch {
    return false;
  }
}

/** `bytes` decoded by the platform's TextDecoder if they look like ASCII, else undefined. */
function platformAscii(bytes) {
  try {
    const length = bytes.length;
    if (!(length >= SHORT_INPUT && length <= MAX_STRING_LENGTH)) return undefined;
    const middle = length >>> 1;
    let any = 0;
    for (let k = 0; k < SAMPLE; k++) any |= bytes[k] | bytes[middle + k] | bytes[length - 1 - k];
    if ((any & 0x80) !== 0) return undefined;
    if (platformRefusesShared && isShared(bytes)) return undefined;
    return asciiDecoder.decode(bytes);
  } catch {
    if (isShared(bytes)) platformRefusesShared = true;
    return undefined;
  }
}

// The WebAssembly instance's own exports (initSync returns them once the entry has instantiated it),
// and a Uint8Array over all of its memory, replaced when memory grows (the old one is then detached).
let raw;
let heap = new Uint8Array(0);

function decodeRaw(bytes, length) {
  if (raw === undefined) {
    raw = initSync();
    const utf16 = linkBuiltinUtf16String(raw.memory);
    builtinUtf16String = utf16 && ((heap, at, count) => utf16(at, count));
  }
  const at = raw.utf8lens_decode_reserve(length);
  if (at === 0) return wasmDecode(bytes);
  if (heap.byteLength === 0) heap = new Uint8Array(raw.memory.buffer);
  heap.set(bytes, at);
  const result = raw.utf8lens_decode_run(length);
  if (result < 0) return wasmDecode(bytes);
  if (heap.byteLength === 0) heap = new Uint8Array(raw.memory.buffer);
  const count = result >>> 1;
  if (!(result & 1)) return asciiString(heap, at, count);
  return (builtinUtf16String ?? utf16String)(heap, raw.utf8lens_decode_units(), count);
}

// The code units of a short input where there is no builtin: a plain array of small integers, reused
// (decoding never re-enters).
const plainUnits = [];

// Node's own UTF-8 to string, the native code under its TextDecoder without the JS around it: the same
// string for every input (WHATWG's U+FFFD per maximal subpart; checked exhaustively in
// tests/npm/decode-fast.test.mjs) except that a leading BOM is kept, and 5-10% cheaper per call.
const utf8Slice = typeof bufferPrototype?.utf8Slice === "function" ? bufferPrototype.utf8Slice : undefined;

// Up to here, utf8Slice is also cheaper than buffer.isAscii and latin1Slice, two native calls, for ASCII
// (from 512 bytes on, those two are; 0.9x and 1.3x of TextDecoder at 256 B and 1 KiB otherwise).
const NATIVE_UTF8_LIMIT = 512;

/** Whether the first, middle and last bytes are ASCII (so there is no BOM either): text that is likely
 *  ASCII or nearly so, for which Node's utf8Slice is the cheapest way to a string. A guess only: the
 *  answer is the same by every route. */
function looksAscii(bytes, length) {
  return (bytes[0] | bytes[length >>> 1] | bytes[length - 1]) < 0x80;
}

function decodeShort(bytes, length) {
  // Node: likely-ASCII input goes to utf8Slice (0.99-1.07x TextDecoder, which makes the same native
  // call; a JS loop and ucs2Slice cost 2-4x more on ASCII). Other input is decoded here.
  if (utf8Slice !== undefined && looksAscii(bytes, length)) return utf8Slice.call(bytes, 0, length);
  if (shortUnits === undefined) linkShortString();
  const units = shortUnits ?? plainUnits;
  // A leading run of ASCII is copied as it is, in a loop with one test per byte (often the whole input).
  let i = 0;
  for (; i < length; i++) {
    const byte = bytes[i];
    if (byte >= 0x80) break;
    units[i] = byte;
  }
  let n = i;
  while (i < length) {
    const lead = bytes[i++];
    if (lead < 0x80) {
      units[n++] = lead;
      continue;
    }
    // The bytes a lead needs and the range of its first continuation byte (WHATWG UTF-8 decoder).
    let needed, lower = 0x80, upper = 0xbf, codePoint;
    if (lead >= 0xc2 && lead <= 0xdf) {
      needed = 1;
      codePoint = lead & 0x1f;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      needed = 2;
      codePoint = lead & 0x0f;
      if (lead === 0xe0) lower = 0xa0;
      else if (lead === 0xed) upper = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      needed = 3;
      codePoint = lead & 0x07;
      if (lead === 0xf0) lower = 0x90;
      else if (lead === 0xf4) upper = 0x8f;
    } else {
      units[n++] = 0xfffd;
      continue;
    }
    for (;;) {
      // A byte out of range ends the maximal subpart and is read again as the start of what follows.
      const next = i < length ? bytes[i] : -1;
      if (next < lower || next > upper) {
        codePoint = 0xfffd;
        break;
      }
      codePoint = (codePoint << 6) | (next & 0x3f);
      i++;
      lower = 0x80;
      upper = 0xbf;
      if (--needed === 0) break;
    }
    if (codePoint > 0xffff) {
      codePoint -= 0x10000;
      units[n++] = 0xd800 | (codePoint >> 10);
      units[n++] = 0xdc00 | (codePoint & 0x3ff);
    } else {
      units[n++] = codePoint;
    }
  }
  if (shortUnits !== null) return shortString(n);
  units.length = n;
  return fromCharCode.apply(null, units);
}

// --- validate, firstError, errors: the platform's validator where it answers ----------------------
// Node's buffer.isUtf8 (simdutf, native, no copy) gives validate's answer 3-5x faster than the
// WebAssembly validator, which must first copy the bytes into its memory (bench.mjs, validate table).
// Both follow RFC 3629 (no surrogates, nothing above U+10FFFF, no overlong forms), so for a non-empty
// genuine Uint8Array the boolean is the same; and a valid input has no first error and no errors, so
// firstError and errors answer it too. Anything else (other BufferSources, an empty or detached array,
// which the WebAssembly functions refuse, input over their limit, errors' options) and every invalid
// input's details take the WebAssembly route. tests/npm/validate-fast.test.mjs checks both routes agree.
const MAX_INPUT_BYTES = 512 << 20; // codec/js/src/args.rs, MAX_INPUT_BYTES
const isUtf8 = typeof nodeBuffer?.isUtf8 === "function" ? nodeBuffer.isUtf8 : undefined;

/** Whether the platform may answer for `bytes`: a non-empty genuine Uint8Array within the limit. */
function platformValidates(bytes) {
  if (isUtf8 === undefined || !isView(bytes) || typedArrayTag.call(bytes) !== "Uint8Array") return false;
  const length = typedArrayLength.call(bytes);
  return length > 0 && length <= MAX_INPUT_BYTES;
}

/** Whether `bytes` is well-formed UTF-8; see the package's .d.ts (codec/js/src/decode.rs). */
export function validate(bytes) {
  return platformValidates(bytes) ? isUtf8(bytes) : wasmValidate(bytes);
}

/** The first malformed sequence of `bytes`, or undefined; see the package's .d.ts. */
export function firstError(bytes) {
  return platformValidates(bytes) && isUtf8(bytes) ? undefined : wasmFirstError(bytes);
}

/** Every malformed sequence of `bytes`; see the package's .d.ts. */
export function errors(bytes, options = undefined) {
  return options === undefined && platformValidates(bytes) && isUtf8(bytes) ? [] : wasmErrors(bytes, options);
}

// --- encode, encodeInto: the platform's TextEncoder ------------------------------------------------
// Our encode is TextEncoder's (a lone surrogate becomes U+FFFD), so the platform's own encoder gives
// the same bytes, and much faster: the WebAssembly encode copies the string's units into its memory,
// encodes and copies the bytes out (0.1 GB/s against TextEncoder's 0.4-4 GB/s, issue 14), and cannot
// hold strings over about 179 million code units. encoder.js takes the platform's TextEncoder once at
// load (the WebAssembly functions where there is none). A non-string argument, or a destination that
// is not a genuine Uint8Array, goes to the WebAssembly functions, whose TypeErrors say what was wrong
// (TextEncoder would convert the argument). tests/npm/encode-fast.test.mjs checks both routes agree.

/** The UTF-8 bytes of `text`, as `new TextEncoder().encode(text)`; see the package's .d.ts. */
export function encode(text) {
  return typeof text === "string" ? platformEncode(text) : wasmEncode(text);
}

// encodeInto asks the platform first and checks nothing but the string, as TextEncoder's own cost
// at a few hundred bytes is so small that checking the destination's kind and buffer first cost 11-20%
// of it (bench.mjs, encode table). Whatever the platform refuses (a destination that is not a
// Uint8Array) goes to the WebAssembly encodeInto, whose TypeError says what was wrong. Blink refuses
// views of a SharedArrayBuffer, which ours fills: the first refusal is remembered, and from then on
// such views are recognised and sent on before the platform is asked.
let platformRefusesSharedDestination = false;

/** Encodes as much of `text` as fits into `destination`; see the package's .d.ts. */
export function encodeInto(text, destination) {
  if (typeof text === "string" && hasPlatformEncoder && !(platformRefusesSharedDestination && isShared(destination))) {
    try {
      return platformEncodeInto(text, destination);
    } catch {
      if (isShared(destination)) platformRefusesSharedDestination = true;
    }
  }
  return wasmEncodeInto(text, destination);
}

let isDecoder;

/** A drop-in for `new TextDecoder("utf-8", {fatal, ignoreBOM})` whose errors say where and why. */
export class Utf8Decoder {
  #decoder;
  #fatal;
  #ignoreBOM;
  #busy = false;
  // Whether the stream is at its start (nothing held back, the BOM not yet looked for): so until a
  // call with options (which may have been streaming), and again after a call without them, which
  // ends the stream as TextDecoder's does.
  #atStart = true;

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
    // TextDecoder's commonest call, decode(bytes) with the default settings at the start of a stream,
    // is the one-shot decode with its fast routes: the same string (nothing held from before, a
    // leading BOM removed as at the start of any stream), 4-8x faster than the streaming decoder,
    // whose string also crosses from WebAssembly as UTF-8 (bench.mjs).
    if (options === undefined && this.#atStart && !this.#fatal && !this.#ignoreBOM && isView(input) &&
        typedArrayTag.call(input) === "Uint8Array" && typedArrayLength.call(input) > 0) {
      return decode(input);
    }
    this.#busy = true;
    this.#atStart = false;
    try {
      const text = decoder.decode(input, options);
      this.#atStart = options === undefined || options === null;
      return text;
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

// --- The zero-copy input buffer --------------------------------------------------------------------
// Wrapped for the reasons Utf8Decoder is: a freed buffer, another `this`, or free() from a getter of
// decode's options while the buffer is being read become TypeErrors before WebAssembly is entered.
// The view over the region is cached and made again once WebAssembly memory has grown (growing
// detaches the old one, whose length is then 0). Each view keeps its buffer reachable (the WeakMap),
// so that garbage collection cannot free a region that a live view still writes into.
import { Utf8InputBuffer as WasmUtf8InputBuffer } from "./wasm/utf8lens.js";

const bufferOfView = new WeakMap();
let isInputBuffer, wasmBufferOf, readInputBuffer;

/** A reusable region of WebAssembly memory to write input into, read by the codec without a copy. */
export class Utf8InputBuffer {
  #buffer;
  #capacity;
  #view;
  // Whether `.bytes` has handed #view out (and so whether JS may be writing through it).
  #handedOut = false;
  #busy = 0;

  constructor(capacity) {
    const buffer = new WasmUtf8InputBuffer(capacity);
    this.#buffer = buffer;
    this.#capacity = buffer.capacity;
    this.#view = this.#newView(buffer);
  }

  /** The size of the region in bytes (0 once freed). */
  get capacity() {
    checkInputBuffer(this, "capacity");
    return this.#capacity;
  }

  /** A Uint8Array over the whole region. Read it again after any other utf8lens call. */
  get bytes() {
    const buffer = liveInputBuffer(this, "bytes");
    if (this.#view.length !== this.#capacity) this.#view = this.#newView(buffer);
    this.#handedOut = true;
    return this.#view;
  }

  validate(length) {
    return readInputBuffer(this, "validate", (buffer) => buffer.validate(length));
  }

  firstError(length) {
    return readInputBuffer(this, "firstError", (buffer) => buffer.firstError(length));
  }

  errors(length, options = undefined) {
    return readInputBuffer(this, "errors", (buffer) => buffer.errors(length, options));
  }

  errorList(length, options = undefined) {
    return readInputBuffer(this, "errorList", (buffer) => buffer.errorList(length, options));
  }

  decode(length, options = undefined) {
    return readInputBuffer(this, "decode", (buffer) => buffer.decode(length, options));
  }

  /** Frees the region now instead of when the buffer is garbage-collected. Views of it must not be used after. */
  free() {
    checkInputBuffer(this, "free");
    if (this.#busy > 0) throw new TypeError("Utf8InputBuffer.free: called while this buffer is being read (from a getter of decode's options?)");
    const buffer = this.#buffer;
    this.#buffer = undefined;
    this.#capacity = 0;
    this.#view = new Uint8Array(0);
    buffer?.free();
  }

  get [Symbol.toStringTag]() {
    return "Utf8InputBuffer";
  }

  #newView(buffer) {
    const view = buffer.bytes;
    bufferOfView.set(view, this);
    return view;
  }

  static {
    if (Symbol.dispose) this.prototype[Symbol.dispose] = this.prototype.free;
    isInputBuffer = (value) => #buffer in value;
    wasmBufferOf = (buffer) => buffer.#buffer;
    // Runs `read` on the live WebAssembly buffer of `self` (checked first: a foreign `this` is a
    // TypeError naming the member), marked busy so that free() from inside, from a getter of the
    // options, is refused.
    readInputBuffer = (self, member, read) => {
      const buffer = liveInputBuffer(self, member);
      // A view handed out before WebAssembly memory grew is detached: it reads as empty and what is
      // written through it goes nowhere, so the region may not hold what the caller meant.
      if (self.#handedOut && self.#view.length !== self.#capacity) {
        throw new TypeError(
          `Utf8InputBuffer.${member}: WebAssembly memory grew since .bytes was last read, which detached that view ` +
            "(it reads as empty and writes nothing); read .bytes again after any other utf8lens call and write through the new view",
        );
      }
      self.#busy++;
      try {
        return read(buffer);
      } finally {
        self.#busy--;
      }
    };
  }
}

/** The WebAssembly object behind a Utf8InputBuffer, or a TypeError if `self` is none or was freed. */
function liveInputBuffer(self, member) {
  checkInputBuffer(self, member);
  const buffer = wasmBufferOf(self);
  if (buffer === undefined) throw new TypeError(`Utf8InputBuffer.${member}: this buffer has been freed`);
  return buffer;
}

function checkInputBuffer(self, member) {
  if (self === null || (typeof self !== "object" && typeof self !== "function") || !isInputBuffer(self)) {
    throw new TypeError(`Utf8InputBuffer.${member}: called on an object that is not a Utf8InputBuffer`);
  }
}

// --- UnicodeDecoder: UTF-8, UTF-16 and UTF-32 as bytes ----------------------------------------------
// Wrapped for the reasons Utf8Decoder is (a freed decoder, another `this`, re-entry from an options
// getter become TypeErrors before WebAssembly is entered); it has no fast route of its own.
import { UnicodeDecoder as WasmUnicodeDecoder } from "./wasm/utf8lens.js";

let unicodeDecoderOf;

/** `TextDecoder`'s shape for UTF-8, UTF-16LE/BE and UTF-32LE/BE (`utf-16`/`utf-32` sniff the BOM). */
export class UnicodeDecoder {
  #decoder;
  #encoding;
  #fatal;
  #ignoreBOM;
  #busy = false;

  constructor(label = undefined, options = undefined) {
    const decoder = new WasmUnicodeDecoder(label, options);
    this.#decoder = decoder;
    this.#encoding = decoder.encoding;
    this.#fatal = decoder.fatal;
    this.#ignoreBOM = decoder.ignoreBOM;
  }

  get encoding() {
    return liveUnicodeDecoder(this, "encoding", false) && this.#encoding;
  }

  get fatal() {
    return liveUnicodeDecoder(this, "fatal", false) && this.#fatal;
  }

  get ignoreBOM() {
    return liveUnicodeDecoder(this, "ignoreBOM", false) && this.#ignoreBOM;
  }

  decode(input = undefined, options = undefined) {
    const decoder = liveUnicodeDecoder(this, "decode", true);
    if (this.#busy) {
      throw new TypeError("UnicodeDecoder.decode: called while this decoder is decoding (from a getter of its options?)");
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
    liveUnicodeDecoder(this, "free", false);
    if (this.#busy) throw new TypeError("UnicodeDecoder.free: called while this decoder is decoding");
    const decoder = this.#decoder;
    this.#decoder = undefined;
    decoder?.free();
  }

  get [Symbol.toStringTag]() {
    return "UnicodeDecoder";
  }

  static {
    if (Symbol.dispose) this.prototype[Symbol.dispose] = this.prototype.free;
    unicodeDecoderOf = (value) => (#decoder in value ? { decoder: value.#decoder } : undefined);
  }
}

/** The WebAssembly decoder behind `self` (a TypeError if `self` is no UnicodeDecoder, or, when
 *  `live`, was freed); true for a getter. */
function liveUnicodeDecoder(self, member, live) {
  const found = self !== null && (typeof self === "object" || typeof self === "function") ? unicodeDecoderOf(self) : undefined;
  if (found === undefined) throw new TypeError(`UnicodeDecoder.${member}: called on an object that is not a UnicodeDecoder`);
  if (!live) return true;
  if (found.decoder === undefined) throw new TypeError(`UnicodeDecoder.${member}: this decoder has been freed`);
  return found.decoder;
}
