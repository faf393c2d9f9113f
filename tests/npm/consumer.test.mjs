// The installed package used from plain Node ESM, exactly as a user would: every export, its
// results, its errors, the package layout and its TypeScript declarations.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import * as utf8lens from "utf8lens";
import * as utf8lensDetect from "utf8lens/detect";
import * as utf8lensText from "utf8lens/text";
import {
  Utf8Decoder,
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
} from "utf8lens";

const bytes = (...values) => new Uint8Array(values);
// The main module: the UTF-8 codec and the legacy charsets (issue 4).
const EXPORTS = [
  "Utf8Decoder", "Utf8InputBuffer", "charsetTable", "charsets", "decode", "decodeLegacy", "decodeVariant",
  "decodeVariantCodePoints", "encode", "encodeCodePoint", "encodeInto", "encodeLegacy",
  "encodeVariant", "errorList", "errors", "explainCodePoint", "firstError", "inspect",
  "resolveLabel", "validate",
  // issue 14: the drop-ins for TextEncoder and the two streams, and the length helpers.
  "Utf8DecoderStream", "Utf8Encoder", "Utf8EncoderStream", "truncateUtf8", "utf8Length",
  // issue 14 §3: UTF-16 and UTF-32 as bytes.
  "UnicodeDecoder", "sniffBom",
];
// utf8lens/text, with a WebAssembly module of its own: the mojibake tools (issue 4) and the sanitiser (issue 6).
const TEXT_EXPORTS = [
  "Sanitizer", "areConfusable", "check", "describeSanitizer", "dompurifyHook", "garble", "garbleRounds", "misreadAsUtf8",
  "mojibakeMatrix", "observe", "repair", "sanitize", "sanitizeDocument", "scan", "scripts", "skeleton",
];
// utf8lens/detect, with a WebAssembly module of its own built for size: charset detection (issue 13).
const DETECT_EXPORTS = ["Detector", "decodeAs", "detect"];
const KINDS = ["unexpected-continuation", "invalid-byte", "overlong", "surrogate", "too-large", "truncated"];

/** An ArrayBuffer detached the way postMessage detaches it. */
function detached(length = 4) {
  const buffer = new ArrayBuffer(length);
  structuredClone(buffer, { transfer: [buffer] });
  return buffer;
}

/** A view whose buffer was detached after the view was made. */
function detachedView(length = 4, View = Uint8Array) {
  const view = new View(new ArrayBuffer(length));
  structuredClone(view.buffer, { transfer: [view.buffer] });
  return view;
}

