// The npm package in headless Chromium against the browser's own TextDecoder, side by side in one run:
//
//   bash scripts/build-npm.sh && node tests/npm/bench-browser.mjs
//   BENCH_QUICK=1 node tests/npm/bench-browser.mjs     # a short run, for CI: same tables, fewer repeats
//   BENCH_LANGS=Latin,Hindi BENCH_TABLES=decode node tests/npm/bench-browser.mjs
//
// A small HTTP server on 127.0.0.1 serves the built package (target/npm/pkg, its browser entry), the
// lipsum corpus and a page; /usr/bin/chromium (or $CHROMIUM) opens the page headless, with a fresh
// profile; the page measures and POSTs each row back, and this script prints the tables as
// tests/npm/bench.mjs does. Tables: validate (utf8lens validate vs TextDecoder with fatal: true) and
// decode (utf8lens decode vs TextDecoder), on the same sizes and texts as bench.mjs. The page is
// cross-origin isolated (COOP/COEP headers) so that performance.now() has its finer resolution.
// No figure is asserted anywhere: timings vary by machine.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

import { chromiumFlags } from "../../tools/versions.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, "../..");
const QUICK = process.env.BENCH_QUICK === "1";
const settings = {
  runs: Number(process.env.BENCH_RUNS ?? (QUICK ? 3 : 15)),
  batchMs: Number(process.env.BENCH_BATCH_MS ?? (QUICK ? 2 : 25)),
  langs: (process.env.BENCH_LANGS ?? (QUICK ? "Latin,Chinese" : "Latin,Russian,Chinese,Emoji")).split(","),
  tables: (process.env.BENCH_TABLES ?? "validate,decode,encode").split(","),
};
const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30 * 60 * 1000);

const packageDir = join(ROOT, "target/npm/pkg");
if (!existsSync(join(packageDir, "browser.js"))) {
  console.error(`bench-browser: ${packageDir}/browser.js is missing: run bash scripts/build-npm.sh first`);
  process.exit(1);
}
if (!existsSync(chromiumPath)) {
  console.error(`bench-browser: no Chromium at ${chromiumPath} (set CHROMIUM)`);
  process.exit(1);
}
const corpusDir = join(ROOT, "../shared/conformance/unicode-lipsum/lipsum");
if (!existsSync(corpusDir)) {
  const message = `bench-browser: the lipsum corpus is missing at ${corpusDir}`;
  if (process.env.CI === "true") {
    console.error(`${message} (CI=true: a failure)`);
    process.exit(1);
  }
  console.error(`${message}; nothing to measure`);
  process.exit(0);
}

