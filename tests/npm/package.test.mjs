// What the published package ships beside its code (issue 14 §7.7): both licence texts, the
// sanitiser document the README links to, a repository in npm's object form, and no declaration file
// that no export reaches.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const packageDir = dirname(fileURLToPath(import.meta.resolve("utf8lens/package.json")));
const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [relative(packageDir, join(dir, entry.name))],
  );
}

test("the licence texts ship, and the README names them", () => {
  assert.match(readFileSync(join(packageDir, "LICENSE-MIT"), "utf8"), /Permission is hereby granted, free of charge/);
  assert.match(readFileSync(join(packageDir, "LICENSE-APACHE"), "utf8"), /Apache License\s+Version 2\.0/);
  assert.equal(manifest.license, "MIT OR Apache-2.0");
  assert.match(readFileSync(join(packageDir, "README.md"), "utf8"), /`LICENSE-MIT` and `LICENSE-APACHE`/);
});

test("every relative link of the README reaches a file of the package", () => {
  const readme = readFileSync(join(packageDir, "README.md"), "utf8");
  const links = [...readme.matchAll(/\]\(([^)#]+)\)/g)].map((m) => m[1]).filter((href) => !/^[a-z]+:/.test(href));
  assert.ok(links.includes("SANITIZE.md"), "the README links the sanitiser document");
  for (const href of links) assert.ok(existsSync(join(packageDir, href)), `${href} ships`);
});

test("no placeholder repository, homepage or bugs URL", () => {
  // The project has no public repository yet: the package names none until Cargo.toml does
  // (scripts/build-npm.sh), and then in npm's object form.
  for (const key of ["repository", "homepage", "bugs"]) {
    if (manifest[key] === undefined) continue;
    assert.doesNotMatch(JSON.stringify(manifest[key]), /example\.|invalid|set-by-build/, `${key} is a placeholder`);
  }
  if (manifest.repository) assert.match(manifest.repository.url, /^git\+https:\/\/.+\.git$/);
});

test("every declaration file is one an export's types condition names", () => {
  // Every "types" of the exports map, nested conditions (require's .d.cts) included.
  const types = (entry) =>
    entry && typeof entry === "object" ? Object.entries(entry).flatMap(([key, value]) => (key === "types" ? [value] : types(value))) : [];
  const reachable = new Set([manifest.types, ...types(manifest.exports)].map((p) => relative(packageDir, join(packageDir, p))));
  const declarations = files(packageDir).filter((f) => /\.d\.c?ts$/.test(f));
  assert.deepEqual(declarations.sort(), [...reachable].sort());
});
