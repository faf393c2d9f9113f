// The package's TypeScript declarations, checked the way a TypeScript user meets them: tsc --strict
// compiles types/consumer.ts and types/text-consumer.ts (the utf8lens/text module) against the
// installed package (resolved through package.json's "types" conditions), with only the ES2022 library (plus esnext.disposable, which
// wasm-bindgen's [Symbol.dispose]() needs). The compiler is a dev dependency of tests/npm.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { ROOT } from "./support.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const tsc = join(ROOT, "tests/npm/node_modules/typescript/bin/tsc");

test("the declarations type-check a consumer with tsc --strict (and reject misuse)", (t) => {
  if (!existsSync(tsc)) {
    const message = `TypeScript not installed at ${tsc} (npm ci in tests/npm)`;
    if (process.env.CI === "true") assert.fail(message);
    process.stderr.write(`note: ${message}; skipping\n`);
    t.skip(message);
    return;
  }
  const config = join(here, "tsconfig.consumer.json");
  writeFileSync(config, JSON.stringify({
    compilerOptions: {
      strict: true, noEmit: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022",
      lib: ["es2022", "esnext.disposable"], types: [], noUnusedLocals: false, skipLibCheck: false,
    },
    files: [join(here, "types/consumer.ts"), join(here, "types/text-consumer.ts")],
  }));
  const run = spawnSync(process.execPath, [tsc, "--project", config], { cwd: here, encoding: "utf8" });
  assert.equal(run.status, 0, `tsc failed:\n${run.stdout}${run.stderr}`);
});
