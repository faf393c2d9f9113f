// Every ```js example of the installed package's README runs against the installed package.
// A line `expr; // → value` asserts that expr gives value (objects: the keys shown; arrays and
// typed arrays: exactly), a line `expr; // throws TypeError` that it throws that error; every such
// line must run (an example whose catch block never runs fails).
import assert from "node:assert/strict";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const readmePath = join(dirname(fileURLToPath(import.meta.resolve("utf8lens/package.json"))), "README.md");
const readme = readFileSync(readmePath, "utf8");
const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => ({
  code: m[1],
  line: readme.slice(0, m.index).split("\n").length + 1,
}));

/** Whether `actual` has everything `expected` shows. */
function matches(actual, expected) {
  if (ArrayBuffer.isView(expected) || expected === null || typeof expected !== "object") {
    try {
      assert.deepStrictEqual(actual, expected);
      return true;
    } catch {
      return false;
    }
  }
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => matches(actual[i], e));
  }
  return actual !== null && typeof actual === "object" && Object.keys(expected).every((k) => matches(actual[k], expected[k]));
}

globalThis.__readme = {
  checked: 0,
  expect(run, expected, where) {
    const actual = run();
    this.checked++;
    assert.ok(matches(actual, expected), `${where}: got ${inspectValue(actual)}, README says ${inspectValue(expected)}`);
  },
  throws(run, errorClass, where) {
    this.checked++;
    assert.throws(run, (error) => error instanceof errorClass, `${where}: should throw ${errorClass.name}`);
  },
};

function inspectValue(value) {
  return typeof value === "string" ? JSON.stringify(value) : JSON.stringify(value, (_, v) => (ArrayBuffer.isView(v) ? [...v] : v));
}

/** The block as a module whose `// →` and `// throws` lines are assertions, and how many. */
function instrument(code, firstLine) {
  let count = 0;
  const lines = code.split("\n").map((text, i) => {
    const where = JSON.stringify(`README.md line ${firstLine + i}`);
    let m = text.match(/^(\s*)(.+?);\s*\/\/ → (.+)$/);
    if (m) {
      count++;
      return `${m[1]}__readme.expect(() => (${m[2]}), (${m[3]}), ${where});`;
    }
    m = text.match(/^(\s*)(.+?);\s*\/\/ throws (\w+)$/);
    if (m) {
      count++;
      return `${m[1]}__readme.throws(() => { ${m[2]}; }, ${m[3]}, ${where});`;
    }
    return text;
  });
  return { module: lines.join("\n"), count };
}

const written = [];
after(() => written.forEach((file) => rmSync(file, { force: true })));

test("the README has examples", () => {
  assert.ok(blocks.length >= 10, `found ${blocks.length} js blocks`);
});

for (const [index, { code, line }] of blocks.entries()) {
  const title = code.split("\n").find((l) => l && !l.startsWith("import")) ?? "";
  test(`README example at line ${line}: ${title.slice(0, 60)}`, async () => {
    const { module, count } = instrument(code, line);
    // Beside this file, so that `from "utf8lens"` resolves to the installed package.
    const file = join(dirname(fileURLToPath(import.meta.url)), `readme-example-${index}.mjs`);
    writeFileSync(file, module);
    written.push(file);
    const before = globalThis.__readme.checked;
    await import(pathToFileURL(file).href);
    assert.equal(globalThis.__readme.checked - before, count, "every asserted line ran");
  });
}
