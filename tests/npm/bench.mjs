// Throughput of the npm package against what Node users have, side by side in one run:
//
//   bash scripts/build-npm.sh && (cd tests/npm && npm ci --ignore-scripts) && node tests/npm/bench.mjs
//   BENCH_QUICK=1 node tests/npm/bench.mjs      # a short run, for CI: same tables, fewer repeats
//   BENCH_LANGS=Latin,Hindi node tests/npm/bench.mjs
//
// Inputs: the lipsum corpus (../shared/conformance/unicode-lipsum/lipsum/<Lang>-Lipsum.utf8.txt),
// each text repeated and cut at a character boundary to 16 B, 256 B, 64 KiB and 1 MiB (decode also
// 48 B and 4 KiB, where its goals are stated). BENCH_TABLES=decode or =validate runs one table.
// validate: utf8lens validate (and Utf8InputBuffer.validate, the zero-copy path, its buffer filled
// outside the timing) vs node:buffer isUtf8, TextDecoder with fatal: true, utf8.js (utf8.decode of
// the binary string, which throws on malformed input) and utf-8-validate's pure-JS fallback.
// decode: utf8lens decode vs TextDecoder.decode, and vs itself with `{}` as options (its wasm-bindgen
// route, which backs the fast routes' place in codec/js/npm/exports.js).
// Every batch of calls is timed on its own; the implementations take turns batch by batch, and
// each figure is the median over the batches. Ratios are utf8lens's throughput divided by the
// other's (above 1: utf8lens is faster). No figure is asserted anywhere: timings vary by machine.
import { isUtf8 } from "node:buffer";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { roundRobin, sinkValue, sized } from "./measure.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, "../..");
const QUICK = process.env.BENCH_QUICK === "1";
const RUNS = Number(process.env.BENCH_RUNS ?? (QUICK ? 3 : 15));
const BATCH_MS = Number(process.env.BENCH_BATCH_MS ?? (QUICK ? 2 : 25));
const LANGS = (process.env.BENCH_LANGS ?? (QUICK ? "Latin,Chinese" : "Latin,Russian,Chinese,Emoji")).split(",");
// validate's goal against buffer.isUtf8 is stated from 4 KiB up.
const SIZES = [["16 B", 16], ["256 B", 256], ["4 KiB", 4 << 10], ["64 KiB", 64 << 10], ["1 MiB", 1 << 20]];
// decode's goals are stated at under 64 B and from 4 KiB up, so it gets those sizes too.
const DECODE_SIZES = [["16 B", 16], ["48 B", 48], ["256 B", 256], ["4 KiB", 4 << 10], ["64 KiB", 64 << 10], ["1 MiB", 1 << 20]];
// encode's goal (at least TextEncoder at every size) gets every size.
const ENCODE_SIZES = DECODE_SIZES;
// BENCH_TABLES=decode (or validate, or encode) runs one table only.
const TABLES = (process.env.BENCH_TABLES ?? "validate,decode,encode").split(",");

const packageEntry = join(ROOT, "target/npm/pkg/node.js");
if (!existsSync(packageEntry)) {
  console.error(`bench: ${packageEntry} is missing: run bash scripts/build-npm.sh first`);
  process.exit(1);
}
const utf8lens = await import(pathToFileURL(packageEntry).href);
const require = createRequire(import.meta.url);
const peer = (name) => {
  try {
    return require(name);
  } catch {
    console.error(`bench: ${name} is not installed (npm ci --ignore-scripts in tests/npm); left out`);
    return undefined;
  }
};
const utf8js = peer("utf8");
// tests/bench-wasm's module (scripts/bench.sh builds it in step 2), if it is there.
const simdutf8WasmPath = join(ROOT, "target/bench-wasm/pkg/utf8lens_bench_wasm.js");
const simdutf8Wasm = existsSync(simdutf8WasmPath) ? require(simdutf8WasmPath) : undefined;
if (!simdutf8Wasm) console.error(`bench: ${simdutf8WasmPath} is missing (scripts/bench.sh step 2 builds it); simdutf8 wasm left out`);
const utf8ValidateFallback = peer("utf-8-validate/fallback");

const corpusDir = join(ROOT, "../shared/conformance/unicode-lipsum/lipsum");
if (!existsSync(corpusDir)) {
  const message = `bench: the lipsum corpus is missing at ${corpusDir}`;
  if (process.env.CI === "true") {
    console.error(`${message} (CI=true: a failure)`);
    process.exit(1);
  }
  console.error(`${message}; nothing to measure`);
  process.exit(0);
}

