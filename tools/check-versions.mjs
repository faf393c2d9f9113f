// Checks that the pins which must stay literal in other files agree with tools/versions.env:
//
//   node tools/check-versions.mjs      # scripts/setup.sh runs it before installing anything
//
// Cargo, Trunk, npm and wasm-bindgen-test-runner each read their own file, so the versions are
// repeated there; this makes a disagreement a clear error instead of a confusing build failure
// (wasm-bindgen in particular: the CLI must equal the crate exactly). Prints one line per pin and
// exits 1 if any disagrees.
import { readFileSync } from "node:fs";
import { chromiumFlags, versions } from "./versions.mjs";

const read = (path) => readFileSync(new URL(`../${path}`, import.meta.url), "utf8");
const json = (path) => JSON.parse(read(path));
/** The first group of `pattern` in the file, or a note that the file does not have it. */
const find = (path, pattern) => read(path).match(pattern)?.[1] ?? `(no match for ${pattern} in ${path})`;

const binaryenMajor = versions.BINARYEN_VERSION.split(".")[0];
const checks = [
  ["WASM_BINDGEN_VERSION", "Cargo.toml", versions.WASM_BINDGEN_VERSION, find("Cargo.toml", /^wasm-bindgen = "=([^"]+)"/m)],
  ["WASM_BINDGEN_VERSION", "tests/bench-wasm/Cargo.toml", versions.WASM_BINDGEN_VERSION, find("tests/bench-wasm/Cargo.toml", /^wasm-bindgen = "=([^"]+)"/m)],
  ["WASM_BINDGEN_VERSION", "Trunk.toml", versions.WASM_BINDGEN_VERSION, find("Trunk.toml", /^wasm_bindgen = "([^"]+)"/m)],
  ["WASM_BINDGEN_TEST_VERSION", "Cargo.toml", versions.WASM_BINDGEN_TEST_VERSION, find("Cargo.toml", /^wasm-bindgen-test = "=([^"]+)"/m)],
  ["TRUNK_VERSION", "Trunk.toml", `^${versions.TRUNK_VERSION}`, find("Trunk.toml", /^trunk-version = "([^"]+)"/m)],
  ["BINARYEN_VERSION", "tools/package.json", versions.BINARYEN_VERSION, json("tools/package.json").dependencies?.binaryen],
  ["BINARYEN_VERSION", "tools/package-lock.json", versions.BINARYEN_VERSION, json("tools/package-lock.json").packages?.["node_modules/binaryen"]?.version],
  // binaryen's npm package N.0.0 is wasm-opt "version_N".
  ["BINARYEN_VERSION", "Trunk.toml", `version_${binaryenMajor}`, find("Trunk.toml", /^wasm_opt = "([^"]+)"/m)],
  ["CHROMIUM_FLAGS", "webdriver.json", chromiumFlags.join(" "), json("webdriver.json")["goog:chromeOptions"]?.args?.join(" ")],
];

let wrong = 0;
for (const [name, file, expected, found] of checks) {
  if (found === expected) {
    console.log(`check-versions: ${name} ${expected}: ${file} agrees`);
  } else {
    console.error(`check-versions: ERROR: ${file} has ${JSON.stringify(found)}, but tools/versions.env's ${name} means ${JSON.stringify(expected)}`);
    wrong++;
  }
}
process.exit(wrong === 0 ? 0 : 1);
