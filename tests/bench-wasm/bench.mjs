// Validation speed inside WebAssembly: utf8lens against std and simdutf8, all compiled to wasm32 with
// simd128 in one crate (src/lib.rs), timed in one run on the same bytes in wasm memory.
//
//   node tests/bench-wasm/bench.mjs <pkg-dir>     (scripts/bench.sh builds <pkg-dir> first)
//
// Prints GB/s medians and the ratio utf8lens / peer (above 1: utf8lens is faster). BENCH_QUICK=1 makes
// a rough, fast run that only proves it works. Nothing here asserts a time.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import path from "node:path";

const require = createRequire(import.meta.url);
const pkgDir = path.resolve(process.argv[2] ?? "target/bench-wasm/pkg");
const wasm = require(path.join(pkgDir, "utf8lens_bench_wasm.js"));
const quick = process.env.BENCH_QUICK === "1";
const corpus = path.resolve(process.env.UTF8LENS_CONFORMANCE ?? "../shared/conformance", "unicode-lipsum/lipsum");
const langs = (process.env.BENCH_LANGS ?? "Latin,Russian,Chinese,Emoji,Arabic,Japanese").split(",");
const sizes = quick ? [65536] : [65536, 1 << 20];
const batches = quick ? 3 : 21;
const batchMs = quick ? 5 : 15;

/** `text` repeated and cut at a character boundary to at most `size` bytes. */
function input(bytes, size) {
  const out = new Uint8Array(size);
  for (let at = 0; at < size; at += bytes.length) out.set(bytes.subarray(0, Math.min(bytes.length, size - at)), at);
  let end = size;
  while (end > 0 && (out[end - 1] & 0xc0) === 0x80) end--; // back to the last lead byte
  if (end > 0 && out[end - 1] >= 0xc0) end--; // drop the unfinished character
  return out.subarray(0, end);
}

/** Where the input sits in wasm memory (set by `load`). */
let inputPtr = 0;
function load(bytes) {
  inputPtr = wasm.input_buffer(bytes.length);
  new Uint8Array(wasmMemory().buffer, inputPtr, bytes.length).set(bytes);
}
function wasmMemory() {
  // wasm-bindgen's nodejs target keeps the instance's exports in `__wasm`.
  return wasm.wasm_memory();
}

/** How many rounds make one batch of about batchMs. */
function calibrate(fn) {
  let rounds = 1;
  for (;;) {
    const t = performance.now();
    fn(rounds);
    if (performance.now() - t > batchMs / 4 || rounds > 1e7) return Math.max(1, Math.round(rounds * 4));
    rounds *= 2;
  }
}

/** Median GB/s of `fn(rounds)` over batches of about batchMs each. */
function measure(fn, bytes) {
  return roundRobin({ fn }, bytes).fn;
}

/**
 * Median GB/s of each of `fns` (name -> fn(rounds)), taking turns batch by batch so that whatever
 * else the machine does hits every contender alike.
 */
function roundRobin(fns, bytes) {
  const entries = Object.entries(fns);
  const rounds = entries.map(([, fn]) => calibrate(fn));
  const rates = entries.map(() => []);
  for (let b = 0; b < batches; b++) {
    entries.forEach(([, fn], k) => {
      const t = performance.now();
      fn(rounds[k]);
      const seconds = (performance.now() - t) / 1000;
      rates[k].push((bytes * rounds[k]) / seconds / 1e9);
    });
  }
  return Object.fromEntries(entries.map(([name], k) => {
    const sorted = rates[k].sort((x, y) => x - y);
    return [name, sorted[sorted.length >> 1]];
  }));
}

const contenders = {
  utf8lens: wasm.utf8lens_validate,
  std: wasm.std_validate,
  "simdutf8 basic": wasm.simdutf8_basic_validate,
  "simdutf8 compat": wasm.simdutf8_compat_validate,
};
const peers = Object.keys(contenders).filter((k) => k !== "utf8lens");
const geo = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

/**
 * `fn` as a JS caller of a copying API pays for it: each round first copies the input from a JS
 * Uint8Array into wasm memory (what wasm-bindgen's generated glue does for a `&[u8]` argument), then
 * validates it once.
 */
function withCopyIn(fn, bytes) {
  return (rounds) => {
    let valid = 0;
    for (let r = 0; r < rounds; r++) {
      new Uint8Array(wasmMemory().buffer, inputPtr, bytes.length).set(bytes);
      valid += fn(1);
    }
    return valid;
  };
}

