// detect, Detector and decodeAs of utf8lens/detect, against real oracles:
// - the visible test set ../shared/conformance/uchardet-test (read in place; with CI=true a missing
//   set fails): the top candidate, decoded with decodeAs, must give the text that CPython's codec of
//   the true charset gives (tests/detect/bench.py's rule and names), at least as often per group as
//   the Rust floors of tests/tests/detect.rs;
// - the Rust detector itself (the codec's `detect` example, --json): every candidate of every file
//   the same in JavaScript;
// - Node's TextDecoder for decodeAs wherever the WHATWG decoder is the same charset.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { Detector, decodeAs, detect } from "utf8lens/detect";

import { CONFORMANCE, ROOT, conformanceFile, generator, propertySeed } from "./support.mjs";

const SET = conformanceFile("uchardet-test");
const files = SET === null ? [] : walk(SET);

function walk(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
}

/** The true charset a file's name gives (utf-16.le is UTF-16LE without a BOM), as bench.py reads it. */
function truthOf(path) {
  const name = path.split("/").pop();
  if (name.endsWith(".le") || name.endsWith(".be")) return name.slice(0, -3) + name.slice(-2);
  return name.slice(0, name.lastIndexOf("."));
}

const CJK = new Set(["shift_jis", "euc-jp", "iso-2022-jp", "gb18030", "big5", "euc-tw", "iso-2022-kr", "uhc"]);
function groupOf(truth) {
  if (truth.startsWith("utf-") || truth === "ascii") return "Unicode/ASCII";
  return CJK.has(truth) ? "CJK" : "single-byte";
}
// tests/tests/detect.rs's floors: what the Rust detector reaches today.
const FLOORS = { "Unicode/ASCII": 33, "single-byte": 74, CJK: 7 };