describe("the package", () => {
  const packageDir = dirname(fileURLToPath(import.meta.resolve("utf8lens/package.json")));
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));

  test("exports exactly the documented API, all ready without an init call", () => {
    assert.deepEqual(Object.keys(utf8lens).sort(), [...EXPORTS].sort());
    assert.equal(validate(bytes(0x41)), true);
  });

  test("resolves to the Node entry under the node condition", () => {
    assert.equal(fileURLToPath(import.meta.resolve("utf8lens")), join(packageDir, "node.js"));
    assert.equal(fileURLToPath(import.meta.resolve("utf8lens/text")), join(packageDir, "text", "node.js"));
    assert.equal(fileURLToPath(import.meta.resolve("utf8lens/detect")), join(packageDir, "detect", "node.js"));
  });

  test("utf8lens/text exports exactly the sanitiser and the mojibake tools, ready without an init call", () => {
    assert.deepEqual(Object.keys(utf8lensText).sort(), [...TEXT_EXPORTS].sort());
    assert.equal(utf8lensText.repair("SchÃ¶ne").text, "Schöne");
    assert.equal(utf8lensText.sanitize("a\u200Bb").text, "ab");
    for (const name of TEXT_EXPORTS) assert.ok(!(name in utf8lens), `${name} is not in the main module`);
  });

  test("utf8lens/detect exports exactly detect, Detector and decodeAs, and only it has them", () => {
    assert.deepEqual(Object.keys(utf8lensDetect).sort(), [...DETECT_EXPORTS].sort());
    const [best] = utf8lensDetect.detect(bytes(0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x2c, 0x20, 0xec, 0xe8, 0xf0));
    assert.equal(best.charset, "windows-1251");
    assert.equal(utf8lensDetect.decodeAs(bytes(0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2), best), "Привет");
    for (const name of DETECT_EXPORTS) {
      assert.ok(!(name in utf8lens), `${name} is not in the main module`);
      assert.ok(!(name in utf8lensText), `${name} is not in utf8lens/text`);
    }
  });

  test("each module has its own WebAssembly file, and the main one is the smaller download", () => {
    const main = readFileSync(join(packageDir, "wasm", "utf8lens_bg.wasm"));
    const text = readFileSync(join(packageDir, "text", "wasm", "utf8lens_text_bg.wasm"));
    const detect = readFileSync(join(packageDir, "detect", "wasm", "utf8lens_detect_bg.wasm"));
    assert.ok(WebAssembly.validate(main) && WebAssembly.validate(text) && WebAssembly.validate(detect));
    assert.ok(main.length < text.length, "the main module is smaller than utf8lens/text");
    assert.equal(fileURLToPath(import.meta.resolve("utf8lens/utf8lens_bg.wasm")), join(packageDir, "wasm", "utf8lens_bg.wasm"));
    assert.equal(
      fileURLToPath(import.meta.resolve("utf8lens/utf8lens_text_bg.wasm")),
      join(packageDir, "text", "wasm", "utf8lens_text_bg.wasm"),
    );
    assert.equal(
      fileURLToPath(import.meta.resolve("utf8lens/utf8lens_detect_bg.wasm")),
      join(packageDir, "detect", "wasm", "utf8lens_detect_bg.wasm"),
    );
  });

  test("package.json has what a published package needs", () => {
    assert.equal(manifest.name, "utf8lens");
    assert.match(manifest.version, /^\d+\.\d+\.\d+/);
    assert.equal(manifest.type, "module");
    for (const key of ["description", "license", "keywords", "files", "types"]) {
      assert.ok(manifest[key], `package.json has ${key}`);
    }
    // Each module: Cloudflare Workers, Deno (the inlined module), Node (ESM where require(esm) works,
    // node.cjs where it does not), browsers and everything else (tests/runtimes runs each).
    const modules = [[".", "./", "./utf8lens.d"], ["./text", "./text/", "./text/index.d"], ["./detect", "./detect/", "./detect/index.d"]];
    for (const [key, dir, dts] of modules) {
      // TypeScript takes the first "types" it meets, so require's (.d.cts) comes before the others.
      assert.deepEqual(manifest.exports[key], {
        workerd: `${dir}workerd.js`,
        deno: `${dir}inline.js`,
        node: {
          "module-sync": `${dir}node.js`,
          require: { types: `${dts}.cts`, default: `${dir}node.cjs` },
          default: { types: `${dts}.ts`, default: `${dir}node.js` },
        },
        types: `${dts}.ts`,
        browser: `${dir}browser.js`,
        default: `${dir}browser.js`,
      });
      assert.equal(manifest.exports[`${key}/inline`].default, `${dir}inline.js`);
      assert.equal(manifest.exports[`${key}/init`].default, `${dir}init.js`);
    }
    assert.ok(manifest.sideEffects !== true);
    for (const dir of ["wasm/", "text/", "detect/"]) assert.ok(manifest.files.includes(dir), `"files" has ${dir}`);
  });

  test("require() gets the same module instance as import", () => {
    const require = createRequire(import.meta.url);
    const required = require("utf8lens");
    assert.equal(required.validate, validate);
    assert.equal(required.Utf8Decoder, Utf8Decoder);
    assert.equal(required.decode(bytes(0xe2, 0x82, 0xac)), "€");
    const requiredText = require("utf8lens/text");
    assert.equal(requiredText.repair, utf8lensText.repair);
    assert.equal(requiredText.sanitize, utf8lensText.sanitize);
    const requiredDetect = require("utf8lens/detect");
    assert.equal(requiredDetect.detect, utf8lensDetect.detect);
    assert.equal(requiredDetect.decodeAs, utf8lensDetect.decodeAs);
  });

  test("the TypeScript declarations declare every export and the documented types", () => {
    const dts = readFileSync(join(packageDir, manifest.types), "utf8");
    for (const name of EXPORTS.filter((n) => !/^[A-Z]/.test(n))) {
      assert.match(dts, new RegExp(`export function ${name}\\(`), `declares ${name}`);
    }
    for (const name of EXPORTS.filter((n) => /^[A-Z]/.test(n))) {
      assert.match(dts, new RegExp(`export class ${name} `), `declares the class ${name}`);
    }
    for (const type of ["ByteSource", "Utf8ErrorInfo", "Utf8ErrorKind", "DecodeOptions", "Utf8DecoderOptions",
      "EncodeIntoResult", "BitFillInfo", "InspectResult", "SegmentInfo", "Utf8Variant", "Utf8DecodeError",
      "LoneSurrogateError", "Utf8EncoderOptions"]) {
      assert.match(dts, new RegExp(`export (type|interface) ${type}\\b`), `declares ${type}`);
    }
    assert.match(dts, /export function validate\(bytes: ByteSource\): boolean;/);
    assert.match(dts, /export function firstError\(bytes: ByteSource\): Utf8ErrorInfo \| undefined;/);
    assert.doesNotMatch(dts, /initSync|InitInput/, "the init functions are not part of the API");
    for (const kind of KINDS) assert.match(dts, new RegExp(`"${kind}"`));
    for (const name of TEXT_EXPORTS) assert.doesNotMatch(dts, new RegExp(`export function ${name}\\(`), `${name} is in utf8lens/text`);
    for (const name of DETECT_EXPORTS) assert.doesNotMatch(dts, new RegExp(`export (function ${name}\\(|class ${name} )`), `${name} is in utf8lens/detect`);
  });

  test("the TypeScript declarations of utf8lens/text declare its exports and their types", () => {
    const dts = readFileSync(join(packageDir, manifest.exports["./text"].types), "utf8");
    for (const name of TEXT_EXPORTS) {
      assert.match(dts, new RegExp(`export (function ${name}\\(|class ${name} )`), `declares ${name}`);
    }
    for (const type of ["ByteSource", "Charset", "SanitizeOptions", "SanitizeResult", "RepairResult", "GarbleResult",
      "MisreadResult", "MatrixRowInfo"]) {
      assert.match(dts, new RegExp(`export (type|interface) ${type}\\b`), `declares ${type}`);
    }
    assert.doesNotMatch(dts, /initSync|InitInput/, "the init functions are not part of the API");
    assert.doesNotMatch(dts, /export function validate\(/, "the codec is in the main module");
    for (const name of DETECT_EXPORTS) assert.doesNotMatch(dts, new RegExp(`export (function ${name}\\(|class ${name} )`), `${name} is in utf8lens/detect`);
    assert.doesNotMatch(dts, /DetectCandidate/, "the detector's types are in utf8lens/detect");
  });

  test("the TypeScript declarations of utf8lens/detect declare its exports and their types", () => {
    const dts = readFileSync(join(packageDir, manifest.exports["./detect"].types), "utf8");
    for (const name of DETECT_EXPORTS) {
      assert.match(dts, new RegExp(`export (function ${name}\\(|class ${name} )`), `declares ${name}`);
    }
    for (const type of ["ByteSource", "Charset", "DetectCandidate", "DetectCharset", "DetectOptions"]) {
      assert.match(dts, new RegExp(`export (type|interface) ${type}\\b`), `declares ${type}`);
    }
    assert.doesNotMatch(dts, /initSync|InitInput/, "the init functions are not part of the API");
    assert.doesNotMatch(dts, /export function (validate|sanitize)\(/, "the codec and the sanitiser are in the other modules");
  });
});

