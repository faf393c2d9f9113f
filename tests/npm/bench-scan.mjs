// The scanner's speed on a real source tree, beside anti-trojan-source (npm, tests/npm's dev
// dependency): scripts/bench.sh step 7. Prints MB/s of both and the ratio; asserts nothing.
//
//   node tests/npm/bench-scan.mjs [TREE]       # default: ~/.cargo/registry/src, else tests/npm/node_modules
//   BENCH_QUICK=1 node tests/npm/bench-scan.mjs  # at most 16 MB of the tree
//
// Both read the same files, already in memory (the text files of the tree: those without a NUL byte
// in their first 8000 bytes, as `utf8lens scan` keeps; at most BENCH_SCAN_MB megabytes, default 256),
// and both do what their command does per file: utf8lens `scan(bytes, { preset: "code" })` (the
// WebAssembly scan of utf8lens/text: copy into wasm memory, validate, find, locate, build the findings)
// and anti-trojan-source's `hasConfusables({ sourceText, detailed: true })` on the file decoded as its
// CLI does (readFileSync(path, "utf-8"); the decoding is timed with it). A second figure times both
// commands end to end on the same tree (process start, walking and reading the files included).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const QUICK = process.env.BENCH_QUICK === "1";
const LIMIT = (QUICK ? 16 : Number(process.env.BENCH_SCAN_MB ?? 256)) * 1e6;
const registry = join(homedir(), ".cargo/registry/src");
const tree = process.argv[2] ?? (existsSync(registry) ? registry : join(ROOT, "tests/npm/node_modules"));

const { scan } = await import(pathToFileURL(join(ROOT, "target/npm/pkg/text/node.js")).href);
const { hasConfusables } = await import(pathToFileURL(join(ROOT, "tests/npm/node_modules/anti-trojan-source/src/main.js")).href);

// The files, in a fixed order, until the limit.
const files = [];
let total = 0;
const stack = [tree];
walk: while (stack.length > 0) {
  const dir = stack.pop();
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? 1 : -1));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== ".git") stack.push(path);
    } else if (entry.isFile() && statSync(path).size > 0) {
      const bytes = readFileSync(path);
      if (bytes.subarray(0, 8000).includes(0)) continue;
      files.push({ path, bytes });
      total += bytes.length;
      if (total >= LIMIT) break walk;
    }
  }
}
const mb = total / 1e6;
console.log(`== scanner: ${files.length} text files, ${mb.toFixed(1)} MB of ${tree}${QUICK ? " (quick)" : ""}`);

function time(name, run) {
  run(); // warm up (and JIT) once
  const rounds = QUICK ? 1 : 3;
  let best = Infinity;
  let found = 0;
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    found = run();
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
  }
  const speed = mb / best;
  console.log(`${name.padEnd(28)} ${speed.toFixed(1).padStart(8)} MB/s  (${best.toFixed(3)} s, ${found} findings)`);
  return speed;
}

const ours = time("utf8lens scan (code)", () => {
  let n = 0;
  for (const file of files) n += scan(file.bytes, { preset: "code" }).findings.length;
  return n;
});
const decoder = new TextDecoder();
const theirs = time("anti-trojan-source", () => {
  let n = 0;
  for (const file of files) n += hasConfusables({ sourceText: decoder.decode(file.bytes), detailed: true }).length;
  return n;
});
console.log(`ratio utf8lens scan / anti-trojan-source: ${(ours / theirs).toFixed(1)}x (goal: utf8lens >= 200 MB/s: ${ours >= 200 ? "met" : "not met"})`);

// End to end, the two commands on the same directory (anti-trojan-source takes a glob of files).
if (!QUICK && process.env.BENCH_SCAN_CLI !== "0") {
  const cli = (name, args) => {
    const start = process.hrtime.bigint();
    const run = spawnSync(process.execPath, args, { cwd: tree, encoding: "utf8", maxBuffer: 1 << 30 });
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    console.log(`${name.padEnd(28)} ${seconds.toFixed(2).padStart(8)} s wall for the whole tree (exit ${run.status})`);
  };
  const dirs = [...new Set(files.map((f) => relative(tree, f.path).split("/")[0]))];
  console.log(`== the commands on the ${dirs.length} top-level entries of the tree those files are in (all their files)`);
  cli("utf8lens scan --json", [join(ROOT, "target/npm/pkg/bin/utf8lens.js"), "scan", "--json", ...dirs]);
  cli("anti-trojan-source --json", [join(ROOT, "tests/npm/node_modules/anti-trojan-source/bin/anti-trojan-source.js"), "--json", `--files={${dirs.join(",")},_}/**/*`]);
}
