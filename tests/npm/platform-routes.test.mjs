// The routes through the platform's own code (codec/js/npm/exports.js): validate, firstError and errors
// through Node's buffer.isUtf8, and encode and encodeInto through TextEncoder, must answer exactly what
// the WebAssembly functions answer. The oracle is the package's own WebAssembly glue (wasm/utf8lens.js,
// the same module instance the package uses), called directly, and Node's TextEncoder. Inputs: valid
// and invalid, ASCII and not, lone surrogates, empty, SharedArrayBuffer-backed views, detached buffers,
// and random ones (the seed is printed; UTF8LENS_SEED=<n> replays a run).
import assert from "node:assert/strict";
import { isUtf8 } from "node:buffer";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

import { encode, encodeInto, errors, firstError, validate, Utf8Encoder } from "utf8lens";
import { generator, propertySeed, randomBytes, toHex } from "./support.mjs";

const packageDir = dirname(fileURLToPath(import.meta.resolve("utf8lens/package.json")));
const wasm = await import(pathToFileURL(join(packageDir, "wasm", "utf8lens.js")).href);

const SEED = propertySeed();
process.stdout.write(`# platform routes: seed 0x${SEED.toString(16)}\n`);

/** What a call returns or throws, comparable with deepEqual. */
function outcome(run) {
  try {
    return { value: run() };
  } catch (error) {
    return { threw: error?.constructor?.name, message: error?.message };
  }
}

function detached(length) {
  const bytes = new Uint8Array(length);
  structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
  return bytes;
}

function shared(bytes) {
  const view = new Uint8Array(new SharedArrayBuffer(bytes.length + 3), 3, bytes.length);
  view.set(bytes);
  return view;
}

/** validate, firstError and errors on `bytes` equal the WebAssembly functions' answers. */
function sameValidation(bytes, label) {
  assert.deepEqual(outcome(() => validate(bytes)), outcome(() => wasm.validate(bytes)), `validate ${label}`);
  assert.deepEqual(outcome(() => firstError(bytes)), outcome(() => wasm.firstError(bytes)), `firstError ${label}`);
  assert.deepEqual(outcome(() => errors(bytes)), outcome(() => wasm.errors(bytes)), `errors ${label}`);
  assert.deepEqual(outcome(() => errors(bytes, { limit: 1 })), outcome(() => wasm.errors(bytes, { limit: 1 })), `errors limit ${label}`);
}

const utf8 = (text) => new TextEncoder().encode(text);
const FIXED = {
  ASCII: utf8("plain ASCII text ".repeat(20)),
  "non-ASCII": utf8("Grüße, Привет, 中文, 😀 ".repeat(20)),
  "invalid at the end": new Uint8Array([...utf8("abc é ".repeat(30)), 0xc3]),
  "a surrogate (ED A0 80)": new Uint8Array([0x61, 0xed, 0xa0, 0x80, 0x62]),
  "an overlong form": new Uint8Array([0xc0, 0xaf]),
  "above U+10FFFF": new Uint8Array([0xf4, 0x90, 0x80, 0x80]),
  "a BOM": new Uint8Array([0xef, 0xbb, 0xbf, 0x61]),
  "one byte": new Uint8Array([0x41]),
  "one bad byte": new Uint8Array([0xff]),
};

describe("validate, firstError, errors: buffer.isUtf8 route = WebAssembly route", () => {
  test("fixed inputs, as Uint8Array, Buffer, SharedArrayBuffer view, subarray and DataView", () => {
    for (const [name, bytes] of Object.entries(FIXED)) {
      sameValidation(bytes, name);
      sameValidation(Buffer.from(bytes), `${name} (Buffer)`);
      sameValidation(shared(bytes), `${name} (SharedArrayBuffer)`);
      sameValidation(bytes.subarray(1), `${name} (subarray)`);
      sameValidation(new DataView(bytes.buffer), `${name} (DataView)`);
      assert.equal(validate(bytes), isUtf8(bytes), `${name}: buffer.isUtf8 itself`);
    }
  });

  test("empty and detached arrays answer as the WebAssembly functions (a detached one is a TypeError)", () => {
    sameValidation(new Uint8Array(0), "empty");
    sameValidation(detached(16), "detached");
    assert.throws(() => validate(detached(16)), TypeError);
    assert.equal(validate(new Uint8Array(0)), true);
  });

  test("arguments that are not bytes throw the WebAssembly functions' errors", () => {
    for (const value of [undefined, null, "abc", [0x41], { length: 1, 0: 0x41 }, 42]) {
      sameValidation(value, String(value));
    }
    // Unknown option keys are still refused, also for valid input.
    assert.throws(() => errors(FIXED.ASCII, { limt: 1 }), TypeError);
  });

  test("random inputs, and each at every offset 0..16 after ASCII", () => {
    const rng = generator(SEED);
    for (let i = 0; i < 1500; i++) {
      const bytes = randomBytes(rng, { length: rng.chance(0.1) ? rng.below(2000) : rng.below(40) });
      const pad = rng.below(17);
      const padded = new Uint8Array(pad + bytes.length).fill(0x61);
      padded.set(bytes, pad);
      sameValidation(bytes, toHex(bytes.subarray(0, 64)));
      sameValidation(padded, `after ${pad} ASCII bytes: ${toHex(bytes.subarray(0, 64))}`);
    }
  });
});