describe("validate", () => {
  test("accepts well-formed UTF-8 and rejects the rest", () => {
    assert.equal(validate(bytes()), true);
    assert.equal(validate(new TextEncoder().encode("Grüße, 世界 😀")), true);
    assert.equal(validate(bytes(0xc0, 0xaf)), false);
    assert.equal(validate(bytes(0xed, 0xa0, 0x80)), false);
    assert.equal(validate(bytes(0xf4, 0x90, 0x80, 0x80)), false);
    assert.equal(validate(bytes(0xe2, 0x82)), false);
  });

  test("accepts every kind of BufferSource, honouring offset and length", () => {
    const buffer = new Uint8Array([0xff, 0xe2, 0x82, 0xac, 0xff]).buffer;
    assert.equal(validate(buffer), false);
    assert.equal(validate(new Uint8Array(buffer, 1, 3)), true);
    assert.equal(validate(new DataView(buffer, 1, 3)), true);
    assert.equal(validate(new Uint8ClampedArray(buffer, 1, 3)), true);
    assert.equal(validate(new Uint16Array([0x4141])), true);
    assert.equal(validate(Buffer.from("ok")), true);
    assert.equal(validate(new Uint8Array(new SharedArrayBuffer(2))), true);
  });

  test("refuses non-BufferSources and detached buffers with a TypeError naming what it got", () => {
    assert.throws(() => validate(), { name: "TypeError", message: /^validate: .* got undefined$/ });
    assert.throws(() => validate([0x41]), { name: "TypeError", message: /got an Array/ });
    assert.throws(() => validate("A"), { name: "TypeError", message: /got a string/ });
    assert.throws(() => validate(null), { name: "TypeError", message: /got null/ });
    assert.throws(() => validate(detachedView()), { name: "TypeError", message: /detached/ });
    assert.throws(() => validate(detached()), { name: "TypeError", message: /detached/ });
    assert.throws(() => validate(detachedView(4, DataView)), { name: "TypeError", message: /detached/ });
  });
});