// What runs in the page. The same method as bench.mjs, from the same module (measure.mjs, served to
// the page): calibrated batches, contenders taking turns,
// medians; every contender's answer checked equal first.
const PAGE_SCRIPT = String.raw`
import * as utf8lens from "/pkg/browser.js";
import { roundRobin, sinkValue, sized } from "/measure.mjs";
const settings = await (await fetch("/settings")).json();
const post = (path, body) => fetch(path, { method: "POST", body: JSON.stringify(body) });
const SIZES = [["16 B", 16], ["256 B", 256], ["4 KiB", 4 << 10], ["64 KiB", 64 << 10], ["1 MiB", 1 << 20]];
const DECODE_SIZES = [["16 B", 16], ["48 B", 48], ["256 B", 256], ["4 KiB", 4 << 10], ["64 KiB", 64 << 10], ["1 MiB", 1 << 20]];
const fatalDecoder = new TextDecoder("utf-8", { fatal: true });
const lossyDecoder = new TextDecoder();
const VALIDATORS = [
  ["utf8lens validate", (b) => () => utf8lens.validate(b), (b) => utf8lens.validate(b)],
  ["TextDecoder fatal", (b) => () => {
    try { return fatalDecoder.decode(b).length >= 0; } catch { return false; }
  }, (b) => { try { fatalDecoder.decode(b); return true; } catch { return false; } }],
];
const DECODERS = [
  ["utf8lens decode", (b) => () => utf8lens.decode(b).length, (b) => utf8lens.decode(b)],
  ["TextDecoder", (b) => () => lossyDecoder.decode(b).length, (b) => lossyDecoder.decode(b)],
];
// encode: on the string the input decodes to (MB/s counts its UTF-8 bytes); the ratios printed are
// encode ÷ TextEncoder and encodeInto ÷ TextEncoder's encodeInto (ENCODE_PAIRS).
const textEncoder = new TextEncoder();
const encodeDest = new Uint8Array(3 << 20);
const ENCODERS = [
  ["utf8lens encode", (s) => () => utf8lens.encode(s).length, (s) => utf8lens.encode(s).join()],
  ["TextEncoder", (s) => () => textEncoder.encode(s).length, (s) => textEncoder.encode(s).join()],
  ["utf8lens encodeInto", (s) => () => utf8lens.encodeInto(s, encodeDest).written, (s) => JSON.stringify(utf8lens.encodeInto(s, encodeDest))],
  ["TextEncoder encodeInto", (s) => () => textEncoder.encodeInto(s, encodeDest).written, (s) => JSON.stringify(textEncoder.encodeInto(s, encodeDest))],
];
const ENCODE_PAIRS = [[0, 1], [2, 3]];
function measureEncoders(input) {
  const text = lossyDecoder.decode(input);
  const answers = ENCODERS.map(([, , answer]) => answer(text));
  if (answers[0] !== answers[1] || answers[2] !== answers[3]) throw new Error("encode differs from TextEncoder");
  return roundRobin(ENCODERS.map(([, make]) => make(text)), input.length, settings);
}
// Before any timing: encode and encodeInto equal TextEncoder's, lone surrogates and a
// SharedArrayBuffer's view (the page is cross-origin isolated) included.
function checkAgainstTextEncoder() {
  for (const text of ["", "abc", "a\uD800b", "\uDC00", "x\uD83D", "Grüße 中文 😀", "é".repeat(5000)]) {
    if (utf8lens.encode(text).join() !== textEncoder.encode(text).join()) throw new Error("encode differs from TextEncoder");
    for (const room of [0, 1, 2, 3, 5, 16, 20000]) {
      const dests = [[new Uint8Array(room), new Uint8Array(room)]];
      if (typeof SharedArrayBuffer === "function") dests.push([new Uint8Array(new SharedArrayBuffer(room)), new Uint8Array(room)]);
      for (const [ours, theirs] of dests) {
        const a = JSON.stringify(utf8lens.encodeInto(text, ours));
        const b = JSON.stringify(textEncoder.encodeInto(text, theirs));
        if (a !== b || ours.join() !== theirs.join()) throw new Error("encodeInto differs from TextEncoder (" + room + ")");
      }
    }
  }
}
function measure(contenders, input) {
  if (contenders === ENCODERS) return measureEncoders(input);
  const answers = contenders.map(([, , answer]) => answer(input));
  if (answers.some((a) => a !== answers[0])) throw new Error("the contenders' answers differ");
  if (answers[0] === false) throw new Error("a validator said false");
  const calls = contenders.map(([, make]) => make(input));
  return roundRobin(calls, input.length, settings);
}
// Before any timing: decode must agree with TextDecoder on every route the page can reach (the JS
// decoder of short inputs, the raw WebAssembly route, the wasm-bindgen one), BOMs and malformed bytes
// included, as the browser makes the strings differently from Node.
function checkAgainstTextDecoder() {
  let seed = 0x2545f491;
  const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) & 0xff;
  const pieces = [[0x61], [0xc3, 0xa9], [0xe4, 0xb8, 0xad], [0xf0, 0x9f, 0x98, 0x80], [0xef, 0xbb, 0xbf], [0x80], [0xe2, 0x82], [0xff]];
  for (const size of [1, 3, 17, 63, 64, 65, 300, 5000, 70000]) {
    for (let round = 0; round < 20; round++) {
      const bytes = [];
      if (round % 4 === 0) bytes.push(0xef, 0xbb, 0xbf);
      while (bytes.length < size) bytes.push(...(round % 3 === 0 ? [next()] : pieces[next() % pieces.length]));
      const input = new Uint8Array(bytes);
      const expected = lossyDecoder.decode(input);
      const shared = typeof SharedArrayBuffer === "function" ? new Uint8Array(new SharedArrayBuffer(input.length)) : input;
      shared.set(input);
      for (const [route, actual] of [["Uint8Array", utf8lens.decode(input)], ["DataView", utf8lens.decode(new DataView(input.buffer))], ["ignoreBOM", utf8lens.decode(input, { ignoreBOM: true })], ["SharedArrayBuffer", utf8lens.decode(shared)]]) {
        const wanted = route === "ignoreBOM" ? new TextDecoder("utf-8", { ignoreBOM: true }).decode(input) : expected;
        if (actual !== wanted) throw new Error("decode differs from TextDecoder (" + route + ", " + size + " bytes, round " + round + ")");
      }
    }
  }
  // ASCII, which the platform's TextDecoder takes first: twice over a SharedArrayBuffer, which Blink
  // refuses (the first refusal is remembered, the second call takes the other route at once), and
  // with one malformed byte the sample does not see.
  for (const size of [64, 300, 5000]) {
    const input = new Uint8Array(size).fill(0x61);
    const shared = typeof SharedArrayBuffer === "function" ? new Uint8Array(new SharedArrayBuffer(size)) : input.slice();
    shared.set(input);
    const broken = input.slice();
    broken[size >>> 2] = 0xff;
    for (const bytes of [input, shared, shared, broken, input]) {
      const expected = lossyDecoder.decode(bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice());
      if (utf8lens.decode(bytes) !== expected) throw new Error("decode differs from TextDecoder (ASCII, " + size + " bytes)");
    }
  }
}
try {
  checkAgainstTextDecoder();
  checkAgainstTextEncoder();
  const texts = {};
  for (const lang of settings.langs) {
    let bytes = new Uint8Array(await (await fetch("/lipsum/" + lang + "-Lipsum.utf8.txt")).arrayBuffer());
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    texts[lang] = bytes;
  }
  const tables = [["validate", VALIDATORS, SIZES], ["decode", DECODERS, DECODE_SIZES], ["encode", ENCODERS, DECODE_SIZES, ENCODE_PAIRS]];
  for (const [table, contenders, sizes, pairs] of tables) {
    if (!settings.tables.includes(table)) continue;
    await post("/table", { table, names: contenders.map(([name]) => name), pairs });
    for (const [sizeName, size] of sizes) {
      for (const lang of settings.langs) {
        const speeds = measure(contenders, sized(texts[lang], size));
        await post("/row", { table, sizeName, lang, speeds });
      }
    }
  }
  await post("/done", { userAgent: navigator.userAgent, isolated: crossOriginIsolated, sink: sinkValue() });
} catch (error) {
  await post("/done", { error: String(error?.stack ?? error) });
}
`;
const PAGE = `<!doctype html><meta charset="utf-8"><title>utf8lens benchmark</title><link rel="icon" href="data:,">
<script type="module" src="/bench.js"></script>`;

