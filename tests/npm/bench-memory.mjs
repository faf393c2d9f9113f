// What `repair` holds in WebAssembly memory, in the npm package's own `utf8lens/text` module:
//
//   bash scripts/build-npm.sh && python3 tests/mojibake/faker_names.py && node tests/npm/bench-memory.mjs
//   BENCH_QUICK=1 node tests/npm/bench-memory.mjs      # the first 5,000 strings of each set only
//
// The letter model keeps a memo of word costs (three tables of 4,096 slots, codec/src/detect/words.rs),
// and a module's linear memory only grows: what it reaches after many texts is what a page or a
// server holds for as long as it keeps the module. This instantiates the package's module (the
// same bytes every browser loads) and repairs every string of the sets that scripts/bench.sh step 6
// writes (Faker's strings, the real legacy sentences and the frequent words, clean and damaged),
// then, in a full run, the long lipsum texts, printing the memory after initialisation and as the
// texts go by. Nothing is asserted: it is a figure to record in
// docs/BENCHMARKS.md.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, "../..");
const QUICK = process.env.BENCH_QUICK === "1";
const wasmDir = join(ROOT, "target/npm/pkg/text/wasm");
const glue = await import(pathToFileURL(join(wasmDir, "utf8lens_text.js")).href);
const exports = glue.initSync({ module: readFileSync(join(wasmDir, "utf8lens_text_bg.wasm")) });

const mib = () => (exports.memory.buffer.byteLength / 1048576).toFixed(2);
console.log(`memory of utf8lens/text after initialisation: ${mib()} MiB`);

const sets = ["faker-names.jsonl", "real-legacy.jsonl", "frequent-words.jsonl"];
let done = 0;
for (const name of sets) {
  const file = join(ROOT, "target/mojibake", name);
  if (!existsSync(file)) {
    // In CI the steps before have written it: a set missing there is a failure.
    if (process.env.CI === "true") throw new Error(`${file} is missing`);
    console.log(`${name}: not there (scripts/bench.sh step 6 writes it), skipped`);
    continue;
  }
  const texts = readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line).input);
  const chosen = QUICK ? texts.slice(0, 5000) : texts;
  let longest = 0;
  for (const text of chosen) {
    glue.repair(text);
    longest = Math.max(longest, text.length);
  }
  done += chosen.length;
  console.log(
    `after ${name} (${chosen.length} texts, the longest ${longest} UTF-16 units): ${mib()} MiB; ${done} texts in all`,
  );
}

// Then long texts, in a full run: each lipsum text whole, clean and as its UTF-8 shown in
// windows-1252 (as `mojibake_eval --long` repairs them), which the search holds whole.
if (!QUICK) {
  const lipsum = join(ROOT, "../shared/conformance/unicode-lipsum/lipsum");
  const languages = ["Arabic", "Chinese", "Emoji", "Hebrew", "Hindi", "Japanese", "Korean", "Latin", "Russian"];
  for (const language of languages) {
    const text = readFileSync(join(lipsum, `${language}-Lipsum.utf8.txt`), "utf8");
    glue.repair(text);
    glue.repair(glue.garble(text, "windows-1252").text);
    console.log(`after ${language} lipsum (${text.length} UTF-16 units), clean and garbled: ${mib()} MiB`);
  }
}