describe("firstError and errors", () => {
  test("firstError is undefined for valid input and the first error otherwise", () => {
    assert.equal(firstError(bytes(0x61, 0x62)), undefined);
    const error = firstError(bytes(0x61, 0xed, 0xa0, 0x80));
    assert.deepEqual(
      { ...error, message: undefined },
      { offset: 1, length: 1, kind: "surrogate", message: undefined, intended: { codePoint: 0xd800, length: 3 } },
    );
    assert.match(error.message, /ED/);
    assert.match(error.message, /U\+D800/);
  });

  test("errors lists every maximal subpart with its kind", () => {
    const cases = [
      [bytes(0x80), [[0, 1, "unexpected-continuation"]]],
      [bytes(0xff), [[0, 1, "invalid-byte"]]],
      [bytes(0xe0, 0x80, 0x80), [[0, 1, "overlong"], [1, 1, "unexpected-continuation"], [2, 1, "unexpected-continuation"]]],
      [bytes(0xed, 0xbf, 0xbf), [[0, 1, "surrogate"], [1, 1, "unexpected-continuation"], [2, 1, "unexpected-continuation"]]],
      [bytes(0xf4, 0x90, 0x80, 0x80).subarray(0, 1), [[0, 1, "truncated"]]],
      [bytes(0xf4, 0x90), [[0, 1, "too-large"], [1, 1, "unexpected-continuation"]]],
      [bytes(0x41, 0xf0, 0x9f, 0x98), [[1, 3, "truncated"]]],
    ];
    for (const [input, expected] of cases) {
      const found = errors(input);
      assert.deepEqual(found.map((e) => [e.offset, e.length, e.kind]), expected, `errors of ${input}`);
      for (const e of found) {
        assert.ok(KINDS.includes(e.kind));
        assert.equal(typeof e.message, "string");
        assert.match(e.message, /offset \d+/);
      }
    }
    assert.deepEqual(errors(new TextEncoder().encode("fine")), []);
  });

  test("the number of errors is the number of U+FFFD that TextDecoder writes", () => {
    const input = bytes(0x80, 0xc0, 0xaf, 0xe0, 0x80, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98, 0x41, 0xff);
    const replaced = new TextDecoder().decode(input).match(/\uFFFD/g).length;
    assert.equal(errors(input).length, replaced);
  });

  test("both refuse what is not a BufferSource", () => {
    assert.throws(() => firstError(42), { name: "TypeError", message: /^firstError: / });
    assert.throws(() => errors({ length: 3 }), { name: "TypeError", message: /^errors: / });
  });
});