const CONTENT_TYPES = { ".js": "text/javascript; charset=utf-8", ".wasm": "application/wasm", ".txt": "text/plain; charset=utf-8" };
const ISOLATED = { "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" };

const fmt = (mbs) => (mbs >= 100 ? mbs.toFixed(0) : mbs >= 10 ? mbs.toFixed(1) : mbs.toFixed(2));
const pad = (text, width) => String(text).padStart(width);
let current;
const ratiosBySize = new Map();

const TITLES = { validate: "validate", decode: "decode (replacing, like TextDecoder)", encode: "encode (UTF-16 string to UTF-8)" };

// `pairs`: which ratios the table prints, [ours, theirs] by index (default: the first against each other).
function startTable({ table, names, pairs = names.slice(1).map((_, k) => [0, k + 1]) }) {
  finishTable();
  const labels = pairs.map(([a, b]) => (a === 0 ? names[b] : `${names[b]} (${names[a]})`));
  current = { table, names, pairs, labels };
  ratiosBySize.clear();
  const title = TITLES[table];
  console.log(`\n## Chromium ${title}: median MB/s (higher is faster); ratio = utf8lens ÷ other (above 1: utf8lens faster)\n`);
  const header = ["size", "text", ...names.map((n) => pad(n, Math.max(n.length, 8))), ...labels.map((n) => `÷ ${n}`)];
  console.log(`| ${header.join(" | ")} |`);
  console.log(`|${header.map((_, i) => (i < 2 ? "---" : "---:")).join("|")}|`);
}

function row({ sizeName, lang, speeds }) {
  const { names, pairs, labels } = current;
  const ratios = pairs.map(([a, b]) => speeds[a] / speeds[b]);
  if (!ratiosBySize.has(sizeName)) ratiosBySize.set(sizeName, []);
  ratiosBySize.get(sizeName).push({ lang, ratios });
  const cells = [sizeName, lang, ...speeds.map((s, k) => pad(fmt(s), Math.max(names[k].length, 8))), ...ratios.map((x, k) => pad(`${x.toFixed(2)}×`, labels[k].length + 2))];
  console.log(`| ${cells.join(" | ")} |`);
}

const geometricMean = (xs) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);

function finishTable() {
  if (!current) return;
  console.log(`\nratio utf8lens ÷ other, geometric mean over the texts, per size:`);
  current.labels.forEach((label, k) => {
    const line = [...ratiosBySize].map(([size, rows]) => `${size} ${geometricMean(rows.map((r) => r.ratios[k])).toFixed(2)}×`);
    console.log(`  vs ${label.padEnd(22)} ${line.join("   ")}`);
  });
  // Issue 14's goal for ASCII in Chromium: decode of the Latin text (pure ASCII) at least TextDecoder.
  if (current.table === "decode" && [...ratiosBySize.values()].some((rows) => rows.some((r) => r.lang === "Latin"))) {
    const line = [...ratiosBySize].flatMap(([size, rows]) => rows.filter((r) => r.lang === "Latin").map((r) => `${size} ${r.ratios[0].toFixed(2)}×`));
    console.log(`  ASCII (Latin) vs TextDecoder ${line.join("   ")}`);
  }
  current = undefined;
}