/** Each file decoded with CPython's codec of its true charset (bench.py's `decode`), or null. */
function pythonTruths(paths) {
  const script = [
    "import json, sys",
    `sys.path.insert(0, ${JSON.stringify(join(ROOT, "tests/detect"))})`,
    "import bench",
    "out = {}",
    "for p in sys.argv[1:]:",
    "    out[p] = bench.decode(open(p, 'rb').read(), bench.truth_of(bench.Path(p)))",
    "print(json.dumps(out))",
  ].join("\n");
  const run = spawnSync("python3", ["-c", script, ...paths], { encoding: "utf8", maxBuffer: 64 << 20 });
  assert.equal(run.status, 0, `python3 failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

const stripBom = (text) => (text.startsWith("\uFEFF") ? text.slice(1) : text);

test("the top candidate decodes uchardet's files to the true charset's text (CPython as oracle)", (t) => {
  if (files.length === 0) return t.skip("uchardet-test missing");
  assert.ok(files.length >= 100, `only ${files.length} files`);
  const truths = pythonTruths(files);
  const right = { "Unicode/ASCII": 0, "single-byte": 0, CJK: 0 };
  const misses = [];
  for (const path of files) {
    const bytes = readFileSync(path);
    const truth = truthOf(path);
    const [best] = detect(bytes);
    const expected = truths[path];
    const ok = best.charset === truth || (expected !== null && stripBom(decodeAs(bytes, best)) === expected);
    if (ok) right[groupOf(truth)]++;
    else misses.push(`${path.slice(SET.length + 1)}: ${best.charset}`);
  }
  t.diagnostic(`right per group: ${JSON.stringify(right)}; misses: ${misses.join(", ")}`);
  for (const [group, floor] of Object.entries(FLOORS)) {
    assert.ok(right[group] >= floor, `${group}: ${right[group]} right, below the floor of ${floor}; misses: ${misses.join(", ")}`);
  }
});

test("detect in JavaScript gives exactly what the Rust detector gives, file by file", (t) => {
  if (files.length === 0) return t.skip("uchardet-test missing");
  const run = spawnSync("cargo", ["run", "-q", "-p", "utf8lens", "--example", "detect", "--", "--json", ...files], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  assert.equal(run.status, 0, `the detect example failed: ${run.stderr}`);
  const lines = run.stdout.trim().split("\n").map((line) => JSON.parse(line));
  assert.equal(lines.length, files.length);
  for (const { file, candidates } of lines) {
    const ours = detect(readFileSync(file));
    assert.equal(ours.length, candidates.length, file);
    ours.forEach((c, i) => {
      const rust = candidates[i];
      assert.deepEqual({ ...c, confidence: 0 }, { ...rust, confidence: 0 }, `${file}, candidate ${i + 1}`);
      // libm's exp2 in wasm and the platform's may differ in the last bit.
      assert.ok(Math.abs(c.confidence - rust.confidence) <= 1e-12, `${file}: ${c.confidence} vs ${rust.confidence}`);
    });
  }
});

test("candidates are ranked and well formed", () => {
  const inputs = [new Uint8Array(), new TextEncoder().encode("plain"), ...files.slice(0, 40).map((p) => readFileSync(p))];
  for (const bytes of inputs) {
    const candidates = detect(bytes);
    assert.ok(candidates.length >= 1);
    for (const [i, c] of candidates.entries()) {
      assert.match(c.charset, /^[a-z0-9_-]+$/);
      assert.ok(c.confidence >= 0 && c.confidence <= 1);
      assert.ok(c.language === null || /^[a-z]{2}$/.test(c.language));
      assert.ok(Array.isArray(c.reasons) && c.reasons.length > 0 && c.reasons.every((r) => typeof r === "string" && r.length > 0));
      if (i > 0) assert.ok(candidates[i - 1].confidence >= c.confidence);
      assert.equal(typeof decodeAs(bytes, c), "string");
    }
  }
});

test("Detector: any split into chunks gives what detect gives", () => {
  const rng = generator(propertySeed());
  for (const path of files) {
    const bytes = readFileSync(path);
    const detector = new Detector();
    for (let at = 0; at < bytes.length; ) {
      const next = Math.min(bytes.length, at + 1 + rng.below(rng.chance(0.5) ? 8 : 400));
      detector.feed(bytes.subarray(at, next));
      at = next;
    }
    assert.deepEqual(detector.finish(), detect(bytes), path);
    // finish starts over.
    assert.deepEqual(detector.finish(), detect(new Uint8Array()));
  }
});

test("a large input is judged by its first `limit` bytes, and a character cut there is no error", () => {
  // "Привет, мир" in UTF-8, repeated to 8 MiB: the 1 MiB limit falls inside a two-byte character.
  const unit = new TextEncoder().encode("Привет, мир. ");
  const big = new Uint8Array(8 << 20);
  for (let at = 0; at < big.length; at += unit.length) big.set(unit.subarray(0, Math.min(unit.length, big.length - at)), at);
  assert.equal(big[(1 << 20) - 1] >= 0xc0 || (big[(1 << 20) - 1] & 0xc0) === 0x80, true);
  const [best] = detect(big);
  assert.equal(best.charset, "utf-8");
  assert.ok(best.confidence > 0.9, JSON.stringify(best));
  assert.deepEqual(detect(big), detect(big.subarray(0, (1 << 20) + 1)));
  const detector = new Detector();
  assert.equal(detector.limit, 1 << 20);
  let fed = 0;
  while (!detector.full) {
    detector.feed(big.subarray(fed, fed + 65536));
    fed += 65536;
  }
  assert.equal(fed, 1 << 20);
  detector.feed(big.subarray(fed, fed + 1)); // one byte past the limit says the input goes on
  assert.deepEqual(detector.finish(), detect(big));
  assert.equal(new Detector({ limit: 10 }).limit, 10);
  assert.equal(detect(big, { limit: 4096 })[0].charset, "utf-8");
});

test("decodeAs reads every byte as the WHATWG indexes say, and CJK as Node's TextDecoder", (t) => {
  // The single-byte charsets against the Encoding Standard's own index files (Node's ICU tables
  // differ from them in windows-1252, -1253, -1255, -874 and koi8-u, so Node is no oracle there).
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  const dir = conformanceFile("whatwg-encoding");
  if (dir === null) return t.skip("whatwg-encoding missing");
  const indexes = readdirSync(dir).filter((f) => /^index-.*\.txt$/.test(f));
  assert.ok(indexes.length >= 27, `only ${indexes.length} indexes`);
  for (const file of indexes) {
    const charset = file.slice("index-".length, -".txt".length);
    const table = new Array(128).fill(0xfffd);
    for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
      const m = line.match(/^\s*(\d+)\t0x([0-9A-F]+)/);
      if (m) table[Number(m[1])] = parseInt(m[2], 16);
    }
    const expected = String.fromCodePoint(...Array.from(all, (b) => (b < 0x80 ? b : table[b - 0x80])));
    assert.equal(decodeAs(all, charset), expected, charset);
  }
  for (const charset of ["utf-8", "utf-16le", "utf-16be"]) {
    for (const path of files.slice(0, 60)) {
      const bytes = readFileSync(path);
      assert.equal(decodeAs(bytes, charset), new TextDecoder(charset).decode(bytes), `${path} as ${charset}`);
    }
  }
  for (const path of files) {
    const bytes = readFileSync(path);
    for (const charset of ["shift_jis", "euc-jp", "gb18030", "big5", "euc-kr", "iso-2022-jp"]) {
      assert.equal(decodeAs(bytes, charset), new TextDecoder(charset).decode(bytes));
    }
  }
});

test("decodeAs decodes what TextDecoder lacks as CPython does", (t) => {
  const wanted = ["ibm852", "ibm855", "mac-centraleurope", "utf-32", "iso-2022-kr", "iso-8859-1", "ascii"];
  const chosen = files.filter((p) => wanted.some((w) => p.split("/").pop().startsWith(`${w}.`)));
  if (chosen.length === 0) return t.skip("uchardet-test missing");
  const truths = pythonTruths(chosen);
  const ours = { "mac-centraleurope": "x-mac-ce", ascii: "us-ascii" };
  for (const path of chosen) {
    let charset = truthOf(path);
    charset = ours[charset] ?? charset;
    if (charset === "utf-32") charset = readFileSync(path)[0] === 0xff ? "utf-32le" : "utf-32be";
    assert.equal(stripBom(decodeAs(readFileSync(path), charset)), truths[path], path);
  }
  assert.ok(chosen.length >= 10, `only ${chosen.length} files`);
});

test("bad arguments throw", () => {
  assert.throws(() => detect("text"), TypeError);
  assert.throws(() => detect(new Uint8Array(1), { limit: 0 }), RangeError);
  assert.throws(() => detect(new Uint8Array(1), { limit: "big" }), TypeError);
  assert.throws(() => detect(new Uint8Array(1), { limt: 5 }), TypeError);
  assert.throws(() => new Detector({ limit: 1.5 }), RangeError);
  assert.throws(() => new Detector().feed(42), TypeError);
  assert.throws(() => decodeAs(new Uint8Array(1), "klingon"), RangeError);
  assert.throws(() => decodeAs(new Uint8Array(1), { charset: "hz-gb-2312" }), RangeError);
  assert.throws(() => decodeAs("x", "utf-8"), TypeError);
  assert.equal(CONFORMANCE.length > 0, true);
});