describe("decode", () => {
  const input = bytes(0x48, 0xf6, 0x68, 0x65);

  test("replaces like TextDecoder by default and removes a BOM unless asked", () => {
    assert.equal(decode(input), "H\uFFFDhe");
    assert.equal(decode(input), new TextDecoder().decode(input));
    assert.equal(decode(bytes(0xef, 0xbb, 0xbf, 0x41)), "A");
    assert.equal(decode(bytes(0xef, 0xbb, 0xbf, 0x41), { ignoreBOM: true }), "\uFEFFA");
    assert.equal(decode(new ArrayBuffer(0)), "");
  });

  test("every replacement policy", () => {
    assert.equal(decode(input, { replacement: "fffd" }), "H\uFFFDhe");
    assert.equal(decode(input, { replacement: "drop" }), "Hhe");
    assert.equal(decode(input, { replacement: "latin1" }), "Höhe");
    assert.equal(decode(bytes(0x80, 0x9f), { replacement: "windows-1252" }), "€Ÿ");
    assert.equal(decode(bytes(0x80, 0x9f), { replacement: "latin1" }), "\x80\x9f");
    assert.equal(decode(input, { replacement: "utf8b" }), "H\uDCF6he");
  });

  test("fatal throws a TypeError with offset and kind", () => {
    assert.throws(() => decode(bytes(0x41, 0x42, 0xe2, 0x82), { fatal: true }), (error) => {
      assert.ok(error instanceof TypeError);
      assert.match(error.message, /^decode: invalid UTF-8 at offset 2 \(truncated\)/);
      assert.equal(error.offset, 2);
      assert.equal(error.kind, "truncated");
      return true;
    });
    assert.throws(() => decode(bytes(0xef, 0xbb, 0xbf, 0xff), { fatal: true }), { offset: 3 });
    assert.equal(decode(bytes(0xe2, 0x82, 0xac), { fatal: true }), "€");
  });

  test("bad options are TypeErrors", () => {
    assert.throws(() => decode(input, { replacement: "?" }), { name: "TypeError", message: /replacement/ });
    assert.throws(() => decode(input, { replacement: 1 }), { name: "TypeError", message: /replacement must be a string/ });
    assert.throws(() => decode(input, "fatal"), { name: "TypeError", message: /options must be an object/ });
    assert.throws(() => decode(null), { name: "TypeError" });
    assert.equal(decode(input, null), "H\uFFFDhe");
  });
});