let finish;
let finished;

const server = createServer(async (request, response) => {
  const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
  if (request.method === "POST") {
    let body = "";
    for await (const chunk of request) body += chunk;
    response.writeHead(204).end();
    let message;
    try {
      message = JSON.parse(body);
    } catch {
      return; // a request cut short (the page going away): nothing to record
    }
    if (path === "/table") startTable(message);
    else if (path === "/row") row(message);
    else if (path === "/done") finish(message);
    return;
  }
  const send = (type, body) => response.writeHead(200, { "content-type": type, ...ISOLATED }).end(body);
  if (path === "/") return send("text/html; charset=utf-8", PAGE);
  if (path === "/bench.js") return send(CONTENT_TYPES[".js"], PAGE_SCRIPT);
  if (path === "/measure.mjs") return send(CONTENT_TYPES[".js"], await readFile(join(here, "measure.mjs")));
  if (path === "/settings") return send("application/json", JSON.stringify(settings));
  const [prefix, base] = path.startsWith("/pkg/") ? ["/pkg/", packageDir] : path.startsWith("/lipsum/") ? ["/lipsum/", corpusDir] : [];
  const file = base && resolve(base, `.${path.slice(prefix.length - 1)}`);
  if (!file || !file.startsWith(base + sep)) return response.writeHead(404).end();
  try {
    send(CONTENT_TYPES[extname(file)] ?? "application/octet-stream", await readFile(file));
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((ok, fail) => server.once("error", fail).listen(0, "127.0.0.1", ok));
const url = `http://127.0.0.1:${server.address().port}/`;

const pkg = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
const version = await new Promise((ok) => {
  const child = spawn(chromiumPath, ["--version"], { stdio: ["ignore", "pipe", "ignore"] });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.once("exit", () => ok(out.trim()));
  child.once("error", () => ok("?"));
});
console.log(`# utf8lens ${pkg.version} browser benchmark${QUICK ? " (BENCH_QUICK: few repeats, rough figures)" : ""}`);
console.log(`browser: ${version}, headless; method: ${settings.runs} timed batches of about ${settings.batchMs} ms per contender and input, taking turns; medians. Texts: ${settings.langs.join(", ")}.`);

// One attempt: a fresh profile and browser, the page run to its end. The browser dying or hanging is
// the machine's doing, not a measurement, so it is tried once more (after saying why); a wrong answer
// from the page is never retried.
async function attempt() {
  finished = new Promise((ok) => (finish = ok));
  const profile = mkdtempSync(join(tmpdir(), "utf8lens-bench-chromium-"));
  const browser = spawn(chromiumPath, [
    // The tests' flags (tools/versions.env; --disable-dev-shm-usage: a container's small /dev/shm must not
    // starve the 1 MiB inputs' transfers), then the benchmark's own: nothing throttled in the background.
    ...chromiumFlags, "--no-default-browser-check", "--disable-extensions", "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding", `--user-data-dir=${profile}`, url,
  ], { stdio: ["ignore", "ignore", "pipe"], detached: true }); // its own process group, to end it whole
  let browserLog = "";
  browser.stderr.on("data", (chunk) => (browserLog = (browserLog + chunk).slice(-4000)));
  const exited = new Promise((ok) => browser.once("exit", (code, signal) => ok({ code, signal })));
  const timer = setTimeout(() => finish({ error: `no result after ${TIMEOUT_MS / 1000} s: ${browserLog}`, browserFailed: true }), TIMEOUT_MS);
  const outcome = await Promise.race([
    finished,
    exited.then((e) => ({ error: `Chromium exited early (${JSON.stringify(e)}): ${browserLog}`, browserFailed: true })),
  ]);
  clearTimeout(timer);
  finishTable();
  // Chromium's helper processes outlive the browser process for a moment: end its process group.
  try {
    process.kill(-browser.pid, "SIGTERM");
  } catch {}
  await Promise.race([exited, new Promise((ok) => setTimeout(ok, 5000))]);
  try {
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  } catch (error) {
    console.error(`bench-browser: could not remove the profile ${profile}: ${error.message}`);
  }
  return outcome;
}

let outcome = await attempt();
if (outcome.browserFailed) {
  console.error(`bench-browser: ${outcome.error}\nbench-browser: trying once more with a new browser`);
  outcome = await attempt();
}
server.close();
if (outcome.error) {
  console.error(`bench-browser: ${outcome.error}`);
  process.exit(1);
}
console.log(`\n(${outcome.userAgent}; cross-origin isolated: ${outcome.isolated})`);
