// The npm peers of utf8lens::detect, driven by tests/detect/bench.py.
//
//   node tests/detect/peers.mjs guess FILE...       one line per file: FILE<TAB>chardet<TAB>jschardet
//   node tests/detect/peers.mjs speed RUNS FILE...  one line per file: FILE<TAB>chardet MB/s<TAB>jschardet MB/s
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const chardet = require("chardet");
const jschardet = require("jschardet");

const peers = {
  chardet: (bytes) => chardet.detect(bytes) ?? "",
  jschardet: (bytes) => jschardet.detect(bytes).encoding ?? "",
};

const [mode, ...rest] = process.argv.slice(2);
if (mode === "guess") {
  for (const file of rest) {
    const bytes = readFileSync(file);
    const guesses = Object.values(peers).map((detect) => {
      try {
        return detect(bytes);
      } catch (e) {
        return `error:${e.message}`;
      }
    });
    console.log([file, ...guesses].join("\t"));
  }
} else if (mode === "speed") {
  const [runs, ...files] = rest;
  for (const file of files) {
    const bytes = readFileSync(file);
    const rates = Object.values(peers).map((detect) => {
      detect(bytes); // warm-up
      const start = process.hrtime.bigint();
      for (let i = 0; i < Number(runs); i++) detect(bytes);
      const seconds = Number(process.hrtime.bigint() - start) / 1e9 / Number(runs);
      return (bytes.length / seconds / 1e6).toFixed(1);
    });
    console.log([file, ...rates].join("\t"));
  }
} else {
  console.error("usage: peers.mjs guess FILE... | speed RUNS FILE...");
  process.exit(2);
}