/** encode and encodeInto on `text` equal the WebAssembly functions and TextEncoder. */
function sameEncoding(text, label) {
  const expected = outcome(() => wasm.encode(text));
  assert.deepEqual(outcome(() => encode(text)), expected, `encode ${label}`);
  if (typeof text === "string") assert.deepEqual(encode(text), new TextEncoder().encode(text), `TextEncoder ${label}`);
  const length = typeof text === "string" ? text.length * 3 + 2 : 8;
  for (const room of new Set([0, 1, 2, 3, 4, 5, 7, Math.floor(length / 2), length])) {
    for (const make of [(n) => new Uint8Array(n), (n) => shared(new Uint8Array(n)), (n) => Buffer.alloc(n)]) {
      const ours = make(room);
      const theirs = make(room);
      assert.deepEqual(outcome(() => encodeInto(text, ours)), outcome(() => wasm.encodeInto(text, theirs)), `encodeInto ${label} into ${room}`);
      assert.deepEqual([...ours], [...theirs], `encodeInto's bytes ${label} into ${room}`);
    }
  }
}

describe("encode, encodeInto: TextEncoder route = WebAssembly route", () => {
  test("ASCII, non-ASCII, lone surrogates, empty", () => {
    const texts = {
      empty: "",
      ASCII: "plain ASCII",
      "non-ASCII": "Grüße, Привет, 中文, 😀",
      "a lone high surrogate": "a\uD800b",
      "a lone low surrogate": "a\uDC00b",
      "a lone surrogate at the end": "abc\uD83D",
      "a reversed pair": "\uDE00\uD83D",
      "a pair": "\uD83D\uDE00",
      "U+FFFF and U+FEFF": "\uFFFF\uFEFF",
    };
    for (const [name, text] of Object.entries(texts)) sameEncoding(text, name);
  });

  test("random strings of code units (surrogates often)", () => {
    const rng = generator(SEED ^ 0x9e37);
    const units = [0x41, 0x7f, 0x80, 0x7ff, 0x800, 0x20ac, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xfeff, 0xffff];
    for (let i = 0; i < 1000; i++) {
      const length = rng.chance(0.1) ? rng.below(500) : rng.below(12);
      const codes = Array.from({ length }, () => (rng.chance(0.5) ? rng.pick(units) : rng.below(0x10000)));
      sameEncoding(String.fromCharCode(...codes), `units ${codes.map((c) => c.toString(16)).join(" ")}`);
    }
  });

  test("into a detached destination nothing is written, as TextEncoder does", () => {
    assert.deepEqual(encodeInto("abc", detached(8)), wasm.encodeInto("abc", detached(8)));
    assert.deepEqual(encodeInto("abc", detached(8)), new TextEncoder().encodeInto("abc", detached(8)));
  });

  test("arguments that are not a string or a Uint8Array throw the WebAssembly functions' errors", () => {
    for (const value of [undefined, null, 42, new String("ab"), Symbol("s"), { toString: () => "x" }]) {
      assert.deepEqual(outcome(() => encode(value)), outcome(() => wasm.encode(value)), `encode ${String(value)}`);
      assert.deepEqual(outcome(() => encodeInto(value, new Uint8Array(4))), outcome(() => wasm.encodeInto(value, new Uint8Array(4))));
    }
    for (const dest of [undefined, [], new Uint16Array(4), new DataView(new ArrayBuffer(4)), new ArrayBuffer(4)]) {
      assert.deepEqual(outcome(() => encodeInto("ab", dest)), outcome(() => wasm.encodeInto("ab", dest)), `encodeInto into ${String(dest)}`);
      assert.throws(() => encodeInto("ab", dest), TypeError);
    }
  });

  test("a fatal Utf8Encoder still finds lone surrogates on the platform route", () => {
    const fatal = new Utf8Encoder({ fatal: true });
    for (const [text, offset] of [["a\uD800b", 1], ["ab\uDC00", 2], ["\uD83D\uDE00x\uD83D", 3]]) {
      assert.throws(() => fatal.encode(text), (error) => error instanceof TypeError && error.offset === offset && error.kind === "lone-surrogate");
      const dest = new Uint8Array(16);
      assert.throws(() => fatal.encodeInto(text, dest), (error) => error.offset === offset);
      assert.deepEqual([...dest], new Array(16).fill(0), "nothing written before the error");
    }
    assert.deepEqual(fatal.encode("\uD83D\uDE00"), encode("\uD83D\uDE00"));
  });
});
