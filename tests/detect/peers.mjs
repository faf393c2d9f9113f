// The npm peers of utf8lens::detect, driven by tests/detect/bench.py, and the npm package's own
// detect (utf8lens/detect, from target/npm/pkg when scripts/build-npm.sh has built it).
//
//   node tests/detect/peers.mjs guess FILE...       a header "#<TAB>name<TAB>...", then per file: FILE<TAB>guess...
//   node tests/detect/peers.mjs speed RUNS FILE...  the same header, then per file: FILE<TAB>MB/s...
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const chardet = require("chardet");
const jschardet = require("jschardet");

const peers = {
  "chardet (npm)": (bytes) => chardet.detect(bytes) ?? "",
  "jschardet (npm)": (bytes) => jschardet.detect(bytes).encoding ?? "",
};
const pkg = new URL("../../target/npm/pkg/detect/node.js", import.meta.url);
if (existsSync(pkg)) {
  const { detect } = await import(pathToFileURL(pkg.pathname).href);
  // The whole detection, the candidates and their reasons made into JS objects included.
  peers["utf8lens (npm)"] = (bytes) => detect(bytes)[0].charset;
}
console.log(["#", ...Object.keys(peers)].join("\t"));

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