function loadText(lang) {
  let bytes = readFileSync(join(corpusDir, `${lang}-Lipsum.utf8.txt`));
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3); // Emoji's BOM
  return new Uint8Array(bytes);
}

const fatalDecoder = new TextDecoder("utf-8", { fatal: true });
const lossyDecoder = new TextDecoder();

/** The contenders: name → (input) → a function measuring one call on that input. */
const VALIDATORS = [
  ["utf8lens validate", (b) => () => utf8lens.validate(b)],
  // The zero-copy path: the bytes are written into the buffer's wasm memory once, outside the timing.
  ["utf8lens validate (zero-copy)", (b) => {
    const buffer = new utf8lens.Utf8InputBuffer(b.length);
    buffer.bytes.set(b);
    return () => buffer.validate(b.length);
  }],
  ["buffer.isUtf8", (b) => () => isUtf8(b)],
  ["TextDecoder fatal", (b) => () => {
    try {
      return fatalDecoder.decode(b).length >= 0;
    } catch {
      return false;
    }
  }],
  ...(utf8js ? [["utf8.js decode", (b) => {
    const binary = Buffer.from(b).toString("latin1");
    return () => {
      try {
        return utf8js.decode(binary).length >= 0;
      } catch {
        return false;
      }
    };
  }]] : []),
  ...(utf8ValidateFallback ? [["utf-8-validate (JS)", (b) => () => utf8ValidateFallback(b)]] : []),
  ...(simdutf8Wasm ? [["simdutf8 wasm (copy-in)", (b) => {
    // simdutf8 compiled to wasm32+simd128 (tests/bench-wasm, built by scripts/bench.sh step 2), each call
    // first copying the bytes into its memory as a JS caller must: the peer of issue 14's goal for the
    // npm API's validate (copy included, ASCII at least 1.0x).
    const at = simdutf8Wasm.input_buffer(b.length);
    return () => {
      new Uint8Array(simdutf8Wasm.wasm_memory().buffer, at, b.length).set(b);
      return simdutf8Wasm.simdutf8_basic_validate(1) === 1;
    };
  }]] : []),
];
// "utf8lens decode" takes decode's fast routes (the JS decoder under 64 B, the raw route up to 1 MiB);
// "utf8lens decode {}", the same call with an (empty) options object, takes the wasm-bindgen route:
// the two columns side by side are what keeps each route (codec/js/npm/exports.js, decode: the routes).
const DECODERS = [
  ["utf8lens decode", (b) => () => utf8lens.decode(b).length],
  ["TextDecoder", (b) => () => lossyDecoder.decode(b).length],
  ["utf8lens decode {}", (b) => () => utf8lens.decode(b, {}).length],
];
// The strings themselves must be equal, not only their lengths.
const DECODED = [(b) => utf8lens.decode(b), (b) => lossyDecoder.decode(b), (b) => utf8lens.decode(b, {})];
// encode: the package's encode, encodeInto and fatal Utf8Encoder against TextEncoder's encode and
// encodeInto, on the string the input bytes decode to (MB/s counts its UTF-8 bytes). The last column,
// the WebAssembly encode itself (the package's glue, called directly), is the route the platform's
// replaced (exports.js); it keeps that choice checked.
const textEncoder = new TextEncoder();
const fatalEncoder = new utf8lens.Utf8Encoder({ fatal: true });
const wasmGlue = await import(pathToFileURL(join(ROOT, "target/npm/pkg/wasm/utf8lens.js")).href);
const encodeDest = new Uint8Array(3 << 20);
const ENCODERS = [
  ["utf8lens encode", (s) => () => utf8lens.encode(s).length],
  ["TextEncoder", (s) => () => textEncoder.encode(s).length],
  ["utf8lens encodeInto", (s) => () => utf8lens.encodeInto(s, encodeDest).written],
  ["TextEncoder encodeInto", (s) => () => textEncoder.encodeInto(s, encodeDest).written],
  ["Utf8Encoder fatal", (s) => () => fatalEncoder.encode(s).length],
  ["wasm encode", (s) => () => wasmGlue.encode(s).length],
];

/** Median MB/s of each contender on `input`, the contenders taking turns batch by batch. */
function measure(contenders, input) {
  if (contenders === ENCODERS) return measureEncoders(input);
  const calls = contenders.map(([, make]) => make(input));
  // All must agree on the answer before their speed means anything.
  const answers = calls.map((call) => call());
  if (contenders === VALIDATORS && answers.some((a) => a !== true)) throw new Error(`a validator said false: ${answers}`);
  if (contenders === DECODERS && new Set(DECODED.map((decode) => decode(input))).size !== 1) throw new Error("the decoders' strings differ");
  return roundRobin(calls, input.length, { runs: RUNS, batchMs: BATCH_MS });
}