describe("Utf8Decoder", () => {
  test("has TextDecoder's shape", () => {
    const ours = new Utf8Decoder("utf-8", { fatal: true, ignoreBOM: true });
    const theirs = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
    for (const key of ["encoding", "fatal", "ignoreBOM"]) assert.equal(ours[key], theirs[key]);
    const plain = new Utf8Decoder();
    assert.deepEqual([plain.encoding, plain.fatal, plain.ignoreBOM], ["utf-8", false, false]);
    assert.equal(Object.prototype.toString.call(plain), "[object Utf8Decoder]");
    assert.equal(plain.decode(), "");
  });

  test("accepts UTF-8's labels and refuses others with a RangeError", () => {
    for (const label of ["utf-8", "UTF8", " unicode-1-1-utf-8\n", "x-unicode20utf8"]) {
      assert.equal(new Utf8Decoder(label).encoding, "utf-8", label);
    }
    assert.throws(() => new Utf8Decoder("latin1"), RangeError);
    assert.throws(() => new Utf8Decoder("utf-16le"), RangeError);
    assert.throws(() => new Utf8Decoder(8), TypeError);
    assert.throws(() => new Utf8Decoder("utf-8", 1), TypeError);
  });

  test("streams a character split across chunks", () => {
    const decoder = new Utf8Decoder("utf-8", { fatal: true });
    assert.equal(decoder.decode(bytes(0xf0, 0x9f), { stream: true }), "");
    assert.equal(decoder.decode(bytes(0x98), { stream: true }), "");
    assert.equal(decoder.decode(bytes(0x80, 0x21)), "😀!");
  });

  test("a fatal error says where and why, and the decoder starts afresh", () => {
    const decoder = new Utf8Decoder("utf-8", { fatal: true });
    assert.equal(decoder.decode(bytes(0x61, 0x62), { stream: true }), "ab");
    assert.throws(() => decoder.decode(bytes(0xc0, 0x80)), (error) => {
      assert.ok(error instanceof TypeError);
      assert.match(error.message, /^Utf8Decoder\.decode: invalid UTF-8 at offset 2 \(invalid-byte\)/);
      assert.equal(error.kind, "invalid-byte");
      return true;
    });
    assert.equal(decoder.decode(bytes(0x6f, 0x6b)), "ok");
  });

  test("a detached buffer reads as empty, as in TextDecoder", () => {
    const decoder = new Utf8Decoder();
    assert.equal(decoder.decode(detachedView()), new TextDecoder().decode(detachedView()));
    assert.equal(decoder.decode(detachedView(4, DataView)), "");
    assert.equal(decoder.decode(detached()), "");
  });

  test("misuse is a TypeError, never a broken module", () => {
    const decoder = new Utf8Decoder();
    assert.throws(() => Utf8Decoder.prototype.decode.call({}, bytes(0x41)), TypeError);
    assert.throws(() => Object.getOwnPropertyDescriptor(Utf8Decoder.prototype, "fatal").get.call({}), TypeError);
    assert.throws(() => decoder.decode(bytes(0x41), { get stream() { return decoder.decode(bytes(0x42)); } }), {
      name: "TypeError", message: /while this decoder is decoding/,
    });
    assert.throws(() => decoder.decode([0x41]), TypeError);
    assert.throws(() => decoder.decode(bytes(0x41), 7), TypeError);
    decoder.free();
    assert.throws(() => decoder.decode(bytes(0x41)), { name: "TypeError", message: /freed/ });
    assert.equal(new Utf8Decoder().decode(bytes(0x41)), "A");
  });
});