for (const copyIn of [false, true]) {
  console.log(copyIn
    ? `\nthe same with the copy into wasm memory in every call (as wasm-bindgen's glue does; the npm package's Utf8InputBuffer avoids it), GB/s`
    : `validate inside wasm32+simd128, GB/s (median of ${batches}); ratio = utf8lens / peer`);
  console.log(`${"input".padEnd(18)}${Object.keys(contenders).map((k) => k.padStart(17)).join("")}${peers.map((p) => ("÷" + p).padStart(17)).join("")}`);
  const ratios = Object.fromEntries(peers.map((p) => [p, []]));
  for (const size of sizes) {
    for (const lang of langs) {
      let text = readFileSync(path.join(corpus, `${lang}-Lipsum.utf8.txt`));
      if (text[0] === 0xef && text[1] === 0xbb && text[2] === 0xbf) text = text.subarray(3);
      const bytes = input(text, size);
      load(bytes);
      for (const [name, fn] of Object.entries(contenders)) {
        if (fn(1) !== 1) throw new Error(`${name} says the ${lang} input is invalid`);
      }
      const timed = copyIn
        ? Object.fromEntries(Object.entries(contenders).map(([name, fn]) => [name, withCopyIn(fn, bytes)]))
        : contenders;
      // The contenders take turns batch by batch, so drift hits all alike.
      const rates = roundRobin(timed, bytes.length);
      const row = `${lang} ${size >= 1 << 20 ? size / (1 << 20) + " MiB" : size / 1024 + " KiB"}`.padEnd(18);
      const cells = Object.values(rates).map((r) => r.toFixed(2).padStart(17)).join("");
      const ratioCells = peers.map((p) => {
        const r = rates.utf8lens / rates[p];
        ratios[p].push({ lang, r });
        return (r.toFixed(2) + "×").padStart(17);
      }).join("");
      console.log(row + cells + ratioCells);
    }
  }
  for (const p of peers) {
    const ascii = ratios[p].filter((x) => x.lang === "Latin").map((x) => x.r);
    const other = ratios[p].filter((x) => x.lang !== "Latin").map((x) => x.r);
    console.log(`utf8lens ÷ ${p}${copyIn ? " (copy-in included)" : ""}: ASCII ${geo(ascii).toFixed(2)}×, non-ASCII ${geo(other).toFixed(2)}× (geometric means)`);
  }
}

// errors(): every malformed sequence with its offset, on random bytes and on valid text.
{
  let state = 0x2545f491;
  const random = new Uint8Array(quick ? 65536 : 1 << 20).map(() => {
    state ^= state << 13; state ^= state >>> 17; state ^= state << 5;
    return state & 0xff;
  });
  const valid = input(readFileSync(path.join(corpus, "Russian-Lipsum.utf8.txt")), random.length);
  // Issue 7's goals for errors(): 500 MB/s on random bytes, 2 GB/s on valid text.
  const goals = { "random bytes": 500, "Russian text (valid)": 2000 };
  const errorContenders = {
    "utf8lens fold": wasm.utf8lens_errors,
    "utf8lens next": wasm.utf8lens_errors_next,
    "std Utf8Chunks": wasm.std_errors,
  };
  console.log(`\nerrors() inside wasm32+simd128, MB/s (median of ${batches}); goal ratio = utf8lens fold / goal`);
  console.log(`${"input".padEnd(24)}${"errors".padStart(9)}${Object.keys(errorContenders).map((k) => k.padStart(16)).join("")}${"÷ std".padStart(9)}${"÷ goal".padStart(9)}`);
  for (const [name, bytes] of [["random bytes", random], ["Russian text (valid)", valid]]) {
    load(bytes);
    const found = wasm.utf8lens_errors(1);
    for (const [who, fn] of Object.entries(errorContenders)) {
      if (fn(1) !== found) throw new Error(`${who} finds ${fn(1)} errors in the ${name}, utf8lens ${found}`);
    }
    const rates = Object.fromEntries(Object.entries(errorContenders).map(([who, fn]) => [who, measure(fn, bytes.length) * 1000]));
    const ours = rates["utf8lens fold"];
    console.log(
      `${name.padEnd(24)}${String(found).padStart(9)}${Object.values(rates).map((r) => r.toFixed(0).padStart(16)).join("")}` +
        `${((ours / rates["std Utf8Chunks"]).toFixed(2) + "×").padStart(9)}${((ours / goals[name]).toFixed(2) + "×").padStart(9)}`,
    );
  }
}
