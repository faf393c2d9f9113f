// The package's TypeScript declarations, checked the way a TypeScript user meets them: tsc --strict
// compiles types/consumer.ts, types/text-consumer.ts (the utf8lens/text module), types/detect-consumer.ts
// (the utf8lens/detect module) and the others of types/ against the installed package (resolved
// through package.json's "types" conditions), with only the ES2022 library (plus esnext.disposable,
// which wasm-bindgen's [Symbol.dispose]() needs). The compiler is a dev dependency of tests/npm.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
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
    files: [join(here, "types/consumer.ts"), join(here, "types/text-consumer.ts"), join(here, "types/detect-consumer.ts"), join(here, "types/encoding-consumer.ts"), join(here, "types/entries-consumer.ts")],
  }));
  const run = spawnSync(process.execPath, [tsc, "--project", config], { cwd: here, encoding: "utf8" });
  assert.equal(run.status, 0, `tsc failed:\n${run.stdout}${run.stderr}`);
});

// The README's examples, as a TypeScript user would paste them: each ```js block of the installed
// package's README becomes a .ts file, type-checked with tsc --strict against the package's
// declarations, the DOM library and Node's types (@types/node, a dev dependency of tests/npm). Two
// allowances for examples that are JavaScript: a catch variable is `any` (as in JavaScript; strict
// mode would make it `unknown`), and a line marked `// throws` is exempt (most of those misuse an API
// on purpose, which is what the types are there to reject).
const readmeFiles = [];
after(() => readmeFiles.forEach((file) => rmSync(file, { force: true })));

test("the README's examples type-check with tsc --strict", (t) => {
  if (!existsSync(tsc)) {
    const message = `TypeScript not installed at ${tsc} (npm ci in tests/npm)`;
    if (process.env.CI === "true") assert.fail(message);
    t.skip(message);
    return;
  }
  const readmePath = join(dirname(fileURLToPath(import.meta.resolve("utf8lens/package.json"))), "README.md");
  const readme = readFileSync(readmePath, "utf8");
  const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.ok(blocks.length >= 10, `found ${blocks.length} js blocks`);
  for (const [i, code] of blocks.entries()) {
    const file = join(here, "types", `readme-example-${i}.ts`);
    const lines = code.split("\n").map((line) => (/\/\/ throws \w+$/.test(line) ? `// @ts-ignore (throws)\n${line}` : line));
    // Each block is a module of its own (its imports and names do not meet another block's).
    writeFileSync(file, `${lines.join("\n")}\nexport {};\n`);
    readmeFiles.push(file);
  }
  const config = join(here, "tsconfig.readme.json");
  readmeFiles.push(config);
  writeFileSync(config, JSON.stringify({
    compilerOptions: {
      strict: true, useUnknownInCatchVariables: false, noEmit: true, module: "nodenext", moduleResolution: "nodenext",
      target: "es2022", lib: ["es2022", "dom", "dom.iterable", "dom.asynciterable", "esnext.disposable"],
      types: ["node"], typeRoots: [join(ROOT, "tests/npm/node_modules/@types")], skipLibCheck: true,
    },
    files: readmeFiles.filter((f) => f.endsWith(".ts")),
  }));
  const run = spawnSync(process.execPath, [tsc, "--project", config], { cwd: here, encoding: "utf8" });
  assert.equal(run.status, 0, `tsc failed on the README's examples:\n${run.stdout}${run.stderr}`);
});