describe("encode and encodeInto", () => {
  test("encode matches TextEncoder, lone surrogates included", () => {
    for (const text of ["", "€", "a\uD800", "\uDC00b", "😀", "\uD83D\uDE00\uD83D", "x".repeat(10000)]) {
      assert.deepEqual(encode(text), new TextEncoder().encode(text), JSON.stringify(text));
    }
    assert.ok(encode("a") instanceof Uint8Array);
  });

  test("encodeInto matches TextEncoder.encodeInto and never writes a partial character", () => {
    for (const [text, size] of [["a€b😀", 5], ["a€b😀", 4], ["😀", 3], ["\uD800x", 4], ["", 2], ["abc", 0]]) {
      const ours = new Uint8Array(size).fill(0xaa);
      const theirs = new Uint8Array(size).fill(0xaa);
      assert.deepEqual(encodeInto(text, ours), new TextEncoder().encodeInto(text, theirs));
      assert.deepEqual(ours, theirs);
    }
    const dest = new Uint8Array(8);
    assert.deepEqual(encodeInto("€", dest.subarray(2)), { read: 1, written: 3 });
    assert.deepEqual(dest, bytes(0, 0, 0xe2, 0x82, 0xac, 0, 0, 0));
  });

  test("wrong types are TypeErrors", () => {
    assert.throws(() => encode(42), { name: "TypeError", message: /^encode: expected a string, got a number$/ });
    assert.throws(() => encode(), TypeError);
    assert.throws(() => encodeInto("a", [0]), { name: "TypeError", message: /destination must be a Uint8Array/ });
    assert.throws(() => encodeInto("a", new Uint16Array(2)), TypeError);
    assert.throws(() => encodeInto(1, new Uint8Array(2)), TypeError);
  });
});

describe("encodeCodePoint and explainCodePoint", () => {
  test("encodeCodePoint at the edges of each length", () => {
    for (const cp of [0, 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xe000, 0xfffd, 0xffff, 0x10000, 0x10ffff]) {
      assert.deepEqual(encodeCodePoint(cp), new TextEncoder().encode(String.fromCodePoint(cp)), cp.toString(16));
    }
  });

  test("out-of-range numbers are RangeErrors, non-numbers TypeErrors", () => {
    for (const cp of [0xd800, 0xdfff, -1, 0x110000, 1.5, NaN, Infinity, -Infinity, 2 ** 53]) {
      assert.throws(() => encodeCodePoint(cp), RangeError, String(cp));
      assert.throws(() => explainCodePoint(cp), RangeError, String(cp));
    }
    for (const cp of ["A", null, undefined, 65n, {}, [65]]) {
      assert.throws(() => encodeCodePoint(cp), TypeError, String(cp));
      assert.throws(() => explainCodePoint(cp), TypeError, String(cp));
    }
    assert.throws(() => encodeCodePoint(0xd800), { message: /U\+D800/ });
  });

  test("explainCodePoint shows how the bits fill the octets", () => {
    const fill = explainCodePoint(0x20ac);
    assert.equal(fill.codePoint, 0x20ac);
    assert.equal(fill.label, "U+20AC");
    assert.equal(fill.bits, "0010000010101100");
    assert.deepEqual(fill.row, { first: 0x800, last: 0xffff, octets: 3, template: "1110xxxx 10xxxxxx 10xxxxxx" });
    assert.deepEqual(fill.bytes, [0xe2, 0x82, 0xac]);
    assert.deepEqual(fill.octets.map((o) => o.template), ["1110xxxx", "10xxxxxx", "10xxxxxx"]);
    assert.deepEqual(fill.octets.map((o) => o.value), [0xe2, 0x82, 0xac]);
    assert.deepEqual(fill.octets[1].bitSources, [null, null, 11, 10, 9, 8, 7, 6]);
    for (const [cp, octets, bits] of [[0x41, 1, 7], [0xe9, 2, 11], [0x1f600, 4, 21]]) {
      const f = explainCodePoint(cp);
      assert.equal(f.octets.length, octets);
      assert.equal(f.bits.length, bits);
      assert.deepEqual(f.bytes, [...encodeCodePoint(cp)]);
      // Every payload bit lands in exactly one place.
      const sources = f.octets.flatMap((o) => o.bitSources).filter((s) => s !== null).sort((a, b) => a - b);
      assert.deepEqual(sources, [...Array(bits).keys()]);
    }
  });
});

