// dompurifyHook with DOMPurify (from npm, tests/npm's dev dependency) in headless Chromium: the page
// loads the packed package's utf8lens/text module and DOMPurify's ES module from a plain import map;
// DOMPurify sanitises markup with the hooks installed, and the text nodes and attribute values it keeps
// come out clean while DOMPurify still removes what runs scripts. The installed README's ```js browser
// blocks (the composition it shows) run in the page too, their `// →` lines asserted.
//
// Chromium is the system's (/usr/bin/chromium, or $CHROMIUM), driven by the playwright-core that
// scripts/setup.sh installs in scripts/e2e; nothing is downloaded.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { extname, join, resolve, sep } from "node:path";
import { test } from "node:test";

import { ROOT, chromiumFlags } from "./support.mjs";

const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const DOMPURIFY = join(ROOT, "tests/npm/node_modules/dompurify/dist/purify.es.mjs");
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8", ".wasm": "application/wasm" };

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>loading</title>
<script type="importmap">{ "imports": { "utf8lens/text": "/node_modules/utf8lens/text/browser.js", "dompurify": "/dompurify.mjs" } }</script>
<script type="module">
  import DOMPurify from "dompurify";
  import * as utf8lensText from "utf8lens/text";
  window.DOMPurify = DOMPurify;
  window.utf8lensText = utf8lensText;
  document.title = "ready";
</script>
</head>
<body></body>
</html>`;

function tarball() {
  if (process.env.UTF8LENS_TARBALL) return process.env.UTF8LENS_TARBALL;
  const dir = join(ROOT, "target/npm");
  const found = existsSync(dir) ? readdirSync(dir).filter((f) => /^utf8lens-.*\.tgz$/.test(f)) : [];
  assert.equal(found.length, 1, `one tarball in ${dir} (run scripts/build-npm.sh)`);
  return join(dir, found[0]);
}

async function serve(packageDir) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
    if (path === "/" || path === "/page.html") return response.writeHead(200, { "content-type": TYPES[".html"] }).end(PAGE);
    if (path === "/dompurify.mjs") return response.writeHead(200, { "content-type": TYPES[".mjs"] }).end(await readFile(DOMPURIFY));
    const prefix = "/node_modules/utf8lens/";
    const file = path.startsWith(prefix) && resolve(packageDir, `.${path.slice(prefix.length - 1)}`);
    if (!file || !file.startsWith(packageDir + sep)) return response.writeHead(404).end();
    try {
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(await readFile(file));
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((ok, fail) => server.once("error", fail).listen(0, "127.0.0.1", ok));
  return server;
}

/** The README's ```js browser blocks as modules: imports kept, `expr; // → value` lines asserted. */
function readmeBlocks(packageDir) {
  const readme = readFileSync(join(packageDir, "README.md"), "utf8");
  return [...readme.matchAll(/```js browser\n([\s\S]*?)```/g)].map((m) =>
    m[1]
      .split("\n")
      .map((line) => {
        const arrow = line.match(/^(\s*)(.+?);\s*\/\/ → (.+)$/);
        return arrow ? `${arrow[1]}window.__readme.push([${JSON.stringify(arrow[2])}, (${arrow[2]}), (${arrow[3]})]);` : line;
      })
      .join("\n"),
  );
}

test("dompurifyHook with DOMPurify in headless Chromium", async (t) => {
  assert.ok(existsSync(DOMPURIFY), `DOMPurify at ${DOMPURIFY} (npm ci in tests/npm)`);
  let chromium;
  try {
    ({ chromium } = createRequire(join(ROOT, "scripts/e2e/package.json"))("playwright-core"));
  } catch (error) {
    assert.fail(`playwright-core is missing in scripts/e2e (bash scripts/setup.sh installs it): ${error.message}`);
  }
  assert.ok(existsSync(chromiumPath), `Chromium at ${chromiumPath}`);

  const unpacked = mkdtempSync(join(tmpdir(), "utf8lens-dompurify-"));
  t.after(() => rmSync(unpacked, { recursive: true, force: true }));
  execFileSync("tar", ["-xzf", tarball(), "-C", unpacked]);
  const packageDir = join(unpacked, "package");
  const server = await serve(packageDir);
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });
  const profile = mkdtempSync(join(tmpdir(), "utf8lens-chromium-"));
  t.after(() => rmSync(profile, { recursive: true, force: true }));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, headless: true, args: chromiumFlags });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  const load = async () => {
    await page.goto(`http://127.0.0.1:${server.address().port}/page.html`);
    await page.waitForFunction(() => document.title === "ready", null, { timeout: 60_000 });
  };
  try {
    await load();

    await t.test("text nodes and attribute values are cleaned in DOMPurify's pass", async () => {
      const result = await page.evaluate(() => {
        const { Sanitizer, dompurifyHook, sanitize } = window.utf8lensText;
        const purify = window.DOMPurify(window); // an instance of its own
        const hooks = dompurifyHook(new Sanitizer("display"));
        if (hooks.install(purify) !== purify) throw new Error("install returns the DOMPurify it was given");
        const dirty =
          '<p id="u" title="admin\u202Egpj.exe">pay\u200Bpal \u202Egpj.exe</p>' +
          '<img src="x" alt="cat\u{E0041}\u{E0042}" onerror="alert(1)">' +
          '<a href="https://exa\u200Bmple.com/" aria-label="De\u200Blete">go</a>' +
          "<script>alert('\u202E')</script><style>p::after { content: '\u200B'; }</style>" +
          "<p>👩\u200D💻 می\u200Cخواهم</p>";
        const clean = purify.sanitize(dirty);
        const changes = hooks.takeChanges().map((c) => `${c.where}:${c.kind}`);
        const alone = sanitize('<img src=x onerror=alert(1)>').text;
        // Without the hooks DOMPurify leaves the invisible characters.
        const plain = window.DOMPurify(window).sanitize('<p title="pay\u200Bpal">a\u202Eb</p>');
        return { clean, changes, alone, plain, again: hooks.takeChanges().length };
      });
      assert.equal(
        result.clean,
        '<p id="u" title="admingpj.exe">paypal gpj.exe</p><img src="x" alt="cat">' +
          '<a href="https://example.com/" aria-label="Delete">go</a>' +
          "<style>p::after { content: '\u200B'; }</style><p>👩\u200D💻 می\u200Cخواهم</p>",
      );
      assert.deepEqual(result.changes.sort(), [
        "#text:bidi-control",
        "#text:invisible",
        "alt:hidden-text",
        "alt:tag",
        "aria-label:invisible",
        "href:invisible",
        "title:bidi-control",
      ]);
      assert.equal(result.alone, "<img src=x onerror=alert(1)>", "the sanitiser alone is no XSS filter");
      assert.equal(result.plain, '<p title="pay\u200Bpal">a\u202Eb</p>');
      assert.equal(result.again, 0);
    });

    await t.test("the README's DOMPurify example runs as shown", async () => {
      const blocks = readmeBlocks(packageDir);
      assert.ok(blocks.length >= 1, "the README has a ```js browser block");
      await load(); // a fresh DOMPurify singleton
      const checks = await page.evaluate(async (codes) => {
        window.__readme = [];
        for (const code of codes) {
          const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
          await import(url);
        }
        return window.__readme;
      }, blocks);
      assert.ok(checks.length >= 2, `${checks.length} checked lines`);
      for (const [expression, actual, expected] of checks) assert.deepEqual(actual, expected, expression);
    });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