function measureEncoders(input) {
  const text = lossyDecoder.decode(input);
  const calls = ENCODERS.map(([, make]) => make(text));
  const expected = textEncoder.encode(text);
  const same = (bytes) => bytes.length === expected.length && bytes.every((b, i) => b === expected[i]);
  if (!same(utf8lens.encode(text)) || !same(fatalEncoder.encode(text)) || !same(wasmGlue.encode(text))) throw new Error("the encoders' bytes differ");
  return roundRobin(calls, input.length, { runs: RUNS, batchMs: BATCH_MS });
}

const fmt = (mbs) => (mbs >= 100 ? mbs.toFixed(0) : mbs >= 10 ? mbs.toFixed(1) : mbs.toFixed(2));
const pad = (text, width) => String(text).padStart(width);

// `pairs`: which ratios to print, [ours, theirs] by index (default: the first against each other).
function table(title, contenders, sizes = SIZES, pairs = contenders.slice(1).map((_, k) => [0, k + 1])) {
  const names = contenders.map(([name]) => name);
  const others = pairs.map(([a, b]) => (a === 0 ? names[b] : `${names[b]} (${names[a]})`));
  console.log(`\n## ${title}: median MB/s (higher is faster); ratio = utf8lens ÷ other (above 1: utf8lens faster)\n`);
  const header = ["size", "text", ...names.map((n) => pad(n, Math.max(n.length, 8))), ...others.map((n) => `÷ ${n}`)];
  console.log(`| ${header.join(" | ")} |`);
  console.log(`|${header.map((h, i) => (i < 2 ? "---" : "---:")).join("|")}|`);
  const ratios = others.map(() => ({}));
  for (const [sizeName, size] of sizes) {
    for (const lang of LANGS) {
      const input = sized(loadText(lang), size);
      const speeds = measure(contenders, input);
      const r = pairs.map(([a, b]) => speeds[a] / speeds[b]);
      r.forEach((x, k) => ((ratios[k][sizeName] ??= []).push(x)));
      const cells = [sizeName, lang, ...speeds.map((s, k) => pad(fmt(s), Math.max(names[k].length, 8))), ...r.map((x, k) => pad(`${x.toFixed(2)}×`, others[k].length + 2))];
      console.log(`| ${cells.join(" | ")} |`);
    }
  }
  console.log(`\nratio utf8lens ÷ other, geometric mean over the texts, per size:`);
  for (const [k, name] of others.entries()) {
    const line = sizes.map(([sizeName]) => {
      const xs = ratios[k][sizeName];
      return `${sizeName} ${Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length).toFixed(2)}×`;
    });
    console.log(`  vs ${name.padEnd(22)} ${line.join("   ")}`);
  }
  // The ASCII text alone (issue 14 states goals for it: validate against simdutf8 in wasm, decode).
  const ascii = LANGS.indexOf("Latin");
  if (ascii >= 0) {
    console.log(`ratio utf8lens ÷ other on the ASCII text (Latin) alone:`);
    for (const [k, name] of others.entries()) {
      console.log(`  vs ${name.padEnd(22)} ${sizes.map(([sizeName]) => `${sizeName} ${ratios[k][sizeName][ascii].toFixed(2)}×`).join("   ")}`);
    }
  }
}

const pkg = JSON.parse(readFileSync(join(ROOT, "target/npm/pkg/package.json"), "utf8"));
console.log(`# utf8lens ${pkg.version} npm benchmark${QUICK ? " (BENCH_QUICK: few repeats, rough figures)" : ""}`);
console.log(`machine: ${cpus()[0]?.model ?? "?"}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB; Node ${process.version} (V8 ${process.versions.v8}), ${process.platform}-${process.arch}`);
console.log(`method: ${RUNS} timed batches of about ${BATCH_MS} ms per contender and input, taking turns; medians. Texts: ${LANGS.join(", ")}.`);
if (!utf8js || !utf8ValidateFallback) console.log("(some peers are not installed and are left out)");
if (TABLES.includes("validate")) table("validate", VALIDATORS);
if (TABLES.includes("decode")) table("decode (replacing, like TextDecoder)", DECODERS, DECODE_SIZES);
// encode ÷ TextEncoder, encodeInto ÷ TextEncoder encodeInto, fatal Utf8Encoder ÷ TextEncoder, and
// encode ÷ the WebAssembly encode.
if (TABLES.includes("encode")) table("encode (UTF-16 string to UTF-8)", ENCODERS, ENCODE_SIZES, [[0, 1], [2, 3], [4, 1], [0, 5]]);
if (sinkValue() === 0.5) console.log(""); // keeps the results alive