describe("inspect", () => {
  test("roles and segments", () => {
    const { roles, segments, valid } = inspect(bytes(0x41, 0xe2, 0x82, 0xac, 0xff, 0xf0, 0x9f));
    assert.deepEqual(roles, ["ascii", "lead", "continuation", "continuation", "invalid", "invalid", "invalid"]);
    assert.equal(valid, false);
    assert.deepEqual(segments[0], { offset: 0, length: 1, codePoint: 0x41, char: "A" });
    assert.deepEqual(segments[1], { offset: 1, length: 3, codePoint: 0x20ac, char: "€" });
    assert.equal(segments[2].error.kind, "invalid-byte");
    assert.deepEqual([segments[3].offset, segments[3].length, segments[3].error.kind], [5, 2, "truncated"]);
    assert.equal(segments.length, 4);
    assert.deepEqual(inspect(bytes()), { roles: [], segments: [], valid: true });
    assert.equal(inspect(new TextEncoder().encode("ok")).valid, true);
  });

  test("refuses what is not a BufferSource", () => {
    assert.throws(() => inspect("abc"), { name: "TypeError", message: /^inspect: / });
  });
});

describe("UTF-8 variants", () => {
  test("decodeVariant and decodeVariantCodePoints", () => {
    assert.equal(decodeVariant(bytes(0xed, 0xa0, 0x81, 0xed, 0xb0, 0x80), "cesu-8"), "\u{10400}");
    assert.equal(decodeVariant(bytes(0xc0, 0x80), "mutf-8"), "\0");
    assert.equal(decodeVariant(bytes(0xed, 0xa0, 0x80), "wtf-8"), "\uD800");
    assert.equal(decodeVariant(bytes(0xf0, 0x9f, 0x98, 0x80), "wtf-8"), "😀");
    assert.equal(decodeVariant(bytes(0xf0, 0x9f, 0x98, 0x80), "rfc2279"), "😀");
    assert.deepEqual(decodeVariantCodePoints(bytes(0xfd, 0xbf, 0xbf, 0xbf, 0xbf, 0xbf), "rfc2279"), [0x7fffffff]);
    assert.deepEqual(decodeVariantCodePoints(bytes(0x41, 0xed, 0xb0, 0x80), "wtf-8"), [0x41, 0xdc00]);
  });

  test("encodeVariant, and round trips through every variant", () => {
    assert.deepEqual(encodeVariant("\0", "mutf-8"), bytes(0xc0, 0x80));
    assert.deepEqual(encodeVariant("😀", "cesu-8"), bytes(0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80));
    assert.deepEqual(encodeVariant("\uD800", "wtf-8"), bytes(0xed, 0xa0, 0x80));
    for (const variant of ["cesu-8", "mutf-8", "wtf-8", "rfc2279"]) {
      for (const text of ["", "A", "é€", "😀x", "a\0b"]) {
        assert.equal(decodeVariant(encodeVariant(text, variant), variant), text, `${variant} ${JSON.stringify(text)}`);
      }
    }
  });

  test("errors: malformed input TypeError with offset, unencodable RangeError, bad names TypeError", () => {
    assert.throws(() => decodeVariant(bytes(0x41, 0xf0, 0x9f, 0x98, 0x80), "cesu-8"), (error) => {
      assert.ok(error instanceof TypeError);
      assert.equal(error.offset, 1);
      return true;
    });
    assert.throws(() => decodeVariant(bytes(0xfd, 0xbf, 0xbf, 0xbf, 0xbf, 0xbf), "rfc2279"), RangeError);
    assert.throws(() => encodeVariant("\uD800", "cesu-8"), RangeError);
    for (const name of ["utf-8", "CESU8", "", null, 8, undefined]) {
      assert.throws(() => decodeVariant(bytes(0x41), name), TypeError, String(name));
      assert.throws(() => decodeVariantCodePoints(bytes(0x41), name), TypeError, String(name));
      assert.throws(() => encodeVariant("A", name), TypeError, String(name));
    }
    assert.throws(() => encodeVariant(65, "wtf-8"), TypeError);
    assert.throws(() => decodeVariant("A", "wtf-8"), TypeError);
  });
});
