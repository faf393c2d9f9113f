// The browser consumer test: the packed tarball, unpacked, is served on 127.0.0.1 with the plain
// page browser/index.html (an import map, no bundler), which headless Chromium opens; the page runs
// browser/checks.js and reports into its DOM and title, and each of its checks becomes a subtest
// here. Chromium is the system's (/usr/bin/chromium, or $CHROMIUM), driven by the playwright-core
// that scripts/setup.sh installs in scripts/e2e; nothing is downloaded.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, extname, join, resolve, sep } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { CONFORMANCE, ROOT, chromiumFlags } from "./support.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const CONTENT_TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".wasm": "application/wasm", ".json": "application/json", ".ts": "text/plain" };

function tarball() {
  if (process.env.UTF8LENS_TARBALL) return process.env.UTF8LENS_TARBALL;
  const dir = join(ROOT, "target/npm");
  const found = existsSync(dir) ? readdirSync(dir).filter((f) => /^utf8lens-.*\.tgz$/.test(f)) : [];
  assert.equal(found.length, 1, `one tarball in ${dir} (run scripts/build-npm.sh)`);
  return join(dir, found[0]);
}

/** Serves URL prefixes from directories, loopback only, on a port the OS picks. */
async function serve(mounts) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
    const [prefix, root] = Object.entries(mounts).find(([p]) => path.startsWith(p)) ?? [];
    const file = root && resolve(root, `.${path.slice(prefix.length - 1)}`);
    if (!file || (file !== root && !file.startsWith(root + sep))) return response.writeHead(404).end();
    try {
      const body = await readFile(file.endsWith(sep) ? join(file, "index.html") : file);
      response.writeHead(200, { "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((ok, fail) => server.once("error", fail).listen(0, "127.0.0.1", ok));
  return server;
}

test("the package in headless Chromium, from a plain page with no bundler", async (t) => {
  const e2e = join(ROOT, "scripts/e2e/package.json");
  let chromium;
  try {
    ({ chromium } = createRequire(e2e)("playwright-core"));
  } catch (error) {
    assert.fail(`playwright-core is missing in scripts/e2e (bash scripts/setup.sh installs it): ${error.message}`);
  }
  assert.ok(existsSync(chromiumPath), `Chromium at ${chromiumPath}`);

  const unpacked = mkdtempSync(join(tmpdir(), "utf8lens-browser-"));
  t.after(() => rmSync(unpacked, { recursive: true, force: true }));
  execFileSync("tar", ["-xzf", tarball(), "-C", unpacked]);
  const packageDir = join(unpacked, "package");
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
  // The import map in index.html points at the entry the package declares for browsers.
  assert.equal(manifest.exports["."].browser, "./browser.js");
  assert.equal(manifest.exports["./text"].browser, "./text/browser.js");
  assert.equal(manifest.exports["./detect"].browser, "./detect/browser.js");
  const html = readFileSync(join(here, "browser/index.html"), "utf8");
  assert.match(html, /"utf8lens": "\/node_modules\/utf8lens\/browser\.js"/);
  assert.match(html, /"utf8lens\/text": "\/node_modules\/utf8lens\/text\/browser\.js"/);
  assert.match(html, /"utf8lens\/detect": "\/node_modules\/utf8lens\/detect\/browser\.js"/);

  const vectors = join(CONFORMANCE, "wpt-utf8-vectors");
  let query = "";
  if (!existsSync(vectors)) {
    if (process.env.CI === "true") assert.fail(`conformance data missing: ${vectors} (CI=true)`);
    process.stderr.write(`note: conformance data missing: ${vectors}; the page skips the vectors\n`);
    query = "?novectors";
  }
  const server = await serve({ "/node_modules/utf8lens/": packageDir, "/vectors/": vectors, "/": join(here, "browser") });
  t.after(() => server.close());

  const profile = mkdtempSync(join(tmpdir(), "utf8lens-chromium-"));
  t.after(() => rmSync(profile, { recursive: true, force: true }));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags, // tools/versions.env
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const problems = [];
    const fetched = [];
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => message.type() === "error" && problems.push(`console error: ${message.text()}`));
    page.on("response", (response) => {
      fetched.push([new URL(response.url()).pathname, response.status(), response.headers()["content-type"]]);
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    await page.goto(`http://127.0.0.1:${server.address().port}/index.html${query}`);
    await page.waitForFunction(() => document.title.startsWith("done"), null, { timeout: 60_000 });
    const title = await page.title();
    const checks = await page.$$eval("#results li", (items) => items.map((li) => ({ name: li.dataset.name, ok: li.dataset.ok === "true", text: li.textContent })));
    process.stdout.write(`# browser page title "${title}" in Chromium ${context.browser()?.version() ?? ""}\n`);

    await t.test("the page loaded without errors, and the wasm came from the package", () => {
      assert.deepEqual(problems, []);
      assert.ok(
        fetched.some(([path, status, type]) => path === "/node_modules/utf8lens/wasm/utf8lens_bg.wasm" && status === 200 && type === "application/wasm"),
        `fetched: ${JSON.stringify(fetched)}`,
      );
    });
    await t.test("the page ran its checks", () => {
      assert.ok(checks.length >= 15, `${checks.length} checks`);
      assert.match(title, /^done: \d+ ok, 0 failing$/);
    });
    for (const check of checks) {
      await t.test(`in Chromium: ${check.name}`, () => assert.ok(check.ok, check.text));
    }
  } finally {
    await context.close();
  }
});
